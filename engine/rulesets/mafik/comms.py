"""Communication the engine rules over (the bot carries the words).

Private messages: one a day to one living character (Сплетник: one more, not anonymous); the
recipient gets it at once; at the end of the day everyone learns who spent one, not to whom.
Chat rooms: proposed by day; formed at the end of the day when every member has confirmed
publicly; one room per character per day; a room lives through the next night. Изгнание keeps
a character out of rooms.
"""

from __future__ import annotations

from typing import Any

from engine.core.durations import NEXT_PHASE, THIS_PHASE
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.rulesets.mafik.order import STEP_DAY_END_PRIVATE_MESSAGES, STEP_DAY_END_ROOMS
from engine.rulesets.mafik.registry import REGISTRIES

MAX_TEXT = 4000


def _living_other(state: GameState, pid: int, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state.players):
        raise Refusal("invalid_target", target=value, reason="no_such_player")
    if value == pid:
        raise Refusal("invalid_target", target=value, reason="self")
    if not state.player(value).alive:
        raise Refusal("invalid_target", target=value, reason="dead")
    return value


def private_allowance(state: GameState, pid: int) -> int:
    base = 2 if state.player(pid).public_role == "gossip" else 1
    allowance: int = REGISTRIES.queries.ask("private_messages", state, base, pid=pid)
    return allowance


def send_private(state: GameState, pid: int, params: dict[str, Any]) -> None:
    if not state.is_day:
        raise Refusal("wrong_phase", what="private_message", reason="day_only")
    to = _living_other(state, pid, params.get("to"))
    text = params.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise Refusal("bad_param", param="text", reason="empty_message" if not text else "message_too_long")
    player = state.player(pid)
    key = f"private_day_{state.day_number}"
    if player.flags.get(key, 0) >= private_allowance(state, pid):
        raise Refusal("limit_reached", what="private_message")
    player.flags[key] = player.flags.get(key, 0) + 1
    state.emit("private_message", "player", to, sender=pid, text=text)
    state.emit("private_message_copy", "master", None, sender=pid, to=to, text=text)


def room_rules(state: GameState, pid: int, members: list[int]) -> str | None:
    """The card whose rule forbids gathering this room now, or None: the query `room_rules` (context
    `pid`, the proposer, and `members`, the whole room) — Третий на лишний, Радиомолчание, Организатор
    (cards/rooms.py)."""
    reason: str | None = REGISTRIES.queries.ask("room_rules", state, None, pid=pid, members=list(members))
    return reason


def propose_room(state: GameState, pid: int, params: dict[str, Any]) -> None:
    if not state.is_day:
        raise Refusal("wrong_phase", what="room", reason="day_only")
    members = params.get("members")
    if not isinstance(members, list) or not members:
        raise Refusal("bad_param", param="members", reason="count")
    others = {_living_other(state, pid, m) for m in members}
    group = sorted({pid, *others})
    for member in group:
        if not REGISTRIES.queries.ask("may_join_room", state, True, pid=member):
            raise Refusal("not_allowed", what="room", reason="barred", pid=member)
    ruled = room_rules(state, pid, group)
    if ruled is not None:
        raise Refusal("not_allowed", what="room", reason="room_rule", card=ruled)
    room = state.add_effect("room_request", source=pid, during=THIS_PHASE, members=group, confirmed=[pid])
    state.emit("room_proposed", "public", None, room=room.eid, members=group, by=pid)


def confirm_room(state: GameState, pid: int, params: dict[str, Any]) -> None:
    request = next((e for e in state.effects_of("room_request") if e.eid == params.get("room")), None)
    if request is None:
        raise Refusal("bad_param", param="room", reason="no_such_room")
    if pid not in request.params["members"]:
        raise Refusal("not_allowed", what="room", reason="not_a_member")
    confirmed = list(request.params["confirmed"])
    if pid not in confirmed:
        request.params["confirmed"] = [*confirmed, pid]
        state.emit("room_confirmed", "public", None, room=request.eid, pid=pid)


@REGISTRIES.pipeline.step("day_end:private_messages", STEP_DAY_END_PRIVATE_MESSAGES)
def announce_private_messages(res: Resolution) -> None:
    state = res.state
    if not state.is_day:
        return
    key = f"private_day_{state.day_number}"
    spent = [p.pid for p in state.players if p.flags.get(key)]
    if spent:  # a day nobody spent one announces nothing
        state.emit("private_messages_spent", "public", None, pids=spent)


@REGISTRIES.pipeline.step("day_end:rooms", STEP_DAY_END_ROOMS)
def form_rooms(res: Resolution) -> None:
    """Fully confirmed requests become rooms for the next night, first come first served."""
    state = res.state
    if not state.is_day:
        return
    placed: set[int] = set()
    for request in state.effects_of("room_request"):
        members = [int(m) for m in request.params["members"]]
        if set(members) - set(request.params["confirmed"]) or placed & set(members):
            continue
        if not all(state.player(m).alive and REGISTRIES.queries.ask("may_join_room", state, True, pid=m) for m in members):
            continue
        ruled = room_rules(state, request.source if request.source is not None else members[0], members)
        if ruled is not None:  # a rule that came into force after the proposal (Радиомолчание played today)
            state.emit("room_not_formed", "public", None, request=request.eid, members=members, card=ruled)
            continue
        placed |= set(members)
        room = state.add_effect("room", during=NEXT_PHASE, members=members)
        state.emit("room_formed", "public", None, room=room.eid, members=members, request=request.eid)


@REGISTRIES.queries.modifier("may_join_room")
@only_while("exile")
def exiled_out_of_rooms(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
    """Изгнание: no chat rooms for its two nights (a room formed today lives through the next night)."""
    nxt = state.phase + 1
    return value and not state.effects_of("exile", target=pid, phase=nxt) and not state.effects_of(
        "exile", target=pid)
