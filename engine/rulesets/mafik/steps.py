"""Мафик's core pipeline steps: commit, tick, targeting, effects, triggers, damage, discards, deaths, end.

The whole order of resolution — these steps, the ones cards, roles, the Вече and the chats add from
their own modules, and the damage replacement layers — is the table in order.py (checked in by
tests/engine/pipeline_mafik.txt). A new step takes a new name and number there.
"""

from __future__ import annotations

from engine.core.phase import revalidate, settle_damage, take
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import CardInstance, Effect, Order
from engine.rulesets.mafik.history import number_resolution, record_play
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
from engine.rulesets.mafik.registry import REGISTRIES


def pay(res: Resolution, pid: int, order: Order) -> tuple[int, list[CardInstance]]:
    """Discard the payment cards (Sleeve, or the Культист's hand) and spend the blood."""
    player = res.state.player(pid)
    cards = []
    for uid in order.payment.cards:
        zone = player.sleeve if any(c.uid == uid for c in player.sleeve) else player.hand
        cards.append(take(zone, uid))
    player.discard.extend(cards)
    if order.payment.points:  # (a model's field set costs more than the look)
        player.points -= order.payment.points
    res.scratch.setdefault("paid_cards", {}).setdefault(pid, []).extend(cards)
    return len(cards) + order.payment.points // 2, cards


@REGISTRIES.pipeline.step("commit", STEP_COMMIT)
def commit(res: Resolution) -> None:
    state = res.state
    living = state.living()
    valid = {p.pid: revalidate(state, p.pid, validate_orders) for p in living}
    res.scratch["orders"] = valid
    for player in living:
        pid = player.pid
        orders = valid[pid]
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
            record_play(res, play)
        for order in orders:
            if order.kind == "night_discard":
                for uid in order.params["cards"]:
                    card = take(player.hand, int(uid))
                    player.discard.append(card)
                    res.owe_refill(pid, card)


@REGISTRIES.pipeline.step("tick", STEP_TICK)
def tick(res: Resolution) -> None:
    """What lasting effects do every phase (or every night) they are active: each kind's declared tick."""
    REGISTRIES.effects.tick(res)


def _ticking(res: Resolution, effects: list[Effect]) -> list[Effect]:
    """The effects on a character that act this phase (`nights_only` ones act only at night)."""
    return [e for e in effects if e.target is not None and (res.state.is_night or not e.params.get("nights_only"))]


def _armor_each_phase(res: Resolution, effects: list[Effect]) -> None:
    for effect in _ticking(res, effects):
        assert effect.target is not None
        res.add_armor(effect.target, int(effect.params.get("amount", 1)), source=effect.source)


def _damage_each_phase(res: Resolution, effects: list[Effect]) -> None:
    for effect in _ticking(res, effects):
        assert effect.target is not None
        # the lasting damage of a card (Яд, Отравленный клинок) is that card's damage: it makes
        # the Маньяк's blood like the card's first hit
        card = str(effect.params.get("card") or "") or None
        res.damage(DamagePacket(target=effect.target, amount=int(effect.params.get("amount", 1)),
                                source=effect.source, card=card,
                                colour=str(effect.params.get("colour") or "") or None,
                                cause="card" if card else "effect"))


REGISTRIES.effects.kind("armor_each_phase", tick=_armor_each_phase, own=True)
REGISTRIES.effects.kind("damage_each_phase", tick=_damage_each_phase)


@REGISTRIES.pipeline.step("targeting", STEP_TARGETING)
def targeting(res: Resolution) -> None:
    for hook in REGISTRIES.targeting:
        hook(res)


@REGISTRIES.pipeline.step("effects", STEP_EFFECTS)
def effects(res: Resolution) -> None:
    ordered = sorted(res.plays, key=lambda p: (REGISTRIES.cards.priorities[p.spec.id], p.actor))
    number_resolution(res, ordered)
    for play in ordered:
        if not play.options.get("cancelled"):
            REGISTRIES.cards.behaviours[play.spec.id](play)


@REGISTRIES.pipeline.step("triggers", STEP_TRIGGERS)
def triggers(res: Resolution) -> None:
    for hook in REGISTRIES.triggers:
        hook(res)


@REGISTRIES.pipeline.step("damage", STEP_DAMAGE)
def damage(res: Resolution) -> None:
    res.apply_replacements(REGISTRIES.replacements)


@REGISTRIES.pipeline.step("discards", STEP_DISCARDS)
def discards(res: Resolution) -> None:
    for player in res.state.living():
        settle_damage(res, player, REGISTRIES.on_damage_discard, REGISTRIES.discard_instead)
        refills = res.refills.get(player.pid)
        if refills:
            res.draw(player.pid, len(refills))
        owed = res.scratch.get("draws", {}).get(player.pid, 0)
        if owed:
            res.draw(player.pid, owed)
