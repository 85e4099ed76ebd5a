"""Снотворное (2.1): «Блокирует ночное действие игрока, а также аннулирует его голос на голосовании на следующий
день.»"""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_BOSS, SHERIFF, Game


def test_sleeping_pill_blocks_the_night_action() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "sleeping_pill")
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=RED_BOSS).order(RED_BOSS, "boss_kill", target=SHERIFF)
    g.resolve()
    assert g.alive(SHERIFF)
    assert g.result(RED_BOSS) == "interfered"
    assert g.result(CITIZEN) == "ok"
    assert "sleeping_pill" not in g.items(CITIZEN)


def test_sleeping_pill_voids_the_next_days_vote() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "sleeping_pill")
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=RED_BOSS).resolve()
    g.order(RED_BOSS, "vote", target=SHERIFF).order(GREEN_1, "vote", target=CITIZEN).resolve()
    assert not g.jailed(SHERIFF)
    assert g.jailed(CITIZEN)


def test_sleeping_pill_is_the_nights_move_unpaid() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "sleeping_pill")
    before = g.coins(CITIZEN)
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=RED_BOSS).resolve()
    assert g.coins(CITIZEN) == before


def test_sleeping_pill_not_into_the_bar() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "sleeping_pill")
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=RED_BOSS).order(RED_BOSS, "bar").resolve()
    assert g.result(CITIZEN) == "interfered"
    assert "sleeping_pill" in g.items(CITIZEN)
