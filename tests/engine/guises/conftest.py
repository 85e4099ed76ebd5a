"""A scenario builder for «Мафия с личинами»: characters by (public role, secret role), submissions by
name, resolution, and what each was told."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.guises.model import FACTION, Character, char


class Game:
    def __init__(self, *seats: tuple[str, str], seed: int = 1, phase: int = 1) -> None:
        padded = list(seats)
        while len(padded) < 4:
            padded.append(("hero", "forensic"))
        self.state: GameState = api.new_game("guises", [(f"P{i}", pub) for i, (pub, _s) in enumerate(padded)],
                                             seed=seed)
        for player, (pub, secret) in zip(self.state.players, padded, strict=True):
            player.public_role = pub
            player.secret_role, player.faction = secret, FACTION[secret]
            with edit(Character, player) as me:
                me.guises = {secret: 1}
                me.hp = 3 if pub == "strongman" else 2
                me.cards = 1 if secret == "joker" else 0
        while self.state.phase < phase:
            self.resolve()

    def set(self, pid: int, **fields: Any) -> Game:
        with edit(Character, self.state.player(pid)) as me:
            for key, value in fields.items():
                setattr(me, key, value)
        return self

    def do(self, pid: int, kind: str, **params: Any) -> Game:
        api.submit(self.state, pid, kind, params=params)
        return self

    def resolve(self) -> Game:
        self.mark = len(self.state.events)
        api.resolve(self.state)
        return self

    def told(self, pid: int, kind: str | None = None) -> list[dict[str, Any]]:
        """What this player was told in the last resolution (events to them alone), as {kind, **params}."""
        return [{"kind": e.kind, **e.params} for e in self.state.events[getattr(self, "mark", 0):]
                if e.to == "player" and e.who == pid and (kind is None or e.kind == kind)]

    def public(self, kind: str | None = None) -> list[dict[str, Any]]:
        return [{"kind": e.kind, **e.params} for e in self.state.events[getattr(self, "mark", 0):]
                if e.to == "public" and (kind is None or e.kind == kind)]

    def hp(self, pid: int) -> int:
        return char(self.state, pid).hp

    def alive(self, pid: int) -> bool:
        return self.state.player(pid).alive

    def char(self, pid: int) -> Character:
        return char(self.state, pid)


@pytest.fixture
def game() -> type[Game]:
    return Game
