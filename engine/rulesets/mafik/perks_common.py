"""What the public roles' perks (perks_a.py, perks_b.py) share: who holds a role and a phase's orders of
a kind. Their checks (role, phase, once a game…) are the ability catalogue's (actions.ABILITIES)."""

from __future__ import annotations

from engine.core.resolution import Resolution
from engine.core.state import GameState, Order, PlayerState


def with_role(state: GameState, role: str) -> list[PlayerState]:
    """The living characters with this public role, by seat."""
    return [p for p in state.players if p.alive and p.public_role == role]


def orders_of(res: Resolution, kind: str) -> list[tuple[PlayerState, Order]]:
    """This phase's valid orders of a kind, by seat (every perk asks: the orders are sorted by kind once for
    the set the commit step kept)."""
    valid = res.scratch["orders"]
    kept = res.scratch.get("orders_by_kind")
    if kept is None or kept[0] is not valid:
        by_kind: dict[str, list[tuple[PlayerState, Order]]] = {}
        for pid, orders in sorted(valid.items()):
            player = res.state.player(pid)
            for order in orders:
                by_kind.setdefault(order.kind, []).append((player, order))
        kept = res.scratch["orders_by_kind"] = (valid, by_kind)
    return list(kept[1].get(kind, ()))
