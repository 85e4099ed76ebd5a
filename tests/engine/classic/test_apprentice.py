"""Ученик клана (6.4): «Не знает свой клан (задание получает анонимно)… Если ученик успешно выполнил задание, то
становится рядовым мафиози… В случае смерти/посадки нанимателя становится вышибалой, если нет другого такого же
персонажа в игре, в противном случае становится мирным. Повторно не может быть завербован тем же кланом.»"""

from __future__ import annotations

from engine.rulesets.classic.jail import jail
from engine.rulesets.classic.model import become
from tests.engine.classic.conftest import Game
from tests.engine.classic.test_investigator import C1, C2, G_SOL, R_BOSS, R_REC, SHERIFF, TABLE


def hired() -> Game:
    g = Game(table=TABLE)
    g.to_night().order(R_REC, "recruit_blackmail", target=C1).resolve()
    assert g.state.player(C1).secret_role == "apprentice"
    return g


def test_apprentice_does_not_learn_his_clan() -> None:
    g = hired()
    assert not g.events("team_members", C1, phase=3)
    assert g.state.player(C1).faction == "mafia"
    assert all(e.params.get("side") != "mafia_red" for e in g.events("role_changed", C1))


def test_apprentice_task_is_anonymous() -> None:
    g = hired()
    g.order(R_REC, "apprentice_task", target=G_SOL).resolve()
    [task] = g.events("apprentice_task_given", C1)
    assert task.params == {"target": G_SOL}


def test_apprentice_success_makes_him_a_soldier_of_the_clan() -> None:
    g = hired()
    g.to_night().order(C1, "apprentice_kill", target=G_SOL).resolve()
    assert not g.alive(G_SOL)
    assert g.state.player(C1).secret_role == "soldier"
    assert g.state.player(C1).faction == "mafia_red"
    assert g.events("team_members", C1)


def test_apprentice_shot_not_on_the_task_does_not_promote() -> None:
    g = hired()
    g.order(R_REC, "apprentice_task", target=G_SOL).to_night()
    g.order(C1, "apprentice_kill", target=C2).resolve()
    assert g.state.player(C1).secret_role == "apprentice"


def test_apprentice_shot_into_a_vest_is_no_success() -> None:
    g = hired()
    g.to_night().order(C1, "apprentice_kill", target=SHERIFF).resolve()
    assert g.alive(SHERIFF)
    assert g.state.player(C1).secret_role == "apprentice"


def test_apprentice_becomes_bouncer_when_the_recruiter_dies() -> None:
    g = hired()
    g.disarm(R_REC)  # his Сирена (from the start) would turn the shot away
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_REC).resolve()
    assert not g.alive(R_REC)
    assert g.state.player(C1).secret_role == "bouncer"


def test_apprentice_becomes_citizen_when_a_bouncer_exists() -> None:
    g = hired()
    become(g.state, C2, "bouncer")
    g.disarm(R_REC)  # his Сирена (from the start) would turn the shot away
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_REC).resolve()
    assert g.state.player(C1).secret_role == "citizen"


def test_apprentice_move_fails_when_the_recruiter_was_jailed_yesterday() -> None:
    g = hired()
    jail(g.state, R_REC)
    g.to_night().order(C1, "apprentice_kill", target=G_SOL).resolve()
    assert g.alive(G_SOL)
    assert g.result(C1) == "interfered"
    assert g.state.player(C1).secret_role == "bouncer", "the recruiter stayed in prison"


def test_apprentice_cannot_be_recruited_again_by_the_same_clan() -> None:
    from engine.rulesets.classic.roles.clans import recruitable

    g = hired()
    g.disarm(R_REC)  # his Сирена (from the start) would turn the shot away
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_REC).resolve()
    become(g.state, C1, "citizen")
    assert not recruitable(g.state, C1, "mafia_red")
    assert recruitable(g.state, C1, "mafia_green")


def test_apprentice_cannot_shoot_into_the_jail() -> None:
    import pytest

    from engine.core.refusal import Refusal

    g = hired()
    jail(g.state, R_BOSS)
    with pytest.raises(Refusal):
        g.to_night().order(C1, "clan_jail_shot", target=R_BOSS)
