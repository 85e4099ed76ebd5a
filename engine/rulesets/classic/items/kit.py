"""Клизма, Шантаж, Складной нож, Зеркало.

Клизма (2): «Позволяет игроку вылечить себя. Принимается ночью. Если лечение не состоялось, то клизма все равно
считается принятой и больше действовать не может (лечит от ядов и ранения, от нечисти не лечит).» Decisions:
taken at night as an act that is no move (like an antidote), at the start of the late evening (spent then);
at the end of the night (after the Химик) it heals its taker of what he suffered this night — a shot not from
the unclean or the undead, his poisons. A taker stopped before the start (the Дух) has not taken it.

Шантаж (2): «Игрок, на которого был применён шантаж, выплачивает шантажисту каждую ночь 1 монету. Шантаж
перестаёт действовать в случае убийства или посадки шантажиста. (Если монет нет, то игрок лишается днем права
голоса, а шантажист голосует двойным голосом).» Decisions: applied at night by a visit (the night's move,
unpaid: not a role's function) at the citizens' step; paid from that night on, at the night's end; the
victim is not told by whom; it ends for good when the blackmailer dies or is jailed.

Складной нож (2): «При покупке ножа, простой мирный житель становится Гопником. Остальными персонажами не
используется.» The Гопник is the Уличный воришка («Уличный воришка (гопник)»): a Мирный житель (not a spouse)
who holds a knife after the shop's step becomes one.

Зеркало (given): «Дух посещающий игрока с Зеркалом погибает… При посадке зеркало переходит Следователю, если
допроса не было, то зеркало переходит одному из проголосовавших в посаженного игрока (выбор происходит
монеткой).» A Дух whose visit reaches its holder dies at the night's end (his move fails; the holder earns
«Убийство Духа»). Decisions: on a jailing it goes to the Следователь in the game, else to one of the jailed's
voters by lot; a killed holder's (shot, executed…: not «умер» of poison or a wound) to his killer, if alive
(the thief takes it himself: roles/neutral.py).
"""

from __future__ import annotations

from engine.core.durations import NEXT_DAY, THIS_PHASE, UNTIL_USED
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die, save
from engine.rulesets.classic.economy import earn, pay
from engine.rulesets.classic.items.guards import DOUBLE_VOTE, UNHOLY
from engine.rulesets.classic.items.night import NO_VOTE
from engine.rulesets.classic.items.papers import NOT_KILLED, holds
from engine.rulesets.classic.items.poison import cure
from engine.rulesets.classic.model import (
    DYING,
    become,
    cit,
    in_play,
    in_prison,
    items_of,
    new_item,
    role_of,
    side_of,
    take_item,
    use_up,
)
from engine.rulesets.classic.moves import MOVES, Move

ENEMA = "enema"  # taken tonight
BLACKMAILED = "blackmailed"  # on the victim, its source the blackmailer

for _item in ("enema", "blackmail"):
    MOVES.rule(f"holds_{_item}")(holds(_item))


# ---------------------------------------------------------------- Клизма

@MOVES.move("use_enema", step=o.STEP_BAR, paid=False, free=True)
def enema(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "enema")
    if not held:
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        state.add_effect(ENEMA, target=move.actor, during=THIS_PHASE)
    move.done()


@MOVES.after_step(o.STEP_CHEMIST)
def _enema_heals(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of(ENEMA):
        pid = effect.target
        if pid is None or not state.player(pid).alive:
            continue
        healed = cure(state, pid)
        wounds = [e for e in state.effects_of(DYING, target=pid)]
        if wounds and all(e.source is None or side_of(state, e.source) not in UNHOLY for e in wounds):
            healed = save(state, pid) or healed
        if healed:
            state.emit("enema_healed", "player", pid)


# ---------------------------------------------------------------- Шантаж

@MOVES.move("use_blackmail", step=o.STEP_CITIZEN, paid=False)
def blackmail(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "blackmail")
    if not held or not move.reach(move.target):
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        state.add_effect(BLACKMAILED, target=move.target, source=move.actor, during=UNTIL_USED)
        state.emit("blackmailed", "player", move.target)
    move.done()


@MOVES.after_step(o.STEP_REANIMATOR)
def _blackmail_paid(res: Resolution) -> None:
    state = res.state
    for effect in sorted(state.effects_of(BLACKMAILED), key=lambda e: e.eid):
        victim, master = effect.target, effect.source
        if victim is None or master is None:
            continue
        if not state.player(master).alive or in_prison(state, master) or not state.player(victim).alive:
            state.effects = [e for e in state.effects if e.eid != effect.eid]
            continue
        if pay(state, victim, 1, "blackmail"):
            earn(state, master, 1, "blackmail")
        else:
            state.add_effect(NO_VOTE, target=victim, source=master, during=NEXT_DAY)
            state.add_effect(DOUBLE_VOTE, target=master, source=victim, during=NEXT_DAY)


# ---------------------------------------------------------------- Складной нож

@MOVES.after_step(o.STEP_SHOP)
def _knife(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        if (player.secret_role == "citizen" and "spouse" not in cit(state, player.pid).traits
                and any(not i.fake for i in items_of(state, player.pid, "knife", active=False))):
            become(state, player.pid, "thief")


# ---------------------------------------------------------------- Зеркало

@MOVES.queries.modifier("reach", layer=45)
def _mirror(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """«Дух посещающий игрока с Зеркалом погибает», whatever his move: the holder is told, the Дух dies at once
    and the holder is his killer (the 5 coins of 3.1)."""
    if actor == target or role_of(state, actor) != "spirit" or not items_of(state, target, "mirror"):
        return allowed
    state.emit("undead_spirit_saw_mirror", "player", target)
    die(state, actor, "mirror", killer=target)
    return False


def _mirror_to_prison_voter(state: GameState, pid: int, why: str) -> None:
    held = items_of(state, pid, "mirror")
    if not held:
        return
    heirs = [p.pid for p in state.living() if p.secret_role == "investigator" and in_play(state, p.pid)]
    if not heirs:
        heirs = [v for v in cit(state, pid).jailed_by if v != pid and in_play(state, v)]
    if not heirs:
        return
    heir = heirs[0] if len(heirs) == 1 else state.random.choice(heirs)
    take_item(state, pid, held[0].uid)
    new_item(state, heir, "mirror")


MOVES.on_jail.append(_mirror_to_prison_voter)


@MOVES.after_step(o.STEP_CHEMIST)
def _mirror_killers(res: Resolution) -> None:
    """Who is about to kill a holder of the mirror (the source of his death of this night), kept for the deaths."""
    state = res.state
    res.scratch["mirror_killers"] = {
        e.target: e.source for e in state.effects_of(DYING) if e.target is not None and e.source is not None
        and e.source != e.target and items_of(state, e.target, "mirror")
        and not str(e.params.get("cause", "shot")).startswith(NOT_KILLED)}


@MOVES.after_step(o.STEP_JAIL_EXIT)  # the first step after the night's deaths
def _mirror_to_killer(res: Resolution) -> None:
    """«Если игрока с зеркалом убивают… то зеркало переходит к убийце» (killed, not «умер» of poison or a wound)."""
    state = res.state
    for holder, killer in sorted(res.scratch.get("mirror_killers", {}).items()):
        held = items_of(state, holder, "mirror")
        if held and not state.player(holder).alive and state.player(killer).alive:
            take_item(state, holder, held[0].uid)
            new_item(state, killer, "mirror")
