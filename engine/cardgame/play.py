"""Primitives that the cards of every card game share."""

from __future__ import annotations

from engine.cardgame.ruleset import card_rules
from engine.core.checks import learn
from engine.core.resolution import Play
from engine.core.state import JsonValue


def apply_effect(play: Play, card_id: str, params: dict[str, JsonValue], *, via: str,
                 **options: JsonValue) -> None:
    """Apply another card's effect as part of this play (Щедрость, Трансформация, Блок…)."""
    ruleset = card_rules(play.res.ruleset)
    sub = Play(play.res, play.actor, ruleset.catalog[card_id], dict(params), order=play.order, via=via,
               options=dict(options))
    ruleset.cards.behaviours[card_id](sub)


def side_of(play: Play, target: int, *, undeceivable: bool = False) -> str:
    """The side a check of this card learns the target is on (disguises may change it; recorded and
    redirectable: engine/core/checks.py)."""
    return str(learn(play.res.ruleset, play.state, play.actor, target, "side", card=play.spec.id,
                     undeceivable=undeceivable))
