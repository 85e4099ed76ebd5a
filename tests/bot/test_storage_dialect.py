"""The SQL written once in SQLite's words, as PostgreSQL is told it (tgbot/storage/dialect.py)."""

import pytest

from tgbot.storage.dialect import DialectError, to_postgres


def test_dialect_placeholders_are_numbered_outside_quotes():
    assert to_postgres("SELECT '?' FROM t WHERE a = ? AND b = ?") == "SELECT '?' FROM t WHERE a = $1 AND b = $2"


def test_dialect_insert_or_ignore_becomes_on_conflict_do_nothing():
    assert to_postgres("INSERT OR IGNORE INTO users (user_id) VALUES (?)") == \
        "INSERT INTO users (user_id) VALUES ($1) ON CONFLICT DO NOTHING"


def test_dialect_insert_or_replace_becomes_an_upsert_on_the_tables_key():
    assert to_postgres("INSERT OR REPLACE INTO slots (game_id, slot, chat_id, message_id) VALUES (?, ?, ?, ?)") == (
        "INSERT INTO slots (game_id, slot, chat_id, message_id) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (game_id, slot, chat_id) DO UPDATE SET message_id = EXCLUDED.message_id")


def test_dialect_on_conflict_goes_before_returning():
    assert to_postgres("INSERT OR IGNORE INTO fsm (key) VALUES (?) RETURNING key") == \
        "INSERT INTO fsm (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key"


def test_dialect_insert_or_replace_into_a_table_of_unknown_key_is_refused():
    with pytest.raises(DialectError, match="KEYS"):
        to_postgres("INSERT OR REPLACE INTO rooms (id, status) VALUES (?, ?)")
