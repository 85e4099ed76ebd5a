"""The first failover proof: three real `python -m tgbot` processes on one PostgreSQL and one Redis, fed
by the fake Telegram's webhook round-robin (`WebhookPusher`), play Микромафик games while the LEADER
(the holder of PostgreSQL's lease, `tgbot/storage/pg_lease.py`) is SIGKILLed at random moments and
started again.

Asserted: every submission answered "accepted" is in the committed state (0 lost); no phase resolved
twice; every announcement of the outbox delivered at least once (duplicates are counted and reported:
a message Telegram accepted while its sender died before marking it sent); 0 × 429 from the fake's
limits; a new leader within seconds of every kill (the times are reported).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import pytest
from aiogram.types import Update
from redis.asyncio import Redis

from tests.redis.conftest import redis_server  # noqa: F401  (the fixture)
from tests.redis.server import free_port
from tests.reliability.pgview import PgView
from tests.reliability.procdriver import GameDriver, Net, until
from tests.reliability.test_crash_restart import outbox_keys
from tgbot.run import WEBHOOK_PATH
from tgbot.sandbox.faketg import FakeTelegramServer, World
from tgbot.sandbox.faketg.webhook import WebhookPusher
from tgbot.storage.pg_lease import APPLICATION

ROOT = Path(__file__).resolve().parents[2]
INSTANCES = 3
KILLS = int(os.environ.get("FAILOVER_KILLS", "6"))  # the full proof: FAILOVER_KILLS=30
GAMES_AT_ONCE = 2
MAX_PHASES = 4
SECRET = "failover-secret"
# A contender's round is 1 s and the lock is free the moment the session ends; the rest is a loaded
# machine (2 cores, 3 bots, PostgreSQL, Redis and the drivers) scheduling the survivors late.
TAKEOVER_WITHIN_S = 10.0
LEADER_SQL = ("SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
              "WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE $1")


@dataclass
class Kill:
    pid: int
    in_flight: Counter[str]
    pending_outbox: int
    takeover_s: float = 0.0


@dataclass
class Failover:
    """What the game drivers need of a chaos monkey (see tests/reliability/chaos.py), for several
    instances: the generation changes at every kill, `ready` is set again once a new leader leads."""

    db: PgView
    env: dict[str, str]
    logs: Path
    ports: list[int]
    generation: int = 0
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    in_flight: Counter[str] = field(default_factory=Counter)
    resolve_updates: set[int] = field(default_factory=set)
    received: dict[int, int] = field(default_factory=dict)
    progress: int = 0
    kills: list[Kill] = field(default_factory=list)
    procs: dict[int, asyncio.subprocess.Process] = field(default_factory=dict)  # port -> process
    starts: int = 0

    async def start(self, port: int) -> None:
        self.starts += 1
        env = {**os.environ, **self.env, "WEBHOOK_PORT": str(port), "WEBHOOK_URL": f"http://127.0.0.1:{port}"}
        with open(self.logs / f"bot-{self.starts:03d}-{port}.log", "ab") as out:
            self.procs[port] = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tgbot", cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=out, stderr=out)

    def leader(self) -> int | None:
        found = self.db.fetchval(LEADER_SQL, f"{APPLICATION} %")
        return None if found is None else int(found.rsplit(" ", 1)[1])

    async def monkey(self, rnd: random.Random, stop: asyncio.Event) -> None:
        while len(self.kills) < KILLS and not stop.is_set():
            await asyncio.sleep(rnd.uniform(2.0, 6.0))
            assert await until(lambda: self.leader() is not None, 30), "no leader"
            pid = self.leader()
            port = next(p for p, proc in self.procs.items() if proc.pid == pid)
            os.kill(pid, signal.SIGKILL)
            killed = time.monotonic()
            self.generation += 1
            self.ready.clear()
            kill = Kill(pid, Counter(+self.in_flight), self.db.pending())
            self.kills.append(kill)
            await self.procs[port].wait()
            assert await until(lambda dead=pid: self.leader() not in (None, dead), 30), "no new leader within 30 s"
            kill.takeover_s = time.monotonic() - killed
            self.ready.set()
            await self.start(port)

    async def stop(self) -> None:
        for proc in self.procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGINT)
        for proc in self.procs.values():
            try:
                await asyncio.wait_for(proc.wait(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()

    def log_lines(self) -> list[str]:
        return [line for path in sorted(self.logs.glob("bot-*.log")) for line in path.read_text(errors="replace").splitlines()]


class WebhookNet(Net):
    def lost(self, update: Update) -> bool:
        """Never: the pusher keeps an update queued until an instance has handled it (answered 200)."""
        return False


@pytest.fixture
async def database_url(postgres_server: str) -> AsyncIterator[str]:
    admin = await asyncpg.connect(f"{postgres_server}/postgres")
    try:
        await admin.execute("DROP DATABASE IF EXISTS failover")
        await admin.execute("CREATE DATABASE failover")
    finally:
        await admin.close()
    yield f"{postgres_server}/failover"


@pytest.mark.slow
async def test_sigkill_of_the_leader_among_three_instances_loses_nothing(tmp_path, figures, database_url,
                                                                          redis_server):  # noqa: F811
    rnd = random.Random(20261204)
    client = Redis.from_url(redis_server.url)
    await client.flushdb()
    await client.aclose()
    world = World(rate_limits=True)  # Telegram's limits, on the wall clock: a 429 would be counted
    ports = [free_port() for _ in range(INSTANCES)]
    async with FakeTelegramServer(world) as server:
        db = PgView(database_url)
        failover = Failover(db, {"BOT_TOKEN": "42:TEST", "TELEGRAM_API_URL": server.url, "DATABASE_URL": database_url,
                                 "REDIS_URL": redis_server.url, "WEBHOOK_SECRET": SECRET, "WEBHOOK_HOST": "127.0.0.1",
                                 "LOG_LEVEL": "INFO", "LOG_JSON": "true", "DEFAULT_LOCALE": "ru"}, tmp_path, ports)
        pusher = WebhookPusher(world, [f"http://127.0.0.1:{p}{WEBHOOK_PATH}" for p in ports], SECRET)
        drivers: list[GameDriver] = []
        try:
            for port in ports:
                await failover.start(port)
            assert await until(lambda: failover.leader() is not None, 90), "no instance came to lead"
            failover.ready.set()
            await pusher.start()
            net = WebhookNet(world, failover, db)  # type: ignore[arg-type]
            stop = asyncio.Event()
            monkey = asyncio.create_task(failover.monkey(rnd, stop))
            running: set[asyncio.Task[None]] = set()
            while True:
                while len(running) < GAMES_AT_ONCE and not monkey.done():
                    driver = GameDriver(net, random.Random(rnd.random()), len(drivers) + 1)
                    drivers.append(driver)
                    running.add(asyncio.create_task(driver.play(MAX_PHASES)))
                if not running:
                    break
                finished, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                for task in finished:
                    if task.exception() is not None:  # say what each master was told last
                        tails = {d.index: [m.content for m in world.messages_in(d.log)][-4:] for d in drivers}
                        raise AssertionError(f"{tails}; {failover.kills}") from task.exception()
            stop.set()
            await monkey
            assert await until(lambda: db.pending() == 0, 180), f"{db.pending()} messages never went out"

            # ------------------------------------------------------------ counting
            lost_submissions = [x for d in drivers for x in d.lost]
            accepted = sum(d.submissions for d in drivers)
            twice = sum(d.double_resolutions for d in drivers)
            for d in drivers:
                started = Counter(e["params"]["phase"] for e in db.events(d.game_id) if e["kind"] == "phase_started")
                twice += sum(n - 1 for n in started.values() if n > 1)
            expected = outbox_keys(db)
            sends: Counter[tuple[int, str]] = Counter()
            for call in world.calls:
                if call.ok and call.method.lower() in ("sendmessage", "senddocument"):
                    key = next(iter(call.files)) if call.method.lower() == "senddocument" else str(call.params.get("text"))
                    sends[(int(call.params["chat_id"]), key)] += 1
            lost_messages = sum(max(0, n - sends[key]) for key, n in expected.items())
            duplicates = sum(max(0, sends[key] - n) for key, n in expected.items())
            too_many = sum(call.error_code == 429 for call in world.calls)
            assert world.limits.accepted, "the fake's limits counted nothing"
            errors = [line for line in failover.log_lines()
                      if line.startswith("{") and json.loads(line)["level"] in ("ERROR", "CRITICAL")]
            takeovers = [round(k.takeover_s, 2) for k in failover.kills]
            numbers = dict(
                instances=INSTANCES, leader_kills=len(failover.kills), takeover_s=takeovers,
                takeover_max_s=max(takeovers, default=0.0), games=len(drivers),
                phases_resolved=sum(d.resolutions for d in drivers), submissions_accepted=accepted,
                submissions_verified=sum(d.verified for d in drivers), submissions_lost=len(lost_submissions),
                phases_resolved_twice=twice, announcements=sum(expected.values()), announcements_lost=lost_messages,
                duplicates=duplicates, too_many_requests=too_many, webhook_retries=pusher.retries,
                handled_by=sorted(pusher.handled_by.values()),
                kills_while_players_submit=sum(k.in_flight["press"] > 0 for k in failover.kills),
                kills_during_resolution=sum(k.in_flight["resolve"] > 0 for k in failover.kills),
                kills_while_announcements_pending=sum(k.pending_outbox > 0 for k in failover.kills),
                bot_errors_logged=len(errors))
            figures("failover", **numbers)
            print(f"failover figures: {numbers}")
            said = f"figures: {numbers}; first submission lost: {lost_submissions[:1]}"
            assert len(failover.kills) == KILLS, said
            assert not lost_submissions and accepted > 0, said
            assert twice == 0, said
            assert lost_messages == 0, said
            assert too_many == 0, said
            assert max(takeovers) <= TAKEOVER_WITHIN_S, said
            assert len(pusher.handled_by) == INSTANCES, said  # every instance took updates
        finally:
            await pusher.stop()
            await failover.stop()
            db.close()
