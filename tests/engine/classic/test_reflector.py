"""Отражатель (2): «Любое враждебное ночное действие переносится на игрока (кроме пытки маньяка), собравшего
наибольшее после посаженного количество голосов. Если таких несколько, то один выбирается случайным образом
(монетка).» 4.3: «Выстрел в отражатель - "удачно"»."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_2, RED_1, RED_2, RED_BOSS, SHERIFF, Game


def voted() -> Game:
    """Day 1: GREEN_1 jailed with 3 votes, RED_2 second with 2, SHERIFF third with 1."""
    g = Game()
    new_item(g.state, CITIZEN, "reflector")
    for voter in (RED_BOSS, RED_1, SHERIFF):
        g.order(voter, "vote", target=GREEN_1)
    g.order(CITIZEN, "vote", target=RED_2).order(GREEN_2, "vote", target=RED_2).order(RED_2, "vote", target=SHERIFF)
    g.resolve()
    assert g.jailed(GREEN_1)
    return g


def test_reflector_passes_the_shot_to_the_runner_up() -> None:
    g = voted()
    g.order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert not g.alive(RED_2)
    assert g.result(RED_BOSS) == "ok"
    assert "reflector" not in g.items(CITIZEN)
    assert g.events("reflected", CITIZEN)


def test_reflector_passes_a_poison_too() -> None:
    from engine.rulesets.classic.items.poison import poisoned

    g = voted()
    new_item(g.state, GREEN_2, "poison_viper")
    g.order(GREEN_2, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert not poisoned(g.state, CITIZEN) and poisoned(g.state, RED_2)


def test_reflector_without_a_runner_up_does_nothing() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "reflector")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)


def test_reflector_coin_among_equals() -> None:
    g = Game(seed=3)
    new_item(g.state, CITIZEN, "reflector")
    for voter in (RED_BOSS, RED_1, SHERIFF):
        g.order(voter, "vote", target=GREEN_1)
    g.order(CITIZEN, "vote", target=RED_2).order(GREEN_2, "vote", target=SHERIFF).resolve()
    g.order(GREEN_2, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert (not g.alive(RED_2)) + ("vest" not in g.items(SHERIFF)) == 1
