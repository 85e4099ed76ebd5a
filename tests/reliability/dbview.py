"""Reading the bot's SQLite database from the test process (the ground truth a bot left behind)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

from engine.core.state import GameState


class DbView:
    def __init__(self, path: Path) -> None:
        self.path = path

    def rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        if not self.path.exists():
            return []
        conn = sqlite3.connect(self.path, timeout=30)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout=30000")
            try:
                return list(conn.execute(sql, args).fetchall())
            except sqlite3.OperationalError as exc:
                if "no such table" in str(exc):
                    return []
                raise
        finally:
            conn.close()

    def game(self, game_id: int) -> dict[str, Any] | None:
        found = self.rows("SELECT * FROM games WHERE id = ?", (game_id,))
        return dict(found[0]) if found else None

    def games(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows("SELECT * FROM games ORDER BY id")]

    def state(self, game_id: int) -> GameState | None:
        """The committed engine state (without its event log, which lives in `events`)."""
        game = self.game(game_id)
        if game is None or game["state_json"] is None:
            return None
        return GameState.model_validate_json(game["state_json"])

    def players(self, game_id: int) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows("SELECT * FROM players WHERE game_id = ? ORDER BY rowid", (game_id,))]

    def pending(self) -> int:
        found = self.rows("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")
        return int(found[0][0]) if found else 0

    def outbox(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows("SELECT * FROM outbox ORDER BY id")]

    def sent_keys(self) -> Counter[tuple[int, str]]:
        """(chat, text or document name) of every message marked sent, for counting what was in flight."""
        found = self.rows("SELECT chat_id, op, text, document_name FROM outbox WHERE sent_at IS NOT NULL AND op != 'edit'")
        return Counter((int(r["chat_id"]), str(r["document_name"] if r["op"] == "document" else r["text"])) for r in found)

    def events(self, game_id: int) -> list[dict[str, Any]]:
        return [
            {**dict(r), "params": json.loads(r["params_json"]), "who": None if r["who"] is None else json.loads(r["who"])}
            for r in self.rows("SELECT * FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        ]

    def fsm_state(self, user_id: int) -> str | None:
        found = self.rows("SELECT state FROM fsm WHERE key LIKE ?", (f"%:{user_id}:{user_id}:%",))
        return None if not found else found[0][0]
