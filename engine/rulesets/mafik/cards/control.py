"""Контроль (this issue: Куратор спецслужб, Перехват, Шипы).

Readings (docs/rulings/mafik-misc.md):
- "Cards played on the target" / "chooses the target as the target of a card" are the targets as the
  player chose them, before Отражение turns a card back (`chosen_targets`, cards/common.py); abilities
  granted by cards are no cards played.
- Перехват (Мафия): naming an Обвинение replaces the whole payment (the cost is 0); the card then works
  only if the Обвинение hits.
- Шипы: 2 damage for each card aimed at the spiked character by someone else, from the next phase for 4
  phases; several Шипы on one character each hurt.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query
from engine.core.cards import CardSpec
from engine.core.durations import NEXT_PHASE, n_phases
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    chosen_targets,
    new_card_to_sleeve,
    played_on,
    upper,
    watch_plays,
)
from engine.rulesets.mafik.registry import REGISTRIES

HANDLER_PHASES = 2
SPIKES_PHASES, SPIKES_DAMAGE = 4, 2


@REGISTRIES.card("secret_service_handler")
def secret_service_handler(play: Play) -> None:
    """The next 2 phases the player (the Босс: the whole mafia) learns each card the target plays from
    the Hand; the target is told it was targeted unless the Обвинение hits."""
    watch_plays(play, play.target, play.actor, during=n_phases(HANDLER_PHASES, starting=NEXT_PHASE),
                report="handler_play", hand_only=True, to_mafia=play.me.secret_role == "boss")
    if not accusation_hits(play):
        play.tell(play.target, "handler_targeted")


def interception(play: Play) -> None:
    """Copies of every card but Перехват played on the target this phase, into the player's Sleeve."""
    if play.params.get("accuse") and not accusation_hits(play):
        return
    got = [p.spec.id for p in played_on(play.res, play.target) if p.spec.id != play.spec.id
           and new_card_to_sleeve(play.state, play.actor, p.spec.id)]
    play.tell(play.actor, "interception", target=play.target, cards=got)


def _interception_cost(state: GameState, value: int, *, pid: int, spec: CardSpec,
                       params: dict[str, JsonValue] | None = None, cheapest: bool = False, **_: Any) -> int:
    """(Мафия) an Обвинение instead of paying the Cost: nothing to pay (so it is playable with nothing)."""
    if ((params or {}).get("accuse") or cheapest) and state.player(pid).faction == "mafia":
        return 0
    return value


REGISTRIES.declare("interception", interception, queries=(Query("cost", _interception_cost, layer=95, own=True),))


def spikes(play: Play) -> None:
    effect = play.effect("spikes", target=play.target, during=n_phases(SPIKES_PHASES, starting=NEXT_PHASE))
    if upper(play):
        play.tell(play.actor, "spikes_secret", target=play.target, until=effect.end)
    else:
        play.announce("spikes", target=play.target, until=effect.end)


def _spiked(res: Resolution) -> None:
    """Whoever else aims a card at a spiked character takes 2 damage per card (per Шипы on him)."""
    state = res.state
    for play in res.plays:
        for target in chosen_targets(play):
            if target == play.actor:
                continue
            for effect in state.effects_of("spikes", target=target):
                res.damage(DamagePacket(target=play.actor, amount=SPIKES_DAMAGE, source=effect.source, card="spikes",
                                        colour="control", cause="spikes"))


REGISTRIES.declare("spikes", spikes, trigger=_spiked, effects=(EffectKind("spikes", public=True),))
