"""Защита: 11 cards."""

from __future__ import annotations

from engine.cardgame.play import side_of
from engine.core.durations import FROM_NEXT_PHASE, NEXT_PHASE, THIS_PHASE, n_phases
from engine.core.resolution import Play, Resolution
from engine.rulesets.micromafik.cards.common import grant_reply, send_message
from engine.rulesets.micromafik.order import STEP_ENERGY_SURGE_DISCARD
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


@REGISTRIES.card("bunker")
def bunker(play: Play) -> None:
    play.armor(play.actor, 1)
    if play.params.get("next_phase"):
        play.effect("armor_this_phase", target=play.actor, during=NEXT_PHASE, amount=1)


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


@REGISTRIES.card("security_agency")
def security_agency(play: Play) -> None:
    play.effect("armor_every_phase", target=play.target, during=FROM_NEXT_PHASE)


@REGISTRIES.card("personal_guard")
def personal_guard(play: Play) -> None:
    play.effect("personal_guard", target=play.target, during=THIS_PHASE)


@REGISTRIES.card("spikes")
def spikes(play: Play) -> None:
    effect = play.effect("spikes", target=play.target, during=n_phases(2, starting=NEXT_PHASE))
    play.announce("spikes", target=play.target, until=effect.end)


@REGISTRIES.card("adrenaline")
def adrenaline(play: Play) -> None:
    play.effect("adrenaline", target=play.target, during=THIS_PHASE)


@REGISTRIES.card("energy_surge")
def energy_surge(play: Play) -> None:
    play.draw(play.target, 2, protect=True)
    play.effect("forced_discard", target=play.target, during=NEXT_PHASE, count=2)
    play.tell(play.target, "energy_surge")


@REGISTRIES.pipeline.step("energy_surge:discard", STEP_ENERGY_SURGE_DISCARD)
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


@REGISTRIES.card("autopsy")
def autopsy(play: Play) -> None:
    play.tell(play.actor, "autopsy", target=play.target, side=side_of(play, play.target))
