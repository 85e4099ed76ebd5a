"""Спортсмен (5.1.10, «не роль»): «Мирный житель имеющий силу. В случае нападении Уличного воришки, Ученика
мафии, приходящего с осиновым колом - извивает его, лишая дневного хода.»"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import Citizen, become, cit
from engine.rulesets.classic.setup import check_table, default_table
from tests.engine.classic.conftest import CITIZEN, RED_1, Game


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


def test_athlete_beats_a_street_thief() -> None:
    """«В случае нападении Уличного воришки … извивает его, лишая дневного хода»: nothing stolen."""
    g = Game(["citizen", "thief"])
    athlete(g, 8)
    held = g.items(8)
    g.to_night().order(9, "thief_steal", target=8, pistol="pistol_sell").resolve()
    assert g.result(9) == "interfered"
    assert g.events("athlete_beaten", 9)
    assert g.items(8) == held


def test_athlete_beats_a_mafia_apprentice() -> None:
    """«… Ученика мафии …»: the apprentice's shot fails, the athlete lives."""
    g = Game(["citizen", "citizen"])
    become(g.state, 9, "apprentice")
    athlete(g, 8)
    g.to_night().order(9, "apprentice_kill", target=8).resolve()
    assert g.result(9) == "interfered"
    assert g.alive(8)
    assert g.events("athlete_beaten", 9)


def test_athlete_recruited_by_the_mafia_becomes_a_bouncer() -> None:
    """«В случае вербовки … мафией становится Вышибалой»."""
    g = Game(["citizen"])
    g.state.player(RED_1).secret_role = "recruiter"
    athlete(g, 8)
    g.to_night().order(RED_1, "recruit_blackmail", target=8).resolve()
    assert g.state.player(8).secret_role == "bouncer"
    assert "athlete" not in cit(g.state, 8).traits


def test_athlete_recruited_by_the_rebel_becomes_a_bouncer() -> None:
    """«В случае вербовки бунтарем … становится Вышибалой»: not a follower."""
    g = Game(["rebel", "citizen"])
    athlete(g, 9)
    g.to_night().order(8, "rebel_recruit", target=9).resolve()
    g.to_night().order(8, "rebel_recruit", target=9).resolve()
    assert g.state.player(9).secret_role == "bouncer"
    assert not g.state.player(9).flags.get("rebel_since")


def test_athlete_is_dealt_by_the_default_table_once_the_thief_is() -> None:
    """**Решение**: the default table deals the Спортсмен right after the Уличный воришка, as a citizen with the
    trait, told at the start; he gets no random item (his «не роль» is his)."""
    roles = default_table(30)
    assert roles.count("athlete") == 1
    assert "athlete" not in default_table(20) and "athlete" in default_table(21)
    state = api.new_game("classic", [(f"P{i}", "") for i in range(21)], seed=3, settings={})
    [strong] = [p for p in state.players if "athlete" in cit(state, p.pid).traits]
    assert strong.secret_role == "citizen" and strong.faction == "town"
    assert not [i for i in cit(state, strong.pid).items if i.kind != "mirror"]
    assert any(e.kind == "athlete_dealt" and e.who == strong.pid for e in state.events)


def test_athlete_twice_in_a_table_is_refused() -> None:
    roles = [*default_table(12)[:-2], "athlete", "athlete"]
    with pytest.raises(Refusal):
        check_table(roles, 12)
