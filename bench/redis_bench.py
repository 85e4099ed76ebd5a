"""Telegram's limits counted in Redis for several instances (tgbot/redis_pacing.py): a burst that three
deliveries — three instances, each its own outbox — send together through one Redis, against the least time
the limits allow. The fake Telegram runs on the real clock and refuses (429) anything over the limits."""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from redis.asyncio import Redis

from tgbot.delivery import Delivery
from tgbot.pacing import Limits, least_time
from tgbot.redis_pacing import RedisPacing
from tgbot.sandbox.faketg import FakeTelegram, World
from tgbot.storage import Database, OutboxMessage, Repository

MARGIN_S = 0.05  # what each window keeps in hand (the instances' clocks and the trip to Redis)


async def three_instance_burst(redis: Redis, folder: Path, users: int = 45) -> tuple[World, dict[str, Any]]:
    """Each of three instances queues one message to each of `users` private chats and drains its outbox;
    the world (to check what arrived) and the figures."""
    world = World(rate_limits=True)
    people = [world.add_user(f"U{n}", started=True) for n in range(users)]
    deliveries, closing = [], []
    for n in range(3):
        tg = FakeTelegram(world=world)
        db = await Database.open(folder / f"bot{n}.sqlite3")
        repo = Repository(db)
        async with db.transaction() as conn:
            for user in people:
                await repo.enqueue(conn, OutboxMessage(chat_id=user.id, text=f"from {n}"), now=time.time())
        deliveries.append(Delivery(tg.bot, repo, pacing=RedisPacing(redis, Limits(), margin_s=MARGIN_S)))
        closing += [db.close, tg.close]
    least = least_time(Counter(u.id for u in people for _ in range(3)), Limits())
    start = time.monotonic()
    await asyncio.gather(*(d.drain(timeout=60) for d in deliveries))
    elapsed = time.monotonic() - start
    for close in closing:
        await close()
    return world, {
        "redis_burst_messages": 3 * users,
        "redis_burst_s": round(elapsed, 2),
        "redis_burst_min_s": least,
        "redis_burst_vs_limit": round(elapsed / least, 3) if least else None,
        "redis_burst_429": sum(world.limits.rejected.values()),
    }


async def _measure() -> dict[str, Any]:
    from tests.redis.server import RedisServer  # a throwaway redis-server (its binary must be installed)

    with tempfile.TemporaryDirectory() as tmp:
        server = RedisServer(Path(tmp))
        try:
            client = Redis.from_url(server.url)
            try:
                _world, figures = await three_instance_burst(client, Path(tmp))
            finally:
                await client.aclose()
        finally:
            server.stop()
    return figures


def run() -> dict[str, Any]:
    return asyncio.run(_measure())
