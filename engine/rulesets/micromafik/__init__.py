"""Микромафик (seeds/002_…): 8 players, 2 mafia, 44 cards in 4 colours."""

from engine.rulesets.micromafik import cards, damage, perks, votes  # noqa: F401  (registration)
from engine.rulesets.micromafik.registry import CARDS, CATALOG
from engine.rulesets.micromafik.ruleset import Micromafik

CATALOG.check_behaviours(CARDS)
RULESET = Micromafik()

__all__ = ["RULESET"]
