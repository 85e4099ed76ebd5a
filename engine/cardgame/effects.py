"""Effect kinds as registered objects: each kind of lasting effect a rule set creates is declared once,
with what it does every phase (its tick), whether the player it acts on knows of it, and — where the
rules give it a fixed one — its duration in the words of engine/core/durations.py.

The tick step reads the declarations instead of switching on kind names: kinds tick in the order they
were declared, each handler given the kind's effects active this phase, in the state's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from engine.core.durations import Duration
from engine.core.presence import may_hold
from engine.core.resolution import Resolution
from engine.core.state import Effect, GameState

Tick = Callable[[Resolution, list[Effect]], None]
# What a kind's active effects do as a phase begins, before any order (Супергерой's draw, Независимый
# доход's Пустышка, the Маньяк's bought draws): the state, not a resolution, since none is running.
Start = Callable[[GameState, list[Effect]], None]


@dataclass(frozen=True)
class EffectKind:
    kind: str
    tick: Tick | None = None  # what the kind's active effects do in each phase's tick step
    during: Duration | None = None  # the duration the rules give every effect of this kind, if one
    known: bool = False  # the character it acts on is told of it (a status on their own panel)
    caster_known: bool = False  # …and who cast it
    own: bool = False  # its caster knows of it when it acts on themselves (a status on their own panel)
    start: Start | None = None  # what its active effects do as each phase begins (Ruleset.begin_phase)
    public: bool = False  # a public status: everyone sees it beside the character on the public board
    # False: a right or an undertaking a card gives its player (what he may do, not what he is) — not a
    # «статус» that Мафик's Очищение removes
    status: bool = True


class KnownKinds(Mapping[str, bool]):
    """A live view of the declarations: the kinds a character knows of when they act on it, each mapped
    to whether the caster is known too."""

    def __init__(self, kinds: dict[str, EffectKind]) -> None:
        self._kinds = kinds

    def __getitem__(self, kind: str) -> bool:
        declared = self._kinds[kind]
        if not declared.known:
            raise KeyError(kind)
        return declared.caster_known

    def __iter__(self) -> Iterator[str]:
        return (k.kind for k in self._kinds.values() if k.known)

    def __len__(self) -> int:
        return sum(1 for k in self._kinds.values() if k.known)


class EffectKinds:
    """One rule set's effect kinds, by name, in declaration order (a kind declared twice is refused)."""

    def __init__(self) -> None:
        self._kinds: dict[str, EffectKind] = {}
        self.known = KnownKinds(self._kinds)
        # the kinds with a tick, and those with a phase-start handler, in declaration order (each phase walks
        # these, not every kind)
        self._ticking: list[tuple[str, Tick]] = []
        self._starting: list[tuple[str, Start]] = []

    def kind(self, kind: str, *, tick: Tick | None = None, during: Duration | None = None, known: bool = False,
             caster_known: bool = False, own: bool = False, start: Start | None = None) -> EffectKind:
        return self.add(EffectKind(kind, tick=tick, during=during, known=known, caster_known=caster_known, own=own,
                                   start=start))

    def add(self, declared: EffectKind) -> EffectKind:
        if declared.kind in self._kinds:
            raise ValueError(f"effect kind {declared.kind!r} declared twice")
        self._kinds[declared.kind] = declared
        if declared.tick is not None:
            self._ticking.append((declared.kind, declared.tick))
        if declared.start is not None:
            self._starting.append((declared.kind, declared.start))
        return declared

    def __iter__(self) -> Iterator[EffectKind]:
        return iter(self._kinds.values())

    def get(self, kind: str) -> EffectKind | None:
        return self._kinds.get(kind)

    def tick(self, res: Resolution) -> None:
        """Every declared tick, in declaration order, over that kind's effects active this phase."""
        state = res.state
        for kind, tick in self._ticking:
            if not may_hold(state, kind):  # (most kinds, most phases: a look at the pass's kinds, not the effects)
                continue
            active = state.effects_of(kind)
            if active:
                tick(res, active)

    def start(self, state: GameState) -> None:
        """Every declared phase-start handler, in declaration order, over that kind's effects active in the
        phase just begun (on the living: the effects on a dead character ended with it)."""
        for kind, start in self._starting:
            if not may_hold(state, kind):
                continue
            active = [e for e in state.effects_of(kind) if e.target is None or state.player(e.target).alive]
            if active:
                start(state, active)
