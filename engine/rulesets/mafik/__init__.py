"""Мафик (seeds/000_…): 12–18 players, 264 cards in 8 colours, Hand and Sleeve, stances, the Вече."""

from engine.rulesets.mafik import cards, comms, council, neutral, perks_a, perks_b, steps  # noqa: F401  (registration)
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.ruleset import Mafik

REGISTRIES.catalog.check_behaviours(REGISTRIES.cards, allow_missing=True)
RULESET = Mafik()

__all__ = ["RULESET"]
