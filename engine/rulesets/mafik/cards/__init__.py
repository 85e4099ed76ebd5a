"""Card behaviours of Мафик, one module per colour (a colour's cards of one mechanism may have a module of
their own: records, checks, disguise). Importing registers them."""

from engine.rulesets.mafik.cards import (
    boost,
    chaos,
    checks,
    control,
    damage,
    defence,
    disguise,
    draws,
    intel,
    neutral,
    records,
    support,
    unique,
)

__all__ = ["boost", "chaos", "checks", "control", "damage", "defence", "disguise", "draws", "intel", "neutral", "records",
           "support", "unique"]
