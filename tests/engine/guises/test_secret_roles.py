"""The secret roles, an ability a test, as the text says («Мафия с личинами»)."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.guises.model import ANONYMOUS


def guises_told(g, pid: int) -> list[str]:
    return [e["guise"] for e in g.told(pid, "guise_learned")]


# ---- Мафия: Босс
def test_boss_interrogation_blocks_the_target(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"))
    g.do(0, "interrogate", target=1).do(1, "hands_forensic", target=0).resolve()
    assert g.told(1, "blocked") and not g.told(1, "guise_learned")


def test_boss_mastermind_learns_two_guises_not_on_the_interrogations_target(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    with pytest.raises(Refusal):
        g.do(0, "interrogate", target=1).do(0, "mastermind", target=1)
    g.do(0, "mastermind", target=2).resolve()
    assert guises_told(g, 0) == ["juror", "juror"]


def test_boss_sawn_off_attacks_every_non_mafia_who_used_an_ability_on_him(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"), ("hero", "agent"), ("hero", "juror"))
    g.do(0, "sawn_off").do(1, "hands_forensic", target=0).do(2, "slander", target=0, guise="juror")
    g.do(3, "hands_juror", target=1).resolve()
    assert (g.hp(1), g.hp(2), g.hp(3)) == (1, 2, 2)


def test_boss_call_sends_an_anonymous_message(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"))
    g.do(0, "call", target=1, text="Берегись").resolve()
    assert g.told(1, "boss_call") == [{"kind": "boss_call", "text": "Берегись"}]


def test_silence_once_a_game_for_the_next_two_phases(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"))
    g.do(0, "silence_boss", target=1).resolve()
    assert g.told(1, "silenced") and g.state.effects_of("silence", target=1)
    g.resolve()
    assert g.state.effects_of("silence", target=1)
    g.resolve()
    assert not g.state.effects_of("silence", target=1)
    with pytest.raises(Refusal):
        g.do(0, "silence_boss", target=1)


# ---- Киллер
def test_killer_pistol_deals_one(game) -> None:
    g = game(("hero", "killer"), ("hero", "forensic"))
    g.do(0, "pistol", target=1).resolve()
    assert g.hp(1) == 1


def test_killer_sniper_deals_two_when_the_role_is_guessed_and_not_twice(game) -> None:
    g = game(("hero", "killer"), ("strongman", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(0, "sniper", target=2, role="officer").resolve()
    assert g.hp(2) == 2
    g.resolve()
    with pytest.raises(Refusal):
        g.do(0, "sniper", target=2, role="juror")
    g.do(0, "sniper", target=1, role="forensic").resolve()
    assert g.hp(1) == 1


def test_killer_shotgun_deals_two_and_everyone_learns_who_fired(game) -> None:
    g = game(("hero", "killer"), ("strongman", "forensic"))
    g.do(0, "shotgun", target=1).resolve()
    assert g.hp(1) == 1 and g.public("shotgun_used") == [{"kind": "shotgun_used", "pid": 0}]


def test_killer_one_weapon_a_night(game) -> None:
    g = game(("hero", "killer"), ("hero", "forensic"))
    with pytest.raises(Refusal):
        g.do(0, "pistol", target=1).do(0, "shotgun", target=1)


def test_killer_legacy_gives_the_boss_the_pistol(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "boss"), ("hero", "forensic"))
    g.set(0, hp=1).do(1, "revolver", target=0).resolve()
    assert not g.alive(0) and "pistol" in g.char(2).granted
    g.resolve()
    g.do(2, "pistol", target=1).resolve()
    assert g.hp(1) == 1


# ---- Агент
def test_agent_slander_adds_three_guises_this_night_too(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "slander", target=2, guise="boss").resolve()
    assert g.char(2).guises == {"juror": 2, "boss": 3}


def test_agent_sabotage_attacks_with_ten_of_the_named_guise(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"), ("hero", "juror"))
    g.set(1, guises={"forensic": 10}).set(2, guises={"juror": 7})  # +1 a phase: 9 on night 2
    g.do(0, "sabotage", target=1, guise="forensic").resolve()
    assert g.hp(1) == 1
    g.resolve()
    g.do(0, "sabotage", target=2, guise="juror").resolve()
    assert g.hp(2) == 2


def test_agent_frameup_jails_for_the_next_day_and_night_when_guessed(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"))
    g.do(0, "frameup", target=1, role="forensic").resolve()
    assert g.state.effects_of("prison", target=1)
    g.resolve()
    assert g.state.effects_of("prison", target=1)
    g.resolve()
    assert not g.state.effects_of("prison", target=1)


def test_agent_disguise_adds_twenty_guises_for_this_night_only(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"))
    g.do(0, "disguise", guise="juror").do(1, "hands_forensic", target=0).resolve()
    assert g.char(0).tonight == {} and g.char(0).guises == {"agent": 2}


def test_agent_disguise_is_not_with_sabotage_or_frameup(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"))
    with pytest.raises(Refusal):
        g.do(0, "disguise", guise="juror").do(0, "sabotage", target=1, guise="juror")


# ---- Предатель
def test_traitor_backstab_attacks_for_one_when_guessed(game) -> None:
    g = game(("hero", "traitor"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "backstab", target=1, role="forensic").resolve()
    assert g.hp(1) == 1
    g.resolve()
    g.do(0, "backstab", target=2, role="boss").resolve()
    assert g.hp(2) == 2


def test_traitor_intel_learns_two_guises(game) -> None:
    g = game(("hero", "traitor"), ("hero", "forensic"))
    g.do(0, "intel", target=1).resolve()
    assert guises_told(g, 0) == ["forensic", "forensic"]


def test_traitor_obstruction_makes_the_targets_checks_see_only_anonymous(game) -> None:
    g = game(("hero", "traitor"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "obstruct", target=1).do(1, "hands_forensic", target=2).resolve()
    assert guises_told(g, 1) == [ANONYMOUS]


# ---- Закон
def test_officer_revolver_deals_one(game) -> None:
    g = game(("hero", "officer"), ("hero", "boss"))
    g.do(0, "revolver", target=1).resolve()
    assert g.hp(1) == 1


def test_officer_militia_arms_the_heir_when_he_dies(game) -> None:
    g = game(("hero", "officer"), ("hero", "killer"), ("hero", "juror"), ("hero", "forensic"))
    g.do(0, "militia", target=2).resolve().resolve()
    g.set(0, hp=1).do(1, "pistol", target=0).resolve()
    assert not g.alive(0) and set(g.char(2).granted) == {"revolver", "militia"}
    assert [e["what"] for e in g.told(2, "ability_granted")] == ["revolver", "militia"]


def test_officer_militia_not_on_himself(game) -> None:
    g = game(("hero", "officer"), ("hero", "killer"))
    with pytest.raises(Refusal):
        g.do(0, "militia", target=0)


def test_bodyguard_preemptive_shot_deals_one(game) -> None:
    g = game(("hero", "bodyguard"), ("hero", "boss"))
    g.do(0, "preemptive", target=1).resolve()
    assert g.hp(1) == 1


def test_bodyguard_vest_takes_the_attacks_and_deals_them_back(game) -> None:
    g = game(("strongman", "bodyguard"), ("hero", "killer"), ("hero", "juror"))
    g.do(0, "vest", target=2).do(1, "pistol", target=2).resolve()
    assert (g.hp(0), g.hp(1), g.hp(2)) == (2, 1, 2)


def test_vigilante_retribution_not_on_the_first_night(game) -> None:
    g = game(("hero", "vigilante"), ("hero", "boss"))
    with pytest.raises(Refusal):
        g.do(0, "retribution", target=1, role="boss")


def test_vigilante_retribution_deals_two_when_guessed_or_on_the_law(game) -> None:
    g = game(("hero", "vigilante"), ("strongman", "boss"), ("strongman", "forensic"), ("hero", "juror"), phase=3)
    g.do(0, "retribution", target=1, role="boss").resolve().resolve()
    assert g.hp(1) == 1
    g.do(0, "retribution", target=2, role="boss").resolve()
    assert g.hp(2) == 1


def test_vigilante_cover_moves_attack_damage_to_the_second_target(game) -> None:
    g = game(("hero", "vigilante"), ("hero", "killer"), ("hero", "juror"), ("hero", "forensic"))
    g.do(0, "cover", targets=[2, 3]).do(1, "pistol", target=2).resolve()
    assert (g.hp(2), g.hp(3)) == (2, 1)


def test_policeman_arrest_jails_and_not_twice(game) -> None:
    g = game(("hero", "policeman"), ("hero", "boss"))
    g.do(0, "arrest", target=1).resolve()
    assert g.state.effects_of("prison", target=1)
    g.resolve().resolve()
    with pytest.raises(Refusal):
        g.do(0, "arrest", target=1)


def test_policeman_interrogation_blocks_not_with_arrest(game) -> None:
    g = game(("hero", "policeman"), ("hero", "boss"), ("hero", "juror"))
    with pytest.raises(Refusal):
        g.do(0, "arrest", target=1).do(0, "police_block", target=2)


def test_forensic_hands_on_and_autopsy(game) -> None:
    g = game(("hero", "forensic"), ("hero", "boss"), ("hero", "killer"), ("hero", "juror"))
    from engine.core.phase import kill

    kill(g.state, 2, "test")
    g.do(0, "hands_forensic", target=1).do(0, "autopsy_forensic", target=2).resolve()
    assert guises_told(g, 0) == ["boss"]
    assert g.told(0, "role_learned")[0]["secret_role"] == "killer"


def test_detective_search_learns_whether_the_guise_is_there(game) -> None:
    g = game(("hero", "detective"), ("hero", "boss"))
    g.do(0, "search", target=1, guise="boss").resolve()
    assert g.told(0, "guise_found")
    g.resolve()
    g.do(0, "search", target=1, guise="juror").resolve()
    assert g.told(0, "guise_not_found")


def test_investigator_testimony_twice_once_a_game(game) -> None:
    g = game(("hero", "investigator"), ("hero", "boss"))
    g.do(0, "testimony", target=1).resolve()
    assert guises_told(g, 0) == ["boss", "boss"]
    g.resolve()
    with pytest.raises(Refusal):
        g.do(0, "testimony", target=1)


def test_juror_aid_adds_two_guises_of_the_targets_role(game) -> None:
    g = game(("hero", "juror"), ("hero", "boss"))
    g.do(0, "aid", target=1).resolve()
    assert g.char(1).guises == {"boss": 4}


# ---- Нейтралы: Маньяк
def test_maniac_starts_with_one_maniac_guise_and_gains_none_otherwise(game) -> None:
    g = game(("hero", "maniac"), ("hero", "agent"))
    g.do(1, "slander", target=0, guise="boss").resolve().resolve()
    assert g.char(0).guises == {"maniac": 1}


def test_maniac_double_life_changes_his_guises_this_phase(game) -> None:
    g = game(("hero", "maniac"), ("hero", "forensic"))
    g.do(0, "double_life", guise="juror").do(1, "hands_forensic", target=0).resolve()
    assert guises_told(g, 1) == ["juror"] and g.char(0).guises == {"juror": 1}


def test_maniac_learns_each_guise_drawn_from_him(game) -> None:
    g = game(("hero", "maniac"), ("hero", "forensic"))
    g.do(1, "hands_forensic", target=0).resolve()
    assert g.told(0, "guise_drawn_from_you") == [{"kind": "guise_drawn_from_you", "guise": "maniac"}]


def test_maniac_assault_not_on_the_first_night(game) -> None:
    g = game(("hero", "maniac"), ("hero", "forensic"))
    with pytest.raises(Refusal):
        g.do(0, "assault", target=1)
    g.resolve().resolve()
    g.do(0, "assault", target=1).resolve()
    assert g.hp(1) == 1


def test_maniac_bloodbath_hits_the_named_pair_and_is_not_an_attack(game) -> None:
    g = game(("hero", "maniac"), ("acrobat", "forensic"), ("hero", "juror"))
    g.do(1, "somersault").do(0, "bloodbath", public="acrobat", role="forensic").resolve()
    assert not g.alive(1)


def test_maniac_against_all_and_i_am_legend(game) -> None:
    from engine.core.phase import kill
    from engine.rulesets.guises.steps import winners

    g = game(("hero", "maniac"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    kill(g.state, 1, "test")
    assert winners(g.state) is None  # the law lives, but the Маньяк stops its win
    kill(g.state, 2, "test")
    kill(g.state, 3, "test")
    assert winners(g.state) == ["maniac"]
