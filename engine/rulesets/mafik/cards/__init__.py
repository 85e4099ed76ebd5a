"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import damage, defence, intel, neutral, unique

__all__ = ["damage", "defence", "intel", "neutral", "unique"]
