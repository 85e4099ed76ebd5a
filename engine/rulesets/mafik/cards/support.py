"""Поддержка (this issue: Повестка).

Readings (docs/rulings/mafik-misc.md):
- Повестка: "the cards the target plays on you" are those it aims at the player (as chosen, before
  Отражение), from the Hand or the Sleeve, in the next phase; a copy of each as played.
"""

from __future__ import annotations

from engine.core.durations import NEXT_PHASE
from engine.core.resolution import Play, Resolution
from engine.rulesets.mafik.cards.common import card_message, chosen_targets, new_card_to_sleeve
from engine.rulesets.mafik.registry import REGISTRIES


def summons(play: Play) -> None:
    card_message(play, play.target, str(play.params["message"]))
    play.effect("summons", target=play.target, during=NEXT_PHASE)


def _summoned(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("summons"):
        holder = effect.source
        if holder is None or not state.player(holder).alive:
            continue
        plays = [p for p in res.plays if p.actor == effect.target and p.via != "ability" and holder in chosen_targets(p)]
        got = [p.spec.id for p in plays if new_card_to_sleeve(state, holder, p.spec.id)]
        if got:
            state.emit("summons_copies", "player", holder, card="summons", target=effect.target, cards=got)


REGISTRIES.declare("summons", summons, trigger=_summoned)
