"""Deck building in private chat, as the engine describes it (`api.deck_rules`): draft picks and the
builder of a small collection (Микромафик); the builder of a large one for the first deck and for every
new deck (the deck ran out, or a card allows one), with search by typed name (Мафик)."""

from __future__ import annotations

import contextlib
from typing import Any

from aiogram import F, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, Message

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import edit, explain
from tgbot.routers.filters import Magic
from tgbot.routers.guard import Stale, context
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.states import DeckStates
from tgbot.ui import deck as ui
from tgbot.ui.callbacks import Act
from tgbot.ui.deck import builder_panel, deck_panel

DECK_ACTIONS = {"pick", "bcol", "badd", "bdel", "btext", "bsave", "bauto"}  # the draft and both builders
# The large collection's builder: a card's text, a page, the screen and toggle of the cards dealt first,
# back, clear, open the builder for a new deck, repeat the first deck.
COLLECTION_ACTIONS = {"bcard", "bpg", "beng", "btog", "bback", "bclr", "rb", "bre"}
ACTIONS = DECK_ACTIONS | COLLECTION_ACTIONS


def _key(game_id: int) -> str:
    return f"deck:{game_id}"


async def on_deck(query: CallbackQuery, callback_data: Act, service: GameService, state: FSMContext,
                  lang: str) -> None:
    cb = callback_data
    try:
        game, gs, pid = await context(query.from_user.id, cb, service)
        if api.deck_rules(gs, pid).layout == "collection":
            await _collection(query, cb, service, state, lang, game, gs, pid)
            return
        if gs.status != "setup":
            raise Stale(cb.g)
        if cb.a == "pick":
            gs = await service.deck_pick(cb.g, user_id=query.from_user.id, card=cb.v)
            text, keyboard = deck_panel(game, gs, pid, lang)
            await edit(query, text, keyboard)
            await query.answer(gamedata.card_name(gs.ruleset, cb.v, lang))
            return
        await _builder(query, cb, service, state, lang, game, pid)
    except Stale:  # a deck's old button is only "too late" (a refusal goes to the error handlers)
        await query.answer(t(lang, "error.stale"), show_alert=True)


async def _builder(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                   game: dict[str, Any], pid: int) -> None:
    """The builder of a small collection."""
    key = _key(cb.g)
    data = await fsm.get_data()
    draft: dict[str, Any] = data.get(key) or {"cards": [], "colour": None}
    gs = await service.state(cb.g)
    problem = None
    if cb.a == "bcol":
        draft["colour"] = cb.v
    elif cb.a == "badd":
        if cb.v not in api.deck_rules(gs, pid).pool:
            raise ServiceError("bad_button")
        reason = ui.add_problem(gs, pid, draft["cards"], cb.v)
        if reason is None:
            draft["cards"].append(cb.v)
        else:
            problem = ui.reason_text(lang, gs.ruleset, reason)
    elif cb.a == "bdel":
        if cb.v in draft["cards"]:
            draft["cards"].remove(cb.v)
    elif cb.a == "btext":
        await query.answer(gamedata.card_text(gs.ruleset, cb.v, lang)[:200], show_alert=True)
        return
    elif cb.a in ("bsave", "bauto"):
        if cb.a == "bauto":
            trial = gs.model_copy(deep=True)
            api.deck_auto(trial, pid)
            draft["cards"] = list(trial.player(pid).deck_choice)
        try:
            gs = await service.deck_build(cb.g, user_id=query.from_user.id, cards=list(draft["cards"]))
        except Refusal as refusal:
            problem = explain(lang, refusal, ruleset=gs.ruleset)
        else:
            await fsm.update_data({key: None})
            text, keyboard = deck_panel(game, gs, pid, lang)
            await edit(query, text, keyboard)
            await query.answer(t(lang, "deck.saved"))
            return
    else:
        raise ServiceError("bad_button")
    await fsm.update_data({key: draft})
    text, keyboard = builder_panel(game, gs, pid, lang, draft["cards"], draft["colour"], problem)
    await edit(query, text, keyboard)
    await query.answer()


# ---------------------------------------------------------------- the large collection

async def _load_draft(fsm: FSMContext, game_id: int, mode: str) -> dict[str, Any]:
    data = await fsm.get_data()
    draft = data.get(_key(game_id))
    if not isinstance(draft, dict) or draft.get("mode") != mode:
        draft = ui.new_draft(mode)
    return draft


async def _collection(query: CallbackQuery, cb: Act, service: GameService, fsm: FSMContext, lang: str,
                      game: dict[str, Any], gs: GameState, pid: int) -> None:
    rules = api.deck_rules(gs, pid)
    if gs.status == "setup":
        if rules.kind is None:
            text, keyboard = deck_panel(game, gs, pid, lang)
            await edit(query, text, keyboard)
            await query.answer(t(lang, "deck.done"))
            return
        if cb.a in ("rb", "bre"):
            raise ServiceError("bad_button")
        mode = "first"
    elif rules.rebuild:
        mode = "rebuild"
        if cb.a == "bauto":
            raise ServiceError("bad_button")
    else:
        raise Refusal("not_allowed", what="rebuild_deck", reason="deck_not_empty")
    draft = await _load_draft(fsm, cb.g, mode)
    problem: str | None = None
    note: str | None = None
    card = cb.v
    if cb.a in ("badd", "bdel", "bcard", "btog") and card not in rules.pool:
        raise ServiceError("bad_button")
    if cb.a == "rb":
        draft["view"] = "list"
    elif cb.a == "bcol":
        if card != ui.SEARCH and card not in rules.colours:
            raise ServiceError("bad_button")
        draft.update(tab=card, page=0, view="list")
    elif cb.a == "bpg":
        draft.update(page=int(card) if card.isdigit() else 0, view="list")
    elif cb.a == "badd":
        reason = ui.add_problem(gs, pid, draft["cards"], card)
        if reason is None:
            draft["cards"].append(card)
            note = "+ " + gamedata.card_name(gs.ruleset, card, lang)
        else:
            problem = ui.deck_reason(lang, gs.ruleset, reason)
    elif cb.a == "bdel":
        if card in draft["cards"]:
            draft["cards"].remove(card)
            note = "− " + gamedata.card_name(gs.ruleset, card, lang)
            while draft["eng"].count(card) > draft["cards"].count(card):
                draft["eng"].remove(card)
    elif cb.a == "bcard":
        draft.update(view="card", card=card)
    elif cb.a == "bback":
        draft["view"] = "list"
    elif cb.a == "beng":
        draft["view"] = "eng"
    elif cb.a == "btog":
        if card in draft["eng"]:
            draft["eng"].remove(card)
        elif card not in draft["cards"]:
            raise ServiceError("bad_button")
        elif draft["mode"] == "rebuild" and len(draft["eng"]) >= rules.free_picks:
            problem = ui.deck_reason(lang, gs.ruleset, {"reason": "free_picks"})
        elif draft["mode"] != "rebuild" and len(draft["eng"]) >= rules.first_cards:
            problem = ui.deck_reason(lang, gs.ruleset, {"reason": "engineer_two"})
        else:
            draft["eng"].append(card)
    elif cb.a == "bclr":
        draft.update(cards=[], eng=[])
    elif cb.a == "bre":
        draft.update(cards=[c for c in gs.player(pid).deck_choice if c in rules.pool], view="list")
    elif cb.a in ("bsave", "bauto"):
        if cb.a == "bauto":
            trial = gs.model_copy(deep=True)
            api.deck_auto(trial, pid)
            draft.update(cards=list(trial.player(pid).deck_choice), eng=[])
        problem = await _save(query, service, fsm, lang, game, gs, pid, draft)
        if problem is None:
            return
    else:
        raise ServiceError("bad_button")
    await fsm.set_state(DeckStates.building)
    await fsm.update_data({_key(cb.g): draft, "deck_game": cb.g})
    text, keyboard = ui.collection_builder(game, gs, pid, lang, draft, problem)
    await edit(query, text, keyboard)
    with contextlib.suppress(TelegramBadRequest):
        if problem:
            await query.answer(problem[:200], show_alert=True)
        else:
            await query.answer(note or None)


async def _save(query: CallbackQuery, service: GameService, fsm: FSMContext, lang: str, game: dict[str, Any],
                gs: GameState, pid: int, draft: dict[str, Any]) -> str | None:
    """Save the selection (the first deck, or a new deck); the reason it was refused, or None."""
    cards = list(draft["cards"])
    invalid = api.deck_problem(gs, pid, cards)
    if invalid is not None:
        return ui.deck_reason(lang, gs.ruleset, invalid.params)
    rules = api.deck_rules(gs, pid)
    game_id, user_id = int(game["id"]), query.from_user.id
    try:
        if draft["mode"] == "rebuild":
            free = {"free": list(draft["eng"])} if rules.free_picks and draft["eng"] else {}  # Кейкаку
            gs = await service.act(game_id, user_id=user_id, action="rebuild_deck", params={"cards": cards, **free})
        else:
            if rules.first_cards and rules.first_cards_action and draft["eng"]:
                if len(draft["eng"]) != rules.first_cards:
                    return ui.deck_reason(lang, gs.ruleset, {"reason": "engineer_two"})
                await service.act(game_id, user_id=user_id, action=rules.first_cards_action,
                                  params={"cards": list(draft["eng"])})
            gs = await service.deck_build(game_id, user_id=user_id, cards=cards)
    except Refusal as refusal:
        if refusal.code == "deck_invalid":
            return ui.deck_reason(lang, gs.ruleset, refusal.params)
        return explain(lang, refusal)
    await fsm.update_data({_key(game_id): None})
    if await fsm.get_state() == DeckStates.building.state:
        await fsm.set_state(None)
    if draft["mode"] == "rebuild":
        from tgbot.ui.panel import button, markup

        number = gs.player(pid).flags.get("decks_built", 2)
        text = t(lang, "deck.m_rebuilt", number=number, cards=ui.card_counts(gs.ruleset, cards, lang))
        await edit(query, text, markup([[button(t(lang, "btn.back"), game_id, gs.phase, "panel")]]))
    else:
        text, keyboard = deck_panel(game, gs, pid, lang)
        await edit(query, text, keyboard)
    with contextlib.suppress(TelegramBadRequest):
        await query.answer(t(lang, "deck.saved"))
    return None


async def search(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    """Text typed while building from a large collection: part of a card's name (or a look-up sent back from inline
    mode, whose first line is the card's name)."""
    user = message.from_user
    if user is None or not message.text:
        raise SkipHandler
    found = await _building_game(service, state, user.id)
    if found is None:
        raise SkipHandler
    game, gs, pid, mode = found
    query = message.text.strip().split("\n", 1)[0].strip()[:64]
    draft = await _load_draft(state, int(game["id"]), mode)
    pool = api.deck_rules(gs, pid).pool
    hits = [c for c in gamedata.find_cards(gs.ruleset, query) if c in pool]
    draft.update(tab=ui.SEARCH, query=query, hits=hits, page=0, view="list")
    problem = None if hits else t(lang, "deck.m_nothing", query=query)
    if len(hits) == 1:
        draft.update(view="card", card=hits[0])
    await state.set_state(DeckStates.building)
    await state.update_data({_key(int(game["id"])): draft, "deck_game": int(game["id"])})
    text, keyboard = ui.collection_builder(game, gs, pid, lang, draft, problem)
    await message.answer(text, parse_mode="HTML", reply_markup=keyboard)


async def _building_game(service: GameService, fsm: FSMContext,
                         user_id: int) -> tuple[dict[str, Any], GameState, int, str] | None:
    """The game in which this user is building a deck from a large collection now (first deck, or a new one
    they opened)."""
    data = await fsm.get_data()
    in_builder = await fsm.get_state() == DeckStates.building.state
    for game in await service.repo.games_of_user(user_id):
        if game["status"] not in ("setup", "running"):
            continue
        try:
            pid = await service.seat_of(int(game["id"]), user_id)
            gs = await service.state(int(game["id"]))
        except ServiceError:
            continue
        rules = api.deck_rules(gs, pid)
        if rules.layout != "collection" or rules.kind is None:
            continue
        if not rules.rebuild:
            return game, gs, pid, "first"
        if in_builder and data.get("deck_game") == game["id"]:
            return game, gs, pid, "rebuild"
    return None


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="deck")
    router.callback_query.filter(Magic(F.message.chat.type == "private"))
    router.callback_query.register(on_deck, Act.filter(F.a.in_(ACTIONS)))
    router.message.register(search, Magic(F.chat.type == "private"), Magic(F.text), Magic(~F.text.startswith("/")),
                            StateFilter(None, DeckStates.building))
    return router
