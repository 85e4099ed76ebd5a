"""Атака: 11 cards."""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.play import side_of
from engine.cardgame.registries import Layer
from engine.core.durations import FROM_NEXT_PHASE
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import Effect
from engine.rulesets.micromafik.damage import spend
from engine.rulesets.micromafik.order import LAYER_SNIPER_CAP, LAYER_WARNING_SHOT
from engine.rulesets.micromafik.registry import REGISTRIES
from engine.rulesets.micromafik.timing import FIRST_NIGHT

SNIPER_CAP = 3


@REGISTRIES.card("pistol")
def pistol(play: Play) -> None:
    play.damage(play.target, 2)


@REGISTRIES.card("assault")
def assault(play: Play) -> None:
    play.damage(play.target, 1)
    if play.state.is_day:
        play.announce("assault_by_day", actor=play.actor)


@REGISTRIES.card("compensation")
def compensation(play: Play) -> None:
    play.damage(play.target, 1)
    side = side_of(play, play.target)
    if side == "law":
        play.points(play.target, 1)
    elif side == "mafia":
        play.tell(play.target, "targeted_by")


@REGISTRIES.card("dekulakization")
def dekulakization(play: Play) -> None:
    play.damage(play.target, play.state.player(play.target).points_at_phase_start)


@REGISTRIES.card("tip_off_shot")
def tip_off_shot(play: Play) -> None:
    play.damage(play.target, 2 if side_of(play, play.target) == "mafia" else 1)


def sniper_rifle(play: Play) -> None:
    play.damage(play.target, 3, ignore_armor=True, fixed=True)
    named = play.named
    if named and play.by_mafia:
        chosen = set(play.state.player(play.target).deck_choice)
        hit = all(card in chosen for card in named)
        play.tell(play.actor, "sniper_guess", target=play.target, cards=named, hit=hit)
        if hit:
            play.points(play.actor, 2)
            play.keep_card()


def _sniper_cap(res: Resolution, packet: DamagePacket) -> None:
    """At most 3 damage a night to one target from Снайперские винтовки."""
    if packet.card == "sniper_rifle" and packet.cause == "card":
        spend(res, "sniper_budget", packet, SNIPER_CAP)


REGISTRIES.declare("sniper_rifle", sniper_rifle, replacements=(Layer("sniper_cap", LAYER_SNIPER_CAP, _sniper_cap),))


def poison(play: Play) -> None:
    play.effect("poison", target=play.target, during=FROM_NEXT_PHASE)
    play.tell(play.target, "poisoned")


def _poison_tick(res: Resolution, effects: list[Effect]) -> None:
    """1 damage every phase to the poisoned."""
    for effect in effects:
        assert effect.target is not None
        res.damage(DamagePacket(target=effect.target, amount=1, source=effect.source, card="poison",
                                colour="attack", cause="poison"))


REGISTRIES.declare("poison", poison,
                   effects=(EffectKind("poison", tick=_poison_tick, during=FROM_NEXT_PHASE, known=True),))


@REGISTRIES.card("precise_strike", priority=90)
def precise_strike(play: Play) -> None:
    """Runs late, so that it sees the target's hand after this phase's draws and transfers.

    Every loss counts as damage: Персональная охрана prevents it all, and on the first night the
    losses take the 4-damage cap first (refills of played or discarded cards, then cards in hand
    in hand order; the damage for paid cards is capped with the rest in the damage step).
    """
    # imported here so that attack.py, imported first, declares poison's tick before the defence kinds tick
    from engine.rulesets.micromafik.cards.defence import guarded

    res, target, named = play.res, play.target, set(play.named)
    state = play.state
    if guarded(state, target):
        play.tell(target, "precise_strike", lost=[])
        return
    losses: dict[int, int] = res.scratch.setdefault("precise_losses", {})
    budget: int | None = None
    if res.phase == FIRST_NIGHT:
        budget = int(state.settings["first_night_damage_cap"]) - losses.get(target, 0)
    lost: list[str] = []

    def lose(card: str) -> None:
        lost.append(card)
        losses[target] = losses.get(target, 0) + 1

    def room() -> bool:
        return budget is None or budget > len(lost)

    # Played, discarded or swapped named cards: no replacement (the card is gone from the hand).
    for refill in list(res.refills.get(target, [])):
        if refill.card in named and room() and res.cancel_refill(target, refill.uid):
            lose(refill.card)
    for card in state.player(target).hand:
        if card.card in named and card.uid not in res.direct_losses.get(target, []) and room():
            res.direct_losses.setdefault(target, []).append(card.uid)
            lose(card.card)
    if lost:
        res.scratch.setdefault("damaged", set()).add(target)  # as damage (Здоровяк loses his armor)
    for card in res.scratch.get("paid_cards", {}).get(target, []):
        if card.card in named:
            play.damage(target, 1, ignore_armor=True, fixed=True)
            lost.append(card.card)
    play.tell(target, "precise_strike", lost=sorted(lost))


def warning_shot(play: Play) -> None:
    play.tell(play.target, "warning_shot", shooter=play.actor)
    if not play.options.get("tell_only"):
        play.effect("warning_shot", target=play.target, during=FROM_NEXT_PHASE)


def _doubled(res: Resolution, packet: DamagePacket) -> None:
    """×2 for the shooter's attack cards on the target."""
    if packet.fixed or packet.colour != "attack" or packet.source is None:
        return
    for effect in res.state.effects_of("warning_shot", target=packet.target):
        if effect.source == packet.source:
            packet.amount *= 2


REGISTRIES.declare("warning_shot", warning_shot, replacements=(Layer("warning_shot", LAYER_WARNING_SHOT, _doubled),),
                   effects=(EffectKind("warning_shot", during=FROM_NEXT_PHASE, known=True, caster_known=True),))


@REGISTRIES.card("counterattack")
def counterattack(play: Play) -> None:
    attackers = sorted({
        other.actor for other in play.res.plays_on(play.actor)
        if other.spec.colour == "attack" and other.actor != play.actor
    })
    for attacker in attackers:
        play.damage(attacker, 1)


@REGISTRIES.card("mugging")
def mugging(play: Play) -> None:
    (card,) = play.named
    if card in play.state.player(play.target).hand_at_phase_start:
        play.damage(play.target, 1)
        play.points(play.actor, 1)
        play.tell(play.actor, "mugging", hit=True)
    else:
        play.tell(play.actor, "mugging", hit=False)
