"""Bot figures: updates handled per second against a bare echo bot, end-of-phase fan-out against
Telegram's limits, memory per game and re-arming after a restart. All in one process, in-process
fake Telegram, SQLite on disk."""

from __future__ import annotations

import asyncio
import gc
import itertools
import math
import resource
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from aiogram import Dispatcher, Router
from aiogram.types import CallbackQuery, Update

from engine.core.ruleset import get_ruleset
from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.delivery import Delivery, Limits
from tgbot.fake import FakeSession, FakeTelegram, FakeUser, ManualClock, World
from tgbot.ui.callbacks import Act

UNLIMITED = Limits(global_per_s=1_000_000, private_interval_s=0.0, group_per_min=1_000_000)


async def _app(world: World, clock: Any, folder: Path) -> BotApp:
    settings = Settings(bot_token="42:TEST", database_path=folder / "bot.sqlite3")
    seeds = itertools.count(1)
    app = await create_app(settings, session=FakeSession(world), clock=clock, bot_username=world.bot.username,
                           limits=UNLIMITED, seeds=lambda: next(seeds))
    return app


async def make_games(app: BotApp, world: World, games: int, players: int) -> list[tuple[int, list[FakeUser]]]:
    """Games in their first night, set up through the service (sign-up by Telegram is not measured)."""
    out = []
    roles = [r["id"] for r in get_ruleset("micromafik").public_roles()]
    for g in range(games):
        master = world.add_user(f"M{g}", started=True)
        users = [world.add_user(f"P{g}_{i}", started=True) for i in range(players)]
        log = world.create_group(f"log{g}", owner=master)
        public = world.create_group(f"pub{g}", owner=master, members=users)
        game_id = await app.service.create_game(master_user_id=master.id, log_chat_id=log.id, ruleset="micromafik",
                                                locale="ru")
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


async def _drive(dp: Dispatcher, bot: Any, world: World, presses: list[tuple[FakeUser, Any, str]],
                 rounds: int, concurrency: int) -> tuple[float, list[float]]:
    latencies: list[float] = []

    async def one(user: FakeUser, message: Any, data: str) -> None:
        message_buttons = {"inline_keyboard": [[{"text": "x", "callback_data": data}]]}
        message.reply_markup = message_buttons
        update: Update = user.press(message, "x")
        world.ack(update.update_id)
        start = time.perf_counter()
        await dp.feed_update(bot, update)
        latencies.append(time.perf_counter() - start)

    work = presses * rounds
    start = time.perf_counter()
    for i in range(0, len(work), concurrency):
        await asyncio.gather(*(one(*item) for item in work[i:i + concurrency]))
    return time.perf_counter() - start, latencies


def _p99_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] * 1000, 3)


async def throughput(games: int, rounds: int) -> dict[str, Any]:
    """Card-play callbacks through the whole bot vs. a bare handler that only answers, same fake."""
    with tempfile.TemporaryDirectory() as tmp:
        world = World(record_calls=False)
        app = await _app(world, time.time, Path(tmp))
        made = await make_games(app, world, games, 8)
        await app.delivery.drain(timeout=600)
        states = {g: await app.service.state(g) for g, _ in made}
        presses = _discard_updates(app, world, made, states)
        bot_s, bot_lat = await _drive(app.dp, app.bot, world, presses, rounds, concurrency=games)
        echo = Dispatcher()
        router = Router()

        async def answer(query: CallbackQuery) -> None:
            await query.answer()

        router.callback_query.register(answer)
        echo.include_router(router)
        fake = FakeTelegram(echo, world)
        echo_s, echo_lat = await _drive(echo, fake.bot, world, presses, rounds, concurrency=games)
        await app.shutdown()
    count = len(presses) * rounds
    bot_rate, echo_rate = count / bot_s, count / echo_s
    return {
        "bot_games": games,
        "bot_updates": count,
        "bot_updates_per_s": round(bot_rate, 1),
        "echo_updates_per_s": round(echo_rate, 1),
        "bot_vs_echo_throughput": round(bot_rate / echo_rate, 4),
        "bot_p99_ms": _p99_ms(bot_lat),
        "echo_p99_ms": _p99_ms(echo_lat),
        "bot_vs_echo_p99": round(_p99_ms(bot_lat) / max(_p99_ms(echo_lat), 1e-6), 2),
    }


def fanout_lower_bound(chats: Counter[int], limits: Limits) -> float:
    """The least time Telegram's limits allow for these messages (per chat and overall)."""
    total = sum(chats.values())
    # A sliding window of one second lets a burst of `global_per_s` go at once, then the next…
    bound = math.floor((total - 1) / limits.global_per_s) if total else 0.0
    for chat, count in chats.items():
        if chat > 0:
            bound = max(bound, (count - 1) * limits.private_interval_s)
        else:
            bound = max(bound, (math.ceil(count / limits.group_per_min) - 1) * 60.0)
    return bound


async def fanout(games: int, players: int) -> dict[str, Any]:
    """End-of-phase messages of many games whose deadlines fall in the same second, delivered
    through a fake that enforces Telegram's limits (its clock is simulated, so the run is short)."""
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock(1_800_000_000.0)
        world = World(clock=clock, record_calls=False)
        app = await _app(world, clock, Path(tmp))
        made = await make_games(app, world, games, players)
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
    minimum = fanout_lower_bound(chats, limits)
    return {
        "fanout_games": games,
        "fanout_messages": sum(chats.values()),
        "fanout_s": round(elapsed, 2),
        "fanout_min_s": round(minimum, 2),
        "fanout_vs_limit": round(elapsed / minimum, 3) if minimum else 1.0,
        "fanout_429": rejected,
        "fanout_lost": lost,
    }


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def memory_and_rearm(games: int) -> dict[str, Any]:
    """Resident memory per active game once `games` are loaded, and the time a restart takes to
    re-arm every deadline."""
    with tempfile.TemporaryDirectory() as tmp:
        world = World(record_calls=False)
        app = await _app(world, time.time, Path(tmp))
        made = await make_games(app, world, games, 8)
        await app.delivery.drain(timeout=3600)
        await app.shutdown()
        gc.collect()
        before = _rss_mb()
        start = time.perf_counter()
        restarted = await _app(world, time.time, Path(tmp))
        await restarted.startup()
        rearm_s = time.perf_counter() - start
        armed = len([j for j in restarted.scheduler.get_jobs() if j.id.endswith(":deadline")])
        states = [await restarted.service.state(g) for g, _ in made]  # every game touched once
        after = _rss_mb()
        await restarted.shutdown()
    return {
        "rss_games": games,
        "rss_mb_per_game": round(max(0.0, after - before) / games, 4),
        "restart_rearm_s": round(rearm_s, 3),
        "restart_armed": armed,
        "restart_games_loaded": len(states),
    }


async def bot_figures(quick: bool) -> dict[str, Any]:
    report: dict[str, Any] = {}
    report.update(await throughput(games=20 if quick else 100, rounds=2 if quick else 3))
    report.update(await fanout(games=20 if quick else 200, players=8))
    report.update(await memory_and_rearm(games=50 if quick else 500))
    return report


def run(quick: bool) -> dict[str, Any]:
    return asyncio.run(bot_figures(quick))

