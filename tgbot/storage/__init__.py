"""Persistence of games in SQLite (aiosqlite, WAL): state snapshots, events, outbox, chats."""

from tgbot.storage.db import Database
from tgbot.storage.repo import OutboxMessage, Repository

__all__ = ["Database", "OutboxMessage", "Repository"]
