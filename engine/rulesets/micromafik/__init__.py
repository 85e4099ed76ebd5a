"""Микромафик (seeds/002_…): 8 players, 2 mafia, 44 cards in 4 colours."""

from engine.rulesets.micromafik import cards, damage, perks, steps, votes  # noqa: F401  (registration)
from engine.rulesets.micromafik.registry import REGISTRIES
from engine.rulesets.micromafik.ruleset import Micromafik

REGISTRIES.catalog.check_behaviours(REGISTRIES.cards)
RULESET = Micromafik()

__all__ = ["RULESET"]
