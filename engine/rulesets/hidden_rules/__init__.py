"""«Мафия по скрытым правилам» (seeds/004_…): two worlds, an anonymous soul stone, abilities told phase by
phase. Rules completed: docs/rulesets/hidden_rules.md."""

from engine.rulesets.hidden_rules import steps  # noqa: F401  (registration)
from engine.rulesets.hidden_rules.ruleset import HiddenRules

RULESET = HiddenRules()

__all__ = ["RULESET"]
