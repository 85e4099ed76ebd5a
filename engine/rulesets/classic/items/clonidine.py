"""Клофелин (2): «Позволяет Любовнице или Пьянице забрать себе половину монет жертвы или любую вещь жертвы на
выбор.»

Decisions: the Шмара or the Пьяница gives it with her night's move (an act that is no move, declared with it);
it works on the client she seduced or the companion he got drunk this night, and is spent then — not when the
move failed (the client out of reach, at home…). Then she chooses (a question to her, answered during the next
day, read at its resolution): half the victim's coins (of the purse he spends from, rounded down, at the time
of the answer) or one of his own items (acting at once). Unanswered: the coins if there are any, else his oldest
item. The victim learns what he lost, not who took it («Собутыльник не помнит с кем пил»).
"""

from __future__ import annotations

from engine.core import rulings
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.core.wording import EventFormat, Line
from engine.rulesets.classic import order as o
from engine.rulesets.classic.economy import balance, earn, pay
from engine.rulesets.classic.items.papers import holds
from engine.rulesets.classic.model import ITEMS, cit, items_of, new_item, role_of, take_item, use_up
from engine.rulesets.classic.moves import MOVES, Move, standing
from engine.rulesets.classic.roles.care import BROTHEL, DRUNK

# the move that gives it, by role, and the status the move leaves on its target when it worked
USERS: dict[str, tuple[str, str]] = {"harlot": ("harlot_seduce", BROTHEL), "drunkard": ("drunkard_drink", DRUNK)}
QUESTION = "clonidine"

MOVES.rule("holds_clonidine")(holds("clonidine"))
MOVES.question_kinds[QUESTION] = ("coins", *ITEMS)


@MOVES.rule("clonidine_user")
def _user(state: GameState, pid: int, what: str) -> None:
    if role_of(state, pid) not in USERS:
        raise Refusal("not_allowed", what=what, reason="not_harlot_or_drunkard")


def victim_of(move: Move) -> int | None:
    """The client or the companion this night's move of the giver reached, if it did."""
    state = move.state
    use = USERS.get(role_of(state, move.actor))
    if use is None:
        return None
    ability, status = use
    for pid, order in standing(move.res, ability):
        target = order.params.get("target")
        if pid == move.actor and isinstance(target, int) and any(
                e.source == move.actor for e in state.effects_of(status, target=target)):
            return target
    return None


@MOVES.move("use_clonidine", step=o.STEP_DRUNKARD, paid=False, free=True)
def clonidine(move: Move) -> None:
    """At the Пьяница's step (the later of the two: the Шмара's move is done by then)."""
    state = move.state
    held = items_of(state, move.actor, "clonidine")
    victim = victim_of(move)
    if not held or victim is None:
        move.fail()
        return
    if not use_up(state, move.actor, held[0].uid):
        move.done()
        return
    options = ["coins"] if balance(state, victim) >= 2 else []
    options += sorted({i.kind for i in cit(state, victim).items}, key=list(ITEMS).index)
    if options:
        rulings.ask_at_resolution(state, f"clonidine{move.actor}n{state.phase}", QUESTION, options, options[0],
                                  to=move.actor, victim=victim)
    move.done()


@MOVES.after_step(o.STEP_DAY_MOVES)
def _take(res: Resolution) -> None:
    """The givers' choices of the day that ends: half the victim's coins or one of his items."""
    state = res.state
    for key, question in list(state.questions.items()):
        if question.kind != QUESTION or question.phase != state.phase or question.to == "master":
            continue
        taker, victim = int(question.to), int(str(question.params["victim"]))
        if not state.player(taker).alive or not state.player(victim).alive:
            continue
        [pick] = rulings.picked(state, key)
        if pick == "coins":
            half = balance(state, victim) // 2
            if half and pay(state, victim, half, "clonidine"):
                earn(state, taker, half, "clonidine")
                state.emit("clonidine_took_coins", "player", victim, n=half)
            continue
        found = [i for i in cit(state, victim).items if i.kind == pick]
        if found:
            take_item(state, victim, found[0].uid)
            new_item(state, taker, str(pick))
            state.emit("clonidine_took_item", "player", victim, item=str(pick))


MOVES.words(EventFormat("clonidine_took_item", params={
    "item": Line("classic_item.{item}", when={"item": tuple(ITEMS)})}))
