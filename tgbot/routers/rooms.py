"""Chat rooms in Telegram: the pool of spare groups (`/pool`), join requests to a room's group, the
copy of a room's messages to the master's log, and relayed rooms in private chat (`/room`, the way out).
"""

from __future__ import annotations

import contextlib
from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.enums import ContentType
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, ChatJoinRequest, InlineKeyboardMarkup, Message

from tgbot.i18n import t
from tgbot.routers.common import explain
from tgbot.routers.filters import Magic
from tgbot.services.errors import ServiceError
from tgbot.services.rooms import RoomService
from tgbot.ui.comms import RoomAct, relay_markup

# What a room's member may post that is worth a line in the master's log (service messages are not).
CONTENT = {ContentType.TEXT, ContentType.PHOTO, ContentType.VIDEO, ContentType.DOCUMENT, ContentType.STICKER,
           ContentType.VOICE, ContentType.AUDIO, ContentType.ANIMATION, ContentType.VIDEO_NOTE, ContentType.POLL,
           ContentType.LOCATION, ContentType.CONTACT, ContentType.DICE}
# The master's commands (groups only): in private chat they get an explanation, not silence.
MASTER_COMMANDS = ("pool", "pause", "resume", "replace", "modkill", "report", "silent", "prod", "state")


# ---------------------------------------------------------------- the pool

async def pool(message: Message, command: CommandObject, rooms: RoomService, lang: str) -> None:
    """/pool add (in a spare group), /pool remove (in it), /pool (the list)."""
    assert message.from_user is not None
    arg = (command.args or "").strip().lower()
    try:
        if arg == "add":
            free = await rooms.pool_add(chat_id=message.chat.id, title=message.chat.title or "",
                                        user_id=message.from_user.id)
            await message.answer(t(lang, "pool.added", free=free))
        elif arg == "remove":
            await rooms.pool_remove(chat_id=message.chat.id, user_id=message.from_user.id)
            await message.answer(t(lang, "pool.removed"))
        elif arg == "":
            chats = await rooms.pool()
            lines = [t(lang, "pool.list", total=len(chats), free=sum(1 for c in chats if not c["busy"]))]
            lines += [f"{'🔒' if c['busy'] else '🟢'} {escape(c['title'] or str(c['chat_id']))}" for c in chats]
            await message.answer("\n".join(lines), parse_mode="HTML")
        else:
            await message.answer(t(lang, "pool.usage"))
    except ServiceError as error:
        if error.code == "pool_rights":
            missing = str(error.params.get("missing", "")).split(", ")
            error = ServiceError("pool_rights", missing=", ".join(t(lang, f"pool.right_{m}") for m in missing))
        await message.answer(explain(lang, error))


async def join_request(request: ChatJoinRequest, rooms: RoomService) -> None:
    """Only the room's living members get in; everyone else is declined."""
    try:
        await rooms.join_request(request.chat.id, request.from_user.id)
    except TelegramBadRequest:  # the request is gone (answered already, or withdrawn)
        return


async def room_message(message: Message, rooms: RoomService) -> None:
    """A message in a room's group: its copy goes to the master's log."""
    if message.chat.type == "private" or message.content_type not in CONTENT or message.from_user is None:
        raise SkipHandler
    text = message.text or message.caption or f"[{message.content_type}]"
    if text.startswith("/"):
        raise SkipHandler
    copied = await rooms.copy_to_log(message.chat.id, user_id=message.from_user.id,
                                     fallback_name=message.from_user.full_name, message_id=message.message_id, text=text)
    if copied:
        return
    # A game's public group: a rule set that counts posts hears of it («сухари»); a post by a character the
    # rules silence now is reported to the master.
    await rooms.note_public_post(message.chat.id, user_id=message.from_user.id)
    reported = await rooms.report_muted_post(message.chat.id, user_id=message.from_user.id,
                                             message_id=message.message_id, text=text)
    if not reported:
        raise SkipHandler


# ---------------------------------------------------------------- relayed rooms

async def _current(rooms: RoomService, state: FSMContext,
                   user_id: int) -> tuple[list[tuple[dict[str, Any], int]], tuple[dict[str, Any], int] | None]:
    """The user's relayed rooms, and the one their messages go to (the only one, or the one chosen)."""
    mine = await rooms.relay_rooms(user_id)
    if len(mine) == 1:
        return mine, mine[0]
    chosen = (await state.get_data()).get("relay_room")
    return mine, next((r for r in mine if r[0]["id"] == chosen), None)


async def relay_text(message: Message, rooms: RoomService, state: FSMContext, lang: str) -> None:
    """Text in private chat (no question pending) from a member of a relayed room goes to the room."""
    if message.from_user is None or not message.text:
        raise SkipHandler
    mine, current = await _current(rooms, state, message.from_user.id)
    if not mine:
        raise SkipHandler
    if current is None:
        await message.answer(t(lang, "rooms.relay_choose"))
        await show_rooms(message, rooms, state, lang)
        return
    room, pid = current
    await rooms.relay(room, pid, message_id=message.message_id, text=message.text)


async def show_rooms(message: Message, rooms: RoomService, state: FSMContext, lang: str) -> None:
    """/room: the relayed rooms you are in, how to talk there and the way out."""
    if message.from_user is None:
        return
    mine, current = await _current(rooms, state, message.from_user.id)
    if not mine:
        await message.answer(t(lang, "rooms.none"))
        return
    for room, _pid in mine:
        names = await _names(rooms, room)
        mark = t(lang, "rooms.current") if current is not None and current[0]["id"] == room["id"] else ""
        await message.answer(t(lang, "rooms.state", number=room["number"], names=escape(names)) + mark, parse_mode="HTML",
                             reply_markup=InlineKeyboardMarkup.model_validate(
                                 relay_markup(int(room["id"]), lang, choose=len(mine) > 1)))


async def _names(rooms: RoomService, room: dict[str, Any]) -> str:
    state = await rooms.repo.load_state(int(room["game_id"]))
    if state is None:
        return ""
    return ", ".join(state.player(p).name for p in room["members"] if p not in room["left"])


async def leave_command(message: Message, rooms: RoomService, state: FSMContext, lang: str) -> None:
    """/leave_room: out of the relayed room (if you are in several, choose with the buttons)."""
    if message.from_user is None:
        return
    mine, current = await _current(rooms, state, message.from_user.id)
    if not mine:
        await message.answer(t(lang, "rooms.none"))
        return
    if current is None:
        await show_rooms(message, rooms, state, lang)
        return
    room = await rooms.leave_relay(int(current[0]["id"]), message.from_user.id)
    await message.answer(t(lang, "rooms.you_left", number=room["number"]))


async def on_room_button(query: CallbackQuery, callback_data: RoomAct, rooms: RoomService, state: FSMContext,
                         lang: str) -> None:
    cb = callback_data
    if cb.a == "leave":
        room = await rooms.leave_relay(cb.r, query.from_user.id)
        if isinstance(query.message, Message):
            with contextlib.suppress(TelegramBadRequest):
                await query.message.edit_reply_markup(reply_markup=None)
        await query.answer(t(lang, "rooms.you_left", number=room["number"]), show_alert=True)
        return
    if cb.a == "use":
        mine = await rooms.relay_rooms(query.from_user.id)
        found = [r for r, _pid in mine if r["id"] == cb.r]
        if not found:
            await query.answer(explain(lang, ServiceError("room_over")), show_alert=True)
            return
        await state.update_data(relay_room=cb.r)
        await query.answer(t(lang, "rooms.using", number=found[0]["number"]))
        return
    await query.answer(explain(lang, ServiceError("bad_button")), show_alert=True)


async def group_only(message: Message, lang: str) -> None:
    await message.answer(t(lang, "general.group_only"))


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="rooms")
    groups = Magic(F.chat.type.in_({"group", "supergroup"}))
    router.message.register(pool, Command("pool"), groups)
    router.chat_join_request.register(join_request)
    router.message.register(room_message, groups)
    private = Magic(F.chat.type == "private")
    router.message.register(group_only, Command(*MASTER_COMMANDS), private)
    router.message.register(show_rooms, Command("room"), private)
    router.message.register(leave_command, Command("leave_room"), private)
    router.message.register(relay_text, private, Magic(F.text), Magic(~F.text.startswith("/")), StateFilter(None))
    router.callback_query.register(on_room_button, RoomAct.filter())
    return router
