"""The day's chat-room proposals (Мафик) as one board in the public group, edited in place.

The rules (Коммуникация): by day a room may be proposed for any number of living characters; every
member confirms publicly; the room is formed at the end of the day; a character is in one room a day
(the engine forms them in the order they were proposed); a room lives through the next night. The
board of a day has a numbered section per proposal (who proposed it, its members, who has confirmed,
who is still awaited) and one «✅ N: names» button per proposal still awaiting someone; once the day
is over it says which rooms were formed and why the others were not, and has no buttons.

It is read from the engine's events alone (`room_proposed`, `room_confirmed`, `room_formed`), so it
is queued in the transaction of the change that moved it (tgbot/services/announce.py): a restart or
a retried resolution changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from engine.core.state import Event, GameState
from tgbot.i18n import t
from tgbot.storage.repo import OutboxMessage
from tgbot.ui.comms import Confirm

ROOM_EVENTS = frozenset({"room_proposed", "room_confirmed"})
TEXT_LIMIT = 4096
LABEL_LIMIT = 48  # a longer button label is cut (its number still says which proposal it is)


@dataclass
class Proposal:
    number: int  # 1, 2, … in the order of the day
    eid: int  # the engine's room_request effect
    by: int
    members: list[int]
    confirmed: set[int] = field(default_factory=set)
    formed: bool = False

    @property
    def waiting(self) -> list[int]:
        return [m for m in self.members if m not in self.confirmed]


def slot(phase: int) -> str:
    return f"rooms{phase}"


def proposals(state: GameState, phase: int) -> list[Proposal]:
    """The proposals of day `phase`, in the order they were made."""
    found: dict[int, Proposal] = {}
    for event in state.events:
        if event.phase != phase:
            continue
        params: dict[str, Any] = event.params
        if event.kind == "room_proposed":
            by = int(params["by"])
            found[int(params["room"])] = Proposal(len(found) + 1, int(params["room"]), by,
                                                  [int(m) for m in params["members"]], {by})
        elif event.kind == "room_confirmed" and int(params["room"]) in found:
            found[int(params["room"])].confirmed.add(int(params["pid"]))
        elif event.kind == "room_formed" and params.get("request") in found:
            found[int(params["request"])].formed = True
    return list(found.values())


def number_of(state: GameState, eid: int) -> int | None:
    """The number a proposal of today has on the board."""
    return next((p.number for p in proposals(state, state.phase) if p.eid == eid), None)


def _names(state: GameState, pids: list[int] | set[int]) -> str:
    return ", ".join(escape(state.player(p).name) for p in sorted(pids))


def _outcome(state: GameState, proposal: Proposal, earlier: list[Proposal], game_over: bool, lang: str) -> str:
    """Why a proposal of a day that is over did or did not become a room (the engine's own order of
    reasons: everyone confirmed, nobody already placed that day, everyone alive and allowed)."""
    if game_over:
        return t(lang, "rooms.board_game_over")
    if proposal.formed:
        return t(lang, "rooms.board_formed")
    if proposal.waiting:
        return t(lang, "rooms.board_unconfirmed", names=_names(state, proposal.waiting))
    placed = {m for p in earlier if p.formed for m in p.members} & set(proposal.members)
    if placed:
        return t(lang, "rooms.board_taken", names=_names(state, placed))
    return t(lang, "rooms.board_barred")


def board_text(state: GameState, phase: int, lang: str) -> str:
    day = proposals(state, phase)
    over = state.phase != phase or state.status != "running"
    game_over = any(e.kind == "game_over" and e.phase == phase for e in state.events)
    lines = [f"<b>{t(lang, 'rooms.board_title', day=(phase + 1) // 2)}</b>", t(lang, "rooms.board_rules")]
    for i, proposal in enumerate(day):
        lines.append("")
        lines.append(t(lang, "rooms.board_proposal", number=proposal.number, by=_names(state, [proposal.by]),
                       members=_names(state, proposal.members)))
        if over:
            lines.append(_outcome(state, proposal, day[:i], game_over, lang))
        elif proposal.waiting:
            lines.append(t(lang, "rooms.board_confirmed", names=_names(state, proposal.confirmed)))
            lines.append(t(lang, "rooms.board_waiting", names=_names(state, proposal.waiting)))
        else:
            lines.append(t(lang, "rooms.board_all_confirmed"))
    text = ""
    for line in lines:  # cut at a line, never inside a name's HTML
        if len(text) + len(line) + 2 > TEXT_LIMIT:
            return text + "\n…"
        text = f"{text}\n{line}" if text else line
    return text


def label(state: GameState, proposal: Proposal, lang: str) -> str:
    text = t(lang, "rooms.btn_board_confirm", number=proposal.number,
             names=", ".join(state.player(m).name for m in proposal.members))
    return text if len(text) <= LABEL_LIMIT else text[:LABEL_LIMIT - 1] + "…"


def board_markup(game_id: int, state: GameState, phase: int, lang: str) -> dict[str, Any] | None:
    """One button per proposal someone still has to confirm (none once the day is over)."""
    if state.phase != phase or state.status != "running":
        return None
    rows = [[InlineKeyboardButton(text=label(state, p, lang), callback_data=Confirm(g=game_id, p=phase, r=p.eid).pack())]
            for p in proposals(state, phase) if p.waiting]
    return InlineKeyboardMarkup(inline_keyboard=rows).model_dump(exclude_none=True) if rows else None


def board(game: dict[str, Any], state: GameState, phase: int, *, key: str) -> OutboxMessage:
    game_id, lang = int(game["id"]), str(game["locale"])
    return OutboxMessage(chat_id=int(game["public_chat_id"]), game_id=game_id, op="edit", slot=slot(phase),
                         text=board_text(state, phase, lang), reply_markup=board_markup(game_id, state, phase, lang),
                         dedup_key=key)


def room_boards(game: dict[str, Any], state: GameState, events: list[Event], *, span: str) -> list[OutboxMessage]:
    """What a batch of events does to the boards: a proposal or a confirmation today edits today's
    board (keyed by the batch: one version each, the same on a retry); a day with proposals that
    these events close (its resolution, or the game's end) gets its final board, once."""
    if game["public_chat_id"] is None:
        return []
    out = []
    ended = sorted({e.phase for e in events if e.phase != state.phase or state.status != "running"})
    for phase in ended:
        if proposals(state, phase):
            out.append(board(game, state, phase, key=f"g{game['id']}:rooms{phase}:final"))
    if state.status == "running" and any(e.kind in ROOM_EVENTS and e.phase == state.phase for e in events):
        out.append(board(game, state, state.phase, key=f"{span}:rooms"))
    return out
