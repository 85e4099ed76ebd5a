"""Everything a rule set names, for a bot to show (`api.catalog`): cards, roles, abilities, colours and
the actions it declares, with their names and texts in ru and en."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.core.abilities import AbilityDef
from engine.core.actions import Action
from engine.core.cards import CardSpec

ROLE_GROUPS = ("secret", "public")


@dataclass(frozen=True)
class RoleInfo:
    id: str
    name: str
    name_en: str
    secret: bool  # a secret role (dealt), else a public one (chosen at sign-up)
    text: str = ""
    text_en: str = ""
    faction: str | None = None
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalog:
    ruleset: str
    cards: MappingProxyType[str, CardSpec]  # in the data files' order
    roles: MappingProxyType[str, RoleInfo]  # secret roles first, then public ones, each in the data's order
    abilities: MappingProxyType[str, CardSpec]  # a granted ability: its card (texts) with the ability's own params
    colours: tuple[str, ...]
    actions: MappingProxyType[str, Action]  # the actions besides plays, as declared (no player, no availability)
    # Every ability of the rule set's catalogue (role perks and granted ones alike), by id, in the data's
    # order: who has it, its label key (a granted one is named by its card), params and tags.
    ability_defs: MappingProxyType[str, AbilityDef] = field(default_factory=lambda: MappingProxyType({}))

    def secret_roles(self, faction: str | None = None) -> list[str]:
        return [r.id for r in self.roles.values() if r.secret and (faction is None or r.faction == faction)]


def load_roles(folder: Path) -> dict[str, RoleInfo]:
    """The roles of a rule set's data folder (its roles.toml; none without one)."""
    path = folder / "roles.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as fh:
        raw: dict[str, Any] = tomllib.load(fh)
    out: dict[str, RoleInfo] = {}
    for group in ROLE_GROUPS:
        for r in raw.get(group, []):
            out[r["id"]] = RoleInfo(id=r["id"], name=r["name"], name_en=r["name_en"], secret=group == "secret",
                                    text=r.get("text", ""), text_en=r.get("text_en", ""), faction=r.get("faction"),
                                    colours=tuple(r.get("colours", ())))
    return out
