"""Communication in Мафик (seeds/000_…, "==== Коммуникация ===="): private messages and chat rooms."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.views import events_for, player_view
from tests.engine.mafik.conftest import MafikScenario


def town(phase: str = "day", gossip: bool = False) -> MafikScenario:
    g = MafikScenario.day(1) if phase == "day" else MafikScenario.night(2)
    g.player("A", role="gossip" if gossip else "other", hand=12).player("B", hand=12).player("C", hand=12)
    g.player("D", hand=12).player("M", secret="boss", hand=30)
    return g.build()


def act(g: MafikScenario, name: str, action: str, **params: Any) -> None:
    api.act(g.state, g.pid(name), action, params)


def refused(g: MafikScenario, name: str, action: str, **params: Any) -> Refusal:
    before = g.state.model_dump_json()
    with pytest.raises(Refusal) as caught:
        act(g, name, action, **params)
    assert g.state.model_dump_json() == before
    return caught.value


def end_day(g: MafikScenario) -> MafikScenario:
    """Everyone votes for M (30 cards), the day resolves."""
    for player in g.state.living():
        if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
            g.order(player.name, "vote", target="M")
    return g.resolve()


# ---------------------------------------------------------------- private messages

def test_private_message_reaches_the_recipient_at_once():
    g = town()
    act(g, "A", "private_message", to=g.pid("B"), text="Я законник")
    [message] = g.events("private_message", to="B")
    assert message.params == {"sender": g.pid("A"), "text": "Я законник"}
    assert message.phase == g.state.phase
    assert [e.kind for e in events_for(g.state, g.pid("C")) if e.kind.startswith("private")] == []
    [copy] = g.events("private_message_copy")
    assert copy.to == "master" and copy.params["to"] == g.pid("B")


def test_private_message_one_a_day():
    g = town()
    act(g, "A", "private_message", to=g.pid("B"), text="первое")
    refusal = refused(g, "A", "private_message", to=g.pid("C"), text="второе")
    assert refusal.code == "limit_reached" and refusal.params == {"what": "private_message"}
    assert player_view(g.state, g.pid("A"))["me"]["private_messages_left"] == 0
    end_day(g).resolve()  # night 2, then day 2
    act(g, "A", "private_message", to=g.pid("C"), text="новый день")
    assert len(g.events("private_message", to="C")) == 1


def test_private_message_gossip_sends_two():
    g = town(gossip=True)
    assert player_view(g.state, g.pid("A"))["me"]["private_messages_left"] == 2
    act(g, "A", "private_message", to=g.pid("B"), text="раз")
    act(g, "A", "private_message", to=g.pid("C"), text="два")
    assert refused(g, "A", "private_message", to=g.pid("D"), text="три").code == "limit_reached"


def test_private_message_by_day_only():
    g = town("night")
    refusal = refused(g, "A", "private_message", to=g.pid("B"), text="ночью")
    assert refusal.code == "wrong_phase" and refusal.params["reason"] == "day_only"


def test_private_message_refusals():
    g = town()
    g.p("D").alive = False
    assert refused(g, "A", "private_message", to=g.pid("A"), text="себе").params["reason"] == "self"
    assert refused(g, "A", "private_message", to=g.pid("D"), text="мёртвому").params["reason"] == "dead"
    assert refused(g, "A", "private_message", to=99, text="никому").params["reason"] == "no_such_player"
    assert refused(g, "A", "private_message", to=g.pid("B"), text="  ").code == "bad_param"
    assert refused(g, "D", "private_message", to=g.pid("B"), text="с того света").code == "dead"


def test_private_messages_spent_are_announced_at_the_end_of_the_day():
    g = town()
    act(g, "A", "private_message", to=g.pid("B"), text="раз")
    act(g, "C", "private_message", to=g.pid("B"), text="два")
    assert not g.public("private_messages_spent")
    end_day(g)
    [spent] = g.public("private_messages_spent")
    assert spent.params == {"pids": [g.pid("A"), g.pid("C")]}  # who, not to whom
    g.resolve()  # the night announces nothing
    assert len(g.public("private_messages_spent")) == 1


def test_private_messages_none_spent_announces_nothing():
    g = town()
    end_day(g)
    assert not g.public("private_messages_spent")


# ---------------------------------------------------------------- chat rooms

def propose(g: MafikScenario, name: str, *members: str) -> int:
    act(g, name, "room_propose", members=[g.pid(m) for m in members])
    return int(g.public("room_proposed")[-1].params["room"])


def rooms(g: MafikScenario, phase: int | None = None) -> list[list[int]]:
    return [list(e.params["members"]) for e in g.state.effects_of("room", phase=phase)]


def test_room_is_formed_at_the_end_of_the_day_when_everyone_confirmed():
    g = town()
    room = propose(g, "A", "B", "C")
    [proposed] = g.public("room_proposed")
    assert proposed.params == {"room": room, "members": [g.pid("A"), g.pid("B"), g.pid("C")], "by": g.pid("A")}
    act(g, "B", "room_confirm", room=room)
    act(g, "C", "room_confirm", room=room)
    assert [e.params["pid"] for e in g.public("room_confirmed")] == [g.pid("B"), g.pid("C")]
    assert not g.public("room_formed")
    end_day(g)
    [formed] = g.public("room_formed")
    assert formed.params["members"] == [g.pid("A"), g.pid("B"), g.pid("C")]
    assert rooms(g) == [[g.pid("A"), g.pid("B"), g.pid("C")]]  # for this night
    assert player_view(g.state, g.pid("B"))["me"]["rooms"]
    assert not player_view(g.state, g.pid("D"))["me"]["rooms"]
    g.resolve()  # the night is over: the room is gone
    assert rooms(g) == [] and not [e for e in g.state.effects if e.kind == "room"]


def test_room_is_not_formed_without_every_confirmation():
    g = town()
    room = propose(g, "A", "B", "C")
    act(g, "B", "room_confirm", room=room)
    end_day(g)
    assert not g.public("room_formed") and rooms(g) == []


def test_room_one_per_character_a_day():
    g = town()
    first = propose(g, "A", "B")
    second = propose(g, "C", "B")
    third = propose(g, "D", "C")
    act(g, "B", "room_confirm", room=second)
    act(g, "C", "room_confirm", room=third)
    act(g, "B", "room_confirm", room=first)
    end_day(g)
    # in the order proposed: A+B forms; C+B skips B; D+C forms
    assert [e.params["members"] for e in g.public("room_formed")] == [[g.pid("A"), g.pid("B")], [g.pid("C"), g.pid("D")]]


def test_room_proposals_by_day_only_and_members_only():
    g = town("night")
    refusal = refused(g, "A", "room_propose", members=[g.pid("B")])
    assert refusal.code == "wrong_phase" and refusal.params["reason"] == "day_only"
    g2 = town()
    room = propose(g2, "A", "B")
    assert refused(g2, "C", "room_confirm", room=room).params["reason"] == "not_a_member"
    assert refused(g2, "B", "room_confirm", room=room + 100).params["reason"] == "no_such_room"
    assert refused(g2, "A", "room_propose", members=[]).code == "bad_param"


def test_room_is_not_for_the_exiled():
    g = town()
    g.state.add_effect("exile", target=g.pid("C"), start=g.state.phase + 1, end=g.state.phase + 3)
    refusal = refused(g, "A", "room_propose", members=[g.pid("B"), g.pid("C")])
    assert refusal.code == "not_allowed" and refusal.params == {"what": "room", "reason": "barred", "pid": g.pid("C")}
    propose(g, "A", "B")


def test_room_is_not_formed_with_a_member_who_died_that_day():
    g = MafikScenario.day(1)
    g.player("A", hand=12).player("B", hand=3).player("M", secret="boss", hand=30)
    g.build()
    room = propose(g, "A", "B")
    act(g, "B", "room_confirm", room=room)
    g.vote("A", "B").vote("M", "B").resolve()  # B executed: 6 damage, 3 cards
    assert not g.alive("B")
    assert not g.public("room_formed")
