"""The day's communication in Мафик: a private message to a living character, and chat-room proposals
(the members chosen in private chat; each confirms publicly with the proposal's button on the day's
room board in the game's group, tgbot/ui/roomboard.py). The engine rules over both (`private_message`,
`room_propose`, `room_confirm`); the bot only asks and carries the words."""

from __future__ import annotations

import contextlib
from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from engine.core.refusal import Refusal
from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.routers.common import edit, explain
from tgbot.routers.filters import Magic
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.services.rooms import RoomService
from tgbot.ui.comms import Comms, Confirm, comms_button, private_left
from tgbot.ui.panel import button
from tgbot.ui.roomboard import number_of

TEXT_LIMIT = 4000  # the engine's limit for a private message


class CommsStates(StatesGroup):
    private_text = State()  # typing a private message


class Stale(Exception):
    """The button belongs to a phase (or game) that is over."""


def _back(game_id: int, phase: int, lang: str) -> list[InlineKeyboardButton]:
    return [button(t(lang, "btn.back"), game_id, phase, "panel")]


def _people(gs: GameState, pid: int, cb: Comms, action: str,
            chosen: list[int] | None = None) -> list[list[InlineKeyboardButton]]:
    """The living characters but the player, two a row (✅ on those chosen)."""
    buttons = [comms_button(("✅ " if p.pid in (chosen or []) else "") + p.name, cb.g, cb.p, action, p.pid)
               for p in gs.living() if p.pid != pid]
    return [buttons[i:i + 2] for i in range(0, len(buttons), 2)]


async def _context(cb: Comms | Confirm, user_id: int, service: GameService) -> tuple[dict[str, Any], GameState, int]:
    game = await service.game(cb.g)
    state = await service.state(cb.g)
    if state.phase != cb.p or game["status"] != "running":
        raise Stale
    pid = await service.seat_of(cb.g, user_id)
    return game, state, pid


# ---------------------------------------------------------------- private chat: the panel's row

async def on_comms(query: CallbackQuery, callback_data: Comms, service: GameService, rooms: RoomService,
                   state: FSMContext, lang: str) -> None:
    cb = callback_data
    try:
        game, gs, pid = await _context(cb, query.from_user.id, service)
        handler = ACTIONS.get(cb.a)
        if handler is None:
            raise ServiceError("bad_button")
        note = await handler(query, cb, service, rooms, state, lang, game, gs, pid)
    except Stale:  # an old panel's row is only "too late" (a refusal goes to the error handlers)
        await query.answer(t(lang, "error.stale"), show_alert=True)
        return
    with contextlib.suppress(TelegramBadRequest):
        await query.answer(note or None)


async def _private(query: CallbackQuery, cb: Comms, service: GameService, rooms: RoomService, fsm: FSMContext,
                   lang: str, game: dict[str, Any], gs: GameState, pid: int) -> str | None:
    """Whom to write to (the engine would refuse a message over the day's allowance: say so now)."""
    if not gs.is_day:
        raise Refusal("wrong_phase", what="private_message", reason="day_only")
    if private_left(gs, pid) <= 0:
        raise Refusal("limit_reached", what="private_message")
    rows = _people(gs, pid, cb, "pmto")
    rows.append(_back(cb.g, cb.p, lang))
    await edit(query, t(lang, "comms.private_choose", n=private_left(gs, pid)), InlineKeyboardMarkup(inline_keyboard=rows))
    return None


async def _private_to(query: CallbackQuery, cb: Comms, service: GameService, rooms: RoomService, fsm: FSMContext,
                      lang: str, game: dict[str, Any], gs: GameState, pid: int) -> str | None:
    to = int(cb.v) if cb.v.isdigit() else -1
    if not 0 <= to < len(gs.players) or to == pid:
        raise Refusal("invalid_target", target=to, reason="no_such_player" if to != pid else "self")
    if not gs.player(to).alive:
        raise Refusal("invalid_target", target=to, reason="dead")
    await fsm.set_state(CommsStates.private_text)
    await fsm.update_data(private={"game": cb.g, "phase": cb.p, "to": to})
    await edit(query, t(lang, "comms.private_type", to=escape(gs.player(to).name)),
               InlineKeyboardMarkup(inline_keyboard=[[button(t(lang, "btn.cancel"), cb.g, cb.p, "panel")]]))
    return None


async def private_text(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    """The private message's text: sent at once (the engine tells the recipient and the master)."""
    data = (await state.get_data()).get("private")
    if not data or message.from_user is None:
        await state.set_state(None)
        return
    game_id, phase, to = int(data["game"]), int(data["phase"]), int(data["to"])
    text = (message.text or "").strip()
    back = InlineKeyboardMarkup(inline_keyboard=[_back(game_id, phase, lang)])
    try:
        gs = await service.state(game_id)
        if gs.phase != phase:
            raise Stale
        if len(text) > TEXT_LIMIT:  # ask again: nothing was spent
            await message.answer(t(lang, "comms.private_too_long", limit=TEXT_LIMIT))
            return
        await service.act(game_id, user_id=message.from_user.id, action="private_message",
                          params={"to": to, "text": text})
    except Stale:
        await state.set_state(None)
        await message.answer(t(lang, "error.stale"))
        return
    except (Refusal, ServiceError) as error:
        await state.set_state(None)
        await message.answer(explain(lang, error), reply_markup=back)
        return
    await state.set_state(None)
    await state.update_data(private=None)
    gs = await service.state(game_id)
    pid = await service.seat_of(game_id, message.from_user.id)
    await message.answer(t(lang, "comms.private_sent", to=escape(gs.player(to).name), n=max(0, private_left(gs, pid))),
                         parse_mode="HTML", reply_markup=back)


async def _room(query: CallbackQuery, cb: Comms, service: GameService, rooms: RoomService, fsm: FSMContext,
                lang: str, game: dict[str, Any], gs: GameState, pid: int) -> str | None:
    """Choose the room's members (toggles), then propose."""
    if not gs.is_day:
        raise Refusal("wrong_phase", what="room", reason="day_only")
    chosen: list[int] = []
    if cb.a == "rt":
        data = (await fsm.get_data()).get("room_pick") or {}
        if data.get("game") == cb.g and data.get("phase") == cb.p:
            chosen = [int(p) for p in data.get("members", [])]
        target = int(cb.v) if cb.v.isdigit() else -1
        if not any(p.pid == target for p in gs.living() if p.pid != pid):
            raise ServiceError("bad_button")
        chosen = [p for p in chosen if p != target] if target in chosen else [*chosen, target]
    await fsm.update_data(room_pick={"game": cb.g, "phase": cb.p, "members": chosen})
    rows = _people(gs, pid, cb, "rt", chosen)
    if chosen:
        rows.append([comms_button(t(lang, "comms.btn_propose"), cb.g, cb.p, "rok")])
    rows.append(_back(cb.g, cb.p, lang))
    names = ", ".join(escape(gs.player(p).name) for p in [pid, *chosen])
    await edit(query, t(lang, "comms.room_choose", names=names), InlineKeyboardMarkup(inline_keyboard=rows))
    return None


async def _room_propose(query: CallbackQuery, cb: Comms, service: GameService, rooms: RoomService, fsm: FSMContext,
                        lang: str, game: dict[str, Any], gs: GameState, pid: int) -> str | None:
    data = (await fsm.get_data()).get("room_pick") or {}
    if data.get("game") != cb.g or data.get("phase") != cb.p or not data.get("members"):
        raise Stale
    members = [int(p) for p in data["members"]]
    before = {e.eid for e in gs.effects if e.kind == "room_request"}
    try:
        gs = await service.act(cb.g, user_id=query.from_user.id, action="room_propose", params={"members": members})
    except Refusal as refusal:
        barred = refusal.params.get("pid")
        if refusal.code == "not_allowed" and refusal.params.get("reason") == "barred" and isinstance(barred, int):
            raise ServiceError("room_barred", name=gs.player(barred).name) from None
        raise
    new = [e.eid for e in gs.effects if e.kind == "room_request" and e.eid not in before and e.source == pid]
    await fsm.update_data(room_pick=None)
    number = number_of(gs, new[-1]) if new else None
    names = ", ".join(escape(gs.player(p).name) for p in sorted({pid, *members}))
    await edit(query, t(lang, "comms.room_proposed", names=names, number=number or "?"),
               InlineKeyboardMarkup(inline_keyboard=[_back(cb.g, cb.p, lang)]))
    return t(lang, "comms.room_proposed_short")


ACTIONS = {"pm": _private, "pmto": _private_to, "room": _room, "rt": _room, "rok": _room_propose}


# ---------------------------------------------------------------- the public group: the room board's buttons

async def on_confirm(query: CallbackQuery, callback_data: Confirm, service: GameService, lang: str) -> None:
    """Only the proposal's members may confirm; anyone else is told why not."""
    cb = callback_data
    try:
        _game, gs, pid = await _context(cb, query.from_user.id, service)
    except Stale:
        await query.answer(t(lang, "rooms.confirm_over"), show_alert=True)
        return
    except ServiceError as error:
        text = t(lang, "rooms.confirm_not_player") if error.code == "not_player" else explain(lang, error)
        await query.answer(text[:200], show_alert=True)
        return
    request = next((e for e in gs.effects if e.kind == "room_request" and e.eid == cb.r), None)
    if request is None:
        await query.answer(t(lang, "rooms.confirm_over"), show_alert=True)
        return
    members = [int(m) for m in request.params["members"]]
    if pid not in members:
        names = ", ".join(gs.player(m).name for m in members)
        await query.answer(t(lang, "rooms.confirm_not_member", names=names)[:200], show_alert=True)
        return
    if pid in request.params["confirmed"]:
        await query.answer(t(lang, "rooms.confirm_already"), show_alert=True)
        return
    await service.act(cb.g, user_id=query.from_user.id, action="room_confirm", params={"room": cb.r})
    await query.answer(t(lang, "rooms.confirm_done"))


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="comms")
    router.callback_query.register(on_comms, Comms.filter(), Magic(F.message.chat.type == "private"))
    router.callback_query.register(on_confirm, Confirm.filter())
    router.message.register(private_text, StateFilter(CommsStates.private_text), Magic(F.chat.type == "private"),
                            Magic(F.text), Magic(~F.text.startswith("/")))
    return router
