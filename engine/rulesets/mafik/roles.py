"""Мафик's roles: secret roles with their factions and colours, public roles in priority order."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from engine.cardgame.roles import SecretRole, secret_roles
from engine.core.cards import DATA_DIR
from engine.core.state import GameState, PlayerState
from engine.rulesets.mafik.registry import NAME

MAFIA_ROLES = ("boss", "advisor", "spy", "killer")
LAW_ROLES = ("officer", "sheriff", "commissar", "judge", "vigilante", "policeman", "investigator", "detective")
OTHER = "other"  # "(Другой)": a name of the player's own, no perk


@dataclass(frozen=True)
class PublicRole:
    id: str
    name: str
    name_en: str


def _load() -> tuple[dict[str, SecretRole], list[PublicRole]]:
    with open(DATA_DIR / NAME / "roles.toml", "rb") as fh:
        raw = tomllib.load(fh)
    secret = secret_roles(raw["secret"])
    public = [PublicRole(id=r["id"], name=r["name"], name_en=r["name_en"]) for r in raw["public"]]
    return secret, public


SECRET_ROLES, PUBLIC_ROLES = _load()
PUBLIC_ORDER = {role.id: i for i, role in enumerate(PUBLIC_ROLES)}


def priority(player: PlayerState) -> tuple[int, str]:
    """The public role's rank for ties (lower is higher in the seed's list; "(Другой)" alphabetically by
    the role's title the player chose, else by the character's name)."""
    if player.public_role == OTHER:
        return (len(PUBLIC_ROLES), (player.role_title or player.name).casefold())
    return (PUBLIC_ORDER.get(player.public_role, len(PUBLIC_ROLES)), "")


def colours_of(state: GameState, pid: int) -> tuple[str, ...]:
    """The player's colours now (Предатель may change his every phase)."""
    chosen = state.effects_of("colours", target=pid)
    if chosen:
        return tuple(str(c) for c in chosen[-1].params["colours"])
    return SECRET_ROLES[state.player(pid).secret_role].colours


def has_role(player: PlayerState, who: tuple[str, ...]) -> bool:
    """Does a `who` list (roles and factions) name this player?"""
    return player.secret_role in who or player.faction in who
