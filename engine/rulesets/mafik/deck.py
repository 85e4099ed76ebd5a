"""Мафик's deck rules (as `DeckRules`): 15 non-free cards (+ up to 3 free), at most 2 copies, own colours and neutral
cards freely, at most 2 cards of all other colours together — bent by some public roles."""

from __future__ import annotations

from types import MappingProxyType

from engine.cardgame.deckrules import DeckLimit, DeckRules
from engine.core.state import GameState
from engine.rulesets.mafik.registry import CATALOG, COLOURS, NEUTRAL, REGISTRIES, UNIQUE
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


def may_rebuild(state: GameState, pid: int) -> bool:
    """A new deck now: the game runs, the player lives, and the deck is empty or a card allows it
    (Второй шанс)."""
    player = state.player(pid)
    return state.status == "running" and player.alive and (not player.deck or bool(state.effects_of("may_rebuild", target=pid)))


def deck_rules(state: GameState, pid: int) -> DeckRules:
    """A free build from the collection (the first deck, or a new one later), held to the limits above."""
    player = state.player(pid)
    first = state.status == "setup" and player.building is not None and not player.building.done
    rebuild = not first and may_rebuild(state, pid)
    own = colours_of(state, pid)
    pool = {spec.id: max_copies(state, pid, spec.id) for spec in CATALOG
            if spec.colour != UNIQUE and spec.id in REGISTRIES.cards.behaviours}
    present = {CATALOG[c].colour for c in pool}
    order = [*own, NEUTRAL, *(c for c in COLOURS if c not in own)]
    limits = deck_limits(state, pid)
    others = frozenset(spec.colour for spec in CATALOG if spec.colour not in (*own, NEUTRAL, UNIQUE))
    return DeckRules(
        kind="build" if first or rebuild else None, layout="collection", rebuild=rebuild, own=own,
        colours=tuple(c for c in order if c in present), pool=MappingProxyType(pool), copies=MAX_COPIES,
        limits=(DeckLimit("paid", "deck_size", least=limits["size"], most=limits["size"], free=False, over="deck_full"),
                DeckLimit("free", "too_many_free", most=limits["free"], free=True, over="too_many_free"),
                DeckLimit("other", "other_colours", most=limits["other"], colours=others, over="other_colours")),
        totals="m_totals",
        first_cards=2 if first and player.public_role == "engineer" else 0,  # Инженер
        first_cards_action="engineer_pick")
