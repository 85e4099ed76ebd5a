"""The leader's lease as a PostgreSQL session-level advisory lock (`tgbot/leader.py` `Lease`).

The leader holds `pg_advisory_lock(LEADER_LOCK)` on a connection of its own, outside every pool. The
server frees the lock the moment that session ends: a SIGKILLed process's socket is closed by its
kernel, so the next contender's round wins; a machine that vanishes is noticed by TCP (the session's
`tcp_user_timeout` and keep-alives below). There is no time to live to wait out.

`renew` checks that the connection still answers (a session lock is lost only with its session); a
failed or slow answer ends the connection, so a leader that steps down cannot keep the lock behind it.
`release` closes the connection, which frees the lock however many times it was taken.
"""

from __future__ import annotations

import contextlib
import os

import asyncpg

# Advisory lock keys of the bot besides the games' own ids (≥ 1): see tgbot/storage/postgres.py MIGRATION_LOCK.
LEADER_LOCK = -20
ANSWER_WITHIN_S = 2.0  # a renewal not answered this fast counts as lost (rounds are 1 s apart)
# The server notices a dead peer within about 10 s even with no FIN from it (a lost machine, a cut cable).
_SESSION = {"tcp_user_timeout": "6000", "tcp_keepalives_idle": "3", "tcp_keepalives_interval": "1",
            "tcp_keepalives_count": "3"}
APPLICATION = "tgbot leader lease"  # pg_stat_activity shows which process leads: "tgbot leader lease <pid>"


class PostgresLease:
    def __init__(self, url: str, *, key: int = LEADER_LOCK) -> None:
        self.url = url
        self.key = key
        self._conn: asyncpg.Connection | None = None

    async def acquire(self) -> bool:
        if self._conn is None or self._conn.is_closed():
            session = _SESSION | {"application_name": f"{APPLICATION} {os.getpid()}"}
            self._conn = await asyncpg.connect(self.url, timeout=ANSWER_WITHIN_S, server_settings=session)
        try:
            won = await self._conn.fetchval("SELECT pg_try_advisory_lock($1)", self.key, timeout=ANSWER_WITHIN_S)
        except BaseException:
            await self._drop()
            raise
        return bool(won)

    async def renew(self) -> bool:
        if self._conn is None or self._conn.is_closed():
            return False
        try:
            await self._conn.fetchval("SELECT 1", timeout=ANSWER_WITHIN_S)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await self._drop()
            return False
        return True

    async def release(self) -> None:
        await self._drop()

    async def _drop(self) -> None:
        """End the session (and with it the lock): politely if it answers, else by closing the socket."""
        conn, self._conn = self._conn, None
        if conn is None or conn.is_closed():
            return
        try:
            await conn.close(timeout=ANSWER_WITHIN_S)
        except Exception:
            with contextlib.suppress(Exception):
                conn.terminate()
