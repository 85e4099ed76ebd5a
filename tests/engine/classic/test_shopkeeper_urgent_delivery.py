"""Хозяин магазина's urgent delivery (5.1.15): «Может осуществить срочную доставку (цена выше на 4 монеты) - если
заказ принят, то товар будет доставлен вечером. При срочной доставке не может отдавать подделку(испорченный
оригинал).» 4.1: «Поздний вечер: … Хозяин магазина(срочный заказ/ …)»; 4.2: «Заказы … хозяину магазина принимаются
в течении дня»; 3.1: «Директор магазина. Заработок за заказ - 1 монеты (снимается с заказчика)»."""

from __future__ import annotations

import pytest

from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.rulesets.classic.economy import stock_of
from engine.rulesets.classic.model import Citizen, items_of
from tests.engine.classic.conftest import CITIZEN, RED_1, Game

S = 8


def rich(g: Game, pid: int, coins: int = 20) -> Game:
    with edit(Citizen, g.state.player(pid)) as me:
        me.coins = coins
    return g


def ordered(kind: str = "vest") -> Game:
    g = rich(Game(["shopkeeper"]).disarm(CITIZEN), CITIZEN)
    g.order(CITIZEN, "urgent_order", item=f"urgent_{kind}").resolve()
    return g


def test_urgent_delivery_the_order_is_passed_to_the_shopkeeper() -> None:
    g = ordered()
    assert g.events("urgent_order_received", S)[0].params["item"] == "vest"
    assert CITIZEN not in g.events("urgent_order_received", S)[0].params.values()


def test_urgent_delivery_delivered_in_the_evening_and_acts_that_night() -> None:
    g = ordered()
    g.order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN), "the vest delivered in the evening stopped the night's shot"
    assert g.events("urgent_delivered", CITIZEN)


def test_urgent_delivery_price_is_4_above_the_shop_and_1_to_the_shopkeeper() -> None:
    g = ordered()
    shopkeeper_before = g.coins(S)
    g.resolve()
    assert g.coins(CITIZEN) == 20 - (4 + 4)
    assert g.coins(S) == shopkeeper_before + 1


def test_urgent_delivery_is_not_a_move() -> None:
    g = ordered()
    g.order(CITIZEN, "stake", target=RED_1).resolve()
    assert g.result(CITIZEN) == "ok"


def test_urgent_delivery_never_a_fake() -> None:
    g = ordered()
    g.order(S, "shop_fake").resolve()
    assert g.result(S) == "no_buyer"
    assert not any(i.fake for i in items_of(g.state, CITIZEN, "vest"))


def test_urgent_delivery_takes_the_stock() -> None:
    g = ordered("decree")
    g.resolve()
    assert stock_of(g.state, "decree") == 0
    assert items_of(g.state, CITIZEN, "decree")


def test_urgent_delivery_refused_without_the_coins() -> None:
    g = rich(Game(["shopkeeper"]), CITIZEN, 7)
    with pytest.raises(Refusal):
        g.order(CITIZEN, "urgent_order", item="urgent_vest")


def test_urgent_delivery_not_when_the_shop_is_closed_for_stocktaking() -> None:
    g = ordered()
    g.order(S, "shop_stocktaking").resolve()
    assert not items_of(g.state, CITIZEN, "vest", active=False)
    assert g.events("urgent_not_delivered", CITIZEN)[0].params["why"] == "shop_closed"
    assert g.coins(CITIZEN) == 20


def test_urgent_delivery_without_a_shopkeeper_nothing_happens() -> None:
    g = rich(Game().disarm(CITIZEN), CITIZEN)
    g.order(CITIZEN, "urgent_order", item="urgent_vest").resolve().resolve()
    assert not items_of(g.state, CITIZEN, "vest", active=False)
    assert g.coins(CITIZEN) == 20


def test_urgent_delivery_not_to_one_jailed_that_day() -> None:
    g = rich(Game(["shopkeeper", "citizen"]).disarm(CITIZEN), CITIZEN)
    g.order(CITIZEN, "urgent_order", item="urgent_vest").order(9, "vote", target=CITIZEN).resolve()
    assert g.jailed(CITIZEN)
    g.resolve()
    assert not items_of(g.state, CITIZEN, "vest", active=False)
    assert g.coins(CITIZEN) == 20


def test_urgent_delivery_each_item_is_offered_at_its_urgent_price() -> None:
    """The order's choices name every item sold, each worded with the shop's price + 4."""
    import tomllib
    from pathlib import Path

    from engine.rulesets.classic.abilities import ABILITIES
    from engine.rulesets.classic.economy import base_price
    from engine.rulesets.classic.model import SOLD

    locales = Path(__file__).resolve().parents[3] / "engine" / "rulesets" / "classic" / "locales"
    words = {lang: tomllib.loads((locales / lang / "items.toml").read_text(encoding="utf-8"))["choice"]
             for lang in ("ru", "en")}
    [spec] = ABILITIES["urgent_order"].params
    assert [c.removeprefix("urgent_") for c in spec.choices] == list(SOLD)
    for kind in SOLD:
        assert f"— {base_price(kind) + 4} мон." in words["ru"][f"urgent_{kind}"]
        assert f": {base_price(kind) + 4} coins" in words["en"][f"urgent_{kind}"]
