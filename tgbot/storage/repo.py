"""Reading and writing games, players, submissions, events and the outbox.

Methods that change data run inside `Database.batch()` (or `transaction()`): call them from within
one (pass what it yields) so that a phase result, its events and its announcements commit together.
Rows read on every update (games, players, users) are cached here and written through.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.core.state import Event, GameState
from tgbot.storage.db import Database, SqlConnection, Writer, after_commit


@dataclass
class OutboxMessage:
    chat_id: int
    text: str | None = None
    op: str = "send"  # send, edit (the message kept under `slot`), document, photo (`document` a picture)
    slot: str | None = None
    reply_markup: dict[str, Any] | None = None
    document_name: str | None = None
    document: bytes | None = None
    fallback: str | None = None  # a photo: the text sent instead if Telegram refuses the picture
    dedup_key: str | None = None
    game_id: int | None = None
    id: int | None = None
    attempts: int = 0
    not_before: float = 0.0


class Repository:
    """Games in the database (SQLite or PostgreSQL), with the latest state of each game kept in memory.

    Every change to a game goes through GameService under the game's lock and is saved here, so the
    cached state is the committed one; a rolled-back transaction empties the cache. The state is
    stored without its event log, which lives in the `events` table (so a save writes the new events
    only, not the whole history); a snapshot of the whole state is kept once per phase.

    Each change of a game bumps its `version`. Where several processes share the database, the game's
    lock there tells its stored version (`sync_version`): when another process moved it, what this one
    cached of the game is dropped and read again.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._states: dict[int, GameState] = {}
        self._snapshot_phase: dict[int, int] = {}
        self._stored_seq: dict[int, int] = {}
        # Rows read on every update, kept in memory (this process owns the database): a game's row
        # without its state, its players, a user's settings. Written through; emptied on rollback.
        self._games: dict[int, dict[str, Any]] = {}
        self._players: dict[int, list[dict[str, Any]]] = {}
        self._users: dict[int, dict[str, Any] | None] = {}
        self._versions: dict[int, int] = {}  # the stored version of each game, as far as this process knows
        # Writes seen per cached thing (("game", id), ("players", id or None: all), ("user", id)): a reader
        # that saw one land while it read keeps what it read out of the cache (on PostgreSQL a read and a
        # commit run on different connections, so the read may end after the commit).
        self._changed: Counter[tuple[str, int | None]] = Counter()
        db.on_rollback.append(self.forget_all)

    def forget_all(self) -> None:
        self._states.clear()
        self._snapshot_phase.clear()
        self._stored_seq.clear()
        self._games.clear()
        self._players.clear()
        self._users.clear()
        self._versions.clear()

    def forget(self, game_id: int) -> None:
        """Drop a game's cached state (after an unexpected error while changing it)."""
        self._states.pop(game_id, None)
        self._snapshot_phase.pop(game_id, None)
        self._stored_seq.pop(game_id, None)

    def sync_version(self, game_id: int, stored: int | None) -> None:
        """Called under the game's lock with its stored version (None: no other process writes it): a
        version this process did not write means another process changed the game — forget it."""
        if stored is None or self._versions.get(game_id) == stored:
            return
        self.forget(game_id)
        self._games.pop(game_id, None)
        self._players.pop(game_id, None)
        self._versions[game_id] = stored

    def _bumped(self, conn: Writer, game_id: int) -> None:
        """This process wrote `version = version + 1` of the game: once committed, it knows the new one."""
        def count() -> None:
            if game_id in self._versions:
                self._versions[game_id] += 1

        after_commit(conn, count)

    async def _bump(self, conn: Writer, game_id: int) -> None:
        await conn.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
        self._bumped(conn, game_id)

    # ---------------------------------------------------------------- games
    async def create_game(self, conn: SqlConnection, *, ruleset: str, master_user_id: int,
                          log_chat_id: int, now: float, settings: dict[str, Any] | None = None,
                          locale: str = "ru") -> int:
        cur = await conn.execute(
            "INSERT INTO games (ruleset, status, master_user_id, log_chat_id, locale, settings_json, created_at)"
            " VALUES (?, 'signup', ?, ?, ?, ?, ?) RETURNING id",
            (ruleset, master_user_id, log_chat_id, locale, json.dumps(settings or {}), now),
        )
        return int((await cur.fetchone())[0])

    async def game(self, game_id: int) -> dict[str, Any] | None:
        """The game, or None — also for an id no game can have (any number may come from a button or
        a command, and SQLite refuses integers beyond 64 bits)."""
        if not isinstance(game_id, int) or not 0 < game_id < 2**63:
            return None
        cached = self._games.get(game_id)
        if cached is None:
            seen = self._changed["game", game_id]
            rows = await self.db.conn.execute_fetchall("SELECT * FROM games WHERE id = ?", (game_id,))
            if not rows:
                return None
            row = {key: value for key, value in dict(next(iter(rows))).items() if key not in ("state_json", "version")}
            if self._changed["game", game_id] != seen:
                return row
            cached = self._games.setdefault(game_id, row)  # one put meanwhile is at least as new
        return dict(cached)

    async def update_game(self, conn: Writer, game_id: int, **fields: Any) -> None:
        allowed = {"status", "public_chat_id", "locale", "settings_json", "deadline_at", "resolved_phase", "phase",
                   "paused_left"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        columns = ", ".join(f"{name} = ?" for name in fields)
        await conn.execute(f"UPDATE games SET {columns}, version = version + 1 WHERE id = ?", (*fields.values(), game_id))
        self._bumped(conn, game_id)
        self._game_changed(conn, game_id, fields)

    def _game_changed(self, conn: Writer, game_id: int, fields: dict[str, Any]) -> None:
        """The cached row follows a write now and again once it is committed (a reader may have
        cached the row as it was in between)."""
        def apply() -> None:
            self._changed["game", game_id] += 1
            cached = self._games.get(game_id)
            if cached is not None:
                cached.update(fields)

        apply()
        after_commit(conn, apply)

    def _players_changed(self, conn: Writer, game_id: int | None = None) -> None:
        """Forget the cached players (of one game, or all) now and once the write is committed."""
        def forget() -> None:
            self._changed["players", game_id] += 1
            if game_id is None:
                self._players.clear()
            else:
                self._players.pop(game_id, None)

        forget()
        after_commit(conn, forget)

    async def deadlines(self) -> list[tuple[int, float]]:
        """Every pending deadline, for re-arming the scheduler at start-up."""
        async with self.db.conn.execute(
            "SELECT id, deadline_at FROM games WHERE deadline_at IS NOT NULL AND status IN ('setup', 'running')"
            " ORDER BY deadline_at"
        ) as cur:
            return [(int(r[0]), float(r[1])) for r in await cur.fetchall()]

    # ---------------------------------------------------------------- players
    async def add_player(self, conn: Writer, game_id: int, *, user_id: int, name: str,
                         public_role: str, locale: str | None = None, gender: str | None = None) -> None:
        await conn.execute(
            "INSERT INTO players (game_id, user_id, name, public_role, locale, gender) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, user_id, name, public_role, locale, gender),
        )
        await self._bump(conn, game_id)
        self._players_changed(conn, game_id)

    async def set_player_gender(self, conn: Writer, game_id: int, user_id: int, gender: str) -> None:
        await conn.execute("UPDATE players SET gender = ? WHERE game_id = ? AND user_id = ?",
                           (gender, game_id, user_id))
        await self._bump(conn, game_id)
        self._players_changed(conn, game_id)

    async def remove_player(self, conn: Writer, game_id: int, user_id: int) -> None:
        await conn.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        await self._bump(conn, game_id)
        self._players_changed(conn, game_id)

    async def players(self, game_id: int) -> list[dict[str, Any]]:
        """The game's players in sign-up order (copies: change them through this repository)."""
        cached = self._players.get(game_id)
        if cached is None:
            seen = self._changed["players", game_id], self._changed["players", None]
            rows = await self.db.conn.execute_fetchall(
                "SELECT game_id, pid, user_id, name, public_role, locale, gender FROM players"
                " WHERE game_id = ? ORDER BY rowid", (game_id,))
            if (self._changed["players", game_id], self._changed["players", None]) != seen:
                return [dict(r) for r in rows]
            cached = self._players.setdefault(game_id, [dict(r) for r in rows])
        return [dict(r) for r in cached]

    async def seat(self, conn: Writer, game_id: int, user_id: int, pid: int) -> None:
        await conn.execute("UPDATE players SET pid = ? WHERE game_id = ? AND user_id = ?", (pid, game_id, user_id))
        await self._bump(conn, game_id)
        self._players_changed(conn, game_id)

    async def replace_player(self, conn: Writer, game_id: int, pid: int, *, user_id: int,
                             locale: str | None) -> None:
        """A newcomer takes over seat `pid`."""
        await conn.execute("UPDATE players SET user_id = ?, locale = ? WHERE game_id = ? AND pid = ?",
                           (user_id, locale, game_id, pid))
        await self._bump(conn, game_id)
        self._players_changed(conn, game_id)

    async def set_player_locale(self, conn: Writer, user_id: int, locale: str) -> None:
        """The user's language in every game they play."""
        await conn.execute("UPDATE players SET locale = ? WHERE user_id = ?", (locale, user_id))
        # Other processes learn it by the games' versions (and this one reads those games again at their next change).
        await conn.execute("UPDATE games SET version = version + 1 WHERE id IN (SELECT game_id FROM players WHERE user_id = ?)",
                           (user_id,))
        self._players_changed(conn)

    # ---------------------------------------------------------------- state and events
    async def save_state(self, conn: Writer, game_id: int, state: GameState, *, now: float) -> None:
        """The engine state now, its new events, and (once a phase) a snapshot of the whole state."""
        await conn.execute(
            "UPDATE games SET state_json = ?, phase = ?, version = version + 1 WHERE id = ?",
            (state.to_json(events=False), state.phase, game_id),
        )
        self._bumped(conn, game_id)
        self._game_changed(conn, game_id, {"phase": state.phase})
        stored = self._stored_seq.get(game_id)
        if stored is None:  # committed events (read outside the transaction: only this game's lock writes them)
            rows = list(await self.db.conn.execute_fetchall(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)))
            stored = int(rows[0][0]) if rows else 0
        await conn.executemany(
            "INSERT INTO events (game_id, seq, phase, kind, audience, who, params_json) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (game_id, e.seq, e.phase, e.kind, e.to, None if e.who is None else json.dumps(e.who),
                 json.dumps(e.params, ensure_ascii=False))
                for e in state.events
                if e.seq > stored
            ],
        )
        if self._snapshot_phase.get(game_id) != state.phase:
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, phase, state_json, saved_at) VALUES (?, ?, ?, ?)",
                (game_id, state.phase, state.to_json(), now),
            )
            self._snapshot_phase[game_id] = state.phase
        self._stored_seq[game_id] = len(state.events) and state.events[-1].seq
        self._states[game_id] = state

    async def load_state(self, game_id: int) -> GameState | None:
        """The game's current state (from memory when cached). Callers change it only through GameService."""
        cached = self._states.get(game_id)
        if cached is not None:
            return cached
        async with self.db.conn.execute("SELECT state_json, version FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        if row is None or row[0] is None:
            return None
        state, version = GameState.model_validate_json(row[0]), int(row[1])
        async with self.db.conn.execute(
            "SELECT seq, phase, kind, audience, who, params_json FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cur:
            state.events = [
                Event(seq=r[0], phase=r[1], kind=r[2], to=r[3], who=None if r[4] is None else json.loads(r[4]),
                      params=json.loads(r[5]))
                for r in await cur.fetchall()
            ]
        newer = self._states.get(game_id)
        if newer is not None:  # saved (or loaded) while this was reading: that one is at least as new
            return newer
        if self._versions.get(game_id, version) != version:  # another process changed it meanwhile
            return state
        self._states[game_id] = state
        self._stored_seq[game_id] = state.events[-1].seq if state.events else 0
        return state

    async def record_submission(self, conn: Writer, game_id: int, *, phase: int, user_id: int,
                                action: str, payload: dict[str, Any], now: float) -> None:
        await conn.execute(
            "INSERT INTO submissions (game_id, phase, user_id, action, payload_json, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, phase, user_id, action, json.dumps(payload, ensure_ascii=False), now),
        )

    # ---------------------------------------------------------------- outbox
    async def enqueue(self, conn: Writer, message: OutboxMessage, *, now: float) -> None:
        """Queue a message (ignored if one with the same dedup key was queued before)."""
        await conn.execute(
            "INSERT OR IGNORE INTO outbox (game_id, chat_id, op, slot, text, reply_markup_json, document_name,"
            " document, fallback, dedup_key, created_at, not_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                message.game_id, message.chat_id, message.op, message.slot, message.text,
                None if message.reply_markup is None else json.dumps(message.reply_markup, ensure_ascii=False),
                message.document_name, message.document, message.fallback, message.dedup_key, now, now,
            ),
        )

    async def due(self, now: float, limit: int = 100) -> list[OutboxMessage]:
        """Unsent messages whose time has come, oldest first."""
        return [m for m in await self.pending(limit) if m.not_before <= now]

    async def pending(self, limit: int = 500) -> list[OutboxMessage]:
        """Unsent messages, oldest first (also those waiting for a retry)."""
        async with self.db.conn.execute(
            "SELECT * FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?", (limit,)
        ) as cur:
            rows = await cur.fetchall()
        return [
            OutboxMessage(
                id=r["id"], game_id=r["game_id"], chat_id=r["chat_id"], op=r["op"], slot=r["slot"], text=r["text"],
                reply_markup=None if r["reply_markup_json"] is None else json.loads(r["reply_markup_json"]),
                document_name=r["document_name"], document=r["document"], fallback=r["fallback"],
                dedup_key=r["dedup_key"],
                attempts=r["attempts"], not_before=r["not_before"],
            )
            for r in rows
        ]

    async def pending_count(self) -> int:
        async with self.db.conn.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def mark_failed(self, conn: Writer, message_id: int, *, now: float, error: str) -> None:
        """Give up on a message that can never be delivered (the user blocked the bot, the chat is gone)."""
        await conn.execute(
            "UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?",
            (now, f"failed: {error}", message_id),
        )

    async def mark_superseded(self, conn: Writer, message_id: int, *, now: float) -> None:
        """An edit that a later queued edit of the same slot makes pointless: done, never sent."""
        await conn.execute("UPDATE outbox SET sent_at = ?, last_error = 'superseded' WHERE id = ?", (now, message_id))

    # ---------------------------------------------------------------- slots (messages edited in place)
    async def set_slot(self, conn: Writer, game_id: int, slot: str, chat_id: int, message_id: int) -> None:
        await conn.execute(
            "INSERT OR REPLACE INTO slots (game_id, slot, chat_id, message_id) VALUES (?, ?, ?, ?)",
            (game_id, slot, chat_id, message_id),
        )

    async def slot(self, game_id: int, slot: str, chat_id: int) -> int | None:
        async with self.db.conn.execute(
            "SELECT message_id FROM slots WHERE game_id = ? AND slot = ? AND chat_id = ?", (game_id, slot, chat_id)
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else None

    # ---------------------------------------------------------------- users
    async def set_user(self, conn: Writer, user_id: int, *, locale: str | None = None,
                       started: bool | None = None) -> None:
        await conn.execute("INSERT OR IGNORE INTO users (user_id) VALUES (?)", (user_id,))
        def forget() -> None:
            self._changed["user", user_id] += 1
            self._users.pop(user_id, None)

        forget()
        after_commit(conn, forget)
        if locale is not None:
            await conn.execute("UPDATE users SET locale = ? WHERE user_id = ?", (locale, user_id))
        if started is not None:
            await conn.execute("UPDATE users SET started = ? WHERE user_id = ?", (int(started), user_id))

    async def user(self, user_id: int) -> dict[str, Any] | None:
        if user_id not in self._users:
            seen = self._changed["user", user_id]
            rows = await self.db.conn.execute_fetchall("SELECT * FROM users WHERE user_id = ?", (user_id,))
            row = next((dict(r) for r in rows), None)
            if self._changed["user", user_id] != seen:
                return row
            self._users.setdefault(user_id, row)
        cached = self._users[user_id]
        return None if cached is None else dict(cached)

    async def games_of_user(self, user_id: int) -> list[dict[str, Any]]:
        """Games (not finished) the user plays in, newest first."""
        async with self.db.conn.execute(
            "SELECT g.* FROM games g JOIN players p ON p.game_id = g.id"
            " WHERE p.user_id = ? AND g.status != 'finished' ORDER BY g.id DESC", (user_id,)
        ) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def games_where(self, **where: Any) -> list[dict[str, Any]]:
        allowed = {"status", "log_chat_id", "public_chat_id", "master_user_id", "ruleset"}
        if set(where) - allowed:
            raise ValueError("unknown column")
        clause = " AND ".join(f"{k} = ?" for k in where) or "TRUE"
        async with self.db.conn.execute(f"SELECT * FROM games WHERE {clause} ORDER BY id", tuple(where.values())) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def mark_sent(self, conn: Writer, message_id: int, *, now: float) -> None:
        await conn.execute("UPDATE outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?", (now, message_id))

    async def retry_later(self, conn: Writer, message_id: int, *, at: float, error: str) -> None:
        await conn.execute(
            "UPDATE outbox SET not_before = ?, attempts = attempts + 1, last_error = ? WHERE id = ?",
            (at, error, message_id),
        )

    # ---------------------------------------------------------------- results of finished games (/stats)
    async def save_results(self, conn: Writer, game_id: int, rows: list[dict[str, Any]]) -> None:
        """Each seat's result (game_id, pid, user_id, ruleset, faction, role, won, survived), once."""
        await conn.executemany(
            "INSERT OR IGNORE INTO results (game_id, pid, user_id, ruleset, faction, role, won, survived)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, r["pid"], r["user_id"], r["ruleset"], r["faction"], r["role"], int(r["won"]),
              int(r["survived"])) for r in rows],
        )

    async def results_of_user(self, user_id: int) -> list[dict[str, Any]]:
        """The user's seats in finished games, oldest first."""
        async with self.db.conn.execute(
            "SELECT * FROM results WHERE user_id = ? ORDER BY game_id, pid", (user_id,)) as cur:
            return [dict(r) for r in await cur.fetchall()]

    async def results_of_chat(self, chat_id: int) -> list[dict[str, Any]]:
        """Every seat of the finished games whose public or log group the chat is, oldest first."""
        async with self.db.conn.execute(
            "SELECT r.* FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.public_chat_id = ? OR g.log_chat_id = ? ORDER BY r.game_id, r.pid", (chat_id, chat_id)) as cur:
            return [dict(r) for r in await cur.fetchall()]

    # ---------------------------------------------------------------- spectators (/spectate)
    async def add_spectator(self, conn: Writer, game_id: int, user_id: int, *, now: float) -> None:
        await conn.execute("INSERT OR IGNORE INTO spectators (game_id, user_id, since) VALUES (?, ?, ?)",
                           (game_id, user_id, now))

    async def remove_spectator(self, conn: Writer, user_id: int, game_id: int | None = None) -> list[int]:
        """Stop watching one game (or every game); the games stopped, in order."""
        games = [g for g in await self.spectated(user_id) if game_id is None or g == game_id]
        for game in games:
            await conn.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", (game, user_id))
        return games

    async def spectated(self, user_id: int) -> list[int]:
        async with self.db.conn.execute(
                "SELECT game_id FROM spectators WHERE user_id = ? ORDER BY game_id", (user_id,)) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def spectators(self, game_id: int) -> list[dict[str, Any]]:
        """The game's spectators with their language (None: not chosen), in the order they came."""
        async with self.db.conn.execute(
            "SELECT s.user_id, u.locale FROM spectators s LEFT JOIN users u ON u.user_id = s.user_id"
            " WHERE s.game_id = ? ORDER BY s.since, s.user_id", (game_id,)) as cur:
            return [dict(r) for r in await cur.fetchall()]
