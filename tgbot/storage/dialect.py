"""The one place where the SQL the bot writes (SQLite's) becomes PostgreSQL's.

The repository and the services write each statement once, in SQLite's words; `to_postgres` turns it
into PostgreSQL's: `?` placeholders become `$1, $2, …`, `INSERT OR IGNORE` becomes `ON CONFLICT DO
NOTHING`, and `INSERT OR REPLACE` an upsert on the table's key (named in `KEYS`). What both accept is
written so (`INSERT … RETURNING id` for the new row's id, `TRUE` instead of `1`).
"""

from __future__ import annotations

import functools
import re

# The key an `INSERT OR REPLACE` replaces on, per table (SQLite knows it from the schema; PostgreSQL's
# `ON CONFLICT` must name it).
KEYS: dict[str, tuple[str, ...]] = {
    "chats": ("chat_id",),
    "fsm": ("key",),
    "slots": ("game_id", "slot", "chat_id"),
    "snapshots": ("game_id", "phase"),
    "usernames": ("username",),
    "users": ("user_id",),
}

_INSERT_OR = re.compile(r"^\s*INSERT\s+OR\s+(IGNORE|REPLACE)\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.IGNORECASE)
_RETURNING = re.compile(r"\s+RETURNING\s", re.IGNORECASE)


class DialectError(ValueError):
    """A statement that cannot be said in PostgreSQL (a programming error: name the table's key in KEYS)."""


@functools.lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """`sql` (SQLite's) in PostgreSQL's words."""
    sql = _placeholders(sql)
    match = _INSERT_OR.match(sql)
    if match is None:
        return sql
    verb, table, columns = match.group(1).upper(), match.group(2), [c.strip() for c in match.group(3).split(",")]
    if verb == "IGNORE":
        conflict = "ON CONFLICT DO NOTHING"
    else:
        key = KEYS.get(table)
        if key is None:
            raise DialectError(f"INSERT OR REPLACE INTO {table}: its key is not in tgbot/storage/dialect.py KEYS")
        updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c not in key)
        conflict = f"ON CONFLICT ({', '.join(key)}) " + (f"DO UPDATE SET {updates}" if updates else "DO NOTHING")
    body = f"INSERT INTO {table} ({match.group(3)})" + sql[match.end():]
    returning = _RETURNING.search(body)
    if returning is None:
        return f"{body.rstrip()} {conflict}"
    return f"{body[:returning.start()]} {conflict}{body[returning.start():]}"


def _placeholders(sql: str) -> str:
    """`?` → `$n`, outside quoted strings and names."""
    out: list[str] = []
    number = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)
