"""Муж и Жена (5.1.2, «не роль»): two citizens playing as a pair — they know each other and talk (setup.introduce,
the team "family"), share a budget of 8 (setup.deal), and win together (win.py). «В случае смерти-посадки одного
из супругов, второй сходит с ума и становится маньяком (даже если уже находится в одном из кланов, за
исключением нежити(если стал зомби)).» «Вредить друг другу не могут, ответ "неудачно"» (the `reach` query)."""

from __future__ import annotations

from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.classic.model import Citizen, become, cit
from engine.rulesets.classic.moves import MOVES, Move
from engine.rulesets.classic.win import spouses

# Hostile moves named by id by the modules that add them to a set (the other way is `MOVES.move(hostile=True)`).
HARMFUL: set[str] = set()


def is_hostile(ability: str) -> bool:
    """«Враждебное действие» (4.3): registered `hostile=True`, or named in HARMFUL."""
    declared = MOVES.moves.get(ability)
    return ability in HARMFUL or (declared is not None and declared.hostile)


def go_mad(state: GameState, pid: int, why: str) -> None:
    """The other spouse, alive and not a zombie, becomes the Маньяк (leaving a clan if in one)."""
    for other in spouses(state):
        player = state.player(other)
        if other == pid or not player.alive or player.secret_role == "zombie" or player.secret_role == "maniac":
            continue
        with edit(Citizen, player) as me:
            if me.purse and me.purse != "family":
                me.purse, me.coins = "", 0
        state.emit("went_mad", "player", other)
        become(state, other, "maniac")
        state.emit("went_mad_copy", "master", None, pid=other, spouse=pid, why=why)


MOVES.on_death.append(lambda state, pid, cause: go_mad(state, pid, "death") if "spouse" in cit(state, pid).traits
                      else None)
MOVES.on_jail.append(lambda state, pid, cause: go_mad(state, pid, "jail") if "spouse" in cit(state, pid).traits
                     else None)


@MOVES.queries.modifier("reach", layer=20)
def _no_harm_to_the_spouse(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """«Вредить друг другу не могут, ответ "неудачно"»."""
    if not allowed or not is_hostile(move.ability.id) or actor == target:
        return allowed
    pair = spouses(state)
    return not (actor in pair and target in pair)
