"""How the bot words «Мафия по скрытым правилам»'s events beyond their parameters' names
(engine/core/wording.py): an announcement is its paragraph, a world its words."""

from __future__ import annotations

from engine.core.wording import EventFormat, Line
from engine.rulesets.hidden_rules.schedule import SCHEDULE

EVENT_FORMATS = (
    EventFormat("hr_told", params={"text": Line("hr_told.{key}", when={"key": tuple(t.key for t in SCHEDULE)})}),
    EventFormat("hr_world", params={"where": Line("hr_words.world_{world}", when={"world": ("living", "spirits")})}),
)
