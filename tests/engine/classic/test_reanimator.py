"""Реаниматор (5.1.13): «реанимирование трупа; может отказаться от реанимирования трупа. Выезжает точно на вызов.
Ходит последним и знает все трупы за прошедшую ночь. Реанимирует любого (одного) из них на свой выбор (роль и статус
не узнает). Себя реанимировать не может. Не может два дня подряд реанимировать одного и того же человека. Не может
реанимировать Зомби.» 3.1: «Реаниматолог. Удачная реанимация - 1 монета.» 4.1: «персонаж убитый/умерший в тюрьме
не подлежит лечению и воскрешению.»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.model import become
from tests.engine.classic.conftest import GREEN_1, RED_1, Game

REANIMATOR = 8


def reanimator() -> Game:
    return Game(["reanimator"])


def test_reanimator_brings_back_the_nights_corpse() -> None:
    g = reanimator().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1).resolve()
    assert g.alive(GREEN_1)
    assert g.public("reanimated") == [{"pid": GREEN_1}]
    assert g.coins(REANIMATOR) == 4 + 2 + 1


def test_reanimator_knows_the_nights_corpses() -> None:
    g = reanimator().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=RED_1).resolve()
    assert g.events("night_corpses", REANIMATOR)[-1].params == {"pids": [GREEN_1]}
    assert g.result(REANIMATOR) == "not_a_corpse" and g.alive(RED_1)


def test_reanimator_does_not_learn_the_role() -> None:
    g = reanimator().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1).resolve()
    assert not [e for e in g.state.events if e.who == REANIMATOR and e.phase == g.state.phase - 1
                and "secret_role" in e.params]


def test_reanimator_cannot_reanimate_himself() -> None:
    g = reanimator().to_night()
    with pytest.raises(Refusal):
        g.order(REANIMATOR, "reanimate", target=REANIMATOR)


def test_reanimator_not_the_same_two_days_running() -> None:
    g = reanimator().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(REANIMATOR, "reanimate", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"


def test_reanimator_cannot_reanimate_a_zombie() -> None:
    g = reanimator()
    g.state.player(GREEN_1).secret_role = "zombie"
    g.to_night().order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1) and g.result(REANIMATOR) == "not_revivable"


def test_reanimator_cannot_help_the_maniacs_bloody_victim() -> None:
    """Маньяк: «Ведьмак и Реаниматор не могут помочь жертве» of the bloody murder."""
    g = Game(["reanimator", "citizen"])
    become(g.state, 9, "maniac")
    g.to_night().order(9, "maniac_bloody_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1)
    g.resolve()
    assert not g.alive(GREEN_1)
    assert g.result(REANIMATOR) == "not_revivable"
