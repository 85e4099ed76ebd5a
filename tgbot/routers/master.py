"""The master's commands in groups: create a game (its log group), bind the public group, set
options, start; in the log group: the status board, resolve now, move the deadline, pause and resume,
replace or remove (modkill) a player, prod those who have not submitted, a player's whole state.
Only the game's master and the admins named in the settings may use them."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message, TelegramObject

from engine.core import api
from engine.core.ruleset import ruleset_names
from tgbot.i18n import LANGUAGES, t
from tgbot.logs import bind as log_bind
from tgbot.routers.common import answer, edit, explain
from tgbot.routers.filters import Magic
from tgbot.services import decisions
from tgbot.services.announce import split_text
from tgbot.services.chats import chat_use, is_chat_admin
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.services.master_tools import MasterTools
from tgbot.services.options import DEFAULTS, ENGINE_OPTIONS
from tgbot.services.signup import SignupBoard
from tgbot.storage.repo import Repository
from tgbot.ui import names as id_names
from tgbot.ui.callbacks import Resolve
from tgbot.ui.panel import deadline_text, phase_title
from tgbot.ui.resolve import confirmation, parse_phase
from tgbot.ui.settings import setting_help, settings_text, shown

# Callback data prefixes of buttons that belong to a game (`<prefix>:<game id>:…`): refused while paused.
GAME_BUTTONS = ("a", "cm", "rc")


async def log_game(message: Message, service: GameService) -> dict[str, Any]:
    """The unfinished game whose log group this chat is. In a game's public group or room, the master
    learns where the command works and anyone else gets a short refusal; a chat without a game says so."""
    assert message.from_user is not None
    use = await chat_use(service.repo, message.chat.id)
    if use is None:
        raise ServiceError("no_game_here")
    if use.game is None:  # a free group of the chat-room pool
        raise ServiceError("pool_chat")
    log_bind(game_id=use.game["id"])  # the rest of this update's logs name the game
    if use.role == "log":
        return use.game
    service.require_master(use.game, message.from_user.id)
    raise ServiceError("log_only", game=use.game["id"])


async def master_game(message: Message, service: GameService) -> dict[str, Any]:
    """The log group's game, if the sender is its master (or an admin)."""
    assert message.from_user is not None
    game = await log_game(message, service)
    service.require_master(game, message.from_user.id)
    return game


async def newgame(message: Message, command: CommandObject, service: GameService, lang: str, bot: Bot) -> None:
    assert message.from_user is not None
    ruleset = (command.args or ruleset_names()[0]).strip().lower()  # the first listed: the smallest game
    admin = await is_chat_admin(bot, message.chat.id, message.from_user.id)
    game_id = await service.create_game(master_user_id=message.from_user.id, log_chat_id=message.chat.id,
                                        ruleset=ruleset, locale=lang, chat_admin=admin)
    await message.answer(t(lang, "master.created", game=game_id, ruleset=id_names.ruleset_name(lang, ruleset)), parse_mode="HTML")


async def bind(message: Message, command: CommandObject, service: GameService, lang: str,
               board: SignupBoard) -> None:
    assert message.from_user is not None
    arg = (command.args or "").strip()
    if not arg.isdigit():
        await message.answer(t(lang, "master.bind_usage"))
        return
    game = await service.bind_public(int(arg), user_id=message.from_user.id, chat_id=message.chat.id)
    await board.post(int(game["id"]))


async def set_option(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    """/set: every option and its value; /set KEY: that option explained; /set KEY VALUE: change it."""
    assert message.from_user is not None
    key, _, raw = (command.args or "").strip().partition(" ")
    game = await master_game(message, service)
    options = service.options(game)
    own = api.start_settings(game["ruleset"])  # the rule set's own settings, read at the start
    known = key in DEFAULTS or key in own
    if not key:
        await message.answer(settings_text(int(game["id"]), options, lang, own), parse_mode="HTML")
        return
    if known and not raw.strip():
        await message.answer(setting_help(key, options.get(key), lang, own.get(key)), parse_mode="HTML")
        return
    try:
        if not known:
            raise ServiceError("bad_option", key=key)
        value = await service.set_option(int(game["id"]), user_id=message.from_user.id, key=key, raw=raw)
        if key in ENGINE_OPTIONS:  # a running game follows at once
            await decisions.sync_settings(service, int(game["id"]), user_id=message.from_user.id)
    except ServiceError as error:
        text = escape(explain(lang, error))
        if error.code == "bad_option":
            text += "\n" + (setting_help(key, options.get(key), lang, own.get(key)) if known else t(lang, "master.set_usage"))
        await message.answer(text, parse_mode="HTML")
        return
    await message.answer(t(lang, "master.option_set", key=escape(key),
                           value=escape(shown(value, lang))))


async def game_language(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    choice = (command.args or "").strip().lower()
    game = await log_game(message, service)
    if choice not in LANGUAGES:
        raise ServiceError("bad_option", key="lang")
    await service.set_locale(int(game["id"]), user_id=message.from_user.id, locale=choice)
    await message.answer(t(choice, "master.option_set", key="lang", value=choice))


async def startgame(message: Message, service: GameService, lang: str, board: SignupBoard) -> None:
    assert message.from_user is not None
    game = await log_game(message, service)
    state = await service.start(int(game["id"]), user_id=message.from_user.id)
    await board.refresh(int(game["id"]))  # sign-up is closed: the board says so and loses its button
    await message.answer(t(lang, "master.started" if state.status == "setup" else "master.started_running",
                           game=game["id"]))


async def status(message: Message, service: GameService, lang: str) -> None:
    game = await master_game(message, service)
    await message.answer(await status_board(service, game, lang), parse_mode="HTML")


async def status_board(service: GameService, game: dict[str, Any], lang: str) -> str:
    """Phase, deadline (or the pause), and who has submitted — not what; the seats are numbered for
    /replace, /modkill and /state; the chat rooms open now."""
    lines = [t(lang, "master.status", game=game["id"], status=id_names.game_status(lang, str(game["status"])),
               ruleset=id_names.ruleset_name(lang, str(game["ruleset"])))]
    players = await service.repo.players(int(game["id"]))
    state = await service.repo.load_state(int(game["id"]))
    if state is None:
        lines += [f"• {escape(p['name'])}" for p in players]
        return "\n".join(lines)
    if game.get("paused_left") is not None:
        when = t(lang, "mtools.status_paused", minutes=round(float(game["paused_left"]) / 60))
    else:
        when = deadline_text(lang, game["deadline_at"], service.timezone)
    lines.append(f"{phase_title(lang, state.phase)} {when}")
    done = (
        {p.pid: bool(p.building and p.building.done) for p in state.players}
        if state.status == "setup" else api.submitted(state)
    )
    for p in state.players:
        mark = "💀" if not p.alive else ("✅" if done.get(p.pid) else "⏳")
        lines.append(f"{mark} {p.pid + 1}. {escape(p.name)}")
    async with service.repo.db.conn.execute(
        "SELECT number, mode, members_json FROM rooms WHERE game_id = ? AND status != 'closed' ORDER BY number",
        (game["id"],),
    ) as cur:
        rooms = [dict(r) for r in await cur.fetchall()]
    for room in rooms:
        names = ", ".join(escape(state.player(int(m)).name) for m in json.loads(room["members_json"]))
        lines.append(t(lang, f"mtools.status_room_{room['mode']}", number=room["number"], names=names))
    return "\n".join(lines)


async def resolve_now(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    """/resolve asks, with a button naming the current phase; /resolve ночь 3 ends that phase if it is
    the current one. Either way a resolve ends the phase it names, never the next one."""
    assert message.from_user is not None
    arg = (command.args or "").strip()
    try:
        game = await master_game(message, service)
        current = await service.resolvable(int(game["id"]), user_id=message.from_user.id)
        if not arg:
            text, keyboard = confirmation(lang, int(game["id"]), current)
            await message.answer(text, reply_markup=keyboard)
            return
        phase = parse_phase(arg)
        if phase is None:
            raise ServiceError("resolve_usage")
        await service.resolve_now(int(game["id"]), user_id=message.from_user.id, phase=phase)
    except ServiceError as error:
        await message.answer(resolve_refusal(lang, error))
        return
    await message.answer(t(lang, "master.resolved", phase=phase_title(lang, phase)))


async def on_resolve_press(query: CallbackQuery, callback_data: Resolve, service: GameService, lang: str) -> None:
    """The confirmation's button: ends the phase it names, if that is still the current one."""
    log_bind(game_id=callback_data.g)
    try:
        await service.resolve_now(callback_data.g, user_id=query.from_user.id, phase=callback_data.p)
    except ServiceError as error:
        await answer(query, resolve_refusal(lang, error), show_alert=True)
        return
    await answer(query)
    await edit(query, t(lang, "master.resolved", phase=phase_title(lang, callback_data.p)), None)


def resolve_refusal(lang: str, error: ServiceError) -> str:
    """Why a resolve did nothing; a phase that is not the current one is named, with the current one."""
    if error.code == "phase_over":
        return t(lang, "master.resolve_stale", phase=phase_title(lang, int(error.params["phase"])),
                 current=phase_title(lang, int(error.params["current"])))
    return explain(lang, error)


async def extend(message: Message, command: CommandObject, service: GameService, tools: MasterTools, lang: str) -> None:
    """/extend MINUTES (negative: shorten); while paused it changes the time left on resume."""
    assert message.from_user is not None
    arg = (command.args or "").strip()
    game = await log_game(message, service)
    if not arg.lstrip("-").isdigit():
        raise ServiceError("bad_option", key="extend")
    if game.get("paused_left") is not None:
        left = await tools.shift_paused(int(game["id"]), user_id=message.from_user.id, minutes=int(arg))
        await message.answer(t(lang, "mtools.paused_left", minutes=round(left / 60)))
        return
    at = await service.extend(int(game["id"]), user_id=message.from_user.id, minutes=int(arg))
    await message.answer(t(lang, "master.extended", deadline=deadline_text(lang, at, service.timezone)))


async def pause(message: Message, service: GameService, tools: MasterTools, lang: str) -> None:
    assert message.from_user is not None
    game = await log_game(message, service)
    left = await tools.pause(int(game["id"]), user_id=message.from_user.id)
    await message.answer(t(lang, "mtools.paused", minutes=round(left / 60)))


async def resume(message: Message, service: GameService, tools: MasterTools, lang: str) -> None:
    assert message.from_user is not None
    game = await log_game(message, service)
    at = await tools.resume(int(game["id"]), user_id=message.from_user.id)
    await message.answer(t(lang, "mtools.resumed", deadline=deadline_text(lang, at, service.timezone)))


def _seat_arg(args: list[str]) -> int:
    if not args or not args[0].isdigit():
        raise ServiceError("bad_seat", seat=args[0] if args else "—", max="N")
    return int(args[0])


async def newcomer_of(message: Message, args: list[str], repo: Repository) -> int:
    """Who takes over: the author of the message replied to, a mention of a user (by name, or @username
    of someone who has written to the bot), or a user id."""
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and not reply.from_user.is_bot:
        return reply.from_user.id
    for entity in message.entities or []:
        if entity.type == "text_mention" and entity.user is not None:
            return entity.user.id
    if len(args) < 2:
        raise ServiceError("replace_usage")
    who = args[1]
    if who.lstrip("-").isdigit():
        return int(who)
    if who.startswith("@"):
        async with repo.db.conn.execute("SELECT user_id FROM usernames WHERE username = ?", (who[1:].lower(),)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise ServiceError("unknown_user", user=who)
        return int(row[0])
    raise ServiceError("replace_usage")


async def replace(message: Message, command: CommandObject, service: GameService, tools: MasterTools,
                  lang: str) -> None:
    """/replace N @user (or N USER_ID, or as a reply to the newcomer's message)."""
    assert message.from_user is not None
    args = (command.args or "").split()
    try:
        game = await master_game(message, service)
        seat = _seat_arg(args)
        newcomer = await newcomer_of(message, args, service.repo)
        name, _old = await tools.replace(int(game["id"]), user_id=message.from_user.id, seat=seat, newcomer=newcomer)
    except ServiceError as error:
        text = explain(lang, error)
        if error.code in ("bad_seat", "replace_usage"):
            text += "\n" + t(lang, "mtools.replace_usage")
        await message.answer(text)
        return
    await message.answer(t(lang, "mtools.replaced", name=escape(name), user=newcomer), parse_mode="HTML")


async def modkill(message: Message, command: CommandObject, service: GameService, tools: MasterTools,
                  lang: str) -> None:
    assert message.from_user is not None
    args = (command.args or "").split()
    game = await master_game(message, service)
    name = await tools.modkill(int(game["id"]), user_id=message.from_user.id, seat=_seat_arg(args))
    await message.answer(t(lang, "mtools.modkilled", name=escape(name)))


async def report(message: Message, command: CommandObject, service: GameService, tools: MasterTools,
                 lang: str) -> None:
    """/report N TEXT: a player's message in the public thread, for the rules to judge (a forbidden word)."""
    assert message.from_user is not None
    seat, _, text = (command.args or "").strip().partition(" ")
    game = await master_game(message, service)  # the rights first: nobody else learns even the usage
    if not text.strip():
        await message.answer(t(lang, "mtools.report_usage"))
        return
    name, asked = await tools.report(int(game["id"]), user_id=message.from_user.id, seat=_seat_arg([seat]),
                                     text=text.strip())
    await message.answer(t(lang, "mtools.reported" if asked else "mtools.report_nothing", name=escape(name)))


async def silent(message: Message, command: CommandObject, service: GameService, tools: MasterTools,
                 lang: str) -> None:
    """/silent [N …]: who wrote nothing in the public group today (the others are counted as having written)."""
    assert message.from_user is not None
    game = await master_game(message, service)
    seats = [_seat_arg([arg]) for arg in (command.args or "").replace(",", " ").split()]
    names = await tools.mark_silent(int(game["id"]), user_id=message.from_user.id, seats=seats)
    await message.answer(t(lang, "mtools.silent", names=escape(", ".join(names))) if names
                         else t(lang, "mtools.silent_nobody"))


async def prod(message: Message, service: GameService, tools: MasterTools, lang: str) -> None:
    assert message.from_user is not None
    game = await log_game(message, service)
    names = await tools.prod(int(game["id"]), user_id=message.from_user.id)
    text = t(lang, "mtools.prodded", names=escape(", ".join(names))) if names else t(lang, "mtools.prod_nobody")
    await message.answer(text)


async def player_state(message: Message, command: CommandObject, service: GameService, tools: MasterTools,
                       lang: str) -> None:
    """/state N: the whole state of one character, here in the log group."""
    assert message.from_user is not None
    args = (command.args or "").split()
    game = await log_game(message, service)
    text = await tools.player_state(int(game["id"]), user_id=message.from_user.id, seat=_seat_arg(args),
                                    lang=lang)
    for part in split_text(text):
        await message.answer(part, parse_mode="HTML")


# ---------------------------------------------------------------- middlewares

class PauseGuard:
    """While a game is paused, its buttons are answered "paused" and do nothing (an outer middleware
    of callback queries)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, CallbackQuery) and event.data:
            prefix, _, rest = event.data.partition(":")
            game_id = rest.split(":", 1)[0]
            if prefix in GAME_BUTTONS and game_id.isdigit():
                game = await self.repo.game(int(game_id))
                if game is not None and game.get("paused_left") is not None:
                    await event.answer(t(str(data.get("lang") or "ru"), "error.paused"), show_alert=True)
                    return None
        return await handler(event, data)


class RememberUsernames:
    """Keeps @username → user id of everyone who writes to the bot, so /replace N @user can find them
    (the Bot API cannot look a user up by username). An outer middleware of messages."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._known: dict[int, str] = {}

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        user = getattr(event, "from_user", None)
        if user is not None and user.username and self._known.get(user.id) != user.username.lower():
            name = user.username.lower()
            with contextlib.suppress(Exception):  # never in the way of the message itself
                async with self.repo.db.batch() as conn:
                    await conn.execute("DELETE FROM usernames WHERE user_id = ?", (user.id,))
                    await conn.execute("INSERT OR REPLACE INTO usernames (username, user_id) VALUES (?, ?)", (name, user.id))
                self._known[user.id] = name
        return await handler(event, data)


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="master")
    router.message.filter(Magic(F.chat.type.in_({"group", "supergroup"})))
    router.message.register(newgame, Command("newgame"))
    router.message.register(bind, Command("bind"))
    router.message.register(set_option, Command("set"))
    router.message.register(game_language, Command("lang"))
    router.message.register(startgame, Command("startgame"))
    router.message.register(status, Command("status"))
    router.message.register(resolve_now, Command("resolve"))
    router.message.register(extend, Command("extend"))
    router.message.register(pause, Command("pause"))
    router.message.register(resume, Command("resume"))
    router.message.register(replace, Command("replace"))
    router.message.register(modkill, Command("modkill"))
    router.message.register(report, Command("report"))
    router.message.register(silent, Command("silent"))
    router.message.register(prod, Command("prod"))
    router.message.register(player_state, Command("state"))
    router.callback_query.register(on_resolve_press, Resolve.filter())
    return router
