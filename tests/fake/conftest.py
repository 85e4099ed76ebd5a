from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tgbot.sandbox.faketg import FakeTelegram, World

from .demo_bot import make_dispatcher


@pytest.fixture
def world() -> World:
    return World()


@pytest.fixture
async def tg(world: World) -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(make_dispatcher(), world) as fake:
        yield fake
