"""Hidden rules: each role is told its abilities phase by phase («Объявление способностей»), each
announcement an event to him alone; a player may use (and is offered) only what he was told; /rules shows
him only the paragraphs told (Ruleset.told_rules)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.hidden_rules.conftest import CULTIST, EATER, JUDGE, PROTECTOR, SHAMAN_A, SHAMAN_B, WARLOCK


def test_shaman_a_is_told_meditation_in_the_first_phase(game) -> None:
    g = game()
    assert g.keys_told(SHAMAN_A) == ["shaman_a_meditate"]
    assert g.offered(SHAMAN_A) == {"shaman_meditate"}


def test_shaman_a_is_told_karmic_shadow_in_the_second_phase_if_he_did_not_meditate(game) -> None:
    g = game().resolve()
    assert "shaman_a_shadow" in g.keys_told(SHAMAN_A)
    assert g.told(SHAMAN_A, "hr_told") == [{"kind": "hr_told", "key": "shaman_a_shadow"}]


def test_shaman_a_who_meditated_is_not_told_karmic_shadow_but_return_and_link(game) -> None:
    g = game().do(SHAMAN_A, "shaman_meditate").resolve()
    assert g.keys_told(SHAMAN_A) == ["shaman_a_meditate", "shaman_a_spirit"]
    assert {"shaman_return", "shaman_link"} <= g.offered(SHAMAN_A)


def test_shaman_a_is_told_seal_in_his_second_spirit_phase_and_clarify_in_the_third(game) -> None:
    g = game().do(SHAMAN_A, "shaman_meditate").resolve().resolve()
    assert g.keys_told(SHAMAN_A)[-1] == "shaman_a_seal"
    g.resolve()
    assert g.keys_told(SHAMAN_A)[-1] == "shaman_a_clarify"


def test_shaman_a_is_told_every_living_world_ability_on_his_first_return(game) -> None:
    g = game().do(SHAMAN_A, "shaman_meditate").resolve().do(SHAMAN_A, "shaman_return").resolve()
    assert g.keys_told(SHAMAN_A)[-1] == "shaman_a_return"
    assert {"shaman_meditate", "shaman_shadow", "shaman_aura", "shaman_insight"} <= g.offered(SHAMAN_A)


def test_shaman_b_is_told_shadow_then_meditation_then_everything_in_the_spirit_world(game) -> None:
    g = game()
    assert g.keys_told(SHAMAN_B) == ["shaman_b_shadow"]
    g.resolve()
    assert g.keys_told(SHAMAN_B) == ["shaman_b_shadow", "shaman_b_meditate"]
    g.do(SHAMAN_B, "shaman_meditate").resolve()
    assert g.keys_told(SHAMAN_B)[-1] == "shaman_b_spirit"
    assert {"shaman_return", "shaman_link", "shaman_clarify", "shaman_seal"} <= g.offered(SHAMAN_B)


def test_the_judge_hears_a_hint_then_aura_and_direct_seal_then_trial_and_glance_into_the_past(game) -> None:
    g = game()
    assert g.keys_told(JUDGE) == ["judge_hint"] and g.offered(JUDGE) == set()
    g.resolve()
    assert g.offered(JUDGE) == {"judge_aura", "judge_seal"}
    g.resolve()
    assert {"judge_trial", "judge_past"} <= g.offered(JUDGE)


def test_the_judge_learns_his_spirit_abilities_on_arriving_there(game) -> None:
    g = game().know_all(CULTIST).resolve().do(CULTIST, "cultist_stun", target=JUDGE).resolve()
    assert g.keys_told(JUDGE)[-1] == "judge_spirit"
    assert {"judge_return", "judge_link"} <= g.offered(JUDGE)


def test_the_protector_is_told_meditation_and_protection_then_stun_and_soul_saving(game) -> None:
    g = game()
    assert g.keys_told(PROTECTOR) == ["protector_first"]
    assert g.offered(PROTECTOR) == {"protector_meditate"}  # Защита «недоступна 1 фазу»
    g.resolve()
    assert {"protector_protect", "protector_stun", "protector_save"} <= g.offered(PROTECTOR)
    g.do(PROTECTOR, "protector_meditate").resolve()
    assert {"protector_return", "protector_links"} <= g.offered(PROTECTOR)


def test_the_cultist_is_told_shadow_then_stun_and_aura_then_murder(game) -> None:
    g = game()
    assert g.offered(CULTIST) == {"cultist_shadow"}
    g.resolve()
    assert g.offered(CULTIST) == {"cultist_shadow", "cultist_stun", "cultist_aura"}
    g.resolve()
    assert "cultist_kill" in g.offered(CULTIST)


def test_the_warlock_hears_a_hint_then_death_sign_then_the_rest(game) -> None:
    g = game()
    assert g.keys_told(WARLOCK) == ["warlock_hint"] and g.offered(WARLOCK) == set()
    g.resolve()
    assert g.offered(WARLOCK) == {"warlock_sign"}
    g.resolve()
    assert "warlock_danger" in g.offered(WARLOCK)


def test_the_soul_eater_is_told_meditation_then_the_spirit_abilities_with_a_hint_then_theft_and_glance(game) -> None:
    g = game()
    assert g.offered(EATER) == {"eater_meditate"}
    g.resolve()
    assert g.keys_told(EATER)[-1] == "eater_spirit"
    g.resolve()
    assert g.keys_told(EATER)[-1] == "eater_theft_glance"
    assert "eater_glance" in g.offered(EATER)


def test_an_ability_not_told_yet_is_refused_and_not_offered(game) -> None:
    g = game()
    with pytest.raises(Refusal) as refused:
        g.do(CULTIST, "cultist_kill", target=0)
    assert refused.value.params["reason"] == "not_told"
    assert "cultist_kill" not in g.offered(CULTIST)


def test_abilities_that_appear_when_the_rest_of_the_mafia_is_dead(game) -> None:
    g = game().know_all(CULTIST, EATER)
    assert "cultist_sign" not in g.offered(CULTIST)
    g.state.player(WARLOCK).alive = False
    g.state.player(EATER).alive = False
    g.resolve()
    assert "cultist_alone" in g.keys_told(CULTIST)
    assert "cultist_sign" in g.offered(CULTIST)


def test_the_rules_a_player_sees_are_the_paragraphs_told_him_in_order(game) -> None:
    g = game().resolve()
    paragraphs = api.told_rules(g.state, SHAMAN_A) or []
    assert [key for key, _ in paragraphs] == ["hr_told.common", "hr_told.role_shaman", "hr_told.shaman_a_meditate",
                                              "hr_told.shaman_a_shadow"]


def test_each_announcement_is_an_event_to_him_alone(game) -> None:
    g = game().resolve()
    told = [e for e in g.state.events[g.mark:] if e.kind == "hr_told"]
    assert told and all(e.to == "player" for e in told)
