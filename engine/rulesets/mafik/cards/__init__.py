"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import checks, damage, defence, neutral

__all__ = ["checks", "damage", "defence", "neutral"]
