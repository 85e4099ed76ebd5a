"""Costs in Мафик: Цена X is paid by discarding X cards from the Sleeve (Культист: up to two from the
Hand), or by the Маньяк's blood (2 points a cost). Stances make the other stance's colours dearer."""

from __future__ import annotations

from typing import Any

from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState, Payment
from engine.rulesets.mafik.registry import LOWER_COLOURS, REGISTRIES, UPPER_COLOURS
from engine.rulesets.mafik.roles import has_role

BLOOD_PER_COST = 2
CULTIST_HAND_CARDS = 2


def stance(state: GameState, pid: int) -> str:
    """normal, upper or lower — the latest stance effect in force."""
    effects = state.effects_of("stance", target=pid)
    return str(effects[-1].params["stance"]) if effects else "normal"


def card_cost(state: GameState, pid: int, spec: CardSpec, instance: CardInstance | None = None,
              params: dict[str, Any] | None = None, *, cheapest: bool = False) -> int:
    """The cost of playing `spec` with `params`; with `cheapest`, the least any choice of params could
    make it (a modifier whose cost depends on a param answers its lowest: Перехват's Обвинение)."""
    player = state.player(pid)
    cost = spec.cost
    for by in spec.cost_by:
        if by.cost is not None and has_role(player, by.who):
            cost = by.cost
    if spec.has("cost_x"):
        x = (params or {}).get("x")
        cost = int(x) if isinstance(x, int) and not isinstance(x, bool) else 0
    if instance is not None:
        cost += instance.cost_mod
    now = stance(state, pid)
    if (now == "upper" and spec.colour in LOWER_COLOURS) or (now == "lower" and spec.colour in UPPER_COLOURS):
        cost += 1
    value: int = REGISTRIES.queries.ask("cost", state, cost, pid=pid, spec=spec, instance=instance, params=params or {},
                                        cheapest=cheapest)
    return max(0, value)


def exiled(state: GameState, pid: int) -> bool:
    """Изгнание: no Sleeve of any kind for its two nights."""
    return bool(state.effects_of("exile", target=pid))


SLEEVE_USES = ("play", "as", "pay", "receive", "use")


def sleeve_blocked(state: GameState, pid: int, what: str) -> str | None:
    """Why the player's Sleeve may not serve `what` now, or None: "play" (a card from it), "as" (played as
    another card), "pay" (a cost), "receive" (a card put into it), "use" (any other use: given, swapped,
    moved by the player). Изгнание blocks them all ("exiled"); the query `sleeve_blocked` (context pid,
    what) adds other blocks, answering a reason (Тюрьма)."""
    if what not in SLEEVE_USES:
        raise ValueError(f"unknown Sleeve use {what!r}")
    reason: str | None = REGISTRIES.queries.ask("sleeve_blocked", state, "exiled" if exiled(state, pid) else None,
                                                pid=pid, what=what)
    return reason or None


def check_payment(state: GameState, pid: int, payment: Payment, cost: int, used: set[int]) -> None:
    """Sleeve cards (Культист: up to two hand cards a phase), and blood for the Маньяк, pay exactly `cost`."""
    player = state.player(pid)
    sleeve = {c.uid for c in player.sleeve}
    hand = {c.uid for c in player.hand}
    from_hand = 0
    for uid in payment.cards:
        if uid in used:
            raise Refusal("card_used_twice", uid=uid)
        if uid in sleeve:
            blocked = sleeve_blocked(state, pid, "pay")
            if blocked:
                raise Refusal("bad_payment_card", uid=uid, reason=blocked)
        elif uid in hand and player.public_role == "cultist":
            from_hand += 1
        else:
            raise Refusal("bad_payment_card", uid=uid, reason="not_in_sleeve")
        used.add(uid)
    if from_hand > CULTIST_HAND_CARDS:
        raise Refusal("bad_payment_card", reason="cultist_limit", max=CULTIST_HAND_CARDS)
    blood = payment.points
    if blood < 0 or blood % BLOOD_PER_COST:
        raise Refusal("cost_unpayable", cost=cost, reason="blood_in_pairs")
    if blood and player.secret_role != "maniac":
        raise Refusal("cost_unpayable", cost=cost, reason="no_blood")
    if payment.options:
        raise Refusal("bad_param", param="options", reason="unknown")
    if len(payment.cards) + blood // BLOOD_PER_COST != cost:
        raise Refusal("cost_unpayable", cost=cost, offered=len(payment.cards) + blood // BLOOD_PER_COST)
