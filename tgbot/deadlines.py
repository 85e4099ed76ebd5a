"""Deadlines: absolute times in the database, armed as APScheduler jobs (in-memory job store).

At start-up every pending deadline is re-armed from the database; a deadline already past fires
at once. A job resolves whichever phase is current when it fires; `GameService.resolve` is
idempotent, so a late or duplicate firing changes nothing. Reminders go to those who have not
submitted, a configurable number of minutes before the deadline.

With several instances only the leader (`tgbot/leader.py`) keeps the scheduler: the others arm
nothing, and the leader follows the database (`follow`) to arm what they changed.

Deadlines that fall in the same second resolve one at a time (`RESOLVING_AT_ONCE`): all at once,
every resolution shares the event loop with all the others, so the first game's announcements are
queued only when nearly every game is done, and the delivery and the updates wait behind them all.
One at a time still resolves far faster than Telegram lets the announcements go (a 16-player game's
end-of-phase messages take 0.6 s of the bot-wide budget, its resolution tens of milliseconds),
and the loop stays free for the delivery whenever the resolution waits for the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from tgbot.services.games import GameService

log = logging.getLogger(__name__)
RESOLVING_AT_ONCE = 1


class Deadlines:
    def __init__(self, service: GameService, scheduler: AsyncIOScheduler, *, clock: Callable[[], float]) -> None:
        self.service = service
        self.scheduler = scheduler
        self.clock = clock
        self.leading = True  # only an instance that leads arms deadlines (its leadership sets this)
        self.armed: dict[int, float] = {}  # what the scheduler holds, per game
        self._resolving = asyncio.Semaphore(RESOLVING_AT_ONCE)
        service.on_deadline = self.arm

    async def rearm(self) -> int:
        """Arm every deadline stored in the database; the number armed."""
        deadlines = await self.service.repo.deadlines()
        for game_id, at in deadlines:
            await self.arm(game_id, at)
        return len(deadlines)

    def _at(self, when: float) -> datetime:
        """The scheduler's (real) time for a moment of the service's clock: now + the delay left."""
        delay = max(0.0, when - self.clock())
        return datetime.now(UTC) + timedelta(seconds=delay)

    async def arm(self, game_id: int, at: float | None) -> None:
        if not self.leading:
            return  # the leader arms it from the database
        for job in self.scheduler.get_jobs():
            if job.id.startswith(f"g{game_id}:"):
                job.remove()
        self.armed.pop(game_id, None)
        if at is None:
            return
        self.armed[game_id] = at
        self.scheduler.add_job(self.fire, DateTrigger(run_date=self._at(at)), args=[game_id],
                               id=f"g{game_id}:deadline", misfire_grace_time=None, coalesce=True)
        game = await self.service.game(game_id)
        for minutes in self.service.options(game)["reminders"]:
            when = at - 60 * int(minutes)
            if when > self.clock():
                self.scheduler.add_job(self.service.remind, DateTrigger(run_date=self._at(when)),
                                       args=[game_id, int(game["phase"]), int(minutes)],
                                       id=f"g{game_id}:remind{minutes}", misfire_grace_time=None)

    def disarm_all(self) -> None:
        """Forget every deadline (this instance no longer leads)."""
        self.scheduler.remove_all_jobs()
        self.armed.clear()

    async def sync(self) -> int:
        """Arm what the database holds and the scheduler does not (deadlines other instances set or
        moved, games they ended); the number of games re-armed."""
        stored = dict(await self.service.repo.deadlines())
        changed = [g for g, at in stored.items() if self.armed.get(g) != at] + [g for g in self.armed if g not in stored]
        for game_id in changed:
            await self.arm(game_id, stored.get(game_id))
        return len(changed)

    async def follow(self, every: float) -> None:
        """`sync` every `every` seconds until cancelled (the leader among several instances)."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.sync()
            except Exception:  # logged; the next round tries again
                log.exception("following the database's deadlines failed")

    async def fire(self, game_id: int) -> None:
        async with self._resolving:
            await self._fire(game_id)

    async def _fire(self, game_id: int) -> None:
        async with self.service.lock(game_id):  # not half-way through another change of the game
            game = await self.service.game(game_id)
        at = game["deadline_at"]
        if at is None:
            return
        if float(at) > self.clock() + 0.5:  # extended since this job was armed
            await self.arm(game_id, float(at))
            return
        try:
            await self.service.resolve(game_id, int(game["phase"]))
        except Exception:
            log.exception("resolving game %s failed", game_id)
            raise
