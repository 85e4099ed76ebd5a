"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import damage, defence, disguise, neutral

__all__ = ["damage", "defence", "disguise", "neutral"]
