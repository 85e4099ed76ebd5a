"""Bot figures: updates handled per second against a bare echo bot, end-of-phase fan-out against
Telegram's limits, memory per game and re-arming after a restart. All in one process, in-process
fake Telegram, SQLite on disk; the bot's throughput and p99 also on PostgreSQL (`pg_…`: a throwaway
cluster started for the run, or BENCH_DATABASE_URL's server), measured the same way in the same run.

Baselines, measured on the same fake in the same run: `echo` only answers the callback (the issue's
baseline); `echo_edit` answers and edits the message with the panel the bot would show — the two
Telegram calls a card play needs, with none of the bot's work — so the bot's own cost can be told
from the cost of talking to Telegram. Throughput: every game's players press at once (100 games in
flight). Latency: the same presses fed one by one at a fixed rate — a quarter of the throughput
the bot reached — to the bot and to the baselines alike, each timed from its feeding to its end."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import os
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from aiogram import Dispatcher, Router
from aiogram.types import CallbackQuery, Message, Update

from engine.core.ruleset import get_ruleset
from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.delivery import Delivery, Limits
from tgbot.pacing import least_time
from tgbot.sandbox.faketg import FakeSession, FakeTelegram, FakeUser, ManualClock, World
from tgbot.ui.callbacks import Act
from tgbot.ui.panel import panel

# Latency is measured at this share of the bot's throughput: a busy bot, not a saturated one (a
# saturated one's latency is its queue, and says nothing of a click).
LOAD_SHARE = 4
UNLIMITED = Limits(global_per_s=1_000_000, private_interval_s=0.0, group_per_min=1_000_000)


async def _app(world: World, clock: Any, folder: Path, database_url: str | None = None) -> BotApp:
    settings = Settings(bot_token="42:TEST", database_path=folder / "bot.sqlite3", database_url=database_url)
    seeds = itertools.count(1)
    app = await create_app(settings, session=FakeSession(world), clock=clock, bot_username=world.bot.username,
                           limits=UNLIMITED, seeds=lambda: next(seeds))
    return app


async def make_games(app: BotApp, world: World, games: int, players: int,
                     ruleset: str = "micromafik") -> list[tuple[int, list[FakeUser]]]:
    """Games in their first night, set up through the service (sign-up by Telegram is not measured)."""
    out = []
    roles = [r["id"] for r in get_ruleset(ruleset).public_roles()]
    for g in range(games):
        master = world.add_user(f"M{g}", started=True)
        users = [world.add_user(f"P{g}_{i}", started=True) for i in range(players)]
        log = world.create_group(f"log{g}", owner=master)
        public = world.create_group(f"pub{g}", owner=master, members=users)
        game_id = await app.service.create_game(master_user_id=master.id, log_chat_id=log.id, ruleset=ruleset,
                                                locale="ru", chat_admin=True)
        await app.service.bind_public(game_id, user_id=master.id, chat_id=public.id)
        for i, user in enumerate(users):
            await app.service.join(game_id, user_id=user.id, name=f"Игрок {i}", public_role=roles[i])
        await app.service.start(game_id, user_id=master.id)
        await app.service.resolve(game_id, 0)  # the deck-building deadline: random legal decks
        out.append((game_id, users))
    return out


def _discard_updates(app: BotApp, world: World, games: list[tuple[int, list[FakeUser]]],
                     states: dict[int, Any]) -> list[tuple[FakeUser, Any, str]]:
    presses = []
    for game_id, users in games:
        state = states[game_id]
        for pid, user in enumerate(users):
            panel = next(m for m in reversed(world.messages_in(user.chat)) if m.inline_keyboard)
            uid = state.player(pid).hand[0].uid
            presses.append((user, panel, Act(g=game_id, p=state.phase, a="disc", v=str(uid)).pack()))
    return presses


def _update(world: World, user: FakeUser, message: Any, data: str) -> Update:
    message.reply_markup = {"inline_keyboard": [[{"text": "x", "callback_data": data}]]}
    update: Update = user.press(message, "x")
    world.ack(update.update_id)
    return update


async def _drive(dp: Dispatcher, bot: Any, world: World, presses: list[tuple[FakeUser, Any, str]],
                 rounds: int, concurrency: int) -> float:
    """Seconds to handle every press `rounds` times, `concurrency` presses in flight at once."""
    work = presses * rounds
    start = time.perf_counter()
    for i in range(0, len(work), concurrency):
        updates = [_update(world, *item) for item in work[i:i + concurrency]]
        await asyncio.gather(*(dp.feed_update(bot, update) for update in updates))
    return time.perf_counter() - start


async def _offered(dp: Dispatcher, bot: Any, world: World, presses: list[tuple[FakeUser, Any, str]],
                   rate: float) -> list[float]:
    """Open loop: press i is fed at i / rate seconds whatever happened before; its latency runs from
    its feeding to the end of its handling (so time spent interleaved with the presses in flight
    counts; the event loop's timer slack before the feeding, the same for every system, does not)."""
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    start = loop.time() + 0.01

    async def one(arrival: float, update: Update) -> None:
        await asyncio.sleep(max(0.0, arrival - loop.time()))
        fed = time.perf_counter()
        await dp.feed_update(bot, update)
        latencies.append(time.perf_counter() - fed)

    tasks = [one(start + i / rate, _update(world, *item)) for i, item in enumerate(presses)]
    await asyncio.gather(*tasks)
    return latencies


def _p99_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] * 1000, 3)


def _baselines(world: World, panels: dict[int, tuple[str, Any]]) -> dict[str, FakeTelegram]:
    """`echo` answers the callback; `echo_edit` also edits the message with the bot's panel."""
    echo, echo_edit = Dispatcher(), Dispatcher()
    only_answer, answer_and_edit = Router(), Router()

    async def answer(query: CallbackQuery) -> None:
        await query.answer()

    async def answer_edit(query: CallbackQuery) -> None:
        await query.answer("ok")
        text, keyboard = panels[query.from_user.id]
        message = query.message
        assert isinstance(message, Message)
        await message.edit_text(text, parse_mode="HTML", reply_markup=keyboard)

    only_answer.callback_query.register(answer)
    answer_and_edit.callback_query.register(answer_edit)
    echo.include_router(only_answer)
    echo_edit.include_router(answer_and_edit)
    return {"echo": FakeTelegram(echo, world), "echo_edit": FakeTelegram(echo_edit, world)}


async def throughput(games: int, rounds: int) -> dict[str, Any]:
    """Card-play callbacks through the whole bot vs. the baselines, same fake, same presses."""
    with tempfile.TemporaryDirectory() as tmp:
        world = World(record_calls=False)
        app = await _app(world, time.time, Path(tmp))
        made = await make_games(app, world, games, 8)
        await app.delivery.drain(timeout=600)
        states = {g: await app.service.state(g) for g, _ in made}
        presses = _discard_updates(app, world, made, states)
        panels = {user.id: panel(await app.service.game(g), states[g], pid, "ru")
                  for g, users in made for pid, user in enumerate(users)}
        baselines = _baselines(world, panels)
        seconds = {"bot": await _drive(app.dp, app.bot, world, presses, rounds, concurrency=games)}
        for name, fake in baselines.items():
            seconds[name] = await _drive(fake.dispatcher, fake.bot, world, presses, rounds, concurrency=games)
        count = len(presses) * rounds
        rate = {name: count / s for name, s in seconds.items()}
        offered = rate["bot"] / LOAD_SHARE
        latencies = {"bot": await _offered(app.dp, app.bot, world, presses, offered)}
        for name, fake in baselines.items():
            latencies[name] = await _offered(fake.dispatcher, fake.bot, world, presses, offered)
        await app.shutdown()
    p99 = {name: _p99_ms(samples) for name, samples in latencies.items()}
    return {
        "bot_games": games,
        "bot_updates": count,
        "bot_updates_per_s": round(rate["bot"], 1),
        "echo_updates_per_s": round(rate["echo"], 1),
        "echo_edit_updates_per_s": round(rate["echo_edit"], 1),
        "bot_vs_echo_throughput": round(rate["bot"] / rate["echo"], 4),
        "bot_vs_echo_edit_throughput": round(rate["bot"] / rate["echo_edit"], 4),
        "latency_offered_per_s": round(offered, 1),
        "bot_p99_ms": p99["bot"],
        "echo_p99_ms": p99["echo"],
        "echo_edit_p99_ms": p99["echo_edit"],
        "bot_vs_echo_p99": round(p99["bot"] / max(p99["echo"], 1e-6), 2),
        "bot_vs_echo_edit_p99": round(p99["bot"] / max(p99["echo_edit"], 1e-6), 2),
        "bot_median_ms": round(statistics.median(latencies["bot"]) * 1000, 3),
        "echo_median_ms": round(statistics.median(latencies["echo"]) * 1000, 3),
    }


async def throughput_postgres(games: int, rounds: int, url: str, sqlite: dict[str, Any]) -> dict[str, Any]:
    """The bot's throughput and latency as `throughput` measures them, on PostgreSQL at `url`: the same
    presses, and the latency at the rate offered to the bot on SQLite (so the two p99 compare)."""
    with tempfile.TemporaryDirectory() as tmp:
        world = World(record_calls=False)
        app = await _app(world, time.time, Path(tmp), database_url=url)
        made = await make_games(app, world, games, 8)
        await app.delivery.drain(timeout=600)
        states = {g: await app.service.state(g) for g, _ in made}
        presses = _discard_updates(app, world, made, states)
        seconds = await _drive(app.dp, app.bot, world, presses, rounds, concurrency=games)
        latencies = await _offered(app.dp, app.bot, world, presses, sqlite["latency_offered_per_s"])
        await app.shutdown()
    rate = len(presses) * rounds / seconds
    p99 = _p99_ms(latencies)
    return {
        "pg_bot_updates_per_s": round(rate, 1),
        "pg_bot_p99_ms": p99,
        "pg_bot_median_ms": round(statistics.median(latencies) * 1000, 3),
        "pg_vs_sqlite_throughput": round(rate / sqlite["bot_updates_per_s"], 4),
        "pg_vs_sqlite_p99": round(p99 / max(sqlite["bot_p99_ms"], 1e-6), 2),
    }


async def _on_postgres(games: int, rounds: int, sqlite: dict[str, Any]) -> dict[str, Any]:
    """`throughput_postgres` on BENCH_DATABASE_URL's server (a database made for the run), else on a
    throwaway cluster (tests/postgres_cluster.py: PostgreSQL's server binaries must be installed)."""
    import asyncpg

    from tests.postgres_cluster import cluster

    with contextlib.ExitStack() as stack:
        server = os.environ.get("BENCH_DATABASE_URL") or stack.enter_context(cluster())
        name = f"bench_{os.getpid()}"
        admin = await asyncpg.connect(f"{server.rstrip('/')}/postgres")
        try:
            await admin.execute(f"CREATE DATABASE {name}")
            try:
                return await throughput_postgres(games, rounds, f"{server.rstrip('/')}/{name}", sqlite)
            finally:
                await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
        finally:
            await admin.close()


async def fanout(games: int, players: int) -> dict[str, Any]:
    """End-of-phase messages of many 16-player Мафик games whose first nights end in the same second,
    delivered through a fake that enforces Telegram's limits (its clock is simulated, so the run is short)."""
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock(1_800_000_000.0)
        world = World(clock=clock, record_calls=False)
        app = await _app(world, clock, Path(tmp))
        made = await make_games(app, world, games, players, ruleset="mafik")
        await app.delivery.drain(timeout=3600)
        for game_id, _users in made:
            await app.service.resolve(game_id, 1)
        pending = await app.repo.pending(limit=1_000_000)
        chats = Counter(m.chat_id for m in pending)
        world.limits.enabled = True

        async def sleep(seconds: float) -> None:
            clock.advance(max(seconds, 0.001))
            await asyncio.sleep(0)

        limits = Limits()
        delivery = Delivery(app.bot, app.repo, limits=limits, monotonic=clock, wall=clock, sleep=sleep)
        start = clock()
        await delivery.drain(timeout=24 * 3600)
        elapsed = clock() - start
        lost = await app.repo.pending_count()
        rejected = sum(world.limits.rejected.values())
        await app.shutdown()
    minimum = least_time(chats, limits)
    return {
        "fanout_games": games,
        "fanout_players": players,
        "fanout_messages": sum(chats.values()),
        "fanout_s": round(elapsed, 2),
        "fanout_min_s": round(minimum, 2),
        "fanout_vs_limit": round(elapsed / minimum, 3) if minimum else 1.0,
        "fanout_429": rejected,
        "fanout_lost": lost,
    }


def rss_mb() -> float:
    """Resident memory now (Linux: /proc; elsewhere the peak, which can only overstate growth)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def memory_and_rearm(games: int, players: int) -> dict[str, Any]:
    """Resident memory per active 16-player Мафик game with `games` loaded, and the time from start-up
    to every deadline re-armed — both measured by a restarted bot in a fresh process
    (bench/restart_probe.py) on the database this process filled."""
    with tempfile.TemporaryDirectory() as tmp:
        world = World(record_calls=False)
        app = await _app(world, time.time, Path(tmp))
        await make_games(app, world, games, players, ruleset="mafik")
        await app.delivery.drain(timeout=3600)
        await app.shutdown()
        database = Path(tmp) / "bot.sqlite3"
        done = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.restart_probe", str(database),
                                                    stdout=asyncio.subprocess.PIPE)
        out, _ = await done.communicate()
        if done.returncode != 0:
            raise RuntimeError(f"restart probe failed with {done.returncode}")
    probe = json.loads(out)
    return {
        "rss_games": probe["games"],
        "rss_players": players,
        "rss_mb_per_game": round(max(0.0, probe["rss_loaded_mb"] - probe["rss_created_mb"]) / max(probe["games"], 1), 4),
        "rss_process_mb": round(probe["rss_loaded_mb"], 1),
        "restart_rearm_s": round(probe["rearm_s"], 3),
        "restart_ready_s": round(probe["ready_s"], 3),
        "restart_rooms_resynced_s": round(probe["resynced_s"], 3),
        "restart_armed": probe["armed"],
    }


# The bot's sizes by the bench's size (see bench/__main__.py): games and rounds of the throughput runs, the
# fan-out's games, the games loaded for memory.
SIZES = {"full": (100, 3, 200, 500), "quick": (20, 2, 20, 50), "smoke": (4, 1, 3, 10)}


async def bot_figures(size: str) -> dict[str, Any]:
    games, rounds, fanout_games, loaded = SIZES[size]
    report: dict[str, Any] = {}
    report.update(await throughput(games=games, rounds=rounds))
    report.update(await _on_postgres(games=games, rounds=rounds, sqlite=report))
    report.update(await fanout(games=fanout_games, players=16))
    report.update(await memory_and_rearm(games=loaded, players=16))
    return report


def run(size: str) -> dict[str, Any]:
    return asyncio.run(bot_figures(size))

