"""The order of resolution, case by case (numbered as the DATC cases are): tests/engine/pipeline_guises.txt
is the order; each case here is one consequence of it."""

from __future__ import annotations


def test_01_a_block_comes_before_every_other_step(game) -> None:
    g = game(("hero", "boss"), ("hero", "killer"), ("hero", "forensic"))
    g.do(0, "interrogate", target=2).do(2, "hands_forensic", target=1).resolve()
    assert not g.told(2, "guise_learned")


def test_02_blocks_do_not_undo_each_other(game) -> None:
    g = game(("hero", "boss"), ("hero", "policeman"), ("hero", "juror"))
    g.do(0, "interrogate", target=1).do(1, "police_block", target=0).do(0, "mastermind", target=2).resolve()
    assert g.told(0, "blocked") and g.told(1, "blocked")
    assert not g.told(0, "guise_learned")


def test_03_guises_change_before_checks_this_night(game) -> None:
    g = game(("hero", "agent"), ("hero", "forensic"), ("hero", "juror"))
    g.set(2, guises={"juror": 1})
    g.do(0, "disguise", guise="officer").do(1, "hands_forensic", target=0).resolve()
    assert g.told(1, "guise_learned")[0]["guise"] in ("officer", "agent")


def test_04_obstruction_blinds_a_sabotage_too(game) -> None:
    g = game(("hero", "traitor"), ("hero", "agent"), ("hero", "forensic"))
    g.set(2, guises={"forensic": 12}).do(0, "obstruct", target=1).do(1, "sabotage", target=2, guise="forensic")
    g.resolve()
    assert g.hp(2) == 2


def test_05_cover_moves_the_attack_before_the_vest_takes_it(game) -> None:
    g = game(("hero", "vigilante"), ("strongman", "bodyguard"), ("hero", "juror"), ("hero", "killer"),
             ("hero", "forensic"))
    g.do(0, "cover", targets=[2, 4]).do(1, "vest", target=4).do(3, "pistol", target=2).resolve()
    assert (g.hp(2), g.hp(4), g.hp(1), g.hp(3)) == (2, 2, 2, 1)


def test_06_the_vests_return_is_not_an_attack(game) -> None:
    g = game(("strongman", "bodyguard"), ("acrobat", "killer"), ("hero", "juror"), ("hero", "boss"))
    g.do(0, "vest", target=2).do(1, "pistol", target=2).do(1, "somersault").resolve()
    assert g.hp(1) == 1


def test_07_the_somersault_stops_attacks_not_other_damage(game) -> None:
    g = game(("acrobat", "forensic"), ("hero", "maniac"), ("hero", "boss"))
    g.do(0, "somersault").do(1, "bloodbath", public="acrobat", role="forensic").resolve()
    assert not g.alive(0)


def test_08_immortality_stops_every_damage(game) -> None:
    g = game(("highlander", "forensic"), ("hero", "maniac"), ("hero", "boss"))
    g.do(1, "bloodbath", public="highlander", role="forensic").resolve()
    assert g.hp(0) == 2


def test_09_deaths_are_decided_after_every_attack(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "boss"), ("hero", "juror"))
    g.set(0, hp=1).do(0, "pistol", target=1).do(1, "revolver", target=0).resolve()
    assert not g.alive(0) and g.hp(1) == 1


def test_10_meditation_heals_after_the_damage_not_the_dead(game) -> None:
    g = game(("monk", "forensic"), ("hero", "killer"), ("hero", "boss"), ("hero", "juror"))
    g.do(1, "shotgun", target=0).resolve()
    assert not g.alive(0)


def test_11_a_card_played_is_paid_before_hit_doubles(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"))
    g.set(0, cards=2).set(1, cards=1)
    g.do(0, "move", play="pass", target=1).resolve()
    assert (g.char(0).cards, g.char(1).cards) == (1, 2)


def test_12_an_arrest_tonight_does_not_stop_the_targets_orders_tonight(game) -> None:
    g = game(("hero", "policeman"), ("hero", "killer"), ("hero", "forensic"))
    g.do(0, "arrest", target=1).do(1, "pistol", target=2).resolve()
    assert g.hp(2) == 1


def test_13_a_blocked_visitor_does_not_meet_the_sawn_off(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"), ("patrolman", "juror"))
    g.do(0, "sawn_off").do(1, "hands_forensic", target=0).do(2, "detain", target=1).resolve()
    assert g.hp(1) == 2


def test_14_double_life_before_a_check_the_same_night(game) -> None:
    g = game(("hero", "maniac"), ("hero", "forensic"))
    g.do(0, "double_life", guise="officer").do(1, "hands_forensic", target=0).resolve()
    assert g.told(1, "guise_learned")[0]["guise"] == "officer"


def test_15_the_vote_comes_after_the_days_damage(game) -> None:
    g = game(("electrician", "forensic"), ("strongman", "boss"), ("hero", "juror"), ("hero", "officer"), phase=2)
    g.do(0, "sabotage_day", target=1).do(2, "vote", target=1).resolve()
    assert not g.alive(1)
