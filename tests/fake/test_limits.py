"""Flood limits: 1 msg/s per private chat, 20 msg/min per group, 30 msg/s overall, with a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram.exceptions import TelegramRetryAfter

from tgbot.sandbox.faketg import FakeTelegram, LimitConfig, ManualClock, Window, World


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def limited(clock: ManualClock) -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(world=World(clock=clock, rate_limits=True)) as fake:
        yield fake


async def test_private_chat_one_message_per_second(limited: FakeTelegram, clock: ManualClock) -> None:
    world = limited.world
    alice = world.add_user("Alice", started=True)
    await limited.bot.send_message(alice.id, "1")
    for attempt in range(2, 6):
        with pytest.raises(TelegramRetryAfter) as error:
            await limited.bot.send_message(alice.id, str(attempt))
        assert error.value.retry_after == 1
    assert world.texts_in(alice) == ["1"]
    assert world.limits.rejected["private_chat"] == 4
    last = world.calls_of("sendMessage")[-1]
    assert last.error_code == 429 and last.description == "Too Many Requests: retry after 1"

    clock.advance(1.0)
    await limited.bot.send_message(alice.id, "2")
    assert world.texts_in(alice) == ["1", "2"]


async def test_group_twenty_messages_per_minute(limited: FakeTelegram, clock: ManualClock) -> None:
    world = limited.world
    owner = world.add_user("Owner")
    group = world.create_group("Город", owner=owner)
    for i in range(20):
        await limited.bot.send_message(group.id, f"сообщение {i}")
        clock.advance(0.5)
    with pytest.raises(TelegramRetryAfter) as error:
        await limited.bot.send_message(group.id, "21-е")
    assert 40 <= error.value.retry_after <= 60
    assert world.limits.rejected["group_chat"] == 1

    clock.advance(error.value.retry_after)
    await limited.bot.send_message(group.id, "после паузы")
    assert world.last_text(group) == "после паузы"


async def test_thirty_messages_per_second_overall(limited: FakeTelegram, clock: ManualClock) -> None:
    world = limited.world
    users = [world.add_user(f"U{i}", started=True) for i in range(31)]
    for user in users[:30]:
        await limited.bot.send_message(user.id, "ночь")
    with pytest.raises(TelegramRetryAfter):
        await limited.bot.send_message(users[30].id, "ночь")
    assert world.limits.rejected["overall"] == 1
    assert world.limits.accepted["overall"] == 30
    clock.advance(1)
    await limited.bot.send_message(users[30].id, "ночь")


async def test_limits_are_off_by_default_and_configurable(clock: ManualClock) -> None:
    async with FakeTelegram(world=World(clock=clock)) as fake:
        alice = fake.world.add_user("Alice", started=True)
        for _ in range(5):
            await fake.bot.send_message(alice.id, "x")
    config = LimitConfig(private_chat=Window(3, 1.0))
    async with FakeTelegram(world=World(clock=clock, rate_limits=config)) as fake:
        bob = fake.world.add_user("Bob", started=True)
        for _ in range(3):
            await fake.bot.send_message(bob.id, "x")
        with pytest.raises(TelegramRetryAfter):
            await fake.bot.send_message(bob.id, "x")
