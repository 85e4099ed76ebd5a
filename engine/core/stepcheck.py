"""`api.check`: an order or an instant action still being put together, checked as each step is chosen
by the very checks its submission gets — no second copy of a rule.

A play goes to the rule set's own partial check (the params chosen so far against the card's schema).
Anything else is tried whole: an order as `api.submit` would validate it (with the player's other orders,
an order of a single kind replacing its predecessor), an instant action by doing it on a copy of the
game. While a parameter of the action's declared schema is still to be chosen, the action's requirements
(role, phase, once a game: the checks its validator starts with) are a verdict, and so is a refusal about
what is chosen — not one that names a parameter still to be chosen or a value not given yet, nor one the
same attempt with nothing chosen gets too. A payment not chosen yet is not refused either, for an order
that is paid for (its payment comes after its params).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action, ActionDef
from engine.core.cards import ParamSpec
from engine.core.refusal import Refusal, refuse
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, Payment

PAYMENT_REFUSALS = frozenset({"cost_unpayable", "bad_payment_card"})


def check_step(ruleset: Ruleset, state: GameState, pid: int, kind: str, card: int | None,
               params: dict[str, Any], payment: Payment | None) -> None:
    """Raise the Refusal the finished order or action would get for what is chosen so far (nothing
    for what is not chosen yet); change nothing."""
    if kind == "play":
        ruleset.check_partial(state, pid, kind, card, params)
        return
    refuse(_verdict(ruleset, state, pid, kind, card, params, payment))


def _verdict(ruleset: Ruleset, state: GameState, pid: int, kind: str, card: int | None,
             params: dict[str, Any], payment: Payment | None) -> Refusal | None:
    declared = declaration(ruleset, state, pid, kind, params)
    chosen = {**params, "card": card} if card is not None else params  # an order's card, when its schema names it
    missing = still_to_choose(declared.params if declared is not None else (), chosen)
    if missing and isinstance(declared, ActionDef):
        why = declared.why_not(state, pid)  # its requirements: the checks its validator starts with
        if why is not None:
            return why
    refusal = _attempt(ruleset, state, pid, kind, card, params, payment, declared)
    if refusal is None:
        return None
    if missing:
        preset = dict(declared.preset) if declared is not None else {}
        unchosen = _attempt(ruleset, state, pid, kind, card, preset, payment, declared)
        if not _about_the_chosen(refusal, missing, unchosen):
            return None
    return refusal


def _attempt(ruleset: Ruleset, state: GameState, pid: int, kind: str, card: int | None, params: dict[str, Any],
             payment: Payment | None, declared: ActionDef | Action | None) -> Refusal | None:
    """The refusal the order or action with these params gets now, or None (a payment not chosen yet
    of an order that is paid for is no refusal)."""
    try:
        if declared is not None and declared.instant:
            _try_act(ruleset, state, pid, kind, params)
        else:
            _try_order(ruleset, state, pid, kind, card, params, payment or Payment())
    except Refusal as refusal:
        if payment is None and refusal.code in PAYMENT_REFUSALS and ruleset.order_costs.get(kind, 0) > 0:
            return None
        return refusal.kept()
    return None


def declaration(ruleset: Ruleset, state: GameState, pid: int, kind: str,
                params: dict[str, Any]) -> ActionDef | Action | None:
    """The rule set's declaration of this kind of order or action (of the ones sharing a kind, the one
    whose preset params these are), or what an effect grants the player (an ability); None if none."""
    found: list[ActionDef | Action] = [*ruleset.action_defs, *ruleset.granted_actions(state, pid)]
    for action in found:
        if action.kind == kind and all(params.get(key) == value for key, value in action.preset):
            if isinstance(action, ActionDef) and action.params_now is not None:
                return Action(id=action.id, kind=action.kind, source=action.source, instant=action.instant,
                              params=action.params_now(state, pid), preset=action.preset)
            return action
    return None


def still_to_choose(schema: Sequence[ParamSpec], params: dict[str, Any]) -> set[str]:
    """The schema's parameters that the chosen ones call for and that are not given yet."""
    return {spec.name for spec in schema if not spec.optional and spec.applies(params)
            and params.get(spec.name) in (None, [], "")}


def _about_the_chosen(refusal: Refusal, missing: set[str], unchosen: Refusal | None) -> bool:
    """Is a refusal of an unfinished order about what is chosen already? Not when it names a parameter
    not chosen yet or carries a value that is not there, nor when nothing chosen gets the same."""
    if refusal.params.get("param") in missing or any(value is None for value in refusal.params.values()):
        return False
    return unchosen is None or (refusal.code, refusal.params) != (unchosen.code, unchosen.params)


def _try_order(ruleset: Ruleset, state: GameState, pid: int, kind: str, card: int | None,
               params: dict[str, Any], payment: Payment) -> None:
    """Validate the order with the player's others as `api.submit` would, on copies of them."""
    current = [o.model_copy(deep=True) for o in state.orders.get(pid, [])
               if kind not in ruleset.single_orders or o.kind != kind]
    order = Order(oid=0, kind=kind, card=card, params=dict(params), payment=payment)
    ruleset.validate_orders(state, pid, [*current, order])


def _try_act(ruleset: Ruleset, state: GameState, pid: int, kind: str, params: dict[str, Any]) -> None:
    """Do the instant action on a copy of the game (its events left out of the copy: nothing reads them)."""
    events, state.events = state.events, []
    try:
        trial = state.model_copy(deep=True)
    finally:
        state.events = events
    ruleset.act(trial, pid, kind, dict(params))
