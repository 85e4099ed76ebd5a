"""aiogram FSM storage in our SQLite database, so a half-finished dialogue survives a restart."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiogram.fsm.state import State
from aiogram.fsm.storage.base import BaseStorage, StateType, StorageKey

from tgbot.storage.db import Database


def _key(key: StorageKey) -> str:
    parts = [key.bot_id, key.chat_id, key.user_id, key.thread_id or 0, key.destiny]
    return ":".join(str(p) for p in parts)


class SqliteStorage(BaseStorage):
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        value = state.state if isinstance(state, State) else state
        async with self.db.transaction() as conn:
            await conn.execute("INSERT OR IGNORE INTO fsm (key) VALUES (?)", (_key(key),))
            await conn.execute("UPDATE fsm SET state = ? WHERE key = ?", (value, _key(key)))

    async def get_state(self, key: StorageKey) -> str | None:
        async with self.db.conn.execute("SELECT state FROM fsm WHERE key = ?", (_key(key),)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def set_data(self, key: StorageKey, data: Mapping[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("INSERT OR IGNORE INTO fsm (key) VALUES (?)", (_key(key),))
            await conn.execute("UPDATE fsm SET data_json = ? WHERE key = ?",
                               (json.dumps(dict(data), ensure_ascii=False), _key(key)))

    async def get_data(self, key: StorageKey) -> dict[str, Any]:
        async with self.db.conn.execute("SELECT data_json FROM fsm WHERE key = ?", (_key(key),)) as cur:
            row = await cur.fetchone()
        return {} if row is None else dict(json.loads(row[0]))

    async def close(self) -> None:
        """The database is closed by its owner."""
