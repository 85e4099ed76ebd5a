"""Card behaviours of Мафик, one module per colour. Importing registers them."""

from engine.rulesets.mafik.cards import boost, chaos, control, damage, defence, neutral, support

__all__ = ["boost", "chaos", "control", "damage", "defence", "neutral", "support"]
