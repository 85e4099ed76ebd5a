"""The master's commands in groups: create a game (its log group), bind the public group, set
options, start, see the status board, resolve now, move the deadline."""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from engine.core import api
from tgbot.i18n import LANGUAGES, t
from tgbot.routers.common import explain
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.services.signup import SignupBoard
from tgbot.ui.panel import deadline_text, phase_title


async def log_game(message: Message, service: GameService) -> dict[str, Any]:
    """The unfinished game whose log group this chat is."""
    games = [g for g in await service.repo.games_where(log_chat_id=message.chat.id) if g["status"] != "finished"]
    if not games:
        raise ServiceError("no_game_here")
    return games[-1]


async def newgame(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    ruleset = (command.args or "micromafik").strip().lower()
    try:
        game_id = await service.create_game(master_user_id=message.from_user.id, log_chat_id=message.chat.id,
                                            ruleset=ruleset, locale=lang)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(lang, "master.created", game=game_id, ruleset=escape(ruleset)), parse_mode="HTML")


async def bind(message: Message, command: CommandObject, service: GameService, lang: str,
               board: SignupBoard) -> None:
    assert message.from_user is not None
    arg = (command.args or "").strip()
    if not arg.isdigit():
        await message.answer(t(lang, "master.bind_usage"))
        return
    try:
        game = await service.bind_public(int(arg), user_id=message.from_user.id, chat_id=message.chat.id)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await board.post(int(game["id"]))


async def set_option(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    parts = (command.args or "").split()
    try:
        game = await log_game(message, service)
        if len(parts) != 2:
            raise ServiceError("bad_option", key=" ".join(parts) or "—")
        value = await service.set_option(int(game["id"]), user_id=message.from_user.id, key=parts[0], raw=parts[1])
    except ServiceError as error:
        await message.answer(explain(lang, error) + "\n" + t(lang, "master.set_usage"))
        return
    await message.answer(t(lang, "master.option_set", key=escape(parts[0]), value=escape(str(value))))


async def game_language(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    choice = (command.args or "").strip().lower()
    try:
        game = await log_game(message, service)
        if choice not in LANGUAGES:
            raise ServiceError("bad_option", key="lang")
        await service.set_locale(int(game["id"]), user_id=message.from_user.id, locale=choice)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(choice, "master.option_set", key="lang", value=choice))


async def startgame(message: Message, service: GameService, lang: str, board: SignupBoard) -> None:
    assert message.from_user is not None
    try:
        game = await log_game(message, service)
        await service.start(int(game["id"]), user_id=message.from_user.id)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(lang, "master.started", game=game["id"]))


async def status(message: Message, service: GameService, lang: str) -> None:
    try:
        game = await log_game(message, service)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(await status_board(service, game, lang), parse_mode="HTML")


async def status_board(service: GameService, game: dict[str, Any], lang: str) -> str:
    lines = [t(lang, "master.status", game=game["id"], status=game["status"], ruleset=game["ruleset"])]
    players = await service.repo.players(int(game["id"]))
    state = await service.repo.load_state(int(game["id"]))
    if state is None:
        lines += [f"• {escape(p['name'])}" for p in players]
        return "\n".join(lines)
    lines.append(f"{phase_title(lang, state.phase)} {deadline_text(lang, game['deadline_at'], service.timezone)}")
    done = (
        {p.pid: bool(p.building and p.building.done) for p in state.players}
        if state.status == "setup" else api.submitted(state)
    )
    for p in state.players:
        mark = "💀" if not p.alive else ("✅" if done.get(p.pid) else "⏳")
        lines.append(f"{mark} {escape(p.name)}")
    return "\n".join(lines)


async def resolve_now(message: Message, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    try:
        game = await log_game(message, service)
        done = await service.resolve_now(int(game["id"]), user_id=message.from_user.id)
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(lang, "master.resolved" if done else "master.nothing_to_resolve"))


async def extend(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    arg = (command.args or "").strip()
    try:
        game = await log_game(message, service)
        if not arg.lstrip("-").isdigit():
            raise ServiceError("bad_option", key="extend")
        at = await service.extend(int(game["id"]), user_id=message.from_user.id, minutes=int(arg))
    except ServiceError as error:
        await message.answer(explain(lang, error))
        return
    await message.answer(t(lang, "master.extended", deadline=deadline_text(lang, at, service.timezone)))


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="master")
    router.message.filter(F.chat.type.in_({"group", "supergroup"}))
    router.message.register(newgame, Command("newgame"))
    router.message.register(bind, Command("bind"))
    router.message.register(set_option, Command("set"))
    router.message.register(game_language, Command("lang"))
    router.message.register(startgame, Command("startgame"))
    router.message.register(status, Command("status"))
    router.message.register(resolve_now, Command("resolve"))
    router.message.register(extend, Command("extend"))
    return router
