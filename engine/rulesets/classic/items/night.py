"""Сирена and Снотворное: the items that stop a night visitor.

Сирена (2): «Пугает ночного посетителя, ночное действие блокируется. Действует один раз на всех посетителей
пришедших в один момент времени.» 4.3: «Выстрел в сирену - "неудачно, кто-то или что-то помешало" (выстрела не
было, сирена спугнула посетителя)». Every visit to its holder by another fails; one charge is spent for every
visitor of the same step («в один момент времени» — a step of 4.1, as the vest). Decisions: the stakes pass it
(4.3: «сирена не сбивается» — the stake walk is a check that hurts nobody but a vampire); the Дух ignores it
(«игнорирует любую защиту, кроме Святой воды и Зеркала»); the Маньяк's torture passes it, which it does not set
off («Сирена… не спасает (не сбивает защиту)»).

Снотворное (2.1): «Блокирует ночное действие игрока, а также аннулирует его голос на голосовании на следующий
день.» Decisions: given at night to another, as the giver's move of the night (unpaid: not his role's
function), at the start of the late evening (after the bar, whose guest is untouchable: the first step after
it, before the Хозяин магазина); spent only when it reached its target.
"""

from __future__ import annotations

from typing import Any

from engine.core.durations import NEXT_DAY
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.model import items_of, role_of, use_up
from engine.rulesets.classic.moves import MOVES, Move, block
from engine.rulesets.classic.roles.citizen import STAKE_KINDS

NO_VOTE = "no_vote"  # his vote does not count today (the sleeping pill)
PASS_SIREN = ("spirit",)
# the Маньяк's torture: «Сирена, броник, ловушка и отражатель не спасает (не сбивает защиту), за исключением капкана»
SIREN_IGNORED = ("maniac_torture",)


@MOVES.queries.modifier("reach", layer=40)
def _siren(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    if (not allowed or actor == target or move.ability.id in STAKE_KINDS or move.ability.id in SIREN_IGNORED
            or role_of(state, actor) in PASS_SIREN):
        return allowed
    scared: dict[int, Any] = move.res.scratch.setdefault("siren_moment", {})
    moment = move.res.scratch.get("moment")
    if target in scared and scared[target] == moment:
        return False
    held = items_of(state, target, "siren")
    if not held:
        return allowed
    if not use_up(state, target, held[0].uid):
        return allowed
    scared[target] = moment
    state.emit("siren_scared", "player", target)
    return False


@MOVES.rule("holds_sleeping_pill")
def _holds_pill(state: GameState, pid: int, what: str) -> None:
    if not items_of(state, pid, "sleeping_pill"):
        raise Refusal("not_allowed", what=what, reason="no_item")


@MOVES.move("use_sleeping_pill", step=o.STEP_SHOPKEEPER, paid=False)
def sleeping_pill(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "sleeping_pill")
    if not held or not move.reach(move.target):
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        block(state, move.target, move.actor)
        state.add_effect(NO_VOTE, target=move.target, source=move.actor, during=NEXT_DAY)
    move.done()


@MOVES.queries.modifier("vote_weight", layer=90)
def _no_vote(state: GameState, weight: int, *, voter: int, target: int) -> int:
    """A vote that does not count (the sleeping pill; a trapped character's, a blackmailed one's)."""
    return 0 if state.effects_of(NO_VOTE, target=voter) else weight
