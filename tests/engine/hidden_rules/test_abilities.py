"""Every ability of the six roles that is not the stone's (test_stone.py), the (А) rule, the votes and the win,
each named after the text's words."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.hidden_rules.model import stone
from tests.engine.hidden_rules.conftest import (
    CULTIST,
    EATER,
    JUDGE,
    PROTECTOR,
    SHAMAN_A,
    SHAMAN_B,
    WARLOCK,
)


def test_alternative_at_most_one_action_marked_a_a_phase(game) -> None:
    g = game().know_all(CULTIST).to_phase(3)
    g.do(CULTIST, "cultist_shadow", target=1)
    with pytest.raises(Refusal) as refused:
        g.do(CULTIST, "cultist_stun", target=2)
    assert refused.value.params["reason"] == "alternative"
    g.do(CULTIST, "cultist_aura", target=2)  # the Культист's Чтение ауры has no (А)


def test_karmic_shadow_opens_votes_against_the_target_in_the_next_phase_with_a_vote(game) -> None:
    g = game().know_all(SHAMAN_B).do(SHAMAN_B, "shaman_shadow", target=1).resolve()
    g.do(2, "vote", target=1).do(4, "vote", target=1)
    with pytest.raises(Refusal) as refused:
        g.do(5, "vote", target=2)
    assert refused.value.params["reason"] == "no_shadow"
    g.resolve()
    assert not g.alive(1) and g.public("hr_voted_out")


def test_a_shadow_cast_by_day_waits_for_the_next_day(game) -> None:
    g = game().know_all(SHAMAN_B).to_phase(2).do(SHAMAN_B, "shaman_shadow", target=1).resolve()
    with pytest.raises(Refusal):
        g.do(2, "vote", target=1)  # a night: no vote
    g.resolve()
    g.do(2, "vote", target=1).resolve()
    assert not g.alive(1)


def test_the_vote_a_tie_executes_nobody(game) -> None:
    g = game().know_all(SHAMAN_B).do(SHAMAN_B, "shaman_shadow", target=1).do(4, "shaman_shadow", target=2).resolve()
    g.do(5, "vote", target=1).do(6, "vote", target=2).resolve()
    assert g.alive(1) and g.alive(2) and g.public("hr_vote_nobody")


def test_protection_does_not_save_from_the_vote(game) -> None:
    g = game().know_all(SHAMAN_B, PROTECTOR).to_phase(3).do(SHAMAN_B, "shaman_shadow", target=1).resolve()
    g.do(PROTECTOR, "protector_protect", target=1).do(2, "vote", target=1).resolve()
    assert not g.alive(1)


def test_aura_reading_learns_whether_the_target_was_marked_at_the_start_of_the_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(CULTIST, "cultist_aura", target=1).do(WARLOCK, "warlock_sign", targets=[2]).resolve()
    assert g.told(CULTIST, "hr_aura_marked") == [{"kind": "hr_aura_marked", "target": 1}]
    g.do(CULTIST, "cultist_aura", target=2).resolve()  # Знак on 2 was put last phase: it is on him now
    assert g.told(CULTIST, "hr_aura_marked")


def test_aura_reading_does_not_see_a_sign_put_this_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST).to_phase(3)
    g.do(WARLOCK, "warlock_sign", targets=[1]).do(CULTIST, "cultist_aura", target=1).resolve()
    assert g.told(CULTIST, "hr_aura_clean")


def test_aura_any_mark_setting_also_reads_a_karmic_shadow(game) -> None:
    g = game(settings={"aura": "any_mark"}).know_all(SHAMAN_B, CULTIST).to_phase(3)
    g.do(SHAMAN_B, "shaman_shadow", target=1).resolve().do(CULTIST, "cultist_aura", target=1).resolve()
    assert g.told(CULTIST, "hr_aura_marked")


def test_death_sign_lasts_the_next_phase_only(game) -> None:
    g = game().know_all(WARLOCK).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1, 2]).resolve()
    assert g.state.effects_of("death_sign", target=1) and g.state.effects_of("death_sign", target=2)
    g.resolve()
    assert not g.state.effects_of("death_sign", target=1)


def test_death_sign_never_on_one_target_twice_a_game(game) -> None:
    g = game().know_all(WARLOCK).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    with pytest.raises(Refusal) as refused:
        g.do(WARLOCK, "warlock_sign", targets=[2, 1])
    assert refused.value.params["reason"] == "twice_on_target"


def test_murder_kills_a_target_with_a_death_sign(game) -> None:
    g = game().know_all(WARLOCK, CULTIST).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(CULTIST, "cultist_kill", target=1).resolve()
    assert not g.alive(1)


def test_murder_fails_on_a_target_without_a_death_sign(game) -> None:
    g = game().know_all(CULTIST).to_phase(3).do(CULTIST, "cultist_kill", target=1).resolve()
    assert g.alive(1) and g.told(CULTIST, "hr_kill_failed")


def test_protection_saves_from_murder_and_the_protector_carries_a_death_sign_next_phase(game) -> None:
    g = game().know_all(WARLOCK, CULTIST, PROTECTOR).to_phase(3).do(WARLOCK, "warlock_sign", targets=[1]).resolve()
    g.do(CULTIST, "cultist_kill", target=1).do(PROTECTOR, "protector_protect", target=1).resolve()
    assert g.alive(1) and g.told(1, "hr_protected")
    assert g.state.effects_of("death_sign", target=PROTECTOR)


def test_protection_not_twice_on_one_target(game) -> None:
    g = game().know_all(PROTECTOR).to_phase(2).do(PROTECTOR, "protector_protect", target=1).resolve()
    with pytest.raises(Refusal):
        g.do(PROTECTOR, "protector_protect", target=1)


def test_protection_is_not_open_in_the_first_phase(game) -> None:
    g = game().know_all(PROTECTOR)
    with pytest.raises(Refusal) as refused:
        g.do(PROTECTOR, "protector_protect", target=1)
    assert refused.value.params["reason"] == "not_first_phase"


def test_protection_saves_from_a_stun(game) -> None:
    g = game().know_all(CULTIST, PROTECTOR).to_phase(2)
    g.do(CULTIST, "cultist_stun", target=1).do(PROTECTOR, "protector_protect", target=1).resolve()
    assert g.in_living(1)


def test_soul_saving_the_dead_character_goes_on_in_the_spirit_world_without_return(game) -> None:
    g = game().know_all(WARLOCK, CULTIST, PROTECTOR, SHAMAN_A).to_phase(3)
    g.do(WARLOCK, "warlock_sign", targets=[SHAMAN_A]).resolve()
    g.do(CULTIST, "cultist_kill", target=SHAMAN_A).do(PROTECTOR, "protector_save", target=SHAMAN_A).resolve()
    assert not g.alive(SHAMAN_A) and g.public("death")  # the others see a death as usual
    assert g.told(SHAMAN_A, "hr_ghost") and g.in_spirits(SHAMAN_A)
    offered = g.offered(SHAMAN_A)
    assert "shaman_link" in offered and "shaman_return" not in offered
    with pytest.raises(Refusal):
        g.do(SHAMAN_A, "shaman_return")


def test_a_saved_soul_is_dead_for_the_win(game) -> None:
    g = game().set(SHAMAN_A, ghost=True)
    g.state.player(SHAMAN_A).alive = False
    assert SHAMAN_A not in {p.pid for p in g.state.living()}


def test_trial_names_two_and_one_of_them_is_executed_in_the_next_phase_whatever_saves_him(game) -> None:
    g = game().know_all(JUDGE, PROTECTOR).to_phase(3).do(JUDGE, "judge_trial", targets=[1, 2]).resolve()
    assert g.public("hr_trial_named") == [{"kind": "hr_trial_named", "first": 1, "second": 2}]
    g.do(PROTECTOR, "protector_protect", target=2).do(PROTECTOR, "trial_vote", target=2)
    g.do(3, "trial_vote", target=2).do(4, "trial_vote", target=1)
    with pytest.raises(Refusal) as refused:
        g.do(5, "trial_vote", target=6)
    assert refused.value.params["reason"] == "not_on_trial"
    g.resolve()
    assert not g.alive(2) and g.alive(1)


def test_trial_a_tie_executes_the_first_named(game) -> None:
    g = game().know_all(JUDGE).to_phase(3).do(JUDGE, "judge_trial", targets=[2, 1]).resolve()
    g.do(3, "trial_vote", target=1).do(4, "trial_vote", target=2).resolve()
    assert not g.alive(2) and g.alive(1)


def test_trial_nothing_saves_not_even_soul_saving(game) -> None:
    g = game().know_all(JUDGE, PROTECTOR).to_phase(3).do(JUDGE, "judge_trial", targets=[1, 2]).resolve()
    g.do(PROTECTOR, "protector_save", target=1).resolve()
    assert not g.alive(1) and not g.told(1, "hr_ghost")


def test_glance_into_the_past_sees_a_bad_action_of_the_first_on_the_second(game) -> None:
    g = game().know_all(JUDGE, CULTIST).to_phase(3).do(CULTIST, "cultist_shadow", target=1).resolve()
    g.do(JUDGE, "judge_past", targets=[CULTIST, 1]).resolve()
    assert g.told(JUDGE, "hr_past_bad")


def test_glance_into_the_past_a_good_action_is_not_bad(game) -> None:
    g = game().know_all(JUDGE, PROTECTOR).to_phase(3).do(PROTECTOR, "protector_protect", target=1).resolve()
    g.do(JUDGE, "judge_past", targets=[PROTECTOR, 1]).resolve()
    assert g.told(JUDGE, "hr_past_clean")


def test_glance_into_the_past_does_not_see_this_phase(game) -> None:
    g = game().know_all(JUDGE, CULTIST).to_phase(3)
    g.do(CULTIST, "cultist_shadow", target=1).do(JUDGE, "judge_past", targets=[CULTIST, 1]).resolve()
    assert g.told(JUDGE, "hr_past_clean")


def test_the_bad_list_is_the_texts() -> None:
    from engine.rulesets.hidden_rules.abilities import BAD

    assert {"karmic_shadow", "trial", "stun", "kill", "secret_sign", "death_sign", "dangerous_sign",
                   "destroy", "soul_glance", "soul_theft"} == BAD


def test_annihilation_kills_the_target_of_last_phases_dangerous_sign(game) -> None:
    g = game().know_all(WARLOCK).to_phase(3).do(WARLOCK, "warlock_danger", target=JUDGE).resolve()
    g.do(WARLOCK, "warlock_destroy").resolve()
    assert not g.alive(JUDGE)


def test_annihilation_is_refused_without_a_dangerous_sign_last_phase(game) -> None:
    g = game().know_all(WARLOCK).world(WARLOCK).to_phase(3)
    with pytest.raises(Refusal) as refused:
        g.do(WARLOCK, "warlock_destroy")
    assert refused.value.params["reason"] == "no_dangerous_sign"


def test_secret_sign_puts_a_death_sign_for_the_next_phase(game) -> None:
    g = game().know_all(CULTIST)
    g.state.player(WARLOCK).alive = g.state.player(EATER).alive = False
    g.resolve().do(CULTIST, "cultist_sign", target=1).resolve()
    assert g.state.effects_of("death_sign", target=1)


def test_soul_glance_learns_where_the_targets_soul_is(game) -> None:
    g = game().know_all(EATER).to_phase(3).do(EATER, "eater_glance", target=1).resolve()
    assert g.told(EATER, "hr_soul_found") == [{"kind": "hr_soul_found", "target": 1, "label": g.label(1)}]


def test_soul_theft_forces_the_target_back_and_the_spirit_world_becomes_deadly(game) -> None:
    g = game().know_all(EATER, SHAMAN_A).world(EATER).world(SHAMAN_A).to_phase(3)
    g.do(EATER, "eater_theft", soul="P0").resolve()
    assert g.in_living(SHAMAN_A) and g.told(SHAMAN_A, "hr_soul_stolen")
    g.do(SHAMAN_A, "shaman_meditate").resolve()
    assert not g.alive(SHAMAN_A)


def test_soul_theft_of_a_glanced_soul_on_the_stone(game) -> None:
    g = game().know_all(EATER).to_phase(3).do(EATER, "eater_glance", target=1).resolve()
    g.world(EATER).do(EATER, "eater_theft", soul=g.label(1)).resolve()
    from engine.rulesets.hidden_rules.model import soul

    assert soul(g.state, 1).stolen


def test_soul_theft_only_among_the_glanced_and_those_in_the_spirit_world(game) -> None:
    g = game().know_all(EATER).world(EATER).to_phase(3)
    with pytest.raises(Refusal):
        g.do(EATER, "eater_theft", soul=g.label(1))


def test_a_stolen_soul_cannot_be_saved(game) -> None:
    g = game().know_all(CULTIST, PROTECTOR).set(1, stolen=True).to_phase(2)
    g.do(CULTIST, "cultist_stun", target=1).do(PROTECTOR, "protector_save", target=1).resolve()
    assert not g.alive(1) and not g.told(1, "hr_ghost")


def test_soul_theft_a_dead_body_kills_at_once_and_waits_three_phases(game) -> None:
    g = game().know_all(EATER).world(EATER).set(SHAMAN_A, ghost=True, world="spirits").to_phase(3)
    g.state.player(SHAMAN_A).alive = False
    g.do(EATER, "eater_theft", soul="P0").resolve()
    assert g.told(SHAMAN_A, "hr_soul_devoured")
    assert not api.actions(g.state, SHAMAN_A)
    g.resolve().resolve()
    assert "eater_theft" not in g.offered(EATER)


def test_soul_theft_not_two_turns_running(game) -> None:
    g = game().know_all(EATER).world(EATER).world(1).world(2).to_phase(3)
    g.do(EATER, "eater_theft", soul="P1").resolve()
    with pytest.raises(Refusal) as refused:
        g.do(EATER, "eater_theft", soul="P2")
    assert refused.value.params["reason"] == "cooldown"


def test_the_town_wins_when_every_mafia_member_is_dead(game) -> None:
    g = game()
    for pid in (CULTIST, WARLOCK, EATER):
        g.state.player(pid).alive = False
    g.resolve()
    assert g.state.status == "finished" and g.state.winners == ["town"]


def test_the_mafia_wins_at_parity_by_default(game) -> None:
    g = game()
    for pid in range(4):
        g.state.player(pid).alive = False
    g.resolve()
    assert g.state.winners == ["mafia"]


def test_the_mafia_win_all_setting_needs_the_whole_town_dead(game) -> None:
    g = game(settings={"mafia_win": "all"})
    for pid in range(4):
        g.state.player(pid).alive = False
    g.resolve()
    assert g.state.status == "running"


def test_the_shamans_shadow_and_aura_are_alternatives(game) -> None:
    g = game().know_all(SHAMAN_B).do(SHAMAN_B, "shaman_shadow", target=1)
    with pytest.raises(Refusal):
        g.do(SHAMAN_B, "shaman_aura", target=1)
    assert stone(g.state).marks == []


def test_a_saved_soul_acts_through_the_api_as_the_rules_let_it(game) -> None:
    g = game().know_all(SHAMAN_A).set(SHAMAN_A, ghost=True, world="spirits")
    g.state.player(SHAMAN_A).alive = False
    assert api.may_act(g.state, SHAMAN_A) and api.may_act(g.state, 1)
    g.state.player(1).alive = False
    assert not api.may_act(g.state, 1) and not api.actions(g.state, 1)


def test_the_soul_eaters_meditation_is_an_alternative_action(game) -> None:
    g = game().know_all(EATER).to_phase(3).do(EATER, "eater_glance", target=1)
    with pytest.raises(Refusal) as refused:
        g.do(EATER, "eater_meditate")
    assert refused.value.params["reason"] == "alternative"


def test_the_soul_eaters_stun_appears_when_the_rest_of_the_mafia_is_dead(game) -> None:
    g = game().know_all(EATER).to_phase(3)
    with pytest.raises(Refusal) as refused:
        g.do(EATER, "eater_stun", target=1)
    assert refused.value.params["reason"] == "mafia_alive"
    g.state.player(CULTIST).alive = g.state.player(WARLOCK).alive = False
    g.do(EATER, "eater_stun", target=1).resolve()
    assert g.in_spirits(1)


def test_the_judge_has_no_own_way_into_the_spirit_world(game) -> None:
    from engine.rulesets.hidden_rules.abilities import ABILITIES

    assert not [a for a in ABILITIES if a.holder_name == "judge" and a.what in ("meditate", "stun", "dangerous_sign")]
