"""Звонок в МВД (2): «Позволяет 1 раз принудительно вызвать прикрытие копами. цена - 3 монеты.» 5.1.4: «При
использовании визитки МВД кем-то из персонажей, копы могут сами выбирать, кто именно из них отправится прикрывать
данного персонажа следующей ночью. В том случае, если эта информация не была передана Ведущему, то по умолчанию
прикрывать персонажа отправится следователь (при условии его присутствия в игре и если он не был посажен по итогам
текущего дня)»."""

from __future__ import annotations

from engine.rulesets.classic.economy import base_price
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import Game

TABLE = ["boss", "recruiter", "soldier", "boss", "recruiter", "soldier", "sheriff", "investigator", "citizen",
         "citizen"]
R_SOL, SHERIFF, INV, CALLER, C2 = 2, 6, 7, 8, 9


def called() -> Game:
    g = Game(table=TABLE)
    g.disarm(CALLER)
    new_item(g.state, CALLER, "police_call")
    g.order(CALLER, "use_police_call").resolve()
    return g


def test_police_call_costs_3_coins() -> None:
    assert base_price("police_call") == 3


def test_police_call_the_cops_learn_who_called() -> None:
    g = called()
    assert g.events("police_called", SHERIFF)[0].params["pid"] == CALLER
    assert g.events("police_called", INV)
    assert "police_call" not in g.items(CALLER)


def test_police_call_the_investigator_covers_him_by_default() -> None:
    g = called()
    g.order(R_SOL, "soldier_kill", target=CALLER).resolve()
    assert g.alive(CALLER)
    assert g.result(R_SOL) == "interfered"
    assert g.events("police_came", INV)[0].params["pid"] == CALLER


def test_police_call_the_covering_cop_makes_no_other_move() -> None:
    g = called()
    g.order(INV, "investigator_shot", target=3).resolve()
    assert g.alive(3)
    assert g.result(INV) == "interfered"


def test_police_call_the_cops_may_choose_who_goes() -> None:
    g = called()
    g.order(SHERIFF, "cops_cover", target=CALLER).order(INV, "investigator_shot", target=5)
    g.order(R_SOL, "soldier_kill", target=CALLER).resolve()
    assert g.alive(CALLER) and not g.alive(5)
    assert not g.events("police_came")


def test_police_call_the_sheriff_goes_when_the_investigator_is_jailed() -> None:
    g = Game(table=TABLE)
    g.disarm(CALLER)
    new_item(g.state, CALLER, "police_call")
    g.order(CALLER, "use_police_call").order(C2, "vote", target=INV).resolve()
    assert g.jailed(INV)
    g.order(R_SOL, "soldier_kill", target=CALLER).resolve()
    assert g.alive(CALLER)
    assert g.events("police_came", SHERIFF)


def test_police_call_is_not_a_move() -> None:
    g = called()
    g.order(CALLER, "stake", target=R_SOL).resolve()
    assert g.result(CALLER) == "ok"


def test_police_call_the_cop_who_covers_nobody_else_goes() -> None:
    g = called()
    g.order(INV, "cops_cover", target=C2).order(R_SOL, "soldier_kill", target=CALLER).resolve()
    assert g.alive(CALLER)
    assert g.events("police_came", SHERIFF)
