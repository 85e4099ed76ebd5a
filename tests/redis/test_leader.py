"""The leader's lease in Redis (tgbot/leader.py RedisLease): one leader at a time, a silent death is
followed within seconds, a leader whose lease expired steps down."""

from __future__ import annotations

import asyncio
import time

from tgbot.leader import Leadership, RedisLease
from tgbot.redis_shared import LEASE_EVERY_S, LEASE_TTL_S


class Contender:
    def __init__(self, redis, *, ttl: float, every: float) -> None:
        self.log: list[str] = []
        self.lease = RedisLease(redis, ttl=ttl)
        self.leadership = Leadership(self.lease, on_lead=self._lead, on_follow=self._follow, every=every)

    async def _lead(self) -> None:
        self.log.append("lead")

    async def _follow(self) -> None:
        self.log.append("follow")

    def die(self) -> None:
        """Stop renewing without a word (SIGKILL): the lease stays until it expires."""
        self.leadership._stopping.set()  # its rounds end, with no word to the lease


async def leader_among(contenders: list[Contender], timeout: float) -> Contender:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        leading = [c for c in contenders if c.leadership.leading]
        if leading:
            return leading[0]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no leader within {timeout}s")


async def test_one_leader_at_a_time_among_three_contenders(redis):
    contenders = [Contender(redis, ttl=1.0, every=0.05) for _ in range(3)]
    for c in contenders:
        await c.leadership.start()
    for _ in range(30):  # 1.5 s: more than a lease's life, renewed all along
        assert sum(c.leadership.leading for c in contenders) == 1
        await asyncio.sleep(0.05)
    assert [c.log for c in contenders if c.log] == [["lead"]]
    for c in contenders:
        await c.leadership.stop()


async def test_another_contender_takes_over_within_seconds_when_the_leader_stops_renewing(redis):
    """With the bot's own lease settings: the take-over comes within the lease's life and one round."""
    contenders = [Contender(redis, ttl=LEASE_TTL_S, every=LEASE_EVERY_S) for _ in range(2)]
    for c in contenders:
        await c.leadership.start()
    first = await leader_among(contenders, 1.0)
    first.die()
    died = time.monotonic()
    second = await leader_among([c for c in contenders if c is not first], LEASE_TTL_S + LEASE_EVERY_S + 1.0)
    took = time.monotonic() - died
    print(f"take-over after a silent death: {took:.2f}s (lease {LEASE_TTL_S}s, round {LEASE_EVERY_S}s)")
    assert took <= LEASE_TTL_S + LEASE_EVERY_S + 0.2
    await second.leadership.stop()


async def test_a_polite_stop_hands_the_lease_over_at_the_next_round(redis):
    contenders = [Contender(redis, ttl=5.0, every=0.1) for _ in range(2)]
    for c in contenders:
        await c.leadership.start()
    first = await leader_among(contenders, 1.0)
    stopped = time.monotonic()
    await first.leadership.stop()
    assert first.log == ["lead", "follow"]
    second = await leader_among(contenders, 1.0)
    assert second is not first and time.monotonic() - stopped < 0.5
    await second.leadership.stop()


async def test_a_leader_whose_lease_expired_steps_down_at_its_next_renewal(redis):
    """A leader that stalled past its lease (a long pause) finds another holder and ends its duties."""
    stalled, other = Contender(redis, ttl=0.3, every=60), Contender(redis, ttl=5.0, every=60)
    await stalled.leadership.tick()
    await asyncio.sleep(0.4)  # the lease expires while the leader does not renew
    await other.leadership.tick()
    assert other.leadership.leading
    await stalled.leadership.tick()
    assert not stalled.leadership.leading and stalled.log == ["lead", "follow"]
    assert await redis.get("tgbot:leader") == other.lease.token.encode()


async def test_a_lease_is_given_up_only_by_its_holder(redis):
    holder, intruder = RedisLease(redis), RedisLease(redis)
    assert await holder.acquire()
    assert not await intruder.acquire()
    await intruder.release()
    assert not await intruder.renew()
    assert await holder.renew()
    await holder.release()
    assert await intruder.acquire()
