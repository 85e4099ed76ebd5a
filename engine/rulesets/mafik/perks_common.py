"""What the public roles' perks (perks_a.py, perks_b.py) share: who holds a role, the role and
once-a-game checks of a perk's order (a spent perk is flagged `actions.used_flag(role)`), a phase's orders of a kind."""

from __future__ import annotations

from engine.core.actions import need_public_role, need_unused
from engine.core.resolution import Resolution
from engine.core.state import GameState, Order, PlayerState


def with_role(state: GameState, role: str) -> list[PlayerState]:
    """The living characters with this public role, by seat."""
    return [p for p in state.living() if p.public_role == role]


def require_role(state: GameState, pid: int, role: str, what: str) -> PlayerState:
    """The player, if his public role is `role`; otherwise the order `what` is refused (the same check
    the perk's action descriptor makes: engine/core/actions.py)."""
    return need_public_role(state, pid, role, what)


def once(player: PlayerState, role: str, what: str) -> None:
    """Refuse the order `what` if the role's once-a-game perk is spent."""
    need_unused(player, role, what)


def orders_of(res: Resolution, kind: str) -> list[tuple[PlayerState, Order]]:
    """This phase's valid orders of a kind, by seat."""
    out = []
    for pid, orders in sorted(res.scratch["orders"].items()):
        out += [(res.state.player(pid), o) for o in orders if o.kind == kind]
    return out
