"""Мафик's deck rules (as `DeckRules`): 15 non-free cards (+ up to 3 free), at most 2 copies, own colours and neutral
cards freely, at most 2 cards of all other colours together — bent by some public roles, and by cards through
three queries asked wherever a deck is judged, offered or built (the builder, `deck_problem`, `deck_auto`):
`deck_colours` (the colours a deck is built from: Смена IP, Карьерный рост, Шизофрения), `max_copies` (context
pid, card: Маска, Let's get dangerous) and `deck_limits` (context pid: Гений).

The deck itself: `draw` takes the top card (a Пустышка from an empty deck) after the `on_draw` hooks had
their say (Иллюзия обмана, Кредит); `destroy` takes cards out of a deck for good."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from types import MappingProxyType

from engine.cardgame.deckrules import DeckLimit, DeckRules
from engine.core.cards import CardSpec
from engine.core.state import CardInstance, GameState, PlayerState
from engine.rulesets.mafik.registry import BLANK, CATALOG, COLOURS, NEUTRAL, REGISTRIES, UNIQUE
from engine.rulesets.mafik.roles import colours_of, has_role

DECK_SIZE, FREE_MAX, OTHER_MAX, MAX_COPIES = 15, 3, 2, 2


def deck_limits(state: GameState, pid: int) -> dict[str, int]:
    """The size of a new deck, its free cards and its cards of other colours (query `deck_limits`)."""
    role = state.player(pid).public_role
    limits = {
        "size": 12 if role == "genius" else DECK_SIZE,  # Гений
        "free": 5 if role == "genius" else FREE_MAX,
        "other": 4 if role == "croupier" else OTHER_MAX,  # Крупье
    }
    asked: dict[str, int] = REGISTRIES.queries.ask("deck_limits", state, limits, pid=pid)
    return asked


def max_copies(state: GameState, pid: int, card: str) -> int:
    """How many copies of a card a new deck may hold (query `max_copies`, context pid and card)."""
    return max_copies_each(state, pid, [card])[card]


def max_copies_each(state: GameState, pid: int, cards: Iterable[str]) -> dict[str, int]:
    """`max_copies` of each of these cards (a deck's whole pool: the query asked of them all at once)."""
    player = state.player(pid)
    cards = list(cards)
    questions = [(_printed_copies(player, card) if card in _BY_ROLE else MAX_COPIES, {"pid": pid, "card": card})
                 for card in cards]
    answers: list[int] = REGISTRIES.queries.ask_each("max_copies", state, questions)
    return dict(zip(cards, answers, strict=True))


def _printed_copies(player: PlayerState, card: str) -> int:
    """The copies the text of a card of `_BY_ROLE` allows this player (a role's own number), else the rule's two."""
    for by in CATALOG[card].max_copies_by:
        if by.max is not None and has_role(player, by.who):
            return by.max
    return MAX_COPIES


_CATALOG_COLOURS = frozenset(spec.colour for spec in CATALOG)
_PLACE = {spec.id: place for place, spec in enumerate(CATALOG)}  # a card's place in the collection's order
_BY_ROLE = frozenset(spec.id for spec in CATALOG if spec.max_copies_by)  # the cards whose text sets a role's number


def deck_colours(state: GameState, pid: int) -> tuple[str, ...]:
    """The colours the player's next deck is built from (query `deck_colours`): the role's colours now,
    unless a card changed them for the next build."""
    asked: tuple[str, ...] = tuple(REGISTRIES.queries.ask("deck_colours", state, colours_of(state, pid), pid=pid))
    return asked


def free_picks(state: GameState, pid: int) -> int:
    """How many cards of the new deck the player makes Свободные as it is built (query `free_picks`: Кейкаку)."""
    asked: int = REGISTRIES.queries.ask("free_picks", state, 0, pid=pid)
    return asked


def make_free(cards: list[CardInstance], chosen: list[str] | None, picks: int) -> None:
    """Mark `picks` cards of a new deck Свободные: the `chosen` names (one copy each), or, when the player
    named none, the top ones."""
    if not picks:
        return
    if chosen is None:
        marked = [c for c in cards if not c.free][:picks]
    else:
        marked = []
        for name in chosen[:picks]:
            card = next((c for c in cards if c.card == name and not c.free and c not in marked), None)
            if card is not None:
                marked.append(card)
    for card in marked:
        card.free = True


def draw(state: GameState, player: PlayerState, zone: str = "hand") -> CardInstance:
    """One card drawn into `zone` ("hand" or "sleeve"): the `on_draw` hooks first (they may change the top:
    Иллюзия обмана, Кредит), then the top card — a Пустышка when the deck is empty."""
    for hook in REGISTRIES.on_draw:
        hook(state, player.pid, zone)
    return player.deck.pop(0) if player.deck else state.new_card(BLANK)


def deck_view(state: GameState, pid: int) -> tuple[int, int]:
    """How many cards of the own deck the player always sees: (from the top, from the bottom) — the
    Экстрасенс's 3 on top, and `deck_view` effects (Интуиция)."""
    top = 3 if state.player(pid).public_role == "psychic" else 0
    bottom = 0
    for effect in state.effects_of("deck_view", target=pid):
        top = max(top, int(str(effect.params.get("top", 0))))
        bottom = max(bottom, int(str(effect.params.get("bottom", 0))))
    return top, bottom


def destroy(state: GameState, pid: int, which: Callable[[CardInstance], bool]) -> list[CardInstance]:
    """Take the cards of a deck that `which` picks out of the game (Промывание мозгов); the ones taken."""
    player = state.player(pid)
    gone = [c for c in player.deck if which(c)]
    player.deck = [c for c in player.deck if not which(c)]
    return gone


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
    own = deck_colours(state, pid)
    pool = _pool(state, pid, CATALOG)
    present = {CATALOG[c].colour for c in pool}
    order = [*own, NEUTRAL, *(c for c in COLOURS if c not in own)]
    return DeckRules(
        kind="build" if first or rebuild else None, layout="collection", rebuild=rebuild, own=own,
        colours=tuple(c for c in order if c in present), pool=MappingProxyType(pool), copies=MAX_COPIES,
        limits=_limits(own, deck_limits(state, pid)), totals="m_totals",
        first_cards=2 if first and player.public_role == "engineer" else 0,  # Инженер
        first_cards_action="engineer_pick",
        free_picks=free_picks(state, pid) if rebuild else 0)  # Кейкаку


def judged_rules(state: GameState, pid: int, cards: Iterable[str]) -> DeckRules:
    """What a judgement of these cards reads of `deck_rules` (`check_selection`: the pool and the limits), and
    no more: the pool's entries for these cards alone (the query `max_copies` is asked of each card apart, so
    each entry is the whole pool's), the limits; none of what the builder's screen shows (a deck is judged at
    every build; tests/engine/test_fast_paths.py holds the verdicts and the entries to the whole rules')."""
    chosen = [CATALOG[c] for c in sorted({c for c in cards if c in _PLACE}, key=_PLACE.__getitem__)]
    return DeckRules(pool=MappingProxyType(_pool(state, pid, chosen)),
                     limits=_limits(deck_colours(state, pid), deck_limits(state, pid)))


def _pool(state: GameState, pid: int, chosen: Iterable[CardSpec]) -> dict[str, int]:
    """The copies a deck may hold of each of these cards that may be chosen (implemented, no role's unique card)."""
    return max_copies_each(state, pid, (spec.id for spec in chosen
                                        if spec.colour != UNIQUE and spec.id in REGISTRIES.cards.behaviours))


def _limits(own: tuple[str, ...], limits: dict[str, int]) -> tuple[DeckLimit, ...]:
    """The counts a deck is held to, by the player's colours and `deck_limits`."""
    return _limits_of(own, limits["size"], limits["free"], limits["other"])


@functools.lru_cache(maxsize=64)
def _limits_of(own: tuple[str, ...], size: int, free: int, other: int) -> tuple[DeckLimit, ...]:
    """(Plain frozen data, made once for each set of numbers.)"""
    others = _CATALOG_COLOURS - {*own, NEUTRAL, UNIQUE}
    return (DeckLimit("paid", "deck_size", least=size, most=size, free=False, over="deck_full"),
            DeckLimit("free", "too_many_free", most=free, free=True, over="too_many_free"),
            DeckLimit("other", "other_colours", most=other, colours=others, over="other_colours"))
