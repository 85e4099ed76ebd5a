"""getUpdates: offsets, allowed_updates, long polling, conflicts, webhooks, scripted faults."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.exceptions import (
    TelegramConflictError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)

from tgbot.sandbox.faketg import FakeTelegram, World
from tgbot.sandbox.faketg.errors import network_error, server_error, too_many_requests


async def test_offset_confirms_updates(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    first = alice.send("раз")
    second = alice.send("два")
    updates = await tg.bot.get_updates()
    assert [u.update_id for u in updates] == [first.update_id, second.update_id]
    assert len(await tg.bot.get_updates()) == 2  # nothing confirmed yet
    updates = await tg.bot.get_updates(offset=second.update_id)
    assert [u.message.text for u in updates if u.message] == ["два"]
    assert await tg.bot.get_updates(offset=second.update_id + 1) == []


async def test_chat_member_updates_only_when_asked(tg: FakeTelegram, world: World) -> None:
    owner = world.add_user("Owner")
    group = world.create_group("Город", owner=owner)
    world.add_user("Alice").join(group)
    default = await tg.bot.get_updates()
    assert [u.event_type for u in default] == ["message"]  # chat_member is not in the default set, and is dropped

    world.add_user("Bob").join(group)
    asked = await tg.bot.get_updates(allowed_updates=["chat_member"])
    assert [u.event_type for u in asked] == ["chat_member"]
    assert asked[0].chat_member is not None and asked[0].chat_member.new_chat_member.status == "member"


async def test_long_poll_wakes_on_new_update(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    poll = asyncio.create_task(tg.bot.get_updates(timeout=5))
    await asyncio.sleep(0.05)
    assert not poll.done()
    alice.send("ку")
    updates = await asyncio.wait_for(poll, 1)
    assert updates[0].message is not None and updates[0].message.text == "ку"


async def test_long_poll_times_out_empty(tg: FakeTelegram) -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert await tg.bot.get_updates(timeout=1) == []
    assert loop.time() - started >= 0.9


async def test_second_poller_terminates_the_first(tg: FakeTelegram) -> None:
    first = asyncio.create_task(tg.bot.get_updates(timeout=5))
    await asyncio.sleep(0.05)
    second = asyncio.create_task(tg.bot.get_updates(timeout=0))
    with pytest.raises(TelegramConflictError, match="terminated by other getUpdates request"):
        await asyncio.wait_for(first, 1)
    assert await second == []


async def test_webhook_blocks_get_updates(tg: FakeTelegram) -> None:
    await tg.bot.set_webhook("https://example.org/hook")
    with pytest.raises(TelegramConflictError, match="webhook is active"):
        await tg.bot.get_updates()
    await tg.bot.delete_webhook()
    assert await tg.bot.get_updates() == []


async def test_process_pending_feeds_queued_updates(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    fed = alice.send("/ping")
    await tg.feed(fed)  # fed directly: taken off the queue
    alice.start()
    alice.send("/ping")
    assert await tg.process_pending() == 2
    assert world.texts_in(alice)[-1] == "pong" and len(world.messages_in(alice)) == 3
    assert world.pending_updates == []


async def test_scripted_faults_and_wrong_token(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    world.faults.fail("sendMessage", server_error(), times=1)
    with pytest.raises(TelegramServerError):
        await tg.bot.send_message(alice.id, "1")
    await tg.bot.send_message(alice.id, "2")
    assert world.texts_in(alice) == ["2"]

    world.bot.token = "42:OTHER"
    with pytest.raises(TelegramUnauthorizedError):
        await tg.bot.get_me()


async def test_lost_response_after_the_effect(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    world.faults.fail("sendMessage", network_error(), after=True)
    with pytest.raises(TelegramNetworkError):
        await tg.bot.send_message(alice.id, "итоги ночи")
    assert world.texts_in(alice) == ["итоги ночи"]  # delivered although the bot never heard back

    world.faults.fail(None, too_many_requests(7), times=None)
    with pytest.raises(TelegramRetryAfter) as error:
        await tg.bot.get_me()
    assert error.value.retry_after == 7
    world.faults.clear()
    assert (await tg.bot.get_me()).id == world.bot.id
