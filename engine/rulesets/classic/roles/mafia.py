"""The mafia clans' kill (5.6): «в одну ночь стрелять может только один маф» (of a clan); the Босс at his step,
a Рядовой at his. The rest of the clans (the boss's search for the Sheriff, recruitment, poison, the
apprentice, the clan's shot into the jail) comes with the mafia's module."""

from __future__ import annotations

from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.moves import MOVES, Move

MOVES.role("boss", "soldier")

CLAN_SHOTS = ["boss_kill", "soldier_kill"]  # a clan's shooting moves (the mafia's module adds its)


@MOVES.rule("clan_one_shot")
def _one_shooter(state: GameState, pid: int, what: str) -> None:
    me = state.player(pid)
    for other in state.living():
        if other.pid != pid and other.faction == me.faction and any(
                order.kind in CLAN_SHOTS for order in state.orders.get(other.pid, [])):
            raise Refusal("limit_reached", what=what, reason="clan_one_shot")


def clan_kill(move: Move) -> None:
    if move.state.player(move.target).faction == move.state.player(move.actor).faction:
        move.fail("own_clan")  # «Во всех остальных случаях запрещено стрелять или травить сокланов»
        return
    if move.reach(move.target):
        move.shoot(move.target)
        move.done()


MOVES.move("boss_kill", step=o.STEP_MAFIA_BOSS, hostile=True)(clan_kill)
MOVES.move("soldier_kill", step=o.STEP_MAFIA_SOLDIER, hostile=True)(clan_kill)
