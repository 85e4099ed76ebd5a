"""The economy (3) and the shop (2): purchases are a move resolved in the early morning, paid at the price,
from the stock, acting from the next game day; a clan's members share its общак."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.economy import BONUSES, bonus, price, stock_of
from engine.rulesets.classic.model import ITEMS, items_of
from tests.engine.classic.conftest import CITIZEN, RED_1, RED_BOSS, SHERIFF, Game


def test_a_purchase_is_paid_at_its_price_and_the_move_earns_two(game: Game) -> None:
    game.to_night().order(SHERIFF, "buy", item="buy_garlic").resolve()
    assert game.coins(SHERIFF) == 4 - 4 + 2
    assert "garlic" in game.items(SHERIFF)


def test_a_purchase_acts_from_the_next_game_day(game: Game) -> None:
    game.to_night().order(CITIZEN, "buy", item="buy_garlic")
    game.resolve()
    state = game.state
    assert state.is_day
    assert items_of(state, CITIZEN, "garlic")
    bought = items_of(state, CITIZEN, "garlic")[0]
    assert bought.bought_phase == state.phase - 1 and bought.active_from == state.phase


def test_the_header_says_which_items_were_bought_not_by_whom(game: Game) -> None:
    game.to_night().order(CITIZEN, "buy", item="buy_garlic").resolve()
    assert game.public("morning")[-1]["items"] == [{"item": "garlic"}]
    assert not game.public("item_sold")


def test_a_purchase_too_dear_is_refused(game: Game) -> None:
    game.to_night()
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "buy", item="buy_alibi")
    assert err.value.params["reason"] == "no_coins"


def test_holy_water_has_three_in_stock() -> None:
    g = Game(["citizen", "citizen", "citizen"])
    assert stock_of(g.state, "holy_water") == 3
    g.to_night()
    for pid in (CITIZEN, 8, 9):
        g.order(pid, "buy", item="buy_holy_water")
    g.resolve()
    assert stock_of(g.state, "holy_water") == 0
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(10, "buy", item="buy_holy_water")
    assert err.value.params["reason"] == "out_of_stock"


def test_the_master_may_set_the_stock() -> None:
    g = Game(settings={"stock": {"garlic": 1}})
    assert stock_of(g.state, "garlic") == 1


def test_the_presidential_decree_has_one_in_stock(game: Game) -> None:
    assert stock_of(game.state, "decree") == 1


def test_every_item_of_the_shop_and_the_kiosk_has_its_price() -> None:
    for item in ITEMS.values():
        if item.where != "given":
            assert item.price is not None and 2 <= item.price <= 7, item.id
    assert (ITEMS["vest"].price, ITEMS["alibi"].price, ITEMS["holy_water"].price) == (4, 7, 3)


def test_the_price_is_a_query_a_role_module_may_change(game: Game) -> None:
    assert price(game.state, CITIZEN, "vest") == 4


def test_a_clan_spends_and_earns_from_one_fund(game: Game) -> None:
    game.to_night().order(RED_1, "buy", item="buy_garlic").resolve()
    assert game.coins(RED_BOSS) == game.coins(RED_1) == 8 - 4 + 2


def test_a_bonus_of_the_text_is_paid_to_the_purse(game: Game) -> None:
    bonus(game.state, SHERIFF, "cops_interrogation")
    assert game.coins(SHERIFF) == 4 + BONUSES["cops_interrogation"][0] == 5


def test_a_mafia_kill_earns_the_clan_one_coin_more(game: Game) -> None:
    game.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not game.alive(CITIZEN)
    assert game.coins(RED_BOSS) == 8 + 2 + 1


def test_a_closed_shop_sells_nothing(game: Game) -> None:
    from engine.core.extensions import edit
    from engine.rulesets.classic.model import Town

    with edit(Town, game.state) as town:
        town.shop_open = False  # its owner is dead
    game.to_night()
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "buy", item="buy_garlic")
    assert err.value.params["reason"] == "shop_closed"


def test_a_clans_poison_is_common_to_its_members(game: Game) -> None:
    """1.15: «К общим предметам клана, которым может воспользоваться любой член клана, относится яд»."""
    from engine.rulesets.classic.model import cit, spend_item

    game.to_night().order(RED_1, "buy", item="buy_poison_viper").resolve()
    game.resolve()
    assert [i.kind for i in items_of(game.state, RED_BOSS, "poison_viper")] == ["poison_viper"]
    assert "poison_viper" not in [i.kind for i in cit(game.state, RED_1).items], "not his own: the clan's"
    spend_item(game.state, RED_BOSS, items_of(game.state, RED_BOSS, "poison_viper")[0].uid)
    assert not items_of(game.state, RED_1, "poison_viper")


def test_other_items_are_personal(game: Game) -> None:
    game.to_night().order(RED_1, "buy", item="buy_garlic").resolve()
    assert "garlic" in game.items(RED_1) and not items_of(game.state, RED_BOSS, "garlic")
