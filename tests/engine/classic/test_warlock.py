"""Ведьмак (5.4.1) and Зомби (5.4.2): «Может совершать колдовство поднятие трупа из числа убитых ночью игроков.
Превращая их в Зомби. Не может Поднимать Зомби из зомби. За раз может поднять один труп. Ночное действие:
Направить зомби к персонажу; сидеть дома, копить силы для колдовства. Один раз за игру, если имеет накопленную
энергию, персонажа пытающегося застрелить Ведьмака, заставляет провести самоубийство стрелка.»
Зомби: «изначальную роль теряют, могут выполнять только ночное действие "кусаться". Укушенный игрок умирает на
утро следующей ночи, если не был вылечен. … На дневном голосовании голосует пустым голосом. Если не голосовал,
то ночью "кусаться" не может. … Не может укусить Ведьмака, Духа… В игре не может быть более 2 зомби
одновременно. Если два зомби вместе укусят одного игрока, то тот стазу умирает ("загрызли", утром город об
этом узнает).»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.roles.undead import ENERGY, raise_zombie
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_1, RED_2, RED_BOSS, SHERIFF, Game
from tests.engine.classic.undead_helpers import CIT_2, CIT_3

WARLOCK = 8


def warlock_game() -> Game:
    """The Ведьмак and three citizens, without the citizens' random start items (an Икона, a Сирена…)."""
    g = Game(["warlock", "citizen", "citizen", "citizen"])
    return g.disarm(*(p.pid for p in g.state.players if p.secret_role == "citizen"))


def zombie(g: Game, pid: int) -> None:
    """A zombie made as the raising makes him (tests: at once)."""
    g.state.player(pid).alive = False
    raise_zombie(g.state, pid, WARLOCK)


def test_warlock_gathers_strength_at_home() -> None:
    g = warlock_game()
    g.to_night().order(WARLOCK, "warlock_gather").resolve()
    assert g.state.player(WARLOCK).flags[ENERGY] == 1
    assert g.result(WARLOCK) == "ok"


def test_warlock_raises_one_of_last_nights_dead_as_a_zombie() -> None:
    g = warlock_game()
    g.to_night().order(WARLOCK, "warlock_gather").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    g.to_night().order(WARLOCK, "warlock_raise", target=CITIZEN).resolve()
    player = g.state.player(CITIZEN)
    assert player.alive and player.secret_role == "zombie" and player.faction == "undead"
    assert g.public("undead_risen")[-1]["pid"] == CITIZEN
    assert g.state.player(WARLOCK).flags[ENERGY] == 0


def test_warlock_raising_needs_strength() -> None:
    g = warlock_game()
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(WARLOCK, "warlock_raise", target=CITIZEN)
    assert err.value.params["reason"] == "warlock_no_energy"


def test_warlock_cannot_raise_a_zombie_again() -> None:
    g = warlock_game()
    g.state.player(WARLOCK).flags[ENERGY] = 3
    zombie(g, CITIZEN)
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    g.to_night().order(WARLOCK, "warlock_raise", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert g.result(WARLOCK) == "interfered"


def test_warlock_no_more_than_two_zombies() -> None:
    g = warlock_game()
    g.state.player(WARLOCK).flags[ENERGY] = 3
    zombie(g, CIT_2)
    zombie(g, CIT_3)
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    g.to_night().order(WARLOCK, "warlock_raise", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)


def test_warlock_shooter_kills_himself_once() -> None:
    g = warlock_game()
    g.to_night().order(WARLOCK, "warlock_gather").resolve()
    g.to_night().order(RED_1, "soldier_kill", target=WARLOCK).resolve()
    assert g.alive(WARLOCK)
    assert not g.alive(RED_1)
    assert g.public("undead_suicide")[-1]["pid"] == RED_1
    g.state.player(WARLOCK).flags[ENERGY] = 1
    g.to_night().order(RED_2, "soldier_kill", target=WARLOCK).resolve()
    assert not g.alive(WARLOCK), "«Один раз за игру»"


def test_warlock_without_strength_the_shot_kills_him() -> None:
    g = warlock_game()
    g.to_night().order(RED_1, "soldier_kill", target=WARLOCK).resolve()
    assert not g.alive(WARLOCK)


def test_zombie_bite_kills_the_next_night() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.order(CIT_2, "vote", target=RED_BOSS)
    g.to_night().order(CIT_2, "zombie_bite", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.events("undead_bitten", CITIZEN)
    g.to_night().resolve()
    assert not g.alive(CITIZEN)


def test_zombie_bites_only_after_voting() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(CIT_2, "zombie_bite", target=CITIZEN)
    assert err.value.params["reason"] == "zombie_no_vote"


def test_zombie_two_bites_gnaw_at_once() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    zombie(g, CIT_3)
    g.order(CIT_2, "vote", target=RED_BOSS).order(CIT_3, "vote", target=RED_BOSS)
    g.to_night().order(CIT_2, "zombie_bite", target=CITIZEN).order(CIT_3, "zombie_bite", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert g.public("undead_gnawed")[-1]["pid"] == CITIZEN


def test_zombie_votes_an_empty_vote() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.order(CIT_2, "vote", target=SHERIFF).order(CITIZEN, "vote", target=GREEN_BOSS).resolve()
    tally = {row["pid"]: row["n"] for row in g.public("vote_tally")[-1]["tally"]}
    assert tally[SHERIFF] == 0
    assert g.jailed(GREEN_BOSS)


def test_zombie_cannot_bite_the_warlock() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.order(CIT_2, "vote", target=RED_BOSS)
    g.to_night().order(CIT_2, "zombie_bite", target=WARLOCK).resolve()
    assert g.result(CIT_2) == "interfered"


def test_zombie_goes_where_the_warlock_sends() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.order(CIT_2, "vote", target=RED_BOSS)
    g.to_night().order(CIT_2, "zombie_bite", target=CITIZEN).order(WARLOCK, "warlock_send", target=CIT_3).resolve()
    assert g.events("undead_bitten", CIT_3)
    assert not g.events("undead_bitten", CITIZEN)


def test_zombie_earns_no_coins() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    before = g.coins(CIT_2)
    g.order(CIT_2, "vote", target=RED_BOSS)
    g.to_night().order(CIT_2, "zombie_bite", target=CITIZEN).resolve()
    assert g.coins(CIT_2) == before


def test_zombie_dies_from_a_plain_shot() -> None:
    g = warlock_game()
    zombie(g, CIT_2)
    g.to_night().order(SHERIFF, "sheriff_shot", target=CIT_2).resolve()
    assert not g.alive(CIT_2)


def test_zombie_bite_takes_the_vampires_votes() -> None:
    g = Game(["warlock", "vampire", "citizen"])
    zombie(g, 10)
    g.order(10, "vote", target=RED_BOSS)
    g.to_night().order(10, "zombie_bite", target=9).resolve()
    assert g.state.player(9).flags.get("vampire_lost_votes") == 1



def test_warlock_cannot_raise_the_spirit() -> None:
    g = Game(["warlock", "spirit", "citizen"])
    g.state.player(WARLOCK).flags[ENERGY] = 1
    g.state.player(9).alive = False  # (the Дух dies only at the Зеркало: as if)
    g.state.player(9).died = g.state.phase - 1
    g.to_night()
    g.state.player(9).died = g.state.phase - 2
    g.order(WARLOCK, "warlock_raise", target=9).resolve()
    assert not g.alive(9), "«Не воскрешаемый персонаж»"


def test_warlock_cannot_raise_one_killed_in_prison() -> None:
    g = warlock_game()
    g.state.player(WARLOCK).flags[ENERGY] = 1
    for player in g.state.living():
        if player.pid != CIT_2:
            g.order(player.pid, "vote", target=CIT_2)
    g.resolve()
    assert g.jailed(CIT_2)
    from engine.rulesets.classic.deaths import die

    die(g.state, CIT_2, "shot")  # killed in prison this night: his role not revealed
    g.resolve()
    g.to_night().order(WARLOCK, "warlock_raise", target=CIT_2).resolve()
    assert not g.alive(CIT_2)


def test_warlock_cannot_raise_a_ghoul() -> None:
    from engine.rulesets.classic.roles.undead import turn_ghoul

    g = warlock_game()
    g.state.player(WARLOCK).flags[ENERGY] = 1
    turn_ghoul(g.state, CIT_2, WARLOCK)
    g.to_night()
    for pid in (CITIZEN, 9, CIT_3):  # a ghoul dies of three stakes
        g.order(pid, "stake", target=CIT_2)
    g.resolve()
    assert not g.alive(CIT_2)
    g.to_night().order(WARLOCK, "warlock_raise", target=CIT_2).resolve()
    assert not g.alive(CIT_2)
