"""Rooms' words: a room group's messages copied to the master's log (and a public-group post by a
character the rules silence reported there), and a relayed room (no pool group
was free) carried between its members' private chats, which a member may leave."""

from __future__ import annotations

import contextlib
import json
from html import escape
from typing import Any

from engine.core import api
from engine.core.refusal import Refusal
from tgbot.i18n import t
from tgbot.render import Renderer
from tgbot.services.chats import chat_uses
from tgbot.services.errors import ServiceError
from tgbot.services.room_rows import RoomRows
from tgbot.storage.repo import OutboxMessage
from tgbot.ui.panel import phase_title


class Relay(RoomRows):
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

    async def note_public_post(self, chat_id: int, *, user_id: int) -> None:
        """A post in a running game's public group by one of its players, told to a rule set that counts posts
        (api.counts_posts: «сухари», who writes nothing all day)."""
        for use in await chat_uses(self.repo, chat_id):
            game = use.game
            if use.role != "public" or game is None or game["status"] != "running" \
                    or not api.counts_posts(str(game["ruleset"])):
                continue
            with contextlib.suppress(ServiceError, Refusal):
                await self.service.public_post(int(game["id"]), user_id=user_id)

    async def report_muted_post(self, chat_id: int, *, user_id: int, message_id: int, text: str) -> bool:
        """A message in a running game's public group by a character the rules forbid to write publicly now
        (api.muted: «Безмолвие»): reported to the master's log as a violation (True if it was). The bot
        does not delete it: what follows is the master's decision."""
        for use in await chat_uses(self.repo, chat_id):
            game = use.game
            if use.role != "public" or game is None or game["status"] != "running":
                continue
            state = await self.repo.load_state(int(game["id"]))
            pid = next((p for p, row in (await self._users(int(game["id"]))).items() if int(row["user_id"]) == user_id),
                       None)
            if state is None or pid is None or not api.muted(state, pid):
                continue
            async with self.repo.db.batch() as conn:
                await self.service._enqueue(conn, [self._log(
                    game, t(str(game["locale"]), "log.muted_post", name=Renderer(state, str(game["locale"])).player(pid),
                            phase=phase_title(str(game["locale"]), state.phase), text=escape(text)),
                    f"muted{chat_id}:m{message_id}")])
            self.service._wake()
            return True
        return False

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
