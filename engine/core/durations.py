"""How long an effect is in force, in the words of the rule texts: one vocabulary for every rule set.

The state keeps an effect's raw `start` and `end` phase numbers (inclusive; `end=None`: to the end of
the game), so saved games load as before; a `Duration` turns the phase an effect is created in into
that pair. Phases: odd = night, even = day (engine/core/state.py), so "the next night" from a night is
two phases on and from a day one.

    play.effect("coffee", target=t, during=NEXT_NIGHT)
    state.add_effect("exile", target=t, during=n_phases(3, starting=NEXT_PHASE))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Span = tuple[int, int | None]


@dataclass(frozen=True)
class Duration:
    name: str
    _span: Callable[[int], Span]

    def span(self, phase: int) -> Span:
        """(start, end) of an effect created in `phase`."""
        return self._span(phase)

    def first(self, phase: int) -> int:
        """The first phase in force, for an effect created in `phase`."""
        return self._span(phase)[0]


def _is_night(phase: int) -> bool:
    return phase % 2 == 1


def _next_night(phase: int) -> int:
    return phase + 2 if _is_night(phase) else phase + 1


def _next_day(phase: int) -> int:
    return phase + 1 if _is_night(phase) else phase + 2


def _tonight(phase: int) -> int:
    """The last phase of "this night": the current one at night, the coming one by day."""
    return phase if _is_night(phase) else phase + 1


THIS_PHASE = Duration("this_phase", lambda p: (p, p))
NEXT_PHASE = Duration("next_phase", lambda p: (p + 1, p + 1))
NEXT_NIGHT = Duration("next_night", lambda p: (_next_night(p), _next_night(p)))  # "следующей ночью"
NEXT_DAY = Duration("next_day", lambda p: (_next_day(p), _next_day(p)))  # "следующим днём", "на следующем голосовании"
TONIGHT = Duration("tonight", lambda p: (p, _tonight(p)))  # from now to the end of this night ("в эту ночь")
UNTIL_END = Duration("until_end", lambda p: (p, None))  # "до конца игры"
UNTIL_USED = Duration("until_used", lambda p: (p, None))  # in force until its own rule removes it
FROM_NEXT_PHASE = Duration("from_next_phase", lambda p: (p + 1, None))  # from the next phase to the end of the game


def n_phases(k: int, *, starting: Duration = THIS_PHASE) -> Duration:
    """`k` phases in a row, the first being `starting`'s first phase ("в эту и следующие две фазы":
    n_phases(3); "следующие 2 фазы": n_phases(2, starting=NEXT_PHASE))."""
    if k < 1:
        raise ValueError(f"an effect lasts at least one phase, not {k}")
    return Duration(f"{k}_phases_from_{starting.name}", lambda p: (starting.first(p), starting.first(p) + k - 1))


def onwards(starting: Duration) -> Duration:
    """From `starting`'s first phase to the end of the game ("начиная со следующей ночи")."""
    return Duration(f"from_{starting.name}", lambda p: (starting.first(p), None))


def between(first: int, last: int | None) -> Duration:
    """Fixed phases, for a rule that names them or computes them ("phases 1 and 2 of the game")."""
    return Duration(f"phases_{first}_to_{last}", lambda _p: (first, last))
