"""The delivery's pacing counted in Redis (tgbot/redis_pacing.py): one atomic script admits a send under
all three of Telegram's limits for every instance together."""

from __future__ import annotations

import asyncio
import time

from redis.asyncio import Redis

from bench.redis_bench import three_instance_burst
from tgbot.delivery import Delivery, DirectSends
from tgbot.pacing import Limits
from tgbot.redis_pacing import RedisPacing
from tgbot.sandbox.faketg import FakeTelegram, World
from tgbot.storage import Database, Repository

MARGIN = 0.05


def pacing(redis: Redis, limits: Limits | None = None) -> RedisPacing:
    return RedisPacing(redis, limits or Limits(), margin_s=MARGIN)


async def test_a_private_chat_gets_one_message_a_second_across_instances(redis):
    one, two = pacing(redis), pacing(redis)
    assert await one.admit(101) == 0.0
    wait = await two.admit(101)
    assert 1.0 < wait <= 1.0 + MARGIN
    assert await two.admit(102) == 0.0  # another chat is not held up


async def test_the_bot_wide_budget_of_thirty_a_second_is_shared_by_every_instance(redis):
    instances = [pacing(redis) for _ in range(3)]
    for n in range(30):
        assert await instances[n % 3].admit(1000 + n) == 0.0
        await instances[n % 3].answered(1000 + n)
    wait = await instances[0].admit(2000)
    assert 0.9 < wait <= 1.0


async def test_a_send_counts_in_the_bot_wide_second_from_its_answer_and_as_in_flight_until_then(redis):
    one, two = pacing(redis, Limits(global_per_s=3)), pacing(redis, Limits(global_per_s=3))
    for chat in (1, 2, 3):
        assert await one.admit(chat) == 0.0
    assert 0 < await two.admit(4) <= 0.01  # three in flight: the next waits for an answer
    await asyncio.sleep(0.3)  # the sends are slow to reach Telegram
    for chat in (1, 2, 3):
        await one.answered(chat)
    assert 0.95 < await two.admit(4) <= 1.0  # a full second from the answers, not 0.7 from the admissions


async def test_a_send_whose_sender_died_before_the_answer_stops_counting(redis):
    dying = RedisPacing(redis, Limits(global_per_s=1), margin_s=MARGIN, flight_s=0.2)
    assert await dying.admit(1) == 0.0  # …and its instance is killed before Telegram answers
    other = pacing(redis, Limits(global_per_s=1))
    assert await other.admit(2) > 0
    await asyncio.sleep(0.25)
    assert await other.admit(2) == 0.0


async def test_a_refused_send_counts_against_no_limit(redis):
    limits = Limits(global_per_s=2)
    one = pacing(redis, limits)
    assert await one.admit(1) == 0.0
    assert await one.admit(1) > 0  # the chat's interval refuses it: the bot-wide window must not count it
    assert await one.admit(2) == 0.0
    assert await one.admit(3) > 0  # two in the last second: full


async def test_a_group_gets_twenty_messages_a_minute_across_instances(redis):
    one, two = pacing(redis), pacing(redis)
    for n in range(20):
        assert await (one if n % 2 else two).admit(-500, spread=False) == 0.0
    wait = await one.admit(-500, spread=False)
    assert 59.0 < wait <= 60.0 + MARGIN


async def test_the_queue_spreads_a_groups_messages_and_a_reply_need_not_wait_for_the_spread(redis):
    one = pacing(redis)
    assert await one.admit(-7) == 0.0
    assert await one.admit(-7) > 0.9  # a third of a minute's even spacing: 1 s
    assert await one.admit(-7, spread=False) == 0.0


async def test_a_429_pauses_the_chat_for_every_instance(redis):
    one, two = pacing(redis), pacing(redis)
    await one.pause(55, 3.0)
    assert 2.9 < await two.admit(55) <= 3.0
    await one.pause(55, 1.0)  # a shorter pause does not cut the longer one short
    assert await two.admit(55) > 2.0
    await one.pause(None, 2.0)
    assert await two.admit(56) > 1.9


async def test_a_message_is_counted_from_when_telegram_answered_it(redis):
    one, two = pacing(redis), pacing(redis)
    assert await one.admit(101) == 0.0
    await asyncio.sleep(0.3)  # on its way to Telegram
    await one.answered(101)
    wait = await two.admit(101)
    assert 1.0 < wait <= 1.0 + MARGIN  # a second after it landed, not 0.7 s (a second after its admission)


async def test_an_answered_message_stays_in_the_bot_wide_window_a_second_from_its_answer(redis):
    one = pacing(redis, Limits(global_per_s=2))
    assert await one.admit(1) == 0.0
    assert await one.admit(2) == 0.0
    await asyncio.sleep(0.5)
    await one.answered(1)
    await one.answered(2)
    assert 0.9 < await one.admit(3) <= 1.0 + MARGIN  # full for a second from their landing, not 0.5 s


async def test_a_forced_send_is_counted(redis):
    one = pacing(redis)
    assert await one.admit(9) == 0.0
    assert await one.admit(9, force=True) == 0.0
    assert await one.admit(9) > 1.0


async def test_every_key_expires_when_it_can_no_longer_matter(redis):
    one = pacing(redis)
    await one.admit(9)
    await one.admit(-9)
    await one.answered(-9)
    await one.pause(9, 2.0)
    for key in await redis.keys("tgbot:pace:*"):
        ttl = await redis.pttl(key)
        assert 0 < ttl <= 62_000, key


async def test_three_instances_send_a_burst_without_a_429(redis, tmp_path):
    """Three deliveries (three instances, each its own outbox) share Redis's count; every user gets a message
    from each of them, and the fake Telegram, on the real clock, refuses nothing. How close to the least time
    the limits allow is a figure of the bench (bench/redis_bench.py: redis_burst_vs_limit), not a test."""
    world, figures = await three_instance_burst(redis, tmp_path)
    assert figures["redis_burst_429"] == 0, f"429s: {dict(world.limits.rejected)}"
    assert all(sorted(world.texts_in(u)) == ["from 0", "from 1", "from 2"] for u in world.users.values()
               if not u.is_bot)
    assert figures["redis_burst_min_s"] == 4.0  # 135 messages at 30 a second in all (3 a chat need only 2 s)


def replying_instances(redis, world: World, db: Database, n: int) -> list[FakeTelegram]:
    """`n` instances' bots on one fake Telegram, each sending its handlers' own messages through the pacer
    (DirectSends) that the Redis pacing shares."""
    bots = []
    for _ in range(n):
        tg = FakeTelegram(world=world)
        tg.bot.session.middleware(DirectSends(Delivery(tg.bot, Repository(db), pacing=pacing(redis))))
        bots.append(tg)
    return bots


async def test_replies_of_three_instances_to_one_user_keep_a_second_apart(redis, tmp_path):
    """Handlers' own messages (DirectSends) on three instances spend the same per-chat budget: no 429."""
    world = World(rate_limits=True)
    db = await Database.open(tmp_path / "bot.sqlite3")
    alice = world.add_user("Alice", started=True)
    bots = replying_instances(redis, world, db, 3)
    start = time.monotonic()
    await asyncio.gather(*(tg.bot.send_message(alice.id, f"reply {n}") for n, tg in enumerate(bots)))
    elapsed = time.monotonic() - start
    for tg in bots:
        await tg.close()
    await db.close()
    assert sorted(world.texts_in(alice)) == ["reply 0", "reply 1", "reply 2"]
    assert sum(world.limits.rejected.values()) == 0
    assert 2.0 <= elapsed < 2.0 * 1.15 + 3 * MARGIN


async def test_the_script_takes_the_limits_it_is_given(redis):
    one = pacing(redis, Limits(global_per_s=5, private_interval_s=0.5, group_per_min=3))
    for _ in range(3):
        assert await one.admit(-1, spread=False) == 0.0
        await one.answered(-1)
    assert await one.admit(-1, spread=False) > 59.0
    assert await one.admit(1) == 0.0
    await one.answered(1)
    assert 0.4 < await one.admit(1) <= 0.5 + MARGIN
    assert await one.admit(2) == 0.0  # the fifth in this second
    await one.answered(2)
    assert await one.admit(3) > 0.9


async def test_the_bot_wide_wait_is_the_shared_budget_and_the_bots_pause_not_a_chats(redis):
    one, two = pacing(redis), pacing(redis)
    assert await one.admit(101) == 0.0 and await one.admit(101) > 0  # the chat waits…
    await one.pause(102, 5.0)
    assert await two.bot_wide_wait() == 0.0  # …but another chat may go
    await one.answered(101)
    for n in range(29):
        assert await one.admit(1000 + n) == 0.0
        await one.answered(1000 + n)
    assert 0.9 < await two.bot_wide_wait() <= 1.0  # thirty counted by any instance: everyone waits
    await one.pause(None, 3.0)
    assert 2.9 < await two.bot_wide_wait() <= 3.0


class LateTrip:
    """A request middleware (inside `DirectSends`) that holds the first message `seconds` on its way to
    Telegram: the process was scheduled late, or the network was slow."""

    def __init__(self, seconds: float) -> None:
        self.delays = [seconds]

    async def __call__(self, make_request, bot, method):
        if self.delays:
            await asyncio.sleep(self.delays.pop())
        return await make_request(bot, method)


async def test_a_reply_that_reaches_telegram_late_holds_the_next_reply_of_another_instance(redis, tmp_path):
    """Two instances reply to one user; the first reply is 0.4 s on its way after its admission. The
    second must land a second after it arrived (Telegram's count), not after it was admitted: no 429."""
    world = World(rate_limits=True)
    db = await Database.open(tmp_path / "bot.sqlite3")
    alice = world.add_user("Alice", started=True)
    bots = replying_instances(redis, world, db, 2)
    bots[0].bot.session.middleware(LateTrip(0.4))
    first = asyncio.create_task(bots[0].bot.send_message(alice.id, "reply 0"))
    await asyncio.sleep(0.05)  # admitted, on its way
    await bots[1].bot.send_message(alice.id, "reply 1")
    await first
    for tg in bots:
        await tg.close()
    await db.close()
    assert world.texts_in(alice) == ["reply 0", "reply 1"]
    assert sum(world.limits.rejected.values()) == 0
