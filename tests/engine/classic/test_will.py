"""Завещание (2): «В завещание вписывается имя игрока, имя нельзя менять до смерти или посадки вписанного. При
убийстве написавшего завещание, с наступлением следующего дня, будет повешен указанный в завещании игрок (при
убийстве в тюрьме не срабатывает).»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.items.papers import named_in_will
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game


def written(target: int) -> Game:
    g = Game()
    new_item(g.state, CITIZEN, "will")
    g.order(CITIZEN, "write_will", target=target).resolve()
    assert named_in_will(g.state, CITIZEN) == target
    return g


def test_will_hangs_the_named_when_its_writer_is_killed() -> None:
    g = written(RED_BOSS)
    g.order(GREEN_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert not g.alive(RED_BOSS)
    assert g.public("will_hanged") == [{"pid": RED_BOSS, "by": CITIZEN}]


def test_will_the_name_cannot_change_while_the_named_is_alive_and_free() -> None:
    g = written(RED_BOSS)
    g.resolve()  # night
    with pytest.raises(Refusal) as err:
        g.order(CITIZEN, "write_will", target=SHERIFF)
    assert err.value.params["reason"] == "will_written"


def test_will_the_name_changes_after_the_named_is_jailed() -> None:
    g = written(RED_BOSS)
    g.resolve()
    for voter in (GREEN_1, SHERIFF, RED_1):
        g.order(voter, "vote", target=RED_BOSS)
    g.resolve().resolve()
    assert g.jailed(RED_BOSS)
    g.order(CITIZEN, "write_will", target=SHERIFF).resolve()
    assert named_in_will(g.state, CITIZEN) == SHERIFF


def test_will_not_when_killed_in_prison() -> None:
    g = written(RED_BOSS)
    g.resolve()
    for voter in (GREEN_1, SHERIFF, RED_1):
        g.order(voter, "vote", target=CITIZEN)
    g.resolve()
    assert g.jailed(CITIZEN)
    from engine.rulesets.classic.deaths import die

    die(g.state, CITIZEN, "shot", GREEN_1)
    assert g.alive(RED_BOSS)


def test_will_not_when_the_writer_dies_of_poison() -> None:
    g = written(RED_BOSS)
    from engine.rulesets.classic.deaths import die

    die(g.state, CITIZEN, "poison", GREEN_1)
    assert g.alive(RED_BOSS)
