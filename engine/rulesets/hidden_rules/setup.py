"""The table: which roles a game of N players deals. The text gives none but «5 шаманов (3 + 2) и пять
ролей»; the default is a decision (docs/rulesets/hidden_rules.md, «Расклад») and the master may give
another as the setting `table` (a list of seats: shaman_a, shaman_b, judge, protector, cultist, warlock,
eater); `check_table` refuses one that cannot start."""

from __future__ import annotations

from typing import Any

from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.hidden_rules.model import FACTION, MAFIA

MIN_PLAYERS = 8
MAX_PLAYERS = 16
ONE_EACH = ("judge", "protector", "cultist", "warlock", "eater")
SEATS = ("shaman_a", "shaman_b", *ONE_EACH)


def role_of(seat: str) -> tuple[str, str]:
    """(role, shaman group) of a seat of the table."""
    return ("shaman", seat[-1]) if seat.startswith("shaman_") else (seat, "")


def default_table(players: int) -> list[str]:
    """The five roles once each, the rest shamans: two fifths of them (at least one) in group Б, the others
    in group А — 3 + 2 at ten players, as the text has it."""
    shamans = players - len(ONE_EACH)
    group_b = max(1, shamans * 2 // 5)
    return ["shaman_a"] * (shamans - group_b) + ["shaman_b"] * group_b + list(ONE_EACH)


def check_table(table: list[str], players: int) -> None:
    """Refuse a table that cannot start: not one seat a player, an unknown seat, a role of the five twice, no
    shaman of either group, no mafia, or the mafia not fewer than the town."""
    mafia = sum(1 for s in table if FACTION[role_of(s)[0]] == MAFIA) if set(table) <= set(SEATS) else 0
    town = len(table) - mafia

    def refused(why: str) -> Refusal:
        """reason "table" (the bot says the table cannot start with its sides' counts: the town is its «law»)."""
        return Refusal("bad_param", param="table", reason="table", why=why, mafia=mafia, law=town, neutral=0)

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refusal("bad_param", param="players", reason="count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(table) != players:
        raise refused("seats")
    if not set(table) <= set(SEATS):
        raise refused("unknown")
    if any(table.count(role) > 1 for role in ONE_EACH):
        raise refused("twice")
    if "shaman_a" not in table or "shaman_b" not in table:
        raise refused("groups")
    if mafia == 0 or mafia >= town:
        raise refused("sides")


def table_for(players: int, settings: dict[str, Any]) -> list[str]:
    given = settings.get("table")
    table = [str(s) for s in given] if isinstance(given, list) else default_table(players)
    check_table(table, players)
    return table


def deal(state: GameState) -> list[tuple[str, str]]:
    """(role, group) of each seat: the table shuffled with the state's RNG."""
    table = table_for(len(state.players), state.settings)
    state.random.shuffle(table)
    return [role_of(seat) for seat in table]
