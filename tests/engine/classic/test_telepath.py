"""Телепат (5.1.16): «Внушает персонажу, за кого ему надо голосовать. Свой голос поменять не может. Отданный
голос выбранного игрока меняется на указанный телепатом. … Может голосовать обычным порядком. Чей голос был
изменен никто не узнает. Нельзя воздействовать на одного и того же игрока два раза подряд.» 4.1: «Мирный житель
(в том числе телепат)» — his night is a citizen's (the stake)."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.model import become
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game

T = 8


def test_telepath_moves_a_cast_vote() -> None:
    g = Game(["telepath"])
    g.order(RED_1, "vote", target=CITIZEN).order(RED_2, "vote", target=CITIZEN).order(GREEN_1, "vote", target=RED_BOSS)
    g.order(T, "telepathy", target=RED_2, vote_for=RED_BOSS).resolve()
    assert g.jailed(RED_BOSS)
    assert not g.jailed(CITIZEN)


def test_telepath_nobody_learns_whose_vote() -> None:
    g = Game(["telepath"])
    g.order(RED_1, "vote", target=CITIZEN).order(T, "telepathy", target=RED_1, vote_for=SHERIFF).resolve()
    assert not [e for e in g.state.events if e.kind.startswith("telepath") and e.to == "public"]


def test_telepath_may_vote_as_usual() -> None:
    g = Game(["telepath"])
    g.order(T, "vote", target=CITIZEN).order(RED_1, "vote", target=SHERIFF)
    g.order(T, "telepathy", target=RED_1, vote_for=CITIZEN).resolve()
    assert g.jailed(CITIZEN)


def test_telepath_not_the_same_player_two_days_running() -> None:
    g = Game(["telepath"])
    g.order(T, "telepathy", target=RED_1, vote_for=CITIZEN).resolve()
    g.resolve()  # night 2
    with pytest.raises(Refusal):
        g.order(T, "telepathy", target=RED_1, vote_for=CITIZEN)
    g.order(T, "telepathy", target=RED_2, vote_for=CITIZEN).resolve()
    g.resolve()
    g.order(T, "telepathy", target=RED_1, vote_for=CITIZEN)


def test_telepath_cannot_make_a_vote_against_its_voter() -> None:
    g = Game(["telepath"])
    with pytest.raises(Refusal):
        g.order(T, "telepathy", target=RED_1, vote_for=RED_1)


def test_telepath_hunts_with_a_stake_as_a_citizen() -> None:
    g = Game(["telepath", "citizen"])
    become(g.state, RED_1, "vampire")
    g.to_night().order(T, "telepath_stake", target=RED_1).order(CITIZEN, "stake", target=RED_1)
    g.order(9, "stake", target=RED_1).resolve()
    assert not g.alive(RED_1)
