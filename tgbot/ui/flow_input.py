"""The card flow's presses read: a parameter's value from a button, a payment press, and the engine's
verdict on the steps chosen so far (api.check, for every kind the flow asks for), so a wrong step is
refused when it is chosen."""

from __future__ import annotations

from typing import Any

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tgbot.services.errors import ServiceError
from tgbot.ui import flow as fl
from tgbot.ui.flow_screens import flow_cost


def as_int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ServiceError("bad_button") from None


INT_KINDS = ("target", "any_living", "dead_target", "targets", "dead_targets", "hand_cards", "sleeve_cards", "own_cards",
             "hand_card", "sleeve_card", "number", "chat_room", "past_phase", "past_phases")


def _parse(q: fl.Question, raw: str) -> Any:
    kind = q.spec.kind
    if kind == "role_map" and q.subject is None:
        return as_int(raw)
    if kind in INT_KINDS:
        return as_int(raw)
    if kind == "flag":
        return raw == "1"
    return raw


def answer_param(flow: dict[str, Any], q: fl.Question, value: str) -> None:
    """One press while a parameter is asked."""
    if value == "s" and q.spec.optional:
        fl.skip(flow, q)
    elif value.startswith("tab="):
        flow["tab"] = value[4:]
    elif value.startswith("p="):
        chosen = _parse(q, value[2:])
        if chosen not in q.options:
            raise ServiceError("bad_button")
        if q.subject is not None or q.phase is not None or q.spec.kind == "secret_roles":  # one of several, item by item
            fl.name_role(flow, q, str(chosen))
        else:
            fl.answer(flow, q, chosen)
    elif value.startswith("t=") and q.multi:
        chosen = _parse(q, value[2:])
        if chosen not in q.options:
            raise ServiceError("bad_button")
        fl.toggle(flow, q, chosen)
    elif value == "r" and q.repeats:
        flow["pending"] = []
    elif value == "d" and q.multi and q.least <= len(flow["pending"]) <= q.need:
        fl.done(flow, q)
    else:
        raise ServiceError("bad_button")


def step_refusal(gs: GameState, pid: int, flow: dict[str, Any]) -> Refusal | None:
    """The engine's verdict on the steps chosen so far of whatever the flow asks for — a play, an
    ability, an order or an instant action (api.check) — None when nothing is wrong yet."""
    action = fl.action_of(flow)
    kind = action.kind if action is not None else str(flow["kind"])
    try:
        api.check(gs, pid, kind, card=flow.get("card") if action is None else None, params=fl.order_params(flow))
    except Refusal as refusal:
        return refusal.kept()
    return None


def pay_press(gs: GameState, pid: int, flow: dict[str, Any], value: str) -> None:
    """One press on the payment screen: a card in or out, blood or points up or down, or on to the
    confirmation once the cost is met."""
    pay = flow["payment"]
    if value.startswith("pc="):
        uid = as_int(value[3:])
        if uid in pay["cards"]:
            pay["cards"].remove(uid)
        elif uid in fl.payment_cards(gs, pid, flow):
            pay["cards"].append(uid)
    elif value.startswith("pp="):
        step = fl.point_step(gs, pid)
        pay["points"] = max(0, min(gs.player(pid).points, pay["points"] + step * as_int(value[3:])))
        if step > 1:
            pay["points"] -= pay["points"] % step
    elif value == "ok" and fl.paid(gs, pid, flow) == flow_cost(gs, pid, flow):
        flow["stage"] = "confirm"
    else:
        raise ServiceError("bad_button")
