"""Validation of a player's submissions (orders) for the current phase.

Every order kind has a validator that checks it alone and claims the cards it uses; then the
whole set is checked together (play limit, discard instead of playing, points in total). The
same function runs when an order is made and again at resolution.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from engine.cardgame import orders as card_orders
from engine.cardgame.options import IN_PAYMENT, PlayOption, offer
from engine.core.actions import need_day, need_night, need_public_role, need_unused
from engine.core.cards import CardSpec
from engine.core.params import ParamContext, unchoosable, validate_params
from engine.core.params import living_target as core_living_target
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState, JsonValue, Order, Payment
from engine.rulesets.micromafik.abilities import ABILITIES
from engine.rulesets.micromafik.costs import (
    card_cost,
    check_payment,
    check_payment_option,
    claim,
    knocked_colours,
    may_pay_with,
)
from engine.rulesets.micromafik.registry import CATALOG, COLOURS, REGISTRIES
from engine.rulesets.micromafik.roles import SECRET_ROLES
from engine.rulesets.micromafik.timing import check_timing

PUNISHMENTS = ("execution", "beating")
SINGLE_ORDERS = frozenset(
    {"discard", "vote", "punishment", "kill_vote", "kill_boost", "businessman_point", "paranoid_armor", "croupier_swap"}
)
PERK_OPTIONS = frozenset({"magician_copy"})

# The order-kind validators and the cards' own checks are fields of REGISTRIES (the cards' checks
# registered by their declarations).
VALIDATORS = REGISTRIES.validators
validator = REGISTRIES.validator


def validate_orders(state: GameState, pid: int, orders: list[Order]) -> None:
    card_orders.validate_orders(state, pid, orders, VALIDATORS, _whole_set, spends="points")


def _whole_set(state: GameState, pid: int, orders: list[Order]) -> None:
    kinds = Counter(o.kind for o in orders)
    limit = play_limit(state, pid)
    if kinds["play"] > limit:
        raise Refusal("limit_reached", what="plays", limit=limit)
    if sum(1 for o in orders if o.kind == "play" and o.params.get("magician_copy") is True) > 1:
        raise Refusal("limit_reached", what="magician", reason="once_a_game")  # Фокусник, two plays (Кофе)
    if kinds["discard"] and kinds["play"]:
        raise Refusal("not_allowed", what="discard_and_play")
    if kinds["businessman_point"] and (kinds["play"] or kinds["discard"]):
        raise Refusal("not_allowed", what="businessman_and_play")
    _check_messages(state, pid, [o for o in orders if o.kind == "message"])


def play_limit(state: GameState, pid: int) -> int:
    limit: int = REGISTRIES.queries.ask("play_limit", state, 1, pid=pid)
    return limit


def in_hand(state: GameState, pid: int, uid: int | None) -> CardInstance:
    card = next((c for c in state.player(pid).hand if c.uid == uid), None)
    if card is None:
        raise Refusal("card_not_in_hand", uid=uid)
    return card


def is_mafia(state: GameState, pid: int) -> bool:
    return state.player(pid).faction == "mafia"


def _need_day(state: GameState, what: str) -> None:
    need_day(state, what)


def _need_night(state: GameState, what: str) -> None:
    need_night(state, what)


def _need_role(state: GameState, pid: int, role: str, *, once: bool = False) -> None:
    player = need_public_role(state, pid, role, role)
    if once:
        need_unused(player, role, role)


def _target(state: GameState, pid: int, value: object, *, by: str, allow_self: bool) -> int:
    return core_living_target(state, REGISTRIES.queries, pid, value, by=by, allow_self=allow_self)


def _card_spec(state: GameState, pid: int, card: CardInstance) -> CardSpec:
    """The card's spec, if it is implemented and may be played in this phase."""
    spec = CATALOG[card.card]
    if not REGISTRIES.cards.behaviours.get(spec.id):
        raise Refusal("not_implemented", card=spec.id)
    check_timing(state, spec, is_mafia=is_mafia(state, pid))
    return spec


def param_context(state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
    return ParamContext(state=state, ruleset=_ruleset(), actor=pid, spec=spec, by_day=state.is_day,
                        is_mafia=is_mafia(state, pid), colours=COLOURS, partial=partial)


def check_partial_play(state: GameState, pid: int, uid: int | None, params: dict[str, JsonValue]) -> None:
    """The play's checks of the params chosen so far (payment and whole-order rules wait for submit)."""
    card = in_hand(state, pid, uid)
    spec = _card_spec(state, pid, card)
    checked = validate_params(param_context(state, pid, spec, partial=True), params, extra_keys=PERK_OPTIONS)
    chosen = checked.get(another.param) if (another := REGISTRIES.plays_another.get(spec.id)) else None
    if isinstance(chosen, dict):
        check_timing(state, CATALOG[str(chosen["card"])], is_mafia=is_mafia(state, pid))


def playable(state: GameState, pid: int, uid: int) -> int:
    """Refusal if this hand card cannot be played now, whatever is chosen: the phase, a cost that the
    points and the other hand cards could not pay, a choice with nothing to choose; else its cost."""
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    card = in_hand(state, pid, uid)
    spec = _card_spec(state, pid, card)
    cost = card_cost(state, pid, spec, card)
    may_pay = may_pay_with(state, pid)
    means = player.points + sum(1 for c in player.hand if c.uid != uid and may_pay(c))
    if means < cost:
        raise Refusal("cost_unpayable", card=spec.id, cost=cost, reason="nothing_to_pay")
    empty = unchoosable(param_context(state, pid, spec), played=uid)
    if empty is not None:
        raise Refusal("bad_param", card=spec.id, param=empty.name, kind=empty.kind, reason="nothing_to_choose")
    return cost


@validator("play")
def _play(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    card = in_hand(state, pid, order.card)
    claim(used, card.uid)
    spec = _card_spec(state, pid, card)
    mafia = is_mafia(state, pid)
    order.params = validate_params(param_context(state, pid, spec), order.params, extra_keys=PERK_OPTIONS)
    if spec.id in REGISTRIES.card_checks:
        REGISTRIES.card_checks[spec.id](state, pid, order.params)
    if "magician_copy" in order.params:
        check_magician_copy(state, pid, order.params["magician_copy"])
    for param in spec.params:
        if param.kind == "hand_cards":
            for uid in order.params.get(param.name) or []:
                claim(used, int(uid))
    cost = card_cost(state, pid, spec, card)
    chosen = order.params.get(another.param) if (another := REGISTRIES.plays_another.get(spec.id)) else None
    if isinstance(chosen, dict):
        sub_spec = CATALOG[str(chosen["card"])]
        check_timing(state, sub_spec, is_mafia=mafia)
        for param in sub_spec.params:  # Флэшмоб of Посылка: the given cards are used too
            if param.kind == "hand_cards":
                for uid in chosen["params"].get(param.name) or []:
                    claim(used, int(uid))
        cost += card_cost(state, pid, sub_spec)
    check_payment(state, pid, order.payment, cost, used, allowed=may_pay_with(state, pid))
    return order.payment.points


def check_magician_copy(state: GameState, pid: int, value: object) -> None:
    """Фокусник's option of a play: a copy of the card instead of a draw, once a game."""
    if not isinstance(value, bool):
        raise Refusal("bad_param", param="magician_copy", reason="not_a_flag")
    if value:
        _need_role(state, pid, "magician", once=True)


def play_options(state: GameState, pid: int, uid: int, payment: Payment) -> list[PlayOption]:
    """Фокусник's copy (a param of the play) and Страховка's bluff (an option of its payment), each
    available when the check its order gets passes with the option set."""
    in_hand(state, pid, uid)
    return [offer("magician_copy", "btn.magician", partial(check_magician_copy, state, pid, True)),
            offer("insurance_bluff", "btn.insurance_bluff",
                  partial(check_payment_option, state, pid, "insurance_bluff", True, payment.cards), into=IN_PAYMENT)]


@validator("discard")
def _discard(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    _need_night(state, "discard")
    claim(used, in_hand(state, pid, order.card).uid)
    return 0


@validator("vote")
def _vote(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    _need_day(state, "vote")
    order.params = {"target": _target(state, pid, order.params.get("target"), by="vote", allow_self=True)}
    return 0


@validator("punishment")
def _punishment(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    _need_day(state, "punishment")
    choice = order.params.get("choice")
    if choice not in PUNISHMENTS:
        raise Refusal("bad_param", param="choice", reason="choice")
    order.params = {"choice": choice}
    return 0


def _need_mafia(state: GameState, pid: int, what: str) -> None:
    if not is_mafia(state, pid) or SECRET_ROLES[state.player(pid).secret_role].kill_votes <= 0:
        raise Refusal("not_allowed", what=what, reason="mafia_only")


@validator("kill_vote")
def _kill_vote(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    _need_night(state, "kill_vote")
    _need_mafia(state, pid, "kill_vote")
    order.params = {"target": _target(state, pid, order.params.get("target"), by="mafia", allow_self=False)}
    return 0


# What an order besides a play costs (the mafia's boost, keeping a knocked-out card), paid like a card.
ORDER_COSTS = {"kill_boost": 1, "keep": 1}


@validator("kill_boost")
def _kill_boost(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    _need_night(state, "kill_boost")
    _need_mafia(state, pid, "kill_boost")
    check_payment(state, pid, order.payment, ORDER_COSTS["kill_boost"], used, allowed=may_pay_with(state, pid))
    return order.payment.points


@validator("keep")
def _keep(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    doomed = knocked_colours(state, pid)
    card = in_hand(state, pid, order.card)
    if not doomed or CATALOG[card.card].colour not in doomed:
        raise Refusal("not_allowed", what="keep", reason="not_knocked_out")
    claim(used, card.uid)
    check_payment(state, pid, order.payment, ORDER_COSTS["keep"], used, allowed=may_pay_with(state, pid))
    return order.payment.points


@validator("message")
def _message(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    to = order.params.get("to")
    text = order.params.get("text")
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(state.players):
        raise Refusal("invalid_target", target=to, reason="no_such_player")
    if not isinstance(text, str) or not text.strip():
        raise Refusal("bad_param", param="text", reason="empty_message")
    if len(text) > 2000:
        raise Refusal("bad_param", param="text", reason="message_too_long")
    if not state.player(to).alive:
        raise Refusal("invalid_target", target=to, reason="dead")
    order.params = {"to": to, "text": text}
    return 0


def _check_messages(state: GameState, pid: int, messages: list[Order]) -> None:
    """A reply needs a right to send it (Обратная связь, Переписка, Блок), one message per right."""
    wanted = Counter(int(o.params["to"]) for o in messages)
    for to, count in wanted.items():
        rights = [e for e in state.effects_of("may_message", target=pid) if e.source == to]
        if count > len(rights):
            raise Refusal("not_allowed", what="message", reason="no_right", to=to)


@validator("businessman_point")
def _businessman(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "businessman_point")
    return 0


@validator("paranoid_armor")
def _paranoid(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "paranoid_armor")
    amount = order.params.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise Refusal("bad_param", param="amount", reason="positive_number")
    if order.payment.cards or order.payment.points != amount:
        raise Refusal("cost_unpayable", cost=amount, reason="points_only")
    return amount


@validator("croupier_swap")
def _croupier(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "croupier_swap")
    claim(used, in_hand(state, pid, order.card).uid)
    return 0


def _ruleset():  # type: ignore[no-untyped-def]
    from engine.core.ruleset import get_ruleset

    return get_ruleset("micromafik")
