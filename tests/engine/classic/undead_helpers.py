"""Helpers of the undead's tests: a table with the Вампир and the Дух, bare inventories (the random gifts and
the Зеркало dealt at the start would decide the tests otherwise)."""

from __future__ import annotations

from engine.core.extensions import edit
from engine.rulesets.classic.model import Citizen, new_item
from tests.engine.classic.conftest import Game

VAMPIRE, SPIRIT, CIT_2, CIT_3 = 8, 9, 10, 11  # after the standard table (citizen at 7)


def undead_game(*, seed: int = 1, night_one: bool = False) -> Game:
    """The standard table + Вампир (8), Дух (9) and two more citizens (10, 11), every inventory empty but the
    start's vests and the clans' diplomas, and no Зеркало."""
    g = Game(["vampire", "spirit", "citizen", "citizen"], seed=seed, night_one=night_one)
    for player in g.state.players:
        with edit(Citizen, player) as me:
            me.items = [i for i in me.items if i.kind in ("vest", "diploma") and player.secret_role in ("boss", "sheriff")]
    return g


def give(g: Game, pid: int, kind: str) -> None:
    new_item(g.state, pid, kind)
