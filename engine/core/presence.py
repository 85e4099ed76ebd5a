"""Which of a rule set's declarations can matter in one game, for the length of one resolution.

Мафик declares 264 cards, each with its own steps, triggers, replacements, death rules and query
modifiers; a game holds some of them (a 16-player game about half, a small one a few dozen). Run anyway,
the hooks of a card no one has only look for plays and effects that cannot exist. So while a resolution
runs (`presence_pass`, opened by engine/core/resolution.py `Pipeline.run`), the rule set names the owners
that can matter (`Ruleset.presence`: for a card game, every card in any zone, ever played, named by an
order or an effect, or whose effects are in force — engine/cardgame/presence.py), and a hook declared by
an owner not named is skipped (`gated`; the pipeline and the queries look at `current` themselves).
Whatever brings an owner into the game during the pass names it at once: a card created
(`GameState.new_card`) or changed into another (`arrived`), an effect added (`GameState.add_effect`
names the owners that declared its kind).

Outside a pass nothing is skipped: a hook asked by a validation, a view or a test runs as it always did.
tests/engine/test_presence.py plays whole games with the skipping and without it, and finds them the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.state import GameState


class Presence:
    """The owners (card ids) that can matter in one game now, and the kinds of the effects it has held
    since the pass began; both only grow while a pass lasts."""

    __slots__ = ("_by_kind", "kinds", "owners")

    def __init__(self, owners: set[str], kinds: set[str], by_kind: Mapping[str, Iterable[str]]) -> None:
        self.owners = owners  # the sets are the pass's own from now on (taken, not copied)
        self.kinds = kinds
        self._by_kind = by_kind  # effect kind -> the owners that declared it

    def add(self, owner: str) -> None:
        self.owners.add(owner)

    def add_kind(self, kind: str) -> None:
        self.kinds.add(kind)
        self.owners.update(self._by_kind.get(kind, ()))


_passes: dict[int, Presence] = {}  # by the id of the state a pass runs over (alive while its pass lasts)


@contextmanager
def presence_pass(state: GameState, presence: Callable[[GameState], Presence | None]) -> Iterator[None]:
    """Skip the hooks of absent owners while this pass over `state` runs (`presence(state)` says who is
    present; None: skip nothing). A pass already open over the same state goes on."""
    key = id(state)
    if key in _passes:
        yield
        return
    found = presence(state)
    if found is None:
        yield
        return
    _passes[key] = found
    try:
        yield
    finally:
        del _passes[key]


def current(state: GameState) -> Presence | None:
    """The pass over `state` now open, if any."""
    return _passes.get(id(state)) if _passes else None


def may_hold(state: GameState, kind: str) -> bool:
    """False only inside a pass over `state` when no effect of `kind` has been in the state since the pass began
    (the pass's `kinds`: those held as it began and every kind `GameState.add_effect` added since — the rules
    otherwise only take effects out): then `state.effects_of(kind)` is empty, and need not be asked."""
    found = _passes.get(id(state)) if _passes else None
    return found is None or kind in found.kinds


def arrived(state: GameState, owner: str) -> None:
    """`owner` is in the game from now on (a card created, or a card changed into it)."""
    found = _passes.get(id(state)) if _passes else None
    if found is not None:
        found.add(owner)


def kind_added(state: GameState, kind: str) -> None:
    """An effect of `kind` is in force from now on: the owners that declared the kind are present."""
    found = _passes.get(id(state)) if _passes else None
    if found is not None:
        found.add_kind(kind)


def gated(owner: str, fn: Callable[..., Any], *, on_state: bool = False, skipped: Any = None) -> Callable[..., Any]:
    """`fn`, run only when `owner` may matter; else it returns `skipped`. Its first argument is the
    resolution (or, `on_state`, the state) it is called about."""

    if on_state:
        def run_on_state(state: GameState, *args: Any, **kwargs: Any) -> Any:
            found = _passes.get(id(state)) if _passes else None
            return fn(state, *args, **kwargs) if found is None or owner in found.owners else skipped

        return run_on_state

    def run(res: Any, *args: Any, **kwargs: Any) -> Any:
        found = _passes.get(id(res.state)) if _passes else None
        return fn(res, *args, **kwargs) if found is None or owner in found.owners else skipped

    return run
