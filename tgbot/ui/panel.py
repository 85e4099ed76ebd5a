"""A player's panel: everything they need for the current phase in one message, with buttons.

Built from `player_view` only, so nothing a player may not see can reach it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core import api
from engine.core.actions import Action
from engine.core.state import GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.services.options import options_of
from tgbot.ui.callbacks import Act

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


def button(text: str, game: int, phase: int, action: str, value: Any = "") -> InlineKeyboardButton:
    # Built without validation (a panel has a dozen, on every click): both fields are plain strings.
    return InlineKeyboardButton.model_construct(text=text, callback_data=Act.data(game, phase, action, value))


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
    """The player's Hand and Sleeve cards by uid, as names (HTML-escaped)."""
    player = state.player(pid)
    return {c.uid: escape(gamedata.card_name(state.ruleset, c.card, lang)) for c in [*player.hand, *player.sleeve]}


def describe_order(state: GameState, order: dict[str, Any], hand_names: dict[int, str], lang: str,
                   pid: int | None = None) -> str:
    """One submission as a line (`pid`: whose, for Мафик's notes on the Sleeve)."""
    kind = order["kind"]
    params = order.get("params") or {}

    def name(pid: Any) -> str:
        return escape(state.player(int(pid)).name)

    def cards(uids: Any) -> str:
        return ", ".join(hand_names.get(int(u), "?") for u in uids or [])

    if kind == "play":
        target = ""
        if "target" in params:
            target = " → " + name(params["target"])
        elif "targets" in params:
            target = " → " + ", ".join(name(p) for p in params["targets"])
        text = t(lang, "ui.order_play", card=hand_names.get(order["card"], "?"), target=target)
        if len(api.view_profile(state.ruleset).zones) > 1:
            text += _play_notes(state, order, lang, pid)
        return text
    if kind in ("vote", "kill_vote"):
        return t(lang, f"ui.order_{kind}", target=name(params["target"]))
    if kind == "punishment":
        return t(lang, "ui.order_punishment", choice=t(lang, f"punishment.{params['choice']}"))
    if kind in ("discard", "keep", "croupier_swap"):
        return t(lang, f"ui.order_{kind}", card=hand_names.get(order["card"], "?"))
    if kind == "message":
        return t(lang, "ui.order_message", to=name(params["to"]))
    if kind == "paranoid_armor":
        return t(lang, "ui.order_paranoid_armor", amount=params.get("amount"))
    if kind == "blood":
        use = t(lang, f"blood.{params.get('use')}")
        return t(lang, "ui.order_blood", use=use, target=" → " + name(params["target"]) if "target" in params else "")
    if kind == "ability":
        card = escape(gamedata.card_name(state.ruleset, str(params.get("ability")), lang))
        return t(lang, "ui.order_ability", card=card, target=" → " + name(params["target"]) if "target" in params else "")
    if kind == "traitor_colours":
        return t(lang, "ui.order_traitor_colours", colours=", ".join(t(lang, f"colour.{c}") for c in params["colours"]))
    return t(lang, f"ui.order_{kind}", cards=cards(params.get("cards")),
             target=name(params["target"]) if "target" in params else "",
             voter=name(params["voter"]) if "voter" in params else "")


def _play_notes(state: GameState, order: dict[str, Any], lang: str, pid: int | None) -> str:
    """Where a play may come from more than one zone: from the Sleeve, "as" another card, the payment."""
    player = state.player(pid) if pid is not None else None
    notes = []
    params = order.get("params") or {}
    in_sleeve = player is not None and any(c.uid == order["card"] for c in player.sleeve)
    if in_sleeve:
        notes.append(t(lang, "ui.note_sleeve"))
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


def panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
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
    if not me["alive"]:
        lines.append(t(lang, "ui.you_are_dead"))
        return "\n".join(lines), None
    lines.append(deadline_text(lang, game.get("deadline_at"), game.get("timezone") or TIMEZONE))
    lines.append(waiting_line(game, state, lang))
    if "sleeve" in api.view_profile(ruleset).zones:
        return mafik_panel(game, state, pid, lang, lines, view)
    lines.append(t(lang, "ui.hand_header"))
    hand_names = {c["uid"]: escape(gamedata.card_name(ruleset, c["card"], lang)) for c in me["hand"]}
    for i, card in enumerate(me["hand"], start=1):
        cost = me["costs"].get(str(card["uid"]), 0)
        cost_text = t(lang, "ui.cost", cost=cost) if cost else ""
        lines.append(f"{i}. {hand_names[card['uid']]}{cost_text}")
    if not me["hand"]:
        lines.append(t(lang, "ui.empty"))
    lines.append(t(lang, "ui.points_deck", points=me["points"], deck=me["deck_size"], limit=me["play_limit"]))
    if me.get("deck_top"):
        lines.append(t(lang, "ui.deck_top", cards=", ".join(gamedata.card_name(ruleset, c, lang) for c in me["deck_top"])))
    statuses = [t(lang, f"status.{e['kind']}") for e in me["effects"] if e["start"] <= phase]
    if statuses:
        lines.append(t(lang, "ui.statuses", statuses=", ".join(sorted(set(statuses)))))
    lines += partner_votes(state, me, lang)
    if view["orders"]:
        lines.append(t(lang, "ui.orders_header"))
        lines += ["• " + describe_order(state, o, hand_names, lang) for o in view["orders"]]
    else:
        lines.append(t(lang, "ui.no_orders"))
    rows: list[list[InlineKeyboardButton]] = []
    actions = api.actions(state, pid)
    plays = _plays(actions)
    cards = [button(f"🃏 {hand_names[c['uid']]}{_mark(plays[c['uid']])}", gid, phase, "card", c["uid"])
             for c in me["hand"]]
    rows += [cards[i:i + 2] for i in range(0, len(cards), 2)]
    if state.is_day:
        rows.append([button(t(lang, "btn.vote"), gid, phase, "votes"),
                     button(t(lang, "btn.punishment"), gid, phase, "puns")])
    elif me["faction"] == "mafia":
        rows.append([button(t(lang, "btn.kill_vote"), gid, phase, "kills"),
                     button(t(lang, "btn.kill_boost"), gid, phase, "boost")])
    perks = _perk_buttons(actions, gid, phase, lang)
    if perks:
        rows.append(perks)
    if any(e["kind"] == "may_message" and e["start"] <= phase for e in me["effects"]):
        rows.append([button(t(lang, "btn.reply"), gid, phase, "replies")])
    rows += extra_rows(game, state, pid, lang)
    rows.append([button(t(lang, "btn.orders"), gid, phase, "orders"),
                 button(t(lang, "btn.reorder"), gid, phase, "reorder"),
                 button(t(lang, "btn.refresh"), gid, phase, "panel")])
    return "\n".join(line for line in lines if line), markup(rows)


def partner_votes(state: GameState, me: dict[str, Any], lang: str) -> list[str]:
    """Микромафик, a mafioso at night: each partner's current kill vote."""
    lines = []
    for partner, target in (me.get("partner_kill_votes") or {}).items():
        name = escape(state.player(int(partner)).name)
        lines.append(t(lang, "ui.partner_no_kill_vote", name=name) if target is None else
                     t(lang, "ui.partner_kill_vote", name=name, target=escape(state.player(int(target)).name)))
    return lines


# The screens of Микромафик's perks (tgbot/routers/play.py): the button's action and value, by action id.
PERK_SCREENS = {"businessman_point": ("perk", "businessman_point"), "paranoid_armor": ("paranoid", ""),
                "croupier_swap": ("croupier", "")}


def _perk_buttons(actions: list[Action], gid: int, phase: int, lang: str) -> list[InlineKeyboardButton]:
    """The public role's perks the engine offers now (api.actions), each to its own screen."""
    return [button(t(lang, a.label_key), gid, phase, *PERK_SCREENS.get(a.id, ("do", a.id)))
            for a in actions if a.source == "role" and a.available]


# ---------------------------------------------------------------- Мафик

# Statuses a player knows of: effects on them they caused themselves, or were told of (the Вече's
# punishments are public, the Ищейка's mark is told, blood buys are their own).
MAFIK_STATUSES = ("exile", "tortured", "bloodhound", "draw_next", "peacekeeping", "berserk", "paranoia",
                  "body_double", "lamp", "ancient_medallion", "armor_each_phase", "secretary", "prosecutor",
                  "politician", "may_rebuild")
TOLD = frozenset({"exile", "tortured", "bloodhound", "draw_next"})


def play_as(state: GameState, pid: int) -> list[str]:
    """The cards this player may play a Sleeve card as (Солдат, Врач…)."""
    return list(dict.fromkeys(str(e.params["card"]) for e in state.effects_of("play_as", target=pid)))


def abilities(state: GameState, pid: int, actions: list[Action] | None = None) -> list[str]:
    """Granted abilities usable now ("every night you may…"), by card id (api.actions)."""
    return [str(a.card_id) for a in (api.actions(state, pid) if actions is None else actions)
            if a.source == "ability" and a.available]


def known_statuses(state: GameState, pid: int) -> list[str]:
    return sorted({e.kind for e in state.effects
                   if e.target == pid and e.active(state.phase) and e.kind in MAFIK_STATUSES
                   and (e.source == pid or e.kind in TOLD)})


def role_actions(state: GameState, pid: int, actions: list[Action] | None = None) -> list[str]:
    """The keys of flow.FLOW_ACTIONS this player's roles offer now, as the engine describes them
    (api.actions; the engine still has the last word on what is submitted)."""
    return [a.id for a in (api.actions(state, pid) if actions is None else actions)
            if a.source == "role" and a.available]


def _limits(state: GameState, pid: int, me: dict[str, Any], lang: str) -> str:
    """What a phase allows: a Hand card and a Sleeve card (none in Изгнание), one more Hand card of the
    stance's colours, Free cards besides; at night two Hand cards discarded instead."""
    text = t(lang, "ui.mafik_limits_exiled" if me["exiled"] else "ui.mafik_limits")
    colours = me["stance_colours"]
    if colours:
        text += " " + t(lang, "ui.mafik_stance_extra", colours=", ".join(t(lang, f"colour.{c}") for c in colours))
    if state.is_night:
        text += " " + t(lang, "ui.mafik_night_discard")
    return text


def mafik_panel(game: dict[str, Any], state: GameState, pid: int, lang: str,
                lines: list[str], view: dict[str, Any]) -> tuple[str, InlineKeyboardMarkup | None]:
    """Hand (discard order) and Sleeve with current costs, deck, stance, colours, blood, exile,
    statuses, submissions; a button for every card and every order or action the player has now
    (`view`: the player's view, without events)."""
    me = view["me"]
    gid, phase, ruleset = int(game["id"]), state.phase, state.ruleset
    names = held_names(state, pid, lang)

    def card_line(card: dict[str, Any], prefix: str) -> str:
        cost = me["costs"].get(str(card["uid"]), 0)
        extra = t(lang, "ui.cost", cost=cost) if cost else ""
        if card.get("free"):
            extra += " " + t(lang, "ui.free_mark")
        return f"{prefix}{names[card['uid']]}{extra}"

    lines.append(t(lang, "ui.hand_header"))
    lines += [card_line(c, f"{i}. ") for i, c in enumerate(me["hand"], start=1)] or [t(lang, "ui.empty")]
    lines.append(t(lang, "ui.sleeve_header"))
    lines += [card_line(c, "• ") for c in me["sleeve"]] or [t(lang, "ui.empty")]
    lines.append(t(lang, "ui.mafik_deck", deck=me["deck_size"], decks=me["decks_built"],
                   stance=t(lang, f"stance.{me['stance']}")))
    lines.append(t(lang, "ui.colours", colours=", ".join(t(lang, f"colour.{c}") for c in me["colours"])))
    lines.append(_limits(state, pid, me, lang))
    if me["blood"] is not None:
        lines.append(t(lang, "ui.blood", blood=me["blood"]))
    if me["exiled"]:
        lines.append(t(lang, "ui.exiled"))
    aliases = play_as(state, pid)
    if aliases:
        lines.append(t(lang, "ui.play_as", cards=", ".join(
            escape(gamedata.card_name(ruleset, c, lang)) for c in aliases)))
    if me.get("deck_top"):
        lines.append(t(lang, "ui.deck_top", cards=", ".join(gamedata.card_name(ruleset, c, lang) for c in me["deck_top"])))
    statuses = [t(lang, f"status.{k}") for k in known_statuses(state, pid)]
    if statuses:
        lines.append(t(lang, "ui.statuses", statuses=", ".join(statuses)))
    if state.is_day:
        lines.append(t(lang, "ui.private_left", n=me["private_messages_left"]))
        if not any(o["kind"] == "vote" for o in view["orders"]):
            lines.append(t(lang, "ui.vote_self_default"))
    if view["orders"]:
        lines.append(t(lang, "ui.orders_header"))
        lines += ["• " + describe_order(state, o, names, lang, pid) for o in view["orders"]]
    else:
        lines.append(t(lang, "ui.no_orders"))

    rows: list[list[InlineKeyboardButton]] = []
    actions = api.actions(state, pid)
    plays = _plays(actions)
    cards = [button(f"🃏 {gamedata.card_name(ruleset, c['card'], lang)}{_mark(plays[c['uid']])}",
                    gid, phase, "card", c["uid"]) for c in me["hand"]]
    cards += [button(f"🎴 {gamedata.card_name(ruleset, c['card'], lang)}{_mark(plays[c['uid']])}",
                     gid, phase, "card", c["uid"]) for c in me["sleeve"]]
    rows += [cards[i:i + 2] for i in range(0, len(cards), 2)]
    if state.is_day:
        rows.append([button(t(lang, "btn.vote"), gid, phase, "votes"),
                     button(t(lang, "btn.punishment"), gid, phase, "puns")])
    else:
        rows.append([button(t(lang, a.label_key), gid, phase, "do", a.id)
                     for a in actions if a.id == "night_discard" and a.available])
    offers = [button(t(lang, a.label_key), gid, phase, "do", a.id) for a in actions
              if a.source == "role" and a.available]
    offers += [button("✨ " + gamedata.card_name(ruleset, card, lang), gid, phase, "ab", card)
               for card in abilities(state, pid, actions)]
    rows += [offers[i:i + 2] for i in range(0, len(offers), 2)]
    rows += extra_rows(game, state, pid, lang)
    rows.append([button(t(lang, "btn.orders"), gid, phase, "orders"),
                 button(t(lang, "btn.reorder"), gid, phase, "reorder"),
                 button(t(lang, "btn.refresh"), gid, phase, "panel")])
    return "\n".join(line for line in lines if line), markup(rows)
