"""The two worlds and the ways between them: Медитация, Вернуться, Оглушение, Опасный знак (Похищение души
in test_abilities.py); what each world allows."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from tests.engine.hidden_rules.conftest import CULTIST, EATER, JUDGE, PROTECTOR, SHAMAN_A, SHAMAN_B, WARLOCK


def test_meditation_takes_him_to_the_spirit_world_at_the_end_of_the_phase(game) -> None:
    g = game().do(SHAMAN_A, "shaman_meditate")
    assert g.in_living(SHAMAN_A)
    g.resolve()
    assert g.in_spirits(SHAMAN_A)
    assert g.told(SHAMAN_A, "hr_world") == [{"kind": "hr_world", "world": "spirits"}]


def test_return_takes_him_back_to_the_living(game) -> None:
    g = game().know_all(SHAMAN_A).world(SHAMAN_A).do(SHAMAN_A, "shaman_return").resolve()
    assert g.in_living(SHAMAN_A)


def test_a_living_world_ability_is_refused_from_the_spirit_world(game) -> None:
    g = game().know_all(SHAMAN_A).world(SHAMAN_A).to_phase(2)
    with pytest.raises(Refusal) as refused:
        g.do(SHAMAN_A, "shaman_shadow", target=1)
    assert refused.value.params["reason"] == "in_spirits"


def test_a_spirit_world_ability_is_refused_from_the_living_world(game) -> None:
    g = game().know_all(SHAMAN_A)
    with pytest.raises(Refusal) as refused:
        g.do(SHAMAN_A, "shaman_link", souls=["A", "B"])
    assert refused.value.params["reason"] == "in_living"


def test_stun_fails_every_living_world_action_of_the_target_and_knocks_him_into_the_spirit_world(game) -> None:
    g = game().know_all(CULTIST, SHAMAN_B).to_phase(2)
    g.do(SHAMAN_B, "shaman_shadow", target=1).do(CULTIST, "cultist_stun", target=SHAMAN_B).resolve()
    assert g.in_spirits(SHAMAN_B)
    assert g.told(SHAMAN_B, "hr_stunned")
    assert not g.state.effects_of("karmic_shadow", target=1)


def test_stun_works_from_under_a_stun(game) -> None:
    g = game().know_all(CULTIST, PROTECTOR).to_phase(2)
    g.do(CULTIST, "cultist_stun", target=PROTECTOR).do(PROTECTOR, "protector_stun", target=CULTIST).resolve()
    assert g.in_spirits(CULTIST) and g.in_spirits(PROTECTOR)


def test_stun_is_refused_on_one_already_in_the_spirit_world(game) -> None:
    g = game().know_all(CULTIST).world(SHAMAN_A).to_phase(2)
    with pytest.raises(Refusal) as refused:
        g.do(CULTIST, "cultist_stun", target=SHAMAN_A)
    assert refused.value.params["reason"] == "in_spirits"


def test_the_cultist_may_stun_himself_to_reach_the_spirit_world(game) -> None:
    g = game().know_all(CULTIST).to_phase(2).do(CULTIST, "cultist_stun", target=CULTIST).resolve()
    assert g.in_spirits(CULTIST)


def test_only_the_cultist_stuns_himself(game) -> None:
    g = game().know_all(PROTECTOR).to_phase(2)
    with pytest.raises(Refusal):
        g.do(PROTECTOR, "protector_stun", target=PROTECTOR)


def test_dangerous_sign_marks_him_and_the_target_and_knocks_him_into_the_spirit_world(game) -> None:
    g = game().know_all(WARLOCK).to_phase(3).do(WARLOCK, "warlock_danger", target=JUDGE).resolve()
    assert g.in_spirits(WARLOCK)
    assert g.state.effects_of("death_sign", target=WARLOCK) and g.state.effects_of("death_sign", target=JUDGE)


def test_those_in_the_spirit_world_see_who_else_is_there_not_why(game) -> None:
    g = game().know_all(WARLOCK, EATER).to_phase(3)
    g.do(WARLOCK, "warlock_danger", target=JUDGE).do(EATER, "eater_meditate").resolve()
    assert g.told(EATER, "hr_spirits_here") == [{"kind": "hr_spirits_here", "pids": [WARLOCK]}]
    assert not g.told(JUDGE, "hr_spirits_here")
