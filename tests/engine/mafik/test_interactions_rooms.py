"""Interaction cases of the room rules and statuses (issue 15, rooms), numbered ir1…: where the cards of
engine/rulesets/mafik/cards/rooms.py meet each other and the cards already done. Rulings:
docs/rulings/mafik-rooms.md. Players are law with 12 Пустышки and 3 in the Sleeve; M is the Босс everyone
votes for by day.
"""

from __future__ import annotations

from engine.core import api
from tests.engine.mafik.test_cards_rooms import end_day, gather, members, refused_act, town


def test_ir1_threes_not_a_crowd_leaves_a_two_member_illuminati_room():
    """Третий на лишний rules gathered rooms; Иллюминаты «с любыми персонажами» makes a room of two."""
    g = town(A=["threes_not_a_crowd", "dummy"])
    g.play("A", "threes_not_a_crowd", pay_sleeve=["dummy", "dummy"]).resolve()  # day 2
    g.state.player(g.pid("B")).hand.insert(0, g.state.new_card("illuminati"))
    g.play("B", "illuminati", members=[g.pid("C")], pay_sleeve=["dummy"])
    end_day(g)
    assert [e.params["members"] for e in g.state.effects_of("room")] == [members(g, "B", "C")]


def test_ir2_organizer_keeps_the_chosen_out_of_other_rooms_but_not_out_of_their_illuminati_room():
    """The chosen of Организатор stay in the never-ending room they were in; they gather no other."""
    g = town("day", A=["organizer", *["dummy"] * 11], M=["illuminati", *["dummy"] * 29])
    g.play("M", "illuminati", members=[g.pid("B")], pay_sleeve=["dummy"])  # day 2: M makes the room with B
    end_day(g)  # night 3
    g.play("A", "organizer", targets=["B", "C", "D"]).resolve()  # day 3
    assert refused_act(g, "B", "room_propose", members=[g.pid("M")]).params["card"] == "organizer"
    assert [e.params["members"] for e in g.state.effects_of("room")] == [members(g, "B", "M")]


def test_ir3_temporary_death_cancels_the_marked_damage_of_that_day():
    """Метка боли's +1 is added to a packet that Временная смерть then cancels: nothing reaches the player."""
    g = town(A=[*["dummy"] * 11, "temporary_death"], B=["pain_mark", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).play("B", "pain_mark", target="A").resolve()  # day 2
    g.state.add_effect("damage_each_phase", target=g.pid("A"), during=None, amount=2, card="poison")
    end_day(g)
    assert g.hand_size("A") == 12  # the card A played was refilled; the 2 + 1 damage of the day cancelled


def test_ir4_cleansing_removes_a_pain_mark():
    """Метка боли is a status: after Очищение the marker's Пистолет deals its plain 1."""
    g = town(A=["pain_mark", "pistol", "dummy"], B=[*["dummy"] * 11, "cleansing"])
    g.play("A", "pain_mark", target="B").play("B", "cleansing").resolve()  # the same night: order by seat
    assert g.state.effects_of("pain_mark", target=g.pid("B")) == []
    end_day(g)
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 12 - 1


def test_ir5_temporary_death_may_not_be_chosen_for_an_illuminati_room():
    """«На вас нельзя применять ЛЮБЫЕ карты»: Иллюминаты cannot name the temporarily dead."""
    g = town(A=["temporary_death", "dummy"], B=["illuminati", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    refusal = g.refusal("B", "play", card="illuminati", members=[g.pid("A")], pay_sleeve=["dummy"])
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_ir6_temporary_death_and_a_guess_card():
    """A card that names a secret role cannot aim at the temporarily dead either (`can_target` by guess)."""
    g = town(A=["temporary_death", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    from engine.rulesets.mafik.registry import REGISTRIES

    assert not REGISTRIES.queries.ask("can_target", g.state, True, actor=g.pid("B"), target=g.pid("A"), by="guess")


def test_ir7_pain_mark_adds_to_steroids_before_armor():
    """Стероиды +1 (layer 13), Метка боли +1 (16): a Пистолет of 1 deals 3; one armor absorbs one."""
    g = town(A=["pain_mark", "steroids", "pistol", "dummy"])
    g.play("A", "pain_mark", target="B").resolve()
    end_day(g)
    g.state.add_effect("armor_each_phase", target=g.pid("B"), during=None, amount=1)
    g.play("A", "steroids").play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 12 - 2


def test_ir8_ban_and_restriction_on_one_card_both_refuse():
    """Запрет on B's Пистолет and Ограничение of the Пистолет: B is refused (the first rule met answers)."""
    g = town(A=["ban", "dummy"], B=["pistol", "dummy"], C=["restriction", "dummy"])
    g.play("A", "ban", target="B", cards=["pistol"])
    api.submit(g.state, g.pid("C"), "play", card=g.uid("C", "restriction"), params={"card": "pistol"},
               payment={"points": 0, "cards": [g.p("C").sleeve[0].uid], "options": {}})
    g.resolve()
    end_day(g)
    assert g.refusal("B", "play", card="pistol", target="M").params["reason"] in ("banned_card", "restricted_card")


def test_ir9_radio_silence_with_a_room_proposed_on_its_day_is_announced_not_formed():
    """Радиомолчание played the day a room was proposed and confirmed: the public is told it is not formed."""
    g = town("day", A=["radio_silence", "dummy"])
    room = gather(g, "B", "C", "D")
    g.play("A", "radio_silence", pay_sleeve=["dummy", "dummy"])
    end_day(g)
    assert [e.params["request"] for e in g.public("room_not_formed")] == [room]
    assert g.state.effects_of("room") == []
    g.resolve()  # day 3: still silent
    assert refused_act(g, "B", "room_propose", members=[g.pid("C"), g.pid("D")]).params["card"] == "radio_silence"
