"""Sign-up in private chat: the deep link from the public group, the name, the public role.

A short list of roles (Микромафик) is shown whole with every perk; a long one (Мафик's 41) in pages
of buttons, a role's perk on tap. "(Другой)" asks for the role's title, typed by the player.
The character's grammatical gender is guessed from the name; the confirmation asks when the name does not
tell, and always has two buttons to correct it."""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from tgbot import gamedata
from tgbot.gender import guess
from tgbot.i18n import t
from tgbot.routers.common import edit
from tgbot.routers.filters import Magic
from tgbot.services.errors import ServiceError
from tgbot.services.games import MAX_NAME, GameService, roles_shared
from tgbot.services.signup import SignupBoard
from tgbot.states import SignupStates
from tgbot.ui import names
from tgbot.ui.callbacks import Signup
from tgbot.ui.rules_doc import hidden_summary, rules_hidden

SHORT_LIST = 15  # up to this many free roles (all of Микромафик's) are listed whole, with their perks
PAGE = 10  # roles on a page of a long list
OTHER = gamedata.OTHER_ROLE


async def start_join(message: Message, command: CommandObject, service: GameService, state: FSMContext,
                     lang: str) -> None:
    game_id = int((command.args or "").removeprefix("join_"))
    game = await service.game(game_id)
    if game["status"] != "signup":
        raise ServiceError("signup_closed")
    await state.update_data(signup=game_id)  # the data first: a crash in between leaves no state without it
    await state.set_state(SignupStates.name)
    await message.answer(t(lang, "signup.ask_name", game=game_id))


async def got_name(message: Message, service: GameService, state: FSMContext, lang: str) -> None:
    name = " ".join((message.text or "").split())
    if name.startswith("/") or not 1 <= len(name) <= MAX_NAME:
        await message.answer(t(lang, "error.bad_name", max=MAX_NAME))
        return
    data = await state.get_data()
    if not isinstance(data.get("signup"), int):
        await state.clear()
        await message.answer(t(lang, "error.stale"))
        return
    game_id = int(data["signup"])
    game = await service.game(game_id)
    players = await service.repo.players(game_id)
    roles = service.free_roles(game, players)
    if not roles:
        await message.answer(t(lang, "error.game_full"))
        return
    await state.update_data(signup_name=name)
    await state.set_state(SignupStates.role)
    text, keyboard = role_screen(game, roles, name, lang, page=0)
    await message.answer(text, parse_mode="HTML", reply_markup=keyboard)


def role_screen(game: dict[str, Any], roles: list[str], name: str, lang: str, *,
                page: int) -> tuple[str, InlineKeyboardMarkup]:
    """The roles to choose from: the whole list with perks, or one page of buttons."""
    ruleset, game_id = str(game["ruleset"]), int(game["id"])
    if len(roles) <= SHORT_LIST:
        rows = [[InlineKeyboardButton(text=gamedata.role_name(ruleset, r, lang),
                                      callback_data=Signup(g=game_id, role=r).pack())] for r in roles]
        lines = [t(lang, "signup.ask_role_shared" if roles_shared(ruleset) else "signup.ask_role", name=escape(name))]
        lines += [f"• <b>{escape(gamedata.role_name(ruleset, r, lang))}</b> — "
                  f"{escape(gamedata.role_text(ruleset, r, lang))}" for r in roles]
        return "\n".join(lines), InlineKeyboardMarkup(inline_keyboard=rows)
    pages = -(-len(roles) // PAGE)
    page %= pages
    shown = roles[page * PAGE:(page + 1) * PAGE]
    buttons = [InlineKeyboardButton(text=gamedata.role_name(ruleset, r, lang),
                                    callback_data=Signup(g=game_id, role=r, a="info").pack()) for r in shown]
    rows = [buttons[i:i + 2] for i in range(0, len(buttons), 2)]
    rows.append([
        InlineKeyboardButton(text="◀", callback_data=Signup(g=game_id, role=str((page - 1) % pages), a="page").pack()),
        InlineKeyboardButton(text=f"{page + 1}/{pages}",
                             callback_data=Signup(g=game_id, role=str(page), a="page").pack()),
        InlineKeyboardButton(text="▶", callback_data=Signup(g=game_id, role=str((page + 1) % pages), a="page").pack()),
    ])
    text = t(lang, "signup.ask_role_paged", name=escape(name), page=page + 1, pages=pages, count=len(roles))
    return text, InlineKeyboardMarkup(inline_keyboard=rows)


def role_info(game: dict[str, Any], role: str, lang: str, page: int) -> tuple[str, InlineKeyboardMarkup]:
    """One role's perk, with buttons to take it or go back to the list."""
    ruleset, game_id = str(game["ruleset"]), int(game["id"])
    name = escape(gamedata.role_name(ruleset, role, lang))
    text = f"<b>{name}</b>\n{escape(gamedata.role_text(ruleset, role, lang))}"
    rows = [[InlineKeyboardButton(text=t(lang, "btn.take_role", role=gamedata.role_name(ruleset, role, lang)),
                                  callback_data=Signup(g=game_id, role=role).pack())],
            [InlineKeyboardButton(text=t(lang, "btn.back"),
                                  callback_data=Signup(g=game_id, role=str(page), a="page").pack())]]
    return text, InlineKeyboardMarkup(inline_keyboard=rows)


async def got_role(query: CallbackQuery, callback_data: Signup, service: GameService, state: FSMContext,
                   lang: str, board: SignupBoard) -> None:
    cb = callback_data
    if cb.a == "gender":
        await got_gender(query, cb, service, lang)
        return
    data = await state.get_data()
    name = data.get("signup_name")
    if data.get("signup") != cb.g or not name:
        await query.answer(t(lang, "error.stale"), show_alert=True)
        return
    game = await service.game(cb.g)
    if game["status"] != "signup":
        raise ServiceError("signup_closed")
    roles = service.free_roles(game, await service.repo.players(cb.g))
    if cb.a == "page":
        page = int(cb.role) if cb.role.isdigit() else 0
        await state.update_data(signup_page=page)
        await state.set_state(SignupStates.role)
        text, keyboard = role_screen(game, roles, str(name), lang, page=page)
        await edit(query, text, keyboard)
        await query.answer()
        return
    if cb.role not in roles:
        raise ServiceError("role_taken")
    if cb.a == "info":
        text, keyboard = role_info(game, cb.role, lang, int(data.get("signup_page") or 0))
        await edit(query, text, keyboard)
        await query.answer()
        return
    if cb.role == OTHER:
        await state.set_state(SignupStates.title)
        await edit(query, t(lang, "signup.ask_title", max=MAX_NAME), None)
        await query.answer()
        return
    await service.join(cb.g, user_id=query.from_user.id, name=str(name), public_role=cb.role, locale=lang,
                       gender=guess(str(name)))
    await state.clear()
    role = gamedata.role_name(game["ruleset"], cb.role, lang)
    await edit(query, _done(lang, str(name), role, game), _gender_buttons(lang, cb.g))
    await query.answer()
    await board.refresh(cb.g)


async def got_title(message: Message, service: GameService, state: FSMContext, lang: str,
                    board: SignupBoard) -> None:
    """The title of a "(Другой)" role, typed."""
    title = " ".join((message.text or "").split())
    data = await state.get_data()
    game_id, name = int(data["signup"]), str(data.get("signup_name") or "")
    if title.startswith("/"):
        await message.answer(t(lang, "error.bad_title", max=MAX_NAME))
        return
    await service.join(game_id, user_id=message.from_user.id if message.from_user else 0, name=name,
                       public_role=OTHER, title=title, locale=lang, gender=guess(name))
    game = await service.game(game_id)
    await state.clear()
    await message.answer(_done(lang, name, title, game), parse_mode="HTML",
                         reply_markup=_gender_buttons(lang, game_id))
    await board.refresh(game_id)


def _done(lang: str, name: str, role: str, game: dict[str, Any]) -> str:
    gender = guess(name)
    about = t(lang, f"signup.gender_{gender}") if gender else t(lang, "signup.gender_ask")
    ruleset = str(game["ruleset"])
    rules = hidden_summary(lang, ruleset) if rules_hidden(ruleset) else names.ruleset_rules(lang, ruleset)
    return t(lang, "signup.done", name=escape(name), role=escape(role), game=game["id"]) + "\n" + about \
        + ("\n\n" + rules if rules else "")


def _gender_buttons(lang: str, game_id: int) -> InlineKeyboardMarkup:
    """«Он» / «Она»: how the texts speak of the character (kept under the confirmation, to correct it)."""
    return InlineKeyboardMarkup(inline_keyboard=[[
        InlineKeyboardButton(text=t(lang, f"btn.gender_{g}"), callback_data=Signup(g=game_id, role=g, a="gender").pack())
        for g in ("m", "f")]])


async def got_gender(query: CallbackQuery, cb: Signup, service: GameService, lang: str) -> None:
    await service.set_gender(cb.g, user_id=query.from_user.id, gender=cb.role)
    await query.answer(t(lang, f"signup.gender_set_{cb.role}"), show_alert=True)


async def leave(message: Message, service: GameService, lang: str, board: SignupBoard) -> None:
    assert message.from_user is not None
    games = [g for g in await service.repo.games_of_user(message.from_user.id) if g["status"] == "signup"]
    if not games:
        await message.answer(t(lang, "error.not_player", game="—"))
        return
    game_id = int(games[0]["id"])
    await service.leave(game_id, user_id=message.from_user.id)
    await message.answer(t(lang, "signup.left", game=game_id))
    await board.refresh(game_id)


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="signup")
    router.message.filter(Magic(F.chat.type == "private"))
    router.message.register(start_join, CommandStart(deep_link=True, magic=F.args.regexp(r"^join_(\d+)$")))
    router.message.register(leave, Magic(F.text.regexp(r"^/leave(@\w+)?(\s+\d+)?$")))
    router.message.register(got_name, StateFilter(SignupStates.name), Magic(F.text))
    router.message.register(got_title, StateFilter(SignupStates.title), Magic(F.text))
    router.callback_query.register(got_role, Signup.filter())
    return router
