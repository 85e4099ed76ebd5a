"""Card behaviours of Микромафик, one module per colour. Importing registers them."""

from engine.rulesets.micromafik.cards import attack, defence, info, support

__all__ = ["attack", "defence", "info", "support"]
