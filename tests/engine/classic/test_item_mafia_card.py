"""Визитка мафии (2): «Позволяет игроку, который может быть завербован по правилам игры, попроситься в любой клан
мафии самому. Боссу мафии приходит сообщение какой игрок не против вступить в его ряды, дальше проводится
стандартная вербовка игрока. цена - 4 монеты.» 1.7: «Звонок по визитке ходом не является (однако голос звонившего
будет пустым в день звонка).»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.economy import base_price
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_1, RED_BOSS, SHERIFF, Game


def holder() -> Game:
    g = Game(extra=["citizen", "citizen"])
    new_item(g.state, CITIZEN, "mafia_card")
    return g


def test_mafia_card_costs_4_coins() -> None:
    assert base_price("mafia_card") == 4


def test_mafia_card_the_boss_learns_who_asks() -> None:
    g = holder()
    g.order(CITIZEN, "use_mafia_card", clan="card_mafia_green").resolve()
    assert g.events("mafia_card_call", GREEN_BOSS)[0].params["pid"] == CITIZEN
    assert not g.events("mafia_card_call", RED_BOSS), "only the clan he chose"
    assert "mafia_card" not in g.items(CITIZEN)


def test_mafia_card_the_callers_vote_is_empty_that_day() -> None:
    g = holder()
    g.order(CITIZEN, "use_mafia_card", clan="card_mafia_red").order(CITIZEN, "vote", target=RED_1)
    g.order(8, "vote", target=SHERIFF).resolve()
    assert g.jailed(SHERIFF) and not g.jailed(RED_1)


def test_mafia_card_is_not_a_move() -> None:
    g = holder()
    g.order(CITIZEN, "use_mafia_card", clan="card_mafia_red").resolve()
    g.order(CITIZEN, "stake", target=RED_1).resolve()
    assert g.result(CITIZEN) == "ok"


def test_mafia_card_only_for_the_recruitable() -> None:
    g = holder()
    new_item(g.state, SHERIFF, "mafia_card")
    with pytest.raises(Refusal):
        g.order(SHERIFF, "use_mafia_card", clan="card_mafia_red")
    assert "mafia_card" in g.items(SHERIFF)


def test_mafia_card_then_the_standard_recruitment() -> None:
    from engine.core import api

    g = Game(table=["boss", "recruiter", "soldier", "boss", "soldier", "soldier", "sheriff", "citizen", "citizen"])
    new_item(g.state, 7, "mafia_card")
    g.order(7, "use_mafia_card", clan="card_mafia_red").resolve()
    assert g.events("mafia_card_call", 0)
    g.order(1, "recruit", target=7).resolve()
    [key] = [k for k, q in g.state.questions.items() if q.kind == "recruit_offer"]
    api.answer(g.state, 7, key, ["accept"])
    g.resolve()
    assert g.state.player(7).secret_role == "apprentice"
