"""Several instances of the bot sharing one Redis (REDIS_URL): one FSM, one user's updates handled one at
a time across instances, one leader running the singleton duties, another taking over."""

from __future__ import annotations

import asyncio
import contextlib
import time

from aiogram.fsm.storage.base import StorageKey
from aiogram.fsm.storage.redis import RedisEventIsolation, RedisStorage
from aiohttp.test_utils import TestClient, TestServer

from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.nudges import Nudges
from tgbot.redis_pacing import RedisPacing
from tgbot.run import WEBHOOK_PATH, webhook_app
from tgbot.sandbox.faketg import FakeSession, World

KEY = StorageKey(bot_id=42, chat_id=5, user_id=5)
UPDATE = {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
                                      "from": {"id": 5, "is_bot": False, "first_name": "A"}, "text": "/help"}}
HEADER = "X-Telegram-Bot-Api-Secret-Token"


async def instance(redis_server, world: World, folder, name: str, *, every: float = 0.1) -> BotApp:
    settings = Settings(bot_token="42:TEST", database_path=folder / f"{name}.sqlite3", redis_url=redis_server.url)
    app = await create_app(settings, session=FakeSession(world), bot_username=world.bot.username)
    app.lease_every = every
    return app


async def test_with_redis_url_the_fsm_the_isolation_and_the_pacing_are_shared(redis, redis_server, tmp_path):
    world = World()
    one = await instance(redis_server, world, tmp_path, "one")
    two = await instance(redis_server, world, tmp_path, "two")
    try:
        assert isinstance(one.dp.storage, RedisStorage) and isinstance(one.dp.fsm.events_isolation, RedisEventIsolation)
        assert isinstance(one.delivery.pacing, RedisPacing)
        await one.dp.storage.set_data(KEY, {"signup": 7})
        await one.dp.storage.set_state(KEY, "SignupStates:name")
        assert await two.dp.storage.get_state(KEY) == "SignupStates:name"  # the dialogue goes on anywhere
        assert await two.dp.storage.get_data(KEY) == {"signup": 7}
    finally:
        await one.shutdown()
        await two.shutdown()


async def test_one_users_updates_wait_for_each_other_across_instances(redis, redis_server, tmp_path):
    world = World()
    one = await instance(redis_server, world, tmp_path, "one")
    two = await instance(redis_server, world, tmp_path, "two")
    other_user = StorageKey(bot_id=42, chat_id=6, user_id=6)
    try:
        async with one.dp.fsm.events_isolation.lock(KEY):
            waiting = asyncio.create_task(_hold(two, KEY))
            await asyncio.wait_for(_hold(two, other_user), 1.0)  # another user is not held up
            await asyncio.sleep(0.3)
            assert not waiting.done()  # the same user's next update waits on the other instance
        await asyncio.wait_for(waiting, 2.0)
    finally:
        await one.shutdown()
        await two.shutdown()


async def _hold(app: BotApp, key: StorageKey) -> None:
    async with app.dp.fsm.events_isolation.lock(key):
        pass


async def test_one_instance_leads_and_another_takes_over_when_it_stops(redis, redis_server, tmp_path):
    world = World()
    apps = [await instance(redis_server, world, tmp_path, name) for name in ("one", "two")]
    try:
        for app in apps:
            await app.startup()
        (leader,) = [a for a in apps if a.leading]
        (follower,) = [a for a in apps if not a.leading]
        assert leader.deadlines.leading and not follower.deadlines.leading
        assert leader._delivery_task is not None and not leader._delivery_task.done()
        assert follower._delivery_task is None  # the outbox is sent by the leader only
        stopped = time.monotonic()
        await leader.shutdown()
        for _ in range(100):
            if follower.leading:
                break
            await asyncio.sleep(0.02)
        assert follower.leading and time.monotonic() - stopped < 1.0
        assert follower.deadlines.leading
        assert follower._delivery_task is not None and not follower._delivery_task.done()
    finally:
        for app in apps:
            await app.shutdown()


async def test_messages_queued_on_any_instance_nudge_the_leaders_delivery(redis, redis_server, tmp_path):
    world = World()
    one = await instance(redis_server, world, tmp_path, "one")
    heard = asyncio.Event()
    listening = asyncio.create_task(Nudges(redis).listen(heard.set))
    try:
        await asyncio.sleep(0.2)  # subscribed
        one.service.on_outbox()  # what a change that queued messages calls
        await asyncio.wait_for(heard.wait(), 2.0)
    finally:
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening
        await one.shutdown()


async def test_an_instance_of_several_answers_the_webhook_only_once_the_update_is_handled(redis, redis_server, tmp_path):
    """Telegram sends an update again until it is answered: an instance that died half-way loses nothing."""
    world = World()
    world.add_user("A", user_id=5, started=True)
    app = await instance(redis_server, world, tmp_path, "one")
    client = TestClient(TestServer(webhook_app(app, "s3cret")))
    await client.start_server()
    try:
        answer = await client.post(WEBHOOK_PATH, json=UPDATE, headers={HEADER: "s3cret"})
        assert answer.status == 200
        assert world.messages_in(5), "the webhook answered before the update was handled"
    finally:
        await client.close()
        await app.shutdown()
