"""A choice's values worded as they stand now (api.choice_facts → tgbot/ui/flow_screens.py: choice_words) and what
a chosen value does (`choice_about.<value>`): classic's shop screen shows each item's price for this buyer and
the stock left, and the confirmation says what the chosen item does; the panel says what each held item does."""

from __future__ import annotations

from engine.core import api
from engine.core.cards import CardSpec, ParamSpec
from tests.engine.classic.conftest import CITIZEN, SHERIFF, Game
from tgbot.render import Renderer
from tgbot.ui.flow_screens import choice_words, describe_params
from tgbot.ui.panel import fact_text


def test_the_shop_screen_shows_the_price_for_this_buyer_and_the_stock_left() -> None:
    game = Game(["shopkeeper"]).to_night()
    keeper = 8
    words = choice_words(game.state, CITIZEN, "buy", "item", "ru")
    assert words["buy_garlic"] == "Чеснок — 5 мон.", "the Хозяин магазина's +1 while he is in the game"
    assert choice_words(game.state, keeper, "buy", "item", "ru")["buy_garlic"] == "Чеснок — 4 мон.", "not to himself"
    assert words["buy_holy_water"] == "Святая вода — 4 мон. (осталось 3 шт.)"
    assert choice_words(game.state, CITIZEN, "buy", "item", "en")["buy_garlic"] == "Garlic: 5 coins"
    assert choice_words(game.state, CITIZEN, "vote", "target", "ru") == {}, "a choice the rule set does not word"


def test_the_shop_screen_shows_a_kind_sold_out() -> None:
    game = Game().to_night()  # the Указ президента: 1 in stock; the Шериф has the 4 coins it costs
    game.order(SHERIFF, "buy", item="buy_decree").resolve()
    assert game.items(SHERIFF) == ["vest", "decree"]
    game.to_night()
    assert choice_words(game.state, CITIZEN, "buy", "item", "ru")["buy_decree"] == "Указ президента — закончилось"


def test_the_confirmation_of_a_purchase_says_what_the_item_does() -> None:
    game = Game().to_night()
    spec = CardSpec(id="buy", name="", name_en="", colour="", text="", text_en="",
                    params=(ParamSpec(name="item", kind="choice"),))
    said = describe_params(game.state, CITIZEN, spec, {"item": "buy_garlic"}, "ru")
    assert said == "Вариант: Чеснок — 4 мон.\nОдин раз защищает от укуса вампира."


def test_the_panel_says_what_each_held_item_does() -> None:
    game = Game()
    r = Renderer(game.state, "ru")
    lines = [fact_text(r, fact) for fact in api.panel_facts(game.state, SHERIFF)]
    assert "🎒 Бронежилет (зарядов: 1) — Один раз защищает от выстрелов в один момент времени." in lines
