"""Поддержка: 11 cards."""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.play import apply_effect
from engine.cardgame.registries import Layer, PaymentOption, PlaysAnother, Query, Step
from engine.core.durations import NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, UNTIL_USED, n_phases
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import CardInstance, GameState, JsonValue
from engine.rulesets.micromafik.order import LAYER_WEAKNESS, STEP_TRIGGERS_PAY_THE_BILL
from engine.rulesets.micromafik.registry import REGISTRIES


@REGISTRIES.card("payment")
def payment(play: Play) -> None:
    play.points(play.target, 1)


@REGISTRIES.card("generosity")
def generosity(play: Play) -> None:
    effect = play.params.get("effect")
    if play.by_mafia and effect and effect != "none":
        play.points(play.actor, 1)
        play.points(play.target, 1)
        params: dict[str, JsonValue] = {} if effect == "city_sleeps" else {"target": play.target}
        apply_effect(play, str(effect), params, via="generosity")
    else:
        play.points(play.actor, 2)
        play.points(play.target, 2)


def insurance(play: Play) -> None:
    """Does nothing when played; see insurance_discarded."""


def insurance_discarded(res: Resolution, pid: int, card: CardInstance) -> None:
    """Страховка discarded for damage gives its owner 1 point."""
    if card.card == "insurance":
        res.gain_points(pid, 1)


def _may_bluff(state: GameState, pid: int, cards: list[CardInstance]) -> None:
    """(Мафия: по желанию при оплате цены этой картой…): a mafia payment with a Страховка among its cards."""
    if state.player(pid).faction != "mafia" or not any(c.card == "insurance" for c in cards):
        raise Refusal("mafia_only", card="insurance", param="insurance_bluff")


def _bluff(res: Resolution, pid: int, cards: list[CardInstance]) -> None:
    """…до конца следующей фазы публично отображаемое число карт будет на 1 больше."""
    if any(c.card == "insurance" for c in cards):
        res.state.add_effect("shown_hand_plus", target=pid, source=pid, during=n_phases(2))


REGISTRIES.declare("insurance", insurance, on_damage_discard=insurance_discarded,
                   payment_options={"insurance_bluff": PaymentOption(check=_may_bluff, paid=_bluff)},
                   effects=(EffectKind("shown_hand_plus", during=n_phases(2), known=True, caster_known=True),))


@REGISTRIES.card("parcel", priority=20)
def parcel(play: Play) -> None:
    giver, taker = play.me, play.state.player(play.target)
    for uid in play.params["give"]:
        card = next((c for c in giver.hand if c.uid == uid), None)
        if card is None:
            continue
        giver.hand.remove(card)
        taker.hand.append(card)
        taker.discard_last.append(card.uid)
    play.tell(play.target, "parcel_received", sender=play.actor)


@REGISTRIES.card("fine", priority=80)
def fine(play: Play) -> None:
    named = set(play.named)
    target = play.state.player(play.target)
    for card in target.hand:
        if card.card in named:
            card.cost_mod += 1
    for other in play.res.plays_by(play.target):
        if other.via == "hand" and other.spec.id in named:
            play.damage(play.target, 1, fixed=True)
    play.tell(play.target, "fined", cards=sorted(named))


def knockout(play: Play) -> None:
    play.effect("knockout", target=play.target, during=NEXT_PHASE, colour=play.params["colour"])
    play.tell(play.target, "knockout", colour=play.params["colour"])


def _knocked_out(state: GameState, value: set[str], *, pid: int, **_: Any) -> set[str]:
    """The colours the target must discard that day."""
    return value | {str(e.params["colour"]) for e in state.effects_of("knockout", target=pid)}


def knocked_out_surcharge(state: GameState, value: int, *, pid: int, spec: Any, instance: Any, **_: Any) -> int:
    """Вышибание: playing a card of the knocked-out colour costs 1 more that day."""
    from engine.rulesets.micromafik.costs import knocked_colours

    if instance is not None and spec.colour in knocked_colours(state, pid):
        return value + 1
    return value


REGISTRIES.declare("knockout", knockout,
                   queries=(Query("knocked_colours", _knocked_out), Query("cost", knocked_out_surcharge)),
                   effects=(EffectKind("knockout", during=NEXT_PHASE, known=True),))


def coffee(play: Play) -> None:
    effect = play.effect("coffee", target=play.target, during=NEXT_NIGHT)
    play.tell(play.target, "coffee", phase=effect.start)


def coffee_limit(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return value + len(state.effects_of("coffee", target=pid))


REGISTRIES.declare("coffee", coffee, queries=(Query("play_limit", coffee_limit),),
                   effects=(EffectKind("coffee", during=NEXT_NIGHT, known=True),))


def weakness(play: Play) -> None:
    play.effect("weakness", target=play.target, during=THIS_PHASE)


def _weaker(res: Resolution, packet: DamagePacket) -> None:
    """Слабость: −1 to each damage of the weakened player's cards played this phase."""
    if packet.cause != "card" or packet.fixed or packet.source is None:
        return
    packet.amount = max(0, packet.amount - len(res.state.effects_of("weakness", target=packet.source)))


REGISTRIES.declare("weakness", weakness, replacements=(Layer("weakness", LAYER_WEAKNESS, _weaker),))


def transformation(play: Play) -> None:
    play.keep_card(becomes=str(play.params["into"]), protect=True)
    chosen = play.params.get("effect")
    if play.by_mafia and isinstance(chosen, dict):
        options: dict[str, JsonValue] = {"tell_only": True} if chosen["card"] == "warning_shot" else {}
        apply_effect(play, str(chosen["card"]), dict(chosen["params"]), via="transformation", **options)


def transformation_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Трансформация (Мафия): Оплата's effect may not be applied to mafia."""
    chosen = params.get("effect")
    if isinstance(chosen, dict) and chosen["card"] == "payment":
        target = chosen["params"]["target"]
        if state.player(int(target)).faction == "mafia":
            raise Refusal("invalid_target", card="payment", target=target, reason="mafia")


REGISTRIES.declare("transformation", transformation, check=transformation_check)


def flashmob(play: Play) -> None:
    chosen = play.params["play"]
    assert isinstance(chosen, dict)
    play.tell(play.actor, "flashmob_result", chosen=chosen["card"], ok=bool(play.options.get("another_played")))


def _someone_plays_the_original(play: Play, chosen: dict[str, Any], originals: set[tuple[int, str]]) -> bool:
    """"Это удастся сделать только если кто-то, кроме вас, играет оригинал выбранной карты в эту фазу"."""
    return any(actor != play.actor and card == chosen["card"] for actor, card in originals)


REGISTRIES.declare("flashmob", flashmob, plays_another=PlaysAnother("play", _someone_plays_the_original))


def pay_the_bill(play: Play) -> None:
    (card,) = play.named
    play.effect("pay_the_bill", target=play.target, during=UNTIL_USED, card=card)


def pay_the_bill_trigger(res: Resolution) -> None:
    """The first play of the named card with a cost paid gives back the last payment card (or 1 point)."""
    state = res.state
    for effect in list(state.effects_of("pay_the_bill")):
        assert effect.target is not None
        player = state.player(effect.target)
        paid = next((p for p in res.plays_by(effect.target)
                     if p.via == "hand" and p.spec.id == effect.params["card"] and p.paid > 0), None)
        if paid is None:
            continue
        state.effects.remove(effect)
        if paid.payment_cards:
            card = paid.payment_cards[-1]
            if card in player.discard:
                player.discard.remove(card)
                player.hand.append(card)
            state.emit("bill_paid", "player", effect.target, card=card.card)
        else:
            res.gain_points(effect.target, 1)
            state.emit("bill_paid", "player", effect.target, points=1)


REGISTRIES.declare("pay_the_bill", pay_the_bill,
                   steps=(Step("triggers:pay_the_bill", STEP_TRIGGERS_PAY_THE_BILL, pay_the_bill_trigger),))
