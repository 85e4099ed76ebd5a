"""Босс мафии beyond the kill (6.1): «поиск шерифа (если находит шерифа то сразу в него стреляет)»; «Если Босс
выбывает из игры, то новым Боссом становится Рядовой, находящийся в клане дольше всех. Если рядовых нет, то
Боссом становится вербовщик, сохраняя при этом способность вербовать»; the clan's shot into its jailed member
(1.13)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.jail import jail
from tests.engine.classic.conftest import GREEN_1, GREEN_2, GREEN_BOSS, RED_1, RED_2, RED_BOSS, Game
from tests.engine.classic.test_investigator import (
    C1,
    G_SOL,
    INV,
    R_BOSS,
    R_REC,
    R_SOL,
    SHERIFF,
    TABLE,
    strip_vest,
)


def game() -> Game:
    return Game(table=TABLE)


def test_boss_search_finds_the_sheriff_and_shoots() -> None:
    g = game()
    strip_vest(g, SHERIFF)
    g.to_night().order(R_BOSS, "boss_search", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF)
    assert g.events("sheriff_found", R_BOSS)


def test_boss_search_on_another_learns_not_the_sheriff() -> None:
    g = game()
    g.to_night().order(R_BOSS, "boss_search", target=INV).resolve()
    assert g.alive(INV)
    assert g.events("sheriff_not_found", R_BOSS)
    assert g.result(R_BOSS) == "ok"


def test_boss_search_is_not_the_clans_one_shot() -> None:
    """The text's example: «поиск шерифа, убийство, отравление, поход в магазин - требуется 4 мафиози»."""
    g = game()
    g.to_night().order(R_BOSS, "boss_search", target=C1).order(R_SOL, "soldier_kill", target=C1)


def test_boss_dead_the_longest_soldier_succeeds() -> None:
    g = game()
    strip_vest(g, R_BOSS)
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_BOSS).resolve()
    assert g.state.player(R_SOL).secret_role == "boss"
    assert g.state.player(R_REC).secret_role == "recruiter"


def test_boss_dead_without_soldiers_the_recruiter_succeeds_and_still_recruits() -> None:
    g = game()
    strip_vest(g, R_BOSS)
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_SOL).resolve()
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_BOSS).resolve()
    assert g.state.player(R_REC).secret_role == "boss"
    g.to_night().order(R_REC, "recruit", target=C1)


def test_boss_clan_shot_into_the_jail_kills_without_revealing() -> None:
    g = game()
    jail(g.state, R_SOL)
    g.to_night().order(R_BOSS, "clan_jail_shot", target=R_SOL).resolve()
    assert not g.alive(R_SOL)
    assert not [p for p in g.public("role_revealed") if p["pid"] == R_SOL]


def test_boss_clan_shot_only_at_a_jailed_clan_member() -> None:
    g = game()
    jail(g.state, G_SOL)
    with pytest.raises(Refusal):
        g.to_night().order(R_BOSS, "clan_jail_shot", target=G_SOL)
    with pytest.raises(Refusal):
        g.order(R_BOSS, "clan_jail_shot", target=R_SOL)


def test_boss_clan_shot_prevents_the_interrogation() -> None:
    g = game()
    g.order(C1, "vote", target=R_SOL).resolve()
    g.order(R_BOSS, "clan_jail_shot", target=R_SOL).order(SHERIFF, "cops_interrogate", target=R_SOL).resolve()
    assert not g.alive(R_SOL)
    assert not g.events("interrogation", SHERIFF)


def _boss_sends() -> Game:
    return Game(["citizen"], settings={"clan_orders": "boss"})


def test_boss_sends_the_clans_moves_a_soldier_not_sent_fails() -> None:
    """1.6: «У мафии шлет босс мафии или уполномоченное лицо»; 6.3: «Ходит на дело ночью, если посылает босс»."""
    g = _boss_sends()
    g.to_night().order(RED_1, "soldier_kill", target=8).resolve()
    assert g.result(RED_1) == "not_sent"
    assert g.alive(8)


def test_boss_sends_a_soldier_on_the_job_and_his_kill_counts() -> None:
    g = _boss_sends()
    g.to_night()
    api.act(g.state, RED_BOSS, "clan_send", {"target": RED_1})
    assert g.events("clan_sent", RED_1)
    g.order(RED_1, "soldier_kill", target=8).resolve()
    assert not g.alive(8)


def test_boss_sends_only_his_own_clans_members() -> None:
    g = _boss_sends()
    g.to_night()
    with pytest.raises(Refusal, match="not_clanmate"):
        api.act(g.state, RED_BOSS, "clan_send", {"target": GREEN_1})
    with pytest.raises(Refusal, match="not_the_boss"):
        api.act(g.state, RED_1, "clan_send", {"target": RED_2})


def test_boss_sends_a_member_home_and_the_bar_are_his_own() -> None:
    """«Ночью, любой персонаж, вместо своего ночного хода может пойти в бар»: no Boss's word needed."""
    g = _boss_sends()
    g.to_night().order(RED_1, "bar").resolve()
    assert g.result(RED_1) == "ok"


def test_boss_jailed_the_members_send_their_own() -> None:
    """**Решение**: the Босс in prison cannot send: each member is the «уполномоченное лицо»."""
    g = _boss_sends()
    for voter in (GREEN_BOSS, GREEN_1, GREEN_2):
        g.order(voter, "vote", target=RED_BOSS)
    g.resolve()
    assert g.jailed(RED_BOSS)
    g.order(RED_1, "soldier_kill", target=8).resolve()
    assert not g.alive(8)


def test_boss_sends_with_each_member_on_his_own_by_the_setting() -> None:
    """`/set clan_orders each`: every member sends his own."""
    g = Game(["citizen"], settings={"clan_orders": "each"})
    g.to_night().order(RED_1, "soldier_kill", target=8).resolve()
    assert not g.alive(8)


def test_boss_sends_a_member_not_sent_earns_nothing_for_the_move() -> None:
    """3.1: +2 a move «согласно функционала роли»: a soldier the Босс did not send made none."""
    g = _boss_sends()
    g.to_night()
    fund = g.coins(RED_BOSS)
    g.order(RED_1, "soldier_kill", target=8).resolve()
    assert g.coins(RED_BOSS) == fund
