"""A game of «Классическая форумная мафия» set up seat by seat (the setting deal = "fixed"), in a few lines."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.extensions import read
from engine.core.state import Event, GameState
from engine.rulesets.classic.economy import balance
from engine.rulesets.classic.model import Town, cit, in_prison

# seats 0–2 the red clan, 3–5 the green clan, 6 the Шериф, 7 and on citizens
TABLE = ["boss", "soldier", "soldier", "boss", "soldier", "soldier", "sheriff", "citizen"]
RED_BOSS, RED_1, RED_2, GREEN_BOSS, GREEN_1, GREEN_2, SHERIFF, CITIZEN = range(8)


class Game:
    """A game dealt seat by seat; no spouses, a tie jails nobody, no Псих, and every clan member sends his own
    moves (`clan_orders each`) unless `settings` say otherwise: a test of those rules sets them."""

    def __init__(self, extra: list[str] | None = None, *, settings: dict[str, Any] | None = None, seed: int = 1,
                 table: list[str] | None = None, night_one: bool = False) -> None:
        roles = table if table is not None else [*TABLE, *(extra or [])]
        self.state: GameState = api.new_game(
            "classic", [(f"P{i}", "") for i in range(len(roles))], seed=seed,
            settings={"table": roles, "deal": "fixed", "spouses": "off", "vote_tie": "nobody", "psycho": "off",
                      "clan_orders": "each", **(settings or {})})
        if not night_one:
            api.resolve(self.state)  # night 1 passes with nobody acting: the game is at day 1

    # ---- acting ----
    def order(self, pid: int, kind: str, **params: Any) -> Game:
        api.submit(self.state, pid, kind, params=params)
        return self

    def resolve(self) -> Game:
        api.resolve(self.state)
        return self

    def to_night(self) -> Game:
        """Resolve the day as it stands (nobody voting: nobody jailed) and be at the night."""
        if self.state.is_day:
            self.resolve()
        assert self.state.is_night
        return self

    # ---- reading ----
    def events(self, kind: str, pid: int | None = None, *, phase: int | None = None) -> list[Event]:
        return [e for e in self.state.events if e.kind == kind and (pid is None or e.who == pid)
                and (phase is None or e.phase == phase)]

    def public(self, kind: str) -> list[dict[str, Any]]:
        return [e.params for e in self.state.events if e.kind == kind and e.to == "public"]

    def coins(self, pid: int) -> int:
        return balance(self.state, pid)

    def alive(self, pid: int) -> bool:
        return self.state.player(pid).alive

    def jailed(self, pid: int) -> bool:
        return in_prison(self.state, pid)

    def disarm(self, *pids: int, keep: tuple[str, ...] = ()) -> Game:
        """Take their own items away (the start's Сирена, a citizen's random item…), but `keep`: for a test
        about something else than what those items do."""
        from engine.core.extensions import edit
        from engine.rulesets.classic.model import Citizen

        for pid in pids:
            with edit(Citizen, self.state.player(pid)) as me:
                me.items = [i for i in me.items if i.kind in keep]
        return self

    def items(self, pid: int) -> list[str]:
        """His items: his own, then his purse's common ones (a clan's poison, the family's antidote: 1.15)."""
        purse = cit(self.state, pid).purse
        common = read(Town, self.state).shared.get(purse, []) if purse else []
        return [i.kind for i in [*cit(self.state, pid).items, *common]]

    def result(self, pid: int) -> str | None:
        """The last move result told to him: "ok", or the failure's reason."""
        for event in reversed(self.state.events):
            if event.who == pid and event.kind in ("move_ok", "move_failed"):
                return "ok" if event.kind == "move_ok" else str(event.params["why"])
        return None


@pytest.fixture
def game() -> Game:
    return Game()
