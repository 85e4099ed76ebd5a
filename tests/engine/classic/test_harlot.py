"""Шмара (5.1.5): «На ночь снимает клиента, клиент не может совершить свой ход. Самостоятельно работает только на
улице, если персонаж остался дома, то он не может стать клиентом Шмары… Любой игрок может сделать Шмаре заказ
соблазнить игрока. Цена заказа 2 монеты. Можно по заказу пригласить Шмару к себе(один раз за игру). Узнает статус
клиента, высокий/низкий. Высокий имеют – Босс, Шериф, Ведьмак, Прокурор, Реаниматор, Депутат… Не может сама(даже по
заказу) снять – священника и Духа, но снять может, только Священника по его личному заказу. И Шмара, и клиент, не
доступны для ночного враждебного воздействия… Не может две ночи подряд снимать одного и того же клиента без
заказа.» 4.3: «Выстрел в Шмару или клиента Шмары - "неудачно, кто-то или что-то помешало"».»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.model import become, items_of
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game

HARLOT = 8


def harlot(extra: list[str] | None = None) -> Game:
    return Game(["harlot", *(extra or [])])


def test_harlot_the_client_makes_no_move() -> None:
    g = harlot().to_night()
    g.order(HARLOT, "harlot_seduce", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2).resolve()
    assert g.alive(RED_2) and g.result(GREEN_1) == "interfered" and g.result(HARLOT) == "ok"


def test_harlot_learns_the_status() -> None:
    g = harlot().to_night()
    g.order(HARLOT, "harlot_seduce", target=RED_BOSS).order(RED_BOSS, "boss_kill", target=GREEN_1).resolve()
    assert g.events("client_high", HARLOT)
    g.to_night().order(HARLOT, "harlot_seduce", target=RED_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.events("client_low", HARLOT)


def test_harlot_cannot_take_one_who_stays_home() -> None:
    g = harlot().to_night().order(HARLOT, "harlot_seduce", target=GREEN_1).order(GREEN_1, "home").resolve()
    assert g.result(HARLOT) == "at_home"


def test_harlot_by_order_takes_one_at_home_and_is_paid() -> None:
    g = harlot().order(CITIZEN, "day_order", service="service_seduce", target=GREEN_1).to_night()
    g.order(HARLOT, "harlot_seduce", target=GREEN_1).resolve()
    assert g.result(HARLOT) == "ok"
    assert g.coins(CITIZEN) == 4 - 2 and g.coins(HARLOT) == 4 + 2 + 2


def test_harlot_she_and_the_client_are_out_of_reach_of_a_shot() -> None:
    g = harlot().to_night()
    g.order(HARLOT, "harlot_seduce", target=RED_BOSS).order(RED_BOSS, "boss_kill", target=GREEN_1)
    g.order(SHERIFF, "sheriff_shot", target=RED_BOSS).order(GREEN_1, "soldier_kill", target=HARLOT).resolve()
    assert g.alive(RED_BOSS) and items_of(g.state, RED_BOSS, "vest"), "no shot: the vest is not spent"
    assert g.alive(HARLOT)
    assert g.result(SHERIFF) == "interfered" and g.result(GREEN_1) == "interfered"


def test_harlot_cannot_take_the_priest_but_by_his_own_order() -> None:
    g = harlot(["priest"]).to_night()
    g.order(HARLOT, "harlot_seduce", target=9).order(9, "priest_confess", target=RED_1).resolve()
    assert g.result(HARLOT) == "interfered"
    g.order(9, "day_order", service="service_seduce", target=9).to_night()
    g.order(HARLOT, "harlot_seduce", target=9).resolve()
    assert g.result(HARLOT) == "ok"


def test_harlot_cannot_take_the_spirit() -> None:
    g = harlot()
    g.state.player(GREEN_1).secret_role = "spirit"
    g.to_night().order(HARLOT, "harlot_seduce", target=GREEN_1).resolve()
    assert g.result(HARLOT) == "interfered"


def test_harlot_invited_home_once_a_game() -> None:
    g = harlot().order(CITIZEN, "day_order", service="service_seduce", target=CITIZEN).to_night()
    g.order(HARLOT, "harlot_seduce", target=CITIZEN).resolve()
    g.order(CITIZEN, "day_order", service="service_seduce", target=CITIZEN).to_night()
    with pytest.raises(Refusal):  # the second invitation is not taken: no order, the same client two nights
        g.order(HARLOT, "harlot_seduce", target=CITIZEN)
    g.resolve()
    assert g.coins(CITIZEN) == 4 - 2


def test_harlot_not_the_same_client_two_nights_running_without_an_order() -> None:
    g = harlot().to_night().order(HARLOT, "harlot_seduce", target=GREEN_1)
    g.order(GREEN_1, "soldier_kill", target=RED_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(HARLOT, "harlot_seduce", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"


def test_harlot_shelter_does_not_stop_the_vampires_bite() -> None:
    """«И Шмара, и клиент, не доступны для ночного враждебного воздействия, кроме укуса вампира и взрыва психа»."""
    g = harlot(["vampire"]).to_night()
    g.order(HARLOT, "harlot_seduce", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2)
    g.order(9, "vampire_bite", target=GREEN_1).resolve()
    assert g.events("undead_bitten", GREEN_1)


def test_harlot_blast_kills_her_and_her_client() -> None:
    """«При взрыве Шмары или ее клиента погибают оба»."""
    g = harlot(["citizen"])
    become(g.state, 9, "psycho")
    g.to_night().order(HARLOT, "harlot_seduce", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2)
    g.order(9, "psycho_blow", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1) and not g.alive(HARLOT)


def test_harlot_who_sleeps_with_the_vampire_is_bitten() -> None:
    """«Если переспит с вампиром, подвергается укусу»."""
    g = harlot(["vampire"]).to_night()
    g.order(HARLOT, "harlot_seduce", target=9).order(9, "vampire_bite", target=GREEN_1).resolve()
    assert g.events("undead_bitten", HARLOT)
    assert g.result(9) == "interfered", "the client makes no move"
