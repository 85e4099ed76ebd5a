"""A whole bot (real routers, services, storage, delivery) against the in-process fake Telegram; on SQLite,
or on the back end the `database` fixture gives (tests/conftest.py: SQLite, PostgreSQL)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path

from aiogram.types import Update

from tgbot.app import BotApp, create_app
from tgbot.config import Settings
from tgbot.sandbox.agents import buttons as buttons
from tgbot.sandbox.faketg import FakeChat, FakeMessage, FakeSession, FakeUser, ManualClock, World
from tgbot.sandbox.table import FAST

START = 1_800_000_000.0


@dataclass
class Harness:
    world: World
    app: BotApp
    clock: ManualClock
    master: FakeUser
    log: FakeChat
    public: FakeChat
    database: str | Path  # the SQLite file or the PostgreSQL URL: a restart opens it again
    players: list[FakeUser] = field(default_factory=list)

    async def feed(self, update: Update) -> None:
        self.world.ack(update.update_id)
        await self.app.dp.feed_update(self.app.bot, update)
        await self.app.delivery.drain()

    async def deliver(self) -> None:
        await self.app.delivery.drain()

    async def press(self, user: FakeUser, message: FakeMessage, button: str) -> None:
        await self.feed(user.press(message, button))

    async def resolve(self, who: FakeUser | None = None) -> None:
        """The master (or `who`) ends the current phase: /resolve in the log group, then its confirmation."""
        who = who or self.master
        await self.feed(who.send("/resolve", self.log))
        confirm = self.world.last_message(self.log)
        assert confirm is not None and confirm.inline_keyboard, (confirm.text if confirm else "no answer to /resolve")
        await self.press(who, confirm, confirm.inline_keyboard[0][0]["callback_data"])

    def last(self, user: FakeUser) -> FakeMessage:
        message = self.world.last_message(user.chat)
        assert message is not None, f"{user.first_name} has no message"
        return message

    def last_with_buttons(self, user: FakeUser) -> FakeMessage:
        for message in reversed(self.world.messages_in(user.chat)):
            if message.inline_keyboard:
                return message
        raise AssertionError(f"{user.first_name} has no message with buttons")

    def texts(self, chat: FakeChat | FakeUser) -> list[str]:
        return self.world.texts_in(chat.chat if isinstance(chat, FakeUser) else chat)

    async def close(self) -> None:
        await self.app.shutdown()


async def make_harness(tmp_path: Path, *, players: int = 8, seed: int = 1, database: str | Path | None = None,
                       redis_url: str | None = None) -> Harness:
    clock = ManualClock(START)
    world = World(clock=clock)
    master = world.add_user("Мастер", started=True)
    users = [world.add_user(f"Игрок{i + 1}", started=True) for i in range(players)]
    log = world.create_group("Лог мастера", owner=master)
    public = world.create_group("Игра", owner=master, members=users)
    database = database or tmp_path / "bot.sqlite3"
    app = await start_app(world, clock, database, seed=seed, redis_url=redis_url)
    return Harness(world=world, app=app, clock=clock, master=master, log=log, public=public, database=database,
                   players=users)


async def start_app(world: World, clock: ManualClock, database: str | Path, *, seed: int = 1,
                    redis_url: str | None = None) -> BotApp:
    """A bot process on `database` (a SQLite file or a PostgreSQL URL): what a (re)start does — open,
    migrate, re-arm, deliver. `redis_url`: an instance of several, sharing that Redis."""
    settings = (Settings(bot_token="42:TEST", database_url=database, redis_url=redis_url) if isinstance(database, str)
                else Settings(bot_token="42:TEST", database_path=database, database_url=None, redis_url=redis_url))
    seeds = itertools.count(seed)
    app = await create_app(settings, session=FakeSession(world), clock=clock, bot_username=world.bot.username,
                           limits=FAST,
                           seeds=lambda: next(seeds))
    await app.startup()
    await app.ready()  # tests look at chat rooms right after a restart
    return app


# Thirteen public roles of Мафик whose perks act only when their players use them: the card tests through the
# bot seat their players with these.
PLAIN_ROLES = ["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
               "paranoiac", "bloodhound", "guard", "scientist", "undertaker"]


async def start_mafik(h: Harness, roles: list[str]) -> None:
    """A Мафик game with one player per public role in `roles`, past its deck phase (start_game)."""
    await start_game(h, "mafik", roles)


async def start_game(h: Harness, ruleset: str, roles: list[str]) -> None:
    """A game of `ruleset` with one player per public role in `roles`, past its deck phase: the master
    creates and binds it and starts it; the players are seated through the service (the sign-up screens
    are tested in test_mafik_signup_and_decks.py); the master's /resolve builds random legal decks."""
    await h.feed(h.master.send(f"/newgame {ruleset}", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    for i, (user, role) in enumerate(zip(h.players, roles, strict=True)):
        await h.app.service.join(1, user_id=user.id, name=f"Персонаж {i + 1}", public_role=role, locale="ru")
    await h.feed(h.master.send("/startgame", h.log))
    await h.resolve()
