"""The steps and the damage layer that every card game shares (engine/cardgame/steps.py, damage.py).
A card game's own order table (engine/rulesets/<name>/order.py) takes these numbers as they are."""

from __future__ import annotations

STEP_DEATHS = 800  # 0 cards in hand = death (the rule set's death rules may say otherwise)
STEP_END = 900  # hand counts, effects expire, win check, next phase
LAYER_ARMOR = 60  # each armor point cancels one damage (not for armor-ignoring damage)
