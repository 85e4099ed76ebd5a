"""A scenario builder for «Мафия по скрытым правилам»: ten seats of known roles, abilities told at will,
worlds set, submissions by seat, resolution, and what each was told."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.hidden_rules.model import FACTION, LIVING, SPIRITS, Soul, label_of, soul
from engine.rulesets.hidden_rules.schedule import SCHEDULE, tell_due

# Seats 0–2: shamans of group А, 3–4 of group Б, 5 Судья, 6 Защитник, 7 Культист, 8 Колдун, 9 Пожиратель душ.
SEATS = ["shaman_a"] * 3 + ["shaman_b"] * 2 + ["judge", "protector", "cultist", "warlock", "eater"]
SHAMAN_A, SHAMAN_B, JUDGE, PROTECTOR, CULTIST, WARLOCK, EATER = 0, 3, 5, 6, 7, 8, 9


class Game:
    def __init__(self, seed: int = 1, settings: dict[str, Any] | None = None) -> None:
        self.state: GameState = api.new_game("hidden_rules", [(f"P{i}", "character") for i in range(10)],
                                             seed=seed, settings=settings)
        for player, seat in zip(self.state.players, SEATS, strict=True):
            role, group = ("shaman", seat[-1]) if seat.startswith("shaman") else (seat, "")
            player.secret_role, player.faction = role, FACTION[role]
            with edit(Soul, player) as me:
                me.group, me.told = group, []
        tell_due(self.state)
        self.mark = len(self.state.events)

    def know_all(self, *pids: int) -> Game:
        """Every announcement of his role told (as if the game were far along)."""
        for pid in pids:
            player = self.state.player(pid)
            group = soul(self.state, pid).group
            with edit(Soul, player) as me:
                me.told = [t.key for t in SCHEDULE if t.role == player.secret_role and t.group in ("", group)]
        return self

    def world(self, pid: int, world: str = SPIRITS) -> Game:
        with edit(Soul, self.state.player(pid)) as me:
            me.world = world
        return self

    def set(self, pid: int, **fields: Any) -> Game:
        with edit(Soul, self.state.player(pid)) as me:
            for key, value in fields.items():
                setattr(me, key, value)
        return self

    def do(self, pid: int, kind: str, **params: Any) -> Game:
        api.submit(self.state, pid, kind, params=params)
        return self

    def resolve(self, times: int = 1) -> Game:
        for _ in range(times):
            self.mark = len(self.state.events)
            api.resolve(self.state)
        return self

    def to_phase(self, phase: int) -> Game:
        while self.state.phase < phase:
            self.resolve()
        return self

    def told(self, pid: int, kind: str | None = None) -> list[dict[str, Any]]:
        """What this player was told since the last resolution began, as {kind, **params}."""
        return [{"kind": e.kind, **e.params} for e in self.state.events[self.mark:]
                if e.to == "player" and e.who == pid and (kind is None or e.kind == kind)]

    def public(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [{"kind": e.kind, **e.params} for e in self.state.events[self.mark:]
                if e.to == "public" and (kind is None or e.kind == kind)]

    def keys_told(self, pid: int) -> list[str]:
        return list(soul(self.state, pid).told)

    def label(self, pid: int) -> str:
        return label_of(self.state, pid)

    def alive(self, pid: int) -> bool:
        return self.state.player(pid).alive

    def in_spirits(self, pid: int) -> bool:
        return soul(self.state, pid).world == SPIRITS

    def in_living(self, pid: int) -> bool:
        return soul(self.state, pid).world == LIVING

    def offered(self, pid: int) -> set[str]:
        return {a.id for a in api.actions(self.state, pid) if a.available}


@pytest.fixture
def game() -> type[Game]:
    return Game
