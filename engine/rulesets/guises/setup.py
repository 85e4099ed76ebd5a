"""The table: how many of each side a game of N players deals, and the check that refuses one that cannot
start. The text gives no table; the default is a decision (docs/rulesets/guises.md, «Расклад»), and the
master may give another as the setting `table` ({"mafia": m, "neutral": k}: the law is the rest)."""

from __future__ import annotations

from typing import Any

from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.guises.model import FACTION, SECRET

MIN_PLAYERS = 4
MAX_PLAYERS = 14  # 4 mafia + 8 law + 2 neutral roles, each dealt once
# players → (mafia, neutral); the law is the rest
DEFAULT_TABLE: dict[int, tuple[int, int]] = {
    4: (1, 0), 5: (1, 0), 6: (2, 0), 7: (2, 1), 8: (2, 1), 9: (3, 1), 10: (3, 1),
    11: (3, 2), 12: (4, 2), 13: (4, 2), 14: (4, 2),
}
MAFIA_ORDER = ("boss", "killer", "agent", "traitor")  # the Босс is dealt first, then in the text's order
LAW = [r for r in SECRET if FACTION[r] == "law"]
NEUTRAL = [r for r in SECRET if FACTION[r] not in ("mafia", "law")]


def table_for(players: int, settings: dict[str, Any]) -> tuple[int, int, int]:
    """(mafia, law, neutral) for this many players: the setting if given, else the default; refused if
    the table cannot start (no mafia, no law, more of a side than it has roles, the mafia not fewer than the
    law, or not the number of players)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refusal("bad_param", param="players", reason="count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    given = settings.get("table")
    if isinstance(given, dict):
        mafia, neutral = int(given.get("mafia", -1)), int(given.get("neutral", 0))
    else:
        mafia, neutral = DEFAULT_TABLE[players]
    law = players - mafia - neutral
    if not (1 <= mafia <= len(MAFIA_ORDER) and 1 <= law <= len(LAW) and 0 <= neutral <= len(NEUTRAL)
            and mafia < law):
        raise Refusal("bad_param", param="table", reason="table", mafia=mafia, law=law, neutral=neutral)
    return mafia, law, neutral


def deal(state: GameState, settings: dict[str, Any]) -> list[str]:
    """The secret roles of the table, shuffled over the seats with the state's RNG."""
    mafia, law, neutral = table_for(len(state.players), settings)
    rng = state.random
    roles = [*MAFIA_ORDER[:mafia], *rng.sample(LAW, law), *rng.sample(NEUTRAL, neutral)]
    rng.shuffle(roles)
    return roles
