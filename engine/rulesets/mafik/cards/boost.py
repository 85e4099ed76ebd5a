"""Усиление (this issue: Counter, Стероиды).

Readings (docs/rulings/mafik-misc.md):
- Counter: from the next phase to the end of the game; "атакуют картой" = another player's card deals the
  player damage this phase (before armor); the card, as played, must be in his Hand as it resolves. 2
  armor (3 if played in the lower stance) for each such card; several Counters add up.
- Стероиды: +1 to each damage its player's cards of this phase deal (not abilities); no armor this phase
  and the next; for the same two phases protective cards do not act on him (`protected`, cards/common.py):
  the Защита cards aimed at him or that he plays without a target do nothing, and no Отражение effect
  (Зеркальное Измерение neither) turns cards away from him.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Layer, Query, Step
from engine.core.durations import FROM_NEXT_PHASE, n_phases
from engine.core.queries import only_while
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState
from engine.rulesets.mafik.cards.common import deny_armor, lower
from engine.rulesets.mafik.order import LAYER_STEROIDS, STEP_STEROIDS
from engine.rulesets.mafik.registry import REGISTRIES

COUNTER_ARMOR, COUNTER_ARMOR_LOWER = 2, 3
STEROIDS_PHASES = 2


def counter(play: Play) -> None:
    play.effect("counter", target=play.actor, during=FROM_NEXT_PHASE,
                amount=COUNTER_ARMOR_LOWER if lower(play) else COUNTER_ARMOR)


def _countered(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("counter"):
        pid = effect.target
        if pid is None:
            continue
        hand = {c.card for c in state.player(pid).hand}
        attacks: dict[int, str] = {}
        for packet in res.packets:
            play = packet.play
            if packet.target == pid and play is not None and play.actor != pid and play.spec.id in hand:
                attacks[id(play)] = play.spec.id
        if attacks:
            armor = int(str(effect.params["amount"])) * len(attacks)
            res.add_armor(pid, armor)
            state.emit("counter_armor", "player", pid, card="counter", cards=sorted(attacks.values()), n=armor)


REGISTRIES.declare("counter", counter, trigger=_countered, effects=(EffectKind("counter", own=True),))


def steroids(play: Play) -> None:
    """Takes effect at its own step (`_steroids`), before the targeting reactions it stops."""


def _steroids(res: Resolution) -> None:
    for play in res.plays:
        if play.spec.id == "steroids" and not play.options.get("cancelled"):
            play.effect("steroids", target=play.actor, during=n_phases(STEROIDS_PHASES))
            deny_armor(play, play.actor, n_phases(STEROIDS_PHASES))


def _steroids_damage(res: Resolution, packet: DamagePacket) -> None:
    """+1 to the base damage of each card its player plays this phase."""
    play = packet.play
    if packet.fixed or play is None or play.via == "ability":
        return
    boosts = [e for e in res.state.effects_of("steroids", target=play.actor) if e.start == res.state.phase]
    packet.amount += len(boosts)


@only_while("steroids")
def _unprotected(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
    return False if state.effects_of("steroids", target=pid) else value


REGISTRIES.declare("steroids", steroids, steps=(Step("steroids", STEP_STEROIDS, _steroids),),
                   replacements=(Layer("steroids", LAYER_STEROIDS, _steroids_damage),),
                   queries=(Query("protected", _unprotected),), effects=(EffectKind("steroids", own=True),))
