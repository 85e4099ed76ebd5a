"""The master's questions in the log group (engine/core/rulings.py): the question in words, with one
button per option; after an answer, the same message says which option the master chose (its button
marked), and the buttons stay so that the master may change their mind until the deadline."""

from __future__ import annotations

from typing import Any

from engine.core.state import Event, GameState, MasterQuestion
from tgbot.i18n import t
from tgbot.render import render
from tgbot.ui.callbacks import Decide

QUESTION_EVENT = "master_question"


def as_event(question: MasterQuestion) -> Event:
    """The question as the event that asked it (what the log message renders)."""
    return Event(seq=0, phase=question.phase, kind=QUESTION_EVENT, to="master", params={
        "key": question.key, "question": question.kind, "offered": list(question.options),
        "default": question.default, **question.params})


def option_label(lang: str, kind: str, option: str) -> str:
    return t(lang, f"ruling.{kind}.{option}")


def question_text(state: GameState, event: Event, lang: str, *, game_id: int, chosen: str | None = None) -> str:
    text = t(lang, "decide.header", game=game_id) + "\n" + render(state, event, lang)
    if chosen is not None:
        text += "\n\n" + t(lang, "decide.chosen", option=option_label(lang, str(event.params["question"]), chosen))
    return text


def slot_of(key: str) -> str:
    """The outbox slot the question's log message is kept under (edited when the phase ends)."""
    return f"question-{key}"


def final_text(state: GameState, question: MasterQuestion, lang: str, *, game_id: int) -> str:
    """The question once its phase is over: what was decided, and how (buttons gone)."""
    text = t(lang, "decide.header", game=game_id) + "\n" + render(state, as_event(question), lang) + "\n\n"
    if question.choice is not None:
        return text + t(lang, "decide.final_chosen", option=option_label(lang, question.kind, str(question.choice)))
    if question.defaulted:
        return text + t(lang, "decide.final_default", option=option_label(lang, question.kind, str(question.default)))
    return text + t(lang, "decide.final_moot")


def question_markup(event: Event, lang: str, *, game_id: int, chosen: str | None = None) -> dict[str, Any]:
    """One button per option, in the order offered; the chosen one marked."""
    kind, key = str(event.params["question"]), str(event.params["key"])
    row = [{"text": ("✅ " if option == chosen else "") + option_label(lang, kind, str(option)),
            "callback_data": Decide(g=game_id, p=event.phase, k=key, o=str(option)).pack()}
           for option in event.params.get("offered") or []]
    return {"inline_keyboard": [row]}
