"""The orders a player submitted and had found valid, kept while the state changes only by submissions.

At the deadline every player's orders are checked again (engine/core/phase.py `revalidate`), for the game
may have changed since they were made. The state changes only through the public API (engine/core/api.py):
each of its functions that changes the state says so (`changed`) and every verdict kept is forgotten — save
`submit`, which changes only its own player's orders (and adds events). So a player's orders found valid
when submitted are valid still at the deadline if nothing but submissions came since — in a rule set where
a player's orders do not depend on another's (`Ruleset.orders_independent`).

The verdicts are kept in the state object, not in its fields (`GameState._checked`): nothing is saved,
and a state loaded or copied checks everything again. tests/engine/test_checked.py holds every function of
the API to be a change, a submission or a read, and every verdict kept to be what a check at the deadline
finds.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.state import GameState, Order


def changed(state: GameState) -> None:
    """The state changed (or may have): no orders found valid before are taken as valid any more."""
    verdicts = getattr(state, "_checked", None)
    if verdicts:
        verdicts.clear()


def found_valid(state: GameState, pid: int, orders: Sequence[Order]) -> None:
    """These orders of the player were found valid just now."""
    verdicts = getattr(state, "_checked", None)
    if verdicts is None:
        verdicts = {}
        object.__setattr__(state, "_checked", verdicts)  # a slot, not a field: pydantic's setattr refuses it
    verdicts[pid] = tuple(orders)


def still_valid(state: GameState, pid: int, orders: Sequence[Order]) -> bool:
    """Were exactly these orders (the same objects, in the same order) found valid with no change since?"""
    verdicts = getattr(state, "_checked", None)
    kept = verdicts.get(pid) if verdicts else None
    if kept is None or len(kept) != len(orders):
        return False
    return all(a is b for a, b in zip(kept, orders, strict=True))
