"""Deck building in private chat: the law's draft picks and the mafia's builder."""

from __future__ import annotations

from typing import Any

from aiogram import F, Router
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery

from engine.core.refusal import Refusal
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import edit, explain
from tgbot.routers.play import DECK_ACTIONS, Stale, context
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act
from tgbot.ui.deck import builder_panel, deck_panel


async def on_deck(query: CallbackQuery, callback_data: Act, service: GameService, state: FSMContext,
                  lang: str) -> None:
    cb = callback_data
    try:
        game, gs, pid = await context(query, cb, service)
        if gs.status != "setup":
            raise Stale
        if cb.a == "pick":
            gs = await service.deck_pick(cb.g, user_id=query.from_user.id, card=cb.v)
            text, keyboard = deck_panel(game, gs, pid, lang)
            await edit(query, text, keyboard)
            await query.answer(gamedata.card_name(gs.ruleset, cb.v, lang))
            return
        await _builder(query, cb, service, state, lang, game, pid)
    except Stale:
        await query.answer(t(lang, "error.stale"), show_alert=True)
    except (Refusal, ServiceError) as error:
        await query.answer(explain(lang, error)[:200], show_alert=True)


async def _builder(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   game: dict[str, Any], pid: int) -> None:
    key = f"deck:{cb.g}"
    data = await fsm.get_data()
    draft: dict[str, Any] = data.get(key) or {"cards": [], "colour": None}
    gs = await service.state(cb.g)
    problem = None
    if cb.a == "bcol":
        draft["colour"] = cb.v
    elif cb.a == "badd":
        if cb.v not in gamedata.card_ids(gs.ruleset):
            raise ServiceError("bad_button")
        if draft["cards"].count(cb.v) >= int(gs.settings["max_copies"]):
            problem = t(lang, "reason.too_many_copies", max=gs.settings["max_copies"])
        else:
            draft["cards"].append(cb.v)
    elif cb.a == "bdel":
        if cb.v in draft["cards"]:
            draft["cards"].remove(cb.v)
    elif cb.a == "btext":
        await query.answer(gamedata.card_text(gs.ruleset, cb.v, lang)[:200], show_alert=True)
        return
    elif cb.a in ("bsave", "bauto"):
        if cb.a == "bauto":
            from engine.core.ruleset import get_ruleset

            trial = gs.model_copy(deep=True)
            get_ruleset(gs.ruleset).deck_auto(trial, pid)
            draft["cards"] = list(trial.player(pid).deck_choice)
        try:
            gs = await service.deck_build(cb.g, user_id=query.from_user.id, cards=list(draft["cards"]))
        except Refusal as refusal:
            problem = explain(lang, refusal)
        else:
            await fsm.update_data({key: None})
            text, keyboard = deck_panel(game, gs, pid, lang)
            await edit(query, text, keyboard)
            await query.answer(t(lang, "deck.saved"))
            return
    await fsm.update_data({key: draft})
    text, keyboard = builder_panel(game, gs, pid, lang, draft["cards"], draft["colour"], problem)
    await edit(query, text, keyboard)
    await query.answer()


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="deck")
    router.callback_query.filter(F.message.chat.type == "private")
    router.callback_query.register(on_deck, Act.filter(F.a.in_(DECK_ACTIONS)))
    return router
