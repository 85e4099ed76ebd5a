"""Пьяница (5.1.7): «Не даёт сделать ночной ход собутыльнику, от внешних воздействий не защищает… В ночь пьянки,
Пьяница и собутыльник не восприимчивы к любому яду… Не может две ночи подряд выбирать в собутыльники одного и того
же игрока без заказа… Может писать любой пьяный бред на заборе, если делал ход "споить персонажа". Можно отправить
на дом себе или другому игроку за 2 монеты, отказаться от заказа пьяница не может, если заказов несколько - может
выбрать… Если нет заказа может найти собутыльника самостоятельно, но тогда денег не получает.»"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import become
from tests.engine.classic.care_helpers import poison
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, Game

DRUNK = 8


def drunkard() -> Game:
    return Game(["drunkard"])


def test_drunkard_the_companion_makes_no_move() -> None:
    g = drunkard().to_night()
    g.order(DRUNK, "drunkard_drink", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2).resolve()
    assert g.alive(RED_2) and g.result(GREEN_1) == "interfered"


def test_drunkard_does_not_protect() -> None:
    g = drunkard().to_night()
    g.order(DRUNK, "drunkard_drink", target=GREEN_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)


def test_drunkard_without_an_order_earns_nothing() -> None:
    g = drunkard().to_night().order(DRUNK, "drunkard_drink", target=GREEN_1).resolve()
    assert g.coins(DRUNK) == 4


def test_drunkard_order_is_paid() -> None:
    g = drunkard().order(CITIZEN, "day_order", service="service_drink", target=GREEN_1).to_night()
    g.order(DRUNK, "drunkard_drink", target=GREEN_1).resolve()
    assert g.coins(CITIZEN) == 4 - 2 and g.coins(DRUNK) == 4 + 2 + 2


def test_drunkard_cannot_refuse_an_order() -> None:
    g = drunkard().order(CITIZEN, "day_order", service="service_drink", target=GREEN_1).to_night()
    with pytest.raises(Refusal) as err:
        g.order(DRUNK, "drunkard_drink", target=RED_1)
    assert err.value.params["reason"] == "must_take_order"


def test_drunkard_both_immune_to_poison_that_night() -> None:
    g = drunkard().to_night()
    from engine.core.durations import THIS_PHASE
    from engine.rulesets.classic.roles.care import DRUNK as DRINKING

    for pid in (DRUNK, GREEN_1):
        g.state.add_effect(DRINKING, target=pid, during=THIS_PHASE)
    assert poison(g, RED_1, GREEN_1) == -1 and poison(g, RED_1, DRUNK) == -1
    assert poison(g, RED_1, RED_2) == RED_2, "one who did not drink can be poisoned"


def test_drunkard_not_the_same_companion_two_nights_running_without_an_order() -> None:
    g = drunkard().to_night().order(DRUNK, "drunkard_drink", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(DRUNK, "drunkard_drink", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"


def test_drunkard_writes_on_the_fence_after_a_drinking_night() -> None:
    g = drunkard()
    with pytest.raises(Refusal):
        api.act(g.state, DRUNK, "drunkard_fence", {"text": "всё пропало"})
    g.to_night().order(DRUNK, "drunkard_drink", target=GREEN_1).resolve()
    api.act(g.state, DRUNK, "drunkard_fence", {"text": "всё пропало"})
    assert g.public("fence") == [{"text": "всё пропало"}]
    with pytest.raises(Refusal):
        api.act(g.state, DRUNK, "drunkard_fence", {"text": "ещё"})


def test_drunkard_blast_kills_him_and_his_companion() -> None:
    """«При взрыве Пьяни или его собутыльника погибают оба»."""
    g = Game(["drunkard", "citizen"])
    become(g.state, 9, "psycho")
    g.to_night().order(8, "drunkard_drink", target=GREEN_1).order(9, "psycho_blow", target=8).resolve()
    assert not g.alive(GREEN_1) and not g.alive(8)
