"""Without REDIS_URL the bot is one process, as before: the FSM in its database, its own pacing, and it
leads alone from the start."""

from __future__ import annotations

import pytest
from aiogram.fsm.storage.memory import SimpleEventIsolation
from pydantic import ValidationError

from tgbot.app import create_app
from tgbot.config import Settings
from tgbot.leader import SoleLease
from tgbot.pacing import LocalPacing
from tgbot.sandbox.faketg import FakeSession, World
from tgbot.storage.fsm import SqliteStorage


async def test_without_redis_url_the_fsm_is_in_the_database_and_the_process_leads_alone(tmp_path):
    world = World()
    app = await create_app(Settings(bot_token="42:TEST", database_path=tmp_path / "bot.sqlite3"),
                           session=FakeSession(world), bot_username=world.bot.username)
    try:
        assert isinstance(app.dp.storage, SqliteStorage)
        assert isinstance(app.dp.fsm.events_isolation, SimpleEventIsolation)
        assert isinstance(app.delivery.pacing, LocalPacing) and isinstance(app.lease, SoleLease)
        assert app.redis is None
        await app.startup()
        assert app.leading and app.deadlines.leading
        assert app._delivery_task is not None and not app._delivery_task.done()
    finally:
        await app.shutdown()


@pytest.mark.parametrize("url", ["localhost:6379", "http://127.0.0.1:6379", "redis:// space"])
def test_a_malformed_redis_url_is_a_settings_error(url):
    with pytest.raises(ValidationError, match="REDIS_URL is malformed"):
        Settings(bot_token="42:TEST", redis_url=url)


def test_redis_urls_of_every_kind_are_accepted():
    for url in ("redis://127.0.0.1:6379/0", "rediss://user:pw@redis.example.org:6380/1", "unix:///run/redis.sock"):
        assert Settings(bot_token="42:TEST", redis_url=url).redis_url == url
