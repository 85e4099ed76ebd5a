"""Заточка and Йод и бинт: a wound given in prison and a bandage one puts on oneself.

Заточка (2): «Помогает ранить Следователя при допросе. В следующую ночь после удара заточкой игрок может
излечиться, купив клизму или будучи вылеченным врачом, или перевязан медсестрой, если вылечен не был - умирает на
утро 2 дня.» The cops (5.1.4): «Проводящий допрос коп… не может быть подвергнут никакому воздействию, кроме
заточки». Decisions: the jailed cannot order, so a jailed holder's shiv strikes by itself the cop who interrogates
him (the Следователь, or the Шериф when he interrogates), at the interrogation's step, and is spent. The cop is
wounded: the next night he makes no move («Раненый игрок не может совершить ночной ход») and dies at its end
(«умирает на утро 2 дня»: he «умер», not «убит») unless healed that night — by the Медсестра's heal or bandage,
by a Клизма, or by his own Йод и бинт. Both learn of the blow.

Йод и бинт (2.1): «Позволяет игроку перевязать себя.» 4.3: «Раненный – если в ночь враждебной акции против
персонажа, его перевязывает врач(медсестра)… Во вторую ночь персонаж умрет, если его не вылечит врач».
Decisions: taken at night, an act that is no move, at the start of the late evening (spent then, even if there
is nothing to bandage, as the Клизма); it acts at the Медсестра's step (4.1 «Медсестра (лечение/перевязка)»):
one dying this night lives through it wounded (dies at the end of the next night unless healed, as the nurse's
bandage), and a shiv's wound is healed. A Зомби is not bandaged (as by the nurse).
"""

from __future__ import annotations

from engine.core.durations import NEXT_NIGHT, THIS_PHASE
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import save
from engine.rulesets.classic.items.papers import holds
from engine.rulesets.classic.model import DYING, items_of, role_of, use_up
from engine.rulesets.classic.moves import MOVES, Move, standing
from engine.rulesets.classic.roles.care import logged_targets

SHIV_WOUND = "shiv_wound"  # on the cop, the night after the blow (source: the jailed)
IODINE = "iodine"  # taken tonight
WOUND = "wound"  # the cause of a wound's death («умер от раны»)

MOVES.rule("holds_iodine")(holds("iodine"))


# ---------------------------------------------------------------- Заточка

def interrogated_tonight(res: Resolution) -> list[tuple[int, int]]:
    """(cop, jailed) of this night's interrogations that took place."""
    state = res.state
    done = {e.who for e in state.events if e.phase == state.phase and e.kind == "move_ok"
            and e.params.get("what") == "cops_interrogate"}
    return [(cop, int(str(order.params["target"]))) for cop, order in standing(res, "cops_interrogate")
            if cop in done]


@MOVES.after_step(o.STEP_INTERROGATION)
def _shiv(res: Resolution) -> None:
    state = res.state
    for cop, jailed in interrogated_tonight(res):
        held = items_of(state, jailed, "shiv")
        if not held or not state.player(cop).alive:
            continue
        if not use_up(state, jailed, held[0].uid):
            continue
        wound(state, cop, jailed)
        state.emit("shiv_struck", "player", jailed, pid=cop)


def wound(state: GameState, pid: int, source: int) -> None:
    """Wounded by a shiv: dying the whole next night (no move then), dead at its end unless healed."""
    state.add_effect(SHIV_WOUND, target=pid, source=source, during=NEXT_NIGHT)
    state.add_effect(DYING, target=pid, source=source, during=NEXT_NIGHT, cause=WOUND)
    state.emit("shiv_wounded", "player", pid)


# ---------------------------------------------------------------- Йод и бинт

@MOVES.move("use_iodine", step=o.STEP_BAR, paid=False, free=True)
def iodine(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "iodine")
    if not held:
        move.fail()
        return
    if use_up(state, move.actor, held[0].uid):
        state.add_effect(IODINE, target=move.actor, during=THIS_PHASE)
    move.done()


@MOVES.after_step(o.STEP_ZOMBIE)
def _before_the_nurse(res: Resolution) -> None:
    """Who is dying, just before the Медсестра's step, of something else than a shiv's wound."""
    state = res.state
    res.scratch["dying_not_of_shiv"] = sorted({
        e.target for e in state.effects_of(DYING) if e.target is not None
        and not state.effects_of(SHIV_WOUND, target=e.target)})


@MOVES.after_step(o.STEP_NURSE_NIGHT)
def _bandages(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of(IODINE):
        pid = effect.target
        if pid is None or not state.player(pid).alive or role_of(state, pid) == "zombie":
            continue
        if save(state, pid):
            state.add_effect(DYING, target=pid, during=NEXT_NIGHT, cause=WOUND)
            state.emit("iodine_bandaged", "player", pid)
    nurses = [p.pid for p in state.players if p.secret_role == "nurse"]
    bandaged = {t for n in nurses for t in logged_targets(state, n, ["nurse_bandage"], state.phase)}
    bandaged |= {e.target for e in state.effects_of(IODINE) if e.target is not None}
    for effect in state.effects_of(SHIV_WOUND):
        pid = effect.target
        if pid in bandaged and pid not in res.scratch.get("dying_not_of_shiv", []):
            heal_shiv(state, pid)


def heal_shiv(state: GameState, pid: int) -> None:
    """«перевязан медсестрой»: the shiv's wound healed — he no longer dies of it (now or the night after)."""
    state.effects = [e for e in state.effects if not (
        e.target == pid and (e.kind == SHIV_WOUND or (e.kind == DYING and e.end is not None and e.end >= state.phase)))]
    state.emit("shiv_wound_healed", "player", pid)
