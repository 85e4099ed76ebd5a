"""The fake's webhook delivery behind a load balancer (tgbot/sandbox/faketg/webhook.py): updates go to the
instances in turn, carry the secret token, leave the queue only on a 200, and go to the next instance
when one is down or fails."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from aiohttp import web

from tests.redis.server import free_port
from tgbot.sandbox.faketg import World
from tgbot.sandbox.faketg.webhook import SECRET_HEADER, WebhookPusher


class Instance:
    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.got: list[tuple[int, str]] = []  # (update_id, secret token)
        self.url = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook", self._take)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", port).start()
        self.url = f"http://127.0.0.1:{port}/hook"

    async def _take(self, request: web.Request) -> web.Response:
        self.got.append((int((await request.json())["update_id"]), request.headers.get(SECRET_HEADER, "")))
        return web.Response(status=self.status)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


@pytest.fixture
async def instances() -> AsyncIterator[Callable[..., Awaitable[Instance]]]:
    started: list[Instance] = []

    async def make(status: int = 200) -> Instance:
        instance = Instance(status)
        await instance.start()
        started.append(instance)
        return instance

    yield make
    for instance in started:
        await instance.stop()


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


async def test_updates_go_to_the_instances_in_turn_with_the_secret_token(instances):
    world = World()
    user = world.add_user("Анна", started=True)
    a, b, c = await instances(), await instances(), await instances()
    pusher = WebhookPusher(world, [a.url, b.url, c.url], "s3cret")
    await pusher.start()
    try:
        for i in range(6):
            user.send(f"привет {i}")
            await until(lambda: not world.pending_updates)
        assert [len(x.got) for x in (a, b, c)] == [2, 2, 2]
        assert {secret for x in (a, b, c) for _, secret in x.got} == {"s3cret"}
    finally:
        await pusher.stop()


async def test_an_update_goes_to_the_next_instance_when_one_is_down_or_fails(instances):
    world = World()
    user = world.add_user("Анна", started=True)
    failing, working = await instances(status=500), await instances()
    down = f"http://127.0.0.1:{free_port()}/hook"  # nobody listens: the connection is refused
    pusher = WebhookPusher(world, [down, failing.url, working.url], "s3cret")
    await pusher.start()
    try:
        update = user.send("привет")
        await until(lambda: not world.pending_updates)
        assert [u for u, _ in failing.got] == [update.update_id]  # tried, answered 500: still queued then
        assert [u for u, _ in working.got] == [update.update_id]
        assert pusher.retries == 2
    finally:
        await pusher.stop()


async def test_an_update_no_instance_accepts_stays_queued(instances):
    world = World()
    user = world.add_user("Анна", started=True)
    failing = await instances(status=500)
    pusher = WebhookPusher(world, [failing.url], "s3cret")
    await pusher.start()
    try:
        update = user.send("привет")
        await until(lambda: len(failing.got) >= 2)
        assert [u["update_id"] for u in world.pending_updates] == [update.update_id]
    finally:
        await pusher.stop()
