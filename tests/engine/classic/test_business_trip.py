"""Командировочное предписание (2): «применяется днем, отправляет вечером указанного персонажа в командировку на
одну ночь. Отправленный в командировку игрок не может совершать ночных ходов. На отправленного в командировку
игрока не действуют ночные ходы других игроков.»"""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_BOSS, SHERIFF, Game


def sent(target: int) -> Game:
    g = Game()
    new_item(g.state, CITIZEN, "business_trip")
    g.order(CITIZEN, "use_business_trip", target=target).to_night()
    return g


def test_business_trip_no_night_moves() -> None:
    g = sent(RED_BOSS)
    assert g.events("sent_on_trip", RED_BOSS)
    g.order(RED_BOSS, "boss_kill", target=SHERIFF).resolve()
    assert g.alive(SHERIFF) and g.result(RED_BOSS) == "interfered"


def test_business_trip_untouchable() -> None:
    g = sent(SHERIFF)
    g.order(RED_BOSS, "boss_kill", target=SHERIFF).resolve()
    assert g.alive(SHERIFF) and g.result(RED_BOSS) == "interfered"


def test_business_trip_one_night_only() -> None:
    g = sent(GREEN_1)
    g.resolve().resolve()  # the night away, the next day
    g.order(RED_BOSS, "boss_kill", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)


def test_business_trip_is_not_a_move() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "business_trip")
    before = g.coins(CITIZEN)
    g.order(CITIZEN, "use_business_trip", target=RED_BOSS).resolve()
    assert g.coins(CITIZEN) == before and "business_trip" not in g.items(CITIZEN)
    g.order(CITIZEN, "stake", target=SHERIFF).resolve()
    assert g.result(CITIZEN) == "ok"
