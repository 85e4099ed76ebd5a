"""Properties of random legal games of «Мафия по скрытым правилам» (engine/sim.py's actions agent): no
crash, a JSON round trip at any moment changes nothing, the same seed gives the same game, nobody is told
another's secret role, and nobody is told a soul's label but by Взгляд в душу (the stone stays anonymous)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.views import player_view
from engine.rulesets.hidden_rules.model import stone
from engine.sim import play_game

RULESET = "hidden_rules"
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=8, max_value=12)
fast = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@given(seed=seeds, n=players)
def test_random_games_end_without_a_crash(seed: int, n: int) -> None:
    assert play_game(RULESET, n, seed).completed


@fast
@given(seed=seeds, n=players)
def test_a_json_round_trip_at_every_moment_changes_nothing(seed: int, n: int) -> None:
    plain = play_game(RULESET, n, seed)
    tripped = play_game(RULESET, n, seed, hook=lambda state, _moment: api.load(api.dump(state)))
    assert api.dump(plain.state) == api.dump(tripped.state)


@fast
@given(seed=seeds, n=players)
def test_the_same_seed_gives_the_same_game(seed: int, n: int) -> None:
    assert api.dump(play_game(RULESET, n, seed).state) == api.dump(play_game(RULESET, n, seed).state)


@fast
@given(seed=seeds, n=players)
def test_nobody_is_told_another_secret_role_nor_a_souls_owner_but_by_a_soul_glance(seed: int, n: int) -> None:
    state = play_game(RULESET, n, seed).state
    souls = stone(state).souls
    for player in state.players:
        for event in player_view(state, player.pid)["events"]:
            if event["kind"] == "game_over":
                continue
            params = event["params"]
            if event["to"] == "player":
                assert params.get("secret_role") in (None, player.secret_role), event
            if "label" in params:  # a soul named with its owner: only the Пожиратель's glance
                assert event["kind"] == "hr_soul_found" and souls[str(params["target"])] == params["label"]
            for node in (params.get("diagram") or {}).get("nodes", []):
                assert node["label"] == node["id"] or event["who"] == player.pid
