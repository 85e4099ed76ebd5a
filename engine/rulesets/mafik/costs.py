"""Costs in Мафик: Цена X is paid by discarding X cards from the Sleeve (Культист: up to two from the
Hand), or by the Маньяк's blood (2 points a cost). Stances make the other stance's colours dearer."""

from __future__ import annotations

from typing import Any

from engine.core.cards import CardSpec
from engine.core.memo import remembered
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState, Payment, PlayerState
from engine.rulesets.mafik.registry import CATALOG, LOWER_COLOURS, REGISTRIES, UPPER_COLOURS
from engine.rulesets.mafik.roles import has_role

BLOOD_PER_COST = 2
CULTIST_HAND_CARDS = 2


@remembered
def stance(state: GameState, pid: int) -> str:
    """normal, upper or lower — the latest stance effect in force, through the query `stance` (context
    pid: Обесценивание заслуг holds it in the normal one)."""
    effects = state.effects_of("stance", target=pid)
    now = str(effects[-1].params["stance"]) if effects else "normal"
    return str(REGISTRIES.queries.ask("stance", state, now, pid=pid))


def stance_surcharge(state: GameState, pid: int, now: str) -> int:
    """What a stance adds to the cost of the other stance's colours: 1, or what the query
    `stance_surcharge` (context pid, stance) makes it (Курсы: 2)."""
    return int(REGISTRIES.queries.ask("stance_surcharge", state, 1, pid=pid, stance=now))


@remembered
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
        cost += stance_surcharge(state, pid, now)
    value: int = REGISTRIES.queries.ask("cost", state, cost, pid=pid, spec=spec, instance=instance, params=params or {},
                                        cheapest=cheapest)
    return max(0, value)


# What one physical card is, beyond what it does: its card's data tags (data/mafik: the Долг's «Нельзя
# изменить на другую карту, сыграть как другую карту и сбросить из руки. Всегда лежит внизу руки.») and the
# copy's own `CardInstance.tags` (Улучшение's Мирная copy, Даркнет's RSVP that pays no Цена):
#   no_pay        cannot be discarded to pay a Цена (from any zone)
#   no_as         cannot be played as another card
#   no_discard    cannot be discarded from the Hand by choice (the night discard, Метание карты, Маллиган,
#                 Анализ слабостей, the Культист's payment, the Революционер, Древний медальон's discard)
#   no_transform  cannot be turned into another card (Саботаж, Дедуктивный метод…)
#   hand_bottom   always the last card of the Hand (discarded last for damage)
#   peaceful      Мирная: an Обвинение naming its card does not count its plays
COPY_PROPERTIES = ("no_pay", "no_as", "no_discard", "no_transform", "hand_bottom", "peaceful")


def copy_has(card: CardInstance, prop: str) -> bool:
    """Does this physical card have the property (its own tag, or its card's data tag)?"""
    return card.card in CATALOG.tagged(prop) or prop in card.tags


def check_discardable(cards: list[CardInstance], *, param: str = "cards") -> None:
    """Cards a player chooses to discard from the Hand: none that cannot be (a Долг)."""
    for card in cards:
        if copy_has(card, "no_discard"):
            raise Refusal("bad_param", param=param, reason="undiscardable", uid=card.uid, card=card.card)


def normalise_hand(state: GameState, pid: int) -> None:
    """The cards that always lie at the bottom of the Hand (a Долг) go last, the rest keep their order."""
    hand = state.player(pid).hand
    pinned = CATALOG.tagged("hand_bottom")
    for card in hand:
        if card.tags or card.card in pinned:
            break
    else:
        return  # nothing in the Hand may be pinned (the common case: a plain loop, no generator)
    player = state.player(pid)
    bottom = [c for c in player.hand if copy_has(c, "hand_bottom")]
    if bottom and player.hand[-len(bottom):] != bottom:
        player.hand = [c for c in player.hand if not copy_has(c, "hand_bottom")] + bottom


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
    if payment.cards:  # most plays cost nothing: no zones to look up
        _check_paying_cards(state, player, payment.cards, used)
    blood = payment.points
    if blood < 0 or blood % BLOOD_PER_COST:
        raise Refusal("cost_unpayable", cost=cost, reason="blood_in_pairs")
    if blood and player.secret_role != "maniac":
        raise Refusal("cost_unpayable", cost=cost, reason="no_blood")
    if payment.options:
        raise Refusal("bad_param", param="options", reason="unknown")
    if len(payment.cards) + blood // BLOOD_PER_COST != cost:
        raise Refusal("cost_unpayable", cost=cost, offered=len(payment.cards) + blood // BLOOD_PER_COST)


def _check_paying_cards(state: GameState, player: PlayerState, cards: list[int], used: set[int]) -> None:
    """The cards of a payment: each the player's, able to pay, not used twice; the Культист's Hand cards two at most."""
    sleeve = {c.uid for c in player.sleeve}
    hand = {c.uid for c in player.hand}
    from_hand = 0
    by_uid = {c.uid: c for c in [*player.sleeve, *player.hand]}
    for uid in cards:
        if uid in used:
            raise Refusal("card_used_twice", uid=uid)
        card = by_uid.get(uid)
        if card is not None and copy_has(card, "no_pay"):
            raise Refusal("bad_payment_card", uid=uid, reason="no_pay")
        if uid in sleeve:
            blocked = sleeve_blocked(state, player.pid, "pay")
            if blocked:
                raise Refusal("bad_payment_card", uid=uid, reason=blocked)
        elif uid in hand and player.public_role == "cultist":
            if card is not None and copy_has(card, "no_discard"):
                raise Refusal("bad_payment_card", uid=uid, reason="undiscardable")
            from_hand += 1
        else:
            raise Refusal("bad_payment_card", uid=uid, reason="not_in_sleeve")
        used.add(uid)
    if from_hand > CULTIST_HAND_CARDS:
        raise Refusal("bad_payment_card", reason="cultist_limit", max=CULTIST_HAND_CARDS)
