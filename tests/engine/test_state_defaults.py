"""A saved game leaves out every field at its default (GameState.to_json), so the defaults are part of the
saved format: changing one would silently change every saved game that relied on it. This table pins them.
A new field with a default is added here; an existing default is never changed — add a new field instead."""

from __future__ import annotations

import inspect

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from engine.core import state
from engine.core.api import load
from engine.core.state import CardInstance, GameState, PlayerState

PINNED = {
    "AbilityUse.targets": '[]',
    "CardInstance.cost_mod": '0',
    "CardInstance.free": 'False',
    "CardInstance.tags": '()',
    "DeckBuilding.picks": '[]',
    "DeckBuilding.offer": '[]',
    "DeckBuilding.guaranteed": '[]',
    "DeckBuilding.done": 'False',
    "Effect.target": 'None',
    "Effect.source": 'None',
    "Effect.end": 'None',
    "Effect.params": '{}',
    "Event.who": 'None',
    "Event.params": '{}',
    "GameState.settings": '{}',
    "GameState.status": "'setup'",
    "GameState.phase": '0',
    "GameState.players": '[]',
    "GameState.orders": '{}',
    "GameState.effects": '[]',
    "GameState.history": '[]',
    "GameState.events": '[]',
    "GameState.counters": '{}',
    "GameState.winners": '[]',
    "GameState.questions": '{}',
    "GameState.ext": '{}',
    "GameState.uses": '[]',
    "GameState.visits": '[]',
    "GameState.cards_seen": 'None',
    "MasterQuestion.params": '{}',
    "MasterQuestion.oid": 'None',
    "MasterQuestion.choice": 'None',
    "MasterQuestion.defaulted": 'False',
    "MasterQuestion.to": "'master'",
    "MasterQuestion.count": '1',
    "MasterQuestion.among": "'names'",
    "MasterQuestion.cards": '[]',
    "Order.card": 'None',
    "Order.params": '{}',
    "Order.payment": 'Payment(points=0, cards=[], options={})',
    "Payment.points": '0',
    "Payment.cards": '[]',
    "Payment.options": '{}',
    "PlayRecord.targets": '[]',
    "PlayerState.role_title": "''",
    "PlayerState.gender": "''",
    "PlayerState.secret_role": "''",
    "PlayerState.faction": "''",
    "PlayerState.alive": 'True',
    "PlayerState.deck": '[]',
    "PlayerState.hand": '[]',
    "PlayerState.discard": '[]',
    "PlayerState.sleeve": '[]',
    "PlayerState.points": '0',
    "PlayerState.flags": '{}',
    "PlayerState.deck_choice": '[]',
    "PlayerState.building": 'None',
    "PlayerState.hand_at_phase_start": '[]',
    "PlayerState.points_at_phase_start": '0',
    "PlayerState.discard_last": '[]',
    "PlayerState.ext": '{}',
    "Visit.worked": 'True',
    'DamageRecord.absorbed': '0',
    'DamageRecord.card': 'None',
    'DamageRecord.dealt': '0',
    'DamageRecord.source': 'None',
    'GameState.armor_log': '[]',
    'GameState.damage_log': '[]',
    'GameState.vote_log': '[]',
    'PlayRecord.fake': 'False',
    'PlayRecord.peaceful': 'False',
    'PlayRecord.paid': '[]',
    'PlayRecord.printed': 'None',
    'PlayRecord.seq': '0',
    'PlayRecord.zone': "'hand'",
    'PlayerState.died': 'None',
    'VoteRecord.strength': '1',
    'CheckRecord.card': 'None',
    'GameState.checks': '[]',
}


def _defaults() -> dict[str, str]:
    found = {}
    for name, model in inspect.getmembers(state, inspect.isclass):
        if issubclass(model, BaseModel) and model.__module__ == state.__name__:
            for field, info in model.model_fields.items():
                if info.default is not PydanticUndefined:
                    found[f"{name}.{field}"] = repr(info.default)
                elif info.default_factory is not None:
                    found[f"{name}.{field}"] = repr(info.default_factory())  # type: ignore[call-arg]
    return found


def test_no_default_of_the_saved_state_changes() -> None:
    found = _defaults()
    changed = {key: (PINNED[key], found[key]) for key in PINNED.keys() & found.keys() if PINNED[key] != found[key]}
    assert not changed, f"a default of the saved state changed (pinned, now): {changed}"


def test_every_default_of_the_saved_state_is_pinned() -> None:
    found = _defaults()
    new = "".join(f"\n    {key!r}: {found[key]!r}," for key in sorted(found.keys() - PINNED.keys()))
    assert not new, f"pin the new fields' defaults in PINNED:{new}"
    assert not PINNED.keys() - found.keys(), f"remove the removed fields from PINNED: {sorted(PINNED.keys() - found.keys())}"


def test_a_saved_game_leaves_defaults_out_and_loads_back_the_same() -> None:
    game = GameState(ruleset="micromafik", seed=1, rng=1, players=[
        PlayerState(pid=0, name="Анна", public_role="hero", hand=[CardInstance(uid=1, card="dummy")]),
        PlayerState(pid=1, name="Борис", public_role="monk", alive=False, role_title="Лесник")])
    text = game.to_json()
    assert '"cost_mod"' not in text and '"free"' not in text and '"gender"' not in text
    assert '"alive":false' in text and '"role_title":"Лесник"' in text
    assert load(text) == game


def test_a_loaded_player_tracks_only_the_fields_it_was_given() -> None:
    """The point of leaving defaults out: pydantic's per-model set of given fields stays small."""
    game = GameState(ruleset="micromafik", seed=1, rng=1, players=[
        PlayerState(pid=0, name="Анна", public_role="hero", secret_role="law", faction="law")])
    player = load(game.to_json()).players[0]
    assert player.model_fields_set == {"pid", "name", "public_role", "secret_role", "faction"}

