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
from typing import Any

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
)

from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.services.games import GameService
from tgbot.services.pool import Pool
from tgbot.services.relay import Relay
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import names
from tgbot.ui.comms import relay_markup

log = logging.getLogger(__name__)
TITLE_LIMIT = 128


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



class RoomService(Pool, Relay):
    """The chat rooms of every game: the pool (pool.py), their life here, their relayed words (relay.py)."""

    def __init__(self, bot: Bot, service: GameService, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        super().__init__(bot, service, sleep=sleep)
        service.on_state.append(self.on_state)

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
                " VALUES (?, ?, ?, ?, ?, ?, 'opening', ?) RETURNING id",
                (game["id"], eid, number, json.dumps(members), "group" if chat_id else "relay", chat_id, self.service.clock()),
            )
            room_id = int((await cur.fetchone())[0])
        room = await self.room(room_id)
        assert room is not None
        return room

    def _names(self, snap: Snapshot, pids: list[int]) -> str:
        return ", ".join(snap.names.get(p, "?") for p in pids)

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

