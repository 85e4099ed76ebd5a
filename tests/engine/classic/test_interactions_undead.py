"""The undead meet the order of 4.1 and the core's roles (numbered cases ic-undead-N)."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, RED_1, RED_BOSS, SHERIFF
from tests.engine.classic.undead_helpers import CIT_2, CIT_3, SPIRIT, VAMPIRE, give, undead_game


def test_ic_undead_1_the_spirit_comes_before_the_bar() -> None:
    """ДУХ is the first step of the late evening: one he locks does not get into the bar (and pays nothing)."""
    g = undead_game()
    before = g.coins(CITIZEN)
    g.to_night().order(SPIRIT, "spirit_lock", target=CITIZEN, access="lock_open").order(CITIZEN, "bar").resolve()
    assert g.result(CITIZEN) == "interfered"
    assert g.coins(CITIZEN) == before
    assert not g.public("went_to_bar")


def test_ic_undead_2_the_boss_shoots_the_vampire_before_his_bite() -> None:
    """Босс мафии (420) before Вампир (460): the shot is «удачно», the vampire regenerates and still bites."""
    g = undead_game()
    g.to_night().order(RED_BOSS, "boss_kill", target=VAMPIRE).order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.result(RED_BOSS) == "ok"
    assert g.alive(VAMPIRE)
    assert g.events("undead_bitten", CITIZEN)


def test_ic_undead_3_shot_before_the_bite_the_bite_fails() -> None:
    """The Шериф (430) shoots the one the Вампир (460) goes to: he is down, the bite «неудачно»."""
    g = undead_game()
    g.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).order(VAMPIRE, "vampire_bite", target=RED_1).resolve()
    assert not g.alive(RED_1)
    assert g.result(VAMPIRE) == "interfered"


def test_ic_undead_4_staked_after_his_bite_the_bitten_still_bleeds() -> None:
    """Вампир (460) bites, the stakes (550) kill him that night: the bite was made, the bitten dies the next
    night unless healed (a decision: the bleeding is the bite's, not the living vampire's)."""
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=SHERIFF)
    for pid in (CITIZEN, CIT_2, CIT_3):
        g.order(pid, "stake", target=VAMPIRE)
    g.resolve()
    assert not g.alive(VAMPIRE)
    g.to_night().resolve()
    assert not g.alive(SHERIFF)


def test_ic_undead_5_a_vampires_vest_is_not_spent_by_a_shot() -> None:
    """The undead layer (30) before the vest (50): the shot regenerates, the vest stays."""
    g = undead_game()
    give(g, VAMPIRE, "vest")
    g.to_night().order(SHERIFF, "sheriff_shot", target=VAMPIRE).resolve()
    assert "vest" in g.items(VAMPIRE)


def test_ic_undead_6_sealed_by_the_spirit_the_vampire_cannot_bite_him() -> None:
    g = undead_game()
    g.to_night().order(SPIRIT, "spirit_lock", target=CITIZEN, access="lock_sealed")
    g.order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.result(VAMPIRE) == "interfered"
    assert not g.events("undead_bitten", CITIZEN)


def test_ic_undead_7_the_spirit_locks_the_vampire() -> None:
    g = undead_game()
    g.to_night().order(SPIRIT, "spirit_lock", target=VAMPIRE, access="lock_open")
    g.order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.result(VAMPIRE) == "interfered"
    assert not g.events("undead_bitten", CITIZEN)


def test_ic_undead_8_bitten_then_jailed_he_dies_in_prison_unrevealed() -> None:
    """A bite bleeds in prison too; 1.13: the role of one who died in prison is not revealed."""
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=CIT_2).resolve()
    for player in g.state.living():
        if player.pid != CIT_2:
            g.order(player.pid, "vote", target=CIT_2)
    g.resolve()
    assert g.jailed(CIT_2)
    g.resolve()
    assert not g.alive(CIT_2)
    assert not [p for p in g.public("role_revealed") if p["pid"] == CIT_2]


def test_ic_undead_9_the_spirit_dies_at_the_mirror_before_anyone_moves() -> None:
    """ДУХ (200): coming to the Зеркало he dies at once; the holder's own move is made."""
    g = undead_game()
    give(g, SHERIFF, "mirror")
    g.to_night().order(SPIRIT, "spirit_lock", target=SHERIFF, access="lock_open")
    g.order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert not g.alive(SPIRIT)
    assert not g.alive(RED_1)


def test_ic_undead_10_a_second_bite_saves_the_bleeding() -> None:
    """Bleeding since the start of the night (dusk), he is bitten again at the Вампир's step: he becomes an
    Упырь and does not die at the night's deaths."""
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=CIT_3).resolve()
    g.to_night().order(VAMPIRE, "vampire_bite", target=CIT_3).resolve()
    assert g.alive(CIT_3)
    assert g.events("undead_bleeding", CIT_3)
