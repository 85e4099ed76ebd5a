"""The shared registries that Микромафик's modules fill in as they are imported."""

from __future__ import annotations

from engine.core.cards import CardCatalog, CardRegistry
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement

NAME = "micromafik"
COLOURS = ("attack", "defence", "support", "info")  # the seed's order (ties name the first)

CATALOG = CardCatalog.load(NAME)
CARDS = CardRegistry()
QUERIES = Queries()
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []


def replacement(name: str, layer: int):  # type: ignore[no-untyped-def]
    """Register a damage replacement; layers run in increasing order."""

    def register(fn: Replacement) -> Replacement:
        REPLACEMENTS.append((layer, name, fn))
        REPLACEMENTS.sort(key=lambda r: r[0])
        return fn

    return register
