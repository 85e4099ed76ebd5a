"""The fan-out of many games' deadlines with three instances (issue 19's proof): three bots — each its own
fake session on ONE fake Telegram that enforces the limits on the wall clock (429 beyond them) — over one
PostgreSQL and one Redis. N 16-player Мафик games in their first night get deadlines in the same second;
the LEADER's scheduler fires them (nothing here resolves a game), and its delivery sends the end-of-night
announcements, paced through Redis. Measured: from the deadline second to the last announcement sent,
against the least time Telegram's limits allow for those messages (`least_time`); 429s; messages left
in the outbox; which instance led.

The games are made by a fourth, unstarted app through the service (`make_games`), its messages sent
without limits, before the instances start; the instances then lead and follow as in production."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import os
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg

from bench.bot_bench import _app, make_games
from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.pacing import Limits, least_time
from tgbot.sandbox.faketg import FakeSession, World

INSTANCES = 3
PLAYERS = 16
LEAD_S = 3.0  # from writing the deadlines to their second: the leader's next look at the database arms them


async def _instance(world: World, folder: Path, name: str, database_url: str, redis_url: str,
                    seeds: itertools.count[int]) -> BotApp:
    settings = Settings(bot_token="42:TEST", database_path=folder / f"{name}.sqlite3", database_url=database_url,
                        redis_url=redis_url)
    return await create_app(settings, session=FakeSession(world), clock=time.time, bot_username=world.bot.username,
                            seeds=lambda: next(seeds))


async def _prepare(world: World, folder: Path, url: str, games: int) -> list[int]:
    """N games in their first night, every message of their making already sent (without limits)."""
    maker = await _app(world, time.time, folder, database_url=url)
    maker.deadlines.leading = False  # its scheduler never runs: the instances arm the deadlines
    try:
        made = await make_games(maker, world, games, PLAYERS, ruleset="mafik")
        await maker.delivery.drain(timeout=3600)
    finally:
        await maker.shutdown()
    return [game_id for game_id, _users in made]


async def _leader(apps: list[BotApp], timeout: float = 30.0) -> int:
    """The index of the instance that leads, once one does and its start-up work is done."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        leading = [i for i, app in enumerate(apps) if app.leading]
        if leading:
            await apps[leading[0]].ready()
            return leading[0]
        await asyncio.sleep(0.05)
    raise RuntimeError(f"no instance led within {timeout}s")


async def _set_deadlines(db: asyncpg.Connection, games: list[int], at: float) -> None:
    """Every game's deadline at `at`, as a master's change on any instance writes it (a new version)."""
    await db.execute("UPDATE games SET deadline_at = $1, version = version + 1 WHERE id = ANY($2::bigint[])",
                     at, games)


async def _wait_done(db: asyncpg.Connection, games: list[int], timeout: float) -> bool:
    """Until every game resolved its first night and the outbox is empty (False: the timeout came first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        resolved = await db.fetchval("SELECT COUNT(*) FROM games WHERE id = ANY($1::bigint[]) AND resolved_phase >= 1",
                                     games)
        pending = await db.fetchval("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
        if resolved == len(games) and pending == 0:
            return True
        await asyncio.sleep(0.25)
    return False


async def _delivered_since(db: asyncpg.Connection, at: float) -> list[asyncpg.Record]:
    """The messages queued from `at` on that reached Telegram (not superseded edits, not given-up chats)."""
    return list(await db.fetch(
        "SELECT chat_id, sent_at FROM outbox WHERE created_at >= $1 AND sent_at IS NOT NULL"
        " AND COALESCE(last_error, '') <> 'superseded' AND COALESCE(last_error, '') NOT LIKE 'failed:%'", at))


@contextlib.asynccontextmanager
async def _database(server: str) -> AsyncIterator[str]:
    """A database made for the run on `server` (a URL without a database name), dropped after it."""
    name = f"fanout3_{os.getpid()}"
    admin = await asyncpg.connect(f"{server.rstrip('/')}/postgres")
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        try:
            yield f"{server.rstrip('/')}/{name}"
        finally:
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


async def fanout3(games: int, server: str, redis_url: str, *, timeout: float = 900.0) -> dict[str, Any]:
    """The figures `fanout3_*` for `games` games on the PostgreSQL at `server` and the Redis at `redis_url`."""
    seeds = itertools.count(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        async with _database(server) as url:
            world = World(rate_limits=True, record_calls=False)
            world.limits.enabled = False  # the games' making is not measured
            made = await _prepare(world, folder, url, games)
            world.limits.enabled = True
            apps = [await _instance(world, folder, f"bot{n}", url, redis_url, seeds) for n in range(INSTANCES)]
            db = await asyncpg.connect(url)
            try:
                for app in apps:
                    await app.startup()
                leader = await _leader(apps)
                at = float(math.ceil(time.time() + LEAD_S))
                await _set_deadlines(db, made, at)
                done = await _wait_done(db, made, timeout)
                led = [i for i, app in enumerate(apps) if app.leading]
                follower_jobs = sum(len(app.scheduler.get_jobs()) for i, app in enumerate(apps) if i != leader)
                rows = await _delivered_since(db, at)
                resolved_at = await db.fetchval("SELECT MAX(created_at) FROM outbox WHERE created_at >= $1", at)
                lost = await db.fetchval("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
            finally:
                await db.close()
                for app in apps:
                    await app.shutdown()
    chats = Counter(int(r["chat_id"]) for r in rows)
    minimum = least_time(chats, Limits())
    elapsed = max((float(r["sent_at"]) for r in rows), default=at) - at
    return {
        "fanout3_instances": INSTANCES,
        "fanout3_games": games,
        "fanout3_players": PLAYERS,
        "fanout3_messages": len(rows),
        "fanout3_s": round(elapsed, 2),
        "fanout3_resolved_s": round(float(resolved_at or at) - at, 2),
        "fanout3_min_s": round(minimum, 2),
        "fanout3_vs_limit": round(elapsed / minimum, 3) if minimum else 1.0,
        "fanout3_429": sum(world.limits.rejected.values()),
        "fanout3_lost": int(lost),
        "fanout3_finished": done,
        "fanout3_leader": f"bot{leader}",
        "fanout3_leader_kept": led == [leader],
        "fanout3_follower_jobs": follower_jobs,
    }


async def _measure(games: int) -> dict[str, Any]:
    """`fanout3` on BENCH_DATABASE_URL's server, else a throwaway cluster; on a throwaway redis-server
    (tests/postgres_cluster.py, tests/redis/server.py: the servers' binaries must be installed)."""
    from tests.postgres_cluster import cluster
    from tests.redis.server import RedisServer

    with contextlib.ExitStack() as stack:
        server = os.environ.get("BENCH_DATABASE_URL") or stack.enter_context(cluster())
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        redis = RedisServer(folder)
        stack.callback(redis.stop)
        return await fanout3(games, server, redis.url)


GAMES = {"full": 200, "quick": 30, "smoke": 3}


def run(size: str) -> dict[str, Any]:
    """200 games (the issue's figure); 30 with --quick (17 s of sending: with fewer, the first second's fixed
    costs — the first resolution, the first trips — weigh more than they do in a real fan-out); 3 for the
    test suite's smoke run."""
    return asyncio.run(_measure(GAMES[size]))
