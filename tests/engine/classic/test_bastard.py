"""Внебрачный ребёнок Босса (2.1): «Мафия не может убить, завербовать подкидыша… После смерти отца (первого
убитого Босса) занимает его место… При убийстве подкидыша текущей ночью все ходы мафии неудачно (траур).»"""

from __future__ import annotations

from tests.engine.classic.conftest import Game
from tests.engine.classic.test_investigator import C1, G_BOSS, G_SOL, R_BOSS, R_REC, R_SOL, SHERIFF, strip_vest

TABLE = ["boss", "recruiter", "soldier", "boss", "recruiter", "soldier", "sheriff", "investigator", "citizen",
         "bastard"]
BASTARD = 9


def game() -> Game:
    return Game(table=TABLE)


def test_bastard_cannot_be_killed_by_the_mafia() -> None:
    g = game()
    g.to_night().order(R_SOL, "soldier_kill", target=BASTARD).resolve()
    assert g.alive(BASTARD)
    assert g.result(R_SOL) == "interfered"


def test_bastard_cannot_be_recruited() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit_blackmail", target=BASTARD).resolve()
    assert g.state.player(BASTARD).secret_role == "bastard"


def test_bastard_crowned_after_the_first_boss_killed() -> None:
    g = game()
    strip_vest(g, R_BOSS)
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_BOSS).resolve()
    me = g.state.player(BASTARD)
    assert me.secret_role == "boss" and me.faction == "mafia_red"
    assert g.state.player(R_SOL).secret_role == "soldier", "the soldier does not succeed"
    assert g.events("clan_new_boss", R_SOL)
    assert g.events("team_members", BASTARD)


def test_bastard_only_the_first_boss() -> None:
    g = game()
    strip_vest(g, R_BOSS)
    strip_vest(g, G_BOSS)
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_BOSS).resolve()
    g.to_night().order(SHERIFF, "sheriff_shot", target=G_BOSS).resolve()
    assert g.state.player(G_SOL).secret_role == "boss"


def test_bastard_killed_the_clans_moves_of_the_night_fail() -> None:
    g = game()
    g.to_night().order(SHERIFF, "sheriff_shot", target=BASTARD).order(G_SOL, "soldier_kill", target=C1).resolve()
    assert not g.alive(BASTARD)
    assert g.alive(C1), "траур: the clan's kill is undone"
    assert g.events("mourning", G_SOL)
