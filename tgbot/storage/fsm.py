"""aiogram FSM storage in our database (SQLite or PostgreSQL), so a half-finished dialogue survives a restart.

Every update asks for its user's state and data, so both are kept in memory too (this process owns
the database): reads never leave memory, writes go to the database and then to memory.
"""

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
        self._states: dict[str, str | None] = {}
        self._data: dict[str, str] = {}  # as JSON, so a caller can never change the stored copy
        db.on_rollback.append(self._forget)

    def _forget(self) -> None:
        self._states.clear()
        self._data.clear()

    async def set_state(self, key: StorageKey, state: StateType = None) -> None:
        value = state.state if isinstance(state, State) else state
        name = _key(key)
        if name in self._states and self._states[name] == value:
            return
        async with self.db.batch() as conn:
            await conn.execute("INSERT OR IGNORE INTO fsm (key) VALUES (?)", (name,))
            await conn.execute("UPDATE fsm SET state = ? WHERE key = ?", (value, name))
        self._states[name] = value

    async def get_state(self, key: StorageKey) -> str | None:
        name = _key(key)
        if name not in self._states:
            rows = list(await self.db.conn.execute_fetchall("SELECT state FROM fsm WHERE key = ?", (name,)))
            self._states.setdefault(name, rows[0][0] if rows else None)  # one set meanwhile is newer
        return self._states[name]

    async def set_data(self, key: StorageKey, data: Mapping[str, Any]) -> None:
        name = _key(key)
        text = json.dumps(dict(data), ensure_ascii=False)
        if self._data.get(name) == text:
            return
        async with self.db.batch() as conn:
            await conn.execute("INSERT OR IGNORE INTO fsm (key) VALUES (?)", (name,))
            await conn.execute("UPDATE fsm SET data_json = ? WHERE key = ?", (text, name))
        self._data[name] = text

    async def get_data(self, key: StorageKey) -> dict[str, Any]:
        name = _key(key)
        if name not in self._data:
            rows = list(await self.db.conn.execute_fetchall("SELECT data_json FROM fsm WHERE key = ?", (name,)))
            self._data.setdefault(name, rows[0][0] if rows and rows[0][0] is not None else "{}")
        return dict(json.loads(self._data[name]))

    async def close(self) -> None:
        """The database is closed by its owner."""
