"""Costs and payments: what a card costs now, and whether a payment pays it.

Микромафик pays a cost by spending points and/or discarding cards from the hand without refill.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState, Payment
from engine.rulesets.micromafik.registry import REGISTRIES

COND_DAY_SURCHARGE = 1


def card_cost(state: GameState, pid: int, spec: CardSpec, instance: CardInstance | None = None) -> int:
    """The cost of playing `spec` (from `instance`, if a physical card) for this player now."""
    player = state.player(pid)
    base = spec.cost
    if spec.mafia_cost is not None and player.faction == "mafia":
        base = spec.mafia_cost
    if instance is not None:
        base += instance.cost_mod
    if state.is_day and spec.has("cond_day"):
        base += COND_DAY_SURCHARGE
    cost: int = REGISTRIES.queries.ask("cost", state, base, pid=pid, spec=spec, instance=instance)
    return max(0, cost)


def knocked_colours(state: GameState, pid: int) -> set[str]:
    """Colours the player must discard today (Вышибание's declaration answers)."""
    colours: set[str] = REGISTRIES.queries.ask("knocked_colours", state, set(), pid=pid)
    return colours


def may_pay_with(state: GameState, pid: int) -> Callable[[CardInstance], bool]:
    """Cards of a knocked-out colour cannot pay costs that day."""
    from engine.rulesets.micromafik.registry import CATALOG

    doomed = knocked_colours(state, pid)
    return lambda card: CATALOG[card.card].colour not in doomed


def claim(used: set[int], uid: int) -> None:
    """Mark a card as used by this submission; the same card cannot serve twice."""
    if uid in used:
        raise Refusal("card_used_twice", uid=uid)
    used.add(uid)


def check_payment_option(state: GameState, pid: int, option: str, value: object, cards: list[int]) -> None:
    """A payment's option, checked by the card that declares it (Страховка's bluff: the mafia paying with
    a Страховка of the Hand); the same check says whether it is offered."""
    declared = REGISTRIES.payment_options.get(option)
    if declared is None or not isinstance(value, bool):
        raise Refusal("bad_param", param=option, reason="unknown")
    if value:
        hand = {c.uid: c for c in state.player(pid).hand}
        declared.check(state, pid, [hand[u] for u in cards if u in hand])


def check_payment(
    state: GameState,
    pid: int,
    payment: Payment,
    cost: int,
    used: set[int],
    *,
    allowed: Callable[[CardInstance], bool] | None = None,
) -> None:
    """The payment must pay exactly `cost` with points and distinct cards of the hand."""
    hand = {c.uid: c for c in state.player(pid).hand}
    if payment.points < 0:
        raise Refusal("cost_unpayable", cost=cost, reason="negative")
    for uid in payment.cards:
        card = hand.get(uid)
        if card is None:
            raise Refusal("bad_payment_card", uid=uid, reason="not_in_hand")
        if allowed is not None and not allowed(card):
            raise Refusal("bad_payment_card", uid=uid, reason="may_not_pay")
        claim(used, uid)
    for option, value in payment.options.items():
        check_payment_option(state, pid, option, value, payment.cards)
    if payment.points + len(payment.cards) != cost:
        raise Refusal("cost_unpayable", cost=cost, offered=payment.points + len(payment.cards))
