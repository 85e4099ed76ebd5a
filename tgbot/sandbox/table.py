"""One sandbox world: the fake Telegram's users and groups, the real bot wired to it, and a clock the
sandbox moves (to the next deadline) instead of the wall's."""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass, field
from pathlib import Path

from aiogram.types import Update

from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.delivery import Limits
from tgbot.sandbox.faketg import FakeChat, FakeMessage, FakeSession, FakeUser, ManualClock, World

# The sandbox answers at once: Telegram's pacing would only slow a game played on one page.
FAST = Limits(global_per_s=10_000, private_interval_s=0.0, group_per_min=100_000)


@dataclass
class Table:
    """The world, the bot and who sits where. Every change of the world goes through `lock`, so the
    page's requests and the demo's agents take turns, as updates of one polling bot do."""

    world: World
    clock: ManualClock
    app: BotApp
    master: FakeUser
    log: FakeChat
    public: FakeChat
    players: list[FakeUser] = field(default_factory=list)
    rooms: list[FakeChat] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def feed(self, update: Update | None = None) -> None:
        """Hand the bot every update it would get by polling (an update a group's privacy hides from
        it is not among them), then deliver what it sent. `update` is the one just made; it is in the
        queue if the bot may see it."""
        allowed = self.app.dp.resolve_used_update_types()
        while batch := self.world.take_updates(None, 100, allowed):
            for data in batch:
                self.world.ack(data["update_id"])
                await self.app.dp.feed_update(self.app.bot, Update.model_validate(data, context={"bot": self.app.bot}))
        await self.app.delivery.drain()

    async def press(self, user: FakeUser, message: FakeMessage, button: str) -> None:
        await self.feed(user.press(message, button))

    def last_with_buttons(self, user: FakeUser) -> FakeMessage:
        for message in reversed(self.world.messages_in(user.chat)):
            if message.inline_keyboard:
                return message
        raise LookupError(f"{user.first_name} has no message with buttons")

    async def next_deadline(self) -> float | None:
        deadlines = await self.app.repo.deadlines()
        return min((float(at) for _game, at in deadlines), default=None)

    async def jump(self) -> float | None:
        """Move the clock to the next deadline and let it pass (the phase resolves, as its job would
        have done); the seconds jumped, None if no deadline is pending."""
        at = await self.next_deadline()
        if at is None:
            return None
        jumped = max(0.0, at - self.clock())
        self.clock.advance(jumped)
        for game_id, when in await self.app.repo.deadlines():
            if float(when) <= self.clock():
                await self.app.deadlines.fire(int(game_id))
        await self.feed()
        return jumped

    async def close(self) -> None:
        await self.app.shutdown()


async def open_table(database: Path, *, seats: int, rooms: int = 3, seed: int | None = None) -> Table:
    """A fresh world: the master, `seats` players who have started the bot, the master's log group,
    the public group with the players in it, `rooms` spare groups for chat rooms; the bot on
    `database` (a new file), started."""
    clock = ManualClock(time.time())
    world = World(clock=clock)
    master = world.add_user("Мастер", username="master", started=True)
    players = [world.add_user(f"Игрок {i + 1}", username=f"player{i + 1}", started=True) for i in range(seats)]
    log = world.create_group("Лог мастера", owner=master)
    public = world.create_group("Игра", owner=master, members=players)
    spare = [world.create_group(f"Комната {i + 1}", owner=master) for i in range(rooms)]
    seeds = itertools.count(seed if seed is not None else int(time.time()))
    settings = Settings(bot_token=world.bot.token, database_path=database)
    app = await create_app(settings, session=FakeSession(world), clock=clock, bot_username=world.bot.username,
                           limits=FAST, seeds=lambda: next(seeds))
    await app.startup()
    await app.ready()
    return Table(world=world, clock=clock, app=app, master=master, log=log, public=public, players=players, rooms=spare)
