"""The order of resolution, case by case (numbered): tests/engine/pipeline_hidden_rules.txt is the order
(a decision: docs/rulesets/hidden_rules.md, «Порядок разрешения»); each case is one consequence of it."""

from __future__ import annotations

from engine.core.extensions import edit
from engine.rulesets.hidden_rules.model import Stone, soul, stone
from tests.engine.hidden_rules.conftest import CULTIST, EATER, JUDGE, PROTECTOR, SHAMAN_A, SHAMAN_B, WARLOCK


def test_01_a_stun_fails_the_targets_murder_in_the_same_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST, PROTECTOR).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(CULTIST, "cultist_kill", target=1).do(PROTECTOR, "protector_stun", target=CULTIST).resolve()
    assert g.alive(1)


def test_02_a_stunned_protector_protects_nobody(game) -> None:
    g = game().know_all(WARLOCK, CULTIST, PROTECTOR).to_phase(3)
    g.do(WARLOCK, "warlock_danger", target=1).resolve()
    g.do(CULTIST, "cultist_stun", target=PROTECTOR).do(PROTECTOR, "protector_protect", target=1)
    g.do(WARLOCK, "warlock_destroy").resolve()
    assert not g.alive(1)


def test_03_a_stun_is_not_undone_by_a_stun_on_the_stunner(game) -> None:
    g = game().know_all(CULTIST, PROTECTOR).to_phase(2)
    g.do(CULTIST, "cultist_stun", target=1).do(PROTECTOR, "protector_stun", target=CULTIST).resolve()
    assert g.in_spirits(1) and g.in_spirits(CULTIST)


def test_04_protection_this_phase_stops_a_murder_this_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST, PROTECTOR).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(PROTECTOR, "protector_protect", target=1).do(CULTIST, "cultist_kill", target=1).resolve()
    assert g.alive(1)


def test_05_a_death_sign_put_this_phase_does_not_allow_a_murder_this_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST).to_phase(3)
    g.do(WARLOCK, "warlock_sign", targets=[1]).do(CULTIST, "cultist_kill", target=1).resolve()
    assert g.alive(1)


def test_06_seals_are_revealed_before_the_stone_is_read_in_the_same_phase(game) -> None:
    g = game().know_all(SHAMAN_A, EATER).world(SHAMAN_A).world(EATER).to_phase(3)
    with edit(Stone, g.state) as table:
        table.seals = [g.label(1), g.label(2), g.label(3)]
    g.do(SHAMAN_A, "shaman_seal", souls=[g.label(4), g.label(5)]).do(EATER, "eater_weak_link", souls=["A", "B"])
    g.resolve()
    assert g.public("hr_seals_revealed")
    assert g.told(EATER, "hr_stone")[-1]["sealed"] == "—"


def test_07_this_phases_uses_become_links_only_after_the_reads(game) -> None:
    g = game().know_all(CULTIST, SHAMAN_A).world(SHAMAN_A).to_phase(3)
    g.do(CULTIST, "cultist_shadow", target=1).do(SHAMAN_A, "shaman_link", souls=[g.label(CULTIST), g.label(1)])
    g.resolve()
    assert not soul(g.state, SHAMAN_A).edges and stone(g.state).links


def test_08_the_trial_executes_after_the_kills_one_already_killed_leaves_the_other(game) -> None:
    g = game().know_all(JUDGE, WARLOCK, CULTIST).to_phase(3)
    g.do(JUDGE, "judge_trial", targets=[1, 2]).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(CULTIST, "cultist_kill", target=1).do(3, "trial_vote", target=1).resolve()
    assert not g.alive(1) and not g.alive(2)


def test_09_a_soul_saved_this_phase_is_not_stolen_this_phase_but_a_stolen_one_is_not_saved(game) -> None:
    g = game().know_all(EATER, CULTIST, PROTECTOR).world(EATER).world(1).to_phase(3)
    g.do(EATER, "eater_theft", soul="P1").do(PROTECTOR, "protector_save", target=1).resolve()
    assert soul(g.state, 1).stolen and g.in_living(1)


def test_10_worlds_change_last_a_meditation_and_a_stun_in_one_phase_act_from_the_living_world(game) -> None:
    g = game().know_all(SHAMAN_B, CULTIST).to_phase(3)
    g.do(SHAMAN_B, "shaman_meditate").do(CULTIST, "cultist_stun", target=SHAMAN_B).resolve()
    assert g.in_spirits(SHAMAN_B) and g.told(SHAMAN_B, "hr_stunned")


def test_11_a_stolen_soul_stunned_dies_whatever_protects_it(game) -> None:
    g = game().know_all(CULTIST, PROTECTOR).set(1, stolen=True).to_phase(2)
    g.do(CULTIST, "cultist_stun", target=1).do(PROTECTOR, "protector_protect", target=1).resolve()
    assert not g.alive(1)


def test_12_return_and_theft_in_one_phase_the_theft_still_finds_him(game) -> None:
    g = game().know_all(EATER, SHAMAN_A).world(EATER).world(SHAMAN_A).to_phase(3)
    g.do(SHAMAN_A, "shaman_return").do(EATER, "eater_theft", soul="P0").resolve()
    assert soul(g.state, SHAMAN_A).stolen and g.in_living(SHAMAN_A)


def test_13_shaman_b_shadow_and_the_day_vote_the_vote_reads_the_shadow_of_the_night_before(game) -> None:
    g = game().know_all(SHAMAN_B).do(SHAMAN_B, "shaman_shadow", target=JUDGE).resolve()
    g.do(SHAMAN_B, "shaman_shadow", target=2).do(1, "vote", target=JUDGE).resolve()
    assert not g.alive(JUDGE) and g.alive(2)
