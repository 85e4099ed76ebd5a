"""Storage on both back ends (the `database` fixture: SQLite, PostgreSQL): migrations, state snapshots with
their events, the outbox, transactions and group commit. SQLite's own (WAL, its thread): test_storage_sqlite.py."""

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from engine.core import api
from tgbot.storage import Database, OutboxMessage, Repository
from tgbot.storage.db import is_postgres_url
from tgbot.storage.migrations import MIGRATIONS, PG_MIGRATIONS

ROLES = ["hero", "monk", "alien", "banker", "politician", "psychic", "masochist", "magician"]


# What each back end raises when a constraint refuses a row.
REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


@pytest.fixture
async def repo(database):
    db = await Database.open(database)
    yield Repository(db)
    await db.close()


async def _committed(database: str | Path, sql: str) -> list[tuple]:
    """What another connection reads: only what is committed."""
    other = await Database.open(database)
    try:
        return [tuple(r) for r in await other.conn.execute_fetchall(sql)]
    finally:
        await other.close()


async def _game(repo: Repository) -> int:
    async with repo.db.transaction() as conn:
        return await repo.create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-100, now=10.0)


async def test_storage_migrates_once(database):
    db = await Database.open(database)
    version = await db.version()
    await db.close()
    again = await Database.open(database)  # a second start applies nothing twice
    assert await again.version() == version == len(PG_MIGRATIONS if is_postgres_url(database) else MIGRATIONS)
    await again.close()


async def test_storage_state_round_trip_keeps_the_game(repo):
    game_id = await _game(repo)
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    api.deck_auto_all(state)
    async with repo.db.transaction() as conn:
        await repo.save_state(conn, game_id, state, now=11.0)
    loaded = await repo.load_state(game_id)
    assert loaded is not None and api.dump(loaded) == api.dump(state)


async def test_storage_a_load_racing_a_save_keeps_the_saved_state(repo):
    """A reader that loads a game from disk while its next state is being saved must not put the
    older state it read back into the cache (a restart test caught a resolved phase going missing)."""
    game_id = await _game(repo)
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    async with repo.db.batch() as conn:
        await repo.save_state(conn, game_id, state, now=1.0)
    repo.forget(game_id)
    loading = asyncio.create_task(repo.load_state(game_id))
    await asyncio.sleep(0)  # the reader has asked the database for the old state
    newer = state.model_copy(deep=True)
    api.deck_auto_all(newer)
    async with repo.db.batch() as conn:
        await repo.save_state(conn, game_id, newer, now=2.0)
    await loading
    assert await repo.load_state(game_id) is newer


async def test_storage_a_read_racing_a_batch_sees_the_batch_once_committed(repo):
    """Players (and game rows) read from disk while a batch that changes them waits for its commit
    must not stay cached as they were: the batch tells the caches again once it is committed (the
    fuzz suite caught a started game whose players stayed unseated in the cache)."""
    game_id = await _game(repo)
    async with repo.db.batch() as conn:
        await repo.add_player(conn, game_id, user_id=10, name="Анна", public_role="hero")
    assert (await repo.players(game_id))[0]["pid"] is None

    async def seat() -> None:
        async with repo.db.batch() as conn:
            await repo.seat(conn, game_id, 10, 0)
            await repo.update_game(conn, game_id, status="setup")
            await asyncio.sleep(0)  # a reader slips in before the commit

    reading = asyncio.gather(repo.players(game_id), repo.game(game_id))
    await asyncio.gather(seat(), reading)
    assert (await repo.players(game_id))[0]["pid"] == 0
    assert (await repo.game(game_id))["status"] == "setup"


async def test_storage_stores_each_event_once(repo):
    game_id = await _game(repo)
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    async with repo.db.transaction() as conn:
        await repo.save_state(conn, game_id, state, now=1.0)
    api.deck_auto_all(state)
    async with repo.db.transaction() as conn:
        await repo.save_state(conn, game_id, state, now=2.0)
    async with repo.db.conn.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)) as cur:
        assert (await cur.fetchone())[0] == len(state.events)


async def test_storage_rollback_loses_state_and_announcements_together(repo):
    game_id = await _game(repo)
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    with pytest.raises(RuntimeError):
        async with repo.db.transaction() as conn:
            await repo.save_state(conn, game_id, state, now=1.0)
            await repo.enqueue(conn, OutboxMessage(chat_id=5, text="итоги"), now=1.0)
            raise RuntimeError("crash before commit")
    assert await repo.load_state(game_id) is None
    assert await repo.due(now=100.0) == []


async def test_storage_outbox_dedup_and_retry(repo):
    async with repo.db.batch() as conn:
        await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a", dedup_key="g1:p3:public"), now=1.0)
        await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a", dedup_key="g1:p3:public"), now=1.0)
        await repo.enqueue(conn, OutboxMessage(chat_id=6, text="b"), now=1.0)
    first, second = await repo.due(now=1.0)  # the second "a" was the same message: queued once
    assert (first.text, second.text) == ("a", "b")
    async with repo.db.transaction() as conn:
        await repo.mark_sent(conn, first.id, now=2.0)
        await repo.retry_later(conn, second.id, at=5.0, error="RetryAfter")
    assert await repo.due(now=4.0) == []
    (again,) = await repo.due(now=5.0)
    assert again.text == "b" and again.attempts == 1


async def test_storage_batch_is_one_transaction(repo):
    """A batch that the database refuses half-way writes nothing, and the caches forget what they held."""
    game_id = await _game(repo)
    assert (await repo.game(game_id))["status"] == "signup"
    with pytest.raises(REFUSED):
        async with repo.db.batch() as conn:
            await repo.update_game(conn, game_id, status="running")
            await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a"), now=1.0)
            await conn.execute("INSERT INTO players (game_id, user_id, name, public_role) VALUES (?, ?, ?, ?)",
                               (10**6, 1, "x", "hero"))  # no such game: the foreign key refuses it
    assert (await repo.game(game_id))["status"] == "signup"
    assert await repo.due(now=1.0) == []


async def test_storage_batches_arriving_together_commit_together(repo):
    """Group commit: concurrent batches share one commit, and one the database refuses fails alone."""
    game_id = await _game(repo)

    async def good(n: int) -> None:
        async with repo.db.batch() as conn:
            await repo.enqueue(conn, OutboxMessage(chat_id=n, text=f"m{n}"), now=1.0)

    async def bad() -> None:
        async with repo.db.batch() as conn:
            await repo.enqueue(conn, OutboxMessage(chat_id=99, text="never"), now=1.0)
            await conn.execute("INSERT INTO players (game_id, user_id, name, public_role) VALUES (?, ?, ?, ?)",
                               (10**6, 1, "x", "hero"))

    results = await asyncio.gather(good(1), bad(), good(2), good(3), return_exceptions=True)
    assert results[0] is results[2] is results[3] is None and isinstance(results[1], REFUSED)
    assert sorted(m.text for m in await repo.due(now=1.0)) == ["m1", "m2", "m3"]
    assert (await repo.game(game_id))["status"] == "signup"


async def test_storage_deadlines_for_rearming(repo):
    game_id = await _game(repo)
    async with repo.db.transaction() as conn:
        await repo.update_game(conn, game_id, status="running", deadline_at=123.5)
    assert await repo.deadlines() == [(game_id, 123.5)]


async def test_storage_players_join_and_leave(repo):
    game_id = await _game(repo)
    async with repo.db.transaction() as conn:
        await repo.add_player(conn, game_id, user_id=10, name="Анна", public_role="hero")
        await repo.add_player(conn, game_id, user_id=11, name="Борис", public_role="monk")
        await repo.remove_player(conn, game_id, 10)
    assert [p["name"] for p in await repo.players(game_id)] == ["Борис"]


async def test_storage_an_exception_inside_a_batch_writes_nothing_and_empties_the_caches(repo, database):
    game_id = await _game(repo)
    assert (await repo.game(game_id))["status"] == "signup"
    with pytest.raises(RuntimeError):
        async with repo.db.batch() as conn:
            await repo.update_game(conn, game_id, status="running")  # the cached row follows at once
            await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a"), now=1.0)
            raise RuntimeError("crash half-way through the batch")
    assert await _committed(database, "SELECT COUNT(*) FROM outbox") == [(0,)]
    assert (await repo.game(game_id))["status"] == "signup"  # read again from disk


async def test_storage_batches_arriving_together_the_refused_one_alone_is_undone(repo, database):
    await _game(repo)

    async def write(n: int, *, refused: bool = False) -> None:
        async with repo.db.batch() as conn:
            await repo.enqueue(conn, OutboxMessage(chat_id=n, text=f"m{n}"), now=1.0)
            if refused:  # no such game: the foreign key refuses it, after the message was written
                await conn.execute("INSERT INTO players (game_id, user_id, name, public_role) VALUES (?, ?, ?, ?)",
                                   (10**6, 1, "x", "hero"))

    results = await asyncio.gather(write(1), write(2, refused=True), write(3), return_exceptions=True)
    assert results[0] is results[2] is None and isinstance(results[1], REFUSED)
    assert await _committed(database, "SELECT text FROM outbox ORDER BY id") == [("m1",), ("m3",)]


async def test_storage_a_read_during_a_waiting_batch_is_answered(repo):
    game_id = await _game(repo)

    async def write() -> None:
        async with repo.db.batch() as conn:
            await repo.enqueue(conn, OutboxMessage(chat_id=5, text="a"), now=1.0)

    writing = asyncio.create_task(write())
    await asyncio.sleep(0)  # the batch waits for its commit
    async with repo.db.conn.execute("SELECT id, status FROM games") as cur:
        assert [tuple(r) for r in await cur.fetchall()] == [(game_id, "signup")]
    await writing
    assert await repo.pending_count() == 1


async def test_storage_connection_survives_a_cancelled_call(repo):
    game_id = await _game(repo)
    call = asyncio.ensure_future(repo.db.conn.execute_fetchall("SELECT * FROM games"))
    await asyncio.sleep(0)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    async with repo.db.conn.execute("SELECT id FROM games") as cur:
        assert (await cur.fetchone())[0] == game_id
        assert await cur.fetchone() is None


async def test_storage_each_change_of_a_game_bumps_its_version(repo, database):
    game_id = await _game(repo)
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    async with repo.db.batch() as conn:
        await repo.add_player(conn, game_id, user_id=10, name="Анна", public_role="hero")
    async with repo.db.batch() as conn:
        await repo.update_game(conn, game_id, status="setup")
        await repo.save_state(conn, game_id, state, now=1.0)
    assert await _committed(database, "SELECT version FROM games") == [(3,)]


async def test_storage_a_cached_game_is_read_again_when_its_stored_version_moved(repo):
    """What this process cached of a game is dropped when the game's lock finds a version it did not write."""
    game_id = await _game(repo)
    async with repo.db.hold_game(game_id) as version:
        repo.sync_version(game_id, version)
    assert (await repo.game(game_id))["status"] == "signup"
    async with repo.db.transaction() as conn:  # as another process would: behind this repository's back
        await conn.execute("UPDATE games SET status = 'setup', version = version + 1 WHERE id = ?", (game_id,))
    assert (await repo.game(game_id))["status"] == "signup"  # still the cached row
    repo.sync_version(game_id, 1)
    assert (await repo.game(game_id))["status"] == "setup"


async def test_storage_fsm_state_and_data_survive_a_restart(database):
    from aiogram.fsm.storage.base import StorageKey

    from tgbot.storage.fsm import SqliteStorage

    key = StorageKey(bot_id=1, chat_id=2, user_id=3)
    db = await Database.open(database)
    fsm = SqliteStorage(db)
    await fsm.set_state(key, "Signup:name")
    await fsm.set_data(key, {"game": 7, "name": "Анна"})
    await db.close()
    db = await Database.open(database)
    fsm = SqliteStorage(db)
    assert await fsm.get_state(key) == "Signup:name"
    assert await fsm.get_data(key) == {"game": 7, "name": "Анна"}
    await db.close()
