"""Names of cards, roles and the like, in a language, from the engine's catalog of each rule set
(`api.catalog`: the same data the engine plays by, read once)."""

from __future__ import annotations

import difflib
from functools import cache
from typing import Any

from engine.core import api
from engine.core.ruleset import ruleset_names

OTHER_ROLE = "other"  # "(Другой)": the player names the role; the bot stores "other:<title>"
FUZZY_CUTOFF = 0.75  # how close a mistyped name must be (difflib's ratio)


@cache
def _cards(ruleset: str) -> dict[str, dict[str, Any]]:
    """Every card of the rule set (name, name_en, text, text_en, colour, cost, tags…), in the data's order."""
    return {card_id: dict(vars(spec)) for card_id, spec in api.catalog(ruleset).cards.items()}


@cache
def _roles(ruleset: str) -> dict[str, dict[str, Any]]:
    """Every role, secret ones first (name, name_en, text, text_en, faction…)."""
    return {role_id: dict(vars(role)) for role_id, role in api.catalog(ruleset).roles.items()}


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


def split_public_role(stored: str) -> tuple[str, str]:
    """A public role as the bot stores it at sign-up: (role id, title) — a title only for "(Другой)"."""
    if stored.startswith(OTHER_ROLE + ":"):
        return OTHER_ROLE, stored[len(OTHER_ROLE) + 1:]
    return stored, ""


def public_role_label(ruleset: str, role: str, lang: str, title: str = "") -> str:
    """The name a public role is shown under: the player's own title for "(Другой)" (given apart, as
    the engine's `PlayerState.role_title`, or stored as "other:<title>"), else the role's name."""
    role_id, stored_title = split_public_role(role)
    if role_id == OTHER_ROLE and (title or stored_title):
        return title or stored_title
    return role_name(ruleset, role_id, lang)


def role_names(ruleset: str) -> set[str]:
    """Every role name of a rule set, ru and en, normalised (a "(Другой)" title must differ from them)."""
    return {normal(str(r[key])) for r in _roles(ruleset).values() for key in ("name", "name_en")}


def normal(text: str) -> str:
    """A name for comparing: casefolded, ё as е, single spaces."""
    return " ".join(text.casefold().replace("ё", "е").split())


def find_cards(ruleset: str, query: str, *, fuzzy: bool = True) -> list[str]:
    """Card ids whose ru or en name (or id) matches the query, best first: the exact name, a name
    beginning with it, a name containing it; when none does, names close to it (a typo)."""
    q = normal(query)
    if not q:
        return []
    names_of = {cid: [normal(str(data["name"])), normal(str(data["name_en"])), cid]
                for cid, data in _cards(ruleset).items()}
    hits = []
    for cid, names in names_of.items():
        if any(n == q for n in names):
            hits.append((0, cid))
        elif any(n.startswith(q) for n in names):
            hits.append((1, cid))
        elif any(q in n for n in names):
            hits.append((2, cid))
    if hits or not fuzzy or len(q) < 3:
        return [cid for _rank, cid in sorted(hits, key=lambda h: h[0])]
    scored = []
    for cid, names in names_of.items():
        ratio = max(difflib.SequenceMatcher(None, q, n).ratio() for n in names[:2])
        if ratio >= FUZZY_CUTOFF:
            scored.append((-ratio, cid))
    return [cid for _score, cid in sorted(scored, key=lambda h: h[0])]


def search_cards(query: str, *, prefer: str | None = None) -> list[tuple[str, str]]:
    """(rule set, card id) over every rule set, best first; `prefer` (the game's rule set) wins ties.
    A close name (a typo) is looked for only when no rule set has a plain match."""
    order = sorted(ruleset_names(), key=lambda r: r != prefer)
    found = {r: find_cards(r, query, fuzzy=False) for r in order}
    if not any(found.values()):
        found = {r: find_cards(r, query) for r in order}
    q = normal(query)
    ranked = []
    for rank, ruleset in enumerate(order):
        for i, cid in enumerate(found[ruleset]):
            data = _cards(ruleset)[cid]
            exact = q in (normal(str(data["name"])), normal(str(data["name_en"])), cid)
            ranked.append((0 if exact else 1, i, rank, ruleset, cid))
    return [(ruleset, cid) for *_rank, ruleset, cid in sorted(ranked)]


def twin(ruleset: str, card_id: str) -> str | None:
    """The other rule set that has a card of the same name, if any (then the rule set must be said)."""
    names = {normal(str(_cards(ruleset)[card_id][k])) for k in ("name", "name_en")}
    for other in ruleset_names():
        if other != ruleset and any(normal(str(c["name"])) in names for c in _cards(other).values()):
            return other
    return None


def home_of(card_id: object) -> str | None:
    """The first rule set that has this card id (for a refusal worded where the game is not at hand: the
    generic error handler); None when none has it."""
    if not isinstance(card_id, str):
        return None
    return next((r for r in ruleset_names() if card_id in _cards(r)), None)
