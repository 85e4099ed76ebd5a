"""Хозяин магазина (5.1.15): «Изначально имеет Сирену, но изначально не имеет монет. … После его смерти магазин
выбывает из игры. … Один раз за игру может закрыть магазин на учет (магазин не будет доступен на одну ночь).
Ночью продает вещи из магазина по завышенной цене, +1 монета к цене магазина (оставляет себе). Один раз за игру
может купить для себя, но в приоритете покупатель. Один раз за игру может отдать заказчику подделку … Один раз
за игру может кинуть ночного покупателя, монеты спишутся у покупателя и 50% останется Хозяину магазина»."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic import economy
from engine.rulesets.classic.economy import shop_is_open
from engine.rulesets.classic.model import cit, items_of
from tests.engine.classic.conftest import CITIZEN, RED_1, Game

S = 8


def test_shopkeeper_starts_with_a_siren_and_no_coins() -> None:
    g = Game(["shopkeeper"])
    assert g.coins(S) == 0
    assert items_of(g.state, S, "siren")


def test_shopkeeper_sells_at_plus_one_and_keeps_it() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert items_of(g.state, CITIZEN, "holy_water", active=False)
    assert g.coins(CITIZEN) == 4 - 4 + 2
    assert g.coins(S) == 1


def test_shopkeeper_without_him_the_list_price() -> None:
    g = Game().to_night()
    g.order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert g.coins(CITIZEN) == 4 - 3 + 2


def test_shopkeeper_death_closes_the_shop() -> None:
    g = Game(["shopkeeper"]).to_night().disarm(S)  # his Сирена would turn the shot away
    g.order(RED_1, "soldier_kill", target=S).resolve()
    assert not g.alive(S)
    assert not shop_is_open(g.state)
    assert g.public("shop_closed_for_good")


def test_shopkeeper_death_closes_the_shop_that_very_night() -> None:
    g = Game(["shopkeeper"]).to_night().disarm(S)  # his Сирена would turn the shot away
    g.order(RED_1, "soldier_kill", target=S).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert g.result(CITIZEN) == "shop_closed"


def test_shopkeeper_stocktaking_closes_the_shop_for_a_night_once() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(S, "shop_stocktaking").order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert g.result(CITIZEN) == "shop_closed"
    assert g.result(S) == "ok"
    g.resolve()
    assert shop_is_open(g.state)
    with pytest.raises(Refusal):
        g.order(S, "shop_stocktaking")


def test_shopkeeper_buys_for_himself_once_at_the_list_price() -> None:
    g = Game(["shopkeeper"]).to_night()
    economy.earn(g.state, S, 8, "move")
    g.order(S, "buy", item="buy_holy_water").resolve()
    assert items_of(g.state, S, "holy_water", active=False)
    assert g.coins(S) == 8 - 3 + 2
    g.resolve()
    with pytest.raises(Refusal):
        g.order(S, "buy", item="buy_icon")


def test_shopkeeper_the_buyer_comes_first() -> None:
    g = Game(["shopkeeper", "citizen"]).to_night()
    economy.earn(g.state, S, 8, "move")
    economy.earn(g.state, 9, 4, "move")
    g.order(S, "buy", item="buy_decree").order(9, "buy", item="buy_decree").resolve()
    assert items_of(g.state, 9, "decree", active=False)
    assert not items_of(g.state, S, "decree", active=False)


def test_shopkeeper_cheat_takes_the_coins_and_keeps_half() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(S, "shop_cheat").order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert not items_of(g.state, CITIZEN, "holy_water", active=False)
    assert g.coins(CITIZEN) == 4 - 4 + 2
    assert g.coins(S) == 4 // 2 + 2
    assert g.events("shop_cheated", CITIZEN)


def test_shopkeeper_cheat_without_a_buyer_fails_and_is_kept() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(S, "shop_cheat").resolve()
    assert g.result(S) == "no_buyer"
    g.resolve()
    g.order(S, "shop_cheat")  # still his once a game


def test_shopkeeper_cheat_once_a_game() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(S, "shop_cheat").order(CITIZEN, "buy", item="buy_holy_water").resolve()
    g.resolve()
    with pytest.raises(Refusal):
        g.order(S, "shop_cheat")


def test_shopkeeper_fake_does_not_work() -> None:
    g = Game(["shopkeeper"]).to_night()
    g.order(S, "shop_fake").order(CITIZEN, "buy", item="buy_holy_water").resolve()
    bought = [i for i in cit(g.state, CITIZEN).items if i.kind == "holy_water"]
    assert bought and bought[0].fake
    g.resolve()
    with pytest.raises(Refusal):
        g.order(S, "shop_fake")
