"""Secret roles of a card game, as its data/<name>/roles.toml lists them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SecretRole:
    id: str
    name: str
    name_en: str
    faction: str
    colours: tuple[str, ...]  # the colours the role builds its deck from
    kill_votes: int = 0  # its votes in the mafia's night kill (Микромафик)


def secret_roles(entries: list[dict[str, Any]]) -> dict[str, SecretRole]:
    """The `[[secret]]` tables by id (fields the dataclass does not name, such as texts, are left out)."""
    return {
        r["id"]: SecretRole(id=r["id"], name=r["name"], name_en=r["name_en"], faction=r["faction"],
                            colours=tuple(r["colours"]), kill_votes=int(r.get("kill_votes", 0)))
        for r in entries
    }
