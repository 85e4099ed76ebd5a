"""The master's answers to the questions the rules leave to them: the buttons under a question in the
log group (tgbot/ui/decisions.py). Only the game's master (or an admin) may answer; a button of an
ended phase, a withdrawn order or an unknown question is answered with why, and changes nothing.
A valid answer is recorded (tgbot/services/decisions.py) and the question's message shows it."""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery, InlineKeyboardMarkup

from tgbot.i18n import t
from tgbot.routers.common import edit
from tgbot.services import decisions
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Decide
from tgbot.ui.decisions import as_event, option_label, question_markup, question_text


async def on_decide(query: CallbackQuery, callback_data: Decide, service: GameService, lang: str) -> None:
    cb = callback_data
    game = await service.game(cb.g)
    service.require_master(game, query.from_user.id)
    if (await service.state(cb.g)).phase != cb.p:
        raise ServiceError("stale")
    question = await decisions.rule(service, cb.g, user_id=query.from_user.id, key=cb.k, option=cb.o)
    state = await service.state(cb.g)
    game_lang = str(game["locale"])
    event = as_event(question)
    text = question_text(state, event, game_lang, game_id=cb.g, chosen=cb.o)
    markup = InlineKeyboardMarkup.model_validate(question_markup(event, game_lang, game_id=cb.g, chosen=cb.o))
    await edit(query, text, markup)
    with contextlib.suppress(TelegramBadRequest):
        await query.answer(t(lang, "decide.done", option=option_label(lang, question.kind, cb.o)))


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="decisions")
    router.callback_query.register(on_decide, Decide.filter())
    return router
