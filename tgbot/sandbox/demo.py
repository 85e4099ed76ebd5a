"""A demo game: the master sets a game of any rule set up through the bot, every seat signs up through
the bot, and the simulator's agents play every seat but the visitor's, each decision made with the buttons
a player would press (tgbot/sandbox/simseat.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from dataclasses import dataclass, field
from pathlib import Path

from aiogram.exceptions import TelegramAPIError

from engine.core.ruleset import get_ruleset, ruleset_names
from tgbot.sandbox.agents import sign_up
from tgbot.sandbox.faketg import FakeUser, WorldError
from tgbot.sandbox.simseat import SimSeat, Tally
from tgbot.sandbox.table import Table, open_table
from tgbot.sandbox.walker import Seat

log = logging.getLogger(__name__)
GAME = 1  # each demo is a fresh database: its game is the first
MASTER = -1  # the seat that means the master's chair
TICK = 0.3  # seconds between the agents' looks at the game


class DemoError(ValueError):
    """A demo that cannot be set up as asked; the message is for the visitor."""


@dataclass(frozen=True)
class DemoSpec:
    ruleset: str
    seats: int
    seat: int  # the visitor's seat, 0-based, or MASTER

    def check(self) -> DemoSpec:
        try:
            most = get_ruleset(self.ruleset).max_players
        except KeyError:
            raise DemoError(f"Нет такого набора правил: {self.ruleset!r}. Есть: {', '.join(ruleset_names())}.") from None
        if not 1 <= self.seats <= most:
            raise DemoError(f"Мест должно быть от 1 до {most}.")
        if not (self.seat == MASTER or 0 <= self.seat < self.seats):
            raise DemoError(f"Ваше место — от 1 до {self.seats} или кресло мастера.")
        return self


@dataclass
class Demo:
    """A demo game at its table, and the agents that play it."""

    spec: DemoSpec
    table: Table
    seed: int
    agents: dict[int, SimSeat] = field(default_factory=dict)  # user id → the agent playing that seat
    tally: Tally = field(default_factory=Tally)
    played: tuple[str, int] | None = None  # the (status, phase) the agents last played
    _task: asyncio.Task[None] | None = None

    @property
    def visitor(self) -> FakeUser:
        return self.table.master if self.spec.seat == MASTER else self.table.players[self.spec.seat]

    async def set_up(self) -> None:
        """/newgame, early resolution, /bind, /pool add in each spare group, every seat's sign-up, /startgame."""
        t = self.table
        async with t.lock:
            await t.feed(t.master.send(f"/newgame {self.spec.ruleset}", t.log))
            await t.feed(t.master.send("/set early on", t.log))
            await t.feed(t.master.send(f"/bind {GAME}", t.public))
            for room in t.rooms:
                await t.feed(t.master.send("/pool add", room))
            signup = random.Random(self.seed)
            for i, user in enumerate(t.players):
                await sign_up(t, user, GAME, f"Персонаж {i + 1}", signup)
            await t.feed(t.master.send("/startgame", t.log))
        self.agents = {u.id: SimSeat(Seat(t, u, GAME), random.Random(self.seed * 1000 + i))
                       for i, u in enumerate(t.players) if u is not self.visitor}

    async def play_round(self) -> bool:
        """If the game has moved to a phase the agents have not played yet, each living agent takes its
        turn; True if they did."""
        t = self.table
        async with t.lock:
            game = await t.app.service.game(GAME)
            now = (str(game["status"]), int(game["phase"] or 0))
            if now == self.played or now[0] not in ("setup", "running"):
                return False
            self.played = now
            seats = {int(p["user_id"]): p.get("pid") for p in await t.app.repo.players(GAME)}
            state = await t.app.service.state(GAME) if now[0] == "running" else None
            # the seats take turns from a different one each phase: with early resolution the phase ends at the first
            # order of the last seat to give one, and its further decisions come too late (Tally.late)
            start = now[1] % len(t.players)
            for user in [*t.players[start:], *t.players[:start]]:
                agent = self.agents.get(user.id)
                pid = seats.get(user.id)
                if agent is None or (state is not None and pid is not None and not state.player(int(pid)).alive):
                    continue
                try:
                    await agent.take_turn(self.tally)
                except (TelegramAPIError, WorldError, LookupError) as exc:  # a stale screen: skip this turn
                    log.info("agent %s skipped a turn: %s", user.first_name, exc)
            return True

    async def run(self) -> None:
        """The agents' loop: look at the game every TICK, play each new phase."""
        while True:
            try:
                await self.play_round()
            except Exception:  # one bad round must not end the demo: logged, the next tick tries again
                log.exception("the demo's agents failed a round")
            await asyncio.sleep(TICK)

    def start(self) -> None:
        self._task = asyncio.create_task(self.run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.table.close()


async def start_demo(spec: DemoSpec, directory: Path, *, seed: int, agents: bool = True) -> Demo:
    """A new table in `directory` (its own database file) with the demo game started on it."""
    spec.check()
    directory.mkdir(parents=True, exist_ok=True)
    database = directory / f"demo-{seed}.sqlite3"
    table = await open_table(database, seats=spec.seats, seed=seed)
    demo = Demo(spec=spec, table=table, seed=seed)
    try:
        await demo.set_up()
    except BaseException:
        await table.close()
        raise
    if agents:
        demo.start()
    return demo
