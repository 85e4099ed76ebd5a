"""A stdlib `sqlite3` connection owned by one dedicated thread, awaited from the event loop.

SQLite calls block, so they run in the connection's own thread; each call is one trip there (a
queue put, and the result handed back with `call_soon_threadsafe`). `run(fn)` executes a whole
function in that thread in one trip — `Database.batch()` commits a group of batches that way.
A statement's rows are fetched in the same trip as the statement, so a read costs one trip, and the
cursor it returns holds them in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")

_Request = tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]


class Cursor:
    """What a statement returned: its rows, already fetched (a row is read by index, by column name, or
    with `dict(row)`; an inserted row's id by `INSERT … RETURNING id`, as both back ends say it)."""

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows
        self._next = 0

    async def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[Any]:
        rows, self._next = self._rows[self._next:], len(self._rows)
        return rows


class Statement:
    """`conn.execute(...)`: awaited, or entered with `async with`, it gives the `Cursor`."""

    def __init__(self, conn: Connection, sql: str, parameters: Sequence[Any]) -> None:
        self._conn, self._sql, self._parameters = conn, sql, parameters

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._conn.run(_execute, self._sql, self._parameters).__await__()

    async def __aenter__(self) -> Cursor:
        return await self

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        return None


def _execute(connection: sqlite3.Connection, sql: str, parameters: Sequence[Any]) -> Cursor:
    cur = connection.execute(sql, parameters)
    try:
        return Cursor(cur.fetchall())
    finally:
        cur.close()


def _executemany(connection: sqlite3.Connection, sql: str, rows: list[Sequence[Any]]) -> Cursor:
    cur = connection.executemany(sql, rows)
    try:
        return Cursor([])
    finally:
        cur.close()


def _connect(path: str) -> sqlite3.Connection:
    # Autocommit mode: transactions are the explicit BEGIN IMMEDIATE … COMMIT of `Database`.
    connection = sqlite3.connect(path, isolation_level=None)
    connection.row_factory = sqlite3.Row
    return connection


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if future.done():  # the caller was cancelled: the work is done all the same, nobody waits for it
        return
    if exc is None:
        future.set_result(result)
    else:
        future.set_exception(exc)


class Connection:
    """One `sqlite3` connection and the one thread that ever touches it (sqlite3 checks that)."""

    def __init__(self) -> None:
        self._requests: queue.SimpleQueue[_Request | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="sqlite", daemon=True)
        self._sqlite: sqlite3.Connection | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path) -> Connection:
        conn = cls()
        conn._thread.start()
        try:
            conn._sqlite = await conn._call(_connect, str(path))
        except BaseException:
            conn._stop()
            raise
        return conn

    def _serve(self) -> None:
        """The database thread: run each request in turn and hand its outcome to the caller's loop."""
        while (request := self._requests.get()) is not None:
            future, fn, args = request
            result, error = None, None
            try:
                result = fn(*args)
            except BaseException as exc:
                error = exc
            with contextlib.suppress(RuntimeError):  # the caller's loop is closed: nobody is left to tell
                future.get_loop().call_soon_threadsafe(_settle, future, result, error)
            del request, future, result, error  # nothing of a finished call is kept alive by the thread

    def _call(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        if self._closed:
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._requests.put((future, fn, args))
        return future

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)` in the database thread, in one trip."""
        return await self._call(fn, self._sqlite, *args)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Statement:
        return Statement(self, sql, parameters)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Cursor:
        return await self.run(_executemany, sql, list(parameters))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return await (await self.execute(sql, parameters)).fetchall()

    async def close(self) -> None:
        """Close the connection and end its thread (again: nothing)."""
        if self._closed:
            return
        try:
            if self._sqlite is not None:
                await self.run(sqlite3.Connection.close)
        finally:
            self._stop()

    def _stop(self) -> None:
        self._closed = True
        self._requests.put(None)
