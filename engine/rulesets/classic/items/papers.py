"""The papers: Командировочное предписание, Алиби, Завещание.

Командировочное предписание (2): «применяется днем, отправляет вечером указанного персонажа в командировку на
одну ночь. Отправленный в командировку игрок не может совершать ночных ходов. На отправленного в командировку
игрока не действуют ночные ходы других игроков.» Decisions: used by day like the Диплом (an act that is no
move, spent at the day's resolution), on anyone (himself too); the traveller is told; his night move fails
(«неудачно») and every visit to him fails.

Алиби (2): «Позволяет игроку попавшему в тюрьму выйти из нее утром (применимо к другому игроку, допроса не
будет).» 4.1: «Выход из тюрьмы (выпуск из тюрьмы по визитке, Алиби)» — the first step of the early morning,
before the interrogation. Decisions: a jailed holder's alibi acts by itself on the next morning (he cannot
order from prison); a free holder may give his to a jailed character as a night act that is no move.

Наследство (2): «В наследство вписывается имя игрока, имя нельзя менять до смерти или посадки вписанного. При
убийстве написавшего наследство, с наступлением следующего дня, указанный в наследстве игрок получит право выбрать
одну из вещей хозяина наследства, или все его монеты (при убийстве в тюрьме не срабатывает), срабатывает если было
поднятие Ведьмаком.» Written and triggered as the will; the heir is asked (a question to him, answered during the
next phase, read at its resolution): one of the dead's items (acting at once) or all his own coins (a clan's or
a family's purse is not his). Unanswered: the first option (his coins if he had any, else his oldest item).

Завещание (2): «В завещание вписывается имя игрока, имя нельзя менять до смерти или посадки вписанного. При
убийстве написавшего завещание, с наступлением следующего дня, будет повешен указанный в завещании игрок (при
убийстве в тюрьме не срабатывает).» Decisions: the name is written by day (an act that is no move); «убийство»
is a death at another's hand that is not «умер» (4.3: poison, a wound) and not a hanging by a will (no chains);
the named is hanged at once, with the night's dead («с наступлением следующего дня» — in the morning's header).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import rulings
from engine.core.durations import NEXT_NIGHT, UNTIL_END
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.core.wording import EventFormat, Value
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die
from engine.rulesets.classic.economy import earn
from engine.rulesets.classic.jail import release
from engine.rulesets.classic.model import BLOCKED, ITEMS, Citizen, cit, in_prison, items_of, new_item, take_item, use_up
from engine.rulesets.classic.moves import MOVES, Move

ON_TRIP = "on_trip"  # «в командировке» for a night: no night moves, untouchable
WILL = "will"  # on the named (params: named), its source the writer
INHERITANCE = "inheritance"  # the same, of the Наследство
NOT_KILLED = ("poison", "wound", "hanged")  # «умер», not «убит» (4.3); a will's hanging


def holds(item: str) -> Callable[[GameState, int, str], None]:
    def rule(state: GameState, pid: int, what: str) -> None:
        if not items_of(state, pid, item):
            raise Refusal("not_allowed", what=what, reason="no_item")

    return rule


for _item in ("business_trip", "alibi", "will", "inheritance"):
    MOVES.rule(f"holds_{_item}")(holds(_item))


# ---------------------------------------------------------------- Командировочное предписание

@MOVES.move("use_business_trip", step=o.STEP_DAY_MOVES, paid=False, free=True)
def business_trip(move: Move) -> None:
    state = move.state
    if not move.use_item("business_trip"):
        return
    state.add_effect(ON_TRIP, target=move.target, source=move.actor, during=NEXT_NIGHT)
    state.add_effect(BLOCKED, target=move.target, source=move.actor, during=NEXT_NIGHT)
    state.emit("sent_on_trip", "player", move.target)
    move.done()


@MOVES.queries.modifier("reach", layer=30)
def _away(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    return allowed and (actor == target or not state.effects_of(ON_TRIP, target=target))


# ---------------------------------------------------------------- Алиби

def _jailed_target(state: GameState, pid: int, params: dict[str, Any]) -> None:
    if not in_prison(state, int(params["target"])):
        raise Refusal("not_allowed", what="use_alibi", reason="not_in_prison")


MOVES.jail_targets.add("use_alibi")


@MOVES.move("use_alibi", step=o.STEP_JAIL_EXIT, paid=False, free=True, check=_jailed_target)
def alibi(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "alibi")
    if not held or not state.player(move.target).alive or not in_prison(state, move.target):
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        release(state, move.target, "alibi")
    move.done()


@MOVES.after_step(o.STEP_JAIL_EXIT)
def _own_alibi(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        held = items_of(state, player.pid, "alibi")
        if held and in_prison(state, player.pid) and use_up(state, player.pid, held[0].uid):
            release(state, player.pid, "alibi")


# ---------------------------------------------------------------- Завещание

def named_in_will(state: GameState, pid: int, kind: str = WILL) -> int | None:
    for effect in state.effects_of(kind):
        if effect.source == pid:
            return int(effect.params["named"])
    return None


def _name_check(kind: str) -> Callable[[GameState, int, dict[str, Any]], None]:
    def check(state: GameState, pid: int, params: dict[str, Any]) -> None:
        """«имя нельзя менять до смерти или посадки вписанного»."""
        named = named_in_will(state, pid, kind)
        if named is not None and named != params.get("target") and state.player(named).alive \
                and not in_prison(state, named):
            raise Refusal("not_allowed", what=f"write_{kind}", reason="will_written")

    return check


def _write(kind: str) -> Callable[[Move], None]:
    def write(move: Move) -> None:
        state = move.state
        state.effects = [e for e in state.effects if not (e.kind == kind and e.source == move.actor)]
        state.add_effect(kind, target=move.target, source=move.actor, during=UNTIL_END, named=move.target)
        move.done()

    return write


for _kind in (WILL, INHERITANCE):
    MOVES.move(f"write_{_kind}", step=o.STEP_DAY_MOVES, paid=False, free=True, check=_name_check(_kind))(
        _write(_kind))


def died_in_prison(state: GameState, pid: int) -> bool:
    """Was he in prison when he died (his prison effect ends with his death: the last of his jailings and
    releases says)?"""
    for event in reversed(state.events):
        if event.params.get("pid") == pid and event.kind in ("classic_jailed", "released"):
            return event.kind == "classic_jailed"
    return False


def _will(state: GameState, pid: int, cause: str) -> None:
    named = named_in_will(state, pid)
    if named is None or cause in NOT_KILLED or died_in_prison(state, pid):
        return
    held = items_of(state, pid, "will")
    if not held or not state.player(named).alive or not use_up(state, pid, held[0].uid):
        return
    state.emit("will_hanged", "public", None, pid=named, by=pid)
    die(state, named, "hanged")


MOVES.on_death.append(_will)


# ---------------------------------------------------------------- Наследство

MOVES.question_kinds["inheritance"] = ("coins", *ITEMS)


def _inheritance(state: GameState, pid: int, cause: str) -> None:
    heir = named_in_will(state, pid, INHERITANCE)
    if heir is None or cause in NOT_KILLED or died_in_prison(state, pid):
        return
    held = items_of(state, pid, "inheritance")
    if not held or not state.player(heir).alive or not use_up(state, pid, held[0].uid):
        return
    options = ["coins"] if cit(state, pid).coins > 0 and not cit(state, pid).purse else []
    for item in cit(state, pid).items:
        if item.kind not in options:
            options.append(item.kind)
    if options:
        rulings.ask_at_resolution(state, f"inherit{pid}", "inheritance", options, options[0], to=heir)


MOVES.on_death.append(_inheritance)


def _inherit(res: Resolution) -> None:
    """The heirs' choices of the phase that ends: the dead's coins or one of his items."""
    state = res.state
    for key, question in list(state.questions.items()):
        if question.kind != "inheritance" or question.phase != state.phase or question.to == "master":
            continue
        dead, heir = int(key.removeprefix("inherit")), int(question.to)
        if not state.player(heir).alive:
            continue
        [pick] = rulings.picked(state, key)
        if pick == "coins":
            with edit(Citizen, state.player(dead)) as his:
                coins, his.coins = his.coins, 0
            earn(state, heir, coins, "inheritance")
            continue
        found = [i for i in cit(state, dead).items if i.kind == pick]
        if found:
            take_item(state, dead, found[0].uid)
            new_item(state, heir, str(pick))


MOVES.after_step(o.STEP_DAY_MOVES)(_inherit)
MOVES.after_step(o.STEP_SPIRIT)(_inherit)


MOVES.words(EventFormat("will_hanged", params={"by": Value("player")}))
