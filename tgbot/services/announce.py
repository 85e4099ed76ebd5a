"""Turning new engine events into outbox messages: public group, each player, the mafia, the master.

Each player's private results of a phase arrive as one message; the public group gets one message
per phase result; the master's log group gets one account of each batch, every event with its audience
(at a resolution "who did what" first: tgbot/services/chronicle.py; a question to the master gets a
message of its own, its options as buttons: tgbot/ui/decisions.py, and so does a question to a player in
their private chat: tgbot/ui/questions.py). Texts longer than
Telegram's limit are split. An event that carries a diagram (engine/core/diagram.py) reaches each of its
readers, and the log, as a picture in its place among the texts, its own text the caption
(`picture_messages`). Every message has a dedup key, so a retried resolution cannot queue an
announcement twice.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

from engine.core.diagram import Diagram
from engine.core.state import Event, GameState
from engine.core.views import public_players
from tgbot.i18n import t
from tgbot.render import render
from tgbot.services.chronicle import log_lines, log_text, status_words
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import questions
from tgbot.ui.decisions import QUESTION_EVENT, final_text, question_markup, question_text, slot_of
from tgbot.ui.diagram import as_text, diagram_of, draw_png
from tgbot.ui.panel import TIMEZONE, deadline_text
from tgbot.ui.roomboard import ROOM_EVENTS, room_boards

log = logging.getLogger(__name__)
TELEGRAM_LIMIT = 4096
SPLIT_AT = 3900
CAPTION_LIMIT = 1024
# Events a player sees in their panel (with buttons) rather than as a message (the master's log sums them up).
PANEL_EVENTS = frozenset({"draft_offer"})
# Public events shown on a board the group already has (edited in place) instead of a post each:
# the day's punishment vote board, and the day's chat-room board (tgbot/ui/roomboard.py).
VOTE_EVENTS = frozenset({"punishment_vote", "punishment_vote_withdrawn"})
BOARD_EVENTS = VOTE_EVENTS | ROOM_EVENTS


def split_text(text: str, limit: int = SPLIT_AT) -> list[str]:
    """Split at line breaks (or hard, for a single long line) into parts under the limit."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current:
        parts.append(current)
    return parts or [""]


def _messages(game_id: int, chat_id: int, text: str, key: str) -> list[OutboxMessage]:
    return [
        OutboxMessage(chat_id=chat_id, text=part, game_id=game_id, dedup_key=f"{key}:{i}")
        for i, part in enumerate(split_text(text))
    ]


def picture_messages(game_id: int, chat_id: int, text: str, diagram: Diagram, lang: str, key: str) -> list[OutboxMessage]:
    """A diagram as a photo with `text` as its caption (a text too long for a caption follows the photo as
    messages). Its words — the text and the diagram as text — go instead where the picture cannot be
    drawn here, or where Telegram refuses it (the outbox keeps them with the photo, tgbot/delivery.py)."""
    drawn = as_text(diagram, lang)
    try:
        picture = draw_png(diagram, lang)
    except (OSError, ValueError) as exc:
        log.error("could not draw a diagram: %s", exc)
        return _messages(game_id, chat_id, f"{text}\n{drawn}" if text else drawn, key)
    fits = len(text) <= CAPTION_LIMIT
    fallback = split_text(f"{text}\n{drawn}" if text and fits else drawn)[0]
    photo = OutboxMessage(chat_id=chat_id, op="photo", text=(text or None) if fits else None, document=picture,
                          document_name="diagram.png", fallback=fallback, game_id=game_id, dedup_key=f"{key}:photo")
    return [photo] if fits else [photo, *_messages(game_id, chat_id, text, f"{key}:text")]


def chat_messages(game_id: int, chat_id: int, events: list[Event], word: Callable[[Event], str], lang: str,
                  key: str) -> list[OutboxMessage]:
    """A chat's share of a batch: the events' words joined into messages, and each event with a diagram a
    picture in its place (its words the caption)."""
    out: list[OutboxMessage] = []
    run: list[str] = []
    for event in events:
        diagram = diagram_of(event)
        if diagram is None:
            run.append(word(event))
            continue
        if run:
            out += _messages(game_id, chat_id, "\n".join(run), key if not out else f"{key}:before{event.seq}")
            run = []
        out += picture_messages(game_id, chat_id, word(event), diagram, lang, f"{key}:d{event.seq}")
    if run:
        out += _messages(game_id, chat_id, "\n".join(run), key if not out else f"{key}:end")
    return out


def public_text(game: dict[str, Any], state: GameState, event: Event, lang: str) -> str:
    """An event as the public group reads it: a new phase says also its deadline, in the game's time
    zone, and who is alive, each with the public statuses the rule set shows everyone («госпиталь», «тюрьма»)."""
    text = render(state, event, lang)
    if event.kind != "phase_started":
        return text
    statuses = {p["pid"]: p["statuses"] for p in public_players(state)}
    alive = [escape(p.name) + (f" ({words})" if (words := status_words(state, statuses.get(p.pid) or (), lang)) else "")
             for p in state.living()]
    deadline = deadline_text(lang, game.get("deadline_at"), game.get("timezone") or TIMEZONE)
    return "\n".join(line for line in (text, deadline, t(lang, "ui.alive_list", n=len(alive), names=", ".join(alive)))
                     if line)


def event_messages(
    game: dict[str, Any],
    state: GameState,
    events: list[Event],
    players: list[dict[str, Any]],
) -> list[OutboxMessage]:
    """Outbox messages for a batch of new events (one resolution, a start, a pick…)."""
    if not events:
        return []
    game_id = int(game["id"])
    span = f"g{game_id}:e{events[0].seq}-{events[-1].seq}"
    by_pid = {int(p["pid"]): p for p in players if p["pid"] is not None}
    game_lang = str(game["locale"])
    out: list[OutboxMessage] = []

    public = [e for e in events if e.to == "public" and e.kind not in BOARD_EVENTS]
    if public and game["public_chat_id"] is not None:
        out += chat_messages(game_id, int(game["public_chat_id"]), public,
                             lambda e: public_text(game, state, e, game_lang), game_lang, f"{span}:public")
    votes = [e for e in events if e.kind in VOTE_EVENTS]
    if votes and game["public_chat_id"] is not None:
        out.append(vote_board(game, state, key=f"{span}:votes"))
    out += room_boards(game, state, events, span=span)

    private: dict[int, list[Event]] = defaultdict(list)
    for event in events:
        if event.kind in PANEL_EVENTS or event.kind == questions.QUESTION_EVENT:
            continue
        if event.to == "player" and event.who is not None:
            private[int(event.who)].append(event)
        elif event.to == "faction":
            for pid, _p in by_pid.items():
                if state.player(pid).faction == event.who and state.player(pid).alive:
                    private[pid].append(event)
    for pid, mine in sorted(private.items()):
        player = by_pid.get(pid)
        if player is None:
            continue
        lang = str(player["locale"] or game_lang)
        out += chat_messages(game_id, int(player["user_id"]), mine, partial(render, state, lang=lang), lang,
                             f"{span}:p{pid}")

    log_chat = int(game["log_chat_id"])
    account = log_text(game_id, state, events, game_lang)
    if account:
        out += _messages(game_id, log_chat, account, f"{span}:log")
    for event in events:  # the master sees each picture too, under the event's line in the log (its audience)
        if (diagram := diagram_of(event)) is not None:
            caption = "\n".join(log_lines(state, event, game_lang))
            out += picture_messages(game_id, log_chat, caption, diagram, game_lang, f"{span}:log:d{event.seq}")
    for event in events:  # a question to the master: its own message, with its options as buttons
        if event.kind == QUESTION_EVENT:
            out.append(OutboxMessage(
                chat_id=log_chat, game_id=game_id, dedup_key=f"g{game_id}:q{event.seq}",
                slot=slot_of(str(event.params["key"])),
                text=question_text(state, event, game_lang, game_id=game_id),
                reply_markup=question_markup(event, game_lang, game_id=game_id)))
    out += player_questions(game, state, events, by_pid)
    return out


def player_questions(game: dict[str, Any], state: GameState, events: list[Event],
                     by_pid: dict[int, dict[str, Any]]) -> list[OutboxMessage]:
    """A question to a player: a message of its own in their private chat, its options as buttons
    (tgbot/ui/questions.py)."""
    game_id, out = int(game["id"]), []
    for event in events:
        player = by_pid.get(int(event.who)) if event.kind == questions.QUESTION_EVENT and event.who is not None else None
        question = state.questions.get(str(event.params["key"])) if player is not None else None
        if player is None or question is None:
            continue
        lang = str(player["locale"] or game["locale"])
        out.append(OutboxMessage(
            chat_id=int(player["user_id"]), game_id=game_id, dedup_key=f"g{game_id}:q{event.seq}",
            slot=questions.slot_of(question.key), text=questions.question_text(state, question, lang, game_id=game_id),
            reply_markup=questions.question_markup(state, question, lang, game_id=game_id)))
    return out


def vote_board(game: dict[str, Any], state: GameState, *, key: str) -> OutboxMessage:
    """The day's open punishment vote as one message in the public group, edited (its slot: one per
    day) whenever a vote is cast, changed or taken back: each choice with the characters voting for it."""
    lang = str(game["locale"])
    voters: dict[str, list[str]] = {}
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            if order.kind == "punishment":
                voters.setdefault(str(order.params["choice"]), []).append(escape(state.player(pid).name))
    lines = [f"<b>{t(lang, 'board.votes_title', day=(state.phase + 1) // 2)}</b>"]
    lines += [t(lang, "board.votes_line", punishment=t(lang, f"punishment.{choice}"), names=", ".join(names))
              for choice, names in voters.items()] or [t(lang, "board.votes_empty")]
    return OutboxMessage(chat_id=int(game["public_chat_id"]), game_id=int(game["id"]), op="edit",
                         slot=f"votes{state.phase}", text="\n".join(lines)[:TELEGRAM_LIMIT], dedup_key=key)


def closed_questions(game: dict[str, Any], state: GameState, phase: int,
                     players: list[dict[str, Any]]) -> list[OutboxMessage]:
    """Phase `phase` is over: each of its questions loses its buttons and says what was decided (the
    answer, the default, or nothing: the play was withdrawn) — the master's in the log, a player's in
    their private chat."""
    game_id, lang = int(game["id"]), str(game["locale"])
    by_pid = {int(p["pid"]): p for p in players if p["pid"] is not None}
    out = []
    for q in state.questions.values():
        if q.phase != phase:
            continue
        key = f"g{game_id}:q-closed-{q.key}"
        if q.to == "master":
            out.append(OutboxMessage(chat_id=int(game["log_chat_id"]), game_id=game_id, op="edit", slot=slot_of(q.key),
                                     text=final_text(state, q, lang, game_id=game_id), dedup_key=key))
        elif (player := by_pid.get(q.to)) is not None:
            mine = str(player["locale"] or lang)
            out.append(OutboxMessage(chat_id=int(player["user_id"]), game_id=game_id, op="edit",
                                     slot=questions.slot_of(q.key), dedup_key=key,
                                     text=questions.final_text(state, q, mine, game_id=game_id)))
    return out
