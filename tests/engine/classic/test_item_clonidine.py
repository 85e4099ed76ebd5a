"""Клофелин (2): «Позволяет Любовнице или Пьянице забрать себе половину монет жертвы или любую вещь жертвы на
выбор. цена - 6 монеты.»"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.economy import base_price
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, RED_1, Game

HARLOT, DRUNKARD, VICTIM = 8, 9, CITIZEN


def table() -> Game:
    g = Game(extra=["harlot", "drunkard"])
    g.disarm(VICTIM, HARLOT, DRUNKARD)
    return g


def out(g: Game) -> Game:
    """The night, the victim out in the street (the Шмара «Самостоятельно работает только на улице»)."""
    return g.to_night().order(VICTIM, "stake", target=RED_1)


def question(g: Game) -> str:
    [key] = [k for k, q in g.state.questions.items() if q.kind == "clonidine"]
    return key


def test_clonidine_costs_6_coins() -> None:
    assert base_price("clonidine") == 6


def test_clonidine_harlot_chooses_half_the_coins() -> None:
    g = table()
    new_item(g.state, HARLOT, "clonidine")
    out(g).order(HARLOT, "harlot_seduce", target=VICTIM).order(HARLOT, "use_clonidine").resolve()
    assert g.state.questions[question(g)].options[0] == "coins"
    before_h, before_v = g.coins(HARLOT), g.coins(VICTIM)
    api.answer(g.state, HARLOT, question(g), ["coins"])
    g.resolve()
    assert g.coins(VICTIM) == before_v - before_v // 2
    assert g.coins(HARLOT) == before_h + before_v // 2
    assert g.events("clonidine_took_coins", VICTIM)[0].params["n"] == before_v // 2


def test_clonidine_drunkard_chooses_any_item() -> None:
    g = table()
    new_item(g.state, DRUNKARD, "clonidine")
    new_item(g.state, VICTIM, "diploma")
    new_item(g.state, VICTIM, "will")
    g.to_night().order(DRUNKARD, "drunkard_drink", target=VICTIM).order(DRUNKARD, "use_clonidine").resolve()
    assert g.state.questions[question(g)].options == ["coins", "diploma", "will"]
    api.answer(g.state, DRUNKARD, question(g), ["will"])
    g.resolve()
    assert "will" in g.items(DRUNKARD) and "will" not in g.items(VICTIM)
    assert "diploma" in g.items(VICTIM)
    assert g.events("clonidine_took_item", VICTIM)[0].params["item"] == "will"


def test_clonidine_spent_only_when_the_move_worked() -> None:
    g = table()
    new_item(g.state, HARLOT, "clonidine")
    g.to_night().order(VICTIM, "home").order(HARLOT, "harlot_seduce", target=VICTIM)
    g.order(HARLOT, "use_clonidine").resolve()
    assert g.result(HARLOT) == "interfered"
    assert "clonidine" in g.items(HARLOT)
    assert not [q for q in g.state.questions.values() if q.kind == "clonidine"]


def test_clonidine_only_for_the_harlot_or_the_drunkard() -> None:
    g = table()
    new_item(g.state, VICTIM, "clonidine")
    with pytest.raises(Refusal):
        g.to_night().order(VICTIM, "use_clonidine")


def test_clonidine_is_not_a_move() -> None:
    g = table()
    new_item(g.state, HARLOT, "clonidine")
    out(g).order(HARLOT, "harlot_seduce", target=VICTIM).order(HARLOT, "use_clonidine").resolve()
    assert g.events("move_ok", HARLOT)[-1].params["what"] == "use_clonidine"
    assert g.events("client_low", HARLOT)


def test_clonidine_the_victim_does_not_learn_who() -> None:
    g = table()
    new_item(g.state, HARLOT, "clonidine")
    out(g).order(HARLOT, "harlot_seduce", target=VICTIM).order(HARLOT, "use_clonidine").resolve().resolve()
    [told] = g.events("clonidine_took_coins", VICTIM)
    assert HARLOT not in told.params.values()
