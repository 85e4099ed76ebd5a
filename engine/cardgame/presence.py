"""The cards that can matter in a card game now (engine/core/presence.py): a card whose hooks a
resolution must run.

A card can matter when it is anywhere in the game — a copy in someone's deck, Hand, Sleeve or discard
pile, a card chosen for a deck, a draft's offer, a Hand at the phase's start — or has been: in a zone
(the state's record `cards_seen`, read instead of the zones, and of the decks' choices once the game is
under way, when the game keeps one), played (the history names it, and the card it was played as),
named by an order (a card played as another, a card named as a parameter), by an effect's parameters, by
the rule set's own data or by a player's counters; or when an effect of a kind it declared is in the
state. Reading more than that is only slower, never wrong: a string that names no card owns no hook.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.presence import Presence
from engine.core.state import GameState


def card_presence(state: GameState, kind_owners: Mapping[str, Iterable[str]]) -> Presence:
    """Every card id `state` holds, names or has had, and the cards that declared its effects' kinds."""
    players = state.players
    lasting = state.lasting_cards()  # every card that has been in a zone or played (a Hand at the start, a deck chosen)
    if lasting is not None:
        found = set(lasting)
    else:
        found = state.cards_in_zones()
        for player in players:
            found.update(player.deck_choice, player.hand_at_phase_start)
        for record in state.history:
            found.add(record.card)
            if record.printed is not None:
                found.add(record.printed)
    counters: set[str] = set()
    for player in players:
        counters.update(player.flags)
    found |= counters
    found.update(":".join(counters).split(":"))  # each part of a counter "a:b" (a plain one is its own part)
    # a game under way has every card its decks were built of in `cards_seen` (the decks were made of them as it
    # began): the buildings are read while decks are built, or in a game that keeps no record of its cards
    building = lasting is None or state.status == "setup"
    for player in players:
        if building and player.building is not None:
            found.update(player.building.picks, player.building.offer, player.building.guaranteed)
        if player.ext:
            _strings(player.ext, found)
    for orders in state.orders.values():
        for order in orders:
            if order.params:
                _strings(order.params, found)
    kinds = state.effect_kinds()
    for kind in kinds:
        found.update(kind_owners.get(kind, ()))
    for effect in state.effects:
        if effect.params:
            _strings(effect.params, found)
    if state.ext:
        _strings(state.ext, found)
    return Presence(found, kinds, kind_owners)


def _strings(value: Any, into: set[str]) -> None:
    """Every string in a JSON value (the keys of its objects too), into `into`."""
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            into.add(key)
            inner = type(item)
            if inner is str:  # a string is added here, a nested value looked into, a number passed over
                into.add(item)
            elif inner is dict or inner is list:
                _strings(item, into)
    elif kind is list:
        for item in value:
            inner = type(item)
            if inner is str:
                into.add(item)
            elif inner is dict or inner is list:
                _strings(item, into)
    elif kind is str:
        into.add(value)
