"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import neutral

__all__ = ["neutral"]
