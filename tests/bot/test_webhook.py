"""Webhook mode: Telegram's calls are accepted only with the right secret token, and there always is one."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer
from pydantic import ValidationError

from tgbot.app import create_app
from tgbot.config import Settings
from tgbot.run import WEBHOOK_PATH, webhook_app, webhook_secret
from tgbot.sandbox.faketg import FakeSession, World

UPDATE = {"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},
                                      "from": {"id": 5, "is_bot": False, "first_name": "A"}, "text": "/help"}}
HEADER = "X-Telegram-Bot-Api-Secret-Token"


async def test_webhook_rejects_a_request_without_the_secret_token(tmp_path):
    world = World()
    world.add_user("A", user_id=5, started=True)
    app = await create_app(Settings(bot_token="42:TEST", database_path=tmp_path / "bot.sqlite3"),
                           session=FakeSession(world), bot_username="mafik_test_bot")
    client = TestClient(TestServer(webhook_app(app, "s3cret")))
    await client.start_server()
    try:
        missing = await client.post(WEBHOOK_PATH, json=UPDATE)
        wrong = await client.post(WEBHOOK_PATH, json=UPDATE, headers={HEADER: "nope"})
        prefix = await client.post(WEBHOOK_PATH, json=UPDATE, headers={HEADER: "s3cre"})
        assert missing.status == wrong.status == prefix.status == 401
        assert world.messages_in(5) == [], "a rejected update reached a handler"
        right = await client.post(WEBHOOK_PATH, json={**UPDATE, "update_id": 2}, headers={HEADER: "s3cret"})
        assert right.status == 200
    finally:
        await client.close()
        await app.shutdown()


def test_webhook_mode_always_has_a_secret_token():
    """Without WEBHOOK_SECRET a random token is made for the run; a webhook app without one is refused."""
    unset = Settings(bot_token="42:TEST", webhook_url="https://example.org")
    first, second = webhook_secret(unset), webhook_secret(unset)
    assert first and second and first != second and len(first) >= 32
    assert webhook_secret(Settings(bot_token="42:TEST", webhook_secret="abc_DEF-1")) == "abc_DEF-1"
    assert webhook_secret(Settings(bot_token="42:TEST", webhook_secret="")) not in ("", None)
    with pytest.raises(ValueError):
        webhook_app(None, "")  # type: ignore[arg-type]


def test_a_secret_token_telegram_would_refuse_is_a_settings_error():
    with pytest.raises(ValidationError):
        Settings(bot_token="42:TEST", webhook_secret="no spaces allowed")
