"""Persistence of games in SQLite (stdlib sqlite3 in its own thread, WAL) or PostgreSQL (asyncpg, `DATABASE_URL`):
state snapshots, events, outbox, chats."""

from tgbot.storage.db import Database
from tgbot.storage.repo import OutboxMessage, Repository

__all__ = ["Database", "OutboxMessage", "Repository"]
