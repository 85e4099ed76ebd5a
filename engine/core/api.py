"""The engine's public API: everything a bot, a simulator or a test does to a game goes here.

Each function takes the state, checks the action, and either changes the state or raises
Refusal and changes nothing.
"""

from __future__ import annotations

import importlib
import re
import typing
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from types import MappingProxyType
from typing import Any, Concatenate, TypeVar

from engine.cardgame.deckrules import NO_DECK, DeckRules
from engine.cardgame.options import PlayOption
from engine.cardgame.ruleset import CardRuleset
from engine.core import rulings
from engine.core.actions import Action, PaymentOptions
from engine.core.cards import CardSpec, ParamSpec
from engine.core.catalog import Catalog, load_roles
from engine.core.checked import changed, found_valid
from engine.core.params import card_pool, colour_choices, count_of, dead_choices, least_of, past_phases
from engine.core.params import may_give as _may_give
from engine.core.phase import kill
from engine.core.profile import PanelFact, ViewProfile
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.ruleset import RULESETS_PACKAGE, Ruleset, get_ruleset
from engine.core.state import CardInstance, GameState, JsonValue, MasterQuestion, Order, Payment
from engine.core.stepcheck import check_step
from engine.core.wording import EventFormat

P = typing.ParamSpec("P")
R = TypeVar("R")


def _changes(fn: Callable[Concatenate[GameState, P], R]) -> Callable[Concatenate[GameState, P], R]:
    """A function that changes the state it is given: it counts the change, whether it returns or raises
    (engine/core/checked.py: orders found valid before are then checked again at the deadline)."""

    @wraps(fn)
    def counted(state: GameState, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(state, *args, **kwargs)
        finally:
            changed(state)

    return counted


def ruleset_of(state: GameState) -> Ruleset:
    return get_ruleset(state.ruleset)


def new_game(ruleset: str, players: list[tuple[str, str]], *, seed: int, settings: dict[str, Any] | None = None) -> GameState:
    """A new game. `players` are (character name, public role id) pairs. A rule set with deck building
    begins there (phase 0; the first night comes once every deck is built), any other at the first night."""
    rules = get_ruleset(ruleset)
    state = rules.new_game(players, seed, dict(settings or {}))
    if isinstance(rules, CardRuleset):  # the record of the cards in the game (GameState.cards_seen) begins
        state.cards_seen = sorted(state.cards_in_zones())
    if not rules.deck_building:
        rules.start(state)
    return state


@_changes
def start(state: GameState) -> None:
    """Begin the first phase of a game in set-up (a card game refuses until every deck is built)."""
    if state.status != "setup":
        raise Refusal("not_deck_building")
    ruleset_of(state).start(state)


def _cards(state: GameState, what: str) -> CardRuleset:
    """The game's rule set as a card game; the card verbs are refused for a game without cards."""
    ruleset = ruleset_of(state)
    if not isinstance(ruleset, CardRuleset):
        raise Refusal("not_allowed", what=what, reason="no_cards")
    return ruleset


def _player(state: GameState, pid: int) -> None:
    if not isinstance(pid, int) or not 0 <= pid < len(state.players):
        raise Refusal("not_in_game", pid=pid)


@_changes
def deck_pick(state: GameState, pid: int, card: str) -> None:
    _player(state, pid)
    _cards(state, "deck_draft").deck_pick(state, pid, card)


@_changes
def deck_build(state: GameState, pid: int, cards: list[str]) -> None:
    _player(state, pid)
    _cards(state, "deck_choose").deck_build(state, pid, cards)


@_changes
def deck_auto(state: GameState, pid: int) -> None:
    """Finish this player's deck building with a random legal choice (the game starts if it was the last)."""
    _player(state, pid)
    _cards(state, "deck_auto").deck_auto(state, pid)


def deck_rules(state: GameState, pid: int) -> DeckRules:
    """What this player may build now (a draft, a free build, a new deck in a running game, or nothing:
    `kind` None), the pool with its copies and the limits a deck of theirs is held to. A game without
    cards has nothing to build."""
    _player(state, pid)
    ruleset = ruleset_of(state)
    return ruleset.deck_rules(state, pid) if isinstance(ruleset, CardRuleset) else NO_DECK


def may_rebuild(state: GameState, pid: int) -> bool:
    """May this player build a new deck now, in a running game (what `deck_rules(...).rebuild` says)?"""
    _player(state, pid)
    ruleset = ruleset_of(state)
    return isinstance(ruleset, CardRuleset) and ruleset.may_rebuild(state, pid)


def deck_problem(state: GameState, pid: int, cards: list[str]) -> Refusal | None:
    """Why these cards are not a legal deck for this player (a `deck_invalid` Refusal), or None."""
    _player(state, pid)
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        return Refusal("bad_param", param="cards", reason="not_a_list")
    return _cards(state, "deck_choose").deck_problem(state, pid, cards)


def deck_check(state: GameState, pid: int, cards: list[str]) -> Refusal | None:
    """Like deck_problem for a selection still being put together: only what more cards cannot mend
    (a card outside the pool, a copy too many, a ceiling passed) is refused."""
    _player(state, pid)
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        return Refusal("bad_param", param="cards", reason="not_a_list")
    return _cards(state, "deck_choose").deck_check(state, pid, cards)


@_changes
def deck_auto_all(state: GameState) -> None:
    """Finish every unfinished deck with a random legal choice and start the game."""
    if state.status != "setup":
        raise Refusal("not_deck_building")
    ruleset = _cards(state, "deck_auto")
    for player in state.players:
        if player.building is not None and not player.building.done:
            ruleset.deck_auto(state, player.pid)
    if state.status == "setup":
        ruleset.start(state)


def submit(
    state: GameState,
    pid: int,
    kind: str,
    *,
    card: int | None = None,
    params: dict[str, Any] | None = None,
    payment: Payment | dict[str, Any] | None = None,
    replace: int | None = None,
) -> Order:
    """Add (or, with `replace`, change) an order of this player for the current phase."""
    _player(state, pid)
    ruleset = ruleset_of(state)
    try:  # malformed input (wrong types) is refused like any other bad order, never a crash
        pay = payment if isinstance(payment, Payment) else Payment() if not payment else Payment.model_validate(payment)
        order = Order(oid=0, kind=kind, card=card, params=dict(params or {}), payment=pay)
    except (TypeError, ValueError) as exc:  # pydantic's ValidationError is a ValueError
        raise Refusal("bad_param", param="order", reason="malformed") from exc
    current = list(state.orders.get(pid, []))
    if replace is not None:
        if not any(o.oid == replace for o in current):
            raise Refusal("unknown_order", oid=replace)
        current = [o for o in current if o.oid != replace]
    if kind in ruleset.single_orders:
        current = [o for o in current if o.kind != kind]
    candidate = [*current, order]
    ruleset.validate_orders(state, pid, candidate)
    order.oid = state.next_id("order")
    state.orders[pid] = candidate
    ruleset.on_submitted(state, pid, order)
    if ruleset.orders_independent:
        found_valid(state, pid, candidate)
    return order


def check(state: GameState, pid: int, kind: str, *, card: int | None = None,
          params: dict[str, Any] | None = None, payment: Payment | dict[str, Any] | None = None) -> None:
    """Check an order or an instant action still being put together (any kind `submit` or `act` takes):
    what is chosen so far is checked as `submit` or `act` checks it, a parameter not chosen yet is not
    refused, nor a payment not given yet (engine/core/stepcheck.py). Raises Refusal; changes nothing."""
    _player(state, pid)
    if not isinstance(kind, str) or not isinstance(params or {}, dict):
        raise Refusal("bad_param", param="order", reason="malformed")
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    if not state.player(pid).alive and not ruleset_of(state).acts_when_dead(state, pid):
        raise Refusal("dead")
    try:
        pay = None if payment is None else payment if isinstance(payment, Payment) else Payment.model_validate(payment)
    except (TypeError, ValueError) as exc:
        raise Refusal("bad_param", param="order", reason="malformed") from exc
    check_step(ruleset_of(state), state, pid, kind, card, dict(params or {}), pay)


def playable(state: GameState, pid: int, uid: int) -> Refusal | None:
    """Why card `uid` of this player cannot be played now whatever they choose (the phase, a cost they
    have nothing to pay with, a choice with nothing to choose), or None if it may be tried."""
    _player(state, pid)
    try:
        ruleset_of(state).playable(state, pid, uid)
    except Refusal as refusal:
        return refusal.kept()
    return None


@_changes
def act(state: GameState, pid: int, action: str, params: dict[str, Any] | None = None) -> None:
    """An instant action that takes effect now (Маньяк's swap, a private message, a new deck…)."""
    _player(state, pid)
    if not isinstance(action, str):
        raise Refusal("bad_param", param="action", reason="malformed")
    ruleset_of(state).act(state, pid, action, dict(params or {}))


@_changes
def withdraw(state: GameState, pid: int, oid: int) -> None:
    _player(state, pid)
    current = state.orders.get(pid, [])
    order = next((o for o in current if o.oid == oid), None)
    if order is None:
        raise Refusal("unknown_order", oid=oid)
    get_ruleset(state.ruleset).check_withdraw(state, pid, order)
    state.orders[pid] = [o for o in current if o.oid != oid]
    get_ruleset(state.ruleset).on_withdrawn(state, pid, order)


@_changes
def reorder_hand(state: GameState, pid: int, uids: list[int]) -> None:
    """Set the hand's discard order (allowed at any time, even after submitting)."""
    _player(state, pid)
    _cards(state, "reorder_hand")
    player = state.player(pid)
    if not player.alive:
        raise Refusal("dead")
    by_uid = {c.uid: c for c in player.hand}
    if not isinstance(uids, list) or not all(type(u) is int for u in uids) or sorted(uids) != sorted(by_uid):
        raise Refusal("bad_order")
    player.hand = [by_uid[u] for u in uids]
    ruleset_of(state).normalise_hand(state, pid)


@_changes
def resolve(state: GameState) -> None:
    """Resolve the current phase: every order takes effect, then the next phase begins."""
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    ruleset = ruleset_of(state)
    record_orders(state)
    resolution = Resolution(state, ruleset)
    try:
        ruleset.pipeline.run(resolution)
    finally:
        resolution.release()


_NUMBER = re.compile(r"\d+")


def record_orders(state: GameState) -> None:
    """The phase's submissions as they stand at its deadline, for the master's record (the phase's
    close clears them): each living player's orders (without their default fields), with the card ids
    of the Hand and Sleeve cards they name (by uid), so the record names the cards however they move
    afterwards, and the living characters' public statuses (Ruleset.statuses), if any. The record stays
    in the state for the rest of the game, so it keeps only what it names."""
    orders: dict[str, JsonValue] = {}
    held: dict[str, JsonValue] = {}
    for pid, mine in sorted(state.orders.items()):
        if not mine:
            continue
        named: set[int] = set()
        orders[str(pid)] = [_recorded(o, named) for o in mine]
        player = state.players[pid]
        held[str(pid)] = {"hand": _named_cards(player.hand, named), "sleeve": _named_cards(player.sleeve, named)}
    # The public statuses each living character had while the phase ran (a rule set with statuses only).
    statuses = {str(pid): shown for pid, shown in ruleset_of(state).living_statuses(state).items()}
    state.emit("phase_orders", "master", None, orders=orders, held=held, **({"statuses": statuses} if statuses else {}))


def _named_cards(cards: list[CardInstance], named: set[int]) -> dict[str, str]:
    """The card ids of the cards of a zone whose uids are among `named`, by uid."""
    return {str(c.uid): c.card for c in cards if c.uid in named} if cards else {}


def _recorded(order: Order, named: set[int]) -> dict[str, Any]:
    """`order.model_dump(exclude_defaults=True)`, built by hand (a dump and a prune cost three times as
    much): no card, no params, and a payment of nothing are left out, as is each part of a payment that
    is empty. Every number the order holds goes into `named` (`_copied`)."""
    named.add(order.oid)
    kind = order.kind
    if not kind.isalpha():
        _numbers_of(kind, named)
    dumped: dict[str, Any] = {"oid": order.oid, "kind": kind}
    if order.card is not None:
        dumped["card"] = order.card
        named.add(order.card)
    if order.params:
        dumped["params"] = _copied(order.params, named)
    payment = order.payment
    if payment.points or payment.cards or payment.options:
        paid: dict[str, Any] = {}
        if payment.points:
            paid["points"] = payment.points
            named.add(payment.points)
        if payment.cards:
            paid["cards"] = list(payment.cards)
            named.update(payment.cards)
        if payment.options:
            paid["options"] = _copied(payment.options, named)
        dumped["payment"] = paid
    return dumped


def _numbers_of(text: str, found: set[int]) -> None:
    """Every number written in `text` (its runs of digits), into `found`."""
    found.update(map(int, _NUMBER.findall(text)))


def _copied(value: Any, found: set[int]) -> Any:
    """A copy of a JSON value, and every number in it into `found`: card uids among them, the integers and
    the digits in strings (a number that is not a uid — a player id, a digit in a message — only keeps a
    card the record did not need). Strings of letters, the most of them, are passed over without a look."""
    kind = type(value)
    if kind is int:
        found.add(value)
        return value
    if kind is str:
        if not value.isalpha():
            _numbers_of(value, found)
        return value
    if kind is dict:
        copy = {}
        for key, item in value.items():
            if not key.isalpha():
                _numbers_of(key, found)
            if type(item) is int:  # the first case above, written out: most values of an order's params are ints
                found.add(item)
                copy[key] = item
            else:
                copy[key] = _copied(item, found)
        return copy
    if kind is list:
        return [_copied(item, found) for item in value]
    if kind is float:
        _numbers_of(str(value), found)
    return value


@_changes
def rule(state: GameState, key: str, option: str) -> None:
    """The master answers a question the rules left to them (engine/core/rulings.py); until the phase
    ends a new answer replaces the old one."""
    question = rulings.may_answer(state, "master", key)
    if option not in question.options:
        raise Refusal("option_not_offered", key=key, option=option)
    rulings.decide(state, key, option)


# Engine settings the master may change during a game (the bot's per-game options that reach the engine).
MASTER_SETTINGS: dict[str, type] = {"review_messages": bool, "master_dice": bool}


@_changes
def configure(state: GameState, key: str, value: Any) -> None:
    """Change one of MASTER_SETTINGS; it applies from now on (a question already asked stays)."""
    kind = MASTER_SETTINGS.get(key) if isinstance(key, str) else None
    if kind is None or not isinstance(value, kind):
        raise Refusal("bad_param", param="setting", reason="unknown_setting", key=key)
    if state.settings.get(key) != value:
        state.settings[key] = value
        state.emit("setting_changed", "master", None, key=key, value=value)


def play_cost(state: GameState, pid: int, uid: int, params: dict[str, Any] | None = None) -> int:
    """The cost of playing card `uid` with these params now (Refusal if it is not in the hand)."""
    _player(state, pid)
    return _cards(state, "play_cost").play_cost(state, pid, uid, dict(params or {}))


@cache
def catalog(ruleset: str) -> Catalog:
    """Everything the rule set names: cards, roles (secret and public), abilities, colours, actions."""
    rules = get_ruleset(ruleset)
    return Catalog(ruleset=ruleset, cards=MappingProxyType(dict(rules.catalog.specs)),
                   roles=MappingProxyType(load_roles(rules.data_dir)), abilities=MappingProxyType(rules.abilities()),
                   colours=rules.colours, actions=MappingProxyType({d.id: d.action for d in rules.action_defs}),
                   ability_defs=MappingProxyType({a.id: a for a in rules.ability_catalogue or ()}))


def start_settings(ruleset: str) -> dict[str, tuple[str, ...]]:
    """The rule set's own settings a master may give before the start, each with the values it takes."""
    return dict(get_ruleset(ruleset).start_settings)


def view_profile(ruleset: str) -> ViewProfile:
    """What a panel of this rule set shows and how it asks (zones, currency, colours, votes)."""
    return get_ruleset(ruleset).view_profile


def muted(state: GameState, pid: int) -> bool:
    """Whether the character may not write publicly now (Ruleset.muted): a living character of a running game."""
    if state.status != "running" or not state.player(pid).alive:
        return False
    return ruleset_of(state).muted(state, pid)


def intro_kinds(ruleset: str) -> frozenset[str]:
    """The kinds of events to one player that introduce his character (shown again to a newcomer in his seat)."""
    return get_ruleset(ruleset).intro_kinds


def counts_posts(ruleset: str) -> bool:
    """Does the rule set want to hear of each character's post in the public group (api.public_post)?"""
    return get_ruleset(ruleset).counts_posts


@_changes
def modkill(state: GameState, pid: int) -> None:
    """The master's decision: the character dies now, its orders void; the game's end is decided at the
    next resolution, as for any death."""
    _player(state, pid)
    if state.status != "running":
        raise Refusal("game_not_running", status=state.status)
    if not state.player(pid).alive:
        raise Refusal("dead")
    state.emit("modkill", "public", None, pid=pid)
    kill(state, pid, "modkill")
    state.orders.pop(pid, None)


@_changes
def public_post(state: GameState, pid: int) -> None:
    """A character wrote in the game's public group (the bot reads it): a living character of a running game
    of a rule set that counts posts; nothing otherwise."""
    _player(state, pid)
    ruleset = ruleset_of(state)
    if ruleset.counts_posts and state.status == "running" and state.player(pid).alive:
        ruleset.on_public_post(state, pid)


@_changes
def replaced(state: GameState, pid: int) -> None:
    """A newcomer took the character over (the bot's replacement): the rule set's `on_replaced`, while the
    game runs."""
    _player(state, pid)
    if state.status == "running":
        ruleset_of(state).on_replaced(state, pid)


def panel_facts(state: GameState, pid: int) -> list[PanelFact]:
    """The lines of this player's panel beyond its zones (hit points, coins…), as the rule set says."""
    _player(state, pid)
    return ruleset_of(state).panel_facts(state, pid)


def choice_facts(state: GameState, pid: int, action: str, param: str) -> dict[str, PanelFact]:
    """The words of the values of a `choice` parameter of `action` (an order kind or a card) as they stand now
    for this player — a price, the stock left — where the rule set words them (Ruleset.choice_facts)."""
    _player(state, pid)
    return ruleset_of(state).choice_facts(state, pid, action, param)


def param_choices(state: GameState, pid: int, spec: CardSpec, param: ParamSpec) -> list[str]:
    """The card ids a card-naming parameter of `spec` may name for this player now (the same pool its
    validation judges against): implemented cards, not the card itself, filtered by the param's `of`;
    for a `colour` parameter, the colours it may name (`of`: own / not own)."""
    _player(state, pid)
    ctx = ruleset_of(state).param_context(state, pid, spec)
    if param.kind == "colour":
        return colour_choices(ctx, param)
    return card_pool(ctx, param)


def param_values(state: GameState, pid: int, spec: CardSpec, param: ParamSpec) -> list[int]:
    """The values a parameter whose choices depend on the game's past may take now: the dead a
    `dead_target` may name (all, or those who died last night), the phases a `past_phase` (or each of a
    `past_phases`) may name (latest first); [] for other kinds."""
    _player(state, pid)
    if param.kind == "dead_target":
        return dead_choices(state, param.of)
    if param.kind in ("past_phase", "past_phases"):
        return past_phases(state, param.of)
    return []


def param_labels(state: GameState, pid: int, param: ParamSpec) -> list[str]:
    """The labels a `label` / `labels` parameter may name for this player now (Ruleset.labels)."""
    _player(state, pid)
    return ruleset_of(state).labels(state, pid, param)


def param_span(state: GameState, pid: int, spec: CardSpec, param: ParamSpec) -> tuple[int, int]:
    """(fewest, most) a list parameter of `spec` takes from this player now: its count may depend on
    the phase (`day_count`), the player's stance (`upper_count` / `lower_count`) or role (`count_by`)."""
    _player(state, pid)
    ctx = ruleset_of(state).param_context(state, pid, spec)
    return least_of(ctx, param), count_of(ctx, param)


def may_give(state: GameState, pid: int, spec: CardSpec, param: ParamSpec) -> bool:
    """Is this parameter of `spec` this player's to give at all (the mafia's only, a `who` list)?"""
    _player(state, pid)
    return _may_give(ruleset_of(state).param_context(state, pid, spec), param)


def order_cost(state: GameState, kind: str) -> int:
    """What an order of this kind besides a play costs (0 for most)."""
    return ruleset_of(state).order_costs.get(kind, 0)


def is_implemented(ruleset: str, card_id: str) -> bool:
    """Does the card have its behaviour (may it be played, named, copied)?"""
    return get_ruleset(ruleset).is_implemented(card_id)


def may_act(state: GameState, pid: int) -> bool:
    """Does this character act now: a running game, and alive — or dead but acting by the rules (a soul
    saved into the spirit world, Ruleset.acts_when_dead)?"""
    _player(state, pid)
    return state.status == "running" and (state.player(pid).alive or ruleset_of(state).acts_when_dead(state, pid))


def actions(state: GameState, pid: int) -> list[Action]:
    """Everything this player can do in this phase, each with `available` and, when not, `why`: a play of
    each card they hold (Hand first, then the Sleeve), the rule set's actions in its order, then what
    effects grant. Nothing for a dead player or a game that is not running."""
    _player(state, pid)
    if not may_act(state, pid):
        return []
    ruleset = ruleset_of(state)
    payment = ruleset.payment_options(state, pid)
    out = _plays(state, pid, ruleset, payment) if isinstance(ruleset, CardRuleset) else []
    out += [d.describe(state, pid) for d in ruleset.action_defs]
    out += ruleset.granted_actions(state, pid)
    return out


def _plays(state: GameState, pid: int, cards: CardRuleset, payment: PaymentOptions) -> list[Action]:
    """A play of each card the player holds, zone by zone, with its cost and whether it may be played now."""
    out: list[Action] = []
    for zone in cards.play_zones:
        for card in getattr(state.player(pid), zone):
            why: Refusal | None = None
            try:
                cost = cards.playable(state, pid, card.uid)  # the cost, when finding out computed it
            except Refusal as refusal:
                cost, why = None, refusal.kept()
            if cost is None:
                try:
                    cost = cards.play_cost(state, pid, card.uid, {})
                except Refusal:
                    cost = None
            out.append(Action(id=f"play:{card.uid}", kind="play", source=zone, card=card.uid, card_id=card.card,
                              params=cards.catalog[card.card].params, cost=cost, payment=payment,
                              available=why is None, why=why))
    return out


def payment_options(state: GameState, pid: int) -> PaymentOptions:
    """What may pay this player's costs now (cards by uid, points per cost)."""
    _player(state, pid)
    return ruleset_of(state).payment_options(state, pid)


def player_colours(state: GameState, pid: int) -> tuple[str, ...]:
    """The colours that are this player's own now (Мафик; none elsewhere)."""
    _player(state, pid)
    return ruleset_of(state).player_colours(state, pid)


def counters(state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]]:
    """The player's counters as named facts, for the master (`/state`): (kind, params)."""
    _player(state, pid)
    return ruleset_of(state).counters(state, pid)


def told_rules(state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]] | None:
    """The rules this player has been told, as (locale key, params), or None when the rules are open."""
    _player(state, pid)
    return ruleset_of(state).told_rules(state, pid)


def submitted(state: GameState) -> dict[int, bool]:
    """Who among the living has submitted anything this phase (not what)."""
    return {p.pid: bool(state.orders.get(p.pid)) for p in state.living()}


def dump(state: GameState) -> str:
    return state.to_json()


def load(text: str) -> GameState:
    """A dumped game (one dumped before its rule set declared extensions too: they load empty, every
    field at its default). A ValueError if the text is not a game of a known rule set."""
    state = GameState.model_validate_json(text)
    try:
        ruleset = ruleset_of(state)
    except KeyError as exc:
        raise ValueError(str(exc)) from exc
    ruleset.check_extensions(state)
    return state


def play_options(state: GameState, pid: int, uid: int, params: dict[str, Any] | None = None,
                 payment: Payment | dict[str, Any] | None = None) -> list[PlayOption]:
    """The options a play of card `uid` with these params and this payment may carry beyond the card's
    params (Фокусник's copy, Страховка's bluff…), each with whether it may be set now and, when not,
    why: the check the submitted order gets. Refusal if the card is not held or the input is malformed."""
    _player(state, pid)
    try:
        pay = payment if isinstance(payment, Payment) else Payment.model_validate(payment or {})
    except (TypeError, ValueError) as exc:
        raise Refusal("bad_param", param="payment", reason="malformed") from exc
    if not isinstance(params or {}, dict):
        raise Refusal("bad_param", param="order", reason="malformed")
    return _cards(state, "play_options").play_options(state, pid, uid, dict(params or {}), pay)


def event_formats(ruleset: str) -> tuple[EventFormat, ...]:
    """How the bot words this rule set's events beyond their parameters' names (engine/core/wording.py)."""
    return get_ruleset(ruleset).event_formats


def event_format(ruleset: str, kind: str) -> EventFormat | None:
    """The rule set's wording of events of this kind, if it declares one."""
    return next((f for f in event_formats(ruleset) if f.kind == kind), None)


def check_answer(state: GameState, pid: int, key: str, picks: list[Any] | None = None) -> MasterQuestion:
    """Refuse, without recording anything, an answer `api.answer` would refuse (the bot refuses a wrong
    pick early): an unknown question, one asked of someone else, a closed one, not `count` different
    options, an option not offered. Without picks: may the player answer it now at all? The question."""
    _player(state, pid)
    if picks is None:
        return rulings.may_answer(state, pid, key)
    rulings.check_answer(state, pid, key, picks)
    return state.questions[key]


@_changes
def answer(state: GameState, pid: int, key: str, picks: list[Any]) -> None:
    """Player `pid` answers a question the rules asked them (engine/core/rulings.py) with `count` of its
    options; until the question's phase ends a new answer replaces the old one."""
    _player(state, pid)
    rulings.check_answer(state, pid, key, picks)
    rulings.answer(state, key, picks)


def package_dir(ruleset: str) -> Path:
    """The folder of the rule set's package, where its own files live (its locales, for a bot)."""
    get_ruleset(ruleset)
    return Path(str(importlib.import_module(f"{RULESETS_PACKAGE}.{ruleset}").__file__)).parent
