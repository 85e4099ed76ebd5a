"""Visits: who acted on whom in a phase, with what, and whether it worked — what trackers, watchers and
"связи" read («Мафия с личинами», «по скрытым правилам»).

The resolution writes one for every order with targets that a rule set keeping visits resolves (an
ability's: `AbilityCatalogue.resolved`; a card's play: `record` with via="card:<id>"). They live in
`GameState.visits` (typed, a JSON round trip) only for as many phases as the rules look back:
`forget_before` drops the rest at the end of a phase. A rule set that never records keeps none.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.state import GameState, Visit


def record(state: GameState, actor: int, targets: Sequence[int], via: str, *, worked: bool = True) -> Visit | None:
    """`actor` acted on `targets` this phase through `via` ("ability:<id>", "card:<id>"); nothing when
    there are no targets (acting on nobody visits nobody)."""
    if not targets:
        return None
    visit = Visit(phase=state.phase, actor=actor, targets=list(targets), via=via, worked=worked)
    state.visits.append(visit)
    return visit


def of_phase(state: GameState, phase: int | None = None) -> list[Visit]:
    """The visits of a phase (this one by default), in the order they were made."""
    at = state.phase if phase is None else phase
    return [v for v in state.visits if v.phase == at]


def visitors_of(state: GameState, target: int, phase: int | None = None, *, worked_only: bool = False) -> list[int]:
    """Who visited `target` in a phase (this one by default), each once, in the order of their visits."""
    found = [v.actor for v in of_phase(state, phase) if target in v.targets and (v.worked or not worked_only)]
    return list(dict.fromkeys(found))


def visited_by(state: GameState, actor: int, phase: int | None = None) -> list[int]:
    """Whom `actor` visited in a phase (this one by default), each once."""
    return list(dict.fromkeys(t for v in of_phase(state, phase) if v.actor == actor for t in v.targets))


def forget_before(state: GameState, phase: int) -> None:
    """Keep only the visits of `phase` and later (the rules look no further back)."""
    state.visits = [v for v in state.visits if v.phase >= phase]
