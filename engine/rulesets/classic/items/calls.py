"""The items that call on another role's act: Визитка мафии, Звонок в МВД, Указ президента.

Визитка мафии (2): «Позволяет игроку, который может быть завербован по правилам игры, попроситься в любой клан
мафии самому. Боссу мафии приходит сообщение какой игрок не против вступить в его ряды, дальше проводится
стандартная вербовка игрока.» 1.7: «Звонок по визитке ходом не является (однако голос звонившего будет пустым в
день звонка)»; 4.1: «День: Звонок по визитке». Decisions: the call is made by day, naming the clan; one whom
the rules forbid to recruit (his role, his side, a former apprentice of that clan) is refused and keeps the card.
The Босс of that clan in the game learns who asks (none: every member of the clan in the game); a clan with
nobody in the game: the card is spent and nobody learns it. The recruitment is then the Вербовщик's usual move.

Звонок в МВД (2): «Позволяет 1 раз принудительно вызвать прикрытие копами.» 5.1.4: «При использовании визитки МВД
кем-то из персонажей, копы могут сами выбирать, кто именно из них отправится прикрывать данного персонажа
следующей ночью. В том случае, если эта информация не была передана Ведущему, то по умолчанию прикрывать
персонажа отправится следователь (при условии его присутствия в игре и если он не был посажен по итогам текущего
дня)». Decisions: used by day for oneself, an act that is no move; the cops in the game learn who called. The
next night, at the cover's step: if a cop covered him by his own move, that is the call answered; else the
Следователь (else the Шериф; one who covers nobody else this night first) covers him — that is the cop's
night (his other move of the night fails); a cop who is out of play, dying or blocked by then does not come.
No fee and no bonus for this cover.

Указ президента (2): «Однократный аналог действия Депутата.» Decisions: one of the Депутат's night acts, at his
step of 4.1 — «кляп» (the target loses his vote on the next day) or «лишить хода» (the target's move this night
fails); the holder's move of the night (no 2 coins: not his role's function); spent once made, even when the
target was out of reach (as a poison is «списывается»).
"""

from __future__ import annotations

from engine.core.durations import NEXT_DAY, NEXT_NIGHT, THIS_PHASE
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.items.papers import holds
from engine.rulesets.classic.model import CLANS, blocked, down, in_play, items_of, use_up
from engine.rulesets.classic.moves import MOVES, Move, block
from engine.rulesets.classic.roles.clans import COVERED, recruitable, set_flag
from engine.rulesets.classic.roles.neutral import VOICELESS

POLICE_CALL = "police_call"  # on the caller: the cops cover him the next night
COPS_ORDER = ("investigator", "sheriff")  # «по умолчанию… следователь»

for _item in ("mafia_card", "police_call", "decree"):
    MOVES.rule(f"holds_{_item}")(holds(_item))


# ---------------------------------------------------------------- Визитка мафии

def clan_named(params: dict[str, object]) -> str:
    return str(params.get("clan")).removeprefix("card_")


@MOVES.rule("card_recruitable")
def _recruitable(state: GameState, pid: int, what: str) -> None:
    if not any(recruitable(state, pid, clan) for clan in CLANS):
        raise Refusal("not_allowed", what=what, reason="not_recruitable")


def _card_check(state: GameState, pid: int, params: dict[str, object]) -> None:
    if not recruitable(state, pid, clan_named(params)):
        raise Refusal("not_allowed", what="use_mafia_card", reason="not_recruitable")


@MOVES.move("use_mafia_card", step=o.STEP_DAY_CALL, paid=False, free=True, check=_card_check)
def mafia_card(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "mafia_card")
    clan = clan_named(move.params)
    if not held or not recruitable(state, move.actor, clan):
        move.fail()
        return
    state.add_effect(VOICELESS, target=move.actor, source=move.actor, during=THIS_PHASE)
    if not use_up(state, move.actor, held[0].uid):
        move.done()
        return
    members = [p.pid for p in state.players if p.faction == clan and in_play(state, p.pid)]
    told = [pid for pid in members if state.player(pid).secret_role == "boss"] or members
    for pid in told:
        state.emit("mafia_card_call", "player", pid, pid=move.actor)
    move.done()


# ---------------------------------------------------------------- Звонок в МВД

@MOVES.move("use_police_call", step=o.STEP_DAY_MOVES, paid=False, free=True)
def police_call(move: Move) -> None:
    state = move.state
    if not move.use_item("police_call"):
        return
    state.add_effect(POLICE_CALL, target=move.actor, during=NEXT_NIGHT)
    for cop in [p.pid for p in state.players if p.faction == "cops" and in_play(state, p.pid)]:
        state.emit("police_called", "player", cop, pid=move.actor)
    move.done()


def cop_for_call(state: GameState) -> int | None:
    """The cop who goes by default: the Следователь in the game, else the Шериф — one who has not covered
    another this night first."""
    cops = [p.pid for role in COPS_ORDER for p in state.players
            if p.secret_role == role and p.faction == "cops" and in_play(state, p.pid)]
    covering = {e.source for e in state.effects_of(COVERED)}
    free = [pid for pid in cops if pid not in covering]
    going = free or cops
    return going[0] if going else None


@MOVES.after_step(o.STEP_COPS_COVER)
def _forced_cover(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of(POLICE_CALL):
        caller = effect.target
        if caller is None or not in_play(state, caller) or state.effects_of(COVERED, target=caller):
            continue
        cop = cop_for_call(state)
        if cop is None or down(state, cop) or blocked(state, cop):
            continue
        state.add_effect(COVERED, target=caller, source=cop, during=THIS_PHASE)
        set_flag(state, caller, "cl_covered", state.phase)
        block(state, cop, cop)
        state.emit("police_came", "player", cop, pid=caller)


# ---------------------------------------------------------------- Указ президента

@MOVES.move("use_decree", step=o.STEP_DEPUTY, paid=False)
def decree(move: Move) -> None:
    state = move.state
    held = items_of(state, move.actor, "decree")
    if not held:
        move.fail()
        return
    works = use_up(state, move.actor, held[0].uid)
    if not move.reach(move.target) or not works:
        return
    if move.params.get("act") == "decree_gag":
        state.add_effect(VOICELESS, target=move.target, source=move.actor, during=NEXT_DAY)
    else:
        block(state, move.target, move.actor)
    move.done()
