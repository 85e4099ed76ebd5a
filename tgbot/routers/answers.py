"""A player's answers to the questions the rules ask them: the buttons under a question in their private
chat (tgbot/ui/questions.py). With count 1 a press answers; with more, a press toggles its option on the
message (nothing is recorded) and «Готово» answers with the marked ones. Only the asked player may answer
while the question's phase runs: a stale, foreign or forged press is refused by the engine's checks
(api.check_answer) and answered by the error handlers (tgbot/routers/errors.py), changing nothing."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import CallbackQuery, InlineKeyboardMarkup

from engine.core import api
from tgbot.i18n import t
from tgbot.routers.common import answer, edit
from tgbot.routers.filters import Magic
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.ui import questions
from tgbot.ui.callbacks import Answer


async def on_answer(query: CallbackQuery, callback_data: Answer, service: GameService, lang: str) -> None:
    cb = callback_data
    game = await service.game(cb.g)
    pid = await service.seat_of(cb.g, query.from_user.id)
    question = api.check_answer(await service.state(cb.g), pid, cb.k)
    if question.phase != cb.p or not 0 <= cb.m < 1 << len(question.options) \
            or not -1 <= cb.i < len(question.options) or (cb.i == -1 and question.count == 1):
        raise ServiceError("bad_button")
    if question.count > 1 and cb.i >= 0:  # a mark, shown on the message only
        state = await service.state(cb.g)
        mask = cb.m ^ 1 << cb.i
        markup = questions.question_markup(state, question, lang, game_id=cb.g, mask=mask)
        await edit(query, questions.question_text(state, question, lang, game_id=cb.g),
                   InlineKeyboardMarkup.model_validate(markup))
        await answer(query, t(lang, "answer.marked", n=bin(mask).count("1"), count=question.count))
        return
    picks = [question.options[cb.i]] if cb.i >= 0 else questions.picks_of(question, cb.m)
    state = await service.answer(cb.g, user_id=query.from_user.id, key=cb.k, picks=picks)
    question = state.questions[cb.k]
    markup = questions.question_markup(state, question, lang, game_id=cb.g)
    await edit(query, questions.question_text(state, question, lang, game_id=int(game["id"])),
               InlineKeyboardMarkup.model_validate(markup))
    named = ", ".join(questions.option_label(state, question, question.options.index(p), lang) for p in picks)
    await answer(query, t(lang, "answer.done", option=named))


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="answers")
    router.callback_query.register(on_answer, Magic(F.message.chat.type == "private"), Answer.filter())
    return router
