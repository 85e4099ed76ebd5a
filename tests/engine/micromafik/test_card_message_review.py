""""Сообщение не должно содержать ссылок…" (seeds/002_…, "==== Коммуникация ===="): Микромафик's card
messages (Письмо, Переписка, Блок's Звонок, the replies) are questions to the master as in Мафик
(engine/core/messages.py): deliver (the default) or withhold."""

from __future__ import annotations

from engine.core import api
from tests.engine.scenario import FILLER, Scenario


def town() -> Scenario:
    g = Scenario.day(1)
    g.player("A", hand=["letter", "correspondence", FILLER], points=1).player("B").player("C")
    g.player("M", secret="boss")
    return g.build()


def texts_to(g: Scenario, name: str) -> list[str]:
    return [e.params["text"] for e in g.events("card_message", to=name)]


def test_letter_withheld_by_the_master():
    g = town()
    g.play("A", "letter", target="B", message="t.me/secret")
    [question] = g.state.questions.values()
    assert question.params == {"sender": 0, "targets": [g.pid("B")], "text": "t.me/secret", "via": "letter"}
    api.rule(g.state, question.key, "withhold")
    g.resolve()
    assert texts_to(g, "B") == []
    [told] = g.events("card_message_withheld", to="A")
    assert told.params == {"to": g.pid("B"), "text": "t.me/secret", "via": "letter"}


def test_correspondence_asks_about_each_text():
    g = town()
    g.play("A", "correspondence", targets=["B", "C"], messages=["to B", "to C"], pay_points=1)
    by_text = {q.params["text"]: q for q in g.state.questions.values()}
    assert {t: q.params["targets"] for t, q in by_text.items()} == {"to B": [g.pid("B")], "to C": [g.pid("C")]}
    api.rule(g.state, by_text["to C"].key, "withhold")
    g.resolve()
    assert texts_to(g, "B") == ["to B"] and texts_to(g, "C") == []
    [default] = g.events("master_default")
    assert default.params["text"] == "to B"


def test_reply_is_reviewed_too():
    g = town()
    g.play("A", "correspondence", targets=["B", "C"], messages=["to B", "to C"], pay_points=1).resolve()
    g.order("B", "message", to=0, text="ответ")
    [question] = [q for q in g.state.questions.values() if q.phase == g.state.phase]
    assert question.params == {"sender": g.pid("B"), "targets": [0], "text": "ответ", "via": "reply"}
    api.rule(g.state, question.key, "withhold")
    g.resolve()
    assert texts_to(g, "A") == [] and g.events("card_message_withheld", to="B")


def test_no_questions_when_the_game_does_not_review_messages():
    g = town()
    g.state.settings["review_messages"] = False
    g.play("A", "letter", target="B", message="привет").resolve()
    assert g.state.questions == {} and texts_to(g, "B") == ["привет"]
