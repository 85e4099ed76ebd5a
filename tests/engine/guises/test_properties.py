"""Properties of random legal games of «Мафия с личинами» (engine/sim.py's agents over api.actions): no
crash, a JSON round trip at any moment changes nothing, the same seed gives the same game, and nobody is
told another character's secret role but by an ability that learns it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.state import GameState
from engine.core.views import player_view
from engine.sim import play_game

RULESET = "guises"
seeds = st.integers(min_value=0, max_value=2**31)
players = st.integers(min_value=4, max_value=14)
fast = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The events that tell a player someone else's secret role: the abilities that learn it, and the end.
LEARNS_ROLES = frozenset({"role_learned", "game_over"})


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
def test_nobody_is_told_another_secret_role_but_by_an_ability(seed: int, n: int) -> None:
    state = play_game(RULESET, n, seed).state
    for player in state.players:
        for event in player_view(state, player.pid)["events"]:
            if event["kind"] in LEARNS_ROLES:
                continue
            if event["to"] == "player":
                assert event["params"].get("secret_role") in (None, player.secret_role), event
            assert event["to"] != "faction" or event["who"] == player.faction
