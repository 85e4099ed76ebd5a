"""Buttons of the day's communication (private messages, chat-room proposals) and of the rooms.

The panel gets its "✉ Приват" and "👥 Комната" row through `add_panel_rows`; the day's room board in the
public group carries a `Confirm` button per proposal (tgbot/ui/roomboard.py); a relayed room's message
carries the way out.
"""

from __future__ import annotations

from typing import Any

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core import api
from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.ui.panel import PLACE_COMMS, add_panel_rows


class Comms(CallbackData, prefix="cm"):
    """A step of the day's communication in private chat: `a` the step, `v` its argument (a pid)."""

    g: int
    p: int
    a: str
    v: str = ""


class Confirm(CallbackData, prefix="rc"):
    """A proposal's "✅ N: names" on the day's room board: room request `r` of game `g`, day `p`."""

    g: int
    p: int
    r: int


class RoomAct(CallbackData, prefix="rm"):
    """A relayed room's buttons in private chat: `a` is "leave" or "use" (write there), `r` the room id."""

    a: str
    r: int


def comms_button(text: str, game: int, phase: int, action: str, value: Any = "") -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=Comms(g=game, p=phase, a=action, v=str(value)).pack())


def _private_messages_left(state: GameState, pid: int) -> int | None:
    """How many private messages the player's view says they may still send today; None where the rule
    set has no private messages (its view does not count them)."""
    left = api.ruleset_of(state).private_view(state, pid).get("private_messages_left")
    return None if left is None else int(left)


def private_left(state: GameState, pid: int) -> int:
    return _private_messages_left(state, pid) or 0


def comms_rows(game: dict[str, Any], state: GameState, pid: int, lang: str) -> list[list[InlineKeyboardButton]]:
    """The day panel's row, where the rule set has private messages: one (with how many are left) and a
    room proposal."""
    if state.status != "running" or not state.is_day or not state.player(pid).alive:
        return []
    left = _private_messages_left(state, pid)
    if left is None:
        return []
    gid = int(game["id"])
    return [[comms_button(t(lang, "comms.btn_private", n=max(0, left)), gid, state.phase, "pm"),
             comms_button(t(lang, "comms.btn_room"), gid, state.phase, "room")]]


add_panel_rows(comms_rows, PLACE_COMMS)


def relay_markup(room_id: int, lang: str, *, choose: bool = False) -> dict[str, Any]:
    rows = [[InlineKeyboardButton(text=t(lang, "rooms.btn_leave"), callback_data=RoomAct(a="leave", r=room_id).pack())]]
    if choose:
        rows.insert(0, [InlineKeyboardButton(text=t(lang, "rooms.btn_use"), callback_data=RoomAct(a="use", r=room_id).pack())])
    return InlineKeyboardMarkup(inline_keyboard=rows).model_dump(exclude_none=True)
