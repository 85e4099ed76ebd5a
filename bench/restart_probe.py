"""`python -m bench.restart_probe DATABASE`: start the bot on an existing database in a fresh process,
as a restart does, and print JSON: seconds from start-up to every deadline re-armed and to the end
of start-up (chat rooms re-synced with every running game: the bot serves updates from then on), and
resident memory before and after every running game is loaded (a fresh process, so memory freed by
whoever made the games cannot be reused and hide the cost)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

from bench.bot_bench import UNLIMITED, rss_mb
from tgbot.app import create_app
from tgbot.config import Settings
from tgbot.sandbox.faketg import FakeSession, World


async def probe(database: Path) -> dict[str, float | int]:
    world = World(record_calls=False)
    before = rss_mb()
    start = time.perf_counter()
    app = await create_app(Settings(bot_token="42:TEST", database_path=database), session=FakeSession(world),
                           bot_username=world.bot.username, limits=UNLIMITED)
    rearm = app.deadlines.rearm
    armed_at: list[float] = []

    async def timed_rearm() -> int:
        count = await rearm()
        armed_at.append(time.perf_counter())
        return count

    app.deadlines.rearm = timed_rearm  # type: ignore[method-assign]
    created = rss_mb()  # the bot without any game in memory yet (start-up loads running games)
    await app.startup()
    ready_s = time.perf_counter() - start  # serving updates; chat rooms are re-synced in the background
    await app.ready()
    resynced_s = time.perf_counter() - start
    rearm_s = armed_at[0] - start
    armed = len([job for job in app.scheduler.get_jobs() if job.id.endswith(":deadline")])
    games = [int(game["id"]) for game in await app.repo.games_where(status="running")]
    for game_id in games:  # every game touched once: its state, players and row in memory
        await app.service.state(game_id)
        await app.service.game(game_id)
        await app.repo.players(game_id)
    loaded = rss_mb()
    await app.shutdown()
    return {"rearm_s": rearm_s, "ready_s": ready_s, "resynced_s": resynced_s, "armed": armed, "games": len(games), "rss_start_mb": before,
            "rss_created_mb": created, "rss_loaded_mb": loaded}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(probe(Path(sys.argv[1])))))
