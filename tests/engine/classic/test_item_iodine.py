"""Йод и бинт (2.1): «Позволяет игроку перевязать себя. Цена 3 монеты.» 4.3: «Раненный – если в ночь враждебной
акции против персонажа, его перевязывает врач(медсестра)… Во вторую ночь персонаж умрет, если его не вылечит
врач.»"""

from __future__ import annotations

from engine.rulesets.classic.economy import base_price
from engine.rulesets.classic.model import ITEMS, new_item
from tests.engine.classic.conftest import CITIZEN, RED_1, Game


def armed() -> Game:
    g = Game()
    g.disarm(CITIZEN)
    new_item(g.state, CITIZEN, "iodine")
    return g


def test_iodine_is_sold_in_the_kiosk_for_3_coins() -> None:
    assert ITEMS["iodine"].where == "kiosk"
    assert base_price("iodine") == 3


def test_iodine_the_shot_lives_till_morning_wounded() -> None:
    g = armed()
    g.to_night().order(CITIZEN, "use_iodine").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.events("iodine_bandaged", CITIZEN)
    assert g.result(RED_1) == "ok"


def test_iodine_the_wounded_dies_the_next_night_unless_healed() -> None:
    g = armed()
    g.to_night().order(CITIZEN, "use_iodine").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    g.resolve().resolve()
    assert not g.alive(CITIZEN)


def test_iodine_spent_with_nothing_to_bandage() -> None:
    g = armed()
    g.to_night().order(CITIZEN, "use_iodine").resolve()
    assert "iodine" not in g.items(CITIZEN)
    assert not g.events("iodine_bandaged", CITIZEN)


def test_iodine_is_not_a_move() -> None:
    g = armed()
    g.to_night().order(CITIZEN, "use_iodine").order(CITIZEN, "stake", target=RED_1).resolve()
    assert g.result(CITIZEN) == "ok"


def test_iodine_only_for_oneself_and_only_when_held() -> None:
    import pytest

    from engine.core.refusal import Refusal

    g = Game()
    g.disarm(CITIZEN)
    with pytest.raises(Refusal):
        g.to_night().order(CITIZEN, "use_iodine")
