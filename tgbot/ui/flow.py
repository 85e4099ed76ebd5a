"""The one generic flow that asks a player for everything a card needs, from its parameter schema.

No card has Telegram code of its own: the flow walks the card's ParamSpec list (recursing into a
chosen card's own schema for Флэшмоб and Трансформация), then the payment, then role options, and
builds the order the engine validates. Its state is a plain dict kept in the FSM storage (SQLite),
so an unfinished choice survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.cards import CardSpec, ParamSpec
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState

TEXT_KINDS = ("message", "messages")


@dataclass
class Question:
    path: list[str]  # keys from the top params down to this parameter
    spec: ParamSpec
    card: CardSpec  # the card whose parameter this is
    options: list[Any] = field(default_factory=list)  # pids, card ids, colours, choices, uids…
    need: int = 1  # how many to pick (lists)
    least: int = 1
    multi: bool = False


def new_flow(game: int, phase: int, kind: str, *, card: int | None = None, spec: str | None = None) -> dict[str, Any]:
    return {"game": game, "phase": phase, "kind": kind, "card": card, "spec": spec, "params": {},
            "pending": [], "tab": None, "payment": {"points": 0, "cards": []}, "stage": "params",
            "options": {}, "amount": 1}


def _living(state: GameState) -> list[int]:
    return [p.pid for p in state.players if p.alive]


def _options(state: GameState, pid: int, card: CardSpec, spec: ParamSpec, flow: dict[str, Any]) -> Question:
    ruleset = get_ruleset(state.ruleset)
    kind = spec.kind
    q = Question(path=[], spec=spec, card=card)
    if kind == "target":
        q.options = [p for p in _living(state) if p != pid or card.has("self_ok")]
    elif kind == "any_living":
        q.options = _living(state)
    elif kind == "dead_target":
        q.options = [p.pid for p in state.players if not p.alive]
    elif kind == "targets":
        q.options = [p for p in _living(state) if p != pid or card.has("self_ok")]
        q.multi, q.need, q.least = True, spec.count, spec.min if spec.min is not None else spec.count
    elif kind in ("card_names", "card_name", "card_effect"):
        pool = [c for c in ruleset.catalog if ruleset.is_implemented(c.id)]
        if kind != "card_names":
            pool = [c for c in pool if c.id != card.id]
        if kind == "card_effect" and spec.of == "cond_day":
            pool = [c for c in pool if c.has("cond_day")]
        q.options = [c.id for c in pool]
        if kind == "card_names":
            count = spec.day_count if (state.is_day and spec.day_count is not None) else spec.count
            q.multi, q.need, q.least = True, count, count
    elif kind == "colour":
        from engine.rulesets.micromafik.registry import COLOURS

        q.options = list(COLOURS)
    elif kind == "choice":
        q.options = list(spec.choices)
    elif kind == "flag":
        q.options = [True, False]
    elif kind == "hand_cards":
        taken = {flow.get("card")}
        q.options = [c.uid for c in state.player(pid).hand if c.uid not in taken]
        q.multi, q.need, q.least = True, spec.count, spec.min if spec.min is not None else spec.count
    return q


def next_question(state: GameState, pid: int, flow: dict[str, Any]) -> Question | None:
    """The first parameter still to be chosen (depth first), or None when all are."""
    spec_id = flow.get("spec")
    if spec_id is None:
        return None
    ruleset = get_ruleset(state.ruleset)
    is_mafia = state.player(pid).faction == "mafia"
    return _walk(state, pid, ruleset.catalog[spec_id], flow["params"], [], flow, is_mafia)


def _walk(state: GameState, pid: int, card: CardSpec, params: dict[str, Any], path: list[str],
          flow: dict[str, Any], is_mafia: bool) -> Question | None:
    ruleset = get_ruleset(state.ruleset)
    for spec in card.params:
        if spec.mafia_only and not is_mafia:
            continue
        if spec.name in params:
            value = params[spec.name]
            if spec.kind == "card_effect" and isinstance(value, dict):
                inner = _walk(state, pid, ruleset.catalog[value["card"]], value["params"],
                              [*path, spec.name, "params"], flow, is_mafia)
                if inner is not None:
                    return inner
            continue
        q = _options(state, pid, card, spec, flow)
        q.path = [*path, spec.name]
        return q
    return None


def _slot(flow: dict[str, Any], path: list[str]) -> dict[str, Any]:
    node = flow["params"]
    for key in path[:-1]:
        node = node[key]
    return node


def answer(flow: dict[str, Any], q: Question, value: Any) -> None:
    """Record the answer to question q (a single value, or the pending list for multi questions)."""
    node = _slot(flow, q.path)
    name = q.path[-1]
    if q.spec.kind == "card_effect":
        node[name] = {"card": value, "params": {}}
    else:
        node[name] = value
    flow["pending"] = []
    flow["tab"] = None


def skip(flow: dict[str, Any], q: Question) -> None:
    """An optional parameter left out (stored as None, stripped before submitting)."""
    _slot(flow, q.path)[q.path[-1]] = None
    flow["pending"] = []


def toggle(flow: dict[str, Any], q: Question, value: Any) -> None:
    pending: list[Any] = flow["pending"]
    if value in pending:
        pending.remove(value)
    elif len(pending) < q.need:
        pending.append(value)


def clean(params: dict[str, Any]) -> dict[str, Any]:
    """The params without the skipped (None) ones, recursively."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, dict) and "params" in value:
            value = {"card": value["card"], "params": clean(value["params"])}
        out[key] = value
    return out


def spent_cards(flow: dict[str, Any]) -> set[int]:
    """Cards the order already uses (the played card and the cards it gives away)."""
    used = {flow["card"]} if flow.get("card") is not None else set()
    give = flow["params"].get("give")
    if isinstance(give, list):
        used |= set(give)
    return used
