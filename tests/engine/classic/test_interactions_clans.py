"""The numbered interaction cases of the clans' roles with the order of resolution (4.1) and the core's roles
(ic-clans-1…): each two or more moves whose outcome depends on their order."""

from __future__ import annotations

from engine.core import api
from engine.rulesets.classic.jail import jail
from tests.engine.classic.conftest import Game
from tests.engine.classic.test_investigator import (
    C1,
    C2,
    G_BOSS,
    G_REC,
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


def test_ic_clans_1_the_cover_in_the_late_evening_stops_the_bosss_shot_at_night() -> None:
    g = game()
    g.to_night().order(SHERIFF, "cops_cover", target=C1).order(R_BOSS, "boss_kill", target=C1).resolve()
    assert g.alive(C1)


def test_ic_clans_2_the_boss_kills_the_covering_cop_before_a_soldiers_shot() -> None:
    """Босс (420) kills the covering Следователь; the Рядовой (500) then reaches the uncovered target."""
    g = game()
    g.to_night().order(INV, "cops_cover", target=C1).order(R_BOSS, "boss_kill", target=INV)
    g.order(G_SOL, "soldier_kill", target=C1).resolve()
    assert not g.alive(C1)


def test_ic_clans_3_the_sheriff_kills_the_recruiter_before_his_recruitment() -> None:
    """Шериф (430) before Вербовщик (480): the recruiter is down, his move fails."""
    g = game().disarm(R_REC)  # his Сирена (from the start) would turn the shot away
    g.to_night().order(SHERIFF, "sheriff_search", target=R_REC).order(R_REC, "recruit_blackmail", target=C1)
    g.resolve()
    assert not g.alive(R_REC)
    assert g.state.player(C1).secret_role == "citizen"
    assert g.coins(R_BOSS) == 8, "blocked before his step: the blackmail is not paid"


def test_ic_clans_4_the_recruiter_dies_after_his_offer_the_offer_is_void() -> None:
    """Вербовщик (480) offers, the Следователь (510) shoots him: «вербовка считается не состоявшейся»."""
    g = game().disarm(R_REC)  # his Сирена (from the start) would turn the shot away
    g.to_night().order(R_REC, "recruit", target=C1).order(INV, "investigator_shot", target=R_REC).resolve()
    assert not [q for q in g.state.questions.values() if q.kind == "recruit_offer"]
    assert not g.events("recruit_attempt", C1)


def test_ic_clans_5_the_clans_shot_into_the_jail_before_the_interrogation() -> None:
    """«выстрел мафией в посаженного соклана» (710) before «допрос» (720)."""
    g = game()
    g.order(C1, "vote", target=G_SOL).resolve()
    g.order(G_BOSS, "clan_jail_shot", target=G_SOL).order(INV, "cops_interrogate", target=G_SOL).resolve()
    assert not g.alive(G_SOL)
    assert g.result(INV) == "not_jailed_yesterday"


def test_ic_clans_6_the_investigator_frees_the_sheriff_before_the_interrogation() -> None:
    """«Выход из тюрьмы» (700) is the first step of the early morning: the freed Шериф is back in play."""
    g = game()
    g.order(C1, "vote", target=SHERIFF).order(C2, "vote", target=SHERIFF).resolve()
    assert g.jailed(SHERIFF)
    g.order(INV, "free_sheriff").resolve()
    assert not g.jailed(SHERIFF)


def test_ic_clans_7_the_apprentices_shot_after_the_sheriffs_promotes_on_a_kill() -> None:
    """The apprentice (520) shoots after the Шериф (430): a target the Шериф left standing is his."""
    g = game()
    g.to_night().order(R_REC, "recruit_blackmail", target=C1).resolve()
    g.to_night().order(SHERIFF, "sheriff_shot", target=C2).order(C1, "apprentice_kill", target=G_SOL).resolve()
    assert not g.alive(G_SOL) and not g.alive(C2)
    assert g.state.player(C1).secret_role == "soldier"


def test_ic_clans_8_the_recruit_answers_by_day_and_acts_as_the_apprentice_the_next_night() -> None:
    g = game()
    g.to_night().order(G_REC, "recruit", target=C1).resolve()
    [question] = [q for q in g.state.questions.values() if q.kind == "recruit_offer"]
    api.answer(g.state, C1, question.key, ["accept"])
    g.resolve()
    assert g.state.player(C1).secret_role == "apprentice"
    g.order(C1, "apprentice_kill", target=R_SOL).resolve()
    assert not g.alive(R_SOL)
    assert g.state.player(C1).faction == "mafia_green"


def test_ic_clans_9_the_boss_searching_the_sheriff_in_his_vest() -> None:
    """«Выстрел в броник - удачно»: the search finds him, the vest absorbs the shot."""
    g = game()
    g.to_night().order(G_BOSS, "boss_search", target=SHERIFF).resolve()
    assert g.alive(SHERIFF)
    assert g.result(G_BOSS) == "ok"


def test_ic_clans_10_the_jailed_cannot_be_covered_only_interrogated_or_shot_by_his_clan() -> None:
    """«На посаженного игрока нельзя воздействовать другими ходами кроме как допрос и убийство»."""
    import pytest

    from engine.core.refusal import Refusal

    g = game()
    jail(g.state, R_SOL)
    g.to_night()
    with pytest.raises(Refusal):
        g.order(INV, "cops_cover", target=R_SOL)
    g.order(INV, "cops_interrogate", target=R_SOL)
    g.order(R_BOSS, "clan_jail_shot", target=R_SOL)


def test_ic_clans_11_the_station_keeps_the_interrogating_cop_from_the_bosss_search() -> None:
    g = game()
    strip_vest(g, SHERIFF)
    g.order(C1, "vote", target=R_SOL).resolve()
    g.order(SHERIFF, "cops_interrogate", target=R_SOL).order(G_BOSS, "boss_search", target=SHERIFF).resolve()
    assert g.alive(SHERIFF)
    assert g.result(G_BOSS) == "interfered"
