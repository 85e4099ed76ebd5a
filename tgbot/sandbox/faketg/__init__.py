"""A fake Telegram for testing the bot without the network.

* :class:`World` — users, chats, members, messages and the update queue, in memory;
  fake users act through :class:`FakeUser` (``user.send``, ``user.press``, ``user.start``, ...).
* :class:`FakeTelegram` / :class:`FakeSession` — an aiogram ``Bot`` served in-process.
* :class:`FakeTelegramServer` — the same world over HTTP for a real bot process
  (``python -m tgbot.sandbox.faketg --port N`` to run it by hand).

See ``README.md`` here for the guide and what of the Bot API is covered.
"""

from .actors import FakeUser, WorldError
from .api import FakeBotAPI
from .clock import ManualClock
from .errors import TelegramError, bad_request, forbidden, network_error, server_error, too_many_requests
from .limits import LimitConfig, RateLimits, Window
from .models import FakeChat, FakeMessage, InviteLink, Member, StoredFile, admin_rights
from .server import FakeTelegramServer
from .session import FakeSession, FakeTelegram
from .world import ANYONE, BOT, ApiCall, World

__all__ = [
    "ANYONE",
    "BOT",
    "ApiCall",
    "FakeBotAPI",
    "FakeChat",
    "FakeMessage",
    "FakeSession",
    "FakeTelegram",
    "FakeTelegramServer",
    "FakeUser",
    "InviteLink",
    "LimitConfig",
    "ManualClock",
    "Member",
    "RateLimits",
    "StoredFile",
    "TelegramError",
    "Window",
    "World",
    "WorldError",
    "admin_rights",
    "bad_request",
    "forbidden",
    "network_error",
    "server_error",
    "too_many_requests",
]
