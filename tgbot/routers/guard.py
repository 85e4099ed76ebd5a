"""A press on a game's button, checked once before its handler (the flags pattern of MasterGroosha's
bombsweeper bot): a handler registered with `flags=NEED_GAME` gets the game, its engine state and the
presser's seat as `game`, `gs` and `pid`; a press of a phase that is over, or of a finished game, is
turned away with `Stale` (answered by the routers' error handlers, tgbot/routers/errors.py), and a
press by someone who is not in the game with the service's refusal."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.dispatcher.flags import get_flag
from aiogram.types import CallbackQuery, TelegramObject

from engine.core.state import GameState
from tgbot.routers.common import answer_once
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act

NEED_GAME = {"need_game": True}


class Stale(Exception):
    """The button belongs to a phase (or game) that is over."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


async def context(user_id: int, cb: Act, service: GameService) -> tuple[dict[str, Any], GameState, int]:
    """The game of the press, its state and the presser's seat; `Stale` unless the press's phase is the
    game's current one and the game is still on."""
    game = await service.game(cb.g)
    pid = await service.seat_of(cb.g, user_id)
    state = await service.state(cb.g)
    if state.phase != cb.p or game["status"] not in ("setup", "running"):
        raise Stale(cb.g)
    return game, state, pid


class LoadGame(BaseMiddleware):
    """An inner middleware: for a handler flagged `need_game`, load (game, gs, pid) of its `Act` once, and
    stop the button's spinner after the handler unless it answered the press itself."""

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        if not get_flag(data, "need_game") or not isinstance(event, CallbackQuery):
            return await handler(event, data)
        data["game"], data["gs"], data["pid"] = await context(event.from_user.id, data["callback_data"],
                                                             data["service"])
        result = await handler(event, data)
        await answer_once(event)
        return result
