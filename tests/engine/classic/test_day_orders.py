"""Day orders (1.5, 4.2): «В течении дня, принимаются заказы, которые через ведущего передаются исполнителям.
Заказы ходом не являются»; paid by the customer («снимается с заказчика») when fulfilled."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.services import fulfil, orders_for
from tests.engine.classic.conftest import CITIZEN, RED_1, SHERIFF, Game


def test_an_order_is_passed_to_the_roles_holder_for_the_night(game: Game) -> None:
    game.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN).resolve()
    assert game.state.is_night
    [order] = orders_for(game.state, SHERIFF, "cover")
    assert (order.by, order.target) == (CITIZEN, CITIZEN)
    assert game.events("order_received", SHERIFF)[-1].params == {"service": "cover", "target": CITIZEN, "price": 2}


def test_an_order_is_not_a_move_and_costs_nothing_until_fulfilled(game: Game) -> None:
    game.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN).resolve()
    assert game.coins(CITIZEN) == 4
    game.order(CITIZEN, "stake", target=RED_1)  # the night's move is still his


def test_a_fulfilled_order_is_paid_by_the_customer_to_the_executor(game: Game) -> None:
    game.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN).resolve()
    [order] = orders_for(game.state, SHERIFF)
    assert fulfil(game.state, order, SHERIFF)
    assert (game.coins(CITIZEN), game.coins(SHERIFF)) == (2, 6)
    assert not orders_for(game.state, SHERIFF)
    assert game.events("order_fulfilled", CITIZEN)


def test_an_order_to_a_role_nobody_holds_is_not_passed_on(game: Game) -> None:
    game.order(CITIZEN, "day_order", service="service_heal", target=CITIZEN).resolve()
    assert not game.events("order_received")


def test_an_order_without_the_price_is_refused(game: Game) -> None:
    game.state.players[CITIZEN].ext["coins"] = 1
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN)
    assert err.value.params["reason"] == "no_coins"


def test_orders_are_taken_by_day_only() -> None:
    g = Game(night_one=True)
    with pytest.raises(Refusal):
        g.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN)


def test_the_nights_orders_are_gone_after_it(game: Game) -> None:
    game.order(CITIZEN, "day_order", service="service_cover", target=CITIZEN).resolve().resolve()
    assert not orders_for(game.state, SHERIFF)
