"""SQLite's own storage: WAL, its connection in one thread of its own, a batch group in one trip there.
What both back ends do alike: test_storage.py."""

import asyncio
import sqlite3
import threading

import pytest

from tgbot.storage import Database, OutboxMessage, Repository
from tgbot.storage.migrations import MIGRATIONS


@pytest.fixture
async def repo(tmp_path):
    db = await Database.open(tmp_path / "data" / "bot.sqlite3")
    yield Repository(db)
    await db.close()


async def _game(repo: Repository) -> int:
    async with repo.db.transaction() as conn:
        return await repo.create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-100, now=10.0)


async def test_storage_opens_in_wal_mode_and_migrates_once(tmp_path):
    path = tmp_path / "bot.sqlite3"
    db = await Database.open(path)
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    version = await db.version()
    await db.close()
    again = await Database.open(path)  # a second start applies nothing twice
    assert await again.version() == version == len(MIGRATIONS)
    await again.close()


def _on_disk(path, sql: str) -> list[tuple]:
    """What another connection reads: only what is committed."""
    other = sqlite3.connect(path)
    try:
        return other.execute(sql).fetchall()
    finally:
        other.close()


def _count_trips(db: Database) -> list[str]:
    """Every trip to the database thread from now on, by the function it ran."""
    trips: list[str] = []
    run = db.conn.run

    async def counted(fn, *args):
        trips.append(fn.__name__)
        return await run(fn, *args)

    db.conn.run = counted  # type: ignore[method-assign]
    return trips


async def test_storage_a_batch_is_one_trip_to_the_database_thread(repo):
    game_id = await _game(repo)
    trips = _count_trips(repo.db)
    async with repo.db.batch() as conn:
        await repo.update_game(conn, game_id, status="setup")
        await repo.add_player(conn, game_id, user_id=10, name="Анна", public_role="hero")
        await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a"), now=1.0)
        await repo.enqueue(conn, OutboxMessage(chat_id=6, text="b"), now=1.0)
    assert trips == ["_run_group"]


async def test_storage_sqlite_batches_arriving_together_share_one_trip_and_the_refused_one_alone_is_undone(repo, tmp_path):
    await _game(repo)
    trips = _count_trips(repo.db)

    async def write(n: int, *, refused: bool = False) -> None:
        async with repo.db.batch() as conn:
            await repo.enqueue(conn, OutboxMessage(chat_id=n, text=f"m{n}"), now=1.0)
            if refused:  # no such game: the foreign key refuses it, after the message was written
                await conn.execute("INSERT INTO players (game_id, user_id, name, public_role) VALUES (?, ?, ?, ?)",
                                   (10**6, 1, "x", "hero"))

    results = await asyncio.gather(write(1), write(2, refused=True), write(3), return_exceptions=True)
    assert [type(r).__name__ for r in results] == ["NoneType", "IntegrityError", "NoneType"]
    assert trips == ["_run_group"]  # one trip for the three
    path = tmp_path / "data" / "bot.sqlite3"
    assert _on_disk(path, "SELECT text FROM outbox ORDER BY id") == [("m1",), ("m3",)]




async def test_storage_connection_uses_one_thread_of_its_own(repo):
    def ident(_connection: sqlite3.Connection) -> int:
        return threading.get_ident()

    threads = {await repo.db.conn.run(ident) for _ in range(5)}
    assert len(threads) == 1 and threading.get_ident() not in threads


async def test_storage_connection_refuses_use_once_closed(tmp_path):
    db = await Database.open(tmp_path / "bot.sqlite3")
    await db.close()
    await db.close()  # twice: nothing
    with pytest.raises(sqlite3.ProgrammingError):
        await db.conn.execute("SELECT 1")
