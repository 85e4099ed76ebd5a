"""The public roles that act or protect, a test each («Мафия с личинами»); the vote's roles are in
test_vote.py."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.core.views import player_view
from engine.rulesets.guises.model import ANONYMOUS


def test_warrior_uses_every_ability_from_the_hospital_and_never_goes_to_prison(game) -> None:
    g = game(("warrior", "officer"), ("hero", "boss"), ("hero", "policeman"))
    g.set(0, hp=1).do(0, "revolver", target=1).do(2, "arrest", target=0).resolve()
    assert g.hp(1) == 1 and not g.state.effects_of("prison", target=0)


def test_strongman_has_one_more_hp_and_always_knows_it(game) -> None:
    g = game(("strongman", "forensic"), ("hero", "boss"))
    assert g.hp(0) == 3
    assert player_view(g.state, 0)["me"]["hp"] == 3 and "hp" not in player_view(g.state, 1)["me"]


def test_berserk_cannot_be_blocked(game) -> None:
    g = game(("berserk", "officer"), ("hero", "boss"))
    g.do(1, "interrogate", target=0).do(0, "revolver", target=1).resolve()
    assert g.hp(1) == 1 and not g.told(0, "blocked")


def test_highlander_takes_no_damage_the_first_two_nights(game) -> None:
    g = game(("highlander", "forensic"), ("hero", "killer"), ("hero", "juror"), ("hero", "boss"))
    g.do(1, "shotgun", target=0).resolve().resolve()
    g.do(1, "shotgun", target=0).resolve().resolve()
    assert g.hp(0) == 2
    g.do(1, "pistol", target=0).resolve()
    assert g.hp(0) == 1


def test_monk_heals_one_hp_after_a_night_at_one(game) -> None:
    g = game(("monk", "forensic"), ("hero", "killer"))
    g.do(1, "pistol", target=0).resolve()
    assert g.hp(0) == 2 and g.told(0, "meditated")


def test_avenger_once_becomes_a_public_spirit_with_one_hp_and_declares_nothing(game) -> None:
    g = game(("avenger", "forensic"), ("hero", "killer"), ("hero", "juror"), ("hero", "boss"))
    g.do(1, "shotgun", target=0).resolve()
    assert g.alive(0) and g.hp(0) == 1 and g.public("became_spirit")
    board = {p["pid"]: p["statuses"] for p in player_view(g.state, 2)["players"]}
    assert [s["status"] for s in board[0]] == ["spirit"]
    with pytest.raises(Refusal):
        g.do(0, "vote", target=1)
    g.resolve()
    g.do(1, "pistol", target=0).resolve()
    assert not g.alive(0)


def test_killer_legacy_also_when_he_becomes_a_spirit(game) -> None:
    g = game(("avenger", "killer"), ("hero", "officer"), ("hero", "boss"), ("hero", "juror"))
    g.set(0, hp=1).do(1, "revolver", target=0).resolve()
    assert "pistol" in g.char(2).granted


def test_marauder_gains_a_dead_public_roles_abilities_publicly(game) -> None:
    g = game(("marauder", "forensic"), ("acrobat", "juror"), ("hero", "killer"), ("hero", "boss"))
    g.do(2, "shotgun", target=1).resolve().resolve()
    g.do(0, "plunder", target=1).resolve()
    assert g.public("loot_taken") and g.char(0).looted == ["acrobat"]
    g.resolve()
    g.do(0, "somersault")


def test_acrobat_somersault_once_no_attack_damage(game) -> None:
    g = game(("acrobat", "forensic"), ("hero", "killer"))
    g.do(0, "somersault").do(1, "shotgun", target=0).resolve()
    assert g.hp(0) == 2
    g.resolve()
    with pytest.raises(Refusal):
        g.do(0, "somersault")


def test_anonymous_has_only_the_anonymous_guise(game) -> None:
    g = game(("anonymous", "boss"), ("hero", "forensic"), ("hero", "agent"))
    g.do(1, "hands_forensic", target=0).do(2, "slander", target=0, guise="juror").resolve()
    assert [e["guise"] for e in g.told(1, "guise_learned")] == [ANONYMOUS]


def test_anonymous_cannot_be_named(game) -> None:
    g = game(("hero", "detective"), ("anonymous", "boss"))
    with pytest.raises(Refusal):
        g.do(0, "search", target=1, guise=ANONYMOUS)


def test_undertaker_exhumation_once(game) -> None:
    g = game(("undertaker", "forensic"), ("hero", "killer"), ("hero", "juror"), ("hero", "boss"))
    g.do(1, "shotgun", target=2).resolve().resolve()
    g.do(0, "exhume", target=2).resolve()
    assert g.told(0, "role_learned")[0]["secret_role"] == "juror"


def test_cook_puts_the_target_in_hospital_next_night_publicly(game) -> None:
    g = game(("cook", "forensic"), ("hero", "officer"), ("hero", "boss"), phase=2)
    g.do(0, "cook", target=1).resolve()
    assert g.public("cook_target")
    with pytest.raises(Refusal):
        g.do(1, "revolver", target=2)


def test_electrician_one_damage_not_on_the_laid_up_publicly(game) -> None:
    g = game(("electrician", "forensic"), ("hero", "officer"), ("hero", "boss"), ("hero", "juror"), phase=2)
    g.set(3, hp=1)
    with pytest.raises(Refusal):
        g.do(0, "sabotage_day", target=3)
    g.do(0, "sabotage_day", target=1).resolve()
    assert g.hp(1) == 1 and g.public("sabotage_day_target")


def test_commissar_raid_jails_for_the_next_night_and_day(game) -> None:
    g = game(("commissar", "forensic"), ("hero", "boss"), phase=2)
    g.do(0, "raid", target=1).resolve()
    effect = g.state.effects_of("prison", target=1)[0]
    assert (effect.start, effect.end) == (3, 4) and g.public("raid_target")


def test_patrolman_detention_once_unblockable_from_prison(game) -> None:
    g = game(("patrolman", "forensic"), ("hero", "boss"), ("hero", "juror"))
    g.do(0, "detain", target=1).do(1, "mastermind", target=2).resolve()
    assert g.told(1, "blocked")


def test_sociopath_is_not_a_target_the_first_night(game) -> None:
    g = game(("sociopath", "forensic"), ("hero", "killer"))
    with pytest.raises(Refusal):
        g.do(1, "pistol", target=0)
    g.resolve().resolve()
    g.do(1, "pistol", target=0)


def test_idler_changes_to_a_role_nobody_holds_publicly(game) -> None:
    g = game(("idler", "forensic"), ("cook", "boss"), phase=2)
    with pytest.raises(Refusal):
        g.do(0, "job_change", public="cook")
    g.do(0, "job_change", public="monk").resolve()
    assert g.state.player(0).public_role == "monk" and g.public("public_role_changed")


def test_hero_has_no_abilities(game) -> None:
    from engine.core import api

    g = game(("hero", "juror"), ("hero", "boss"))
    assert [a.id for a in api.actions(g.state, 0) if a.source == "role" and a.available] == ["hands_juror", "aid"]


def test_idler_who_becomes_the_strongman_gains_his_extra_hp(game) -> None:
    """ЗОЖ (+1 ХП) belongs to the role: a Лентяй who takes the Здоровяк by Биржа труда gets the ХП then,
    and knows his ХП from then on."""
    from engine.core import api

    g = game(("idler", "forensic"), ("hero", "boss"), phase=2)
    assert g.hp(0) == 2
    g.do(0, "job_change", public="strongman").resolve()
    assert g.state.player(0).public_role == "strongman" and g.hp(0) == 3
    assert any(f.key == "panel_guises.hp" and f.params["hp"] == 3 for f in api.panel_facts(g.state, 0))


def test_marauder_who_loots_the_strongman_gains_his_extra_hp(game) -> None:
    g = game(("marauder", "forensic"), ("strongman", "juror"), ("hero", "killer"), ("hero", "boss"))
    g.set(1, hp=1).do(2, "shotgun", target=1).resolve().resolve()
    assert not g.alive(1)
    g.do(0, "plunder", target=1).resolve()
    assert g.char(0).looted == ["strongman"] and g.hp(0) == 3
