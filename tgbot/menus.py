"""The command menus Telegram shows (setMyCommands), set by the bot itself at start-up: one for private
chats, one for groups, and the master's commands on top for a group's administrators (the ones who may
create a game there); each in ru and en, and a language-less one in the default language for users of
other languages."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeUnion,
)

from tgbot.i18n import LANGUAGES, t

PRIVATE = ("start", "help", "rules", "card", "language", "leave", "room", "leave_room", "spectate", "unspectate",
           "stats")
GROUP = ("help", "rules", "card", "stats")
MASTER = ("newgame", "bind", "set", "lang", "startgame", "status", "resolve", "extend", "pause", "resume",
          "replace", "modkill", "report", "silent", "prod", "state", "pool")
MENUS: tuple[tuple[BotCommandScopeUnion, tuple[str, ...]], ...] = (
    (BotCommandScopeAllPrivateChats(), PRIVATE),
    (BotCommandScopeAllGroupChats(), GROUP),
    (BotCommandScopeAllChatAdministrators(), GROUP + MASTER),
)


def commands(names: tuple[str, ...], lang: str) -> list[BotCommand]:
    return [BotCommand(command=name, description=t(lang, f"menu.{name}")) for name in names]


async def set_menus(bot: Bot, default_locale: str) -> int:
    """Every menu in every language; the number of menus set."""
    count = 0
    for scope, names in MENUS:
        for language in (None, *LANGUAGES):
            await bot.set_my_commands(commands(names, language or default_locale), scope=scope, language_code=language)
            count += 1
    return count
