"""Webhook mode: Telegram's calls are accepted only with the right secret token."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from tgbot.app import create_app
from tgbot.config import Settings
from tgbot.fake import FakeSession, World
from tgbot.run import WEBHOOK_PATH, webhook_app

UPDATE = {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
                                      "from": {"id": 5, "is_bot": False, "first_name": "A"}, "text": "/help"}}


async def test_webhook_rejects_a_request_without_the_secret_token(tmp_path):
    world = World()
    world.add_user("A", user_id=5, started=True)
    app = await create_app(Settings(bot_token="42:TEST", database_path=tmp_path / "bot.sqlite3"),
                           session=FakeSession(world), bot_username="mafik_test_bot")
    client = TestClient(TestServer(webhook_app(app, "s3cret")))
    await client.start_server()
    try:
        missing = await client.post(WEBHOOK_PATH, json=UPDATE)
        wrong = await client.post(WEBHOOK_PATH, json=UPDATE, headers={"X-Telegram-Bot-Api-Secret-Token": "nope"})
        right = await client.post(WEBHOOK_PATH, json={**UPDATE, "update_id": 2},
                                  headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"})
        assert missing.status == wrong.status == 401
        assert right.status == 200
    finally:
        await client.close()
        await app.shutdown()
