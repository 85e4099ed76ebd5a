"""How the bot words «Мафия с личинами»'s events beyond their parameters' names (engine/core/wording.py):
a guise is a role's name, the day's ballots a line each, an inherited ability its label."""

from __future__ import annotations

from engine.core.wording import Each, EventFormat, Line, Value
from engine.rulesets.guises.abilities import GRANTED_BY_DEATH

GUISE = {"guise": Value("role")}
INHERITED = tuple(sorted({a for granted in GRANTED_BY_DEATH.values() for a in granted}))

EVENT_FORMATS = (
    EventFormat("guise_learned", params=GUISE),
    EventFormat("guise_drawn_from_you", params=GUISE),
    EventFormat("guise_found", params=GUISE),
    EventFormat("guise_not_found", params=GUISE),
    EventFormat("ballots", params={"list": Each("ballots", Line("guises_words.ballot", params={
        "pid": Value("player"), "target": Value("player")}))}),
    EventFormat("ability_granted", params={"name": Line("act.{what}", when={"what": INHERITED})}),
    EventFormat("public_role_changed", params={"role": Value("public_role", source="pid")}),
    EventFormat("jailed", params={"why": Line("guises_words.jailed_{why}", when={
        "why": ("arrest", "frameup", "raid", "immunity")})}),
)
