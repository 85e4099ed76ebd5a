"""Наследство (2): «…При убийстве написавшего наследство, с наступлением следующего дня, указанный в наследстве
игрок получит право выбрать одну из вещей хозяина наследства, или все его монеты (при убийстве в тюрьме не
срабатывает)…»"""

from __future__ import annotations

from engine.core import api
from engine.rulesets.classic.model import cit, new_item, take_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_BOSS, SHERIFF, Game


def killed_writer() -> Game:
    g = Game()
    for item in list(cit(g.state, CITIZEN).items):
        take_item(g.state, CITIZEN, item.uid)
    new_item(g.state, CITIZEN, "inheritance")
    new_item(g.state, CITIZEN, "diploma")
    g.order(CITIZEN, "write_inheritance", target=GREEN_1).resolve()
    g.order(SHERIFF, "sheriff_shot", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    return g


def test_inheritance_the_heir_is_asked() -> None:
    g = killed_writer()
    [question] = [q for q in g.state.questions.values() if q.kind == "inheritance"]
    assert question.to == GREEN_1
    assert question.options == ["coins", "diploma"]


def test_inheritance_the_heir_takes_an_item() -> None:
    g = killed_writer()
    [key] = [k for k, q in g.state.questions.items() if q.kind == "inheritance"]
    api.answer(g.state, GREEN_1, key, ["diploma"])
    g.resolve()
    assert "diploma" in g.items(GREEN_1) and "diploma" not in g.items(CITIZEN)


def test_inheritance_by_default_all_the_coins() -> None:
    g = killed_writer()
    coins = cit(g.state, CITIZEN).coins
    before = g.coins(GREEN_1)
    g.resolve()
    assert g.coins(GREEN_1) == before + coins and cit(g.state, CITIZEN).coins == 0


def test_inheritance_not_when_killed_in_prison() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "inheritance")
    g.order(CITIZEN, "write_inheritance", target=GREEN_1)
    for voter in (RED_BOSS, SHERIFF, GREEN_1):
        g.order(voter, "vote", target=CITIZEN)
    g.resolve()
    from engine.rulesets.classic.deaths import die

    die(g.state, CITIZEN, "shot", RED_BOSS)
    assert not [q for q in g.state.questions.values() if q.kind == "inheritance"]
