"""Копы (5.1.4): two, they know each other; «могут стрелять только в одного жителя за ночь». The Шериф:
«Выполняет все функции своего заместителя + может выполнять задание - поиск вербовщика мафии (если находит, то
сразу в него стреляет)»; he starts with a Бронежилет (setup.START_ITEMS). The cover, the interrogation of the
jailed (hook: order.STEP_INTERROGATION) and the Следователь come with the cops' module."""

from __future__ import annotations

from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.moves import MOVES, Move

MOVES.role("sheriff")

COP_SHOTS = ["sheriff_shot", "sheriff_search"]  # the cops' shooting moves (the Следователь's module adds his)


@MOVES.rule("cops_one_shot")
def _one_shot(state: GameState, pid: int, what: str) -> None:
    """«могут стрелять только в одного жителя за ночь»: no shot when the other cop has one this night."""
    for other in state.living():
        if other.pid != pid and other.faction == "cops" and any(
                order.kind in COP_SHOTS for order in state.orders.get(other.pid, [])):
            raise Refusal("limit_reached", what=what, reason="cops_one_shot")


@MOVES.move("sheriff_shot", step=o.STEP_SHERIFF, hostile=True)
def sheriff_shot(move: Move) -> None:
    if move.reach(move.target):
        move.shoot(move.target)
        move.done()


@MOVES.move("sheriff_search", step=o.STEP_SHERIFF, hostile=True)
def sheriff_search(move: Move) -> None:
    """Found the recruiter: shoots at once; else he learns «не вербовщик» (the move is «удачно»)."""
    if not move.reach(move.target):
        return
    if move.state.player(move.target).secret_role == "recruiter":
        move.tell("search_found", target=move.target, role="recruiter")
        move.shoot(move.target)
    else:
        move.tell("search_not_found", target=move.target, role="recruiter")
    move.done()
