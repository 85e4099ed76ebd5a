"""A player's panel: everything they need for the current phase in one message, with buttons.

Built from `player_view` only, so nothing a player may not see can reach it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from html import escape, unescape
from string import Formatter
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core import api
from engine.core.actions import Action
from engine.core.profile import PanelFact
from engine.core.state import Event, GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import has, t
from tgbot.render import Renderer
from tgbot.services.options import options_of
from tgbot.ui.callbacks import Act, Code

log = logging.getLogger("tgbot.panel")
TIMEZONE = "Europe/Moscow"
# More rows of buttons for a player's panel, from other modules (communication, a new deck): each is
# called with (game, state, pid, lang) and returns rows (possibly none). Kept by place, not by the order
# in which the modules happened to be imported (add_panel_rows).
PanelRows = Callable[[dict[str, Any], GameState, int, str], list[list[InlineKeyboardButton]]]
PANEL_ROWS: list[PanelRows] = []
_PLACES: dict[PanelRows, int] = {}
PLACE_COMMS = 10  # ✉ Приват, 👥 Комната (tgbot/ui/comms.py)
PLACE_NEW_DECK = 20  # a new deck (tgbot/ui/deck.py)


def add_panel_rows(rows: PanelRows, place: int) -> None:
    """Put a module's rows on every panel at `place` (lower first); a second call changes nothing."""
    if rows in _PLACES:
        return
    if place in _PLACES.values():
        raise ValueError(f"panel place {place} is taken")
    _PLACES[rows] = place
    PANEL_ROWS.append(rows)
    PANEL_ROWS.sort(key=_PLACES.__getitem__)


_BUTTON = InlineKeyboardButton(text="", callback_data="")


def button(text: str, game: int, phase: int, action: str, value: Any = "") -> InlineKeyboardButton:
    # A panel has a dozen on every click: a copy of one validated button with its two strings set is twice
    # as quick as the constructor and eight times as quick as aiogram's `model_construct` (which runs its
    # Python hooks for every field); both values are plain strings (Act.data checks the callback's).
    return _BUTTON.model_copy(update={"text": text, "callback_data": Act.data(game, phase, action, value)})


def markup(rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[row for row in rows if row])


def phase_title(lang: str, phase: int) -> str:
    if phase == 0:
        return t(lang, "ui.deck_phase")
    day = (phase + 1) // 2
    return t(lang, "ui.night_title" if phase % 2 == 1 else "ui.day_title", day=day)


def deadline_text(lang: str, deadline_at: float | None, timezone: str = TIMEZONE) -> str:
    if deadline_at is None:
        return ""
    when = datetime.fromtimestamp(float(deadline_at), ZoneInfo(timezone))
    return t(lang, "ui.deadline", time=when.strftime("%d.%m %H:%M"), tz=timezone)


def waiting_line(game: dict[str, Any], state: GameState, lang: str) -> str:
    """With the master's `show_waiting` on: the living who have not submitted yet — names only, never
    what anyone submitted; "" otherwise."""
    if not options_of(game)["show_waiting"]:
        return ""
    names = [escape(state.player(pid).name) for pid, done in api.submitted(state).items() if not done]
    return t(lang, "ui.waiting", names=", ".join(names)) if names else t(lang, "ui.waiting_none")


def _mark(play: Action) -> str:
    """" 🚫" after a card that cannot be played now, from its play's descriptor (api.actions)."""
    return "" if play.available else " 🚫"


def _plays(actions: list[Action]) -> dict[int, Action]:
    return {a.card: a for a in actions if a.kind == "play" and a.card is not None}


def held_names(state: GameState, pid: int, lang: str) -> dict[int, str]:
    """The player's cards in every zone by uid, as names (HTML-escaped)."""
    player = state.player(pid)
    zones = api.view_profile(state.ruleset).zones
    return {c.uid: escape(gamedata.card_name(state.ruleset, c.card, lang))
            for zone in zones for c in getattr(player, zone)}


def play_as(state: GameState, pid: int) -> list[str]:
    """The cards this player may play a Sleeve card as (a card's screen offers each)."""
    return list(dict.fromkeys(str(e.params["card"]) for e in state.effects_of("play_as", target=pid)))


def abilities(state: GameState, pid: int, actions: list[Action] | None = None) -> list[str]:
    """Granted abilities usable now ("every night you may…"), by card id (api.actions)."""
    return [str(a.card_id) for a in (api.actions(state, pid) if actions is None else actions)
            if a.source == "ability" and a.available]


# ---------------------------------------------------------------- words for parameters

# Parameters worded by the panel beyond tgbot/render.py's names: a word-key family by the param's name.
WORD_FAMILIES = {"stance": "stance", "statuses": "status", "use": "blood"}


def _word(r: Renderer, name: str, value: Any, about: str) -> Any:
    """A parameter's value in words, by its name (`about`: the sentence's key, as an event's kind)."""
    family = WORD_FAMILIES.get(name)
    if family is not None:
        if isinstance(value, (list, tuple, set, frozenset)):
            words = [t(r.lang, f"{family}.{v}") for v in value]
            # an unordered collection is shown in the order of its words
            return ", ".join(sorted(set(words)) if isinstance(value, (set, frozenset)) else words)
        return t(r.lang, f"{family}.{value}")
    if isinstance(value, PanelFact):
        return fact_text(r, value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, PanelFact) for v in value):
        return "".join(" " + fact_text(r, v) for v in value)  # sentences that follow the fact's own
    if isinstance(value, (list, tuple, set, frozenset)) and not value:
        return ""
    return r.value(name, value, Event(seq=0, phase=r.state.phase, kind=about, to="player"))


def fact_text(r: Renderer, fact: PanelFact) -> str:
    """A line of the rule set's (api.panel_facts): its key with each param worded by name."""
    return t(r.lang, fact.key, **{name: _word(r, name, value, fact.key) for name, value in fact.params.items()})


# ---------------------------------------------------------------- orders

def _arrow(r: Renderer, params: dict[str, Any]) -> str:
    """" → " and the order's targets, or nothing."""
    targets = [params["target"]] if "target" in params else list(params.get("targets") or [])
    return (" → " + ", ".join(r.player(p) for p in targets)) if targets else ""


def _order_words(r: Renderer, template: str, order: dict[str, Any], held: dict[int, str]) -> dict[str, Any]:
    """The words of the placeholders `template` has, by name. A `{target}` glued to the text before it
    is a suffix, " → " and the targets; the order's `card` is the held card it is made with (or the
    card whose ability it uses); `cards` are held cards too."""
    params = order.get("params") or {}
    words: dict[str, Any] = {}
    after_field = False
    for literal, name, _spec, _conv in Formatter().parse(template):
        if name is None:
            continue
        glued = not literal[-1].isspace() if literal else after_field
        after_field = True
        if name in words:
            continue
        if name == "card":
            card = order.get("card")
            words[name] = held.get(int(card), "?") if card is not None else \
                r.card(params["ability"]) if "ability" in params else "?"
        elif name == "cards":
            words[name] = ", ".join(held.get(int(u), "?") for u in params.get("cards") or [])
        elif name == "target" and glued:
            words[name] = _arrow(r, params)
        elif name in params:
            words[name] = _word(r, name, params[name], f"order_{order['kind']}")
    return words


def describe_order(state: GameState, order: dict[str, Any], hand_names: dict[int, str], lang: str,
                   pid: int | None = None) -> str:
    """One submission as a line (`pid`: whose, for the notes on a play from a zone other than the first):
    `ui.order_<kind>` filled by name, or the action's own label."""
    r = Renderer(state, lang)
    key = f"ui.order_{order['kind']}"
    if not has(lang, key):
        action = next((a for a in api.catalog(state.ruleset).actions.values() if a.kind == order["kind"]), None)
        label = t(lang, action.label_key) if action is not None and action.label_key else escape(order["kind"])
        params = order.get("params") or {}
        named = api.view_profile(state.ruleset).order_choices  # the rule set wants its choices named here
        chosen = [t(lang, f"choice.{params[p.name]}") for p in (action.params if action is not None and named else ())
                  if p.kind == "choice" and params.get(p.name) is not None and has(lang, f"choice.{params[p.name]}")]
        return label + (f": {escape(', '.join(chosen))}" if chosen else "") + _arrow(r, params)
    text = t(lang, key, **_order_words(r, t(lang, key), order, hand_names))
    if order["kind"] == "play" and len(api.view_profile(state.ruleset).zones) > 1:
        text += _play_notes(state, order, lang, pid)
    return text


def _play_notes(state: GameState, order: dict[str, Any], lang: str, pid: int | None) -> str:
    """Where a play may come from more than one zone: from a zone other than the first, "as" another
    card, the payment."""
    player = state.player(pid) if pid is not None else None
    notes = []
    params = order.get("params") or {}
    zones = api.view_profile(state.ruleset).zones
    for zone in zones[1:]:
        if player is not None and any(c.uid == order["card"] for c in getattr(player, zone)):
            notes.append(t(lang, f"ui.note_{zone}"))
    if params.get("as"):
        notes.append(t(lang, "ui.note_as", card=escape(gamedata.card_name(state.ruleset, str(params["as"]), lang))))
    payment = order.get("payment") or {}
    step = api.payment_options(state, pid).points_per_cost if pid is not None else 0
    paid = len(payment.get("cards") or []) + (int(payment.get("points") or 0) // step if step else 0)
    if paid:
        notes.append(t(lang, "ui.note_paid", cost=paid))
    return (" (" + "; ".join(notes) + ")") if notes else ""


def build_panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, dict[str, Any] | None]:
    """The panel text and its keyboard (as a dict, for the outbox). Panels are built while a phase
    resolves: a panel that fails to build is logged and replaced by its title and a refresh button, so
    it can never stop the game."""
    try:
        text, keyboard = panel(game, state, pid, lang)
    except Exception:
        log.exception("the panel of player %s in game %s failed", pid, game.get("id"))
        gid = int(game["id"])
        text = f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, state.phase)}</b>"
        keyboard = markup([[button(t(lang, "btn.refresh"), gid, state.phase, "panel")]])
    return text, keyboard.model_dump(exclude_none=True) if keyboard else None


def extra_rows(game: dict[str, Any], state: GameState, pid: int, lang: str) -> list[list[InlineKeyboardButton]]:
    """The rows other modules add (PANEL_ROWS); one that fails is logged and left out."""
    rows: list[list[InlineKeyboardButton]] = []
    for extra in PANEL_ROWS:
        try:
            rows += extra(game, state, pid, lang)
        except Exception:
            log.exception("panel rows %s failed for player %s in game %s", getattr(extra, "__name__", extra),
                          pid, game.get("id"))
    return rows


# ---------------------------------------------------------------- the panel

# How a zone is listed: its header, the mark of its cards' buttons, whether its lines are numbered (the
# Hand's order is its discard order).
ZONES = {"hand": ("ui.hand_header", "🃏", True), "sleeve": ("ui.sleeve_header", "🎴", False)}
# The press that opens an action's screen (ActionDef.screen), with the action's id as its value or not;
# "" the generic parameter flow. Screens offered from a card's screen are not on the panel.
SCREENS: dict[str, tuple[str, bool]] = {
    "": (Code.DO, True), "instant": (Code.PERK, True), "vote": (Code.VOTES, False),
    "punishment": (Code.PUNISHMENTS, False), "kill_vote": (Code.KILLS, False), "kill_boost": (Code.BOOST, False),
    "reply": (Code.REPLIES, False), "amount": (Code.AMOUNT, True), "hand_card": (Code.HAND_CARD, True)}
CARD_SCREENS = frozenset({"discard", "card_order"})


def zone_lines(state: GameState, me: dict[str, Any], names: dict[int, str], lang: str) -> list[str]:
    """Each zone the rule set shows (api.view_profile): its header and its cards with their costs now."""
    lines = []
    for zone in api.view_profile(state.ruleset).zones:
        header, _, numbered = ZONES.get(zone, (f"ui.{zone}_header", "🃏", False))
        lines.append(t(lang, header))
        cards = []
        for i, card in enumerate(me[zone], start=1):
            cost = me["costs"].get(str(card["uid"]), 0)
            extra = t(lang, "ui.cost", cost=cost) if cost else ""
            if card.get("free"):
                extra += " " + t(lang, "ui.free_mark")
            cards.append(f"{f'{i}. ' if numbered else '• '}{names[card['uid']]}{extra}")
        lines += cards or [t(lang, "ui.empty")]
    return lines


def action_button(state: GameState, action: Action, gid: int, phase: int, lang: str) -> InlineKeyboardButton:
    """An action's button: its label (a granted ability: its card's name), to the screen it names."""
    if action.source == "ability" and action.card_id is not None:
        name = gamedata.card_name(state.ruleset, action.card_id, lang)
        return button("✨ " + name, gid, phase, Code.ABILITY, action.card_id)
    code, with_id = SCREENS.get(action.screen, (Code.DO, True))
    return button(t(lang, action.label_key), gid, phase, code, action.id if with_id else "")


def action_rows(state: GameState, actions: list[Action], gid: int, phase: int,
                lang: str) -> list[list[InlineKeyboardButton]]:
    """The available actions besides plays, in the engine's order, two to a row; the phase's own
    (votes, discards) and the player's (a role's, a granted ability's) do not share a row."""
    rows: list[list[InlineKeyboardButton]] = []
    group: list[InlineKeyboardButton] = []
    last = None
    for action in actions:
        if action.kind == "play" or not action.available or action.screen in CARD_SCREENS:
            continue
        own = action.source != "phase"
        if group and own != last:
            rows += [group[i:i + 2] for i in range(0, len(group), 2)]
            group = []
        group.append(action_button(state, action, gid, phase, lang))
        last = own
    return rows + [group[i:i + 2] for i in range(0, len(group), 2)]


def panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
    """Zones with their costs, the rule set's own lines (api.panel_facts), the submissions; a button for
    every card and every action the player has now (api.actions), then the other modules' rows."""
    if state.status == "setup":
        from tgbot.ui.deck import deck_panel

        return deck_panel(game, state, pid, lang)
    view = player_view(state, pid, events=False)
    me = view["me"]
    gid, phase, ruleset = int(game["id"]), state.phase, state.ruleset
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, phase)}</b>"]
    if state.status == "finished":
        lines.append(t(lang, "ui.finished"))
        return "\n".join(lines), None
    if not (me["alive"] or api.may_act(state, pid)):  # dead (but one the rules let act from beyond)
        lines.append(t(lang, "ui.you_are_dead"))
        return "\n".join(lines), None
    lines.append(deadline_text(lang, game.get("deadline_at"), game.get("timezone") or TIMEZONE))
    lines.append(waiting_line(game, state, lang))
    names = held_names(state, pid, lang)
    lines += zone_lines(state, me, names, lang)
    r = Renderer(state, lang)
    lines += [fact_text(r, fact) for fact in api.panel_facts(state, pid)]
    if view["orders"]:
        lines.append(t(lang, "ui.orders_header"))
        lines += ["• " + describe_order(state, o, names, lang, pid) for o in view["orders"]]
    else:
        lines.append(t(lang, "ui.no_orders"))
    actions = api.actions(state, pid)
    plays = _plays(actions)
    zones = api.view_profile(ruleset).zones
    # a button's text is plain, not HTML: the card's name unescaped
    cards = [button(f"{ZONES.get(zone, ('', '🃏', False))[1]} {unescape(names[c['uid']])}"
                    f"{_mark(plays[c['uid']])}", gid, phase, Code.CARD, c["uid"])
             for zone in zones for c in me[zone]]
    rows = [cards[i:i + 2] for i in range(0, len(cards), 2)]
    rows += action_rows(state, actions, gid, phase, lang)
    rows += extra_rows(game, state, pid, lang)
    reorder = [button(t(lang, "btn.reorder"), gid, phase, Code.REORDER)] if "hand" in zones else []
    rows.append([button(t(lang, "btn.orders"), gid, phase, Code.ORDERS), *reorder,
                 button(t(lang, "btn.refresh"), gid, phase, Code.PANEL)])
    return "\n".join(line for line in lines if line), markup(rows)
