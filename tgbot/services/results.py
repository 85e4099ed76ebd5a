"""Results of finished games, for /stats: each seat's outcome when a game ends, and sums over seats.

A seat won when its faction is among the winners (the dead too: they win with their faction); its
role is the secret role, or the public one where a rule set deals no secret roles.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.core.state import GameState
from engine.stats import won


def seat_results(state: GameState, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row a seat of a finished game, for `Repository.save_results`."""
    by_pid = {int(p["pid"]): int(p["user_id"]) for p in players if p["pid"] is not None}
    return [
        {"pid": p.pid, "user_id": by_pid[p.pid], "ruleset": state.ruleset, "faction": p.faction,
         "role": p.secret_role or p.public_role, "won": won(state, p.pid), "survived": p.alive}
        for p in state.players if p.pid in by_pid
    ]


@dataclass
class Share:
    """How many (games or seats), and how many of them won."""

    total: int = 0
    wins: int = 0


@dataclass
class Summary:
    games: int = 0
    seats: int = 0
    wins: int = 0  # seats that won
    survived: int = 0
    # (ruleset, faction): the games it had a seat in, and the games it won
    factions: dict[tuple[str, str], Share] = field(default_factory=lambda: defaultdict(Share))
    # (ruleset, role): the seats that had it, and those that won
    roles: dict[tuple[str, str], Share] = field(default_factory=lambda: defaultdict(Share))
    rulesets: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # games of each rule set


def summarize(rows: list[dict[str, Any]]) -> Summary:
    """Sums over result rows (a player's seats, or every seat of a group's games)."""
    out = Summary()
    faction_games: dict[tuple[str, str], set[int]] = defaultdict(set)
    faction_wins: dict[tuple[str, str], set[int]] = defaultdict(set)
    games: dict[int, str] = {}
    for row in rows:
        game, ruleset = int(row["game_id"]), str(row["ruleset"])
        games[game] = ruleset
        out.seats += 1
        out.wins += bool(row["won"])
        out.survived += bool(row["survived"])
        key = (ruleset, str(row["faction"]))
        faction_games[key].add(game)
        if row["won"]:
            faction_wins[key].add(game)
        role = out.roles[(ruleset, str(row["role"]))]
        role.total += 1
        role.wins += bool(row["won"])
    out.games = len(games)
    for ruleset in games.values():
        out.rulesets[ruleset] += 1
    for key, ids in faction_games.items():
        out.factions[key] = Share(len(ids), len(faction_wins[key]))
    return out
