"""What the instances of one bot share through Redis when `REDIS_URL` is set.

- the FSM (aiogram's `RedisStorage`): every instance sees the dialogue another one advanced;
- one user's updates handled by one instance at a time (aiogram's `RedisEventIsolation`, a lock per
  user and chat that frees itself after `LOCK_TTL_S` if its holder died);
- the delivery's pacing (`tgbot/redis_pacing.py`): one budget of Telegram's limits for all;
- the leader's lease (`tgbot/leader.py`), on SQLite (on PostgreSQL the database's own lock leads: `app.choose_lease`);
- nudges to the leader's delivery when another instance queued messages (`tgbot/nudges.py`).

Keys are prefixed `tgbot:`. Redis must keep what it is given (`appendonly yes`): the FSM holds
half-finished dialogues (docs/architecture.md, "Several instances").
"""

from __future__ import annotations

from dataclasses import dataclass

from aiogram.fsm.storage.base import DefaultKeyBuilder
from aiogram.fsm.storage.redis import RedisEventIsolation, RedisStorage
from redis.asyncio import Redis

from tgbot.leader import RedisLease
from tgbot.nudges import Nudges
from tgbot.pacing import Limits
from tgbot.redis_pacing import RedisPacing

# A handler holds its user's lock while it runs (a few seconds at most, even waiting for the pacer);
# a lock whose instance died frees itself after this long.
LOCK_TTL_S = 30
LEASE_TTL_S = 5.0  # a leader that stops renewing is followed within this and one contender's round
LEASE_EVERY_S = 1.0
REDIS_TIMEOUT_S = 3.0


@dataclass
class Shared:
    redis: Redis
    storage: RedisStorage
    isolation: RedisEventIsolation
    pacing: RedisPacing
    lease: RedisLease
    nudges: Nudges


def shared_by_redis(url: str, limits: Limits) -> Shared:
    # A Redis that stops answering fails a command after a few seconds (a leader then steps down) instead of never.
    redis = Redis.from_url(url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S)
    keys = DefaultKeyBuilder(prefix="tgbot:fsm", with_destiny=True)
    return Shared(
        redis=redis,
        storage=RedisStorage(redis, key_builder=keys),
        isolation=RedisEventIsolation(redis, key_builder=keys, lock_kwargs={"timeout": LOCK_TTL_S}),
        pacing=RedisPacing(redis, limits),
        lease=RedisLease(redis, ttl=LEASE_TTL_S),
        nudges=Nudges(redis),
    )
