"""A player's question as buttons (tgbot/ui/questions.py): count 1 answers on a press and has no «Готово»;
a pick of several keeps its marks as a bitmask of option indices in each button's data (toggling a mark
is the next press's mask), within Telegram's 64 bytes; options are worded by kind, players by name."""

from __future__ import annotations

from engine.core import api, rulings
from engine.core.state import GameState
from tgbot.ui import questions
from tgbot.ui.callbacks import Answer

ROLES = ["hero", "monk", "alien", "banker", "politician", "psychic", "masochist", "magician"]


def game() -> GameState:
    state = api.new_game("micromafik", [(f"Игрок {i}", r) for i, r in enumerate(ROLES)], seed=5)
    api.deck_auto_all(state)
    return state


def pressed(markup: dict) -> list[tuple[str, Answer]]:
    return [(b["text"], Answer.unpack(b["callback_data"])) for row in markup["inline_keyboard"] for b in row]


def test_a_question_of_one_option_answers_on_a_press_and_words_its_options_by_kind() -> None:
    state = game()
    question = rulings.ask(state, "msg-0-1-abcdef12", "card_message", ["deliver", "withhold"], "withhold", to=3)
    buttons = pressed(questions.question_markup(state, question, "ru", game_id=7))
    assert [(text, cb.i) for text, cb in buttons] == [("Доставить", 0), ("Не доставлять", 1)], "no «Готово»"
    assert {(cb.g, cb.p, cb.k, cb.m) for _t, cb in buttons} == {(7, state.phase, question.key, 0)}
    api.answer(state, 3, question.key, ["deliver"])
    marked = pressed(questions.question_markup(state, question, "ru", game_id=7))
    assert [text for text, _cb in marked] == ["✅ Доставить", "Не доставлять"], "the answer given is marked"


def test_marks_of_a_pick_of_several_travel_as_a_bitmask_in_the_buttons() -> None:
    state = game()
    others = [p.pid for p in state.players if p.pid != 0]
    question = rulings.ask(state, "rsvp", "card_message", others, others[:3], to=0, count=3, among="players")
    marked = questions.mask_of(question, [others[1], others[4]])
    buttons = pressed(questions.question_markup(state, question, "en", game_id=1, mask=marked))
    names = [state.player(pid).name for pid in others]
    assert [text for text, _cb in buttons] == [names[0], "✅ " + names[1], *names[2:4], "✅ " + names[4],
                                               *names[5:], "✔️ Done"]
    assert all(cb.m == marked for _t, cb in buttons) and buttons[-1][1].i == -1
    assert questions.picks_of(question, marked) == [others[1], others[4]]
    assert questions.picks_of(question, marked ^ 1 << 2) == [others[1], others[2], others[4]], "a toggle"


def test_a_button_of_a_long_key_and_many_marks_fits_telegrams_64_bytes() -> None:
    packed = Answer(g=999_999, p=99, k="msg-29-99999-abcdef12", m=(1 << 30) - 1, i=29).pack()
    assert len(packed.encode()) <= 64
