"""Properties of random legal games of «Классическая форумная мафия» (engine/sim.py's agents over api.actions):
no crash, a JSON round trip at any moment changes nothing, the same seed gives the same game, and nobody is told
another character's secret role privately (roles are revealed publicly: the dead's, 1.12)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.state import GameState
from engine.core.views import player_view
from engine.sim import play_game

RULESET = "classic"
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=8, max_value=12)
fast = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OWN_ROLE = frozenset({"classic_role", "role_changed"})  # his own role, then each change of it (a mad spouse…)


def dump(state: GameState) -> str:
    return api.dump(state)


@fast
@given(seed=seeds, n=players)
def test_random_games_end_without_a_crash(seed: int, n: int) -> None:
    result = play_game(RULESET, n, seed)
    assert result.completed


@fast
@given(seed=seeds, n=players)
def test_a_json_round_trip_at_every_moment_changes_nothing(seed: int, n: int) -> None:
    plain = play_game(RULESET, n, seed)
    tripped = play_game(RULESET, n, seed, hook=lambda state, _moment: api.load(api.dump(state)))
    assert dump(plain.state) == dump(tripped.state)


@fast
@given(seed=seeds, n=players)
def test_the_same_seed_gives_the_same_game(seed: int, n: int) -> None:
    assert dump(play_game(RULESET, n, seed).state) == dump(play_game(RULESET, n, seed).state)


@fast
@given(seed=seeds, n=players)
def test_nobody_is_told_another_secret_role_privately(seed: int, n: int) -> None:
    state = play_game(RULESET, n, seed).state
    for player in state.players:
        for event in player_view(state, player.pid)["events"]:
            if event["to"] == "player" and event["kind"] not in OWN_ROLE:
                assert event["params"].get("secret_role") in (None, player.secret_role), event
            assert event["to"] != "faction" or event["who"] == player.faction
