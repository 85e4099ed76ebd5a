"""What a group is to the bot: an unfinished game's log group or public group, or a group of the
chat-room pool (holding one game's room, or free).

One lookup serves both the routers (which game a command sent in this chat is about, and in which role)
and the guards: a chat has one use, so a game's public group never becomes another game's log (its
secrets would go to the players), and a log group or a pool group never becomes a public group.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from aiogram import Bot
from aiogram.enums import ChatMemberStatus

from tgbot.services.errors import ServiceError
from tgbot.storage.repo import Repository

Role = Literal["log", "public", "pool"]
ADMIN_STATUSES = (ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR)


@dataclass(frozen=True)
class ChatUse:
    role: Role
    game: dict[str, Any] | None  # the game; for a pool group, the game whose room it holds (None while free)


async def chat_uses(repo: Repository, chat_id: int) -> list[ChatUse]:
    """Every use of the chat: the unfinished games it is the log group of, then those it is the public
    group of, then its place in the pool."""
    uses: list[ChatUse] = []
    columns: tuple[tuple[Role, str], ...] = (("log", "log_chat_id"), ("public", "public_chat_id"))
    for role, column in columns:
        uses += [ChatUse(role, g) for g in await repo.games_where(**{column: chat_id}) if g["status"] != "finished"]
    async with repo.db.conn.execute("SELECT game_id FROM chats WHERE chat_id = ? AND kind = 'pool'", (chat_id,)) as cur:
        row = await cur.fetchone()
    if row is not None:
        uses.append(ChatUse("pool", await repo.game(int(row[0])) if row[0] is not None else None))
    return uses


async def chat_use(repo: Repository, chat_id: int) -> ChatUse | None:
    """The chat's use (the log group's game first), or None for a chat the bot has no use for."""
    uses = await chat_uses(repo, chat_id)
    return uses[0] if uses else None


def taken(use: ChatUse) -> ServiceError:
    """The refusal to give a chat a second use: says what it is already."""
    game = use.game["id"] if use.game is not None else "—"
    if use.role == "log":
        return ServiceError("chat_is_log", game=game)
    if use.role == "public":
        return ServiceError("chat_is_public", game=game)
    return ServiceError("chat_is_pool")


async def is_chat_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is the chat's creator or one of its administrators (Telegram's word, now)."""
    member = await bot.get_chat_member(chat_id, user_id)
    return member.status in ADMIN_STATUSES
