"""Указ президента (2): «Однократный аналог действия Депутата. Цена – 4 монеты, в продаже 1 шт.» The Депутат
(2.10): «Имеет со старта кляп» (the target loses his vote on the next day) and «лишить хода»."""

from __future__ import annotations

from engine.rulesets.classic.economy import base_price, stock_of
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_1, SHERIFF, Game


def holder() -> Game:
    g = Game(extra=["citizen"])
    g.disarm(CITIZEN)
    new_item(g.state, CITIZEN, "decree")
    return g


def test_decree_costs_4_coins_one_in_stock() -> None:
    g = Game()
    assert base_price("decree") == 4
    assert stock_of(g.state, "decree") == 1


def test_decree_block_the_targets_move_fails() -> None:
    g = holder()
    g.to_night().order(CITIZEN, "use_decree", target=RED_1, act="decree_block")
    g.order(RED_1, "soldier_kill", target=SHERIFF).resolve()
    assert g.result(RED_1) == "interfered"
    assert g.alive(SHERIFF)


def test_decree_gag_the_target_loses_his_vote_next_day() -> None:
    g = holder()
    g.to_night().order(CITIZEN, "use_decree", target=GREEN_BOSS, act="decree_gag").resolve()
    g.order(GREEN_BOSS, "vote", target=SHERIFF).order(8, "vote", target=RED_1).resolve()
    assert g.jailed(RED_1) and not g.jailed(SHERIFF)


def test_decree_once() -> None:
    g = holder()
    g.to_night().order(CITIZEN, "use_decree", target=RED_1, act="decree_block").resolve()
    assert "decree" not in g.items(CITIZEN)


def test_decree_is_the_nights_move_unpaid() -> None:
    import pytest

    from engine.core.refusal import Refusal

    g = holder()
    before = g.coins(CITIZEN)
    g.to_night().order(CITIZEN, "use_decree", target=RED_1, act="decree_block")
    with pytest.raises(Refusal):
        g.order(CITIZEN, "stake", target=RED_1)
    g.resolve()
    assert g.coins(CITIZEN) == before
