"""Properties of random legal games of «Классическая форумная мафия» (engine/sim.py's agents over api.actions):
no crash, a JSON round trip at any moment changes nothing, the same seed gives the same game, and nobody is told
another character's secret role privately (roles are revealed publicly: the dead's, 1.12). The checks:
tests/engine/random_games.py."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.engine import random_games as games

RULESET = "classic"
players = st.integers(min_value=8, max_value=12)
OWN_ROLE = frozenset({"classic_role", "role_changed"})  # his own role, then each change of it (a mad spouse…)


@games.fast(5)
@given(seed=games.seeds, n=players)
def test_random_games_end_without_a_crash(seed: int, n: int) -> None:
    games.finished_game(RULESET, n, seed)


@games.fast(5)
@given(seed=games.seeds, n=players)
def test_a_json_round_trip_at_every_moment_changes_nothing(seed: int, n: int) -> None:
    games.check_round_trip_at_every_moment(RULESET, n, seed)


@games.fast(5)
@given(seed=games.seeds, n=players)
def test_the_same_seed_gives_the_same_game(seed: int, n: int) -> None:
    games.check_same_seed(RULESET, n, seed)


@games.fast(5)
@given(seed=games.seeds, n=players)
def test_nobody_is_told_another_secret_role_privately(seed: int, n: int) -> None:
    games.check_no_other_role_told_privately(games.finished_game(RULESET, n, seed), except_kinds=OWN_ROLE)
