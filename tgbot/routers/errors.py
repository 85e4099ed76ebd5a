"""The answer to a refused input, for every router (aiogram's `errors(ExceptionTypeFilter(…))`): a handler
raises the engine's `Refusal` or the bot's `ServiceError`, and the presser is told why in their language
(an alert on a button, a reply to a message); an old button (`Stale`) is answered "this phase is over", or
"you are dead" to a dead character of a running game. Nothing is changed by a refused input. A handler
keeps its own `except` only where it must redraw its screen with the refusal. Any other exception goes on
to the catch-all handler (tgbot/app.py), which logs it."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent

from engine.core.refusal import Refusal
from tgbot.i18n import t
from tgbot.routers.common import answer, explain
from tgbot.routers.guard import Stale
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService

log = logging.getLogger("tgbot")
ALERT_LIMIT = 200  # Telegram's limit for a callback answer's text


async def _tell(event: ErrorEvent, text: str) -> None:
    """An alert on the pressed button, or a reply to the message; a refusal that cannot be delivered
    (the press too old, the chat gone) is logged, never raised."""
    update = event.update
    try:
        if update.callback_query is not None:
            await answer(update.callback_query, text[:ALERT_LIMIT], show_alert=True)
        elif update.message is not None:
            await update.message.answer(text)
    except TelegramAPIError as exc:
        log.warning("could not deliver a refusal for update %s: %s", update.update_id, exc)


async def on_refusal(event: ErrorEvent, lang: str = "ru") -> None:
    assert isinstance(event.exception, Refusal | ServiceError)
    await _tell(event, explain(lang, event.exception))


async def on_stale(event: ErrorEvent, service: GameService, lang: str = "ru") -> None:
    assert isinstance(event.exception, Stale)
    query = event.update.callback_query
    dead = query is not None and await _is_dead(service, event.exception.game_id, query.from_user.id)
    await _tell(event, t(lang, "refusal.dead" if dead else "error.stale"))


async def _is_dead(service: GameService, game_id: int, user_id: int) -> bool:
    """Is this user's character dead (a running game's old button then says so, not just "too late")?"""
    try:
        pid = await service.seat_of(game_id, user_id)
        state = await service.state(game_id)
    except ServiceError:
        return False
    return state.status == "running" and not state.player(pid).alive


def answer_refusals(router: Router) -> Router:
    """Register the answers to refused inputs on `router` (an area's router)."""
    router.errors.register(on_stale, ExceptionTypeFilter(Stale))
    router.errors.register(on_refusal, ExceptionTypeFilter(Refusal, ServiceError))
    return router
