"""The leader's lease as PostgreSQL's advisory lock (tgbot/storage/pg_lease.py): two never lead at once,
a leader whose session ends is followed at the next round, and the bot picks it on PostgreSQL."""

from __future__ import annotations

import asyncio
import itertools
import time

import asyncpg
import pytest

from tgbot.app import choose_lease
from tgbot.config import Settings
from tgbot.leader import Leadership, RedisLease, SoleLease
from tgbot.redis_shared import LEASE_EVERY_S
from tgbot.storage.pg_lease import PostgresLease


class Contender:
    def __init__(self, url: str, *, every: float) -> None:
        self.log: list[str] = []
        self.lease = PostgresLease(url)
        self.leadership = Leadership(self.lease, on_lead=self._lead, on_follow=self._follow, every=every)

    async def _lead(self) -> None:
        self.log.append("lead")

    async def _follow(self) -> None:
        self.log.append("follow")

    def die(self) -> None:
        """What a SIGKILL leaves: no more rounds, and the session's socket closed by the kernel."""
        self.leadership._stopping.set()
        assert self.lease._conn is not None
        self.lease._conn.terminate()


async def leader_among(contenders: list[Contender], timeout: float) -> Contender:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        leading = [c for c in contenders if c.leadership.leading]
        if leading:
            return leading[0]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no leader within {timeout}s")


_numbers = itertools.count(1)


@pytest.fixture
async def url(postgres_server: str) -> str:
    """A fresh database: advisory locks are per database, so each test has its own leader's lock."""
    name = f"lease_{next(_numbers)}"
    admin = await asyncpg.connect(f"{postgres_server}/postgres")
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return f"{postgres_server}/{name}"


async def test_one_leader_at_a_time_among_three_contenders(url):
    contenders = [Contender(url, every=0.05) for _ in range(3)]
    for c in contenders:
        await c.leadership.start()
    for _ in range(20):
        assert sum(c.leadership.leading for c in contenders) == 1
        await asyncio.sleep(0.05)
    assert [c.log for c in contenders if c.log] == [["lead"]]
    for c in contenders:
        await c.leadership.stop()


async def test_another_contender_takes_over_within_seconds_when_the_leaders_connection_closes(url):
    """With the bot's own round: the lock is free the moment the session ends, so one round is the wait."""
    contenders = [Contender(url, every=LEASE_EVERY_S) for _ in range(2)]
    for c in contenders:
        await c.leadership.start()
    first = await leader_among(contenders, 1.0)
    first.die()
    died = time.monotonic()
    second = await leader_among([c for c in contenders if c is not first], LEASE_EVERY_S + 1.0)
    took = time.monotonic() - died
    print(f"take-over after the leader's session ended: {took:.2f}s (round {LEASE_EVERY_S}s)")
    assert took <= LEASE_EVERY_S + 0.5
    await second.leadership.stop()


async def test_a_polite_stop_frees_the_lock_for_the_next_round(url):
    contenders = [Contender(url, every=0.1) for _ in range(2)]
    for c in contenders:
        await c.leadership.start()
    first = await leader_among(contenders, 1.0)
    await first.leadership.stop()
    assert first.log == ["lead", "follow"]
    second = await leader_among(contenders, 1.0)
    assert second is not first
    await second.leadership.stop()


async def test_a_leader_whose_session_was_ended_by_the_server_steps_down_at_its_next_renewal(url):
    leader = Contender(url, every=0.05)
    await leader.leadership.start()
    assert leader.leadership.leading
    admin = await asyncpg.connect(url)
    try:
        ended = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            " WHERE application_name LIKE 'tgbot leader lease %' AND datname = current_database()")
        assert ended == 1
        deadline = time.monotonic() + 3.0
        while leader.leadership.leading and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert leader.log == ["lead", "follow"]
        # and it leads again at a later round, on a new session, once nobody else holds the lock
        deadline = time.monotonic() + 3.0
        while not leader.leadership.leading and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert leader.log == ["lead", "follow", "lead"]
    finally:
        await admin.close()
        await leader.leadership.stop()


async def test_a_lock_taken_twice_by_a_lost_answer_is_still_freed_by_one_release(url):
    lease, other = PostgresLease(url), PostgresLease(url)
    assert await lease.acquire() and await lease.acquire()  # the session lock counts twice now
    await lease.release()
    assert await other.acquire()
    await other.release()


def test_the_bot_leads_by_postgresqls_lock_on_postgresql_even_with_redis():
    settings = Settings(bot_token="1:x", database_url="postgresql://u@h/db", redis_url="redis://127.0.0.1:6379/0")
    assert isinstance(choose_lease(settings, None), PostgresLease)


def test_the_bot_leads_by_redis_on_sqlite_with_redis_and_alone_without():
    class Shared:
        lease = RedisLease.__new__(RedisLease)

    sqlite = Settings(bot_token="1:x")
    assert isinstance(choose_lease(sqlite, Shared()), RedisLease)  # type: ignore[arg-type]
    assert isinstance(choose_lease(sqlite, None), SoleLease)
