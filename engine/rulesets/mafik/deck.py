"""Мафик's deck rules: 15 non-free cards (+ up to 3 free), at most 2 copies, own colours and neutral
cards freely, at most 2 cards of all other colours together — bent by some public roles."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.state import GameState
from engine.rulesets.mafik.registry import CARDS, CATALOG, NEUTRAL, UNIQUE
from engine.rulesets.mafik.roles import colours_of, has_role

DECK_SIZE, FREE_MAX, OTHER_MAX, MAX_COPIES = 15, 3, 2, 2


def deck_limits(state: GameState, pid: int) -> dict[str, int]:
    role = state.player(pid).public_role
    return {
        "size": 12 if role == "genius" else DECK_SIZE,  # Гений
        "free": 5 if role == "genius" else FREE_MAX,
        "other": 4 if role == "croupier" else OTHER_MAX,  # Крупье
    }


def max_copies(state: GameState, pid: int, card: str) -> int:
    player = state.player(pid)
    for by in CATALOG[card].max_copies_by:
        if by.max is not None and has_role(player, by.who):
            return by.max
    return MAX_COPIES


def deck_problem(state: GameState, pid: int, cards: list[str]) -> dict[str, Any] | None:
    """Why this deck breaks the rules (None when it is legal)."""
    limits = deck_limits(state, pid)
    own = colours_of(state, pid)
    for card in cards:
        if card not in CATALOG or CATALOG[card].colour == UNIQUE:
            return {"reason": "unknown_card", "card": card}
        if card not in CARDS.behaviours:
            return {"reason": "not_implemented", "card": card}
    for card, count in Counter(cards).items():
        if count > max_copies(state, pid, card):
            return {"reason": "too_many_copies", "card": card, "max": max_copies(state, pid, card)}
    free = [c for c in cards if CATALOG[c].has("free")]
    paid = len(cards) - len(free)
    if paid != limits["size"]:
        return {"reason": "deck_size", "have": paid, "need": limits["size"]}
    if len(free) > limits["free"]:
        return {"reason": "too_many_free", "have": len(free), "max": limits["free"]}
    other = sum(1 for c in cards if CATALOG[c].colour not in own and CATALOG[c].colour != NEUTRAL)
    if other > limits["other"]:
        return {"reason": "other_colours", "have": other, "max": limits["other"]}
    return None
