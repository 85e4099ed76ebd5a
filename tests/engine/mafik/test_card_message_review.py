""""Сообщение не должно содержать ссылок (в т.ч. и косвенных…)" (seeds/000_…, "==== Коммуникация ===="):
whether a card message is a link is the master's judgement. Each card message is a question to the master
asked when the order is submitted (engine/core/rulings.py, engine/core/messages.py): deliver (the
default) or withhold."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import api, messages
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import MasterQuestion
from engine.core.views import events_for
from tests.engine.mafik.conftest import MafikScenario

BOSS: dict[str, Any] = {"secret": "boss", "role": "avenger", "hand": 20}
# The three Мафик cards with a message so far, each with the phase it may be played in (law players).
MESSAGE_CARDS = [("contract", "night"), ("they_will_come_for_you", "day"), ("phone_call", "day")]


def table(card: str = "contract", phase: str = "night", *, review: bool = True) -> MafikScenario:
    g = MafikScenario.night(2) if phase == "night" else MafikScenario.day(1)
    g.state.settings["review_messages"] = review
    g.player("A", hand=[card, "dummy", "dummy"]).player("B", hand=5).player("C", hand=5).player("M", **BOSS)
    return g.build()


def only_question(g: MafikScenario) -> MasterQuestion:
    [question] = g.state.questions.values()
    return question


def refused_rule(g: MafikScenario, key: Any, option: Any) -> Refusal:
    before = g.state.model_dump_json()
    with pytest.raises(Refusal) as caught:
        api.rule(g.state, key, option)
    assert g.state.model_dump_json() == before, "a refused ruling changed the state"
    return caught.value


# ---------------------------------------------------------------- the question is asked on submission

@pytest.mark.parametrize(("card", "phase"), MESSAGE_CARDS)
def test_card_message_asks_the_master_when_the_order_is_submitted(card, phase):
    g = table(card, phase)
    order = g.order("A", "play", card=card, target="B", message="см. пост 5 в ветке")
    question = only_question(g)
    assert question.key == messages.key_of(g.pid("A"), order.oid, "см. пост 5 в ветке")
    assert (question.kind, question.options, question.default) == ("card_message", ["deliver", "withhold"], "deliver")
    assert question.params == {"sender": g.pid("A"), "targets": [g.pid("B")], "text": "см. пост 5 в ветке",
                               "via": card}
    assert (question.phase, question.oid, question.choice) == (g.state.phase, order.oid, None)
    [asked] = g.events("master_question")
    assert asked.to == "master"
    assert asked.params == {"key": question.key, "question": "card_message", "offered": ["deliver", "withhold"],
                            "default": "deliver", **question.params}
    assert all(asked not in events_for(g.state, p.pid) for p in g.state.players), "only the master sees it"


def test_card_without_a_message_asks_nothing():
    g = table()
    g.play("A", "contract", target="B")
    assert g.state.questions == {} and not g.events("master_question")


def test_no_question_when_the_game_does_not_review_messages():
    g = table(review=False)
    g.play("A", "contract", target="B", message="привет").resolve()
    assert g.state.questions == {} and not g.events("master_question") and not g.events("master_default")
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "привет"


def test_a_game_from_before_the_setting_does_not_review():
    """A saved game without the setting goes on as before: messages go out unasked."""
    g = table()
    del g.state.settings["review_messages"]
    g.play("A", "contract", target="B", message="привет").resolve()
    assert not g.events("master_question") and g.events("card_message", to="B")


def test_review_is_on_by_default_in_a_new_game():
    assert get_ruleset("mafik").new_game([(f"P{i}", "other:" + f"R{i}") for i in range(12)], 1, {}) \
        .settings["review_messages"] is True


# ---------------------------------------------------------------- the master's answer

@pytest.mark.parametrize(("card", "phase"), MESSAGE_CARDS)
def test_withheld_message_does_not_reach_the_target_and_the_sender_is_told(card, phase):
    g = table(card, phase)
    g.play("A", card, target="B", message="ссылка: t.me/x")
    api.rule(g.state, only_question(g).key, "withhold")
    g.resolve()
    assert g.events("card_message", to="B") == [] and g.events("card_message_sent") == []
    [told] = g.events("card_message_withheld", to="A")
    assert told.params == {"to": g.pid("B"), "text": "ссылка: t.me/x", "via": card}
    assert not g.events("master_default")
    if card == "contract":
        assert g.sleeve("B") == ["pistol"], "only the message is withheld, not the card's effect"


def test_delivered_by_the_masters_choice():
    g = table()
    g.play("A", "contract", target="B", message="удачи")
    api.rule(g.state, only_question(g).key, "deliver")
    g.resolve()
    assert [e.params["text"] for e in g.events("card_message", to="B")] == ["удачи"]
    assert not g.events("master_default") and not g.events("card_message_withheld")


def test_unanswered_question_delivers_by_default_and_tells_the_master():
    g = table()
    g.play("A", "contract", target="B", message="удачи").resolve()
    assert [e.params["text"] for e in g.events("card_message", to="B")] == ["удачи"]
    [default] = g.events("master_default")
    assert default.to == "master" and default.params["option"] == "deliver"
    assert default.params["key"] == next(iter(g.state.questions))


def test_a_second_answer_replaces_the_first():
    g = table()
    g.play("A", "contract", target="B", message="удачи")
    key = only_question(g).key
    api.rule(g.state, key, "withhold")
    api.rule(g.state, key, "deliver")
    assert [e.params["option"] for e in g.events("master_ruled")] == ["withhold", "deliver"]
    g.resolve()
    assert g.events("card_message", to="B") and not g.events("card_message_withheld")


# ---------------------------------------------------------------- refused answers change nothing

def test_ruling_on_an_unknown_question_is_refused():
    g = table()
    g.play("A", "contract", target="B", message="удачи")
    assert refused_rule(g, "msg-0-999-deadbeef", "withhold").code == "unknown_question"
    assert refused_rule(g, None, "withhold").code == "unknown_question"


def test_ruling_with_an_option_not_offered_is_refused():
    g = table()
    g.play("A", "contract", target="B", message="удачи")
    refusal = refused_rule(g, only_question(g).key, "burn")
    assert refusal.code == "option_not_offered" and refusal.params["option"] == "burn"


def test_ruling_after_the_phase_is_refused():
    g = table()
    g.play("A", "contract", target="B", message="удачи").resolve()
    refusal = refused_rule(g, next(iter(g.state.questions)), "withhold")
    assert (refusal.code, refusal.params["reason"]) == ("question_closed", "phase_over")


def test_changed_order_asks_anew_and_the_old_answer_is_not_reused():
    g = table()
    order = g.order("A", "play", card="contract", target="B", message="первый текст")
    old = only_question(g).key
    api.rule(g.state, old, "withhold")
    api.submit(g.state, g.pid("A"), "play", card=order.card, params={"target": g.pid("B"), "message": "второй"},
               replace=order.oid)
    new = [k for k in g.state.questions if k != old]
    assert len(new) == 1 and g.state.questions[new[0]].choice is None
    refusal = refused_rule(g, old, "deliver")
    assert (refusal.code, refusal.params["reason"]) == ("question_closed", "order_withdrawn")
    g.resolve()
    assert [e.params["text"] for e in g.events("card_message", to="B")] == ["второй"]
    assert not g.events("card_message_withheld")


def test_withdrawn_order_closes_its_question():
    g = table()
    order = g.order("A", "play", card="contract", target="B", message="удачи")
    api.withdraw(g.state, g.pid("A"), order.oid)
    assert refused_rule(g, only_question(g).key, "withhold").code == "question_closed"


# ---------------------------------------------------------------- state

def test_questions_survive_a_json_round_trip():
    g = table()
    g.play("A", "contract", target="B", message="удачи")
    api.rule(g.state, only_question(g).key, "withhold")
    twin = api.load(api.dump(g.state))
    assert twin.questions == g.state.questions
    api.resolve(g.state)
    api.resolve(twin)
    assert api.dump(twin) == api.dump(g.state)
    assert twin.events[-1].kind == g.state.events[-1].kind


def test_a_state_saved_without_questions_loads():
    raw = json.loads(table().state.model_dump_json())  # every field written, as saved before defaults were left out
    raw.pop("questions")
    assert api.load(json.dumps(raw)).questions == {}


def test_every_message_parameter_of_the_data_is_found():
    """The card data's free-text parameters: those named message/messages are card messages (reviewed), the
    others are not messages (Псевдоним's alias, Цензура's words)."""
    params = [(card.id, p) for name in ("mafik", "micromafik") for card in get_ruleset(name).catalog for p in card.params]
    others = {(card, p.name) for card, p in params if p.kind in ("message", "messages")
              and p.name not in messages.MESSAGE_PARAMS}
    assert others == {("pseudonym", "alias"), ("censorship", "words")}
    assert all(p.kind == p.name for _card, p in params if p.name in messages.MESSAGE_PARAMS)
