"""Per-game options the master sets (phase lengths, clock-time deadlines, early resolution, reminders,
showing who has not submitted, the review of card messages — an engine setting too:
tgbot/services/decisions.py). Their meanings, for /set, are the locales' `setting.*` strings."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tgbot.services.errors import ServiceError

DEFAULTS: dict[str, Any] = {
    "deck_minutes": 720,
    "night_minutes": 720,
    "day_minutes": 1440,
    "night_ends": None,  # "HH:MM" in the bot's time zone; overrides night_minutes
    "day_ends": None,
    "early": False,  # resolve as soon as every living player has submitted
    "reminders": [60, 10],  # minutes before a deadline, to those who have not submitted
    "show_waiting": False,  # players see who has not submitted yet (names only)
    # The master judges card messages before delivery (engine/core/messages.py). Off until the crash suite's
    # extra duplicates with it on are explained (docs/reliability.md); a master turns it on with /set.
    "review_messages": False,
    # The master rolls the dice the rules give him (Мафик's Русская рулетка): asked at each phase's start, the
    # bot's own roll the default at the deadline. Off: the bot rolls.
    "master_dice": False,
    # The table dealt: {"mafia": m, "neutral": k} (the rest the law), or a list of role ids one a seat, for a
    # rule set that reads it; None: the rule set's own default for the number of players. `/set table 2/1`,
    # `/set table boss,soldier,…`, `/set table off`.
    "table": None,
    # Guests who follow the game in private chat (/spectate, tgbot/services/spectators.py): off — none; on — the
    # public group's events as they happen; after — those, and the whole game record once it is over.
    "spectators": "off",
}
# The options that are engine settings too (api.MASTER_SETTINGS): given to the engine at the start.
ENGINE_OPTIONS = ("review_messages", "master_dice")
# The options that are engine settings of the start only (given to api.new_game when set).
START_OPTIONS = ("table",)
_TABLE = re.compile(r"^(\d{1,2})/(\d{1,2})$")
_ROLE_LIST = re.compile(r"^[a-z_]{1,30}(?:[ ,]+[a-z_]{1,30}){1,59}$")  # role ids, one a seat
# The options the deadline jobs follow (tgbot/deadlines.py): a change re-arms them.
DEADLINE_OPTIONS = ("reminders",)
MIN_PHASE_MINUTES = 1
MAX_PHASE_MINUTES = 60 * 24 * 14
MAX_REMINDERS = 5
OFF = ("off", "no", "0", "нет", "выкл", "-", "none")
ON = ("on", "yes", "1", "да", "вкл")
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def options_of(game: dict[str, Any]) -> dict[str, Any]:
    """A game's options: the defaults, and what its master set."""
    return {**DEFAULTS, **json.loads(game.get("settings_json") or "{}")}


def parse_option(key: str, raw: str, own: Mapping[str, tuple[str, ...]] | None = None) -> Any:
    """A master's `/set KEY VALUE` as a typed value, or ServiceError('bad_option'). `own`: the game's rule set's
    own settings (api.start_settings), each a word of its values."""
    value = raw.strip().lower()
    if own and key in own and key not in DEFAULTS:
        if value not in own[key]:
            raise ServiceError("bad_option", key=key)
        return value
    if key not in DEFAULTS:
        raise ServiceError("bad_option", key=key)
    if key in ("deck_minutes", "night_minutes", "day_minutes"):
        if not value.isdigit() or not MIN_PHASE_MINUTES <= int(value) <= MAX_PHASE_MINUTES:
            raise ServiceError("bad_option", key=key)
        return int(value)
    if key in ("night_ends", "day_ends"):
        if value in OFF:
            return None
        if not _CLOCK.match(value):
            raise ServiceError("bad_option", key=key)
        return value
    if key == "reminders":
        return _reminders(value)
    if key == "spectators":
        return _spectators(value)
    if key == "table":
        if value in OFF:
            return None
        found = _TABLE.match(value)
        if found is None and _ROLE_LIST.match(value):
            return [role for role in re.split(r"[ ,]+", value) if role]
        if found is None:
            raise ServiceError("bad_option", key=key)
        return {"mafia": int(found.group(1)), "neutral": int(found.group(2))}
    if value in ON:
        return True
    if value in OFF:
        return False
    raise ServiceError("bad_option", key=key)


def _spectators(value: str) -> str:
    if value in OFF:
        return "off"
    if value in ON:
        return "on"
    if value in ("after", "после"):
        return "after"
    raise ServiceError("bad_option", key="spectators")


def _reminders(value: str) -> list[int]:
    """"60,10" (or "60 10"): minutes before the deadline, largest first; "off": none."""
    if value in OFF:
        return []
    parts = value.replace(",", " ").split()
    if not 1 <= len(parts) <= MAX_REMINDERS or not all(p.isdigit() for p in parts):
        raise ServiceError("bad_option", key="reminders")
    minutes = sorted({int(p) for p in parts}, reverse=True)
    if not all(1 <= m <= MAX_PHASE_MINUTES for m in minutes):
        raise ServiceError("bad_option", key="reminders")
    return minutes


def deadline_after(options: dict[str, Any], *, phase: int, now: float, timezone: str) -> float:
    """The absolute deadline (UNIX time) of a phase that begins now."""
    kind = "deck" if phase == 0 else ("night" if phase % 2 == 1 else "day")
    clock = options.get(f"{kind}_ends") if kind != "deck" else None
    if clock:
        zone = ZoneInfo(timezone)
        start = datetime.fromtimestamp(now, zone)
        hour, minute = map(int, str(clock).split(":"))
        end = start.replace(hour=hour, minute=minute, second=0, microsecond=0)
        while end - start < timedelta(minutes=30):
            end += timedelta(days=1)
        return end.timestamp()
    return now + 60 * int(options[f"{kind}_minutes"])
