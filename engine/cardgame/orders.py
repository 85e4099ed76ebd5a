"""The skeleton of a card game's order validation; each rule set brings its validators and set rules.

Every order kind has a validator that checks it alone, claims the cards it uses and returns the points
(or blood) it spends; then the whole set is checked together, and last whether the player can pay it
all. The same function runs when an order is made and again at resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.memo import unchanging
from engine.core.refusal import Refusal
from engine.core.state import GameState, Order

Validator = Callable[[GameState, int, Order, set[int]], int]  # returns the points it spends
SetRule = Callable[[GameState, int, list[Order]], None]


def validate_orders(state: GameState, pid: int, orders: list[Order], validators: Mapping[str, Validator],
                    whole_set: SetRule, *, spends: str) -> None:
    """Refuse the orders unless the game runs, the player lives, each order passes its kind's validator,
    the set passes `whole_set`, and the points they spend (`spends`: what the refusal calls them) are had."""
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    used: set[int] = set()
    spent = 0
    with unchanging():  # each question asked again by another check is answered once (engine/core/memo.py)
        for order in orders:
            check = validators.get(order.kind)
            if check is None:
                raise Refusal("bad_param", param="kind", reason="unknown_order_kind")
            spent += check(state, pid, order, used)
        whole_set(state, pid, orders)
    if spent > player.points:
        raise Refusal("cost_unpayable", reason=spends, have=player.points, need=spent)
