"""Туроператор (5.1.9): «ходит с колом; отправляет в тур одного игрока. Отправленный в тур игрок не может совершать
ночных ходов. На отправленного в тур игрока не действуют ночные ходы других игроков. Не может отправлять в тур
одного и того же игрока два раза за игру. Не может отправить в тур самого себя… Игрок, отправленный в тур, узнает о
своей поездке… отправляет на экскурсию одного игрока… На отправленного на экскурсию игрока действуют ночные ходы
других игроков… Не может воздействовать на одного игрока две ночи подряд… Заказ Тура или экскурсии = 3 монеты.»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, Game

TOUR = 8


def operator() -> Game:
    return Game(["tour_operator"])


def test_tour_operator_tour_takes_the_move_and_shelters() -> None:
    g = operator().to_night()
    g.order(TOUR, "tour_send", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2)
    g.order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(RED_2) and g.alive(GREEN_1)
    assert g.result(GREEN_1) == "interfered" and g.result(RED_1) == "interfered"
    assert g.events("sent_on_tour", GREEN_1)


def test_tour_operator_excursion_takes_the_move_but_does_not_shelter() -> None:
    g = operator().to_night()
    g.order(TOUR, "excursion_send", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2)
    g.order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(RED_2) and not g.alive(GREEN_1)
    assert g.events("sent_on_excursion", GREEN_1)


def test_tour_operator_cannot_send_himself() -> None:
    g = operator().to_night()
    with pytest.raises(Refusal):
        g.order(TOUR, "tour_send", target=TOUR)


def test_tour_operator_not_the_same_player_two_nights_running() -> None:
    g = operator().to_night().order(TOUR, "tour_send", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(TOUR, "excursion_send", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"


def test_tour_operator_not_the_same_tour_twice_a_game() -> None:
    g = operator().to_night().order(TOUR, "tour_send", target=GREEN_1).resolve()
    g.to_night().order(TOUR, "tour_send", target=RED_1).resolve()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(TOUR, "tour_send", target=GREEN_1)
    g.order(TOUR, "excursion_send", target=GREEN_1)  # the excursion is another limit


def test_tour_operator_order_costs_three() -> None:
    g = operator().order(CITIZEN, "day_order", service="service_tour", target=GREEN_1).to_night()
    g.order(TOUR, "tour_send", target=GREEN_1).resolve()
    assert g.coins(CITIZEN) == 4 - 3 and g.coins(TOUR) == 4 + 3 + 2


def test_tour_operator_the_name_is_not_announced() -> None:
    g = operator().to_night().order(TOUR, "tour_send", target=GREEN_1).resolve()
    assert not [e for e in g.state.events if e.to == "public" and "tour" in e.kind]


def test_tour_operator_hunts_with_a_stake() -> None:
    g = Game(["tour_operator", "citizen"])
    g.state.player(GREEN_1).secret_role = "vampire"
    g.to_night().order(TOUR, "tour_stake", target=GREEN_1).order(CITIZEN, "stake", target=GREEN_1)
    g.order(9, "stake", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)
