"""Мафик's core pipeline steps: commit, tick, targeting, effects, triggers, damage, discards, deaths, end.

The whole order of resolution — these steps, the ones cards, roles, the Вече and the chats add from
their own modules, and the damage replacement layers — is the table in order.py (checked in by
tests/engine/pipeline_mafik.txt). A new step takes a new name and number there.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.phase import revalidate, settle_damage, take
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, Order, PlayRecord
from engine.rulesets.mafik.order import (
    STEP_COMMIT,
    STEP_DAMAGE,
    STEP_DISCARDS,
    STEP_EFFECTS,
    STEP_TARGETING,
    STEP_TICK,
    STEP_TRIGGERS,
)
from engine.rulesets.mafik.orders import find_card, played_spec, validate_orders
from engine.rulesets.mafik.registry import CARDS, DAMAGE_DISCARD_INSTEAD, ON_DAMAGE_DISCARD, PIPELINE, REPLACEMENTS

Hook = Callable[[Resolution], None]
TARGETING: list[Hook] = []
TRIGGERS: list[Hook] = []


def pay(res: Resolution, pid: int, order: Order) -> tuple[int, list[CardInstance]]:
    """Discard the payment cards (Sleeve, or the Культист's hand) and spend the blood."""
    player = res.state.player(pid)
    cards = []
    for uid in order.payment.cards:
        zone = player.sleeve if any(c.uid == uid for c in player.sleeve) else player.hand
        cards.append(take(zone, uid))
    player.discard.extend(cards)
    player.points -= order.payment.points
    res.scratch.setdefault("paid_cards", {}).setdefault(pid, []).extend(cards)
    return len(cards) + order.payment.points // 2, cards


@PIPELINE.step("commit", STEP_COMMIT)
def commit(res: Resolution) -> None:
    state = res.state
    valid = {p.pid: revalidate(state, p.pid, validate_orders) for p in state.living()}
    res.scratch["orders"] = valid
    for pid, orders in valid.items():
        player = state.player(pid)
        for order in orders:
            if order.kind != "play":
                continue
            card, zone = find_card(state, pid, order.card)
            spec = played_spec(state, pid, card, zone, order.params)
            play = Play(res, pid, spec, order.params, order=order, instance=card, via=zone)
            play.paid, play.payment_cards = pay(res, pid, order)
            take(player.hand if zone == "hand" else player.sleeve, card.uid)
            player.discard.append(card)
            if zone == "hand":
                res.owe_refill(pid, card)
            res.plays.append(play)
            state.history.append(PlayRecord(phase=state.phase, actor=pid, card=spec.id, targets=play.targets))
        for order in orders:
            if order.kind == "night_discard":
                for uid in order.params["cards"]:
                    card = take(player.hand, int(uid))
                    player.discard.append(card)
                    res.owe_refill(pid, card)


@PIPELINE.step("tick", STEP_TICK)
def tick(res: Resolution) -> None:
    """Armor and damage that effects give every phase (or every night) they are active."""
    from engine.core.resolution import DamagePacket

    state = res.state
    for effect in state.effects:
        if not effect.active(state.phase) or effect.target is None:
            continue
        nights_only = bool(effect.params.get("nights_only"))
        if nights_only and not state.is_night:
            continue
        if effect.kind == "armor_each_phase":
            res.add_armor(effect.target, int(effect.params.get("amount", 1)))
        elif effect.kind == "damage_each_phase":
            # the lasting damage of a card (Яд, Отравленный клинок) is that card's damage: it makes
            # the Маньяк's blood like the card's first hit
            card = str(effect.params.get("card") or "") or None
            res.damage(DamagePacket(target=effect.target, amount=int(effect.params.get("amount", 1)),
                                    source=effect.source, card=card,
                                    colour=str(effect.params.get("colour") or "") or None,
                                    cause="card" if card else "effect"))


@PIPELINE.step("targeting", STEP_TARGETING)
def targeting(res: Resolution) -> None:
    for hook in TARGETING:
        hook(res)


@PIPELINE.step("effects", STEP_EFFECTS)
def effects(res: Resolution) -> None:
    for play in sorted(res.plays, key=lambda p: (CARDS.priorities[p.spec.id], p.actor)):
        if not play.options.get("cancelled"):
            CARDS.behaviours[play.spec.id](play)


@PIPELINE.step("triggers", STEP_TRIGGERS)
def triggers(res: Resolution) -> None:
    for hook in TRIGGERS:
        hook(res)


@PIPELINE.step("damage", STEP_DAMAGE)
def damage(res: Resolution) -> None:
    res.apply_replacements(REPLACEMENTS)


@PIPELINE.step("discards", STEP_DISCARDS)
def discards(res: Resolution) -> None:
    for player in res.state.living():
        settle_damage(res, player, ON_DAMAGE_DISCARD, DAMAGE_DISCARD_INSTEAD)
        res.draw(player.pid, len(res.refills.get(player.pid, [])))
        owed = res.scratch.get("draws", {}).get(player.pid, 0)
        if owed:
            res.draw(player.pid, owed)
