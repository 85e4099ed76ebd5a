"""Several bot processes on one PostgreSQL: each change of a game holds the game's advisory lock there, and
a process that cached the game reads it again when another one changed it — no update is lost."""

import asyncio
import json

import pytest

from engine.core import api
from tgbot.services.games import GameService
from tgbot.storage import Database, Repository
from tgbot.storage.db import _alone
from tgbot.storage.postgres import PostgresDatabase

ROLES = ["hero", "monk", "alien", "banker", "politician", "psychic", "masochist", "magician"]
ROUNDS = 15

pytestmark = pytest.mark.parametrize("database", ["postgres"], indirect=True)


async def _two_instances(database: str) -> tuple[GameService, GameService, int]:
    services = []
    for _ in range(2):
        db = await Database.open(database)
        services.append(GameService(Repository(db), clock=lambda: 1.0))
    repo = services[0].repo
    async with repo.db.transaction() as conn:
        game_id = await repo.create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-100, now=1.0)
        state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
        await repo.save_state(conn, game_id, state, now=1.0)
    return services[0], services[1], game_id


async def _count_up(service: GameService, game_id: int) -> None:
    """Read-modify-write, ROUNDS times, of a counter in the game's row and one in its engine state."""
    for _ in range(ROUNDS):
        async with service.lock(game_id):
            game = await service.game(game_id)
            state = await service.state(game_id)
            settings = json.loads(game["settings_json"])
            await asyncio.sleep(0)  # the other instance runs meanwhile
            settings["n"] = settings.get("n", 0) + 1
            state.counters["n"] = state.counters.get("n", 0) + 1
            async with service.repo.db.batch() as conn:
                await service.repo.update_game(conn, game_id, settings_json=json.dumps(settings))
                await service.repo.save_state(conn, game_id, state, now=2.0)


async def _totals(database: str, game_id: int) -> tuple[int, int]:
    db = await Database.open(database)
    try:
        repo = Repository(db)
        game, state = await repo.game(game_id), await repo.load_state(game_id)
        assert game is not None and state is not None
        return json.loads(game["settings_json"])["n"], state.counters["n"]
    finally:
        await db.close()


async def test_two_instances_interleaving_on_one_game_lose_no_update(database):
    a, b, game_id = await _two_instances(database)
    try:
        await asyncio.gather(_count_up(a, game_id), _count_up(b, game_id))
    finally:
        await a.repo.db.close()
        await b.repo.db.close()
    assert await _totals(database, game_id) == (2 * ROUNDS, 2 * ROUNDS)


async def test_two_instances_without_the_database_lock_would_lose_updates(database, monkeypatch):
    """The control: the same interleaving with only the in-process locks loses updates (so the test above
    can fail)."""
    monkeypatch.setattr(PostgresDatabase, "hold_game", lambda self, game_id: _alone())
    a, b, game_id = await _two_instances(database)
    try:
        await asyncio.gather(_count_up(a, game_id), _count_up(b, game_id))
    finally:
        await a.repo.db.close()
        await b.repo.db.close()
    row, state = await _totals(database, game_id)
    assert row < 2 * ROUNDS and state < 2 * ROUNDS


async def test_a_games_lock_waits_for_its_holder_and_frees_itself_when_the_holder_dies(database):
    a, b = await Database.open(database), await Database.open(database)
    assert isinstance(a, PostgresDatabase)
    async with a.transaction() as conn:
        game_id = await Repository(a).create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-100,
                                                  now=1.0)
    holding = a.hold_game(game_id)
    await holding.__aenter__()
    try:
        with pytest.raises(TimeoutError):  # another process waits while the holder lives
            async with asyncio.timeout(0.5), b.hold_game(game_id):
                pass
        a._games.terminate()  # the holder's process dies: its connections close
        async with asyncio.timeout(5), b.hold_game(game_id) as version:
            assert version == 0
    finally:
        await b.close()
        a.conn.pool.terminate()
        a._writes.terminate()


async def test_resolve_on_an_instance_that_cached_the_game_in_signup_sees_it_started(database):
    """The master's /resolve reaches an instance that last saw the game in sign-up, after another instance
    started it: the phase is offered, not "nothing to resolve" (found by tests/reliability/test_failover.py)."""
    a, b, game_id = await _two_instances(database)
    try:
        async with a.lock(game_id), a.repo.db.batch() as conn:
            await a.repo.update_game(conn, game_id, status="signup")
        assert (await b.game(game_id))["status"] == "signup"  # b caches the row
        async with a.lock(game_id), a.repo.db.batch() as conn:
            await a.repo.update_game(conn, game_id, status="running")
        assert await b.resolvable(game_id, user_id=1) == (await a.state(game_id)).phase
    finally:
        await a.repo.db.close()
        await b.repo.db.close()
