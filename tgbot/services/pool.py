"""The pool of spare groups a room takes: registered by a master or an administrator (`/pool add` in
the group, with the rights the bot needs there), removed when free."""

from __future__ import annotations

from typing import Any

from aiogram.types import ChatMemberAdministrator, ChatMemberOwner

from tgbot.services.chats import chat_use, taken
from tgbot.services.errors import ServiceError
from tgbot.services.room_rows import RoomRows

# What the bot must be allowed to do in a pool group (Bot API names of the administrator rights).
POOL_RIGHTS = ("can_invite_users", "can_restrict_members", "can_change_info")


class Pool(RoomRows):
    async def pool(self) -> list[dict[str, Any]]:
        async with self.repo.db.conn.execute("SELECT * FROM chats WHERE kind = 'pool' ORDER BY chat_id") as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def pool_add(self, *, chat_id: int, title: str, user_id: int) -> int:
        """Register a spare group (the command was sent in it); the number of free groups after."""
        if user_id not in self.service.admins and not [
            g for g in await self.repo.games_where(master_user_id=user_id) if g["status"] != "finished"
        ]:
            raise ServiceError("pool_not_master")
        use = await chat_use(self.repo, chat_id)
        if use is not None and use.role != "pool":
            raise taken(use)
        missing = await self.missing_rights(chat_id)
        if missing:
            raise ServiceError("pool_rights", missing=", ".join(missing))
        existing = await self.pool_chat(chat_id)
        if existing is not None and existing["kind"] == "pool":
            raise ServiceError("pool_already")
        async with self.repo.db.batch() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO chats (chat_id, kind, game_id, title, busy, added_by) VALUES (?, 'pool', NULL, ?, 0, ?)",
                (chat_id, title, user_id),
            )
        return sum(1 for c in await self.pool() if not c["busy"])

    async def missing_rights(self, chat_id: int) -> list[str]:
        """The rights the bot lacks in a group (all of them when it is not an administrator there)."""
        member = await self.bot.get_chat_member(chat_id, self.bot.id)
        if isinstance(member, ChatMemberOwner):
            return []
        if not isinstance(member, ChatMemberAdministrator):
            return ["administrator"]
        return [right for right in POOL_RIGHTS if not getattr(member, right, False)]

    async def pool_remove(self, *, chat_id: int, user_id: int) -> None:
        chat = await self.pool_chat(chat_id)
        if chat is None or chat["kind"] != "pool":
            raise ServiceError("pool_unknown")
        if user_id not in self.service.admins and user_id != chat["added_by"]:
            raise ServiceError("not_master")
        if chat["busy"]:
            raise ServiceError("pool_busy")
        async with self.repo.db.batch() as conn:
            await conn.execute("DELETE FROM chats WHERE chat_id = ?", (chat_id,))

