"""A game of «Классическая форумная мафия» through the real bot, for its end-to-end tests: the master creates and
binds it and sets the table (two clans of three, the Шериф, a Мирный житель), eight characters sign up as a
person would, the game starts at night 1; who sits where (the deal is random) is read from the game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.e2e.driver import tap
from tests.e2e.harness import Harness, make_harness
from tests.e2e.panel_play import panel
from tgbot.sandbox.faketg import FakeUser

TABLE = "boss,soldier,soldier,boss,soldier,soldier,sheriff,citizen"


@dataclass
class Cast:
    """Who plays whom: names, Telegram users, secret roles and sides by pid."""

    names: dict[int, str]
    user: dict[int, FakeUser]
    role: dict[int, str]
    side: dict[int, str]

    def one(self, role: str, side: str | None = None) -> int:
        return next(p for p, r in self.role.items() if r == role and side in (None, self.side[p]))

    def of(self, side: str) -> list[int]:
        return [p for p, s in self.side.items() if s == side]


async def sign_up(h: Harness, *settings: str) -> None:
    """/newgame classic, /bind, the table and `settings` ("key value"), eight sign-ups with the public role «Житель»."""
    await h.feed(h.master.send("/newgame classic", h.log))
    await h.feed(h.master.send("/bind 1", h.public))
    await h.feed(h.master.send("/set vote_tie nobody", h.log))
    # the table these games play (the default one at 8 players has a Вербовщик in each clan)
    await h.feed(h.master.send(f"/set table {TABLE}", h.log))
    for setting in settings:
        await h.feed(h.master.send(f"/set {setting}", h.log))
    for i, user in enumerate(h.players):
        await h.feed(user.start("join_1"))
        await h.feed(user.send(f"Игрок {i + 1}"))
        await tap(h, user, h.last(user), "Житель")


async def start(h: Harness, *settings: str) -> Cast:
    """A game signed up and started (night 1): who plays whom."""
    await sign_up(h, *settings)
    await h.feed(h.master.send("/startgame", h.log))
    state = await h.app.service.state(1)
    assert (state.status, state.phase) == ("running", 1), "the game begins with night 1"
    return Cast(names={p.pid: p.name for p in state.players}, user={p.pid: h.players[p.pid] for p in state.players},
                role={p.pid: p.secret_role for p in state.players}, side={p.pid: p.faction for p in state.players})


@asynccontextmanager
async def playing(tmp_path: Path, *settings: str, database: str | Path | None = None) -> AsyncIterator[tuple[Harness, Cast]]:
    """A bot with a game of eight started (`start`) on `database` (the `database` fixture's back end), shut
    down at the end."""
    h = await make_harness(tmp_path, database=database, players=8)
    try:
        yield h, await start(h, *settings)
    finally:
        await h.close()


async def send_on_the_job(h: Harness, boss: FakeUser, member: str) -> None:
    """The Босс's «Послать на дело» (1.6: the Босс sends the clan's moves; an act at once, not an order)."""
    screen = panel(h, boss)
    await tap(h, boss, screen, "👔 Послать на дело")
    await tap(h, boss, screen, member)
    assert "Готово" in await tap(h, boss, screen, "✅ Подтвердить")
