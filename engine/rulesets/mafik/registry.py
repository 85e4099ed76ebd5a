"""Мафик's one registries object, which its modules fill in as they are imported (each card, perk and
rule by its own declaration: engine/cardgame/registries.py), and the names of its colours."""

from __future__ import annotations

from engine.cardgame.registries import CardGameRegistries

NAME = "mafik"
# The eight colours in the seed's order (Верхняя стойка: the first of each pair, Нижняя: the second).
COLOURS = ("damage", "defence", "intel", "disguise", "control", "chaos", "support", "boost")
UPPER_COLOURS = ("damage", "intel", "control", "support")
LOWER_COLOURS = ("defence", "disguise", "chaos", "boost")
NEUTRAL = "neutral"
UNIQUE = "unique"
BLANK = "dummy"  # Пустышка: what an empty deck gives

REGISTRIES = CardGameRegistries.load(NAME)
CATALOG = REGISTRIES.catalog  # the collection (data/mafik/), read only
