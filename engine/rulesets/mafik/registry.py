"""The shared registries that Мафик's modules fill in as they are imported."""

from __future__ import annotations

from collections.abc import Callable

from engine.cardgame.registries import CardGameRegistries
from engine.core.phase import Instead
from engine.core.state import GameState

NAME = "mafik"
# The eight colours in the seed's order (Верхняя стойка: the first of each pair, Нижняя: the second).
COLOURS = ("damage", "defence", "intel", "disguise", "control", "chaos", "support", "boost")
UPPER_COLOURS = ("damage", "intel", "control", "support")
LOWER_COLOURS = ("defence", "disguise", "chaos", "boost")
NEUTRAL = "neutral"
UNIQUE = "unique"
BLANK = "dummy"  # Пустышка: what an empty deck gives

REGISTRIES = CardGameRegistries.load(NAME)
CATALOG = REGISTRIES.catalog
CARDS = REGISTRIES.cards
QUERIES = REGISTRIES.queries
PIPELINE = REGISTRIES.pipeline
REPLACEMENTS = REGISTRIES.replacements
DEATH_RULES = REGISTRIES.death_rules
ON_DAMAGE_DISCARD = REGISTRIES.on_damage_discard
DAMAGE_DISCARD_INSTEAD: list[Instead] = []  # a card lost to damage goes elsewhere instead (Воин)
ON_REBUILD: list[Callable[[GameState, int], None]] = []  # after a player's new deck is built (Фокусник)
replacement = REGISTRIES.replacement
