"""Sign-up in private chat: the deep link from the public group, the name, the public role."""

from __future__ import annotations

from html import escape

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from tgbot import gamedata
from tgbot.i18n import t
from tgbot.routers.common import edit, explain
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.services.signup import SignupBoard
from tgbot.states import SignupStates
from tgbot.ui.callbacks import Signup


async def start_join(message: Message, command: CommandObject, service: GameService, state: FSMContext,
                     lang: str) -> None:
    game_id = int((command.args or "").removeprefix("join_"))
    try:
        game = await service.game(game_id)
        if game["status"] != "signup":
            raise ServiceError("signup_closed")
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await state.set_state(SignupStates.name)
    await state.update_data(signup=game_id)
    await message.answer(t(lang, "signup.ask_name", game=game_id))


async def got_name(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    name = " ".join((message.text or "").split())
    if name.startswith("/") or not 1 <= len(name) <= 32:
        await message.answer(t(lang, "error.bad_name", max=32))
        return
    data = await state.get_data()
    game_id = int(data["signup"])
    try:
        game = await service.game(game_id)
        players = await service.repo.players(game_id)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    roles = service.free_roles(game, players)
    if not roles:
        await message.answer(t(lang, "error.game_full"))
        return
    await state.update_data(signup_name=name)
    await state.set_state(SignupStates.role)
    rows = [[InlineKeyboardButton(text=gamedata.role_name(game["ruleset"], r, lang),
                                  callback_data=Signup(g=game_id, role=r).pack())] for r in roles]
    lines = [t(lang, "signup.ask_role", name=escape(name))]
    lines += [f"• <b>{escape(gamedata.role_name(game['ruleset'], r, lang))}</b> — "
              f"{escape(gamedata.role_text(game['ruleset'], r, lang))}" for r in roles]
    await message.answer("\n".join(lines), parse_mode="HTML", reply_markup=InlineKeyboardMarkup(inline_keyboard=rows))


async def got_role(query: CallbackQuery, callback_data: Signup, service: GameService, state: FSMContext,
                   lang: str, board: SignupBoard) -> None:
    data = await state.get_data()
    name = data.get("signup_name")
    if data.get("signup") != callback_data.g or not name:
        await query.answer(t(lang, "error.stale"), show_alert=True)
        return
    try:
        await service.join(callback_data.g, user_id=query.from_user.id, name=str(name),
                           public_role=callback_data.role, locale=lang)
    except ServiceError as error:
        await query.answer(explain(lang, error)[:200], show_alert=True)
        return
    await state.clear()
    game = await service.game(callback_data.g)
    role = gamedata.role_name(game["ruleset"], callback_data.role, lang)
    await edit(query, t(lang, "signup.done", name=escape(str(name)), role=escape(role), game=callback_data.g)
               + "\n\n" + t(lang, f"rules.{game['ruleset']}"), None)
    await query.answer()
    await board.refresh(callback_data.g)


async def leave(message: Message, service: GameService, lang: str, board: SignupBoard) -> None:
    assert message.from_user is not None
    games = [g for g in await service.repo.games_of_user(message.from_user.id) if g["status"] == "signup"]
    if not games:
        await message.answer(t(lang, "error.not_player", game="—"))
        return
    game_id = int(games[0]["id"])
    try:
        await service.leave(game_id, user_id=message.from_user.id)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(lang, "signup.left", game=game_id))
    await board.refresh(game_id)


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="signup")
    router.message.filter(F.chat.type == "private")
    router.message.register(start_join, CommandStart(deep_link=True, magic=F.args.regexp(r"^join_(\d+)$")))
    router.message.register(got_name, SignupStates.name, F.text)
    router.callback_query.register(got_role, Signup.filter())
    router.message.register(leave, F.text.regexp(r"^/leave(@\w+)?(\s+\d+)?$"))
    return router
