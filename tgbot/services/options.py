"""Per-game options the master sets (phase lengths, clock-time deadlines, early resolution, language,
the review of card messages — an engine setting too: tgbot/services/decisions.py)."""

from __future__ import annotations

import re
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
    "reminders": [60, 10],  # minutes before a deadline
    "players": 8,
    # The master judges card messages before delivery (engine/core/messages.py). Off until the crash suite's
    # extra duplicates with it on are explained (docs/reliability.md); a master turns it on with /set.
    "review_messages": False,
}
# The options that are engine settings too (api.MASTER_SETTINGS): given to the engine at the start.
ENGINE_OPTIONS = ("review_messages",)
MIN_PHASE_MINUTES = 1
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def parse_option(key: str, raw: str) -> Any:
    """A master's `/set KEY VALUE` as a typed value, or ServiceError('bad_option')."""
    if key not in DEFAULTS or key == "reminders":
        raise ServiceError("bad_option", key=key)
    value = raw.strip().lower()
    if key in ("deck_minutes", "night_minutes", "day_minutes"):
        if not value.isdigit() or not MIN_PHASE_MINUTES <= int(value) <= 60 * 24 * 14:
            raise ServiceError("bad_option", key=key)
        return int(value)
    if key == "players":
        if not value.isdigit() or not 4 <= int(value) <= 15:
            raise ServiceError("bad_option", key=key)
        return int(value)
    if key in ("night_ends", "day_ends"):
        if value in ("off", "-", "none"):
            return None
        if not _CLOCK.match(value):
            raise ServiceError("bad_option", key=key)
        return value
    if value in ("on", "yes", "1", "да", "вкл"):
        return True
    if value in ("off", "no", "0", "нет", "выкл"):
        return False
    raise ServiceError("bad_option", key=key)


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
