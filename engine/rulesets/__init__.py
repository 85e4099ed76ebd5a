"""Rule sets: one package each, each found by engine.core.ruleset.ruleset_names (a package exposing RULESET)."""
