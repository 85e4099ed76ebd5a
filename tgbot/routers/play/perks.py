"""Микромафик's public roles that act from the panel without the card flow: the Бизнесмен's point, the
Крупье's swap of a Hand card, the Параноик's armour bought with points."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from engine.core import api
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import edit
from tgbot.routers.guard import NEED_GAME
from tgbot.routers.play.press import Pressed, back_row, submit_simple
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.flow_input import as_int
from tgbot.ui.panel import button, markup


async def instant_perk(query: CallbackQuery, callback_data: Act, service: GameService, lang: str,
                       gs: GameState) -> None:
    """An action of one press (declared with the screen "instant", e.g. the Бизнесмен's point): submitted
    as it is; the engine refuses it if it may not be taken now."""
    action = api.catalog(gs.ruleset).actions.get(callback_data.v)
    if action is None or action.screen != "instant":
        raise ServiceError("bad_button")
    await submit_simple(query, callback_data, service, lang, action.kind)


async def croupier_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    rows = [[button(gamedata.card_name(gs.ruleset, c.card, lang), cb.g, cb.p, Code.CROUPIER_SWAP, c.uid)]
            for c in gs.player(pid).hand]
    rows.append(back_row(cb, lang))
    await edit(query, t(lang, "ui.choose_croupier"), markup(rows))


async def croupier_swap(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    await submit_simple(query, callback_data, service, lang, "croupier_swap", card=as_int(callback_data.v))


async def paranoid_screen(query: CallbackQuery, callback_data: Act, lang: str, gs: GameState, pid: int) -> None:
    cb = callback_data
    points = gs.player(pid).points
    buttons = [button(str(n), cb.g, cb.p, Code.PARANOID_ARMOR, n) for n in range(1, points + 1)]
    rows = [buttons[i:i + 5] for i in range(0, len(buttons), 5)]
    rows.append(back_row(cb, lang))
    await edit(query, t(lang, "ui.choose_paranoid"), markup(rows))


async def paranoid_armor(query: CallbackQuery, callback_data: Act, service: GameService, lang: str) -> None:
    amount = as_int(callback_data.v)
    await submit_simple(query, callback_data, service, lang, "paranoid_armor", params={"amount": amount},
                        payment={"points": amount})


def make_router() -> Router:
    router = Router(name="play.perks")
    router.callback_query.register(instant_perk, Pressed(Code.PERK), flags=NEED_GAME)
    router.callback_query.register(croupier_screen, Pressed(Code.CROUPIER), flags=NEED_GAME)
    router.callback_query.register(croupier_swap, Pressed(Code.CROUPIER_SWAP), flags=NEED_GAME)
    router.callback_query.register(paranoid_screen, Pressed(Code.PARANOID), flags=NEED_GAME)
    router.callback_query.register(paranoid_armor, Pressed(Code.PARANOID_ARMOR), flags=NEED_GAME)
    return router
