"""The database: one interface, two back ends — SQLite (the default: a connection in WAL mode in its own
thread, `tgbot/storage/connection.py`) and PostgreSQL (`tgbot/storage/postgres.py`, chosen by
`Database.open("postgresql://…")`) — migrations, explicit transactions.

Two kinds of transaction: `transaction()` runs each statement as it is awaited (for the few changes
that read inside their transaction), `batch()` records the statements and runs them all in one trip
to the database thread — every trip costs a thread hand-over, and a player's click is one batch.
Batches that arrive together are committed together (group commit), each in its own savepoint.
"""

from __future__ import annotations

import abc
import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Generator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from tgbot.storage.connection import Connection, Cursor
from tgbot.storage.migrations import MIGRATIONS


class Statement(Protocol):
    """`conn.execute(...)`: awaited, or entered with `async with`, it gives the `Cursor`."""

    def __await__(self) -> Generator[Any, None, Cursor]: ...

    async def __aenter__(self) -> Cursor: ...

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None: ...


class SqlConnection(Protocol):
    """A connection of either back end, in SQLite's words (`?` placeholders; see `dialect.py`)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Statement: ...

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Cursor: ...

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ...) -> list[Any]: ...


class Writer(Protocol):
    """What a repository method that only writes needs: a transaction of either kind (`after_commit`
    tells the two apart)."""

    async def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Any: ...

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Any: ...


def after_commit(conn: Writer, callback: Callable[[], None]) -> None:
    """Run `callback` once what `conn` wrote is committed: at the end of a batch; at once in a
    `transaction()`, whose statements already ran on the connection every reader uses."""
    if isinstance(conn, Batch):
        conn.committed.append(callback)
    else:
        callback()


class Batch:
    """Statements recorded for one transaction; `Database.batch()` runs them together, then the
    `committed` callbacks (caches that must see the change: a reader that missed a cache while the
    batch was waiting read the old rows and may have kept them)."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, Sequence[Any], bool]] = []
        self.committed: list[Callable[[], None]] = []

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        self.statements.append((sql, parameters, False))

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        rows = list(parameters)
        if rows:
            self.statements.append((sql, rows, True))


Statements = list[tuple[str, Any, bool]]


def _run_group(connection: sqlite3.Connection, batches: list[Statements]) -> list[BaseException | None]:
    """In the database thread: one transaction for several batches (group commit), each batch in its
    own savepoint so that one the database refuses is undone alone. The outcome of each batch."""
    outcomes: list[BaseException | None] = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        for statements in batches:
            connection.execute("SAVEPOINT batch")
            try:
                for sql, parameters, many in statements:
                    if many:
                        connection.executemany(sql, parameters)
                    else:
                        connection.execute(sql, parameters)
            except Exception as exc:  # this batch only
                connection.execute("ROLLBACK TO batch")
                outcomes.append(exc)
            else:
                outcomes.append(None)
            connection.execute("RELEASE batch")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return outcomes


class Database(abc.ABC):
    """What the bot stores through: `conn` for reads (committed rows), `transaction()` and `batch()` for
    writes, `hold_game()` around each change of a game. `Database.open` picks the back end."""

    def __init__(self, conn: SqlConnection) -> None:
        self.conn = conn
        # Writes go through one connection at a time: transactions must not interleave on it.
        self._lock = asyncio.Lock()
        self.on_rollback: list[Callable[[], None]] = []  # caches that must forget uncommitted data
        self._waiting: list[tuple[Statements, asyncio.Future[None]]] = []  # batches for the next commit
        self._writer: asyncio.Task[None] | None = None

    @staticmethod
    async def open(target: str | Path) -> Database:
        """A PostgreSQL database for a `postgresql://…` URL, else the SQLite file at `target`; migrated."""
        if is_postgres_url(target):
            from tgbot.storage.postgres import PostgresDatabase

            return await PostgresDatabase.connect(str(target))
        return await SqliteDatabase.connect(target)

    @abc.abstractmethod
    async def close(self) -> None: ...

    @abc.abstractmethod
    async def version(self) -> int:
        """How many migrations the database has."""

    @abc.abstractmethod
    async def migrate(self) -> None: ...

    @abc.abstractmethod
    def _writing(self) -> AbstractAsyncContextManager[SqlConnection]:
        """A transaction on the writing connection: committed at the end, rolled back if the block raises."""

    @abc.abstractmethod
    async def _commit_group(self, batches: list[Statements]) -> list[BaseException | None]:
        """One transaction for several batches (group commit), each batch in its own savepoint so that
        one the database refuses is undone alone. The outcome of each batch."""

    def hold_game(self, game_id: int) -> AbstractAsyncContextManager[int | None]:
        """Held around each change of a game, inside the process's own lock of it: where several
        processes share the database, their lock of the game there, yielding the game's stored
        `version` (a cached state older than it is stale); None where this process is the only one."""
        return _alone()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlConnection]:
        """BEGIN … COMMIT, or ROLLBACK if the block raises; one at a time."""
        async with self._lock:
            try:
                async with self._writing() as conn:
                    yield conn
            except BaseException:
                for forget in self.on_rollback:
                    forget()
                raise

    @asynccontextmanager
    async def batch(self) -> AsyncIterator[Batch]:
        """A write-only transaction: statements are recorded in the block and run at its end in one
        go (with the others waiting for the same commit). Nothing is written if the block raises; if
        the database refuses a statement, nothing is either, the caches are told, and the error
        propagates."""
        batch = Batch()
        try:
            yield batch
            if batch.statements:
                future = asyncio.get_running_loop().create_future()
                self._waiting.append((batch.statements, future))
                if self._writer is None or self._writer.done():
                    self._writer = asyncio.create_task(self._write_waiting())
                try:
                    await asyncio.shield(future)  # a cancelled caller does not cancel the others' commit
                except asyncio.CancelledError:  # nor forget its caches before its own commit is done
                    await asyncio.wait([future])
                    raise
            for done in batch.committed:
                done()
        except BaseException:
            for forget in self.on_rollback:
                forget()
            raise

    async def _write_waiting(self) -> None:
        """Commit every waiting batch, in groups: while one group is being written, the batches that
        arrive wait for the next one (one commit for all of them)."""
        while self._waiting:
            group, self._waiting = self._waiting, []
            try:
                async with self._lock:
                    outcomes = await self._commit_group([s for s, _ in group])
            except BaseException as exc:  # the commit itself failed: nothing of the group is written
                for _, future in group:
                    if not future.done():
                        future.set_exception(exc)
                if not isinstance(exc, Exception):
                    raise
                continue
            for (_, future), outcome in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)


class DatabaseUnavailable(Exception):
    """The database cannot be reached or refuses us at start-up; the message is one line naming it
    (never its password)."""


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


@asynccontextmanager
async def _alone() -> AsyncIterator[None]:
    yield None


class SqliteDatabase(Database):
    """SQLite: one connection in its own thread (WAL); a batch group is one trip to that thread."""

    conn: Connection

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteDatabase:
        """Open (creating the folder and file if needed), switch to WAL, and migrate."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await Connection.open(path)
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
    async def _writing(self) -> AsyncIterator[SqlConnection]:
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        await self.conn.execute("COMMIT")

    async def _commit_group(self, batches: list[Statements]) -> list[BaseException | None]:
        return await self.conn.run(_run_group, batches)
