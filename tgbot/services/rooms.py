"""Chat rooms: the engine forms them, this service gives each a place to talk and takes it back.

A formed room (an engine effect of kind ``room``) takes a free group from the pool the master
registered (`/pool add` in each): its title becomes the members' character names, an invite link
that creates join requests is sent to each member privately, only the members' requests are approved,
and every message there is copied to the master's log. With no free group the room is relayed: each
member's private messages to the bot go to the others under the character name.

A room lives as long as its effect is in the engine state (rooms that never end simply stay); when it
is gone (the phase after the room's night began) or the game is over, the members are removed (ban
and unban), the link revoked, the title restored and the group returned to the pool. The rooms'
progress is in the database (`rooms`), and `sync` is idempotent: it runs after every resolution and
master change (`GameService.on_state`) and at start-up, so a crash half-way through is finished later.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import ChatMemberAdministrator, ChatMemberOwner

from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.services.chats import chat_use, taken
from tgbot.services.errors import ServiceError
from tgbot.services.games import GameService
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import names
from tgbot.ui.comms import relay_markup

log = logging.getLogger(__name__)
T = TypeVar("T")

# What the bot must be allowed to do in a pool group (Bot API names of the administrator rights).
POOL_RIGHTS = ("can_invite_users", "can_restrict_members", "can_change_info")
TITLE_LIMIT = 128
ATTEMPTS = 3  # Telegram calls retried on flood waits and network errors


@dataclass
class Snapshot:
    """What the rooms need of a game's state, read at once (the state may change while we await)."""

    status: str
    phase: int
    rooms: dict[int, list[int]] = field(default_factory=dict)  # active room effects: eid → member pids
    ends: dict[int, int | None] = field(default_factory=dict)  # eid → the last phase of the room (None: never ends)
    alive: set[int] = field(default_factory=set)
    names: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState) -> Snapshot:
        rooms = {e.eid: [int(m) for m in e.params.get("members", [])]
                 for e in state.effects if e.kind == "room" and e.active(state.phase)}
        ends = {e.eid: e.end for e in state.effects if e.eid in rooms}
        return cls(status=state.status, phase=state.phase, rooms=rooms, ends=ends,
                   alive={p.pid for p in state.players if p.alive}, names={p.pid: p.name for p in state.players})


def _load(row: dict[str, Any]) -> dict[str, Any]:
    for key in ("members", "admitted", "invited", "left"):
        row[key] = json.loads(row.pop(f"{key}_json"))
    return row


class RoomService:
    def __init__(self, bot: Bot, service: GameService, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.bot = bot
        self.service = service
        self.repo = service.repo
        self.sleep = sleep
        self._locks: dict[int, asyncio.Lock] = {}
        service.on_state.append(self.on_state)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # ---------------------------------------------------------------- reading
    async def rooms(self, game_id: int, *, open_only: bool = True) -> list[dict[str, Any]]:
        where = " AND status != 'closed'" if open_only else ""
        async with self.repo.db.conn.execute(
            f"SELECT * FROM rooms WHERE game_id = ?{where} ORDER BY number", (game_id,)
        ) as cur:
            return [_load(dict(r)) for r in await cur.fetchall()]

    async def room(self, room_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute("SELECT * FROM rooms WHERE id = ?", (room_id,)) as cur:
            row = await cur.fetchone()
        return _load(dict(row)) if row else None

    async def room_of_chat(self, chat_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute(
            "SELECT * FROM rooms WHERE chat_id = ? AND mode = 'group' AND status != 'closed'", (chat_id,)
        ) as cur:
            row = await cur.fetchone()
        return _load(dict(row)) if row else None

    async def pool(self) -> list[dict[str, Any]]:
        async with self.repo.db.conn.execute("SELECT * FROM chats WHERE kind = 'pool' ORDER BY chat_id") as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def pool_chat(self, chat_id: int) -> dict[str, Any] | None:
        async with self.repo.db.conn.execute("SELECT * FROM chats WHERE chat_id = ?", (chat_id,)) as cur:
            row = await cur.fetchone()
        return dict(row) if row else None

    async def _users(self, game_id: int) -> dict[int, dict[str, Any]]:
        """pid → the player's row (user id, locale) — who plays each character now."""
        return {int(p["pid"]): p for p in await self.repo.players(game_id) if p["pid"] is not None}

    # ---------------------------------------------------------------- the pool
    async def pool_add(self, *, chat_id: int, title: str, user_id: int) -> int:
        """Register a spare group (the command was sent in it); the number of free groups after."""
        if user_id not in self.service.admins and not [
            g for g in await self.repo.games_where(master_user_id=user_id) if g["status"] != "finished"
        ]:
            raise ServiceError("pool_not_master")
        use = await chat_use(self.repo, chat_id)
        if use is not None and use.role != "pool":
            raise taken(use)
        missing = await self.missing_rights(chat_id)
        if missing:
            raise ServiceError("pool_rights", missing=", ".join(missing))
        existing = await self.pool_chat(chat_id)
        if existing is not None and existing["kind"] == "pool":
            raise ServiceError("pool_already")
        async with self.repo.db.batch() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO chats (chat_id, kind, game_id, title, busy, added_by) VALUES (?, 'pool', NULL, ?, 0, ?)",
                (chat_id, title, user_id),
            )
        return sum(1 for c in await self.pool() if not c["busy"])

    async def missing_rights(self, chat_id: int) -> list[str]:
        """The rights the bot lacks in a group (all of them when it is not an administrator there)."""
        member = await self.bot.get_chat_member(chat_id, self.bot.id)
        if isinstance(member, ChatMemberOwner):
            return []
        if not isinstance(member, ChatMemberAdministrator):
            return ["administrator"]
        return [right for right in POOL_RIGHTS if not getattr(member, right, False)]

    async def pool_remove(self, *, chat_id: int, user_id: int) -> None:
        chat = await self.pool_chat(chat_id)
        if chat is None or chat["kind"] != "pool":
            raise ServiceError("pool_unknown")
        if user_id not in self.service.admins and user_id != chat["added_by"]:
            raise ServiceError("not_master")
        if chat["busy"]:
            raise ServiceError("pool_busy")
        async with self.repo.db.batch() as conn:
            await conn.execute("DELETE FROM chats WHERE chat_id = ?", (chat_id,))

    # ---------------------------------------------------------------- following the game
    async def on_state(self, game_id: int, state: GameState) -> None:
        """GameService's hook: read what we need now, then bring the rooms in line with it."""
        snap = Snapshot.of(state)
        try:
            await self.sync(game_id, snap)
        except Exception:  # a room must never break a resolution; the next sync retries
            log.exception("chat rooms of game %s", game_id)

    async def resume(self) -> int:
        """At start-up: every game with rooms open or a game running is brought in line again."""
        async with self.repo.db.conn.execute(
            "SELECT id FROM games WHERE status = 'running'"
            " UNION SELECT game_id FROM rooms WHERE status != 'closed'"
        ) as cur:
            ids = [int(r[0]) for r in await cur.fetchall()]
        for game_id in ids:
            state = await self.repo.load_state(game_id)
            if state is not None:
                await self.on_state(game_id, state)
        return len(ids)

    async def sync(self, game_id: int, snap: Snapshot) -> None:
        async with self.lock(game_id):
            game = await self.service.game(game_id)
            rows = await self.rooms(game_id)
            known = {r["eid"] for r in rows}
            if snap.status == "running":
                for eid, members in sorted(snap.rooms.items()):
                    if eid not in known:
                        rows.append(await self._create(game, eid, members))
            for row in rows:
                if snap.status != "running" or row["eid"] not in snap.rooms:
                    await self._close(game, row, snap)
                elif row["status"] == "opening":
                    await self._open(game, row, snap)
                else:
                    await self._refresh(game, row, snap)
        self.service._wake()

    async def _create(self, game: dict[str, Any], eid: int, members: list[int]) -> dict[str, Any]:
        """A new room: a free pool group if there is one (marked busy at once), else a relay."""
        async with self.repo.db.transaction() as conn:
            async with conn.execute("SELECT COUNT(*) FROM rooms WHERE game_id = ?", (game["id"],)) as cur:
                row = await cur.fetchone()
            number = (int(row[0]) if row else 0) + 1
            async with conn.execute("SELECT chat_id FROM chats WHERE kind = 'pool' AND busy = 0 ORDER BY chat_id LIMIT 1") as cur:
                free = await cur.fetchone()
            chat_id = int(free[0]) if free else None
            if chat_id is not None:
                await conn.execute("UPDATE chats SET busy = 1, game_id = ? WHERE chat_id = ?", (game["id"], chat_id))
            cur = await conn.execute(
                "INSERT INTO rooms (game_id, eid, number, members_json, mode, chat_id, status, opened_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 'opening', ?)",
                (game["id"], eid, number, json.dumps(members), "group" if chat_id else "relay", chat_id, self.service.clock()),
            )
            room_id = cur.lastrowid
        assert room_id is not None
        room = await self.room(room_id)
        assert room is not None
        return room

    def _lang(self, game: dict[str, Any], player: dict[str, Any] | None = None) -> str:
        return str((player or {}).get("locale") or game["locale"])

    def _names(self, snap: Snapshot, pids: list[int]) -> str:
        return ", ".join(snap.names.get(p, "?") for p in pids)

    def _log(self, game: dict[str, Any], text: str, key: str) -> OutboxMessage:
        return OutboxMessage(chat_id=int(game["log_chat_id"]), text=text, game_id=int(game["id"]),
                             dedup_key=f"g{game['id']}:{key}")

    async def _call(self, make: Callable[[], Awaitable[T]]) -> T:
        """A Telegram call, retried on flood waits and network errors (a few times, then it raises)."""
        for attempt in range(ATTEMPTS):
            try:
                return await make()
            except TelegramRetryAfter as exc:
                if attempt == ATTEMPTS - 1:
                    raise
                await self.sleep(min(float(exc.retry_after), 30.0))
            except (TelegramNetworkError, TelegramServerError, TimeoutError):
                if attempt == ATTEMPTS - 1:
                    raise
                await self.sleep(2.0 ** attempt)
        raise AssertionError("unreachable")

    async def _open(self, game: dict[str, Any], room: dict[str, Any], snap: Snapshot) -> None:
        if room["mode"] == "group":
            chat_id = int(room["chat_id"])
            title = t(str(game["locale"]), "rooms.title", number=room["number"],
                      names=self._names(snap, room["members"]))[:TITLE_LIMIT]
            try:
                await self._set_title(chat_id, title)
                link = room["invite_link"] or (await self._call(lambda: self.bot.create_chat_invite_link(
                    chat_id, name=f"room {game['id']}-{room['number']}", creates_join_request=True))).invite_link
            except TelegramAPIError as exc:  # a refusal: the group is unusable; else Telegram is unreachable now
                await self._lose_group(game, room, str(exc), broken=isinstance(exc, TelegramBadRequest | TelegramForbiddenError))
                room = await self.room(int(room["id"])) or room
            else:
                async with self.repo.db.batch() as conn:
                    await conn.execute("UPDATE rooms SET status = 'open', invite_link = ? WHERE id = ?", (link, room["id"]))
                    room = {**room, "invite_link": link, "status": "open"}
                    await self.service._enqueue(conn, [self._log(
                        game, t(str(game["locale"]), "rooms.log_group", number=room["number"],
                                names=escape(self._names(snap, room["members"])), title=escape(title)),
                        f"room{room['id']}:opened")])
                await self._refresh(game, room, snap)
                return
        async with self.repo.db.batch() as conn:
            await conn.execute("UPDATE rooms SET status = 'open' WHERE id = ?", (room["id"],))
            await self.service._enqueue(conn, [self._log(
                game, t(str(game["locale"]), "rooms.log_relay", number=room["number"],
                        names=escape(self._names(snap, room["members"]))), f"room{room['id']}:opened")])
        await self._refresh(game, {**room, "status": "open"}, snap)

    async def _set_title(self, chat_id: int, title: str) -> None:
        try:
            await self._call(lambda: self.bot.set_chat_title(chat_id, title))
        except TelegramBadRequest as exc:
            if "not modified" not in str(exc):  # the same title already (a retried opening, a restored group)
                raise

    async def _lose_group(self, game: dict[str, Any], room: dict[str, Any], error: str, *, broken: bool) -> None:
        """The group cannot be used for this room: relayed instead. A group Telegram refused (the bot lost
        its rights, the group is gone) leaves the pool; after a network failure it stays there, free."""
        log.warning("pool group %s unusable: %s", room["chat_id"], error)
        chat = await self.pool_chat(int(room["chat_id"]))
        if not broken and chat is not None and chat["title"]:
            with contextlib.suppress(TelegramAPIError):  # its own title again, if Telegram answers by now
                await self._set_title(int(room["chat_id"]), str(chat["title"]))
        async with self.repo.db.batch() as conn:
            await conn.execute("UPDATE chats SET kind = ?, busy = 0, game_id = NULL WHERE chat_id = ?",
                               ("broken" if broken else "pool", room["chat_id"]))
            await conn.execute("UPDATE rooms SET mode = 'relay', chat_id = NULL WHERE id = ?", (room["id"],))
            await self.service._enqueue(conn, [self._log(
                game, t(str(game["locale"]), "rooms.log_group_lost", chat=room["chat_id"], error=escape(error[:200])),
                f"room{room['id']}:lost")])

    async def _refresh(self, game: dict[str, Any], room: dict[str, Any], snap: Snapshot) -> None:
        """Who is in a room follows the game: the dead and the replaced are let out, newcomers invited."""
        players = await self._users(int(game["id"]))
        allowed = {int(players[p]["user_id"]) for p in room["members"] if p in snap.alive and p in players}
        removed = [u for u in room["admitted"] if u not in allowed]
        if room["mode"] == "group":
            for user_id in removed:
                await self._remove(int(room["chat_id"]), user_id)
        out = []
        invited = list(room["invited"])
        for pid in room["members"]:
            player = players.get(pid)
            if player is None or pid not in snap.alive or int(player["user_id"]) in invited or pid in room["left"]:
                continue
            user_id = int(player["user_id"])
            invited.append(user_id)
            out.append(self._invitation(game, room, snap, pid, player))
        if not removed and not out:
            return
        async with self.repo.db.batch() as conn:
            await conn.execute("UPDATE rooms SET admitted_json = ?, invited_json = ? WHERE id = ?",
                               (json.dumps([u for u in room["admitted"] if u in allowed]), json.dumps(invited), room["id"]))
            await self.service._enqueue(conn, out)

    def _invitation(self, game: dict[str, Any], room: dict[str, Any], snap: Snapshot, pid: int,
                    player: dict[str, Any]) -> OutboxMessage:
        lang = self._lang(game, player)
        others = escape(self._names(snap, [m for m in room["members"] if m != pid]))
        key = f"g{game['id']}:room{room['id']}:invite:u{player['user_id']}"
        lasts = t(lang, "rooms.lasts_forever" if snap.ends.get(int(room["eid"])) is None else "rooms.lasts_night")
        if room["mode"] == "group":
            text = t(lang, "rooms.invite_group", number=room["number"], names=others, lasts=lasts)
            markup = {"inline_keyboard": [[{"text": t(lang, "rooms.btn_enter"), "url": room["invite_link"]}]]}
        else:
            text = t(lang, "rooms.invite_relay", number=room["number"], names=others, lasts=lasts)
            markup = relay_markup(int(room["id"]), lang)
        return OutboxMessage(chat_id=int(player["user_id"]), text=text, reply_markup=markup, game_id=int(game["id"]),
                             dedup_key=key)

    async def _remove(self, chat_id: int, user_id: int) -> None:
        """Out of the group (ban, then unban so that the group could take them again another time)."""
        try:
            await self._call(lambda: self.bot.ban_chat_member(chat_id, user_id))
            await self._call(lambda: self.bot.unban_chat_member(chat_id, user_id, only_if_banned=True))
        except TelegramAPIError as exc:  # an administrator or the owner of the group stays
            log.warning("could not remove %s from %s: %s", user_id, chat_id, exc)

    async def _close(self, game: dict[str, Any], room: dict[str, Any], snap: Snapshot) -> None:
        if room["mode"] == "group" and room["chat_id"] is not None:
            chat_id = int(room["chat_id"])
            for user_id in room["admitted"]:
                await self._remove(chat_id, user_id)
            chat = await self.pool_chat(chat_id)
            with contextlib.suppress(TelegramAPIError):
                if room["invite_link"]:
                    await self._call(lambda: self.bot.revoke_chat_invite_link(chat_id, str(room["invite_link"])))
            with contextlib.suppress(TelegramAPIError):
                if chat is not None and chat["title"]:
                    await self._set_title(chat_id, str(chat["title"]))
        players = await self._users(int(game["id"]))
        out = [self._log(game, t(str(game["locale"]), "rooms.log_closed", number=room["number"]), f"room{room['id']}:closed")]
        for pid in room["members"]:
            player = players.get(pid)
            if player is not None and int(player["user_id"]) in room["invited"]:
                out.append(OutboxMessage(chat_id=int(player["user_id"]), game_id=int(game["id"]),
                                         text=t(self._lang(game, player), "rooms.closed", number=room["number"]),
                                         dedup_key=f"g{game['id']}:room{room['id']}:closed:p{pid}"))
        async with self.repo.db.batch() as conn:
            await conn.execute("UPDATE rooms SET status = 'closed', closed_at = ?, admitted_json = '[]' WHERE id = ?",
                               (self.service.clock(), room["id"]))
            if room["chat_id"] is not None:
                await conn.execute("UPDATE chats SET busy = 0, game_id = NULL WHERE chat_id = ? AND kind = 'pool'",
                                   (room["chat_id"],))
            await self.service._enqueue(conn, out)

    # ---------------------------------------------------------------- a pool group in use
    async def join_request(self, chat_id: int, user_id: int) -> bool | None:
        """A join request in a group: approved (True) for a living member of its room, else declined
        (False); None when the group is none of ours."""
        room = await self.room_of_chat(chat_id)
        if room is None:
            chat = await self.pool_chat(chat_id)
            if chat is None:
                return None
            await self._call(lambda: self.bot.decline_chat_join_request(chat_id, user_id))
            return False
        game_id = int(room["game_id"])
        async with self.lock(game_id):
            room = await self.room(int(room["id"])) or room
            state = await self.repo.load_state(game_id)
            players = await self._users(game_id)
            pid = next((p for p, row in players.items() if int(row["user_id"]) == user_id), None)
            ok = (room["status"] == "open" and state is not None and pid is not None and pid in room["members"]
                  and state.player(pid).alive)
            game = await self.service.game(game_id)
            lang = str(game["locale"])
            if not ok:
                with contextlib.suppress(TelegramBadRequest):  # already gone
                    await self._call(lambda: self.bot.decline_chat_join_request(chat_id, user_id))
                name = state.player(pid).name if state is not None and pid is not None else None
                who = await names.player_label(self.repo, lang, name, user_id)
                async with self.repo.db.batch() as conn:
                    await self.service._enqueue(conn, [self._log(
                        game, t(lang, "rooms.log_declined", number=room["number"], user=who),
                        f"room{room['id']}:declined:u{user_id}:{self.service.clock()}")])
                self.service._wake()
                return False
            assert state is not None and pid is not None
            async with self.repo.db.batch() as conn:  # recorded first: a crash never leaves one unrecorded
                admitted = sorted({*room["admitted"], user_id})
                await conn.execute("UPDATE rooms SET admitted_json = ? WHERE id = ?", (json.dumps(admitted), room["id"]))
            try:
                await self._call(lambda: self.bot.approve_chat_join_request(chat_id, user_id))
            except TelegramBadRequest as exc:
                if "USER_ALREADY_PARTICIPANT" not in str(exc):
                    raise
            async with self.repo.db.batch() as conn:
                await self.service._enqueue(conn, [OutboxMessage(
                    chat_id=chat_id, game_id=game_id, text=t(lang, "rooms.welcome", name=escape(state.player(pid).name)),
                    dedup_key=f"g{game_id}:room{room['id']}:welcome:u{user_id}:{self.service.clock()}")])
            self.service._wake()
            return True

    async def copy_to_log(self, chat_id: int, *, user_id: int, fallback_name: str, message_id: int, text: str) -> bool:
        """A message in a room's group: its copy to the master's log (True if the group is a room)."""
        room = await self.room_of_chat(chat_id)
        if room is None:
            return False
        game = await self.service.game(int(room["game_id"]))
        name = await self._speaker(int(room["game_id"]), user_id, fallback_name)
        async with self.repo.db.batch() as conn:
            await self.service._enqueue(conn, [self._log(
                game, t(str(game["locale"]), "rooms.log_message", number=room["number"], name=escape(name), text=escape(text)),
                f"room{room['id']}:m{message_id}")])
        self.service._wake()
        return True

    async def _speaker(self, game_id: int, user_id: int, fallback: str) -> str:
        state = await self.repo.load_state(game_id)
        for pid, player in (await self._users(game_id)).items():
            if int(player["user_id"]) == user_id and state is not None:
                return state.player(pid).name
        return fallback

    # ---------------------------------------------------------------- relayed rooms
    async def relay_rooms(self, user_id: int) -> list[tuple[dict[str, Any], int]]:
        """Open relayed rooms the user is in now (room, their pid), alive and not gone out."""
        out = []
        for game in await self.repo.games_of_user(user_id):
            if game["status"] != "running":
                continue
            state = await self.repo.load_state(int(game["id"]))
            pid = next((p for p, row in (await self._users(int(game["id"]))).items() if int(row["user_id"]) == user_id), None)
            if state is None or pid is None or not state.player(pid).alive:
                continue
            for room in await self.rooms(int(game["id"])):
                if room["mode"] == "relay" and room["status"] == "open" and pid in room["members"] and pid not in room["left"]:
                    out.append((room, pid))
        return out

    async def relay(self, room: dict[str, Any], pid: int, *, message_id: int, text: str) -> int:
        """A member's message to the others of a relayed room (and the master's log); how many got it."""
        game_id = int(room["game_id"])
        game = await self.service.game(game_id)
        state = await self.repo.load_state(game_id)
        assert state is not None
        name = escape(state.player(pid).name)
        players = await self._users(game_id)
        out = []
        for other in room["members"]:
            player = players.get(other)
            if other == pid or other in room["left"] or player is None or not state.player(other).alive:
                continue
            out.append(OutboxMessage(
                chat_id=int(player["user_id"]), game_id=game_id,
                text=t(self._lang(game, player), "rooms.relayed", number=room["number"], name=name, text=escape(text)),
                dedup_key=f"g{game_id}:room{room['id']}:m{pid}-{message_id}:p{other}"))
        out.append(self._log(game, t(str(game["locale"]), "rooms.log_message", number=room["number"], name=name,
                                     text=escape(text)), f"room{room['id']}:m{pid}-{message_id}"))
        async with self.repo.db.batch() as conn:
            await self.service._enqueue(conn, out)
        self.service._wake()
        return len(out) - 1

    async def leave_relay(self, room_id: int, user_id: int) -> dict[str, Any]:
        """A member goes out of a relayed room: nothing more to or from them; the others are told."""
        room = await self.room(room_id)
        if room is None or room["mode"] != "relay" or room["status"] != "open":
            raise ServiceError("room_over")
        game_id = int(room["game_id"])
        async with self.lock(game_id):
            room = await self.room(room_id)
            assert room is not None
            players = await self._users(game_id)
            pid = next((p for p, row in players.items() if int(row["user_id"]) == user_id), None)
            if pid is None or pid not in room["members"]:
                raise ServiceError("room_not_member")
            if pid in room["left"]:
                raise ServiceError("room_left_already")
            game = await self.service.game(game_id)
            state = await self.repo.load_state(game_id)
            assert state is not None
            name = escape(state.player(pid).name)
            out = [self._log(game, t(str(game["locale"]), "rooms.log_left", number=room["number"], name=name),
                             f"room{room_id}:left:p{pid}")]
            for other in room["members"]:
                player = players.get(other)
                if other != pid and other not in room["left"] and player is not None and state.player(other).alive:
                    out.append(OutboxMessage(chat_id=int(player["user_id"]), game_id=game_id,
                                             text=t(self._lang(game, player), "rooms.left", number=room["number"], name=name),
                                             dedup_key=f"g{game_id}:room{room_id}:left:p{pid}:to{other}"))
            async with self.repo.db.batch() as conn:
                await conn.execute("UPDATE rooms SET left_json = ? WHERE id = ?",
                                   (json.dumps(sorted({*room["left"], pid})), room_id))
                await self.service._enqueue(conn, out)
        self.service._wake()
        return room
