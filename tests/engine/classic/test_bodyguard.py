"""Телохранитель (5.1.8): «Ходит с колом; Защищает выбранного персонажа от выстрелов, травли, казни палача, пытки
маньяка ночью. Если защищаемого травят, то вместо него будет отравлен телохранитель. Не может защищать себя, не
может защищать одного и того же два раза подряд. Можно заказать за 2 монеты. За 4 монеты можно заказать особую
защиту - телохранитель выстрелит в нападавшего… Если нападавшего не будет, монеты будут все равно сняты. Если
телохранителя в течение ночи убивают, то персонаж лишается защиты… "Особая защита персонажа" осуществляется
только по заказу.»"""

from __future__ import annotations

import pytest

from engine.core.durations import THIS_PHASE
from engine.core.refusal import Refusal
from engine.rulesets.classic.roles.care import GUARD as GUARD_STATUS
from tests.engine.classic.care_helpers import poison, strip_vest
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game

GUARD = 8


def bodyguard(extra: list[str] | None = None) -> Game:
    return Game(["bodyguard", *(extra or [])])


def test_bodyguard_guard_stops_a_shot() -> None:
    g = bodyguard().to_night()
    g.order(GUARD, "bodyguard_guard", target=GREEN_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(GREEN_1)
    assert g.result(RED_1) == "ok", "the shot itself happened"
    assert g.events("guard_attacked", GUARD)


def test_bodyguard_is_poisoned_instead_of_the_guarded() -> None:
    """(Poison comes with the items' module: folded through the layers as it will be.)"""
    g = bodyguard().to_night()
    g.state.add_effect(GUARD_STATUS, target=GREEN_1, source=GUARD, during=THIS_PHASE, special=False)
    assert poison(g, RED_1, GREEN_1) == GUARD


def test_bodyguard_cannot_guard_himself() -> None:
    g = bodyguard().to_night()
    with pytest.raises(Refusal):
        g.order(GUARD, "bodyguard_guard", target=GUARD)


def test_bodyguard_not_the_same_two_nights_running() -> None:
    g = bodyguard().to_night().order(GUARD, "bodyguard_guard", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(GUARD, "bodyguard_guard", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"


def test_bodyguard_special_guard_only_by_order() -> None:
    g = bodyguard().to_night()
    with pytest.raises(Refusal) as err:
        g.order(GUARD, "bodyguard_special", target=GREEN_1)
    assert err.value.params["reason"] == "special_by_order"


def test_bodyguard_special_guard_shoots_the_attacker_and_costs_four() -> None:
    g = bodyguard().order(GREEN_1, "day_order", service="service_special_guard", target=GREEN_1).to_night()
    g.order(GUARD, "bodyguard_special", target=GREEN_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(GREEN_1) and not g.alive(RED_1)
    assert g.coins(GUARD) == 4 + 4 + 2


def test_bodyguard_order_is_paid_even_without_an_attacker() -> None:
    g = bodyguard().order(CITIZEN, "day_order", service="service_guard", target=GREEN_1).to_night()
    g.order(GUARD, "bodyguard_guard", target=GREEN_1).resolve()
    assert g.coins(CITIZEN) == 4 - 2 and g.coins(GUARD) == 4 + 2 + 2


def test_bodyguard_killed_in_the_night_leaves_the_guarded_without_protection() -> None:
    g = bodyguard().to_night()
    g.order(GUARD, "bodyguard_guard", target=GREEN_1).order(RED_BOSS, "boss_kill", target=GUARD)
    g.order(4, "soldier_kill", target=RED_1)  # the green soldier (500) after the red boss (420)
    g.resolve()
    assert not g.alive(GUARD) and not g.alive(RED_1)


def test_bodyguard_blocked_does_not_shoot_back() -> None:
    g = bodyguard(["nurse"]).order(GREEN_1, "day_order", service="service_special_guard", target=GREEN_1)
    g.to_night().order(9, "nurse_quarantine", target=GUARD).order(GUARD, "bodyguard_special", target=GREEN_1)
    g.order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(RED_1) and not g.alive(GREEN_1)


def test_bodyguard_hunts_with_a_stake() -> None:
    g = bodyguard(["citizen"])
    g.state.player(GREEN_1).secret_role = "vampire"
    strip_vest(g, SHERIFF)
    g.to_night().order(GUARD, "bodyguard_stake", target=GREEN_1).order(CITIZEN, "stake", target=GREEN_1)
    g.order(9, "stake", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)
