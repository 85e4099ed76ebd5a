"""«Классическая форумная мафия» (seeds/001_…): coins, a shop and a kiosk, two mafia clans, jail instead of
execution, the roles resolved in the fixed order of section 4.1. Rules completed: docs/rulesets/classic.md.

Where things are: model.py (state), order.py (4.1, every step), moves.py (how a move is declared and resolved),
economy.py (purses, income, the shop), roles/ (one module per role group), items/ (the items' effects),
setup.py (the table), win.py (section 6), steps.py (the core steps), ruleset.py (the plugin)."""

from engine.rulesets.classic import steps  # noqa: F401  (registration)
from engine.rulesets.classic.ruleset import Classic

RULESET = Classic()

__all__ = ["RULESET"]
