"""The shared registries that Микромафик's modules fill in as they are imported."""

from __future__ import annotations

from engine.cardgame.registries import CardGameRegistries

NAME = "micromafik"
COLOURS = ("attack", "defence", "support", "info")  # the seed's order (ties name the first)

REGISTRIES = CardGameRegistries.load(NAME)
CATALOG = REGISTRIES.catalog
CARDS = REGISTRIES.cards
QUERIES = REGISTRIES.queries
PIPELINE = REGISTRIES.pipeline
REPLACEMENTS = REGISTRIES.replacements
DEATH_RULES = REGISTRIES.death_rules
replacement = REGISTRIES.replacement
