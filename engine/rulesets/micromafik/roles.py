"""Role data of Микромафик (secret roles with their colours, public roles in seed order)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from engine.cardgame.roles import SecretRole, secret_roles
from engine.core.cards import DATA_DIR
from engine.rulesets.micromafik.registry import NAME


@dataclass(frozen=True)
class PublicRole:
    id: str
    name: str
    name_en: str
    text: str
    text_en: str


def _load() -> tuple[dict[str, SecretRole], dict[str, PublicRole]]:
    with open(DATA_DIR / NAME / "roles.toml", "rb") as fh:
        raw = tomllib.load(fh)
    secret = secret_roles(raw["secret"])
    public = {r["id"]: PublicRole(**r) for r in raw["public"]}
    return secret, public


SECRET_ROLES, PUBLIC_ROLES = _load()
MAFIA_ROLES = ("boss", "killer")
LAW_ROLE = "lawman"
