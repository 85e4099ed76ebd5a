"""Отражатель, Икона, Капкан: what meets a hostile night visitor at his target's door.

Отражатель (2): «Любое враждебное ночное действие переносится на игрока (кроме пытки маньяка), собравшего
наибольшее после посаженного количество голосов. Если таких несколько, то один выбирается случайным образом
(монетка).» 4.3: «Выстрел в отражатель - "удачно" (сам выстрел - удачно, но пуля отразилась в другую цель)».
A protection layer before the vest: the act goes on to the runner-up of the last day's vote (the character
with the most votes who was not jailed, in the game, not the holder), through his own protections. Decisions:
one charge reflects every hostile act of one moment (as the vest); with no runner-up (nobody else had a vote)
it does nothing and is kept.

Икона (2): «Однократно защищает от любой нечисти и нежити.» A layer: a hostile act whose author is of the
unclean or the undead (the Вампир, Упырь, Ведьмак, Зомби) is stopped, the icon spent. The Дух «игнорирует любую
защиту, кроме Святой воды и Зеркала» — not stopped.

Капкан (2): «Ловит ночного посетителя на ночь, день и ещё одну ночь, пойманный не может выбраться из капкана,
его голос не засчитывается следующим днём, а хозяин капкан голосует двойным голосом. Действие при попадании в
капкан блокируется. Не ловит священника, ведьмака, вампира и духа.» 4.3: «Выстрел в капкан - "неудачно, кто-то
или что-то помешало"»; the Маньяк's torture: «Сирена, броник, ловушка и отражатель не спасает…, за исключением
капкана». Decisions: it catches the first visitor (any visit but the stake walk), before a siren; the caught
one's move fails, his next night's move too, his vote the next day does not count; the owner learns whom he
caught and votes double the next day; one trap catches one visitor.
"""

from __future__ import annotations

from typing import Any

from engine.core.durations import NEXT_DAY, NEXT_NIGHT
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.items.night import NO_VOTE
from engine.rulesets.classic.model import BLOCKED, in_play, items_of, role_of, side_of, use_up
from engine.rulesets.classic.moves import MOVES, Move
from engine.rulesets.classic.roles.citizen import STAKE_KINDS

NOT_REFLECTED = ("torture",)  # «кроме пытки маньяка»
UNHOLY = ("unclean", "undead")  # «любой нечисти и нежити»
TRAP_FREE = ("priest", "warlock", "vampire", "spirit")  # «Не ловит священника, ведьмака, вампира и духа»
TRAPPED = "trapped"  # caught in a trap (this night, the next day, the next night)
DOUBLE_VOTE = "trap_double_vote"  # the trap's owner votes double the next day


# ---------------------------------------------------------------- Отражатель

def runner_up(state: GameState, holder: int) -> int | None:
    """The most voted of the last day's vote after the jailed one (a coin among equals)."""
    tallies = [e for e in state.events if e.kind == "vote_tally"]
    if not tallies:
        return None
    jailed = {int(e.params["pid"]) for e in state.events if e.kind == "classic_jailed" and e.phase == tallies[-1].phase}
    rows: list[dict[str, Any]] = list(tallies[-1].params.get("tally") or [])
    votes = {int(r["pid"]): int(r["n"]) for r in rows
             if int(r["pid"]) not in jailed and int(r["pid"]) != holder and in_play(state, int(r["pid"]))
             and int(r["n"]) > 0}
    if not votes:
        return None
    most = max(votes.values())
    top = sorted(pid for pid, n in votes.items() if n == most)
    return top[0] if len(top) == 1 else state.random.choice(top)


@MOVES.layer("reflector", o.LAYER_REFLECTOR)
def reflector(res: Resolution, packet: DamagePacket) -> None:
    state = res.state
    if packet.cause in NOT_REFLECTED or packet.ignore_armor or not state.is_night:
        return
    moment = res.scratch.get("moment")
    used: dict[int, Any] = res.scratch.setdefault("reflector_moment", {})
    holder = packet.target
    if used.get(holder, ("none",))[0] == moment and moment is not None:
        packet.target = used[holder][1]
        return
    held = items_of(state, holder, "reflector")
    if not held:
        return
    other = runner_up(state, holder)
    if other is None:
        return
    if not use_up(state, holder, held[0].uid):
        return
    used[holder] = (moment, other)
    packet.target = other
    state.emit("reflected", "player", holder)


# ---------------------------------------------------------------- Икона

@MOVES.layer("icon", o.LAYER_ICON)
def icon(res: Resolution, packet: DamagePacket) -> None:
    state = res.state
    if packet.source is None or side_of(state, packet.source) not in UNHOLY:
        return
    held = items_of(state, packet.target, "icon")
    if held and use_up(state, packet.target, held[0].uid):
        packet.amount = 0
        state.emit("icon_saved", "player", packet.target)


# ---------------------------------------------------------------- Капкан

@MOVES.queries.modifier("reach", layer=35)
def _trap(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    if not allowed or actor == target or move.ability.id in STAKE_KINDS or role_of(state, actor) in TRAP_FREE:
        return allowed
    if not state.is_night:
        return allowed
    held = items_of(state, target, "trap")
    if not held:
        return allowed
    if not use_up(state, target, held[0].uid):
        return allowed
    state.add_effect(TRAPPED, target=actor, source=target, during=NEXT_NIGHT)
    state.add_effect(BLOCKED, target=actor, source=target, during=NEXT_NIGHT)
    state.add_effect(NO_VOTE, target=actor, source=target, during=NEXT_DAY)
    state.add_effect(DOUBLE_VOTE, target=target, source=actor, during=NEXT_DAY)
    state.emit("trapped", "player", actor)
    state.emit("trap_caught", "player", target, pid=actor)
    return False


@MOVES.queries.modifier("vote_weight", layer=25)
def _owner_double(state: GameState, weight: int, *, voter: int, target: int) -> int:
    """The owner votes double (one doubling, whatever else doubles his vote)."""
    return weight * 2 if state.effects_of(DOUBLE_VOTE, target=voter) and weight == 1 else weight
