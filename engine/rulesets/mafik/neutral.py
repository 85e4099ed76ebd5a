"""The neutral secret roles: the Маньяк (Sleeve swap, blood points) and the Предатель."""

from __future__ import annotations

from typing import Any

from engine.core.checks import DECEIVES_UNDECEIVABLE
from engine.core.durations import FROM_NEXT_PHASE, NEXT_PHASE
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState, Order
from engine.rulesets.mafik.actions import ABILITIES
from engine.rulesets.mafik.blood import BLOOD_CAP, BLOOD_PER_CARD, BLOOD_USES, NIGHT_USES
from engine.rulesets.mafik.costs import sleeve_blocked
from engine.rulesets.mafik.order import STEP_BLOOD, STEP_BLOOD_GAIN, STEP_DAY_END_TRAITOR, STEP_TRAITOR
from engine.rulesets.mafik.orders import living_target, validator
from engine.rulesets.mafik.registry import COLOURS, REGISTRIES
from engine.rulesets.mafik.roles import LAW_ROLES


def swap(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Маньяк: at any moment, a Hand card and a Sleeve card change places."""
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    ABILITIES.check(state, pid, "swap")  # the Маньяк's, with a Hand and a Sleeve card, not in Изгнание
    hand = next((c for c in player.hand if c.uid == params.get("hand")), None)
    sleeve = next((c for c in player.sleeve if c.uid == params.get("sleeve")), None)
    if hand is None or sleeve is None:
        raise Refusal("card_not_in_hand", uid=params.get("hand") if hand is None else params.get("sleeve"))
    for order in state.orders.get(pid, []):  # a card played or paying this phase stays where it is
        for uid in (hand.uid, sleeve.uid):
            if uid == order.card or uid in order.payment.cards:
                raise Refusal("card_used_twice", uid=uid)
    i, j = player.hand.index(hand), player.sleeve.index(sleeve)
    player.hand[i], player.sleeve[j] = sleeve, hand


@validator("blood")
def _blood(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "blood")
    use = order.params.get("use")
    if use not in BLOOD_USES:
        raise Refusal("bad_param", param="use", reason="choice")
    if use in NIGHT_USES and not state.is_night:
        raise Refusal("wrong_phase", what="blood", reason="night_only")
    if use == "draw_sleeve" and (sleeve_blocked(state, pid, "receive") or state.effects_of("exile", target=pid, phase=state.phase + 1)):
        raise Refusal("not_allowed", what="blood", reason="exiled")
    params: dict[str, Any] = {"use": use}
    if use in ("damage1", "damage2"):
        params["target"] = living_target(state, pid, order.params.get("target"), by="card", allow_self=False)
    order.params = params
    return BLOOD_USES[str(use)]


@REGISTRIES.pipeline.step("blood", STEP_BLOOD)
def spend_blood(res: Resolution) -> None:
    state = res.state
    for pid, orders in res.scratch["orders"].items():
        for order in orders:
            if order.kind != "blood":
                continue
            use = order.params["use"]
            state.player(pid).points -= BLOOD_USES[use]
            if use == "armor":
                res.add_armor(pid, 1)
            elif use in ("damage1", "damage2"):
                amount = 1 if use == "damage1" else 2
                res.damage(DamagePacket(target=int(order.params["target"]), amount=amount, source=pid,
                                        cause="blood", fixed=True))
            else:
                zone = "sleeve" if use == "draw_sleeve" else "hand"
                state.add_effect("draw_next", target=pid, during=NEXT_PHASE, zone=zone)


def gain_blood(res: Resolution) -> None:
    """+1 blood per damage his cards dealt, at most 6 from one card, at most 6 in all."""
    dealt: dict[tuple[int, str], int] = res.scratch.get("dealt", {})
    for (source, _play), amount in dealt.items():
        player = res.state.player(source)
        if player.secret_role == "maniac" and player.alive:
            player.points = min(BLOOD_CAP, player.points + min(BLOOD_PER_CARD, amount))


@REGISTRIES.pipeline.step("blood_gain", STEP_BLOOD_GAIN)
def blood_gain(res: Resolution) -> None:
    gain_blood(res)


@validator("traitor_colours")
def _traitor_colours(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "traitor_colours")
    colours = order.params.get("colours")
    if not isinstance(colours, list) or len(colours) != 3 or len(set(colours)) != 3 or not set(colours) <= set(COLOURS):
        raise Refusal("bad_param", param="colours", reason="three_colours")
    order.params = {"colours": list(colours)}
    return 0


@validator("traitor_discard")
def _traitor_discard(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "traitor_discard")
    cards = order.params.get("cards")
    hand = {c.uid for c in state.player(pid).hand}
    if not isinstance(cards, list) or not cards or len(set(cards)) != len(cards):
        raise Refusal("bad_param", param="cards", reason="count")
    for uid in cards:
        if uid not in hand:
            raise Refusal("card_not_in_hand", uid=uid)
        if uid in used:
            raise Refusal("card_used_twice", uid=uid)
        used.add(uid)
    order.params = {"cards": list(cards)}
    return 0


@REGISTRIES.pipeline.step("traitor", STEP_TRAITOR)
def traitor_orders(res: Resolution) -> None:
    from engine.core.phase import take

    state = res.state
    for pid, orders in res.scratch["orders"].items():
        player = state.player(pid)
        for order in orders:
            if order.kind == "traitor_colours":
                state.add_effect("colours", target=pid, during=FROM_NEXT_PHASE, colours=order.params["colours"])
            elif order.kind == "traitor_discard":
                for uid in order.params["cards"]:
                    card = take(player.hand, int(uid))
                    player.discard.append(card)
                    res.owe_refill(pid, card)


@REGISTRIES.pipeline.step("day_end:traitor", STEP_DAY_END_TRAITOR)
def traitor_learns(res: Resolution) -> None:
    """At the end of each day the Предатель learns one random character who began as law."""
    state = res.state
    if not state.is_day:
        return
    law = [p.pid for p in state.players if p.secret_role in LAW_ROLES]
    for traitor in state.living():
        if traitor.secret_role == "traitor" and law:
            state.emit("traitor_learns", "player", traitor.pid, pid=state.random.choice(law))


@REGISTRIES.queries.modifier("appearance", layer=90, flags=(DECEIVES_UNDECEIVABLE,))
def traitor_looks_law(state: GameState, value: Any, *, observer: int, target: int, aspect: str, **_: Any) -> Any:
    """Effects that learn the exact role see a random law role on the Предатель (even the Оракул, which
    nothing else deceives but the Безликий and the Толпа)."""
    if aspect == "secret_role" and value == "traitor":
        return state.random.choice(LAW_ROLES)
    return value


@REGISTRIES.queries.modifier("accusation_works", layer=10)
def traitor_unaccusable(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    """"Против предателя не работает обвинение" — the first modifier of the query."""
    return False if state.player(target).secret_role == "traitor" else value
