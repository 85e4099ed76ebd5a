from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis

from .server import MISSING, RedisServer


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    try:
        server = RedisServer(tmp_path_factory.mktemp("redis"))
    except FileNotFoundError:
        pytest.fail(MISSING, pytrace=False)
    yield server
    server.stop()


@pytest.fixture
async def redis(redis_server: RedisServer) -> AsyncIterator[Redis]:
    """A client of the session's server, emptied for each test."""
    client = Redis.from_url(redis_server.url)
    await client.flushdb()
    yield client
    await client.aclose()
