"""An aiosqlite connection in WAL mode with migrations and explicit transactions."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from tgbot.storage.migrations import MIGRATIONS


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        # One connection is shared by every coroutine: transactions must not interleave on it.
        self._lock = asyncio.Lock()
        self.on_rollback: list[Callable[[], None]] = []  # caches that must forget uncommitted data

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating the folder and file if needed), switch to WAL, and migrate."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        db = cls(conn)
        await db.migrate()
        return db

    async def close(self) -> None:
        await self.conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.version()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self.transaction():
                for statement in filter(str.strip, script.split(";")):
                    await self.conn.execute(statement)
                await self.conn.execute(f"PRAGMA user_version={number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK if the block raises; one at a time."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                for forget in self.on_rollback:
                    forget()
                raise
            await self.conn.execute("COMMIT")
