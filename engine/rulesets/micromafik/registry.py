"""Микромафик's one registries object, which its modules fill in as they are imported (each card, perk
and rule by its own declaration: engine/cardgame/registries.py), and the names of its colours."""

from __future__ import annotations

from engine.cardgame.registries import CardGameRegistries

NAME = "micromafik"
COLOURS = ("attack", "defence", "support", "info")  # the seed's order (ties name the first)

REGISTRIES = CardGameRegistries.load(NAME)
CATALOG = REGISTRIES.catalog  # the collection (data/micromafik/), read only
