"""The one generic flow that asks a player for everything a card needs, from its parameter schema.

No card has Telegram code of its own: the flow walks the card's ParamSpec list (recursing into a
chosen card's own schema for Флэшмоб and Трансформация), then the payment, then the options, and
builds the order the engine validates. A rule set's other orders and instant actions (Мафик's night
discard, the Маньяк's blood and swap, the Предатель's colours, granted abilities, the public roles'
perks) are described by the engine with the same ParamSpecs (`FLOW_ACTIONS`, from `api.catalog`; what
is offered now from `api.actions`) and walked by the same code. Its state is a plain dict kept in the FSM
storage (SQLite), so an unfinished choice survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cardgame.options import PlayOption
from engine.core import api
from engine.core.actions import Action
from engine.core.cards import CardSpec, ParamSpec
from engine.core.refusal import Refusal
from engine.core.ruleset import ruleset_names
from engine.core.state import GameState

TEXT_KINDS = ("message", "messages")
NUMBER_SPAN = 12  # the most number buttons when a card sets no maximum
ROLE_STAGES = ("secret_roles", "role_map")


@dataclass
class Question:
    path: list[str]  # keys from the top params down to this parameter
    spec: ParamSpec
    card: CardSpec  # the card whose parameter this is
    options: list[Any] = field(default_factory=list)  # pids, card ids, colours, choices, uids, role ids…
    need: int = 1  # how many to pick (lists)
    least: int = 1
    multi: bool = False
    repeats: bool = False  # a list where one option may be picked more than once (one entry per hit)
    subject: int | None = None  # secret_roles / role_map: the character whose role is being named
    about: int | None = None  # accusations: the target whose accusation (a list of cards) is being named
    phase: int | None = None  # phase_cards: the past phase whose card is being named


# ---------------------------------------------------------------- orders and actions besides plays

def _flow_actions() -> dict[str, Action]:
    """Every rule set's actions the generic flow asks for (api.catalog: those without a dedicated
    screen of their own, `Action.screen` ""), by id. A flow names its action by id alone, so two rule
    sets may share an id only for the same declaration."""
    found: dict[str, Action] = {}
    for ruleset in ruleset_names():
        for key, action in api.catalog(ruleset).actions.items():
            if action.screen:
                continue
            if found.setdefault(key, action) != action:
                raise ValueError(f"action {key!r} is declared differently by two rule sets")
    return found


FLOW_ACTIONS: dict[str, Action] = _flow_actions()


def new_flow(game: int, phase: int, kind: str, *, card: int | None = None, spec: str | None = None,
             alias: str | None = None, action: str | None = None) -> dict[str, Any]:
    """A fresh flow. `kind` is the order kind ("play", "ability", …); `card` the played card's uid,
    `spec` its card id (for "ability", the card whose ability it is); `alias` the card a Sleeve card is
    played as; `action` a key of FLOW_ACTIONS."""
    params: dict[str, Any] = {}
    if action is not None:
        params = dict(FLOW_ACTIONS[action].preset)
    return {"game": game, "phase": phase, "kind": kind, "card": card, "spec": spec, "alias": alias,
            "action": action, "params": params, "pending": [], "picked": None, "roles": [], "tab": None,
            "payment": {"points": 0, "cards": []}, "stage": "params", "options": {}, "amount": 1, "error": None}


def action_of(flow: dict[str, Any]) -> Action | None:
    key = flow.get("action")
    return FLOW_ACTIONS.get(key) if isinstance(key, str) else None


def is_instant(flow: dict[str, Any]) -> bool:
    action = action_of(flow)
    return action is not None and action.instant


def _synthetic(card_id: str, params: tuple[ParamSpec, ...]) -> CardSpec:
    return CardSpec(id=card_id, name="", name_en="", colour="", text="", text_en="", params=params)


def flow_spec(state: GameState, flow: dict[str, Any]) -> CardSpec | None:
    """The schema the flow walks: the card played (or the card it is played as), an ability's own
    params, or an action's; None when there is nothing to ask."""
    catalog = api.catalog(state.ruleset)
    action = action_of(flow)
    if action is not None:
        return _synthetic(action.kind, action.params)
    if flow["kind"] == "ability":
        return catalog.abilities[str(flow["spec"])]
    spec_id = flow.get("alias") or flow.get("spec")
    return catalog.cards[spec_id] if spec_id is not None else None


# ---------------------------------------------------------------- what may be chosen

def _living(state: GameState) -> list[int]:
    return [p.pid for p in state.players if p.alive]


def _dead(state: GameState) -> list[int]:
    return [p.pid for p in state.players if not p.alive]


def colours(state: GameState) -> tuple[str, ...]:
    return api.catalog(state.ruleset).colours


def secret_roles(state: GameState, of: str | None = None) -> list[str]:
    """The rule set's secret role ids; `of` a side of the catalogue's roles: only that side's (Пролом's
    guesses: only the law's, or only the mafia's)."""
    catalog = api.catalog(state.ruleset)
    sides = {r.faction for r in catalog.roles.values() if r.secret}
    return catalog.secret_roles(of if of in sides else None)


def live_param(state: GameState, pid: int, flow: dict[str, Any], spec: ParamSpec) -> ParamSpec:
    """An action's parameter as the engine describes it now (the Маньяк's blood uses by day), else `spec`."""
    action = next((a for a in api.actions(state, pid) if a.id == flow.get("action")), None)
    live = next((p for p in action.params if p.name == spec.name), None) if action is not None else None
    return live or spec


def rooms_of(state: GameState, pid: int) -> list[int]:
    """The chat rooms (effect ids) the player is in during this phase."""
    return [e.eid for e in state.effects_of("room") if pid in e.params.get("members", [])]


def pay_capacity(state: GameState, pid: int) -> int:
    """The most a player could pay now, as the engine's payment options count it."""
    return api.payment_options(state, pid).most


def spent_cards(flow: dict[str, Any], state: GameState | None = None) -> set[int]:
    """Cards the order already uses: the played card and the cards its params name (given away,
    discarded, copied…)."""
    used = {flow["card"]} if flow.get("card") is not None else set()

    def walk(node: dict[str, Any]) -> None:
        for key, value in node.items():
            if key in ("give", "cards", "hand", "sleeve", "own") and isinstance(value, list):
                used.update(v for v in value if isinstance(v, int) and not isinstance(v, bool))
            elif key in ("hand", "sleeve") and isinstance(value, int) and not isinstance(value, bool):
                used.add(value)
            elif isinstance(value, dict) and isinstance(value.get("params"), dict):
                walk(value["params"])

    walk(flow["params"])
    return used


def accepted_targets(state: GameState, pid: int, flow: dict[str, Any], spec: ParamSpec, candidates: list[int]) -> list[int]:
    """Of an action's order (not a card's play) of a rule set that asks for it (ViewProfile.checked_targets), the
    candidates its engine check does not refuse as this target, with what is chosen so far: no button for a target
    the order would be refused for (a cop for the cops' cover, a character in prison, anyone but a jailed clan
    member for the clan's shot into prison)."""
    action = action_of(flow)
    if action is None or not api.view_profile(state.ruleset).checked_targets:
        return candidates
    chosen = order_params(flow)
    accepted = []
    for candidate in candidates:
        try:
            api.check(state, pid, action.kind, params={**chosen, spec.name: candidate})
        except Refusal as refusal:
            if refusal.code == "invalid_target" and refusal.params.get("target") == candidate:
                continue
        accepted.append(candidate)
    return accepted


def _options(state: GameState, pid: int, card: CardSpec, spec: ParamSpec, flow: dict[str, Any],
             node: dict[str, Any]) -> Question:
    kind = spec.kind
    player = state.player(pid)
    q = Question(path=[], spec=spec, card=card)
    if kind == "target":
        q.options = accepted_targets(state, pid, flow, spec, [p for p in _living(state) if p != pid or card.has("self_ok")])
    elif kind == "any_living":
        q.options = accepted_targets(state, pid, flow, spec, _living(state))
    elif kind in ("dead_target", "past_phase"):  # the dead it may name, the past phases (latest first)
        q.options = api.param_values(state, pid, card, spec)
    elif kind == "past_phases":  # up to `count` distinct past phases
        q.options = api.param_values(state, pid, card, spec)
        q.multi, (q.least, q.need) = True, api.param_span(state, pid, card, spec)
        q.need = min(q.need, len(q.options))
        q.least = min(q.least, q.need)
    elif kind == "phase_cards":  # one card per chosen phase, phase by phase
        q.options = api.param_choices(state, pid, card, spec)
        phases = node.get("phases") or []
        q.phase = int(phases[len(flow["roles"])]) if len(flow["roles"]) < len(phases) else None
    elif kind in ("targets", "dead_targets"):
        q.options = _dead(state) if kind == "dead_targets" else \
            [p for p in _living(state) if p != pid or card.has("self_ok")]
        q.multi, (q.least, q.need) = True, api.param_span(state, pid, card, spec)
        if spec.of == "repeats":
            q.repeats = True
            x = node.get("x")
            if isinstance(x, int) and not isinstance(x, bool):  # Резня бензопилой: X hits
                q.need = q.least = x
        else:
            q.need = min(q.need, len(q.options)) if q.options else q.need
    elif kind in ("card_names", "card_name", "card_effect", "accusation", "accusations", "card_multiset"):
        q.options = api.param_choices(state, pid, card, spec)
        if kind == "card_multiset":  # a card named as many times as wanted (a whole Hand)
            q.multi, q.repeats = True, True
            q.least, q.need = api.param_span(state, pid, card, spec)
        elif kind == "card_names":
            count = api.param_span(state, pid, card, spec)[1]
            q.multi, q.need, q.least = True, count, count
        elif kind in ("accusation", "accusations"):
            q.multi, q.need, q.least = True, len(q.options), 1
        if kind == "accusations":  # one accusation per chosen target, target by target
            targets = node.get("targets") or []
            q.about = int(targets[len(flow["roles"])]) if len(flow["roles"]) < len(targets) else None
    elif kind == "colour":  # all colours, or (its `of`) only the player's own or only the others
        q.options = api.param_choices(state, pid, card, spec)
    elif kind == "colours":
        q.options = list(colours(state))
        q.multi, (q.least, q.need) = True, api.param_span(state, pid, card, spec)
    elif kind == "choice":
        q.options = list(spec.choices)
    elif kind == "label":  # an anonymous label the rule set offers now (a soul on a stone)
        q.options = api.param_labels(state, pid, spec)
    elif kind == "labels":
        q.options = api.param_labels(state, pid, spec)
        q.multi, (q.least, q.need) = True, api.param_span(state, pid, card, spec)
        q.need = min(q.need, len(q.options))
        q.least = min(q.least, q.need)
    elif kind == "flag":
        q.options = [True, False]
    elif kind == "stance":  # its values as the data lists them, worded as stances
        q.options = list(spec.choices)
    elif kind == "number":
        first = spec.min or 0
        last = spec.max if spec.max is not None else \
            max(first, pay_capacity(state, pid)) if card.has("cost_x") else first + NUMBER_SPAN - 1
        q.options = list(range(first, min(last, first + NUMBER_SPAN - 1) + 1))
    elif kind in ("hand_cards", "sleeve_cards", "own_cards"):
        taken = spent_cards(flow)
        zone = player.hand if kind == "hand_cards" else player.sleeve if kind == "sleeve_cards" else \
            [*player.hand, *player.sleeve]
        q.options = [c.uid for c in zone if c.uid not in taken]
        least, most = api.param_span(state, pid, card, spec)
        q.multi, q.need, q.least = True, min(most, max(len(q.options), 1)), least
    elif kind in ("hand_card", "sleeve_card"):
        taken = spent_cards(flow)
        zone = player.hand if kind == "hand_card" else player.sleeve
        q.options = [c.uid for c in zone if c.uid not in taken]
    elif kind == "secret_role":
        q.options = secret_roles(state, spec.of)
    elif kind == "secret_roles" and spec.count_from:  # a count of roles, not one per target (Догадка)
        q.need = api.param_span(state, pid, card, spec)[1]
        q.options = secret_roles(state)
    elif kind == "secret_roles":
        targets = node.get("targets") or []
        q.subject = int(targets[len(flow["roles"])]) if len(flow["roles"]) < len(targets) else None
        q.options = secret_roles(state)
    elif kind == "role_map":
        if flow.get("picked") is None:
            q.options = [p for p in _living(state) if p != pid or spec.of == "all"]
            q.multi, q.need, q.least = True, len(q.options), 1
        else:
            picked = list(flow["picked"])
            q.subject = int(picked[len(flow["roles"])]) if len(flow["roles"]) < len(picked) else None
            q.options = secret_roles(state, spec.of)
    elif kind == "chat_room":
        q.options = rooms_of(state, pid)
    elif kind == "blood_use":
        q.options = list(live_param(state, pid, flow, spec).choices)
    return q


# ---------------------------------------------------------------- walking the schema

def next_question(state: GameState, pid: int, flow: dict[str, Any]) -> Question | None:
    """The first parameter still to be chosen (depth first), or None when all are."""
    spec = flow_spec(state, flow)
    if spec is None:
        return None
    return _walk(state, pid, spec, flow["params"], [], flow)


def _asked(state: GameState, pid: int, card: CardSpec, spec: ParamSpec, params: dict[str, Any],
           flow: dict[str, Any]) -> bool:
    """Is this parameter for this player, here? (mafia_only, a `who` list, the card's `when`, an
    action's condition, a role guessed for a target left out)."""
    if not spec.applies(params):  # a parameter only some value of an earlier one calls for
        return False
    if not api.may_give(state, pid, card, spec):  # the mafia's only, or a `who` list's
        return False
    if spec.kind == "secret_role" and card.param("target") is not None and params.get("target", 0) is None:
        return False
    if spec.kind == "phase_cards" and not params.get("phases"):  # no phase chosen: no card to name
        return False
    if spec.kind == "secret_roles" and spec.count_from:  # none to name when the count is 0 (nobody dead)
        return api.param_span(state, pid, card, spec)[1] > 0
    return not (spec.kind in ("secret_roles", "accusations") and not params.get("targets"))


def _walk(state: GameState, pid: int, card: CardSpec, params: dict[str, Any], path: list[str],
          flow: dict[str, Any]) -> Question | None:
    cards = api.catalog(state.ruleset).cards
    for spec in card.params:
        if not _asked(state, pid, card, spec, params, flow):
            continue
        if spec.name in params:
            value = params[spec.name]
            if spec.kind == "card_effect" and isinstance(value, dict):
                inner = _walk(state, pid, cards[value["card"]], value["params"],
                              [*path, spec.name, "params"], flow)
                if inner is not None:
                    return inner
            continue
        q = _options(state, pid, card, spec, flow, params)
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
    flow["picked"] = None
    flow["roles"] = []
    flow["tab"] = None


def skip(flow: dict[str, Any], q: Question) -> None:
    """An optional parameter left out (stored as None, stripped before submitting)."""
    _slot(flow, q.path)[q.path[-1]] = None
    flow["pending"] = []
    flow["picked"] = None
    flow["roles"] = []


def toggle(flow: dict[str, Any], q: Question, value: Any) -> None:
    pending: list[Any] = flow["pending"]
    if q.repeats:
        if len(pending) < q.need:
            pending.append(value)
    elif value in pending:
        pending.remove(value)
    elif len(pending) < q.need:
        pending.append(value)


def done(flow: dict[str, Any], q: Question) -> None:
    """"Done" on a list question: the pending picks are the answer (for a role map, the characters
    whose roles are asked next)."""
    if q.spec.kind == "role_map" and flow.get("picked") is None:
        flow["picked"] = list(flow["pending"])
        flow["pending"] = []
        flow["roles"] = []
        return
    if q.spec.kind == "accusations":  # this target's cards named; the last target's completes the answer
        named: list[Any] = [*flow["roles"], list(flow["pending"])]
        flow["pending"] = []
        flow["tab"] = None
        if len(named) >= len(_slot(flow, q.path).get("targets") or []):
            answer(flow, q, named)
        else:
            flow["roles"] = named
        return
    answer(flow, q, list(flow["pending"]))


def name_role(flow: dict[str, Any], q: Question, role: str) -> None:
    """One role of secret_roles / role_map (or one card of phase_cards) named; the last one completes the
    answer."""
    roles: list[str] = [*flow["roles"], role]
    flow["roles"] = roles
    if q.spec.kind == "secret_roles" and q.spec.count_from:  # a count of roles (q.need), not one per target
        if len(roles) >= q.need:
            answer(flow, q, roles)
        return
    if q.spec.kind in ("secret_roles", "phase_cards"):
        targets = _slot(flow, q.path).get("targets" if q.spec.kind == "secret_roles" else "phases") or []
        if len(roles) >= len(targets):
            answer(flow, q, roles)
        return
    picked = list(flow.get("picked") or [])
    if len(roles) >= len(picked):
        answer(flow, q, {str(p): r for p, r in zip(picked, roles, strict=True)})


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


# ---------------------------------------------------------------- the order it makes

def order_params(flow: dict[str, Any]) -> dict[str, Any]:
    """The params the engine gets: the chosen ones, the card a Sleeve card is played as (Мафик: `as`),
    the ability's card (the options of the confirm step are added by with_options)."""
    params = clean(flow["params"])
    if flow["kind"] == "ability":
        params = {"ability": flow["spec"], **params}
    if flow.get("alias"):
        params["as"] = flow["alias"]
    return params


def play_options(state: GameState, pid: int, flow: dict[str, Any]) -> list[PlayOption]:
    """The options the engine says this flow's play may carry beyond its params (api.play_options);
    none for an order that is not a play."""
    if flow["kind"] != "play" or action_of(flow) is not None:
        return []
    return api.play_options(state, pid, int(flow["card"]), order_params(flow), flow["payment"])


def with_options(state: GameState, pid: int, flow: dict[str, Any], params: dict[str, Any],
                 payment: dict[str, Any]) -> None:
    """The options set at the confirm step, each put where the engine says the order carries it (its
    params or its payment's options); the engine judges them again when the order is submitted."""
    for option in play_options(state, pid, flow):
        if flow["options"].get(option.name):
            (payment.setdefault("options", {}) if option.into == "payment" else params)[option.name] = True


def payment_cards(state: GameState, pid: int, flow: dict[str, Any]) -> list[int]:
    """The cards that may pay (the engine's payment options: Микромафик — Hand cards; Мафик — Sleeve
    cards, none in Изгнание, and the Культист's Hand cards too), never a card the order already uses."""
    spent = spent_cards(flow)
    return [uid for uid in api.payment_options(state, pid).cards if uid not in spent]


def point_step(state: GameState, pid: int) -> int:
    """Points per press of the points buttons (a cost's price in points; 0: points cannot pay)."""
    return api.payment_options(state, pid).points_per_cost


def paid(state: GameState, pid: int, flow: dict[str, Any]) -> int:
    """How much of the cost the chosen payment covers."""
    pay = flow["payment"]
    points = int(pay["points"]) // point_step(state, pid) if point_step(state, pid) else 0
    return len(pay["cards"]) + points
