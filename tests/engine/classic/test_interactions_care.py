"""The care area's numbered interaction cases (ic-care-N): where the town's services meet the order of
resolution (4.1) and the core's roles."""

from __future__ import annotations

from engine.rulesets.classic.model import items_of
from tests.engine.classic.care_helpers import strip_vest
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game

NURSE, GUARD, PRIEST, HARLOT, DRUNK, TOUR, REANIMATOR = range(8, 15)
CARE = ["nurse", "bodyguard", "priest", "harlot", "drunkard", "tour_operator", "reanimator"]


def care() -> Game:
    return Game(CARE)


def test_ic_care_1_the_bar_before_the_harlot_she_cannot_reach_a_guest_of_the_bar() -> None:
    g = care().to_night().order(GREEN_1, "bar").order(HARLOT, "harlot_seduce", target=GREEN_1).resolve()
    assert g.result(HARLOT) == "interfered"


def test_ic_care_2_the_tour_before_the_harlot_the_tourist_is_out_of_reach() -> None:
    g = care().to_night().order(TOUR, "tour_send", target=GREEN_1).order(HARLOT, "harlot_seduce", target=GREEN_1)
    g.order(GREEN_1, "soldier_kill", target=RED_1).resolve()
    assert g.result(HARLOT) == "interfered" and g.alive(RED_1)


def test_ic_care_3_the_quarantine_before_the_bodyguard_the_guard_never_happens() -> None:
    g = care().to_night().order(NURSE, "nurse_quarantine", target=GUARD).order(GUARD, "bodyguard_guard", target=CITIZEN)
    strip_vest(g, CITIZEN)
    g.order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN) and g.result(GUARD) == "interfered"


def test_ic_care_4_the_priest_before_the_boss_a_confessed_boss_does_not_shoot() -> None:
    g = care().to_night().order(PRIEST, "priest_confess", target=RED_BOSS).order(RED_BOSS, "boss_kill", target=GREEN_1)
    g.resolve()
    assert g.alive(GREEN_1) and g.result(RED_BOSS) == "interfered"


def test_ic_care_5_the_nurse_heals_after_the_soldiers_shot() -> None:
    g = care().to_night().order(GREEN_1, "soldier_kill", target=RED_2).order(NURSE, "nurse_heal", target=RED_2)
    g.resolve()
    assert g.alive(RED_2)


def test_ic_care_6_the_bodyguard_shot_by_the_boss_no_longer_guards_at_the_soldiers_step() -> None:
    g = care().to_night().order(GUARD, "bodyguard_guard", target=GREEN_1).order(RED_BOSS, "boss_kill", target=GUARD)
    g.order(SHERIFF, "sheriff_shot", target=GREEN_1).resolve()  # the Шериф (430) after the Босс (420)
    assert not g.alive(GUARD) and not g.alive(GREEN_1)


def test_ic_care_7_the_funeral_before_the_reanimator() -> None:
    g = care().to_night().order(RED_1, "soldier_kill", target=GREEN_1).order(PRIEST, "priest_funeral", target=GREEN_1)
    g.order(REANIMATOR, "reanimate", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)


def test_ic_care_8_the_prayer_from_the_late_evening_turns_the_sheriff_away() -> None:
    g = care().to_night().order(PRIEST, "priest_prayer").order(SHERIFF, "sheriff_shot", target=PRIEST).resolve()
    assert g.alive(PRIEST) and g.result(SHERIFF) == "interfered"
    assert g.state.player(PRIEST).flags.get("god_saved") is None, "God's one save is still his"


def test_ic_care_9_the_drunkard_before_the_sheriff_the_sheriff_does_not_shoot() -> None:
    g = care().to_night().order(DRUNK, "drunkard_drink", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1)
    g.resolve()
    assert g.alive(RED_1) and g.result(SHERIFF) == "interfered"


def test_ic_care_10_the_harlots_client_keeps_his_vest_no_shot_was_fired() -> None:
    g = care().to_night().order(HARLOT, "harlot_seduce", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1)
    g.order(RED_BOSS, "boss_kill", target=SHERIFF).resolve()
    assert g.alive(SHERIFF) and items_of(g.state, SHERIFF, "vest")


def test_ic_care_11_the_bodyguard_before_the_priest_god_keeps_his_save() -> None:
    g = care().to_night().order(GUARD, "bodyguard_guard", target=PRIEST).order(RED_1, "soldier_kill", target=PRIEST)
    g.resolve()
    assert g.alive(PRIEST) and not g.state.player(PRIEST).flags.get("god_saved")


def test_ic_care_12_the_reanimated_is_back_before_the_morning_and_acts_the_next_night() -> None:
    g = care().to_night().order(RED_1, "soldier_kill", target=GREEN_1).order(REANIMATOR, "reanimate", target=GREEN_1)
    g.resolve()
    g.to_night().order(GREEN_1, "soldier_kill", target=RED_2).resolve()
    assert not g.alive(RED_2)


def test_ic_care_13_the_tour_before_the_nurse_no_heal_reaches_the_tourist() -> None:
    g = care().to_night().order(TOUR, "tour_send", target=RED_2).order(NURSE, "nurse_heal", target=RED_2).resolve()
    assert g.result(NURSE) == "interfered"


def test_ic_care_14_the_excursion_before_the_shot_the_tourist_is_shot() -> None:
    g = care().to_night().order(TOUR, "excursion_send", target=RED_2).order(GREEN_1, "soldier_kill", target=RED_2)
    g.resolve()
    assert not g.alive(RED_2)
