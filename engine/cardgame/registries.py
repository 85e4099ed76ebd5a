"""One card game's registries, filled as its modules are imported: one object instead of module globals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.cards import CardCatalog, CardRegistry
from engine.core.phase import DeathRule, OnDiscard
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement, add_replacement


@dataclass
class CardGameRegistries:
    name: str
    catalog: CardCatalog
    cards: CardRegistry = field(default_factory=CardRegistry)
    queries: Queries = field(default_factory=Queries)
    pipeline: Pipeline = field(default_factory=Pipeline)
    replacements: list[tuple[int, str, Replacement]] = field(default_factory=list)
    # (res, player) -> True dies, False lives, None no say; else 0 cards in hand is death
    death_rules: list[DeathRule] = field(default_factory=list)
    # called for each card discarded for damage
    on_damage_discard: list[OnDiscard] = field(default_factory=list)

    @classmethod
    def load(cls, name: str) -> CardGameRegistries:
        """The registries of card game `name` (its cards from data/<name>/), with the steps and the
        replacement every card game shares already in them."""
        from engine.cardgame import damage, steps

        registries = cls(name=name, catalog=CardCatalog.load(name))
        damage.install(registries)
        steps.install(registries.pipeline)
        return registries

    def replacement(self, name: str, layer: int) -> Callable[[Replacement], Replacement]:
        """Register a damage replacement at its layer (named in the rule set's order.py); layers run in
        increasing order, and a layer already taken is refused."""

        def register(fn: Replacement) -> Replacement:
            add_replacement(self.replacements, name, layer, fn)
            return fn

        return register
