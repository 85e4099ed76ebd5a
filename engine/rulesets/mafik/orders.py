"""Validation of a Мафик player's orders for the current phase.

Limits: one card from the Hand and one from the Sleeve a phase (Свободная cards count toward
neither); a stance allows one more Hand card of its colours; at night two Hand cards may be
discarded instead of playing. The same validation runs when an order is made and at resolution.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache, partial
from typing import Any

from engine.cardgame import orders as card_orders
from engine.cardgame.options import PlayOption, offer
from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import OptionCheck
from engine.core.cards import CardSpec, ParamSpec
from engine.core.memo import remembered
from engine.core.params import ParamContext, may_be_unchoosable, unchoosable, validate_params
from engine.core.params import living_target as core_living_target
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState, JsonValue, Order, PlayerState
from engine.rulesets.mafik.costs import (
    BLOOD_PER_COST,
    CULTIST_HAND_CARDS,
    card_cost,
    check_discardable,
    check_payment,
    copy_has,
    sleeve_blocked,
    stance,
)
from engine.rulesets.mafik.registry import CATALOG, COLOURS, LOWER_COLOURS, REGISTRIES, UNIQUE, UPPER_COLOURS
from engine.rulesets.mafik.roles import SECRET_ROLES, colours_of, has_role

PUNISHMENTS = ("execution", "auto_da_fe", "torture", "exile")
SINGLE_ORDERS = frozenset({"night_discard", "vote", "punishment", "traitor_colours", "traitor_discard",
                           "politician", "prosecutor", "bloodhound", "bureaucrat"})
PLAY_OPTION_AS = "as"  # the Sleeve card played as another (Солдат, Врач…): an option every play may carry
# The order-kind validators, the cards' own checks, the play options' checks and the rules about a
# player's whole set of orders are fields of REGISTRIES, registered by each card's or rule's declaration.
VALIDATORS = REGISTRIES.validators
OPTION_CHECKS = REGISTRIES.option_checks
validator = REGISTRIES.validator


def play_option(name: str) -> Callable[[OptionCheck], OptionCheck]:
    """Register a play option's check outside a card's declaration (a card passes `options=` instead); the
    same check says whether it is offered (`play_options`), its button labelled "btn.<name>"."""

    def register(fn: OptionCheck) -> OptionCheck:
        REGISTRIES.rule(options={name: fn})
        return fn

    return register


def option_names() -> frozenset[str]:
    """The options a play may carry beyond its card's params: "as", and those the cards declare."""
    return frozenset({PLAY_OPTION_AS, *OPTION_CHECKS})


def play_options(state: GameState, pid: int, uid: int, params: dict[str, Any]) -> list[PlayOption]:
    """Each declared option of this play, available when its check passes with the option set."""
    card, zone = find_card(state, pid, uid)
    spec = played_spec(state, pid, card, zone, params)
    return [offer(name, f"btn.{name}", partial(check, state, pid, spec, {**params, name: True}))
            for name, check in OPTION_CHECKS.items()]


def tags_of(state: GameState, pid: int, spec: CardSpec) -> frozenset[str]:
    """The card's tags for this player, with those its role or faction adds."""
    if not spec.tags_by:
        return spec.tags
    tags = set(spec.tags)
    player = state.player(pid)
    for by in spec.tags_by:
        if has_role(player, by.who):
            tags |= by.tags
    return frozenset(tags)


DAY_TAGS = frozenset({"day", "strict_day"})  # a card with neither is played only at night


def check_timing(state: GameState, pid: int, spec: CardSpec) -> None:
    tags = tags_of(state, pid, spec)
    if state.is_day and DAY_TAGS.isdisjoint(tags):
        raise Refusal("wrong_phase", card=spec.id, reason="night_only")
    if state.is_night and "strict_day" in tags:
        raise Refusal("wrong_phase", card=spec.id, reason="day_only")


def find_card(state: GameState, pid: int, uid: int | None) -> tuple[CardInstance, str]:
    player = state.player(pid)
    for card in player.hand:
        if card.uid == uid:
            return card, "hand"
    for card in player.sleeve:
        if card.uid == uid:
            return card, "sleeve"
    raise Refusal("card_not_in_hand", uid=uid)


def played_spec(state: GameState, pid: int, card: CardInstance, zone: str, params: dict[str, Any]) -> CardSpec:
    """What a play resolves as: the card itself, or (from the Sleeve) the card it is played as."""
    alias = params.get(PLAY_OPTION_AS)
    if alias is None:
        return CATALOG[card.card]
    if zone != "sleeve" or not isinstance(alias, str) or alias not in CATALOG:
        raise Refusal("bad_param", param=PLAY_OPTION_AS, reason="not_allowed")
    if copy_has(card, "no_as"):
        raise Refusal("bad_param", param=PLAY_OPTION_AS, reason="no_as", card=card.card)
    if not any(e.params.get("card") == alias for e in state.effects_of("play_as", target=pid)):
        raise Refusal("not_allowed", what=PLAY_OPTION_AS, card=alias)
    return CATALOG[alias]


def validate_orders(state: GameState, pid: int, orders: list[Order]) -> None:
    card_orders.validate_orders(state, pid, orders, VALIDATORS, _whole_set, spends="blood")


def _whole_set(state: GameState, pid: int, orders: list[Order]) -> None:
    _check_limits(state, pid, orders)
    REGISTRIES.set_checks.check(state, pid, orders)


def counts_toward_limit(state: GameState, pid: int, spec: CardSpec, cost: int,
                        params: dict[str, JsonValue] | None = None, instance: CardInstance | None = None) -> bool:
    if instance is not None and instance.free:  # a card made Free
        return False
    # a Free card starts from False: a modifier may make it count (Симулянт's "перестаёт быть свободной")
    limited: bool = REGISTRIES.queries.ask("counts_toward_limit", state, "free" not in tags_of(state, pid, spec),
                                           pid=pid, spec=spec, cost=cost, params=params or {}, instance=instance)
    return limited


def hand_limit(state: GameState, pid: int, hand_colours: list[str]) -> int:
    """One Hand card a phase; a stance allows one more of its colours (the query `stance_extra_plays`,
    context pid and stance, may allow more: Курсы)."""
    now = stance(state, pid)
    stance_colours = {"upper": UPPER_COLOURS, "lower": LOWER_COLOURS}.get(now, ())
    if not stance_colours:
        return 1
    extra = int(REGISTRIES.queries.ask("stance_extra_plays", state, 1, pid=pid, stance=now))
    return 1 + min(extra, sum(1 for c in hand_colours if c in stance_colours))


def over_limit(state: GameState, pid: int, hand_colours: list[str], sleeve: int, orders: Sequence[Order] = ()) -> bool:
    """Do these counted plays (the colours of the Hand cards, the number of Sleeve cards) exceed the
    phase's limit, with the extra plays the player is allowed? `extra_hand_plays` allows more Hand cards
    only (Кофе, Безумие: the query sees the orders, which may hold the card allowing it)."""
    extra: int = REGISTRIES.queries.ask("extra_plays", state, 0, pid=pid)
    extra_hand: int = REGISTRIES.queries.ask("extra_hand_plays", state, 0, pid=pid, orders=list(orders))
    over = max(0, len(hand_colours) - hand_limit(state, pid, hand_colours) - extra_hand) + max(0, sleeve - 1)
    return over > extra


def within_base_limit(hand_colours: list[str], sleeve: int) -> bool:
    """At most one counted Hand card and one counted Sleeve play: never over the limit, so `over_limit` need
    not ask its queries. Equal to `not over_limit(...)` because every modifier of `extra_plays`,
    `extra_hand_plays` and `stance_extra_plays` only adds to its value (Секретарь, Безумие, Кофе, Курсы):
    the extra plays are never fewer than none and the Hand's limit never below one
    (tests/engine/test_fast_paths.py holds it to `over_limit`)."""
    return len(hand_colours) <= 1 and sleeve <= 1


def _check_limits(state: GameState, pid: int, orders: list[Order]) -> None:
    """The limit of plays, and no night discard with a counted play. Within the base limit it asks nothing."""
    hand_colours: list[str] = []
    sleeve = 0
    plays: list[Order] = []
    discards = False
    for order in orders:
        if order.kind != "play":
            # Orders of other kinds "instead of playing a card from the Sleeve" (their validator sets instead_of).
            if order.params.get("instead_of") == "sleeve":
                sleeve += 1
            discards = discards or order.kind == "night_discard"
            continue
        plays.append(order)
        card, zone = find_card(state, pid, order.card)
        spec = played_spec(state, pid, card, zone, order.params)
        if not counts_toward_limit(state, pid, spec, card_cost(state, pid, spec, card, order.params), order.params, card):
            continue
        if zone == "hand":
            hand_colours.append(CATALOG[card.card].colour)
        else:
            sleeve += 1
    if not within_base_limit(hand_colours, sleeve) and over_limit(state, pid, hand_colours, sleeve, orders):
        raise Refusal("limit_reached", what="plays", hand=hand_limit(state, pid, hand_colours), sleeve=1)
    if plays and discards and any(
        counts_toward_limit(state, pid, played_spec(state, pid, *find_card(state, pid, o.card), o.params),
                            0, o.params, find_card(state, pid, o.card)[0]) for o in plays
    ):
        raise Refusal("not_allowed", what="discard_and_play")


def _card_spec(state: GameState, pid: int, card: CardInstance, zone: str, params: dict[str, Any]) -> CardSpec:
    """What the card is played as, if it may be played from its zone in this phase (not twice a game…)."""
    blocked = sleeve_blocked(state, pid, "as" if params.get(PLAY_OPTION_AS) else "play") if zone == "sleeve" else None
    if blocked:
        raise Refusal("not_allowed", what="sleeve", reason=blocked)
    spec = played_spec(state, pid, card, zone, params)
    if spec.id not in REGISTRIES.cards.behaviours:
        raise Refusal("not_implemented", card=spec.id)
    check_timing(state, pid, spec)
    barred_by = card_barred(state, pid, spec.id, card.card)
    if barred_by is not None:
        raise Refusal("not_allowed", what="card", **barred_by)
    if spec.has("once_per_game") and any(r.actor == pid and r.card == spec.id and not r.fake for r in state.history):
        raise Refusal("limit_reached", what="once_per_game", card=spec.id)
    return spec


def card_barred(state: GameState, pid: int, played: str, printed: str | None) -> dict[str, JsonValue] | None:
    """Why the player may not play this card now — the query `card_barred` (context `pid`, `played`: the
    card as played, `printed`: the physical card, None for an ability): a modifier answers the refusal's
    params ({"reason": …, "card": …}) or passes the value on. Ограничение, Запрет (cards/rooms.py). Asked
    by every play's validation and by `playable`, so the panel marks the card and its first tap says why."""
    barred: dict[str, JsonValue] | None = REGISTRIES.queries.ask("card_barred", state, None, pid=pid, played=played,
                                                                 printed=printed)
    return barred


ROLE_IDS = tuple(SECRET_ROLES)
ROLE_SIDES = tuple((r.id, r.faction) for r in SECRET_ROLES.values())


def param_context(state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
    return ParamContext(spec=spec, partial=partial, **_actor_context(state, pid))


@remembered
def _actor_context(state: GameState, pid: int) -> dict[str, Any]:
    """What a parameter context says of its actor now, whatever the card (once a pass: deck building asks
    it for each card of the collection that names cards)."""
    player = state.player(pid)
    return {"state": state, "ruleset": _ruleset(), "actor": pid, "by_day": state.is_day,
            "is_mafia": player.faction == "mafia", "colours": COLOURS, "roles": ROLE_IDS,
            "own_colours": colours_of(state, pid), "outside_collection": (UNIQUE,), "stance": stance(state, pid),
            "identities": tuple(x for x in (player.secret_role, player.faction) if x), "role_sides": ROLE_SIDES}


def _checked_params(state: GameState, pid: int, spec: CardSpec, params: dict[str, Any], *,
                    partial: bool = False) -> dict[str, JsonValue]:
    """The card's own params (not the play's options), checked; a role's option given by another refused."""
    player = state.player(pid)
    options = option_names()
    own = {k: v for k, v in params.items() if k not in options}
    for param in spec.params:
        if param.name in own and param.who and not has_role(player, param.who):
            raise Refusal("mafia_only", card=spec.id, param=param.name, kind=param.kind)
    checked = validate_params(param_context(state, pid, spec, partial=partial), own)
    _check_guess_targets(state, pid, spec, checked)
    return checked


GUESS_KINDS = ("secret_role", "secret_roles")


def _check_guess_targets(state: GameState, pid: int, spec: CardSpec, params: dict[str, JsonValue]) -> None:
    """A card tagged `guess` names the secret role of its target(s): when a role is named, every chosen
    target must be one a guess may aim at (`can_target` with by="guess": Безликий refuses them)."""
    if "guess" not in tags_of(state, pid, spec):
        return
    if not any(p.kind in GUESS_KINDS and params.get(p.name) not in (None, [], "") for p in spec.params):
        return
    chosen: list[Any] = []
    for p in spec.params:
        value = params.get(p.name)
        if p.kind == "target" and value is not None:
            chosen.append(value)
        elif p.kind == "targets" and isinstance(value, list):
            chosen.extend(value)
    for target in chosen:
        if not REGISTRIES.queries.ask("can_target", state, True, actor=pid, target=target, by="guess"):
            raise Refusal("invalid_target", card=spec.id, target=target, reason="unguessable")


def check_partial_play(state: GameState, pid: int, uid: int | None, params: dict[str, Any]) -> None:
    """The play's checks of the params chosen so far (payment and whole-order rules wait for submit)."""
    card, zone = find_card(state, pid, uid)
    _checked_params(state, pid, _card_spec(state, pid, card, zone, params), params, partial=True)


def playable(state: GameState, pid: int, uid: int) -> int:
    """Refusal if this Hand or Sleeve card cannot be played now (as itself), whatever is chosen: the
    phase, a cost nothing could pay, a choice with nothing to choose; else its cost (nothing chosen)."""
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    card, zone = find_card(state, pid, uid)
    spec = _card_spec(state, pid, card, zone, {})
    cost = card_cost(state, pid, spec, card, {}, cheapest=True)
    if cost > payment_means(state, pid, uid):
        raise Refusal("cost_unpayable", card=spec.id, cost=cost, reason="nothing_to_pay")
    empty = never_choosable(state, pid, spec, uid)
    if empty is not None:
        raise Refusal("bad_param", card=spec.id, param=empty.name, kind=empty.kind, reason="nothing_to_choose")
    return cost


def payment_means(state: GameState, pid: int, uid: int | None = None) -> int:
    """The most cost this player could pay now besides card `uid`: Sleeve cards (none in Изгнание),
    the Культист's Hand cards (two at most), the Маньяк's blood (two a cost)."""
    return means_of(state.player(pid), *paying_cards(state, pid, uid))


def paying_cards(state: GameState, pid: int, uid: int | None = None) -> tuple[list[CardInstance], list[CardInstance]]:
    """The cards that may pay a cost now besides card `uid`: the Sleeve's (none in Изгнание) and the Культист's
    Hand cards (a payment takes two of them at most); none that pays no Цена (Даркнет's RSVP), nor from the Hand
    one never discarded from it (a Долг)."""
    player = state.player(pid)
    sleeve = [] if sleeve_blocked(state, pid, "pay") else \
        [c for c in player.sleeve if c.uid != uid and not copy_has(c, "no_pay")]
    hand = [c for c in player.hand if c.uid != uid and not copy_has(c, "no_pay") and not copy_has(c, "no_discard")] \
        if player.public_role == "cultist" else []
    return sleeve, hand


def means_of(player: PlayerState, sleeve: list[CardInstance], hand: list[CardInstance]) -> int:
    """The most cost these paying cards (`paying_cards`) and the player's blood could pay."""
    means = len(sleeve) + min(CULTIST_HAND_CARDS, len(hand))
    if player.secret_role == "maniac":
        means += player.points // BLOOD_PER_COST
    return means


def never_choosable(state: GameState, pid: int, spec: CardSpec, uid: int | None = None, *,
                    pools_only: bool = False) -> ParamSpec | None:
    """A parameter of the card its player must give and could not now (e.g. «План В»'s ten cards of
    own colours when those colours have fewer); `pools_only`: only the card names (deck building) — a card
    that has none needs no context built (deck building asks this of the whole collection)."""
    if not may_be_unchoosable(spec, pools_only=pools_only):
        return None
    player = state.player(pid)
    own = spec if not any(p.who for p in spec.params) else \
        replace(spec, params=tuple(p for p in spec.params if not p.who or has_role(player, p.who)))
    return unchoosable(param_context(state, pid, own), played=uid, pools_only=pools_only)


@validator("play")
def _play(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    card, zone = find_card(state, pid, order.card)
    if card.uid in used:
        raise Refusal("card_used_twice", uid=card.uid)
    used.add(card.uid)
    spec = _card_spec(state, pid, card, zone, order.params)
    checked = _checked_params(state, pid, spec, order.params)
    checked.update({k: order.params[k] for k in option_names() if k in order.params})
    order.params = checked
    if spec.id in REGISTRIES.card_checks:
        REGISTRIES.card_checks[spec.id](state, pid, order.params)
    for option, option_check in OPTION_CHECKS.items():
        if option in order.params:
            option_check(state, pid, spec, order.params)
    for param in spec.params:
        blocked = sleeve_blocked(state, pid, "use") if param.kind in ("sleeve_cards", "own_cards") else None
        if blocked and any(u in {c.uid for c in state.player(pid).sleeve} for u in order.params.get(param.name) or []):
            raise Refusal("not_allowed", what="sleeve", reason=blocked)
        if param.kind in ("hand_cards", "sleeve_cards", "own_cards"):
            for uid in order.params.get(param.name) or []:
                if uid in used:
                    raise Refusal("card_used_twice", uid=uid)
                used.add(int(uid))
    check_payment(state, pid, order.payment, card_cost(state, pid, spec, card, order.params), used)
    return order.payment.points


@validator("night_discard")
def _night_discard(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    if not state.is_night:
        raise Refusal("wrong_phase", what="night_discard", reason="night_only")
    cards = order.params.get("cards")
    hand = {c.uid for c in state.player(pid).hand}
    if not isinstance(cards, list) or len(cards) != 2 or len(set(cards)) != 2:
        raise Refusal("bad_param", param="cards", reason="two_cards")
    for uid in cards:
        if uid not in hand:
            raise Refusal("card_not_in_hand", uid=uid)
        if uid in used:
            raise Refusal("card_used_twice", uid=uid)
        used.add(uid)
    check_discardable([c for c in state.player(pid).hand if c.uid in cards])
    order.params = {"cards": list(cards)}
    return 0


def living_target(state: GameState, pid: int, value: object, *, by: str, allow_self: bool) -> int:
    return core_living_target(state, REGISTRIES.queries, pid, value, by=by, allow_self=allow_self)


@validator("vote")
def _vote(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    if not state.is_day:
        raise Refusal("wrong_phase", what="vote", reason="day_only")
    order.params = {"target": living_target(state, pid, order.params.get("target"), by="vote", allow_self=True)}
    return 0


def barred(state: GameState, punishment: str) -> bool:
    return any(e.params.get("punishment") == punishment for e in state.effects_of("barred"))


def check_punishment(state: GameState, choice: object) -> None:
    """A punishment the Вече offers and has not barred (a bar lasts after its punishment is applied)."""
    if choice not in PUNISHMENTS:
        raise Refusal("bad_param", param="choice", reason="choice")
    if barred(state, str(choice)):
        raise Refusal("not_allowed", what="punishment", reason="barred", choice=choice)


@validator("punishment")
def _punishment(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    if not state.is_day:
        raise Refusal("wrong_phase", what="punishment", reason="day_only")
    choice = order.params.get("choice")
    check_punishment(state, choice)
    order.params = {"choice": choice}
    return 0


def play_counts(orders: list[Order]) -> Counter[str]:
    return Counter(o.kind for o in orders)


@cache
def _ruleset():  # type: ignore[no-untyped-def]
    """Мафик's rule set, looked up once (imported late: its module imports this one)."""
    from engine.core.ruleset import get_ruleset

    return get_ruleset("mafik")


@reads_orders("play")
def _once_per_game(state: GameState, pid: int, orders: list[Order]) -> None:
    """"Можно использовать 1 раз за игру": not twice in one phase either (Hand and Sleeve)."""
    if sum(1 for o in orders if o.kind == "play") < 2:
        return
    played = Counter(played_spec(state, pid, *find_card(state, pid, o.card), o.params).id
                     for o in orders if o.kind == "play")
    for card_id, count in played.items():
        if count > 1 and CATALOG[card_id].has("once_per_game"):
            raise Refusal("limit_reached", what="once_per_game", card=card_id)


REGISTRIES.rule(set_checks=(_once_per_game,))


def busy_cards(state: GameState, pid: int) -> set[int]:
    """The cards this phase's orders of the player use (played, paying, chosen): an instant move leaves
    them where they are."""
    uids: set[int] = set()
    for order in state.orders.get(pid, []):
        if order.card is not None:
            uids.add(order.card)
        uids.update(order.payment.cards)
        for value in order.params.values():
            if isinstance(value, list):
                uids.update(v for v in value if type(v) is int)
    return uids
