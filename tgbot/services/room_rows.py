"""The rows of chat rooms and pool groups, read, and the Telegram call with retries: what the pool, the
rooms' life (rooms.py) and the relayed rooms (relay.py) share."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)

from tgbot.services.games import GameService
from tgbot.storage.repo import OutboxMessage

T = TypeVar("T")
ATTEMPTS = 3  # Telegram calls retried on flood waits and network errors


def _load(row: dict[str, Any]) -> dict[str, Any]:
    for key in ("members", "admitted", "invited", "left"):
        row[key] = json.loads(row.pop(f"{key}_json"))
    return row


class RoomRows:
    def __init__(self, bot: Bot, service: GameService, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.bot = bot
        self.service = service
        self.repo = service.repo
        self.sleep = sleep
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def rooms(self, game_id: int, *, open_only: bool = True) -> list[dict[str, Any]]:
        where = " AND status != 'closed'" if open_only else ""
        async with self.repo.db.conn.execute(
            f"SELECT * FROM rooms WHERE game_id = ?{where} ORDER BY number", (game_id,)
        ) as cur:
            return [_load(dict(r)) for r in await cur.fetchall()]

    async def room(self, room_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute("SELECT * FROM rooms WHERE id = ?", (room_id,)) as cur:
            row = await cur.fetchone()
        return _load(dict(row)) if row else None

    async def room_of_chat(self, chat_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute(
            "SELECT * FROM rooms WHERE chat_id = ? AND mode = 'group' AND status != 'closed'", (chat_id,)
        ) as cur:
            row = await cur.fetchone()
        return _load(dict(row)) if row else None

    async def pool_chat(self, chat_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute("SELECT * FROM chats WHERE chat_id = ?", (chat_id,)) as cur:
            row = await cur.fetchone()
        return dict(row) if row else None

    async def _users(self, game_id: int) -> dict[int, dict[str, Any]]:
        """pid → the player's row (user id, locale) — who plays each character now."""
        return {int(p["pid"]): p for p in await self.repo.players(game_id) if p["pid"] is not None}

    def _lang(self, game: dict[str, Any], player: dict[str, Any] | None = None) -> str:
        return str((player or {}).get("locale") or game["locale"])

    def _log(self, game: dict[str, Any], text: str, key: str) -> OutboxMessage:
        return OutboxMessage(chat_id=int(game["log_chat_id"]), text=text, game_id=int(game["id"]),
                             dedup_key=f"g{game['id']}:{key}")

    async def _call(self, make: Callable[[], Awaitable[T]]) -> T:
        """A Telegram call, retried on flood waits and network errors (a few times, then it raises)."""
        for attempt in range(ATTEMPTS):
            try:
                return await make()
            except TelegramRetryAfter as exc:
                if attempt == ATTEMPTS - 1:
                    raise
                await self.sleep(min(float(exc.retry_after), 30.0))
            except (TelegramNetworkError, TelegramServerError, TimeoutError):
                if attempt == ATTEMPTS - 1:
                    raise
                await self.sleep(2.0 ** attempt)
        raise AssertionError("unreachable")

