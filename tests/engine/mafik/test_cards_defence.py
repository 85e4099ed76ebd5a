"""Защита: a test per card and per variant (Обвинение, Нижняя стойка, roles), with exact numbers.

Players hold Пустышки (dummy) unless a test says otherwise; a character who plays a card from the
Hand draws its replacement at the end of the phase, so its hand size stays the same unless damage
cancels that replacement. Damage is dealt with Боевое искусство (1, +1 per card its Обвинение names
correctly) so that armor shows as cards kept.
"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import PlayRecord
from engine.rulesets.mafik.costs import stance
from engine.rulesets.mafik.registry import REGISTRIES
from tests.engine.mafik.conftest import MafikScenario

# Non-peaceful cards a target "has played before", for the accusations of the hits below.
ACCUSABLE = ["bunker", "tank", "blessing", "lamp", "doctor", "bodyguard", "the_firm", "reflection",
             "city_sleeps", "i_am_legend", "escape_plan"]


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def hit(g: MafikScenario, attacker: str, target: str, amount: int) -> MafikScenario:
    """`attacker` (holding a Боевое искусство) deals `amount` damage to `target`."""
    named = ACCUSABLE[:amount - 1]
    played_before(g, target, *named)
    return g.play(attacker, "martial_arts", target=target, accuse=named or None)


def in_stance(g: MafikScenario, name: str, which: str = "lower") -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def council(g: MafikScenario, target: str) -> MafikScenario:
    """Everyone alive votes for `target` (the punishment is then the first allowed one: казнь, 6 damage)."""
    for player in g.state.living():
        g.vote(player.name, target)
    return g


def play_copy(g: MafikScenario, name: str, card: str, **params: object) -> MafikScenario:
    """Play the second copy of `card` in `name`'s hand."""
    uid = g.uid(name, card, skip={g.uid(name, card)})
    api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(params))
    return g


def ability(g: MafikScenario, name: str, card: str, **params: object) -> None:
    g.order(name, "ability", ability=card, **params)


def armor_effects(g: MafikScenario, name: str) -> list[tuple[int, int | None, int]]:
    return [(e.start, e.end, e.params["amount"]) for e in g.state.effects
            if e.kind == "armor_each_phase" and e.target == g.pid(name)]


# ---- Боевое искусство ----

def test_martial_arts_deals_1_damage_and_gives_1_armor():
    g = MafikScenario.night(2).player("A", hand=["martial_arts", "dummy"]).player("B", hand=5) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "martial_arts", target="B")
    g.play("C", "martial_arts", target="A").resolve()
    assert g.hand_size("B") == 4
    assert g.hand_size("A") == 2  # C's 1 damage is stopped by A's 1 armor: the replacement comes


def test_martial_arts_accusation_one_more_damage_and_armor_per_guessed_card():
    g = MafikScenario.night(2).player("A", hand=["martial_arts", "dummy"]).player("B", hand=6) \
        .player("C", hand=["martial_arts", "dummy"])
    played_before(g, "B", "bunker", "tank")
    g.play("A", "martial_arts", target="B", accuse=["bunker", "tank"])
    hit(g, "C", "A", 3).resolve()
    assert g.hand_size("B") == 3  # 1 + 2
    assert g.hand_size("A") == 2  # 3 damage, 3 armor


def test_martial_arts_accusation_misses_when_a_named_card_was_not_played():
    g = MafikScenario.night(2).player("A", hand=["martial_arts", "dummy"]).player("B", hand=6)
    played_before(g, "B", "bunker")
    g.play("A", "martial_arts", target="B", accuse=["bunker", "tank"]).resolve()
    assert g.hand_size("B") == 5


# ---- Укрытия и перекаты ----

def _take_cover(lower: bool) -> MafikScenario:
    g = MafikScenario.night(1).player("A", hand=["take_cover_and_roll"] + ["dummy"] * 9) \
        .player("B", hand=["martial_arts", "martial_arts", "dummy"]).player("C", secret="boss", hand=5)
    if lower:
        in_stance(g, "A")
    g.play("A", "take_cover_and_roll")
    hit(g, "B", "A", 2 if lower else 1).resolve()
    return g


def test_take_cover_and_roll_1_armor_this_and_the_next_two_phases():
    g = _take_cover(lower=False)
    assert g.hand_size("A") == 10  # night 1: 1 damage, 1 armor
    council(g, "A").resolve()
    assert g.hand_size("A") == 5  # day 1: execution 6, 1 armor
    hit(g, "B", "A", 1).resolve()
    assert g.hand_size("A") == 5  # night 2: 1 damage, 1 armor
    assert armor_effects(g, "A") == []  # nothing after


def test_take_cover_and_roll_lower_stance_2_armor():
    g = _take_cover(lower=True)
    assert g.hand_size("A") == 10
    council(g, "A").resolve()
    assert g.hand_size("A") == 6  # 6 − 2
    assert armor_effects(g, "A") == [(2, 3, 2)]


# ---- Очная ставка ----

@pytest.mark.parametrize(("secret", "armor"), [("officer", 4), ("maniac", 4), ("spy", 2), ("traitor", 0)])
def test_confrontation_guessed_role_gives_law_maniac_4_mafia_2(secret: str, armor: int):
    g = MafikScenario.night(2).player("A", secret=secret, hand=["confrontation", "dummy"]) \
        .player("B", secret="killer", hand=8).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "confrontation", target="B", role="killer")
    hit(g, "C", "B", 5).resolve()
    assert g.hand_size("B") == 8 - 5 + armor


def test_confrontation_wrong_role_gives_nothing():
    g = MafikScenario.night(2).player("A", hand=["confrontation", "dummy"]) \
        .player("B", secret="killer", hand=8).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "confrontation", target="B", role="boss")
    hit(g, "C", "B", 4).resolve()
    assert g.hand_size("B") == 4


# ---- Бункер ----

def test_bunker_3_armor_at_night():
    g = MafikScenario.night(2).player("A", hand=["bunker", "dummy"]).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "bunker")
    hit(g, "C", "A", 4).resolve()
    assert g.hand_size("A") == 1  # 4 − 3 cancels the replacement only


def test_bunker_day_card_3_armor_against_execution():
    g = MafikScenario.day(1).player("A", hand=["bunker"] + ["dummy"] * 6).player("B", hand=5)
    g.play("A", "bunker")
    council(g, "A").resolve()
    assert g.hand_size("A") == 4  # 7 − 1 played; 6 damage − 3 armor = 3: the refill, then 2 cards


# ---- За вами придут! ----

def test_they_will_come_for_you_gives_a_bunker_into_the_sleeve_with_a_message():
    g = MafikScenario.day(1).player("A", hand=["they_will_come_for_you", "dummy"]).player("B", hand=5)
    g.play("A", "they_will_come_for_you", target="B", message="держись").resolve()
    assert g.sleeve("B") == ["bunker"]
    assert [e.params["card"] for e in g.events("card_to_sleeve", to="B")] == ["bunker"]
    message = g.events("card_message", to="B")[0]
    assert message.params["text"] == "держись" and message.params["sender"] is None


def test_they_will_come_for_you_strictly_by_day():
    g = MafikScenario.night(2).player("A", hand=["they_will_come_for_you", "dummy"]).player("B", hand=5)
    assert g.refusal("A", "play", card="they_will_come_for_you", target="B").code == "wrong_phase"


# ---- Стиснуть зубы ----

def test_grit_your_teeth_free_1_armor():
    g = MafikScenario.night(2).player("A", hand=["grit_your_teeth", "under_protection", "dummy"]) \
        .player("B", hand=5).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "grit_your_teeth").play("A", "under_protection", target="B")  # Free: a second Hand card
    hit(g, "C", "A", 1).resolve()
    assert g.hand_size("A") == 3


# ---- Отражение ----

def test_reflection_turns_targeted_cards_back_on_their_user():
    g = MafikScenario.day(1).player("A", hand=["reflection", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["they_will_come_for_you", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("B", "they_will_come_for_you", target="A")
    council(g, "Z").resolve()
    assert g.sleeve("A") == []
    assert g.sleeve("B") == ["bunker"]


def test_reflection_turns_abilities_back_maniac_blood_damage():
    g = MafikScenario.night(2).player("A", hand=["reflection", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("M", secret="maniac", hand=5, points=3)
    g.play("A", "reflection", pay_sleeve=["dummy", "dummy"])
    g.order("M", "blood", use="damage2", target="A")
    g.resolve()
    assert g.hand_size("A") == 2
    assert g.hand_size("M") == 3


def test_reflection_once_a_game_later_uses_do_nothing():
    g = MafikScenario.day(1).player("A", hand=["reflection", "reflection", "dummy"], sleeve=["dummy"] * 4) \
        .player("B", hand=["they_will_come_for_you", "they_will_come_for_you", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "reflection", pay_sleeve=["dummy", "dummy"])
    council(g, "Z").resolve()
    g.resolve()  # night 2
    g.play("A", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("B", "they_will_come_for_you", target="A")
    council(g, "Z").resolve()
    assert g.sleeve("A") == ["bunker"]
    assert g.sleeve("B") == []


# ---- Больничная охрана ----

def test_hospital_guard_5_armor_on_a_target_with_2_cards():
    g = MafikScenario.night(2).player("A", hand=["hospital_guard", "dummy"]).player("B", hand=2) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "hospital_guard", target="B")
    hit(g, "C", "B", 5).resolve()
    assert g.hand_size("B") == 2


def test_hospital_guard_refused_on_a_target_with_3_cards():
    g = MafikScenario.night(2).player("A", hand=["hospital_guard", "dummy"]).player("B", hand=3)
    refusal = g.refusal("A", "play", card="hospital_guard", target="B")
    assert refusal.code == "invalid_target" and refusal.params["max"] == 2


def test_hospital_guard_lower_stance_3_cards_but_not_4():
    g = MafikScenario.night(2).player("A", hand=["hospital_guard", "dummy"]).player("B", hand=3) \
        .player("D", hand=4)
    in_stance(g, "A")
    assert g.refusal("A", "play", card="hospital_guard", target="D").params["max"] == 3
    g.play("A", "hospital_guard", target="B").resolve()


# ---- Под защитой ----

def test_under_protection_3_armor():
    g = MafikScenario.night(2).player("A", hand=["under_protection", "dummy"]).player("B", hand=5) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "under_protection", target="B")
    hit(g, "C", "B", 4).resolve()
    assert g.hand_size("B") == 4


# ---- Телохранитель / Врач ----

def test_bodyguard_any_sleeve_card_as_under_protection_until_the_end():
    g = MafikScenario.night(1).player("A", hand=["bodyguard", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5).player("C", hand=["martial_arts", "dummy"]).player("Z", secret="killer", hand=30)
    assert g.refusal("A", "play", card="dummy", from_sleeve=True, target="B",
                     **{"as": "under_protection"}).code == "not_allowed"
    g.play("A", "bodyguard").resolve()
    council(g, "Z").resolve()
    g.play("A", "dummy", from_sleeve=True, target="B", **{"as": "under_protection"})
    hit(g, "C", "B", 3).resolve()
    assert g.hand_size("B") == 5


def test_doctor_any_sleeve_card_as_first_aid_until_the_end():
    g = MafikScenario.night(1).player("A", hand=["doctor", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=2).player("Z", secret="killer", hand=30)
    g.play("A", "doctor").resolve()
    council(g, "Z").resolve()
    g.play("A", "dummy", from_sleeve=True, target="B", **{"as": "first_aid"}).resolve()
    assert g.hand_size("B") == 3


# ---- План побега ----

def test_escape_plan_does_nothing_for_law():
    g = MafikScenario.night(1).player("A", hand=["escape_plan"] + ["dummy"] * 9).player("B", secret="spy", hand=5)
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "escape_plan")) == 0
    g.play("A", "escape_plan").resolve()
    council(g, "A").resolve()
    assert g.hand_size("A") == 4


@pytest.mark.parametrize("secret", ["killer", "maniac"])
def test_escape_plan_mafia_maniac_cost_1_and_4_armor_next_day(secret: str):
    g = MafikScenario.night(1).player("A", secret=secret, hand=["escape_plan"] + ["dummy"] * 9, sleeve=["dummy"]) \
        .player("B", hand=["martial_arts", "dummy"])
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "escape_plan")) == 1
    g.play("A", "escape_plan", pay_sleeve=["dummy"])
    hit(g, "B", "A", 1).resolve()
    assert g.hand_size("A") == 9  # no armor tonight
    council(g, "A").resolve()
    assert g.hand_size("A") == 7  # 6 − 4


def test_escape_plan_lower_stance_6_armor():
    g = MafikScenario.night(1).player("A", secret="boss", hand=["escape_plan"] + ["dummy"] * 9, sleeve=["dummy"]) \
        .player("B", hand=5)
    in_stance(g, "A")
    g.play("A", "escape_plan", pay_sleeve=["dummy"]).resolve()
    council(g, "A").resolve()
    assert g.hand_size("A") == 10


# ---- Бронежилет ----

def test_bulletproof_vest_1_armor_every_night_from_this_one():
    g = MafikScenario.night(1).player("A", hand=["bulletproof_vest", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=20).player("C", secret="spy", hand=["martial_arts", "martial_arts", "dummy"])
    g.play("A", "bulletproof_vest", target="B", pay_sleeve=["dummy"])
    hit(g, "C", "B", 1).resolve()
    assert g.hand_size("B") == 20
    council(g, "B").resolve()
    assert g.hand_size("B") == 14  # no armor by day
    hit(g, "C", "B", 2).resolve()
    assert g.hand_size("B") == 13  # night 2: 1 armor


def test_bulletproof_vest_on_oneself_and_uses_do_not_stack():
    g = MafikScenario.night(2).player("A", hand=["bulletproof_vest", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["bulletproof_vest", "dummy"], sleeve=["dummy"]) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "bulletproof_vest", target="A", pay_sleeve=["dummy"])
    g.play("B", "bulletproof_vest", target="A", pay_sleeve=["dummy"])
    hit(g, "C", "A", 2).resolve()
    assert g.hand_size("A") == 1  # 2 damage, 1 armor: the replacement is lost
    assert armor_effects(g, "A") == [(4, None, 1)]


# ---- Выставить охрану ----

def _room(lower: bool) -> MafikScenario:
    g = MafikScenario.day(1).player("A", hand=["post_guards", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=["martial_arts", "martial_arts", "dummy"]).player("Z", secret="killer", hand=30)
    g.build()
    api.act(g.state, g.pid("A"), "room_propose", {"members": [g.pid("B")]})
    room = g.state.effects_of("room_request")[0].eid
    api.act(g.state, g.pid("B"), "room_confirm", {"room": room})
    council(g, "Z").resolve()
    if lower:
        in_stance(g, "A")
    return g


def test_post_guards_2_armor_to_every_member_of_your_room():
    g = _room(lower=False)
    room = g.state.effects_of("room")[0].eid
    g.play("A", "post_guards", room=room)
    hit(g, "D", "B", 2)
    g.resolve()
    assert g.hand_size("B") == 5
    assert g.hand_size("A") == 2


def test_post_guards_lower_stance_3_armor():
    g = _room(lower=True)
    room = g.state.effects_of("room")[0].eid
    g.play("A", "post_guards", room=room)
    hit(g, "D", "B", 3).resolve()
    assert g.hand_size("B") == 5


def test_post_guards_only_a_room_you_are_in():
    g = _room(lower=False)
    room = g.state.effects_of("room")[0].eid
    g.state.player(g.pid("C")).hand.append(g.state.new_card("post_guards"))
    assert g.refusal("C", "play", card="post_guards", room=room).code == "bad_param"


# ---- Город может спать спокойно ----

def test_city_sleeps_2_armor_to_everyone_and_does_not_stack():
    g = MafikScenario.night(2).player("A", hand=["city_sleeps", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["city_sleeps", "dummy"], sleeve=["dummy", "dummy"]).player("C", hand=5) \
        .player("D", hand=["martial_arts", "dummy"])
    g.play("A", "city_sleeps", pay_sleeve=["dummy", "dummy"])
    g.play("B", "city_sleeps", pay_sleeve=["dummy", "dummy"])
    hit(g, "D", "C", 3).resolve()
    assert g.hand_size("C") == 4  # 3 − 2, not 3 − 4


# ---- Первая помощь ----

def test_first_aid_draws_1_for_a_target_with_2_cards():
    g = MafikScenario.night(2).player("A", hand=["first_aid", "dummy"]).player("B", hand=2, deck=["bunker"])
    g.play("A", "first_aid", target="B").resolve()
    assert g.hand("B") == ["dummy", "dummy", "bunker"]


def test_first_aid_nothing_for_3_cards_lower_stance_draws():
    g = MafikScenario.night(2).player("A", hand=["first_aid", "dummy"]).player("B", hand=3) \
        .player("C", hand=["first_aid", "dummy"]).player("D", hand=3)
    in_stance(g, "C")
    g.play("A", "first_aid", target="B").play("C", "first_aid", target="D").resolve()
    assert g.hand_size("B") == 3
    assert g.hand_size("D") == 4


def test_first_aid_on_oneself_counts_the_hand_after_playing():
    g = MafikScenario.night(2).player("A", hand=["first_aid", "dummy", "dummy"])
    g.play("A", "first_aid", target="A").resolve()
    assert g.hand_size("A") == 4  # 2 left after playing it: +1, +1 replacement


# ---- Любой ценой ----

def test_at_any_cost_6_armor_and_discards_hand_and_sleeve():
    g = MafikScenario.night(2).player("A", hand=["at_any_cost", "dummy", "bunker"], sleeve=["dummy", "tank"]) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "at_any_cost")
    hit(g, "C", "A", 6).resolve()
    assert g.hand_size("A") == 1 and g.sleeve("A") == []  # only the replacement
    assert g.alive("A")


def test_at_any_cost_seventh_damage_takes_the_replacement():
    g = MafikScenario.night(2).player("A", hand=["at_any_cost", "dummy"]).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "at_any_cost")
    hit(g, "C", "A", 7).resolve()
    assert not g.alive("A")


# ---- Двойник ----

def test_body_double_more_than_8_damage_deals_none():
    g = MafikScenario.night(2).player("A", hand=["body_double"] + ["dummy"] * 9, sleeve=["dummy"]) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "body_double", pay_sleeve=["dummy"])
    hit(g, "C", "A", 9).resolve()
    assert g.hand_size("A") == 10


def test_body_double_8_damage_is_taken():
    g = MafikScenario.night(2).player("A", hand=["body_double"] + ["dummy"] * 9, sleeve=["dummy"]) \
        .player("C", hand=["martial_arts", "dummy"]).player("D", hand=["martial_arts", "dummy"])
    g.play("A", "body_double", pay_sleeve=["dummy"])
    hit(g, "C", "A", 4)
    hit(g, "D", "A", 4).resolve()
    assert g.hand_size("A") == 2


def test_body_double_lower_stance_more_than_6():
    g = MafikScenario.night(2).player("A", hand=["body_double"] + ["dummy"] * 9, sleeve=["dummy"]) \
        .player("C", hand=["martial_arts", "dummy"])
    in_stance(g, "A")
    g.play("A", "body_double", pay_sleeve=["dummy"])
    hit(g, "C", "A", 7).resolve()
    assert g.hand_size("A") == 10


# ---- Я легенда ----

def test_i_am_legend_costs_1_less_per_dead_character():
    g = MafikScenario.night(2).player("A", hand=["i_am_legend", "dummy"]).player("B").player("X").player("Y")
    g.build()
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "i_am_legend")) == 6
    g.p("X").alive = g.p("Y").alive = False
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "i_am_legend")) == 4


def test_i_am_legend_1_armor_every_phase_from_this_one_does_not_stack():
    g = MafikScenario.night(2).player("A", hand=["i_am_legend", "i_am_legend", "dummy"], sleeve=["dummy"] * 12) \
        .player("C", hand=["martial_arts", "dummy"])
    g.player("B", secret="killer", hand=20)
    for who in ("D", "E", "F", "G", "H"):
        g.player(who)
    g.build()
    for who in ("D", "E", "F", "G", "H"):
        g.p(who).alive = False
    g.play("A", "i_am_legend", pay_sleeve=["dummy"])
    hit(g, "C", "A", 1).resolve()
    assert g.hand_size("A") == 3
    assert armor_effects(g, "A") == [(4, None, 1)]
    council(g, "B").resolve()
    g.play("A", "i_am_legend", pay_sleeve=["dummy"]).resolve()
    assert armor_effects(g, "A") == [(4, None, 1)]


# ---- В молоко / Контора ----

def test_wide_of_the_mark_next_night_the_target_cannot_target_you():
    g = MafikScenario.night(1).player("A", hand=["wide_of_the_mark", "dummy"]) \
        .player("B", hand=["martial_arts", "martial_arts", "they_will_come_for_you", "dummy"]) \
        .player("C", hand=5).player("Z", secret="killer", hand=30)
    g.play("A", "wide_of_the_mark", target="B").resolve()
    assert [(e.params["actor"], e.params["phase"]) for e in g.events("wide_of_the_mark", to="B")] == [(g.pid("A"), 3)]
    g.play("B", "they_will_come_for_you", target="A")  # by day it still may
    council(g, "Z").resolve()
    assert g.refusal("B", "play", card="martial_arts", target="A").params["reason"] == "immune"
    g.play("B", "martial_arts", target="C").resolve()
    council(g, "Z").resolve()
    g.play("B", "martial_arts", target="A").resolve()  # night 3: again


def test_wide_of_the_mark_not_twice_in_a_row_on_the_same_target():
    g = MafikScenario.night(1).player("A", hand=["wide_of_the_mark", "wide_of_the_mark", "wide_of_the_mark"]) \
        .player("B", hand=5).player("C", hand=5).player("Z", secret="killer", hand=30)
    g.play("A", "wide_of_the_mark", target="B").resolve()
    council(g, "Z").resolve()
    assert g.refusal("A", "play", card="wide_of_the_mark", target="B").params["reason"] == "twice_in_a_row"
    g.play("A", "wide_of_the_mark", target="C").resolve()
    council(g, "Z").resolve()
    g.play("A", "wide_of_the_mark", target="B")


def test_the_firm_sleeve_cards_as_wide_of_the_mark_once_per_character():
    g = MafikScenario.night(1).player("A", hand=["the_firm", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=5).player("C", hand=5).player("Z", secret="killer", hand=30)
    g.play("A", "the_firm").resolve()
    council(g, "Z").resolve()
    g.play("A", "dummy", from_sleeve=True, target="B", **{"as": "wide_of_the_mark"}).resolve()
    assert g.events("wide_of_the_mark", to="B")
    council(g, "Z").resolve()
    g.play("A", "dummy", from_sleeve=True, target="C", **{"as": "wide_of_the_mark"}).resolve()
    council(g, "Z").resolve()
    refusal = g.refusal("A", "play", card="dummy", from_sleeve=True, target="B", **{"as": "wide_of_the_mark"})
    assert refusal.params["reason"] == "the_firm_used"


# ---- Неожиданный поворот ----

def test_unexpected_twist_no_votes_against_the_target_next_day_announced():
    g = MafikScenario.night(1).player("A", hand=["unexpected_twist", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", role="avenger", hand=8).player("C", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "unexpected_twist", target="B", pay_sleeve=["dummy"] * 3).resolve()
    assert [(e.params["target"], e.params["phase"]) for e in g.public("unexpected_twist")] == [(g.pid("B"), 2)]
    assert g.refusal("C", "vote", target="B").code == "invalid_target"
    assert g.refusal("B", "vote", target="B").code == "invalid_target"
    # A, C and Z get 1 vote each; B gives none, which would be a vote for himself, and as the highest
    # public role he would take the tie — but no vote counts against him today.
    g.vote("A", "C").vote("C", "Z").vote("Z", "A").resolve()
    assert g.public("council_verdict")[-1].params["punished"] == g.pid("A")
    assert g.hand_size("B") == 8


# ---- Адвокатская защита ----

def _legal(lower: bool) -> MafikScenario:
    g = MafikScenario.day(1).player("A", hand=["legal_defence", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=8).player("C", hand=8).player("D", hand=8).player("E", hand=8).player("F", hand=8)
    if lower:
        in_stance(g, "A")
    g.play("A", "legal_defence", target="B", pay_sleeve=["dummy"])
    return g


def _legal_votes(g: MafikScenario) -> int | None:
    """4 votes against B, 2 against C; on a tie B (the name ranks first among "(Другой)") is punished."""
    g.vote("A", "B").vote("C", "B").vote("D", "B").vote("E", "B").vote("B", "C").vote("F", "C").resolve()
    punished = g.public("council_verdict")[-1].params["punished"]
    return None if punished is None else int(punished)


def test_legal_defence_2_votes_less_and_everyone_learns_the_card():
    g = _legal(lower=False)
    assert _legal_votes(g) == g.pid("B")  # B: 4 − 2 = 2, C: 2
    assert [e.params["card"] for e in g.public("card_used")] == ["legal_defence"]


def test_legal_defence_lower_stance_3_votes_less():
    g = _legal(lower=True)
    assert _legal_votes(g) == g.pid("C")  # B: 4 − 3 = 1, C: 2


def test_legal_defence_strictly_by_day():
    g = MafikScenario.night(2).player("A", hand=["legal_defence", "dummy"], sleeve=["dummy"]).player("B")
    assert g.refusal("A", "play", card="legal_defence", target="B", pay_sleeve=["dummy"]).code == "wrong_phase"


# ---- Законопослушный ----

def test_law_abiding_in_the_deck_2_armor_each_and_you_learn_it():
    g = MafikScenario.night(2).player("A", hand=5, deck=["law_abiding", "dummy", "law_abiding"]) \
        .player("C", hand=["martial_arts", "dummy"])
    hit(g, "C", "A", 4).resolve()
    assert g.hand_size("A") == 5
    assert [(e.params["count"], e.params["armor"]) for e in g.events("law_abiding_in_deck", to="A")] == [(2, 4)]


def test_law_abiding_more_than_2_in_the_deck_become_dummies():
    g = MafikScenario.night(2).player("A", hand=5, deck=["law_abiding", "law_abiding", "dummy", "law_abiding"])
    g.resolve()
    assert [c.card for c in g.p("A").deck] == ["law_abiding", "law_abiding", "dummy", "dummy"]


def test_law_abiding_in_hand_only_peaceful_cards():
    g = MafikScenario.night(2).player("A", hand=["law_abiding", "martial_arts", "wide_of_the_mark"]) \
        .player("B", hand=5)
    assert g.refusal("A", "play", card="martial_arts", target="B").params["reason"] == "law_abiding"
    g.play("A", "wide_of_the_mark", target="B").resolve()


def test_law_abiding_cost_1_shuffled_back_cost_0_nothing_free():
    g = MafikScenario.night(2).player("A", hand=["law_abiding", "wide_of_the_mark", "dummy"], sleeve=["dummy"],
                                      deck=["dummy"] * 3).player("B", hand=5)
    uid = g.uid("A", "law_abiding")
    assert api.play_cost(g.state, g.pid("A"), uid, {"mode": "shuffle_back"}) == 1
    assert api.play_cost(g.state, g.pid("A"), uid, {"mode": "nothing"}) == 0
    g.play("A", "law_abiding", mode="shuffle_back", pay_sleeve=["dummy"])
    g.play("A", "wide_of_the_mark", target="B").resolve()  # Свободная: a second Hand card
    cards = [c.card for c in g.p("A").deck] + g.hand("A")
    assert cards.count("law_abiding") == 1 and g.hand_size("A") == 3


def test_law_abiding_nothing_mode_goes_to_the_discard():
    g = MafikScenario.night(2).player("A", hand=["law_abiding", "dummy"], deck=["dummy"])
    g.play("A", "law_abiding", mode="nothing").resolve()
    assert [c.card for c in g.p("A").discard] == ["law_abiding"]


# ---- Танк ----

def _tank(lower: bool) -> MafikScenario:
    g = MafikScenario.night(1).player("A", hand=["tank"] + ["dummy"] * 9) \
        .player("B", role="psychic", hand=["martial_arts"] + ["dummy"] * 9) \
        .player("C", role="rich", hand=10).player("D", secret="killer", role="engineer", hand=10)
    if lower:
        in_stance(g, "A")
    g.play("A", "tank")
    hit(g, "B", "A", 5).resolve()
    assert g.hand_size("A") == 10
    g.vote("A", "B").vote("B", "C").vote("C", "D").vote("D", "A").resolve()
    return g


def test_tank_5_armor_and_2_more_votes_against_at_the_next_vote():
    g = _tank(lower=False)
    assert g.public("council_verdict")[-1].params["punished"] == g.pid("A")  # 1 + 2 against 1 each


def test_tank_lower_stance_no_extra_votes():
    g = _tank(lower=True)
    assert g.public("council_verdict")[-1].params["punished"] != g.pid("A")


# ---- Благословение ----

def test_blessing_1_armor_to_everyone_with_3_cards_or_fewer():
    g = MafikScenario.night(2).player("A", hand=["blessing", "dummy", "dummy", "dummy"]).player("B", hand=3) \
        .player("D", hand=4).player("C", hand=["martial_arts", "martial_arts", "dummy"])
    in_stance(g, "C")  # two Боевых искусства (Защита) in the lower stance
    hit(g, "C", "B", 1)
    play_copy(g, "C", "martial_arts", target="D").play("A", "blessing").resolve()
    assert g.hand_size("B") == 3
    assert g.hand_size("D") == 3
    assert g.hand_size("A") == 4


def test_blessing_lower_stance_2_armor():
    g = MafikScenario.night(2).player("A", hand=["blessing", "dummy"]).player("B", hand=3) \
        .player("C", hand=["martial_arts", "dummy"])
    in_stance(g, "A")
    g.play("A", "blessing")
    hit(g, "C", "B", 2).resolve()
    assert g.hand_size("B") == 3


# ---- Древний медальон ----

def test_ancient_medallion_3_nights_discard_a_random_card_but_not_debt_and_4_armor():
    g = MafikScenario.night(1).player("A", hand=["ancient_medallion", "debt", "dummy", "dummy"] + ["bunker"] * 4) \
        .player("C", hand=["martial_arts"] * 5).player("Z", secret="killer", hand=30)
    g.play("A", "ancient_medallion")
    hit(g, "C", "A", 4).resolve()
    assert g.hand_size("A") == 7  # 8 − 1 played − 1 discarded + 1 replacement; the 4 damage taken by armor
    assert "debt" in g.hand("A") and len(g.events("forced_discard", to="A")) == 1
    council(g, "Z").resolve()
    assert g.hand_size("A") == 7  # days: nothing
    for night in (3, 5):
        hit(g, "C", "A", 4).resolve()
        assert g.hand_size("A") == 7 - (night - 1) // 2
        council(g, "Z").resolve()
    g.resolve()  # night 4: over
    assert g.hand_size("A") == 5 and "debt" in g.hand("A")


def test_ancient_medallion_does_not_stack():
    g = MafikScenario.night(2).player("A", hand=["ancient_medallion", "ancient_medallion"] + ["dummy"] * 4) \
        .player("C", hand=["martial_arts", "dummy"])
    in_stance(g, "A")
    play_copy(g.play("A", "ancient_medallion"), "A", "ancient_medallion")
    hit(g, "C", "A", 8).resolve()
    assert len(g.events("forced_discard", to="A")) == 1
    assert g.hand_size("A") == 1  # 6 − 2 played − 1 discarded; 8 damage − 4 armor: both replacements, 2 cards


# ---- Лампа ----

def test_lamp_cost_1_lower_stance_0():
    g = MafikScenario.night(2).player("A", hand=["lamp", "dummy"], sleeve=["dummy"])
    g.build()
    uid = g.uid("A", "lamp")
    assert api.play_cost(g.state, g.pid("A"), uid) == 1
    in_stance(g, "A")
    assert api.play_cost(g.state, g.pid("A"), uid) == 0


def test_lamp_cards_altering_your_checks_do_not_act_on_you(monkeypatch: pytest.MonkeyPatch):
    darkened: list[int] = []
    monkeypatch.setitem(REGISTRIES.cards.behaviours, "darkness", lambda play: darkened.append(play.target))
    monkeypatch.setitem(REGISTRIES.cards.priorities, "darkness", 50)
    monkeypatch.setattr(REGISTRIES, "alters_checks", {"darkness"})  # what Темнота's declaration says
    g = MafikScenario.night(2).player("A", hand=["lamp", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["darkness", "darkness", "dummy"]).player("C", hand=5).player("Z", secret="killer", hand=30)
    g.play("A", "lamp", pay_sleeve=["dummy"]).play("B", "darkness", target="A").resolve()
    assert darkened == [] and g.state.effects_of("lamp", target=g.pid("A"))
    council(g, "Z").resolve()
    g.play("B", "darkness", target="C").resolve()  # on someone else it works
    assert darkened == [g.pid("C")]


# ---- Паранойя ----

def test_paranoia_1_less_damage_from_each_source():
    g = MafikScenario.night(2).player("A", hand=["paranoia"] + ["dummy"] * 5) \
        .player("C", hand=["martial_arts", "dummy"]).player("D", hand=["martial_arts", "dummy"])
    g.play("A", "paranoia")
    hit(g, "C", "A", 2)
    hit(g, "D", "A", 3).resolve()
    assert g.hand_size("A") == 3  # (2 − 1) + (3 − 1) = 3: the replacement, then 2 cards


def test_paranoia_no_damage_coming_2_armor_ignoring_damage():
    g = MafikScenario.day(1).player("A", hand=["paranoia", "bunker", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    in_stance(g, "A")
    g.play("A", "paranoia").play("A", "bunker")
    council(g, "Z").resolve()
    assert g.hand_size("A") == 2  # 4 − 2 played; 2 damage through the Бункер's 3 armor cancel both replacements


def test_paranoia_does_not_reduce_damage_that_cannot_be_changed():
    g = MafikScenario.night(2).player("A", hand=["paranoia"] + ["dummy"] * 5) \
        .player("M", secret="maniac", hand=5, points=3)
    g.play("A", "paranoia")
    g.order("M", "blood", use="damage2", target="A")
    g.resolve()
    assert g.hand_size("A") == 4


# ---- Железные нервы ----

def _nerves(hand_left: int, lower: bool = False) -> MafikScenario:
    """Night 1: A plays Железные нервы, and damage leaves `hand_left` cards for day 1."""
    g = MafikScenario.night(1).player("A", hand=["nerves_of_steel"] + ["dummy"] * 3) \
        .player("C", hand=["martial_arts", "dummy"]).player("Z", secret="killer", hand=30)
    if lower:
        in_stance(g, "A")
    g.play("A", "nerves_of_steel")
    hit(g, "C", "A", 4 - hand_left).resolve()
    assert g.hand_size("A") == hand_left
    return g


def test_nerves_of_steel_at_1_card_6_armor():
    g = _nerves(1)
    assert g.events("nerves_of_steel_ready", to="A")
    ability(g, "A", "nerves_of_steel", mode="armor")
    council(g, "A").resolve()
    assert g.hand_size("A") == 1 and g.alive("A")


def test_nerves_of_steel_at_1_card_2_cards_into_the_sleeve_and_lower_stance_for_2_phases():
    g = _nerves(1)
    ability(g, "A", "nerves_of_steel", mode="sleeve", lower_stance=True)
    council(g, "Z").resolve()
    assert g.sleeve("A") == ["dummy", "dummy"]
    assert stance(g.state, g.pid("A")) == "lower"
    g.resolve()
    assert stance(g.state, g.pid("A")) == "lower"
    council(g, "Z").resolve()
    assert stance(g.state, g.pid("A")) == "normal"


def test_nerves_of_steel_not_with_2_cards_and_once_per_stretch():
    g = _nerves(2)
    with pytest.raises(Refusal):
        ability(g, "A", "nerves_of_steel", mode="armor")
    g = _nerves(1)
    ability(g, "A", "nerves_of_steel", mode="sleeve")
    council(g, "Z").resolve()
    assert g.hand_size("A") == 1
    with pytest.raises(Refusal):  # still at 1 card: it fired already
        ability(g, "A", "nerves_of_steel", mode="armor")


def test_nerves_of_steel_lower_stance_1_or_2_cards():
    g = _nerves(2, lower=True)
    ability(g, "A", "nerves_of_steel", mode="sleeve")
    council(g, "Z").resolve()
    assert g.sleeve("A") == ["dummy", "dummy"]
