"""Диплом (2): «Игрок может один раз проголосовать двойным голосом, два диплома вместе не используются.»
1.8: «Использование диплома ходом не является.» Used by day as an order that is no move (it may be taken back
until the day ends): at the day's resolution one Диплом is spent and that day's vote of its holder counts two."""

from __future__ import annotations

from engine.core.durations import THIS_PHASE
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.model import items_of, use_up
from engine.rulesets.classic.moves import MOVES, Move

DIPLOMA = "diploma_today"  # the effect: his vote counts two today


@MOVES.rule("holds_diploma")
def _holds(state: GameState, pid: int, what: str) -> None:
    if not items_of(state, pid, "diploma"):
        raise Refusal("not_allowed", what=what, reason="no_diploma")


@MOVES.move("use_diploma", step=o.STEP_DAY_MOVES, paid=False, free=True)
def use_diploma(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "diploma")
    if not held:
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        state.add_effect(DIPLOMA, target=move.actor, during=THIS_PHASE)
    move.done()


@MOVES.queries.modifier("vote_weight", layer=20)
def _double(state: GameState, weight: int, *, voter: int, target: int) -> int:
    """Two diplomas are not used together: one effect, one doubling."""
    return weight * 2 if state.effects_of(DIPLOMA, target=voter) else weight
