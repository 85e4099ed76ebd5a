"""A player's questions in their private chat (engine/core/rulings.py): the question in words, one button
per option, and, for a pick of several, «Готово». With count 1 a press answers; with more, a press marks
or unmarks its option (✅) — the marks travel in the buttons' data as a bitmask of option indices, so the
server keeps no dialogue — and «Готово» answers with the marked ones. After an answer the message shows
it, its buttons stay so that the player may change it until the deadline; once the phase is over the
message says what was decided, without buttons."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core.state import Event, GameState, MasterQuestion, Pick
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.render import render
from tgbot.ui.callbacks import Answer

QUESTION_EVENT = "player_question"
ROW = 2  # option buttons per row


def asked_event(state: GameState, key: str) -> Event:
    """The event that asked question `key` (what its message renders)."""
    return next(e for e in reversed(state.events) if e.kind == QUESTION_EVENT and e.params.get("key") == key)


def option_label(state: GameState, question: MasterQuestion, index: int, lang: str) -> str:
    """An option as its button and the message name it: a fixed name in words, a card by its name, a
    player by their character's name."""
    option = question.options[index]
    if question.among == "cards":
        return gamedata.card_name(state.ruleset, question.cards[index], lang)
    if question.among == "players":
        return state.player(int(option)).name
    return t(lang, f"ruling.{question.kind}.{option}")


def labels(state: GameState, question: MasterQuestion, picks: list[Pick], lang: str) -> str:
    """Options named in a message (HTML)."""
    return ", ".join(escape(option_label(state, question, question.options.index(p), lang)) for p in picks)


def as_list(value: Pick | list[Pick] | None) -> list[Pick]:
    """A question's default or answer as a list (one option for count 1)."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def mask_of(question: MasterQuestion, picks: list[Pick]) -> int:
    return sum(1 << question.options.index(p) for p in picks if p in question.options)


def picks_of(question: MasterQuestion, mask: int) -> list[Pick]:
    return [option for i, option in enumerate(question.options) if mask >> i & 1]


def question_text(state: GameState, question: MasterQuestion, lang: str, *, game_id: int) -> str:
    """The question as asked, its default, how to answer, and the answer given so far."""
    lines = [t(lang, "answer.header", game=game_id), render(state, asked_event(state, question.key), lang),
             t(lang, "answer.default", option=labels(state, question, as_list(question.default), lang))]
    if question.count > 1:
        lines.append(t(lang, "answer.pick_many", count=question.count))
    if question.choice is not None:
        lines.append(t(lang, "answer.chosen", option=labels(state, question, as_list(question.choice), lang)))
    return "\n".join(lines)


def question_markup(state: GameState, question: MasterQuestion, lang: str, *, game_id: int,
                    mask: int | None = None) -> dict[str, Any]:
    """One button per option, `ROW` a row, the marked ones ✅ (by default the answer given so far); with
    count > 1 each press toggles its option and «Готово» answers with the marked ones."""
    marked = mask_of(question, as_list(question.choice)) if mask is None else mask
    buttons = [{"text": ("✅ " if marked >> i & 1 else "") + option_label(state, question, i, lang),
                "callback_data": Answer(g=game_id, p=question.phase, k=question.key, m=marked, i=i).pack()}
               for i in range(len(question.options))]
    rows = [buttons[i:i + ROW] for i in range(0, len(buttons), ROW)]
    if question.count > 1:
        done = Answer(g=game_id, p=question.phase, k=question.key, m=marked, i=-1).pack()
        rows.append([{"text": t(lang, "answer.ready"), "callback_data": done}])
    return {"inline_keyboard": rows}


def slot_of(key: str) -> str:
    """The outbox slot of the question's message in the player's chat (edited when the phase ends)."""
    return f"question-{key}"


def final_text(state: GameState, question: MasterQuestion, lang: str, *, game_id: int) -> str:
    """The question once its phase is over: what was decided, and how (buttons gone)."""
    text = t(lang, "answer.header", game=game_id) + "\n" + render(state, asked_event(state, question.key), lang)
    if question.choice is not None:
        option = labels(state, question, as_list(question.choice), lang)
        return text + "\n\n" + t(lang, "answer.final_chosen", option=option)
    if question.defaulted:
        option = labels(state, question, as_list(question.default), lang)
        return text + "\n\n" + t(lang, "answer.final_default", option=option)
    return text + "\n\n" + t(lang, "answer.final_moot")
