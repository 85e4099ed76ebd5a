"""Deadlines that fall together resolve one at a time (tgbot/deadlines.py `RESOLVING_AT_ONCE`), so the
first games' announcements are queued while the others wait, instead of every game finishing at the end."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from tgbot.deadlines import RESOLVING_AT_ONCE, Deadlines


class Service:
    """What `Deadlines.fire` uses of the game service: every game's deadline has passed."""

    def __init__(self) -> None:
        self.on_deadline: Any = None
        self.running = 0
        self.most = 0
        self.done: list[int] = []
        self.log: list[tuple[str, int]] = []  # ("start" | "end", game) in the order they happened

    @contextlib.asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        yield

    async def game(self, game_id: int) -> dict[str, Any]:
        return {"deadline_at": 50.0, "phase": 1}

    async def resolve(self, game_id: int, phase: int) -> bool:
        self.log.append(("start", game_id))
        self.running += 1
        self.most = max(self.most, self.running)
        await asyncio.sleep(0.01)
        self.running -= 1
        self.done.append(game_id)
        self.log.append(("end", game_id))
        return True


async def test_deadlines_that_fall_together_resolve_one_at_a_time():
    service = Service()
    deadlines = Deadlines(service, AsyncIOScheduler(timezone="UTC"), clock=lambda: 100.0)  # type: ignore[arg-type]
    await asyncio.gather(*(deadlines.fire(game) for game in range(1, 11)))
    assert sorted(service.done) == list(range(1, 11))  # every game resolved
    assert service.most == RESOLVING_AT_ONCE
    first_end = service.log.index(("end", service.done[0]))
    assert service.log.index(("start", 10)) > first_end  # the first game's announcements do not wait for the last
