"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import damage, defence, neutral, records

__all__ = ["damage", "defence", "neutral", "records"]
