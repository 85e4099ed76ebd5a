"""What the engine makes while it works is freed as soon as it is dropped, never left in reference cycles
for the garbage collector: a collection over such cycles took a tenth of a simulated game's time, and
paused a busy bot for 25 ms. Each test turns the collector off, does the work, and counts what a
collection would find."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import api
from engine.core.refusal import Refusal, refuse
from engine.sim import GameRunner, long_run, play_game
from tests.engine.random_games import fast


@contextmanager
def no_collector() -> Iterator[Callable[[], int]]:
    """Inside: the collector is off; the function it gives counts the objects only a collection would free."""
    gc.collect()
    gc.disable()
    try:
        yield gc.collect
    finally:
        gc.enable()


def test_a_refusal_found_before_it_is_raised_leaves_no_cycle() -> None:
    def judge() -> Refusal:
        return Refusal("deck_invalid", reason="size")

    with no_collector() as garbage:
        for _ in range(20):
            with suppress(Refusal):
                refuse(judge())
        assert garbage() == 0


def test_no_verdict_is_no_refusal() -> None:
    refuse(None)


def test_a_refusal_kept_as_a_verdict_holds_no_traceback() -> None:
    try:
        raise Refusal("dead")
    except Refusal as refusal:
        kept = refusal.kept()
    assert kept.code == "dead" and kept.__traceback__ is None


@pytest.mark.parametrize(("ruleset", "players"), [("mafik", 16), ("micromafik", 8), ("guises", 10), ("classic", 16),
                                                  ("hidden_rules", 10)])
@fast(2)
@given(seed=st.integers(0, 10**6))
def test_a_whole_simulated_game_leaves_nothing_for_the_collector(ruleset: str, players: int, seed: int) -> None:
    """Deck building (refused decks among it), every submission and every resolution of a game."""
    with long_run(ruleset):
        play_game(ruleset, players, seed)  # whatever a first game builds to keep is not garbage
        with no_collector() as garbage:
            play_game(ruleset, players, seed + 1)
            assert garbage() == 0


def test_a_resolution_lets_go_of_its_plays() -> None:
    runner = GameRunner("mafik", 16, 3)
    while runner.state.phase < 3:
        runner.step()
    runner.act()
    with no_collector() as garbage:
        api.resolve(runner.state)
        assert garbage() == 0
