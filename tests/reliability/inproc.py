"""The whole bot (routers, services, SQLite, delivery) in this process against the in-process fake
Telegram, on a manual clock; games set up through the service (sign-up by Telegram is covered by
the e2e tests) and then played through Telegram updates."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiogram.types import Update

from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.delivery import Limits
from tgbot.logs import ContextFilter
from tgbot.sandbox.faketg import FakeChat, FakeSession, FakeUser, ManualClock, World

START = 1_800_000_000.0
UNLIMITED = Limits(global_per_s=1_000_000, private_interval_s=0.0, group_per_min=1_000_000)


@dataclass
class Game:
    id: int
    master: FakeUser
    log: FakeChat
    public: FakeChat
    users: list[FakeUser]  # by seat (pid)


@dataclass
class Bot:
    world: World
    app: BotApp
    clock: ManualClock
    games: list[Game] = field(default_factory=list)

    async def sleep(self, seconds: float) -> None:
        """The delivery's sleep: the manual clock moves instead."""
        self.clock.advance(max(seconds, 0.001))
        await asyncio.sleep(0)

    async def feed(self, update: Update) -> None:
        self.world.ack(update.update_id)
        await self.app.dp.feed_update(self.app.bot, update)

    async def drain(self) -> None:
        await self.app.delivery.drain(timeout=24 * 3600)

    async def state(self, game_id: int) -> GameState:
        return await self.app.service.state(game_id)

    async def new_game(self, players: int = 8, *, admins: tuple[FakeUser, ...] = (), lang: str = "ru",
                       names: list[str] | None = None, resolve_deck: bool = True, ruleset: str = "micromafik") -> Game:
        """A game of `ruleset` in its first night (decks built at random, in a rule set with deck building),
        set up through the service."""
        n = len(self.games) + 1
        world, service = self.world, self.app.service
        master = world.add_user(f"Мастер {n}", started=True)
        users = [world.add_user(f"U{n}_{i}", started=True, language_code=lang) for i in range(players)]
        log = world.create_group(f"Лог {n}", owner=master, members=list(admins))
        public = world.create_group(f"Игра {n}", owner=master, members=users)
        roles = [r["id"] for r in get_ruleset(ruleset).public_roles()]
        game_id = await service.create_game(master_user_id=master.id, log_chat_id=log.id, ruleset=ruleset,
                                            locale=lang, chat_admin=True)
        await service.bind_public(game_id, user_id=master.id, chat_id=public.id)
        for i, user in enumerate(users):
            name = names[i] if names else f"Персонаж {n}.{i}"
            await service.join(game_id, user_id=user.id, name=name, public_role=roles[i % len(roles)], locale=lang)
        await service.start(game_id, user_id=master.id)
        if resolve_deck and get_ruleset(ruleset).deck_building:
            await service.resolve(game_id, 0)
        game = Game(game_id, master, log, public, users)
        self.games.append(game)
        return game

    async def close(self) -> None:
        await self.app.shutdown()


async def make_bot(tmp_path: Path, *, limits: Limits | None = None, rate_limits: bool = False,
                   admins: list[int] | None = None, seed: int = 1, name: str = "bot") -> Bot:
    clock = ManualClock(START)
    world = World(clock=clock, rate_limits=rate_limits)
    settings = Settings(bot_token="42:TEST", database_path=tmp_path / f"{name}.sqlite3", admins=admins or [])
    seeds = itertools.count(seed)
    app = await create_app(settings, session=FakeSession(world), clock=clock, bot_username=world.bot.username,
                           limits=limits or UNLIMITED, seeds=lambda: next(seeds))
    bot = Bot(world, app, clock)
    app.delivery.monotonic = clock
    app.delivery.sleep = bot.sleep
    return bot


class Records(logging.Handler):
    """Log records of the bot (the `tgbot` loggers) and of aiogram's dispatcher, kept for asserting."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.addFilter(ContextFilter())  # as in production (tgbot.logs.setup_logging)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def errors(self) -> list[logging.LogRecord]:
        return [r for r in self.records if r.levelno >= logging.ERROR]


@contextmanager
def log_records() -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("tgbot", "aiogram")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.removeHandler(handler)
            lg.setLevel(level)


def press_update(world: World, user: FakeUser, data: str) -> Update:
    """A press of a button carrying `data` (forged onto the user's latest message from the bot)."""
    message = world.last_message(user.chat)
    assert message is not None, f"{user.first_name} has no message from the bot"
    message.reply_markup = {"inline_keyboard": [[{"text": "·", "callback_data": data}]]}
    return user.press(message, data)


def answer_of(world: World, update: Update) -> Any:
    assert update.callback_query is not None
    return world.callbacks[update.callback_query.id]
