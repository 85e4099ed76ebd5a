"""Защита: 11 cards."""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.play import side_of
from engine.cardgame.registries import Layer, Step
from engine.core.durations import FROM_NEXT_PHASE, NEXT_PHASE, THIS_PHASE, n_phases
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import Effect, GameState
from engine.rulesets.micromafik.cards.common import grant_reply, send_message
from engine.rulesets.micromafik.order import (
    LAYER_ADRENALINE,
    LAYER_PERSONAL_GUARD,
    STEP_ENERGY_SURGE_DISCARD,
)
from engine.rulesets.micromafik.registry import REGISTRIES


@REGISTRIES.card("block")
def block(play: Play) -> None:
    play.armor(play.target, 1)
    extra = play.params.get("extra")
    if extra == "call" and play.params.get("message"):
        send_message(play.res, play.actor, play.target, str(play.params["message"]), anonymous=True, via="block",
                     order=play.order)
    elif extra == "feedback":
        grant_reply(play, play.target, "block")
        play.tell(play.target, "may_reply", to=play.actor)


def bunker(play: Play) -> None:
    play.armor(play.actor, 1)
    if play.params.get("next_phase"):
        play.effect("armor_this_phase", target=play.actor, during=NEXT_PHASE, amount=1)


def _armor_this_phase(res: Resolution, effects: list[Effect]) -> None:
    for effect in effects:
        assert effect.target is not None
        res.add_armor(effect.target, int(effect.params.get("amount", 1)))


REGISTRIES.declare("bunker", bunker, effects=(EffectKind("armor_this_phase", tick=_armor_this_phase, known=True,
                                                         caster_known=True),))


@REGISTRIES.card("peoples_defense")
def peoples_defense(play: Play) -> None:
    if side_of(play, play.target) == "law":
        play.armor(play.target, 2)


@REGISTRIES.card("first_aid")
def first_aid(play: Play) -> None:
    play.draw(play.target, 1, protect=True)


@REGISTRIES.card("city_sleeps")
def city_sleeps(play: Play) -> None:
    for player in play.state.living():
        if side_of(play, player.pid) == "law":
            play.armor(player.pid, 1)


def security_agency(play: Play) -> None:
    play.effect("armor_every_phase", target=play.target, during=FROM_NEXT_PHASE)


def _armor_every_phase(res: Resolution, effects: list[Effect]) -> None:
    for target in sorted({e.target for e in effects if e.target is not None}):
        res.add_armor(target, 1)  # Охранное агентство does not stack


REGISTRIES.declare("security_agency", security_agency,
                   effects=(EffectKind("armor_every_phase", tick=_armor_every_phase, during=FROM_NEXT_PHASE),))


def personal_guard(play: Play) -> None:
    play.effect("personal_guard", target=play.target, during=THIS_PHASE)


def guarded(state: GameState, pid: int) -> bool:
    """Is the character under Персональная охрана this phase (no damage, nor losses counted as damage)?"""
    return bool(state.effects_of("personal_guard", target=pid))


def _no_damage(res: Resolution, packet: DamagePacket) -> None:
    if guarded(res.state, packet.target):
        packet.amount = 0


REGISTRIES.declare("personal_guard", personal_guard,
                   replacements=(Layer("personal_guard", LAYER_PERSONAL_GUARD, _no_damage),))


def spikes(play: Play) -> None:
    effect = play.effect("spikes", target=play.target, during=n_phases(2, starting=NEXT_PHASE))
    play.announce("spikes", target=play.target, until=effect.end)


def _spiked(res: Resolution) -> None:
    """Шипы: whoever targets a character with spikes with a card takes 2 damage."""
    state = res.state
    for play in res.plays:
        for target in play.targets:
            for effect in state.effects_of("spikes", target=target):
                res.damage(DamagePacket(target=play.actor, amount=2, source=effect.source, card="spikes",
                                        colour="defence", cause="spikes"))


REGISTRIES.declare("spikes", spikes, targeting=_spiked,
                   effects=(EffectKind("spikes", during=n_phases(2, starting=NEXT_PHASE), known=True),))


def adrenaline(play: Play) -> None:
    play.effect("adrenaline", target=play.target, during=THIS_PHASE)


def _deferred(res: Resolution, packet: DamagePacket) -> None:
    """Адреналин: at night, what armor let through is taken the next day instead."""
    state = res.state
    if packet.fixed or not state.is_night or not state.effects_of("adrenaline", target=packet.target):
        return
    state.add_effect("deferred_damage", target=packet.target, source=packet.source, during=NEXT_PHASE,
                     amount=packet.amount)
    state.emit("damage_deferred", "player", packet.target, amount=packet.amount)
    packet.amount = 0


def _deferred_damage(res: Resolution, effects: list[Effect]) -> None:
    for effect in effects:
        assert effect.target is not None
        res.damage(DamagePacket(target=effect.target, amount=int(effect.params["amount"]),
                                source=effect.source, cause="deferred"))


REGISTRIES.declare("adrenaline", adrenaline, replacements=(Layer("adrenaline", LAYER_ADRENALINE, _deferred),),
                   effects=(EffectKind("deferred_damage", tick=_deferred_damage, during=NEXT_PHASE, known=True),))


def energy_surge(play: Play) -> None:
    play.draw(play.target, 2, protect=True)
    play.effect("forced_discard", target=play.target, during=NEXT_PHASE, count=2)
    play.tell(play.target, "energy_surge")


def energy_surge_discard(res: Resolution) -> None:
    """Прилив энергии, the next day: 2 cards (1 if only 1 is left) go at the end of the resolution —
    after the damage discards and the refills — in hand order. This is not damage."""
    state = res.state
    for player in state.living():
        for effect in state.effects_of("forced_discard", target=player.pid):
            count = min(int(effect.params["count"]), len(player.hand))
            moved, player.hand = player.hand[:count], player.hand[count:]
            player.discard.extend(moved)
            if moved:
                state.emit("surge_discard", "player", player.pid, cards=[c.card for c in moved])


REGISTRIES.declare("energy_surge", energy_surge,
                   steps=(Step("energy_surge:discard", STEP_ENERGY_SURGE_DISCARD, energy_surge_discard),),
                   effects=(EffectKind("forced_discard", during=NEXT_PHASE, known=True),))


@REGISTRIES.card("autopsy")
def autopsy(play: Play) -> None:
    play.tell(play.actor, "autopsy", target=play.target, side=side_of(play, play.target))
