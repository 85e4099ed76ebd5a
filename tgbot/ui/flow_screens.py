"""The card flow's screens: what has been chosen so far, the question asked now with its buttons, the
payment, and the confirmation (the flow itself, walking a card's ParamSpec schema, is tgbot/ui/flow.py)."""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.cardgame.options import PlayOption
from engine.core import api
from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import CardInstance, GameState
from tgbot import gamedata
from tgbot.i18n import has, t
from tgbot.render import Renderer
from tgbot.ui import flow as fl
from tgbot.ui import names
from tgbot.ui.callbacks import Code
from tgbot.ui.panel import button, fact_text, markup


def held(gs: GameState, pid: int, uid: int, *, sleeve: bool | None = None) -> tuple[CardInstance, str]:
    """The card with this uid in the player's zones the panel shows (Hand, Sleeve), and its zone."""
    player = gs.player(pid)
    shown = ("sleeve",) if sleeve is True else ("hand",) if sleeve is False else api.view_profile(gs.ruleset).zones
    zones = {zone: getattr(player, zone) for zone in shown}
    for zone, cards in zones.items():
        card = next((c for c in cards if c.uid == uid), None)
        if card is not None:
            return card, zone
    raise Refusal("card_not_in_hand", uid=uid)


def card_head(gs: GameState, card_id: str, lang: str) -> str:
    """A card's name (with its colour, where the rule set shows colours) and text."""
    name = f"<b>{escape(gamedata.card_name(gs.ruleset, card_id, lang))}</b>"
    if api.view_profile(gs.ruleset).card_colours:
        name += f" ({t(lang, 'colour.' + gamedata.card(gs.ruleset, card_id)['colour'])})"
    return f"{name}\n{escape(gamedata.card_text(gs.ruleset, card_id, lang))}"


def flow_cost(gs: GameState, pid: int, flow: dict[str, Any]) -> int:
    if flow["kind"] == "play":
        params = fl.clean(flow["params"])
        if flow.get("alias"):
            params["as"] = flow["alias"]
        return api.play_cost(gs, pid, int(flow["card"]), params)
    return api.order_cost(gs, str(flow["kind"]))


def _flow_keyboard(gs: GameState, flow: dict[str, Any], rows: list[list[InlineKeyboardButton]],
                   lang: str) -> InlineKeyboardMarkup:
    rows.append([button(t(lang, "btn.cancel"), flow["game"], flow["phase"], Code.PANEL)])
    return markup(rows)


def _fb(text: str, flow: dict[str, Any], value: str) -> InlineKeyboardButton:
    return button(text, flow["game"], flow["phase"], Code.FLOW, value)


def _summary(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> str:
    ruleset = gs.ruleset
    if flow["kind"] == "play":
        card, zone = held(gs, pid, int(flow["card"]))
        if flow.get("alias"):
            head = t(lang, "ui.play_as_head", card=escape(gamedata.card_name(ruleset, card.card, lang)),
                     alias=escape(gamedata.card_name(ruleset, flow["alias"], lang)))
            head += "\n" + card_head(gs, flow["alias"], lang)
        else:
            head = card_head(gs, card.card, lang)
            if zone == "sleeve":
                head = t(lang, "ui.from_sleeve") + "\n" + head
    elif flow["kind"] == "ability":
        head = t(lang, "ui.ability_head", card=escape(gamedata.card_name(ruleset, flow["spec"], lang))) + "\n" + \
            escape(gamedata.card_text(ruleset, flow["spec"], lang))
    elif (action := fl.action_of(flow)) is not None:
        head = f"<b>{t(lang, action.label_key)}</b>"
        about = action.label_key.replace("act.", "act_about.", 1)  # what it does, where the locales say
        if about != action.label_key and has(lang, about):
            head += "\n" + t(lang, about)
    else:
        head = "<b>" + t(lang, "ui.flow_" + str(flow["kind"])) + "</b>"
    spec = fl.flow_spec(gs, flow)
    chosen = describe_params(gs, pid, spec, flow["params"], lang) if spec is not None else ""
    if flow.get("error"):
        head = "⚠️ " + escape(str(flow["error"])) + "\n\n" + head
    return head + ("\n\n" + chosen if chosen else "")


def describe_params(gs: GameState, pid: int, spec: CardSpec, params: dict[str, Any], lang: str) -> str:
    """What has been chosen so far, one line a parameter, by the parameter's kind."""
    from engine.core.ruleset import get_ruleset

    lines = []
    for param in spec.params:
        value = params.get(param.name)
        if param.name not in params or value is None:
            continue
        if param.kind == "card_effect" and isinstance(value, dict):
            inner_spec = get_ruleset(gs.ruleset).catalog[value["card"]]
            inner = describe_params(gs, pid, inner_spec, value["params"], lang)
            text = escape(gamedata.card_name(gs.ruleset, value["card"], lang)) + (f" ({inner})" if inner else "")
        elif param.kind == "phase_cards" and isinstance(value, list):  # each chosen phase's card
            phases = params.get("phases") or []
            text = "; ".join(f"{escape(names.phase_name(lang, int(p)))} — "
                             f"{escape(gamedata.card_name(gs.ruleset, str(c), lang))}"
                             for p, c in zip(phases, value, strict=False))
        elif param.kind == "accusations" and isinstance(value, list):  # each target's named cards
            targets = params.get("targets") or []
            text = "; ".join(f"{escape(gs.player(int(p)).name)} — {value_text(gs, pid, 'accusation', v, lang)}"
                             for p, v in zip(targets, value, strict=False))
        elif param.kind == "choice" and (word := choice_words(gs, pid, spec.id, param.name, lang).get(str(value))):
            text = escape(word)
        else:
            text = value_text(gs, pid, param.kind, value, lang)
        label = f"label.param_{param.name}"
        lines.append(f"{t(lang, label if has(lang, label) else 'label.' + param.kind)}: {text}")
        about = f"choice_about.{value}"  # what a chosen value does (an item of a shop), where the locales say
        if param.kind == "choice" and has(lang, about):
            lines.append(t(lang, about))
    return "\n".join(lines)


PLAYER_KINDS = ("target", "any_living", "dead_target", "targets", "dead_targets")
CARD_KINDS = ("card_names", "card_name", "card_effect", "accusation", "accusations", "phase_cards", "card_multiset")
HELD_KINDS = ("hand_cards", "sleeve_cards", "own_cards", "give", "hand_card", "sleeve_card")
WORD_TABLES = {"colour": "colour", "colours": "colour", "choice": "choice", "stance": "stance", "blood_use": "blood"}


def value_word(gs: GameState, pid: int, kind: str, value: Any, lang: str) -> str | None:
    """One chosen value of a parameter kind as plain text (a name, a card, a word), or None for a kind
    that has no word of its own. The one reading behind the summary (value_text) and the buttons (_label)."""
    if kind in PLAYER_KINDS:
        return gs.player(int(value)).name
    if kind in CARD_KINDS:
        return gamedata.card_name(gs.ruleset, str(value), lang)
    if kind in HELD_KINDS:
        player = gs.player(pid)
        held = {c.uid: c.card for c in [*player.hand, *player.sleeve, *player.discard]}
        return gamedata.card_name(gs.ruleset, held[value], lang) if value in held else "?"
    if kind in WORD_TABLES:
        return t(lang, f"{WORD_TABLES[kind]}.{value}")
    if kind in ("secret_role", "secret_roles"):
        return gamedata.role_name(gs.ruleset, str(value), lang)
    if kind == "flag":
        return t(lang, "btn.yes" if value else "btn.no")
    if kind == "chat_room":
        return _room_names(gs, int(value))
    if kind in ("label", "labels"):  # anonymous labels are shown as they are
        return str(value)
    if kind in ("past_phase", "past_phases"):
        return names.phase_name(lang, int(value))
    return None


def value_text(gs: GameState, pid: int, kind: str, value: Any, lang: str) -> str:
    """A parameter's whole value for the summary (HTML): every item of a list, a role map as pairs."""
    if kind == "accusations" and isinstance(value, list):
        return "; ".join(value_text(gs, pid, "accusation", v, lang) for v in value)
    if kind == "role_map" and isinstance(value, dict):
        return ", ".join(f"{escape(gs.player(int(p)).name)} — {escape(gamedata.role_name(gs.ruleset, str(r), lang))}"
                         for p, r in value.items())
    values = value if isinstance(value, list) and kind not in ("stance", "choice", "blood_use", "flag", "chat_room") \
        else [value]
    words = [value_word(gs, pid, kind, v, lang) for v in values]
    if any(w is None for w in words):
        return escape(str(value))
    return ", ".join(escape(str(w)) for w in words)


def _room_names(gs: GameState, eid: int) -> str:
    room = next((e for e in gs.effects if e.eid == eid), None)
    if room is None:
        return str(eid)
    return ", ".join(gs.player(int(m)).name for m in room.params.get("members", []))


def settle(gs: GameState, pid: int, flow: dict[str, Any]) -> None:
    """Move past the stages with nothing to do: no parameter left to ask, no cost to pay."""
    if flow["stage"] == "params" and fl.next_question(gs, pid, flow) is None:
        flow["stage"] = "pay"
    if flow["stage"] == "pay" and flow_cost(gs, pid, flow) <= 0:
        flow["stage"] = "confirm"


def flow_screen(gs: GameState, pid: int, flow: dict[str, Any], lang: str) -> tuple[str, InlineKeyboardMarkup]:
    settle(gs, pid, flow)
    summary = _summary(gs, pid, flow, lang)
    q = fl.next_question(gs, pid, flow) if flow["stage"] == "params" else None
    rows: list[list[InlineKeyboardButton]] = []
    if q is not None:
        prompt = _prompt(gs, flow, q, lang)
        if q.spec.kind not in fl.TEXT_KINDS:
            rows = _question_rows(gs, pid, flow, q, lang)
            if not q.options:  # never an empty choice: say so (only skipping or cancelling is left)
                prompt = t(lang, "ui.nothing_to_choose")
        if q.spec.optional and not flow["roles"] and flow.get("picked") is None:
            rows.append([_fb(t(lang, "btn.skip"), flow, "s")])
        return f"{summary}\n\n{prompt}", _flow_keyboard(gs, flow, rows, lang)
    if flow["stage"] == "pay":
        return _pay_screen(gs, pid, flow, flow_cost(gs, pid, flow), summary, lang)
    lines = [summary, "", t(lang, "ui.confirm_instant" if fl.is_instant(flow) else "ui.confirm")]
    for option in options_offered(gs, pid, flow):
        on = bool(flow["options"].get(option.name))
        rows.append([_fb(("✅ " if on else "") + t(lang, option.label_key), flow, f"opt={option.name}")])
    rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
    return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)


def _prompt(gs: GameState, flow: dict[str, Any], q: fl.Question, lang: str) -> str:
    kind = q.spec.kind
    if kind == "messages":
        targets = fl._slot(flow, q.path).get("targets") or []
        return t(lang, "ask.messages", to=escape(gs.player(targets[len(flow["pending"])]).name))
    if kind == "accusations" and q.about is not None:  # the cards named against one target
        prompt = t(lang, "ask.accusations", subject=escape(gs.player(q.about).name))
        return prompt + ("\n" + t(lang, "ui.picked", n=len(flow["pending"])) if flow["pending"] else "")
    if kind == "phase_cards" and q.phase is not None:  # the card "played" in one chosen phase
        return t(lang, "ask.phase_cards", phase=escape(names.phase_name(lang, q.phase)))
    if q.subject is not None:  # naming the role of one character (secret_roles, role_map)
        return t(lang, "ask.role_for", subject=escape(gs.player(q.subject).name))
    own = f"ask.param_{q.spec.name}"  # a parameter with words of its own (one of several targets with roles)
    prompt = t(lang, own if has(lang, own) else f"ask.{kind}", need=q.need, least=q.least)
    if q.multi and flow["pending"]:
        prompt += "\n" + t(lang, "ui.picked", n=len(flow["pending"]))
    return prompt


def options_offered(gs: GameState, pid: int, flow: dict[str, Any]) -> list[PlayOption]:
    """The options of the play the engine offers now, asked at the confirm step (api.play_options)."""
    return [option for option in fl.play_options(gs, pid, flow) if option.available]


def _pay_screen(gs: GameState, pid: int, flow: dict[str, Any], cost: int, summary: str,
                lang: str) -> tuple[str, InlineKeyboardMarkup]:
    """The cost, what may pay it (the engine's payment options: cards, points, any note), the choice."""
    pay = flow["payment"]
    player = gs.player(pid)
    payment = api.payment_options(gs, pid)
    words = f"pay.{payment.currency}"  # the currency's words: head, line, short, minus, plus
    step = payment.points_per_cost
    chosen = fl.paid(gs, pid, flow)
    lines = [summary, "", t(lang, f"{words}.head", cost=cost, chosen=chosen, points=player.points)]
    if step and has(lang, f"{words}.line"):
        lines.append(t(lang, f"{words}.line", blood=player.points))
    lines += [t(lang, note) for note in payment.notes]
    options = fl.payment_cards(gs, pid, flow)
    if len(options) + (player.points // step if step else 0) < cost:
        lines.append(t(lang, f"{words}.short", cost=cost, cards=len(options)))
    zones = api.view_profile(gs.ruleset).zones
    cards = {c.uid: (zone, c) for zone in zones for c in getattr(player, zone)}
    rows: list[list[InlineKeyboardButton]] = []
    for uid in options:
        zone, card = cards[uid]
        mark = ("✅ " if uid in pay["cards"] else "") + (ZONE_MARKS[zone] if len(zones) > 1 else "")
        rows.append([_fb(mark + gamedata.card_name(gs.ruleset, card.card, lang), flow, f"pc={uid}")])
    if step:
        rows.append([_fb(t(lang, f"{words}.minus"), flow, "pp=-1"), _fb(str(pay["points"]), flow, "noop"),
                     _fb(t(lang, f"{words}.plus"), flow, "pp=1")])
    if chosen == cost:
        rows.append([_fb(t(lang, "btn.confirm"), flow, "ok")])
    return "\n".join(lines), _flow_keyboard(gs, flow, rows, lang)


ZONE_MARKS = {"hand": "✋ ", "sleeve": "🎴 "}  # where a card that pays lies, when more than one zone may pay


def choice_words(gs: GameState, pid: int, action: str, param: str, lang: str) -> dict[str, str]:
    """The rule set's words for the values of a choice as they stand now for this player (a price, the stock
    left: api.choice_facts), by value; a value without any is worded by its plain label."""
    r = Renderer(gs, lang)
    return {value: fact_text(r, fact) for value, fact in api.choice_facts(gs, pid, action, param).items()}


def _label(gs: GameState, pid: int, q: fl.Question, value: Any, lang: str) -> str:
    """A button's text for one value of the question (plain: buttons are not HTML). A role map asks
    first whose role (a character), then which role."""
    kind = q.spec.kind
    if kind == "role_map":
        kind = "target" if q.subject is None else "secret_role"
    word = value_word(gs, pid, kind, value, lang)
    return str(value) if word is None else word


def _question_rows(gs: GameState, pid: int, flow: dict[str, Any], q: fl.Question,
                   lang: str) -> list[list[InlineKeyboardButton]]:
    kind = q.spec.kind
    pending = flow["pending"]
    rows: list[list[InlineKeyboardButton]] = []
    prefix = "t=" if q.multi else "p="
    options = q.options
    if kind in CARD_KINDS:
        from engine.core.ruleset import get_ruleset

        catalog = get_ruleset(gs.ruleset).catalog
        tabs = list(dict.fromkeys(catalog[c].colour for c in q.options))
        tab = flow.get("tab") if flow.get("tab") in tabs else (tabs[0] if tabs else None)
        tab_buttons = [_fb(("• " if c == tab else "") + t(lang, f"colour.{c}"), flow, f"tab={c}") for c in tabs]
        rows += [tab_buttons[i:i + 4] for i in range(0, len(tab_buttons), 4)]
        options = [c for c in q.options if catalog[c].colour == tab]
    spec = fl.flow_spec(gs, flow)
    words = choice_words(gs, pid, spec.id, q.spec.name, lang) if kind == "choice" and spec is not None else {}
    buttons = []
    for value in options:
        raw = "1" if value is True else "0" if value is False else str(value)
        if q.repeats:
            count = pending.count(value)
            mark = f"×{count} " if count else ""
        else:
            mark = "✅ " if q.multi and value in pending else ""
        buttons.append(_fb(mark + (words.get(raw) or _label(gs, pid, q, value, lang)), flow, f"{prefix}{raw}"))
    per_row = 1 if kind in ("choice", "blood_use", "chat_room", "hand_cards", "sleeve_cards", "own_cards",
                            "hand_card", "sleeve_card") else 4 if kind == "number" else 2
    rows += [buttons[i:i + per_row] for i in range(0, len(buttons), per_row)]
    if q.repeats and pending:
        rows.append([_fb(t(lang, "btn.reset"), flow, "r")])
    if q.multi and q.least <= len(pending) <= q.need:
        rows.append([_fb(t(lang, "btn.done"), flow, "d")])
    return rows


