"""The shared registries that Микромафик's modules fill in as they are imported."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.cards import CardCatalog, CardRegistry
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement, add_replacement

NAME = "micromafik"
COLOURS = ("attack", "defence", "support", "info")  # the seed's order (ties name the first)

CATALOG = CardCatalog.load(NAME)
CARDS = CardRegistry()
QUERIES = Queries()
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []


def replacement(name: str, layer: int) -> Callable[[Replacement], Replacement]:
    """Register a damage replacement at its layer (named in order.py); layers run in increasing order."""

    def register(fn: Replacement) -> Replacement:
        add_replacement(REPLACEMENTS, name, layer, fn)
        return fn

    return register
