"""Room rules and statuses (issue 15, rooms: engine/rulesets/mafik/cards/rooms.py): a test per card and per
variant, exact numbers. Phases: night(2) is phase 3, day(2) is phase 4. Rulings: docs/rulings/mafik-rooms.md.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.views import player_view
from tests.engine.mafik.conftest import MafikScenario


def act(g: MafikScenario, name: str, action: str, **params: Any) -> None:
    api.act(g.state, g.pid(name), action, params)


def refused_act(g: MafikScenario, name: str, action: str, **params: Any) -> Refusal:
    before = g.state.model_dump_json()
    with pytest.raises(Refusal) as caught:
        act(g, name, action, **params)
    assert g.state.model_dump_json() == before
    return caught.value


def propose(g: MafikScenario, name: str, *members: str) -> int:
    act(g, name, "room_propose", members=[g.pid(m) for m in members])
    return int(g.public("room_proposed")[-1].params["room"])


def gather(g: MafikScenario, name: str, *members: str) -> int:
    room = propose(g, name, *members)
    for member in members:
        act(g, member, "room_confirm", room=room)
    return room


def end_day(g: MafikScenario, target: str = "M") -> MafikScenario:
    """Everyone who may votes for M (30 cards), the day resolves."""
    for player in g.state.living():
        if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
            with contextlib.suppress(Refusal):  # Временная смерть
                g.order(player.name, "vote", target=target)
    return g.resolve()


def play_named(g: MafikScenario, name: str, card_id: str, named: str, **params: Any) -> None:
    """Play a card whose own param is called `card` (the named card), paying with Sleeve dummies."""
    g.build()
    sleeve = [c.uid for c in g.p(name).sleeve if c.card == "dummy"]
    cost = {"restriction": 1}.get(card_id, 0)
    api.submit(g.state, g.pid(name), "play", card=g.uid(name, card_id), params={"card": named, **params},
               payment={"points": 0, "cards": sleeve[:cost], "options": {}})


def hand(*cards: str) -> list[str]:
    """These cards and dummies up to 12."""
    return [*["dummy"] * (12 - len(cards)), *cards]


def town(phase: str = "night", **hands: Any) -> MafikScenario:
    """A, B, C, D law with 12 cards (or the hands given), M the boss with 30; night 2 or day 2."""
    g = MafikScenario.night(2) if phase == "night" else MafikScenario.day(2)
    for name in "ABCD":
        g.player(name, hand=hands.get(name, 12), sleeve=["dummy"] * 3)
    return g.player("M", secret="boss", hand=hands.get("M", 30), sleeve=["dummy"] * 3).build()


def members(g: MafikScenario, *names: str) -> list[int]:
    return sorted(g.pid(n) for n in names)


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.state.add_effect("stance", target=g.pid(name), stance=which)


# ---- Третий на лишний ----

def test_threes_not_a_crowd_rooms_need_three_members_until_the_end():
    g = town(A=["threes_not_a_crowd", "dummy"])
    g.play("A", "threes_not_a_crowd", pay_sleeve=["dummy", "dummy"]).resolve()  # day 2
    [told] = g.public("rooms_min_size")
    assert told.params["n"] == 3
    refusal = refused_act(g, "B", "room_propose", members=[g.pid("C")])
    assert (refusal.code, refusal.params["reason"], refusal.params["card"]) == \
        ("not_allowed", "room_rule", "threes_not_a_crowd")
    gather(g, "B", "C", "D")
    end_day(g)
    assert [e.params["members"] for e in g.public("room_formed")] == [members(g, "B", "C", "D")]
    g.resolve()  # night 3 → day 3: still in force
    assert refused_act(g, "C", "room_propose", members=[g.pid("D")]).params["card"] == "threes_not_a_crowd"


def test_threes_not_a_crowd_several_do_not_stack():
    g = town(A=["threes_not_a_crowd", "dummy"], B=["threes_not_a_crowd", "dummy"])
    g.play("A", "threes_not_a_crowd", pay_sleeve=["dummy", "dummy"])
    g.play("B", "threes_not_a_crowd", pay_sleeve=["dummy", "dummy"]).resolve()
    assert len(g.state.effects_of("min_room")) == 1
    gather(g, "B", "C", "D")  # three is still enough


# ---- Радиомолчание ----

def test_radio_silence_no_rooms_today_and_tomorrow_public():
    g = town("day", A=["radio_silence", "dummy"])
    room = gather(g, "B", "C")  # proposed before the card resolves: not formed at the day's end
    g.play("A", "radio_silence", pay_sleeve=["dummy", "dummy"])
    end_day(g)
    [told] = g.public("radio_silence")
    assert told.params["actor"] == g.pid("A")
    assert not g.public("room_formed")
    [not_formed] = g.public("room_not_formed")
    assert not_formed.params == {"request": room, "members": members(g, "B", "C"), "card": "radio_silence"}
    g.resolve()  # night 3 → day 3: still silent
    assert refused_act(g, "B", "room_propose", members=[g.pid("C")]).params["card"] == "radio_silence"
    end_day(g).resolve()  # day 3 ends, night 4 → day 4: rooms again
    propose(g, "B", "C")


def test_radio_silence_strictly_by_day():
    g = town(A=["radio_silence", "dummy"])
    refusal = g.refusal("A", "play", card="radio_silence", pay_sleeve=["dummy", "dummy"])
    assert (refusal.code, refusal.params["reason"]) == ("wrong_phase", "day_only")


def test_radio_silence_does_not_touch_the_illuminati_room():
    g = town("day", A=["radio_silence", "dummy"], B=["illuminati", "dummy"])
    g.play("B", "illuminati", members=[g.pid("C")], pay_sleeve=["dummy"])
    g.play("A", "radio_silence", pay_sleeve=["dummy", "dummy"])
    end_day(g).resolve()  # night 3, then day 3
    assert [e.params["members"] for e in g.state.effects_of("room")] == [members(g, "B", "C")]


# ---- Иллюминаты ----

def test_illuminati_a_room_at_once_without_confirmation_forever_and_public():
    g = town("day", A=["illuminati", "dummy"])
    g.play("A", "illuminati", members=[g.pid("B"), g.pid("C")], pay_sleeve=["dummy"])
    end_day(g)
    [told] = g.public("illuminati_room")
    assert told.params["members"] == members(g, "A", "B", "C") and told.params["by"] == g.pid("A")
    [room] = g.state.effects_of("room")
    assert room.end is None and room.params["members"] == members(g, "A", "B", "C")
    assert player_view(g.state, g.pid("B"))["me"]["rooms"]
    for _ in range(4):
        g.resolve() if g.state.is_night else end_day(g)
    assert [e.eid for e in g.state.effects_of("room")] == [room.eid]


def test_illuminati_coexists_with_an_ordinary_room():
    g = town("day", A=["illuminati", "dummy"])
    g.play("A", "illuminati", members=[g.pid("B")], pay_sleeve=["dummy"])
    end_day(g)
    g.resolve()  # day 3
    gather(g, "A", "B")  # the members may still gather an ordinary room
    end_day(g)
    assert sorted(len(e.params["members"]) for e in g.state.effects_of("room")) == [2, 2]
    assert len(g.state.effects_of("room")) == 2


def test_illuminati_by_night_too():
    g = town(A=["illuminati", "dummy"])
    g.play("A", "illuminati", members=[g.pid("B")], pay_sleeve=["dummy"]).resolve()
    assert [e.params["members"] for e in g.state.effects_of("room")] == [members(g, "A", "B")]


# ---- Организатор ----

def test_organizer_the_chosen_only_with_each_other_and_the_actor_next_day():
    g = town(A=["organizer", "dummy"])
    g.play("A", "organizer", targets=["B", "C", "D"]).resolve()  # day 2
    for name in "BCD":
        [told] = g.events("organized", to=name)
        assert told.params["members"] == members(g, "A", "B", "C", "D")
    refusal = refused_act(g, "B", "room_propose", members=[g.pid("M")])
    assert (refusal.params["reason"], refusal.params["card"]) == ("room_rule", "organizer")
    assert refused_act(g, "M", "room_propose", members=[g.pid("C")]).params["card"] == "organizer"
    gather(g, "B", "A", "C")  # the chosen with the actor
    end_day(g)
    assert [e.params["members"] for e in g.public("room_formed")] == [members(g, "A", "B", "C")]


def test_organizer_does_not_bind_the_actor_nor_last_beyond_the_next_day():
    g = town(A=["organizer", "dummy"])
    g.play("A", "organizer", targets=["B", "C", "D"]).resolve()
    propose(g, "A", "M")  # the actor is not among the chosen
    end_day(g).resolve()  # day 3
    propose(g, "B", "M")


def test_organizer_needs_three_living_targets():
    g = town(A=["organizer", "dummy"])
    assert g.refusal("A", "play", card="organizer", targets=["B", "C"]).code == "bad_param"


# ---- Временная смерть ----

def test_temporary_death_next_day_no_orders_public():
    g = town(A=["temporary_death", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()  # day 2
    [told] = g.public("temporary_death")
    assert told.params["pid"] == g.pid("A")
    assert player_view(g.state, g.pid("A"))  # still alive, still a player
    refusal = g.refusal("A", "play", card="dummy")
    assert (refusal.code, refusal.params["reason"]) == ("not_allowed", "temporary_death")
    assert api.playable(g.state, g.pid("A"), g.uid("A", "dummy")).params["reason"] == "temporary_death"
    assert g.refusal("A", "vote", target="M").params["reason"] == "temporary_death"
    assert refused_act(g, "A", "room_propose", members=[g.pid("B"), g.pid("C")]).params["reason"] == "barred"
    assert refused_act(g, "A", "private_message", to=g.pid("B"), text="hi").code == "limit_reached"
    end_day(g)  # night 3: lifted
    g.play("A", "dummy")


def test_temporary_death_untargetable_by_cards_and_votes():
    g = town(A=["temporary_death", "dummy"], B=["pistol", "pistol", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    assert g.refusal("B", "vote", target="A").params["reason"] == "immune"
    assert refused_act(g, "B", "room_propose", members=[g.pid("A"), g.pid("C")]).params["reason"] == "barred"
    from engine.rulesets.mafik.registry import REGISTRIES

    for by in ("card", "vote", "guess", "perk"):
        assert REGISTRIES.queries.ask("can_target", g.state, True, actor=g.pid("B"), target=g.pid("A"), by=by) is False


def test_temporary_death_gives_no_vote_takes_none_no_damage_no_armor():
    g = town(A=["temporary_death", "dummy"], M=30)
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    state = g.state
    # a poison on A ticking by day and armor granted to A do nothing this day
    state.add_effect("damage_each_phase", target=g.pid("A"), during=None, amount=3, card="poison", colour="damage")
    state.add_effect("armor_each_phase", target=g.pid("A"), during=None, amount=2)
    before = g.hand_size("A")
    for name in "BCD":
        g.vote(name, "M")
    g.resolve()  # A's default vote for itself counts 0; its 3 damage meets no armor and is cancelled
    assert g.hand_size("A") == before
    verdict = g.public("council_verdict")[-1]
    assert verdict.params.get("punished") == g.pid("M")
    day = [(v.voter, v.target) for v in state.vote_log if v.phase == 4]
    assert sorted(day) == [(g.pid(n), g.pid("M")) for n in "BCDM"]  # A is out of the count
    g.resolve()  # night 3: lifted — 3 damage, 2 armor: 1 card
    assert g.hand_size("A") == before - 1


def test_temporary_death_cannot_be_punished_by_the_council():
    g = town(A=["temporary_death", "dummy"])
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    from engine.rulesets.mafik.registry import REGISTRIES

    assert REGISTRIES.queries.ask("votes_against", g.state, 4, target=g.pid("A")) == 0
    assert REGISTRIES.queries.ask("vote_strength", g.state, 1, pid=g.pid("A")) == 0
    assert REGISTRIES.queries.ask("can_be_punished", g.state, True, target=g.pid("A")) is False


# ---- Очищение ----

def test_cleansing_removes_every_status_positive_and_negative():
    g = town(A=["cleansing", "dummy"])
    a = g.pid("A")
    g.state.add_effect("damage_each_phase", target=a, during=None, amount=1, nights_only=True, card="poison")
    g.state.add_effect("no_refills", target=a, start=3, end=6)  # Кровотечение
    g.state.add_effect("armor_each_phase", target=a, during=None, amount=1, nights_only=True)  # Бронежилет
    g.state.add_effect("exile", target=a, start=3, end=5)  # a punishment of the Вече: not a status
    g.state.add_effect("stance", target=a, stance="upper")  # the stance: not a status
    g.state.add_effect("damage_each_phase", target=g.pid("B"), during=None, amount=1, card="poison")  # another's
    g.play("A", "cleansing").resolve()
    left = sorted(e.kind for e in g.state.effects if e.target == a)
    assert left == ["exile", "stance"]
    assert [e.target for e in g.state.effects if e.kind == "damage_each_phase"] == [g.pid("B")]
    assert g.events("cleansed", to="A")


def test_cleansing_a_poisoned_player_takes_no_more_poison():
    g = town(A=hand("cleansing"), B=["poison", "dummy"])
    g.play("B", "poison", target="A").resolve()  # 1 damage tonight, then every night
    assert g.hand_size("A") == 11
    end_day(g)  # night 3: the poison ticks as the phase begins its effects, before the cleansing
    g.play("A", "cleansing").resolve()
    assert g.hand_size("A") == 10
    end_day(g).resolve()  # night 4: no poison
    assert g.hand_size("A") == 10 and not g.state.effects_of("damage_each_phase", target=g.pid("A"))


# ---- Ограничение ----

def test_restriction_nobody_may_play_the_card_the_next_sutki():
    g = town(A=["restriction", "pistol", "dummy"], B=["pistol", "dummy"])
    play_named(g, "A", "restriction", "pistol")
    g.resolve()  # day 2
    end_day(g)  # night 3: the second phase of the сутки
    for name in "AB":
        refusal = g.refusal(name, "play", card="pistol", target="M")
        assert (refusal.code, refusal.params["reason"], refusal.params["card"]) == \
            ("not_allowed", "restricted_card", "pistol")
    g.resolve()  # day 3
    end_day(g)  # night 4: free again
    g.play("B", "pistol", target="M")


def test_restriction_upper_stance_the_actor_may():
    g = town(A=["restriction", "pistol", "dummy"], B=["pistol", "dummy"])
    in_stance(g, "A", "upper")
    play_named(g, "A", "restriction", "pistol")
    g.resolve()
    end_day(g)  # night 3
    g.play("A", "pistol", target="M")
    assert g.refusal("B", "play", card="pistol", target="M").params["reason"] == "restricted_card"


def test_restriction_also_a_card_played_as_the_named():
    g = town(A=["restriction", "dummy"], B=["dummy"])
    g.state.player(g.pid("B")).sleeve[0:0] = [g.state.new_card("dummy")]
    g.state.add_effect("play_as", target=g.pid("B"), during=None, card="pistol")
    play_named(g, "A", "restriction", "pistol")
    g.resolve()
    end_day(g)
    refusal = g.refusal("B", "play", card="dummy", from_sleeve=True, target="M", **{"as": "pistol"})
    assert refusal.params["reason"] == "restricted_card"


# ---- Запрет ----

def test_ban_the_target_may_not_play_the_card_the_next_sutki_and_learns_it():
    g = town(A=["ban", "dummy"], B=["pistol", "pistol", "dummy"])
    g.play("A", "ban", target="B", cards=["pistol"]).resolve()  # day 2
    [told] = g.events("banned_cards", to="B")
    assert told.params["cards"] == ["pistol"] and told.params["n"] == 1
    end_day(g)  # night 3
    refusal = g.refusal("B", "play", card="pistol", target="M")
    assert (refusal.params["reason"], refusal.params["card"]) == ("banned_card", "pistol")
    g.play("C", "dummy")  # others are not banned
    g.resolve()  # day 3
    end_day(g)  # night 4: free again
    g.play("B", "pistol", target="M")


def test_ban_the_card_is_unplayable_as_the_panel_asks():
    g = town(A=["ban", "dummy"], B=["pistol", "dummy"])
    g.play("A", "ban", target="B", cards=["pistol"]).resolve()
    end_day(g)  # night 3
    why = api.playable(g.state, g.pid("B"), g.uid("B", "pistol"))
    assert why is not None and (why.code, why.params["reason"], why.params["card"]) == \
        ("not_allowed", "banned_card", "pistol")
    assert api.playable(g.state, g.pid("B"), g.uid("B", "dummy")) is None


def test_ban_names_one_card_two_in_upper_stance():
    g = town(A=["ban", "dummy"])
    assert g.refusal("A", "play", card="ban", target="B", cards=["pistol", "bunker"]).code == "bad_param"
    g2 = town(A=["ban", "dummy"], B=["pistol", "bunker", "dummy"])
    in_stance(g2, "A", "upper")
    g2.play("A", "ban", target="B", cards=["pistol", "bunker"]).resolve()
    end_day(g2)  # night 3
    assert g2.refusal("B", "play", card="pistol", target="M").params["reason"] == "banned_card"
    assert g2.refusal("B", "play", card="bunker").params["reason"] == "banned_card"


def test_ban_accusation_one_more_sutki_per_named_card():
    g = town(A=["ban", "dummy"], B=["pistol", "pistol", "dummy"])
    from engine.core.state import PlayRecord

    g.state.history.append(PlayRecord(phase=1, actor=g.pid("B"), card="shiv", targets=[]))
    g.state.history.append(PlayRecord(phase=1, actor=g.pid("B"), card="kick", targets=[]))
    g.play("A", "ban", target="B", cards=["pistol"], accuse=["shiv", "kick"]).resolve()
    assert g.events("banned_cards", to="B")[0].params["n"] == 3
    [effect] = g.state.effects_of("banned_cards", target=g.pid("B"), phase=4)
    assert (effect.start, effect.end) == (4, 9)


def test_ban_does_not_stop_another_card_played_as_the_named():
    g = town(A=["ban", "dummy"], B=["dummy"])
    g.state.player(g.pid("B")).sleeve[0:0] = [g.state.new_card("dummy")]
    g.state.add_effect("play_as", target=g.pid("B"), during=None, card="pistol")
    g.play("A", "ban", target="B", cards=["pistol"]).resolve()
    end_day(g)
    g.play("B", "dummy", from_sleeve=True, target="M", **{"as": "pistol"})


# ---- Метка боли ----

def test_pain_mark_one_more_damage_from_the_actor_cards_and_the_target_learns():
    g = town(A=["pain_mark", "pistol", "pistol", "dummy"], C=["pistol", "dummy"])
    g.play("A", "pain_mark", target="B").resolve()
    assert g.events("pain_marked", to="B") and "actor" not in g.events("pain_marked", to="B")[0].params
    end_day(g)  # night 3
    g.play("A", "pistol", target="B").resolve()  # 1 + 1
    assert g.hand_size("B") == 10
    end_day(g)
    g.play("C", "pistol", target="B").resolve()  # another's card: 1
    assert g.hand_size("B") == 9


def test_pain_mark_is_free():
    g = town(A=["pain_mark", "pistol", "dummy"])
    g.play("A", "pain_mark", target="B").play("A", "pistol", target="B").resolve()  # both this night
    assert g.hand_size("B") == 10
