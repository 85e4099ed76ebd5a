"""Webhook delivery for the fake world, as Telegram does it behind a load balancer: every queued update
is POSTed to the next of several bot instances in turn, and taken off the queue only when one answers
200; a refused connection, a dropped one (the instance died) or another status sends it to the next
instance after a short pause, as Telegram retries. Updates are sent concurrently, like Telegram's
`max_connections`; an update is in flight at one instance at a time."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import Counter

import aiohttp

from .world import World

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
RETRY_AFTER_S = 0.2


class WebhookPusher:
    def __init__(self, world: World, targets: list[str], secret: str, *, timeout: float = 90.0) -> None:
        self.world = world
        self.targets = targets
        self.secret = secret
        self.timeout = timeout
        self.handled_by: Counter[str] = Counter()  # target -> updates it answered 200
        self.retries = 0  # deliveries that failed and went to the next instance
        self._turn = itertools.cycle(range(len(targets)))
        self._wake = asyncio.Event()
        self._in_flight: dict[int, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout))
        self.world.updates.add_listener(self._wake.set)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self.world.updates.remove_listener(self._wake.set)
        for task in [self._task, *self._in_flight.values()]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._session is not None:
            await self._session.close()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            for update in self.world.pending_updates:
                uid = int(update["update_id"])
                if uid not in self._in_flight:
                    self._in_flight[uid] = asyncio.create_task(self._deliver(uid, update))
            await self._wake.wait()

    async def _deliver(self, uid: int, update: dict[str, object]) -> None:
        assert self._session is not None
        try:
            while True:
                target = self.targets[next(self._turn)]
                try:
                    async with self._session.post(target, json=update, headers={SECRET_HEADER: self.secret}) as answer:
                        if answer.status == 200:
                            self.handled_by[target] += 1
                            self.world.ack(uid)
                            return
                except (aiohttp.ClientError, TimeoutError, OSError):
                    pass
                self.retries += 1
                await asyncio.sleep(RETRY_AFTER_S)
        finally:
            del self._in_flight[uid]
            self._wake.set()
