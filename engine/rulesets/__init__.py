"""Rule sets: one package each, registered by name in engine.core.ruleset.RULESETS."""
