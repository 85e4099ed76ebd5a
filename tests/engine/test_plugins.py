"""Rule sets are plugins: found by package, on a small base, with their own typed state; the card games
share the card layer (engine/cardgame/). «Дуэль» (tests/engine/plugins/duel/) is a rule set without cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.cardgame import damage, steps
from engine.cardgame.ruleset import CardRuleset
from engine.core import api
from engine.core.extensions import read
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.views import player_view
from tests.engine.plugin_path import PLUGINS, plugged_in

PLAYERS = [("Анна", "fighter"), ("Борис", "fighter"), ("Вера", "fighter")]


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """«Дуэль» as if it were a package under engine/rulesets/."""
    with plugged_in(monkeypatch, PLUGINS, "duel"):
        yield


def test_the_rule_sets_are_the_packages_under_engine_rulesets_in_listing_order() -> None:
    assert ruleset_names() == ("micromafik", "mafik", "guises", "classic", "hidden_rules")


def test_a_new_package_exposing_RULESET_is_found_without_being_named_anywhere(duel: None) -> None:
    assert ruleset_names() == ("micromafik", "mafik", "guises", "classic", "hidden_rules", "duel")
    assert get_ruleset("duel").name == "duel"


def test_a_game_without_deck_building_starts_at_the_first_night(duel: None) -> None:
    state = api.new_game("duel", PLAYERS, seed=1)
    assert (state.status, state.phase) == ("running", 1)


def test_card_verbs_are_refused_for_a_game_without_cards(duel: None) -> None:
    state = api.new_game("duel", PLAYERS, seed=1)
    with pytest.raises(Refusal) as refused:
        api.deck_build(state, 0, ["pistol"])
    assert (refused.value.code, refused.value.params["reason"]) == ("not_allowed", "no_cards")
    with pytest.raises(Refusal):
        api.reorder_hand(state, 0, [])


def test_a_rule_sets_own_player_and_game_state_survives_a_json_round_trip(duel: None) -> None:
    state = api.new_game("duel", PLAYERS, seed=1)
    api.submit(state, 0, "hit", params={"target": 1})
    api.resolve(state)
    again = api.load(api.dump(state))
    fighter = read(get_ruleset("duel").player_ext, again.player(1))
    assert (fighter.model_dump(), again.ext) == ({"hp": 2, "hits_taken": [1]}, {"rounds": 1})
    assert player_view(again, 1, events=False)["me"]["hits_taken"] == [1]


def test_a_state_whose_extension_does_not_fit_the_rule_sets_model_is_refused_on_load(duel: None) -> None:
    state = api.new_game("duel", PLAYERS, seed=1)
    state.player(0).ext = {"hp": "a lot"}
    with pytest.raises(ValueError):
        api.load(api.dump(state))


def test_public_statuses_and_facts_a_rule_set_declares_are_in_everyones_view(duel: None) -> None:
    state = api.new_game("duel", PLAYERS, seed=1)
    api.submit(state, 0, "shield")
    api.submit(state, 2, "hit", params={"target": 1})
    api.resolve(state)
    seen_by_vera = player_view(state, 2, events=False)["players"]
    assert seen_by_vera[0]["statuses"] == [{"status": "shield", "end": 2}]
    assert [p["hp"] for p in seen_by_vera] == [3, 2, 3]


def test_a_card_games_public_view_keeps_the_hand_size_and_has_no_statuses() -> None:
    state = api.new_game("micromafik", [(f"P{i}", r["id"]) for i, r in
                                        enumerate(get_ruleset("micromafik").public_roles()[:8])], seed=3)
    api.deck_auto_all(state)
    seen = player_view(state, 0, events=False)["players"][1]
    assert seen["hand_size"] == len(state.player(1).hand) and seen["statuses"] == []


@pytest.mark.parametrize("name", ["micromafik", "mafik"])
def test_both_card_games_end_with_the_card_layers_death_and_end_steps_and_its_armor(name: str) -> None:
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, CardRuleset) and ruleset.deck_building
    pipeline = {step_name: (order, fn) for order, step_name, fn in ruleset.pipeline._steps}
    assert pipeline["deaths"] == (800, steps.deaths) and pipeline["end"] == (900, steps.end)
    assert (60, "armor", damage.armor) in ruleset.replacements
