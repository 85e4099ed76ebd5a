"""The master's readable account of a game: per phase, who submitted what, then what happened.

For the log group, a batch of new events becomes one text: at a resolution the phase's submissions
(the engine's `phase_orders` record: every order with its card, zone, parameters and payment, by
name) and then the effects in resolution order, each with its audience; outside a resolution (a
private message, a deck finished) the events as they happen. At the end of the game the whole game is
one self-contained HTML document: every phase with its submissions and effects, what each player was
told, and the final roles.

The log shows each thing once: an event whose master copy says the same and more (a private or card
message and the copy naming its real sender) is left out, and a drafted deck is one summary line
instead of one line per offer.
"""

from __future__ import annotations

import base64
import contextlib
import string
from collections.abc import Iterable
from html import escape
from typing import Any

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState
from engine.core.views import visible_to
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.render import Renderer, render
from tgbot.ui import names
from tgbot.ui.decisions import QUESTION_EVENT
from tgbot.ui.diagram import as_text, diagram_of, draw_png
from tgbot.ui.panel import phase_title

ORDERS_EVENT = "phase_orders"
# Player-side events the log leaves out: the master's copy of each (private_message_copy,
# card_message_sent) says the same with the real sender; a draft offer is summed up with the deck.
LOG_OMITS = frozenset({"private_message", "card_message", "draft_offer"})
TARGET_PARAMS = ("target", "targets")
# The kind of an order's parameter by its name, for orders without a card (votes, perks, …).
KEY_KINDS = {"target": "any_living", "to": "any_living", "voter": "any_living", "text": "message",
             "choice": "punishment", "amount": "number", "cards": "hand_cards", "use": "blood_use",
             "colours": "colours", "ability": "card_name", "as": "card_name", "magician_copy": "flag"}
# Bookkeeping the engine adds to an order (what its line already says).
HIDDEN_PARAMS = frozenset({"instead_of"})
# Orders whose template puts the target after the action (" → name").
SUFFIX_TARGET = frozenset({"blood", "ability"})


def audience_tag(event: Event, state: GameState, lang: str) -> str:
    if event.to == "public":
        return "📢"
    if event.to == "player" and event.who is not None:
        return f"👤 {escape(state.player(int(event.who)).name)}"
    if event.to == "faction":
        return f"👥 {t(lang, f'faction.{event.who}')}"
    return "🎩"


# ---------------------------------------------------------------- submissions

class Submissions:
    """One phase's `phase_orders` record as lines, every parameter by name."""

    def __init__(self, state: GameState, event: Event, lang: str) -> None:
        self.state, self.lang = state, lang
        self.r = Renderer(state, lang)
        self.orders: dict[str, list[dict[str, Any]]] = dict(event.params.get("orders") or {})
        self.held: dict[str, dict[str, dict[str, str]]] = dict(event.params.get("held") or {})

    def lines(self) -> list[str]:
        out = [f"• {self.r.player(pid)}: {self.order(int(pid), order)}"
               for pid, orders in sorted(self.orders.items(), key=lambda item: int(item[0])) for order in orders]
        return out or [t(self.lang, "log.no_submissions")]

    def card_of(self, pid: int, uid: Any) -> tuple[str | None, str]:
        """(card id, zone) of a card the player held when the phase ended."""
        zones = self.held.get(str(pid), {})
        for zone in ("hand", "sleeve"):
            card = zones.get(zone, {}).get(str(uid))
            if card is not None:
                return card, zone
        return None, "hand"

    def card_name(self, pid: int, uid: Any) -> str:
        card, _zone = self.card_of(pid, uid)
        return self.r.card(card) if card is not None else "?"

    def order(self, pid: int, order: dict[str, Any]) -> str:
        kind = str(order.get("kind"))
        params = dict(order.get("params") or {})
        kinds = self.param_kinds(kind, params)
        if kind == "play":
            head, shown = self.play_head(pid, order, params, kinds), set(TARGET_PARAMS) | {"as"}
        else:
            head, shown = self.template_head(pid, kind, order, params, kinds)
        rest = [self.labelled(pid, name, kinds.get(name), value) for name, value in params.items()
                if name not in shown and name not in HIDDEN_PARAMS and value is not None and value != [] and value != ""]
        paid = self.payment(pid, order.get("payment") or {})
        return "; ".join([head, *rest, *([paid] if paid else [])])

    def param_kinds(self, kind: str, params: dict[str, Any]) -> dict[str, str]:
        """Each parameter's kind: from the card's schema, an action's, or by its name."""
        specs: Iterable[Any] = ()
        if (kind == "play" and isinstance(params.get("as"), str)) or kind == "ability":
            card = params.get("as") if kind == "play" else params.get("ability")
            specs = self.card_params(str(card), ability=kind == "ability")
        elif kind in (actions := api.catalog(self.state.ruleset).actions) and not actions[kind].screen:
            specs = actions[kind].params
        return {**KEY_KINDS, **{spec.name: spec.kind for spec in specs}}

    def card_params(self, card: str, *, ability: bool = False) -> tuple[Any, ...]:
        if ability:
            spec = api.catalog(self.state.ruleset).abilities.get(card)
            return spec.params if spec is not None else ()
        catalog = get_ruleset(self.state.ruleset).catalog
        return catalog[card].params if card in catalog else ()

    def play_head(self, pid: int, order: dict[str, Any], params: dict[str, Any], kinds: dict[str, str]) -> str:
        card, zone = self.card_of(pid, order.get("card"))
        if card is not None and not isinstance(params.get("as"), str):
            kinds.update({spec.name: spec.kind for spec in self.card_params(card)})
        head = f"«{self.r.card(card) if card is not None else '?'}»"
        if len(api.view_profile(self.state.ruleset).zones) > 1:  # which of the zones it was played from
            head += f" ({t(self.lang, f'log.zone_{zone}')})"
        if isinstance(params.get("as"), str):
            head += " " + t(self.lang, "ui.note_as", card=self.r.card(params["as"]))
        targets = [self.value(pid, kinds.get(name, "targets"), params[name]) for name in TARGET_PARAMS
                   if params.get(name) not in (None, [])]
        return head + (" → " + ", ".join(targets) if targets else "")

    def template_head(self, pid: int, kind: str, order: dict[str, Any], params: dict[str, Any],
                      kinds: dict[str, str]) -> tuple[str, set[str]]:
        """The order's line as players see it (`ui.order_<kind>`), filled by name; the parameters it
        names are shown."""
        try:
            template = t(self.lang, f"ui.order_{kind}")
        except KeyError:
            return self.action_head(kind, params)
        fields = {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}
        values: dict[str, str] = {}
        for name in fields:
            if name == "card" and order.get("card") is not None:
                values[name] = self.card_name(pid, order["card"])
            elif name == "card" and "ability" in params:
                values[name] = self.r.card(params["ability"])
            elif name in params:
                text = self.value(pid, kinds.get(name, ""), params[name])
                values[name] = f" → {text}" if name == "target" and kind in SUFFIX_TARGET else text
        return t(self.lang, f"ui.order_{kind}", **values), fields & set(params) | {"ability"}

    def action_head(self, kind: str, params: dict[str, Any]) -> tuple[str, set[str]]:
        """An order without its own sentence (a rule set's ability): the action's label as the panel
        shows it and " → " its targets; the other parameters follow labelled."""
        action = next((a for a in api.catalog(self.state.ruleset).actions.values() if a.kind == kind), None)
        if action is None or not action.label_key:
            return escape(kind), set()
        targets = [params[name] for name in TARGET_PARAMS if params.get(name) not in (None, [])]
        flat = [v for value in targets for v in (value if isinstance(value, list) else [value])]
        arrow = " → " + ", ".join(self.r.player(v) for v in flat) if flat else ""
        return t(self.lang, action.label_key) + arrow, set(TARGET_PARAMS)

    def labelled(self, pid: int, name: str, kind: str | None, value: Any) -> str:
        label = escape(name)
        if kind is not None:
            with contextlib.suppress(KeyError):
                label = t(self.lang, f"label.{kind}")
        return f"{label}: {self.value(pid, kind or '', value)}"

    def value(self, pid: int, kind: str, value: Any) -> str:
        """A parameter's value by name (players, cards, roles, colours, stances…), never a raw id."""
        r, lang = self.r, self.lang
        values = value if isinstance(value, list) else [value]
        if kind in ("target", "any_living", "dead_target", "targets", "dead_targets"):
            return ", ".join(r.player(v) for v in values)
        if kind in ("card_names", "card_name", "accusation", "phase_cards", "card_multiset"):
            return r.cards(values)
        if kind == "accusations":  # one accusation per target
            return "; ".join(r.cards(v if isinstance(v, list) else [v]) for v in values)
        if kind == "card_effect" and isinstance(value, dict):
            inner = dict(value.get("params") or {})
            specs = {spec.name: spec.kind for spec in self.card_params(str(value.get("card")))}
            details = "; ".join(self.labelled(pid, k, specs.get(k, KEY_KINDS.get(k)), v) for k, v in inner.items())
            return f"«{r.card(value.get('card'))}»" + (f" ({details})" if details else "")
        if kind in ("hand_cards", "sleeve_cards", "own_cards", "hand_card", "sleeve_card"):
            return ", ".join(self.card_name(pid, v) for v in values)
        if kind in ("colour", "colours"):
            return ", ".join(r.colour(v) for v in values)
        if kind in ("secret_role", "secret_roles"):
            return ", ".join(r.role(v) for v in values)
        if kind == "role_map" and isinstance(value, dict):
            return ", ".join(f"{r.player(p)} — {r.role(role)}" for p, role in value.items())
        if kind == "message":
            return ", ".join(f"«{escape(str(v))}»" for v in values)
        if kind == "messages":
            return " | ".join(f"«{escape(str(v))}»" for v in values)
        if kind == "flag":
            return t(lang, "btn.yes" if value else "btn.no")
        labelled = {"stance": "stance", "choice": "choice", "blood_use": "blood", "punishment": "punishment"}
        if kind in labelled:
            try:
                return t(lang, f"{labelled[kind]}.{value}")
            except KeyError:
                return escape(str(value))
        if kind == "chat_room":
            room = next((e for e in self.state.effects if e.eid == value), None)
            return ", ".join(r.player(m) for m in room.params.get("members", [])) if room else escape(str(value))
        if kind in ("past_phase", "past_phases"):
            return ", ".join(names.phase_name(lang, int(v)) for v in values)
        return escape(str(value))

    def payment(self, pid: int, payment: dict[str, Any]) -> str:
        parts = []
        if payment.get("cards"):
            parts.append(t(self.lang, "log.paid_cards", cards=", ".join(self.card_name(pid, u) for u in payment["cards"])))
        if payment.get("points"):
            key = f"log.paid_{api.view_profile(self.state.ruleset).currency}"
            parts.append(t(self.lang, key, n=payment["points"]))
        parts += [f"{escape(str(k))}: {escape(str(v))}" for k, v in dict(payment.get("options") or {}).items()]
        return t(self.lang, "log.paid", what=", ".join(parts)) if parts else ""


# ---------------------------------------------------------------- the log group

def draft_summary(state: GameState, event: Event, lang: str) -> str | None:
    """A drafted deck in one line: the cards taken and, compactly, what each offer was (the pick in
    bold); None for a deck not drafted."""
    pid = event.who
    offers = [e for e in state.events if e.kind == "draft_offer" and e.who == pid and e.seq < event.seq]
    cards = [str(c) for c in event.params.get("cards") or []]
    if not offers or not cards or pid is None:
        return None
    r = Renderer(state, lang)
    shown = []
    for offer, pick in zip(offers[-len(cards):], cards, strict=False):
        shown.append(", ".join(f"<b>{r.card(c)}</b>" if c == pick else r.card(c) for c in offer.params.get("options") or []))
    return t(lang, "log.draft", name=r.player(pid), cards=r.cards(cards), offers=" | ".join(shown))


def log_lines(state: GameState, event: Event, lang: str) -> list[str]:
    """What the master's log shows for one event (nothing for an event it leaves out)."""
    if event.kind in LOG_OMITS or event.kind == QUESTION_EVENT:
        return []
    if event.kind == ORDERS_EVENT:
        return Submissions(state, event, lang).lines()
    if event.kind == "deck_built":
        summary = draft_summary(state, event, lang)
        if summary is not None:
            return [summary]
    return [f"{audience_tag(event, state, lang)} {render(state, event, lang)}"]


def log_text(game_id: int, state: GameState, events: list[Event], lang: str) -> str:
    """A batch of new events as the log's one message: at a resolution "who did what" (the submissions)
    and then the effects in order; otherwise the events as they happen. Empty: nothing to log."""
    record = next((e for e in events if e.kind == ORDERS_EVENT), None)
    effects = [line for e in events if e is not record for line in log_lines(state, e, lang)]
    if record is None:
        return "\n".join([t(lang, "log.events", game=game_id), *effects]) if effects else ""
    return "\n".join([t(lang, "log.resolution", game=game_id, phase=phase_title(lang, record.phase)),
                      f"<b>{t(lang, 'log.submissions')}</b>", *log_lines(state, record, lang),
                      f"<b>{t(lang, 'log.effects')}</b>", *effects])


# ---------------------------------------------------------------- the record at the end

STYLE = """
body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em;line-height:1.4;color:#222}
h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #ccc;margin-top:1.5em}h3{font-size:1em;margin:.8em 0 .3em}
ul{margin:.2em 0;padding-left:1.4em}li{margin:.15em 0}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}details{margin:.2em 0}.dead{color:#888}
"""


def _items(lines: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li>{line.replace(chr(10), '<br>')}</li>" for line in lines) + "</ul>"


def record_phase_title(state: GameState, lang: str, phase: int) -> str:
    """A phase's heading in the record: phase 0 is deck building only in a rule set that has it."""
    if phase == 0 and not get_ruleset(state.ruleset).deck_building:
        return t(lang, "log.html_setup")
    return phase_title(lang, phase)


def status_words(state: GameState, statuses: Iterable[Any], lang: str) -> str:
    """Public statuses (the rule set's `statuses`: {"status": kind, …}) as words: «тюрьма, дух»."""
    return ", ".join(escape(names.effect_name(state.ruleset, str(s["status"]), lang)) for s in statuses
                     if isinstance(s, dict) and s.get("status"))


def status_lines(state: GameState, record: Event, lang: str) -> list[str]:
    """Who had which public status while the phase ran (the `phase_orders` record's `statuses`)."""
    r = Renderer(state, lang)
    shown = dict(record.params.get("statuses") or {})
    return [f"{r.player(int(pid))}: {status_words(state, mine, lang)}"
            for pid, mine in sorted(shown.items(), key=lambda item: int(item[0])) if mine]


def _roles_table(state: GameState, lang: str) -> str:
    r = Renderer(state, lang)
    ruleset = get_ruleset(state.ruleset)
    head = "".join(f"<th>{t(lang, f'log.html_{c}')}</th>" for c in ("player", "public_role", "secret_role", "side", "fate"))
    rows = []
    for p in state.players:
        public = escape(gamedata.public_role_label(state.ruleset, p.public_role, lang, p.role_title))
        fate = t(lang, "log.html_alive" if p.alive else "log.html_dead")
        statuses = status_words(state, ruleset.statuses(state, p.pid), lang) if p.alive else ""
        if statuses:
            fate += f" · {statuses}"
        rows.append(f"<tr class=\"{'' if p.alive else 'dead'}\"><td>{r.player(p.pid)}</td><td>{public}</td>"
                    f"<td>{r.role(p.secret_role)}</td><td>{r.faction(p.faction)}</td><td>{fate}</td></tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _phase_section(state: GameState, phase: int, events: list[Event], lang: str) -> str:
    r = Renderer(state, lang)
    out = [f"<h2>{record_phase_title(state, lang, phase)}</h2>"]
    for record in (e for e in events if e.kind == ORDERS_EVENT):
        statuses = status_lines(state, record, lang)
        if statuses:
            out += [f"<h3>{t(lang, 'log.html_statuses')}</h3>", _items(statuses)]
        out += [f"<h3>{t(lang, 'log.submissions')}</h3>", _items(log_lines(state, record, lang))]
    effects = [line + _picture(e, lang) for e in events if e.kind != ORDERS_EVENT for line in
               ([f"🎩 {render(state, e, lang)}"] if e.kind == QUESTION_EVENT else log_lines(state, e, lang))]
    if effects:
        out += [f"<h3>{t(lang, 'log.effects')}</h3>", _items(effects)]
    told = []
    for p in state.players:
        mine = [render(state, e, lang) for e in events if e.to != "public" and visible_to(e, state, p.pid)]
        if mine:
            told.append(f"<details><summary>{r.player(p.pid)}</summary>{_items(mine)}</details>")
    if told:
        out += [f"<h3>{t(lang, 'log.html_told')}</h3>", *told]
    return "\n".join(out)


def _picture(event: Event, lang: str) -> str:
    """An event's diagram as an image of the page itself (a data URI), its text the image's alt; "" without one."""
    diagram = diagram_of(event)
    if diagram is None:
        return ""
    try:
        png = base64.b64encode(draw_png(diagram, lang)).decode("ascii")
    except (OSError, ValueError):
        return "<br>" + as_text(diagram, lang)
    alt = as_text(diagram, lang).replace("\n", "; ")  # escaped already
    return f'<br><img src="data:image/png;base64,{png}" alt="{alt}" width="540">'


def game_record(game_id: int, state: GameState, lang: str) -> str:
    """The whole game as a self-contained HTML page in `lang`: the final roles, then every phase."""
    r = Renderer(state, lang)
    ruleset = names.ruleset_name(lang, state.ruleset)
    title = t(lang, "log.html_title", game=game_id, ruleset=ruleset)
    phases: dict[int, list[Event]] = {}
    for event in state.events:
        phases.setdefault(event.phase, []).append(event)
    winners = ", ".join(r.faction(f) for f in state.winners) or r.faction("none")
    body = [f"<h1>{title}</h1>", f"<p>{t(lang, 'log.html_winners', winners=winners)}</p>",
            f"<h2>{t(lang, 'log.html_roles')}</h2>", _roles_table(state, lang),
            *(_phase_section(state, phase, events, lang) for phase, events in sorted(phases.items()))]
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(lang)}\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{STYLE}</style></head>\n<body>\n" + "\n".join(body) + "\n</body></html>\n")
