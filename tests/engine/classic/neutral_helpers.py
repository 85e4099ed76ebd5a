"""The neutrals' tests' helpers (5.2: Адвокат, Маньяк, Уличный воришка, Отморозок, Аферист, Вышибала, Депутат)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import Citizen, become
from tests.engine.classic.conftest import (
    Game,
)

X = 8  # the role under test
Y = 9  # another citizen


def at(role: str, *, arises: bool = False, extra: int = 1) -> Game:
    """A game with the role at seat 8 (a role that «изначально не существует» is become) and citizens after."""
    g = Game(["citizen" if arises else role, *["citizen"] * extra])
    if arises:
        become(g.state, X, role)
    for player in g.state.players:  # the citizens' random start items set aside
        with edit(Citizen, player) as me:
            me.items = [i for i in me.items if i.kind == "vest"]
    return g


def vote(g: Game, votes: dict[int, int]) -> Game:
    """The day's ballots (yesterday's penalties for not voting set aside: the tally is the ballots')."""
    for player in g.state.players:
        with edit(Citizen, player) as me:
            me.penalty = 0
    for voter, target in votes.items():
        g.order(voter, "vote", target=target)
    return g.resolve()


def refused(g: Game, kind: str, reason: str, **params: object) -> bool:
    """The seat-8 character's order is refused for `reason`."""
    with pytest.raises(Refusal) as why:
        api.submit(g.state, X, kind, params=dict(params))
    return reason in repr(why.value)


def tally(g: Game) -> dict[int, int]:
    return {t["pid"]: t["n"] for t in g.public("vote_tally")[-1]["tally"]}
