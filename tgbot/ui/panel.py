"""A player's panel: everything they need for the current phase in one message, with buttons.

Built from `player_view` only, so nothing a player may not see can reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core.state import GameState
from engine.core.views import player_view
from tgbot import gamedata
from tgbot.i18n import t
from tgbot.ui.callbacks import Act

TIMEZONE = "Europe/Moscow"
# More rows of buttons for a player's panel, from other modules (communication, rule-set actions):
# each is called with (game, state, pid, lang) and returns rows (possibly none).
PANEL_ROWS: list[Callable[[dict[str, Any], GameState, int, str], list[list[InlineKeyboardButton]]]] = []


def button(text: str, game: int, phase: int, action: str, value: Any = "") -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=Act(g=game, p=phase, a=action, v=str(value)).pack())


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


def describe_order(state: GameState, order: dict[str, Any], hand_names: dict[int, str], lang: str) -> str:
    kind = order["kind"]
    params = order.get("params") or {}

    def name(pid: Any) -> str:
        return escape(state.player(int(pid)).name)

    if kind == "play":
        target = ""
        if "target" in params:
            target = " → " + name(params["target"])
        elif "targets" in params:
            target = " → " + ", ".join(name(p) for p in params["targets"])
        return t(lang, "ui.order_play", card=hand_names.get(order["card"], "?"), target=target)
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
    return t(lang, f"ui.order_{kind}")


def build_panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, dict[str, Any] | None]:
    """The panel text and its keyboard (as a dict, for the outbox)."""
    text, keyboard = panel(game, state, pid, lang)
    return text, keyboard.model_dump(exclude_none=True) if keyboard else None


def panel(game: dict[str, Any], state: GameState, pid: int, lang: str) -> tuple[str, InlineKeyboardMarkup | None]:
    if state.status == "setup":
        from tgbot.ui.deck import deck_panel

        return deck_panel(game, state, pid, lang)
    view = player_view(state, pid)
    me = view["me"]
    gid, phase, ruleset = int(game["id"]), state.phase, state.ruleset
    lines = [f"<b>{t(lang, 'ui.game', game=gid)} · {phase_title(lang, phase)}</b>"]
    if state.status == "finished":
        lines.append(t(lang, "ui.finished"))
        return "\n".join(lines), None
    if not me["alive"]:
        lines.append(t(lang, "ui.you_are_dead"))
        return "\n".join(lines), None
    lines.append(deadline_text(lang, game.get("deadline_at")))
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
    if view["orders"]:
        lines.append(t(lang, "ui.orders_header"))
        lines += ["• " + describe_order(state, o, hand_names, lang) for o in view["orders"]]
    else:
        lines.append(t(lang, "ui.no_orders"))
    rows: list[list[InlineKeyboardButton]] = []
    cards = [button(f"🃏 {hand_names[c['uid']]}", gid, phase, "card", c["uid"]) for c in me["hand"]]
    rows += [cards[i:i + 2] for i in range(0, len(cards), 2)]
    if state.is_day:
        rows.append([button(t(lang, "btn.vote"), gid, phase, "votes"),
                     button(t(lang, "btn.punishment"), gid, phase, "puns")])
    elif me["faction"] == "mafia":
        rows.append([button(t(lang, "btn.kill_vote"), gid, phase, "kills"),
                     button(t(lang, "btn.kill_boost"), gid, phase, "boost")])
    perks = _perk_buttons(me, state, gid, phase, lang)
    if perks:
        rows.append(perks)
    if any(e["kind"] == "may_message" and e["start"] <= phase for e in me["effects"]):
        rows.append([button(t(lang, "btn.reply"), gid, phase, "replies")])
    for extra in PANEL_ROWS:
        rows += extra(game, state, pid, lang)
    rows.append([button(t(lang, "btn.orders"), gid, phase, "orders"),
                 button(t(lang, "btn.reorder"), gid, phase, "reorder"),
                 button(t(lang, "btn.refresh"), gid, phase, "panel")])
    return "\n".join(line for line in lines if line), markup(rows)


def _perk_buttons(me: dict[str, Any], state: GameState, gid: int, phase: int, lang: str) -> list[InlineKeyboardButton]:
    role, used = me["public_role"], set(me["perks_used"])
    out = []
    if role == "businessman" and "businessman" not in used and state.is_night:
        out.append(button(t(lang, "btn.businessman"), gid, phase, "perk", "businessman_point"))
    if role == "paranoiac" and me["points"] > 0:
        out.append(button(t(lang, "btn.paranoiac"), gid, phase, "paranoid"))
    if role == "croupier" and "croupier" not in used and me["hand"]:
        out.append(button(t(lang, "btn.croupier"), gid, phase, "croupier"))
    return out
