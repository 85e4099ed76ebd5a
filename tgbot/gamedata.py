"""Names of cards, roles and the like, in a language, from the static game data (data/<ruleset>/)."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from engine.core.cards import DATA_DIR


@cache
def _cards(ruleset: str) -> dict[str, dict[str, Any]]:
    with open(DATA_DIR / ruleset / "cards.toml", "rb") as fh:
        return {c["id"]: c for c in tomllib.load(fh)["card"]}


@cache
def _roles(ruleset: str) -> dict[str, dict[str, Any]]:
    with open(DATA_DIR / ruleset / "roles.toml", "rb") as fh:
        raw = tomllib.load(fh)
    return {r["id"]: r for group in ("secret", "public") for r in raw.get(group, [])}


def card(ruleset: str, card_id: str) -> dict[str, Any]:
    return _cards(ruleset)[card_id]


def card_ids(ruleset: str) -> list[str]:
    return list(_cards(ruleset))


def card_name(ruleset: str, card_id: str, lang: str) -> str:
    data = _cards(ruleset).get(card_id)
    if data is None:
        return card_id
    return str(data["name_en"] if lang == "en" else data["name"])


def card_text(ruleset: str, card_id: str, lang: str) -> str:
    data = _cards(ruleset)[card_id]
    return str(data["text_en"] if lang == "en" else data["text"])


def role_name(ruleset: str, role_id: str, lang: str) -> str:
    data = _roles(ruleset).get(role_id)
    if data is None:
        return role_id
    return str(data["name_en"] if lang == "en" else data["name"])


def role_text(ruleset: str, role_id: str, lang: str) -> str:
    data = _roles(ruleset).get(role_id, {})
    return str(data.get("text_en" if lang == "en" else "text", ""))


def find_cards(ruleset: str, query: str) -> list[str]:
    """Card ids whose ru or en name contains the query (case-insensitive), best matches first."""
    q = query.strip().casefold()
    if not q:
        return []
    hits = []
    for cid, data in _cards(ruleset).items():
        names = [str(data["name"]).casefold(), str(data["name_en"]).casefold(), cid]
        if any(n == q for n in names):
            hits.append((0, cid))
        elif any(n.startswith(q) for n in names):
            hits.append((1, cid))
        elif any(q in n for n in names):
            hits.append((2, cid))
    return [cid for _rank, cid in sorted(hits)]
