"""The shared registries that Мафик's modules fill in as they are imported."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.cards import CardCatalog, CardRegistry
from engine.core.phase import DeathRule, Instead, OnDiscard
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement, add_replacement
from engine.core.state import GameState

NAME = "mafik"
# The eight colours in the seed's order (Верхняя стойка: the first of each pair, Нижняя: the second).
COLOURS = ("damage", "defence", "intel", "disguise", "control", "chaos", "support", "boost")
UPPER_COLOURS = ("damage", "intel", "control", "support")
LOWER_COLOURS = ("defence", "disguise", "chaos", "boost")
NEUTRAL = "neutral"
UNIQUE = "unique"
BLANK = "dummy"  # Пустышка: what an empty deck gives

CATALOG = CardCatalog.load(NAME)
CARDS = CardRegistry()
QUERIES = Queries()
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []
ON_DAMAGE_DISCARD: list[OnDiscard] = []
DAMAGE_DISCARD_INSTEAD: list[Instead] = []  # a card lost to damage goes elsewhere instead (Воин)
ON_REBUILD: list[Callable[[GameState, int], None]] = []  # after a player's new deck is built (Фокусник)
DEATH_RULES: list[DeathRule] = []


def replacement(name: str, layer: int) -> Callable[[Replacement], Replacement]:
    """Register a damage replacement at its layer (named in order.py); layers run in increasing order."""

    def register(fn: Replacement) -> Replacement:
        add_replacement(REPLACEMENTS, name, layer, fn)
        return fn

    return register
