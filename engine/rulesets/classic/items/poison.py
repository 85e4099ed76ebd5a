"""Яд гадюки / скорпиона, their Противоядия (2.1, the kiosk) and the Химик (6.5).

«Яд гадюки или скорпиона. При заказе указывается, какой яд покупается. Даёт возможность отравить игрока. Мирными
не покупается, нельзя отравить духа, священника, пьяницу, нечисть и нежить (при попытке их отравления яд
списывается). В следующую ночь после отравления игрок может излечиться, купив противоядие или будучи вылеченным
врачом, если вылечен не был - умирает на утро 2 дня.» 1.15: the poison is a clan's common item.
«Противоядие … Используется сразу, если игрок был отравлен. Можно купить про запас… Использование противоядия
находящегося в наличии не является ходом.» 1.15: «У Семьи противоядие общее.»
4.3: «Отравление Духа - "неудачно, кто-то или что-то помешало" (яд не спишется); Отравление вампира или упыря -
"удачно" (яд спишется…); Отравление пьющего - "удачно"…; Отравление зомби или в Ведьмака - "удачно"…»

Decisions: poisoning is a night move (the Рядовой Маф's step: «убить/отравить кого-то»), a hostile act that
passes the protection layers (cause "poison": a vest does not stop it); the poisoned is told by which poison.
An antidote is used by itself, at once, when its holder (or his clan's, his family's) is poisoned by its poison,
and at the poison's time if bought in the night before («купив противоядие»): the poison's time is up in the
early morning of the second night, after the kiosk («умирает на утро 2 дня»). Other modules cure a poison with
`cure` (the nurse's «промывание желудка», a healer) — `poisoned` says whether a character is.
The Химик («Может изготовить яд, противоядие. Самостоятельно может только травить. Не может быть отравлен.»):
his move either brews one poison or antidote (his, acting from the next day, shared with his clan like any
poison) or poisons on his own, without an item, at his step.
"""

from __future__ import annotations

from typing import Any

from engine.core.durations import UNTIL_USED
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.core.wording import EventFormat, Line
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die
from engine.rulesets.classic.model import CLANS, cit, items_of, new_item, side_of, use_up
from engine.rulesets.classic.moves import MOVES, Move

MOVES.role("chemist")

POISONED = "poisoned"  # params: poison ("viper" | "scorpion"), due (the phase of the death)
POISONS = ("viper", "scorpion")
IMMUNE = ("priest", "drunkard", "vampire", "ghoul", "zombie", "warlock", "chemist")  # the poison is spent
UNTOUCHABLE = ("spirit",)  # «Отравление Духа — неудачно» (the poison is not spent)
NOT_FOR_TOWN = ("town", "cops", "family")  # «Мирными не покупается»

POISON_WORD = {"poison": Line("classic_poison.{poison}", when={"poison": POISONS})}


def pool(state: GameState, pid: int) -> list[int]:
    """Whose items he may use for poison and antidotes: his own, his clan's (1.15: the poison is common),
    his family's (1.15: «У Семьи противоядие общее»)."""
    me = state.player(pid)
    mine = cit(state, pid)
    others = [p.pid for p in state.living() if p.pid != pid and (
        (me.faction in CLANS and p.faction == me.faction)
        or (mine.purse == "family" and cit(state, p.pid).purse == "family"))]
    return [pid, *others]


def held(state: GameState, pid: int, kind: str, *, active: bool = True) -> list[tuple[int, int]]:
    """(holder, item uid) of every item of `kind` he may use, his own first."""
    return [(holder, item.uid) for holder in pool(state, pid) for item in items_of(state, holder, kind, active=active)]


def poisoned(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(POISONED, target=pid))


def cure(state: GameState, pid: int) -> bool:
    """Every poison of his cured (a healer's, the nurse's stomach pump); True when he was poisoned."""
    before = len(state.effects)
    state.effects = [e for e in state.effects if not (e.kind == POISONED and e.target == pid)]
    return len(state.effects) != before


def _cure_one(state: GameState, pid: int, poison: str) -> None:
    state.effects = [e for e in state.effects if not (
        e.kind == POISONED and e.target == pid and e.params.get("poison") == poison)]


def _antidote(state: GameState, pid: int, poison: str, *, active: bool = True) -> bool:
    """His matching antidote (or his family's) used, if there is one."""
    found = held(state, pid, f"antidote_{poison}", active=active)
    if not found:
        return False
    holder, uid = found[0]
    if not use_up(state, holder, uid):
        return False
    _cure_one(state, pid, poison)
    state.emit("antidote_used", "player", pid, poison=poison)
    return True


def poison(res: Resolution, source: int | None, target: int, kind: str) -> bool:
    """The poison given (a hostile act through the protection layers; a bodyguard's layer may take it): the
    poisoned is told; his antidote acts at once. True when someone was poisoned."""
    from engine.rulesets.classic.moves import fold

    packet = fold(res, source, target, "poison")
    state = res.state
    victim = packet.target
    if packet.amount <= 0 or not state.player(victim).alive or state.player(victim).secret_role in IMMUNE:
        return False
    state.add_effect(POISONED, target=victim, source=source, during=UNTIL_USED, poison=kind, due=state.phase + 2)
    state.emit("classic_poisoned", "player", victim, poison=kind)
    _antidote(state, victim, kind)
    return True


def _give(move: Move, kind: str, *, spend: bool) -> None:
    """The poisoning, after the visit: the Дух untouched (not spent), the immune spent for nothing."""
    state = move.state
    target = move.target
    if side_of(state, target) in CLANS and side_of(state, target) == side_of(state, move.actor):
        move.fail("own_clan")  # «запрещено стрелять или травить сокланов»
        return
    if not move.reach(target):
        return
    if state.player(target).secret_role in UNTOUCHABLE:
        move.fail()
        return
    if spend:
        found = held(state, move.actor, f"poison_{kind}")
        if not found:
            move.fail()
            return
        holder, uid = found[0]
        if not use_up(state, holder, uid):
            move.done()
            return
    poison(move.res, move.actor, target, kind)
    move.done()


def _kind(params: dict[str, Any]) -> str:
    return str(params.get("poison", "")).removeprefix("poison_")


@MOVES.rule("holds_poison")
def _holds_poison(state: GameState, pid: int, what: str) -> None:
    if not any(held(state, pid, f"poison_{k}") for k in POISONS):
        raise Refusal("not_allowed", what=what, reason="no_poison")


def _poison_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    if not held(state, pid, f"poison_{_kind(params)}"):
        raise Refusal("not_allowed", what="poison", reason="no_poison")


@MOVES.move("poison", step=o.STEP_MAFIA_SOLDIER, check=_poison_check)
def poison_move(move: Move) -> None:
    _give(move, _kind(move.params), spend=True)


@MOVES.move("chemist_poison", step=o.STEP_CHEMIST)
def chemist_poison(move: Move) -> None:
    _give(move, _kind(move.params), spend=False)


@MOVES.move("chemist_brew", step=o.STEP_CHEMIST)
def chemist_brew(move: Move) -> None:
    """One poison or antidote, his (shared with his clan), acting from the next day."""
    kind = str(move.params["brew"]).removeprefix("brew_")
    new_item(move.state, move.actor, kind, bought=True)
    move.done()


@MOVES.queries.modifier("may_buy", layer=30)
def _not_for_town(state: GameState, allowed: bool, *, buyer: int, kind: str) -> bool:
    """«Мирными не покупается»: not the town's, the cops', the family's."""
    if kind.startswith("poison_") and (side_of(state, buyer) in NOT_FOR_TOWN or "spouse" in cit(state, buyer).traits):
        return False
    return allowed


@MOVES.after_step(o.STEP_SHOP)
def _time_is_up(res: Resolution) -> None:
    """After the kiosk: whose poison's time is up is cured by an antidote he has (bought tonight too), or dies
    («умер от отравления»)."""
    state = res.state
    for effect in sorted(state.effects_of(POISONED), key=lambda e: e.eid):
        pid = effect.target
        if pid is None or not state.player(pid).alive or int(effect.params.get("due", 0)) > state.phase:
            continue
        if not any(e.eid == effect.eid for e in state.effects):
            continue
        if _antidote(state, pid, str(effect.params.get("poison")), active=False):
            continue
        cure(state, pid)
        die(state, pid, "poison", effect.source)


MOVES.words(
    EventFormat("classic_poisoned", params=POISON_WORD),
    EventFormat("antidote_used", params=POISON_WORD),
)
