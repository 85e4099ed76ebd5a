"""The failover proof: three real `python -m tgbot` processes on one PostgreSQL and one Redis, fed by the
fake Telegram's webhook round-robin (`WebhookPusher`), play Микромафик games while the leader (the holder
of PostgreSQL's lease, `tgbot/storage/pg_lease.py`) or a follower is SIGKILLed and started again.

The kills are aimed, in turn (`MOMENTS`), at a moment a press of a player is in flight, a /resolve is in
flight, the outbox holds announcements not yet sent, and a deadline falls due (the leader is killed then,
as it fires it); the wait before each is random. Half the games end their night and day phases by the
deadline alone (1 minute, the shortest a master may set), fired by the leading instance's scheduler — or
by the next leader, which re-arms it from the database.

Asserted: every submission answered "accepted" is in the committed state (0 lost); no phase resolved
twice; every phase ended by its deadline within `DEADLINE_LATE_S` of it; every announcement of the outbox
delivered at least once (duplicates are counted and reported: a message Telegram accepted while its
sender died before marking it sent); 0 × 429 from the fake's limits; a new leader within seconds of every
kill of the leader (the times are reported), and a follower's death leaves the leadership where it was;
each kind of kill and each moment happened.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import pytest
from aiogram.types import Update
from redis.asyncio import Redis

from tests.redis.conftest import redis_server  # noqa: F401  (the fixture)
from tests.redis.server import free_port
from tests.reliability.pgview import PgView
from tests.reliability.procdriver import DEADLINE_LATE_S, DEADLINE_MINUTES, GameDriver, Net, until
from tests.reliability.test_crash_restart import outbox_keys
from tgbot.run import WEBHOOK_PATH
from tgbot.sandbox.faketg import FakeTelegramServer, World
from tgbot.sandbox.faketg.webhook import WebhookPusher
from tgbot.storage.pg_lease import APPLICATION

ROOT = Path(__file__).resolve().parents[2]
INSTANCES = 3
KILLS = int(os.environ.get("FAILOVER_KILLS", "4"))  # one at each moment; the full proof (.ci/run): 30
GAMES_AT_ONCE = 3  # every other one ends its phases by /resolve, the others their night by its deadline
MAX_PHASES = 4
MAX_PHASES_BY_DEADLINE = 1  # the first night, a minute long (the sign-up's deck phase ends by /resolve)
MOMENTS = ("press", "resolve", "outbox", "deadline")
AIM_WITHIN_S = 60.0  # a moment not come by then: the kill goes at once (counted as not aimed)
DUE_S = 0.05  # a kill this close before a deadline leaves it to the next leader to fire
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
    moment: str  # the moment aimed at (MOMENTS)
    aimed: bool  # it came (else the kill went when the wait ran out)
    leader: bool  # the leader killed (else a follower: the leadership must not move)
    at: float = 0.0  # UNIX time
    takeover_s: float = 0.0

    def as_due(self, spans: list[tuple[float, float]], ahead: float = DUE_S) -> bool:
        """Killed as a deadline fell due: at most `ahead` before it, or after it and before its phase ended
        (`spans`: each phase ended by its deadline, (the deadline, when it was seen ended))."""
        return any(start - ahead <= self.at <= end for start, end in spans)


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
    drivers: list[GameDriver] = field(default_factory=list)

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

    def deadlines(self) -> list[float]:
        """The deadlines the games wait for now (UNIX times)."""
        return [d.deadline_at for d in self.drivers if d.deadline_at is not None]

    async def aim(self, moment: str, rnd: random.Random) -> bool:
        """Wait for `moment` (at most `AIM_WITHIN_S`, a deadline's minute more); whether it came."""
        if moment == "deadline":
            give_up = time.time() + AIM_WITHIN_S + 60 * DEADLINE_MINUTES
            while time.time() < give_up:
                if not await until(lambda: bool(self.deadlines()), give_up - time.time()):
                    return False
                due = min(self.deadlines())
                # Just before the scheduler fires it (a kill then leaves it to the next leader), or as it does.
                await asyncio.sleep(max(0.0, due - time.time() - rnd.uniform(0.0, DUE_S - 0.01)))
                if due in self.deadlines():  # its phase not seen ended yet (a late wake-up waits for the next)
                    return True
            return False
        if moment == "outbox":
            return await slowly_until(lambda: self.db.pending() > 0, AIM_WITHIN_S)
        return await until(lambda: self.in_flight[moment] > 0, AIM_WITHIN_S)

    async def monkey(self, rnd: random.Random, stop: asyncio.Event) -> None:
        while len(self.kills) < KILLS and not stop.is_set():
            await asyncio.sleep(rnd.uniform(1.0, 4.0))
            n = len(self.kills)
            moment = MOMENTS[n % len(MOMENTS)]
            # The leader and followers in turn, each at every moment; the deadline's firer is the leader.
            of_leader = moment == "deadline" or (n + n // len(MOMENTS)) % 2 == 0
            assert await until(lambda: self.leader() is not None, 30), "no leader"
            leader = self.leader()  # looked up first: a deadline's moment is a matter of milliseconds
            aimed = await self.aim(moment, rnd)
            pid = leader if of_leader else rnd.choice(
                [proc.pid for proc in self.procs.values() if proc.pid != leader and proc.returncode is None])
            port = next(p for p, proc in self.procs.items() if proc.pid == pid)
            os.kill(pid, signal.SIGKILL)
            killed, at = time.monotonic(), time.time()
            self.generation += 1
            self.ready.clear()
            kill = Kill(pid, Counter(+self.in_flight), self.db.pending(), moment, aimed, of_leader, at=at)
            self.kills.append(kill)
            print(f"kill {n} ({moment}, {'leader' if of_leader else 'follower'}, aimed: {aimed}) at {at:.3f}", flush=True)
            await self.procs[port].wait()
            if of_leader:
                assert await until(lambda dead=pid: self.leader() not in (None, dead), 30), "no new leader within 30 s"
                kill.takeover_s = time.monotonic() - killed
            else:
                assert self.leader() == leader, "a follower's death moved the leadership"
            self.ready.set()
            await self.start(port)
            # Back to three before the next kill: else a run of leader kills on a loaded machine (where a
            # start takes 10-15 s) kills the survivors before the first comes back, and nobody is left to lead.
            assert await listening(port, 90), f"the instance on port {port} did not start within 90 s"

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

    def deadline_fires(self) -> tuple[int, int]:
        """Deadline jobs run by every process (its log), and of those, how many while it did not lead."""
        fired = by_follower = 0
        for path in sorted(self.logs.glob("bot-*.log")):
            leading = False
            for line in path.read_text(errors="replace").splitlines():
                message = json.loads(line).get("message", "") if line.startswith("{") else ""
                if message.startswith("leadership: this instance leads"):
                    leading = True
                elif message.startswith("leadership: the lease was lost"):
                    leading = False
                elif message.startswith('Running job "Deadlines.fire'):
                    fired += 1
                    by_follower += not leading
        return fired, by_follower


async def listening(port: int, timeout: float) -> bool:
    """Whether an instance takes connections on `port` within `timeout` (its webhook is up)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        try:
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.1)
            continue
        writer.close()
        await writer.wait_closed()
        return True
    return False


async def slowly_until(predicate: Callable[[], bool], timeout: float) -> bool:
    """`until` for a predicate that reads the database: a look every 20 ms, not every 5."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


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
async def test_sigkill_of_the_leader_or_a_follower_among_three_instances_loses_nothing(
        tmp_path, figures, database_url, redis_server):  # noqa: F811
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
        drivers = failover.drivers
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
                    driver = GameDriver(net, random.Random(rnd.random()), len(drivers) + 1,
                                        by_deadline=len(drivers) % 2 == 1)
                    drivers.append(driver)
                    running.add(asyncio.create_task(driver.play(MAX_PHASES_BY_DEADLINE if driver.by_deadline
                                                                else MAX_PHASES)))
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
            refused = [(round(c.at, 3), c.method, c.params.get("chat_id")) for c in world.calls if c.error_code == 429]
            too_many = len(refused)
            assert world.limits.accepted, "the fake's limits counted nothing"
            errors = [line for line in failover.log_lines()
                      if line.startswith("{") and json.loads(line)["level"] in ("ERROR", "CRITICAL")]
            takeovers = sorted(round(k.takeover_s, 2) for k in failover.kills if k.leader)
            by_deadline = [span for d in drivers for span in d.by_deadline_ended]  # (deadline, ended)
            late = sorted(round(end - start, 2) for start, end in by_deadline)
            fired, fired_by_follower = failover.deadline_fires()
            numbers = dict(
                instances=INSTANCES, leader_kills=len(takeovers), follower_kills=len(failover.kills) - len(takeovers),
                kills_aimed=dict(Counter(k.moment for k in failover.kills if k.aimed)),
                takeover_s=takeovers, takeover_min_s=min(takeovers, default=0.0),
                takeover_median_s=statistics.median(takeovers) if takeovers else 0.0,
                takeover_max_s=max(takeovers, default=0.0), games=len(drivers),
                phases_resolved=sum(d.resolutions for d in drivers), phases_ended_by_deadline=len(late),
                deadline_late_max_s=max(late, default=0.0), deadline_jobs_run=fired,
                deadline_jobs_run_by_a_follower=fired_by_follower, submissions_accepted=accepted,
                submissions_verified=sum(d.verified for d in drivers), submissions_lost=len(lost_submissions),
                phases_resolved_twice=twice, announcements=sum(expected.values()), announcements_lost=lost_messages,
                duplicates=duplicates, too_many_requests=too_many, webhook_retries=pusher.retries,
                handled_by=sorted(pusher.handled_by.values()),
                kills_while_players_submit=sum(k.in_flight["press"] > 0 for k in failover.kills),
                kills_during_resolution=sum(k.in_flight["resolve"] > 0 or k.as_due(by_deadline, 0.0) for k in failover.kills),
                kills_as_a_deadline_fell_due=sum(k.as_due(by_deadline) for k in failover.kills),
                kills_while_announcements_pending=sum(k.pending_outbox > 0 for k in failover.kills),
                bot_errors_logged=len(errors))
            figures("failover", **numbers)
            print(f"failover figures: {numbers}")
            said = f"figures: {numbers}; first submission lost: {lost_submissions[:1]}; 429s: {refused[:10]}"
            assert len(failover.kills) == KILLS, said
            assert numbers["leader_kills"] > 0 and numbers["follower_kills"] > 0, said
            for moment in ("kills_while_players_submit", "kills_during_resolution", "kills_while_announcements_pending",
                           "kills_as_a_deadline_fell_due"):
                assert numbers[moment] > 0, said
            assert not lost_submissions and accepted > 0, said
            assert twice == 0, said
            assert late and max(late) <= DEADLINE_LATE_S, said
            assert fired >= len(late) and fired_by_follower == 0, said  # one leader at a time runs the deadlines
            assert lost_messages == 0, said
            assert too_many == 0, said
            assert max(takeovers) <= TAKEOVER_WITHIN_S, said
            assert len(pusher.handled_by) == INSTANCES, said  # every instance took updates
        finally:
            await pusher.stop()
            await failover.stop()
            db.close()
