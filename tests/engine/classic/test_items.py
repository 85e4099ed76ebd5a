"""Items whose effects are in: Бронежилет (tests/engine/classic/test_sheriff.py: a shot into a vest), Диплом."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_BOSS, SHERIFF, Game


def test_the_diploma_doubles_its_holders_vote_once() -> None:
    g = Game(settings={"vote_tie": "coin"})
    g.order(RED_BOSS, "use_diploma").order(RED_BOSS, "vote", target=SHERIFF)
    g.order(CITIZEN, "vote", target=GREEN_1)
    g.resolve()
    assert g.public("vote_tally")[-1]["tally"] == [{"pid": GREEN_1, "n": 1}, {"pid": SHERIFF, "n": 2}]
    assert g.jailed(SHERIFF)
    assert "diploma" not in g.items(RED_BOSS)


def test_using_the_diploma_is_not_a_move() -> None:
    g = Game()
    g.order(RED_BOSS, "use_diploma")
    g.resolve()
    assert g.coins(RED_BOSS) == 8, "no +2: not a move"
    g.order(RED_BOSS, "boss_kill", target=CITIZEN)  # the night's move is still his
    assert g.state.orders[RED_BOSS]


def test_no_diploma_no_double_vote(game: Game) -> None:
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "use_diploma")
    assert err.value.params["reason"] == "no_diploma"


def test_the_diploma_is_used_by_day_only() -> None:
    g = Game(night_one=True)
    with pytest.raises(Refusal):
        api.submit(g.state, RED_BOSS, "use_diploma")
