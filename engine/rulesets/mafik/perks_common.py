"""What the public roles' perks (perks_a.py, perks_b.py) share: who holds a role and a phase's orders of
a kind. Their checks (role, phase, once a game…) are the ability catalogue's (actions.ABILITIES)."""

from __future__ import annotations

from engine.core.resolution import Resolution
from engine.core.state import GameState, Order, PlayerState


def with_role(state: GameState, role: str) -> list[PlayerState]:
    """The living characters with this public role, by seat."""
    return [p for p in state.living() if p.public_role == role]


def orders_of(res: Resolution, kind: str) -> list[tuple[PlayerState, Order]]:
    """This phase's valid orders of a kind, by seat."""
    out = []
    for pid, orders in sorted(res.scratch["orders"].items()):
        out += [(res.state.player(pid), o) for o in orders if o.kind == kind]
    return out
