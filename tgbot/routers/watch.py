"""Watching games and their figures: /spectate N and /unspectate [N] in private chat (tgbot/services/spectators.py),
/stats in private chat (the user's finished games) or in a game's group (the group's)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from tgbot.i18n import t
from tgbot.services import spectators
from tgbot.services.games import GameService
from tgbot.services.results import summarize
from tgbot.ui.stats import stats_text


def _number(command: CommandObject) -> int | None:
    arg = (command.args or "").strip().lstrip("#")
    return int(arg) if arg.isdigit() and len(arg) < 19 else None


async def spectate(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    if message.chat.type != "private":
        await message.answer(t(lang, "spectate.private_only"))
        return
    game_id = _number(command)
    if game_id is None:
        await message.answer(t(lang, "spectate.usage"))
        return
    game = await service.game(game_id)
    record = await spectators.spectate(service.repo, game, message.from_user.id, now=service.clock())
    if record:  # a finished game, sent whole (after this answer)
        await message.answer(t(lang, "spectate.record_sent", game=game_id))
        async with service.repo.db.batch() as conn:
            await service._enqueue(conn, record)
        service._wake()
        return
    text = t(lang, "spectate.watching", game=game_id)
    if spectators.record_allowed(game):
        text += " " + t(lang, "spectate.watching_record")
    await message.answer(text, parse_mode="HTML")


async def unspectate(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    if message.chat.type != "private":
        await message.answer(t(lang, "spectate.private_only"))
        return
    game_id = _number(command)
    async with service.repo.db.batch() as conn:
        stopped = await service.repo.remove_spectator(conn, message.from_user.id, game_id)
    if stopped:
        await message.answer(t(lang, "spectate.stopped", games=", ".join(f"#{g}" for g in stopped)))
    elif game_id is not None:
        await message.answer(t(lang, "spectate.not_watching_game", game=game_id))
    else:
        await message.answer(t(lang, "spectate.not_watching"))


async def stats(message: Message, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    group = message.chat.type != "private"
    rows = await (service.repo.results_of_chat(message.chat.id) if group
                  else service.repo.results_of_user(message.from_user.id))
    await message.answer(stats_text(lang, summarize(rows), group=group), parse_mode="HTML")


def make_router() -> Router:
    router = Router(name="watch")
    router.message.register(spectate, Command("spectate"))
    router.message.register(unspectate, Command("unspectate"))
    router.message.register(stats, Command("stats"))
    return router
