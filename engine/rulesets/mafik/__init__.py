"""Мафик (seeds/000_…): 12–18 players, 264 cards in 8 colours, Hand and Sleeve, stances, the Вече."""

from engine.rulesets.mafik import cards, comms, council, neutral, perks_a, perks_b, steps  # noqa: F401  (registration)
from engine.rulesets.mafik.registry import CARDS, CATALOG
from engine.rulesets.mafik.ruleset import Mafik

CATALOG.check_behaviours(CARDS, allow_missing=True)
RULESET = Mafik()

__all__ = ["RULESET"]
