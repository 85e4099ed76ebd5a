"""What each participant may see: the only way the bot reads a game for a player.

`visible_to` decides an event's audience; `player_view` computes a player's whole picture of the
game from state — their own secrets, everyone's public facts, and the events addressed to them.
"""

from __future__ import annotations

from typing import Any

from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState


def visible_to(event: Event, state: GameState, pid: int) -> bool:
    if event.to == "public":
        return True
    if event.to == "player":
        return event.who == pid
    if event.to == "faction":
        return state.player(pid).faction == event.who
    return False  # "master"


def events_for(state: GameState, pid: int, *, since: int = 0) -> list[Event]:
    """Events this player may see, with seq > since."""
    return [e for e in state.events if e.seq > since and visible_to(e, state, pid)]


def public_events(state: GameState, *, since: int = 0) -> list[Event]:
    return [e for e in state.events if e.seq > since and e.to == "public"]


def public_players(state: GameState) -> list[dict[str, Any]]:
    ruleset = get_ruleset(state.ruleset)
    return [
        {
            "pid": p.pid,
            "name": p.name,
            "public_role": p.public_role,
            "alive": p.alive,
            **ruleset.public_facts(state, p.pid),
            "statuses": ruleset.statuses(state, p.pid),
        }
        for p in state.players
    ]


def player_view(state: GameState, pid: int, *, events: bool = True) -> dict[str, Any]:
    """Everything player `pid` may see, computed from state. `events=False` leaves out the events
    addressed to them (a panel does not show them, and they grow with the game)."""
    ruleset = get_ruleset(state.ruleset)
    me = state.player(pid)
    return {
        "ruleset": state.ruleset,
        "status": state.status,
        "phase": state.phase,
        "is_night": state.is_night,
        "players": public_players(state),
        "me": {
            "pid": me.pid,
            "name": me.name,
            "public_role": me.public_role,
            "secret_role": me.secret_role,
            "faction": me.faction,
            "alive": me.alive,
            "hand": [c.model_dump() for c in me.hand],
            "sleeve": [c.model_dump() for c in me.sleeve],
            "deck_size": len(me.deck),
            "points": me.points,
            "building": me.building.model_dump() if me.building else None,
            **ruleset.private_view(state, pid),
        },
        "orders": [o.model_dump() for o in state.orders.get(pid, [])],
        "winners": state.winners,
        "events": [e.model_dump() for e in events_for(state, pid)] if events else [],
    }


def master_view(state: GameState) -> dict[str, Any]:
    """The master sees the whole state."""
    return state.model_dump()
