"""The one service that answers "what does X learn about Y?".

Every effect that learns something about a character (its side, secret role, colours, cards…)
asks here. Disguises register modifiers on the "appearance" query, so adding a disguise never
touches the cards that check.
"""

from __future__ import annotations

from engine.core.ruleset import Ruleset
from engine.core.state import GameState, JsonValue


def true_aspect(ruleset: Ruleset, state: GameState, target: int, aspect: str) -> JsonValue:
    """The truth a check starts from: side, secret role, hand, sleeve — or what the rule set knows
    (Мафик: colours, stance)."""
    player = state.player(target)
    if aspect == "side":
        return player.faction
    if aspect == "secret_role":
        return player.secret_role
    if aspect == "hand":
        return [c.card for c in player.hand]
    if aspect == "sleeve":
        return [c.card for c in player.sleeve]
    return ruleset.aspect(state, target, aspect)


def learn(ruleset: Ruleset, state: GameState, observer: int, target: int, aspect: str,
          truth: JsonValue | None = None) -> JsonValue:
    """What `observer` learns of `target`'s `aspect` (the truth unless a disguise says otherwise)."""
    value = true_aspect(ruleset, state, target, aspect) if truth is None else truth
    return ruleset.queries.ask("appearance", state, value, observer=observer, target=target, aspect=aspect)
