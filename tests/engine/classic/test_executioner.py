"""Палач (5.1.11): «Не дает персонажу ходить ночью в магазин/центр занятости. За всеми остальными ходами следит -
видит только стрелял/не стрелял. Если стрелял - совершает казнь данного персонажа. Игнорирует защиту (кроме
внешней защиты, осуществляемой другими персонажами). Не действует на стрелков, совершающих выстрел после
проверки (копы, Босс мафии, Ван Хельсинг), выстрел видит. Не рубит голову Нечисти (ответ «неудачно»).»
3.1: «Палач - 2 монеты за казнь»."""

from __future__ import annotations

from engine.rulesets.classic.model import items_of
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game

E = 8


def test_executioner_executes_a_shooter() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(RED_1)
    assert g.events("executioner_saw_shot", E)
    assert g.result(E) == "ok"


def test_executioner_earns_two_coins_an_execution() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.coins(E) == 4 + 2 + 2


def test_executioner_sees_a_quiet_target_and_spares_him() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.events("executioner_saw_quiet", E)
    assert g.coins(E) == 4 + 2


def test_executioner_ignores_the_vest() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=RED_BOSS).order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert not g.alive(RED_BOSS)
    assert items_of(g.state, RED_BOSS, "vest"), "the axe is no shot: the vest is not spent"


def test_executioner_keeps_his_target_from_the_shop() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=CITIZEN).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert not items_of(g.state, CITIZEN, "holy_water", active=False)
    assert g.result(CITIZEN) == "interfered"
    assert g.coins(CITIZEN) == 4 + 2


def test_executioner_spares_a_shooter_after_a_check_but_sees_the_shot() -> None:
    g = Game(["executioner"])
    g.state.player(RED_1).secret_role = "recruiter"
    g.to_night().order(E, "execution", target=SHERIFF).order(SHERIFF, "sheriff_search", target=RED_1).resolve()
    assert g.alive(SHERIFF)
    assert g.events("executioner_saw_shot", E)


def test_executioner_does_not_behead_the_unclean() -> None:
    g = Game(["executioner"])
    g.state.player(GREEN_1).faction = "unclean"  # an Упырь keeps his first role («Первоначальную роль не теряет»)
    g.to_night().order(E, "execution", target=GREEN_1).order(GREEN_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(GREEN_1)
    assert g.result(E) == "interfered"


def test_executioner_blocked_does_nothing() -> None:
    g = Game(["executioner"]).to_night()
    g.order(E, "execution", target=RED_1).order(RED_1, "soldier_kill", target=E).resolve()
    assert not g.alive(E)
    assert g.alive(RED_1), "shot before the axe's step, the executioner does not execute"
