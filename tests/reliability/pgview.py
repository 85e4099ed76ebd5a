"""`DbView` over PostgreSQL: the same synchronous reads (the drivers call them inside predicates), run
by asyncpg on a loop of their own in a helper thread."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import asyncpg

from tests.reliability.dbview import DbView
from tgbot.storage.dialect import to_postgres


class PgView(DbView):
    def __init__(self, url: str) -> None:
        self.url = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._conn: asyncpg.Connection = self._call(asyncpg.connect(url))

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(30)

    def rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return list(self._call(self._conn.fetch(to_postgres(sql), *args)))
        except asyncpg.UndefinedTableError:
            return []

    def fetchval(self, sql: str, *args: Any) -> Any:
        return self._call(self._conn.fetchval(sql, *args))

    def close(self) -> None:
        self._call(self._conn.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
