"""Босс мафии beyond the kill (6.1): «поиск шерифа (если находит шерифа то сразу в него стреляет)»; «Если Босс
выбывает из игры, то новым Боссом становится Рядовой, находящийся в клане дольше всех. Если рядовых нет, то
Боссом становится вербовщик, сохраняя при этом способность вербовать»; the clan's shot into its jailed member
(1.13)."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.jail import jail
from tests.engine.classic.conftest import Game
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
