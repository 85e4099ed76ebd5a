"""Спортсмен (5.1.10, «не роль»): «Мирный житель имеющий силу. В случае нападении Уличного воришки, Ученика
мафии, приходящего с осиновым колом - извивает его, лишая дневного хода.»"""

from __future__ import annotations

from engine.core.extensions import edit
from engine.rulesets.classic.model import Citizen
from tests.engine.classic.conftest import CITIZEN, Game


def athlete(g: Game, pid: int) -> None:
    with edit(Citizen, g.state.player(pid)) as me:
        me.traits = [*me.traits, "athlete"]


def test_athlete_beats_a_stake_bearer() -> None:
    g = Game(["citizen"])
    athlete(g, CITIZEN)
    g.to_night().order(8, "stake", target=CITIZEN).resolve()
    assert g.result(8) == "interfered"
    assert g.events("athlete_beaten", 8)


def test_athlete_beaten_visitor_loses_his_day_move() -> None:
    g = Game(["citizen", "journalist"])
    athlete(g, CITIZEN)
    g.to_night().order(8, "stake", target=CITIZEN).order(9, "journalist_follow", target=8).resolve()
    assert g.state.is_day
    g.state.player(8).secret_role = "telepath"  # a day move to lose
    g.order(8, "telepathy", target=9, vote_for=CITIZEN).resolve()
    assert g.result(8) == "interfered"


def test_athlete_others_pass() -> None:
    g = Game(["citizen"])
    g.to_night().order(8, "stake", target=CITIZEN).resolve()
    assert g.result(8) == "ok"
