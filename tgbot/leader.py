"""One leader at a time among the bot's instances, for the duties only one may run: the deadlines'
scheduler, the outbox sender and the chat rooms' re-sync.

A `Lease` is the right to lead: `acquire` takes it if it is free, `renew` keeps it (False: it was
lost — it expired, and another instance may hold it now), `release` gives it up. `SoleLease` is the
single process's (always its own); `RedisLease` is a Redis key set with NX and a time to live, renewed
by a script that extends it only while it still names this holder; `PostgresLease`
(`tgbot/storage/pg_lease.py`) is PostgreSQL's session advisory lock, which frees itself when its
holder's connection dies (the bot's lease whenever the database is PostgreSQL: `app.choose_lease`).

`Leadership` asks for the lease every `every` seconds and runs the duties' callbacks: `on_lead` when
the lease is won, `on_follow` when it is lost or given up. A leader steps down at the first renewal
that fails, whatever the reason, before its lease can expire under it. A leader that dies without a
word is followed within `ttl + every` seconds; a duty run twice around the change (a deadline fired
by both) is harmless, because what the duties do is idempotent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Protocol

from redis.asyncio import Redis

log = logging.getLogger(__name__)


class Lease(Protocol):
    async def acquire(self) -> bool:
        """Take the lease if nobody holds it; True when this instance holds it now."""
        ...

    async def renew(self) -> bool:
        """Keep the lease; False when it is no longer this instance's."""
        ...

    async def release(self) -> None:
        """Give the lease up (only if it is still this instance's)."""
        ...


class SoleLease:
    """The lease of the only process: always its own."""

    async def acquire(self) -> bool:
        return True

    async def renew(self) -> bool:
        return True

    async def release(self) -> None:
        return None


_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisLease:
    """The lease as a Redis key naming its holder (a random token per instance), living `ttl` seconds."""

    def __init__(self, redis: Redis, *, key: str = "tgbot:leader", ttl: float = 5.0) -> None:
        self.redis = redis
        self.key = key
        self.ttl_ms = int(ttl * 1000)
        self.token = secrets.token_hex(16)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def acquire(self) -> bool:
        if await self.redis.set(self.key, self.token, nx=True, px=self.ttl_ms):
            return True
        return await self.renew()  # already ours (a lost answer to an earlier acquire)

    async def renew(self) -> bool:
        return bool(await self._renew(keys=[self.key], args=[self.token, self.ttl_ms]))

    async def release(self) -> None:
        await self._release(keys=[self.key], args=[self.token])


Duty = Callable[[], Awaitable[None]]


class Leadership:
    def __init__(self, lease: Lease, *, on_lead: Duty, on_follow: Duty, every: float = 1.0) -> None:
        self.lease = lease
        self.on_lead = on_lead
        self.on_follow = on_follow
        self.every = every
        self.leading = False
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    async def start(self) -> None:
        """Contend once now (a sole process leads before this returns), then keep contending in the background."""
        await self.tick()
        self._task = asyncio.create_task(self.run())

    async def run(self) -> None:
        """Contend every `every` seconds until `stop`. (Not stopped by cancelling: a Redis client may turn
        a cancel in the middle of a command into a connection error, which a round survives.)"""
        while not self._stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.every)
                return
            try:
                await self.tick()
            except Exception:  # a duty's callback failed (logged): contend again next round
                log.exception("leadership: starting or ending the duties failed")

    async def tick(self) -> None:
        """Renew the lease if leading, else try to win it; run the duties' callbacks on a change."""
        try:
            held = await (self.lease.renew() if self.leading else self.lease.acquire())
        except Exception as exc:  # the lease's store is unreachable: a leader cannot know it still leads
            log.warning("leadership: the lease could not be %s: %s: %s", "renewed" if self.leading else "taken",
                        type(exc).__name__, exc)
            held = False
        if held and not self.leading:
            self.leading = True
            log.info("leadership: this instance leads")
            try:
                await self.on_lead()
            except BaseException:  # half-started duties are ended and the lease given up for another
                await self._step_down()
                raise
        elif not held and self.leading:
            self.leading = False
            log.warning("leadership: the lease was lost; this instance follows")
            await self.on_follow()

    async def stop(self) -> None:
        """Stop contending; a leader ends its duties and gives the lease up, so another takes over at once."""
        self._stopping.set()
        if self._task is not None:
            await self._task  # the round under way ends first
            self._task = None
        if self.leading:
            await self._step_down()

    async def _step_down(self) -> None:
        self.leading = False
        try:
            await self.on_follow()
        finally:
            with contextlib.suppress(Exception):  # unreachable: the lease expires by itself
                await self.lease.release()
