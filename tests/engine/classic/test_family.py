"""Муж и Жена (5.1.2): a shared budget, they cannot harm each other, and «В случае смерти-посадки одного из
супругов, второй сходит с ума и становится маньяком»."""

from __future__ import annotations

from engine.core.extensions import edit
from engine.rulesets.classic.model import Citizen
from tests.engine.classic.conftest import CITIZEN, RED_1, SHERIFF, Game

HUSBAND, WIFE = CITIZEN, 8


def married(*pair: int) -> Game:
    g = Game(["citizen"])
    for pid in pair:
        with edit(Citizen, g.state.player(pid)) as me:
            me.traits = ["spouse"]
    return g


def test_when_a_spouse_dies_the_other_goes_mad_and_becomes_the_maniac() -> None:
    g = married(HUSBAND, WIFE)
    g.to_night().order(RED_1, "soldier_kill", target=HUSBAND).resolve()
    assert not g.alive(HUSBAND)
    assert (g.state.player(WIFE).secret_role, g.state.player(WIFE).faction) == ("maniac", "maniac")
    assert g.events("went_mad", WIFE)


def test_when_a_spouse_is_jailed_the_other_goes_mad() -> None:
    g = married(HUSBAND, WIFE)
    for player in g.state.living():
        if player.pid != HUSBAND:
            g.order(player.pid, "vote", target=HUSBAND)
    g.resolve()
    assert g.jailed(HUSBAND)
    assert g.state.player(WIFE).secret_role == "maniac"


def test_a_recruited_spouse_going_mad_leaves_the_clan() -> None:
    g = married(RED_1, WIFE)
    g.to_night().order(SHERIFF, "sheriff_shot", target=WIFE).resolve()
    assert g.state.player(RED_1).faction == "maniac"


def test_spouses_cannot_harm_each_other() -> None:
    g = married(SHERIFF, RED_1)
    g.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"
