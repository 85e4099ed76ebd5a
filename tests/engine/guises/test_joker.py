"""The Джокер's card game: Рука судьбы, Раздача, Ход (Пас, Вист, Прикуп, Амнистия, Мизер, Фолд), Хит,
Баст, Крупье, Ва-банк."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal


def test_hand_of_fate_the_joker_starts_with_one_card(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    assert g.char(0).cards == 1 and g.char(1).cards == 0


def test_move_needs_a_card_and_everyone_has_it(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    with pytest.raises(Refusal):
        g.do(1, "move", play="fold")
    g.set(1, cards=1).do(1, "move", play="fold")


def test_deal_gives_up_to_three_targets_a_card(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "deal", targets=[1, 2, 3]).resolve()
    assert [g.char(p).cards for p in (1, 2, 3)] == [1, 1, 1]
    assert g.told(1, "cards_now") == [{"kind": "cards_now", "n": 1}]


def test_pass_costs_a_card_and_gives_one(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    g.do(0, "move", play="pass", target=1).resolve()
    assert (g.char(0).cards, g.char(1).cards) == (0, 1)


def test_whist_blocks_all_damage_this_night(game) -> None:
    g = game(("hero", "joker"), ("hero", "killer"))
    g.do(0, "move", play="whist").do(1, "shotgun", target=0).resolve()
    assert g.hp(0) == 2


def test_whist_without_damage_costs_one_hp_in_the_morning(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    g.do(0, "move", play="whist").resolve()
    assert g.hp(0) == 1 and g.told(0, "whist_backfired")


def test_talon_adds_five_guises_for_this_night(game) -> None:
    g = game(("hero", "joker"), ("hero", "forensic"))
    g.set(0, cards=1).do(0, "move", play="talon", guise="boss").do(1, "hands_forensic", target=0).resolve()
    assert g.char(0).tonight == {}


def test_amnesty_takes_two_votes_off_the_next_day(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "move", play="amnesty").resolve()
    for pid in (1, 2):
        g.do(pid, "vote", target=0)
    g.resolve()
    assert g.alive(0) and g.public("vote_nobody")


def test_misere_lets_every_ability_work_from_prison(game) -> None:
    g = game(("hero", "joker"), ("hero", "policeman"), ("hero", "forensic"), ("hero", "boss"))
    g.do(1, "arrest", target=0).resolve().resolve()
    assert g.state.effects_of("prison", target=0)
    with pytest.raises(Refusal):
        g.do(0, "joker_hit")
    g.do(0, "misere").do(0, "joker_hit")


def test_fold_drops_every_card(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    g.set(0, cards=4).do(0, "move", play="fold").resolve()
    assert g.char(0).cards == 0


def test_hit_doubles_the_hands_of_those_who_make_no_move(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"))
    g.set(1, cards=2).set(2, cards=2).do(2, "move", play="fold").do(0, "joker_hit").resolve()
    assert (g.char(0).cards, g.char(1).cards, g.char(2).cards) == (2, 4, 0)


def test_bust_kills_everyone_with_three_cards_or_more(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.set(1, cards=3).set(2, cards=2).do(0, "joker_bust").resolve()
    assert not g.alive(1) and g.alive(2)
    assert {"kind": "death", "pid": 1, "cause": "bust"} in g.public("death")


def test_hit_or_bust_not_both(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"))
    with pytest.raises(Refusal):
        g.do(0, "joker_hit").do(0, "joker_bust")


def test_croupier_reports_every_morning(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.set(2, cards=2).set(3, cards=1).do(3, "move", play="fold").resolve()
    assert g.told(0, "croupier_counts")[0]["counts"] == {"0": 1, "1": 0, "2": 2, "3": 0}
    assert [e["target"] for e in g.told(0, "guise_learned")] == [2]
    assert [e["target"] for e in g.told(0, "role_learned")] == [3]


def test_all_in_right_wins_alone(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "all_in", roles={"1": "boss", "2": "forensic", "3": "juror"}).resolve()
    assert g.state.winners == ["joker"]


def test_all_in_wrong_kills_the_joker(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "all_in", roles={"1": "boss", "2": "juror", "3": "forensic"}).resolve()
    assert not g.alive(0)


def test_all_in_names_every_other_living_character(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    with pytest.raises(Refusal):
        g.do(0, "all_in", roles={"1": "boss"})


def test_all_in_by_day_takes_two_votes_off(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"), phase=2)
    g.do(0, "all_in", roles={"1": "boss", "2": "forensic", "3": "juror"}).do(1, "vote", target=0)
    g.do(2, "vote", target=0).resolve()
    assert g.state.winners == ["joker"]


def test_all_in_even_as_a_spirit(game) -> None:
    g = game(("avenger", "joker"), ("hero", "killer"), ("hero", "forensic"), ("hero", "juror"))
    g.do(1, "shotgun", target=0).resolve()
    assert g.state.effects_of("spirit", target=0)
    with __import__("pytest").raises(Refusal):
        g.do(0, "move", play="fold")
    g.do(0, "all_in", roles={"1": "killer", "2": "forensic", "3": "juror"}).resolve()
    assert g.state.winners == ["joker"]


def test_a_wrong_all_in_is_told_to_the_joker_alone(game) -> None:
    g = game(("hero", "joker"), ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "all_in", roles={"1": "juror", "2": "forensic", "3": "boss"}).resolve()
    assert g.told(0, "all_in_wrong") and not g.public("all_in_wrong")
