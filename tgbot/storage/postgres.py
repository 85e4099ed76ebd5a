"""PostgreSQL through asyncpg: the same `Database` as SQLite's, for several bot processes sharing one truth.

Statements arrive in SQLite's words and are translated once (`dialect.to_postgres`). Three pools of
connections, so that nothing waits for a connection held by someone who waits for it in turn:
- reads take any connection of `reads` and see what is committed;
- writes (`transaction()`, a group of batches) run one at a time on a connection of `writes`;
- each change of a game holds a connection of `games` with a transaction open on
  `pg_advisory_xact_lock(game_id)` (`hold_game`): another process changing the same game waits, and
  the lock frees itself if its holder dies (its connection closes).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from tgbot.storage.connection import Cursor
from tgbot.storage.db import Database, DatabaseUnavailable, SqlConnection, Statements
from tgbot.storage.dialect import to_postgres
from tgbot.storage.migrations import PG_MIGRATIONS

# The advisory lock key under which one process at a time migrates (games lock their own id, ≥ 1).
MIGRATION_LOCK = -19


async def _execute(conn: asyncpg.Connection, sql: str, parameters: Sequence[Any]) -> Cursor:
    return Cursor(list(await conn.fetch(to_postgres(sql), *parameters)))


async def _as_it_is(conn: asyncpg.Connection) -> None:
    """A connection goes back to its pool as it is: the bot changes no session state (no SET, no
    LISTEN, advisory locks only per transaction), so asyncpg's reset query — one more round trip per
    statement outside a transaction — has nothing to undo (an open transaction is still rolled back)."""


def without_password(url: str) -> str:
    """The URL to show in a message: its password replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


class _Statement:
    def __init__(self, run: Any, sql: str, parameters: Sequence[Any]) -> None:
        self._run, self._sql, self._parameters = run, sql, parameters

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._run(self._sql, self._parameters).__await__()

    async def __aenter__(self) -> Cursor:
        return await self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        return None


async def _run_batch(conn: asyncpg.Connection, statements: Statements) -> None:
    for sql, parameters, many in statements:
        if many:
            await conn.executemany(to_postgres(sql), parameters)
        else:
            await conn.execute(to_postgres(sql), *parameters)


class PooledConnection:
    """Reads (and single statements) on any connection of a pool: each statement commits alone."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def _run(self, sql: str, parameters: Sequence[Any]) -> Cursor:
        async with self.pool.acquire() as conn:
            return await _execute(conn, sql, parameters)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> _Statement:
        return _Statement(self._run, sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Cursor:
        async with self.pool.acquire() as conn:
            await conn.executemany(to_postgres(sql), list(parameters))
        return Cursor([])

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return await (await self.execute(sql, parameters)).fetchall()


class HeldConnection:
    """One connection, inside a transaction the caller opened on it."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def _run(self, sql: str, parameters: Sequence[Any]) -> Cursor:
        return await _execute(self._conn, sql, parameters)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> _Statement:
        return _Statement(self._run, sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Cursor:
        await self._conn.executemany(to_postgres(sql), list(parameters))
        return Cursor([])

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return await (await self.execute(sql, parameters)).fetchall()


class PostgresDatabase(Database):
    conn: PooledConnection

    def __init__(self, reads: asyncpg.Pool, writes: asyncpg.Pool, games: asyncpg.Pool) -> None:
        super().__init__(PooledConnection(reads))
        self._writes, self._games = writes, games

    @classmethod
    async def connect(cls, url: str, *, reads: int = 4, games: int = 16) -> PostgresDatabase:
        """Connect to `url` and migrate (one process at a time)."""
        pools: list[asyncpg.Pool] = []
        try:
            for size in (reads, 1, games):
                pools.append(await asyncpg.create_pool(url, min_size=1, max_size=size, reset=_as_it_is))
        except BaseException as exc:
            for pool in pools:
                await pool.close()
            if isinstance(exc, OSError | asyncpg.PostgresError | asyncpg.InterfaceError):
                detail = " ".join(str(exc).split())[:300]
                raise DatabaseUnavailable(f"Cannot use the PostgreSQL database at {without_password(url)} ({detail}): "
                                          "check DATABASE_URL and that the server runs.") from exc
            raise
        db = cls(*pools)
        try:
            await db.migrate()
        except BaseException:
            await db.close()
            raise
        return db

    async def close(self) -> None:
        for pool in (self.conn.pool, self._writes, self._games):
            await pool.close()

    async def version(self) -> int:
        async with self._writes.acquire() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn: asyncpg.Connection) -> int:
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(value or 0)

    async def migrate(self) -> None:
        async with self._lock, self._writes.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await self._version(conn)
            for number, script in enumerate(PG_MIGRATIONS[current:], start=current + 1):
                await conn.execute(script)
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[SqlConnection]:
        async with self._writes.acquire() as conn, conn.transaction():
            yield HeldConnection(conn)

    async def _commit_group(self, batches: list[Statements]) -> list[BaseException | None]:
        outcomes: list[BaseException | None] = []
        async with self._writes.acquire() as conn, conn.transaction():
            if len(batches) == 1:  # alone, its failure is the transaction's: no savepoint (two round trips fewer)
                await _run_batch(conn, batches[0])
                return [None]
            for statements in batches:
                try:
                    async with conn.transaction():  # a savepoint: this batch only
                        await _run_batch(conn, statements)
                except Exception as exc:
                    outcomes.append(exc)
                else:
                    outcomes.append(None)
        return outcomes

    @asynccontextmanager
    async def hold_game(self, game_id: int) -> AsyncIterator[int | None]:
        if not 0 < game_id < 2**63:  # no game has it (the number came from a button or a command)
            yield None
            return
        async with self._games.acquire() as conn, conn.transaction():
            version = await conn.fetchval("SELECT hold_game($1)", game_id)  # migrations.py: lock, then read
            yield None if version is None else int(version)
