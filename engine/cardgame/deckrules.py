"""What a card game lets a player build now, as data: the kind of building, the pool with copies, the
counts a deck is held to. A rule set describes it (`CardRuleset.deck_rules`); one checker here judges a
deck, or a selection still being put together, against it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from engine.core.cards import CardSpec
from engine.core.refusal import Refusal


@dataclass(frozen=True)
class DeckLimit:
    """One count a deck is held to: the cards of `colours` (every colour when None), only the free ones
    (`free` True), only the others (False) or both (None), between `least` and `most`. `reason` refuses
    a finished deck outside the bounds; `over`, when set, refuses a selection that already has more than
    `most` (a limit without it is only judged on the finished deck)."""

    label: str
    reason: str
    least: int = 0
    most: int | None = None
    colours: frozenset[str] | None = None
    free: bool | None = None
    colour: str | None = None  # the one colour the limit is about, for its label
    over: str | None = None

    def counts(self, spec: CardSpec) -> bool:
        return self.counts_kind(spec.colour, spec.has("free"))

    def counts_kind(self, colour: str, free: bool) -> bool:
        """Does the limit count a card of this colour, free or not (all it looks at of a card)?"""
        return (self.colours is None or colour in self.colours) and (self.free is None or free == self.free)

    def have(self, cards: list[str], catalog: Mapping[str, CardSpec]) -> int:
        return sum(1 for c in cards if c in catalog and self.counts(catalog[c]))

    def bounds(self) -> dict[str, object]:
        """The bound a refusal names: `need` for an exact count, `max` for a ceiling."""
        params: dict[str, object] = {"need": self.least} if self.least == self.most else {"max": self.most}
        return {**params, "colour": self.colour} if self.colour else params


@dataclass(frozen=True)
class DeckRules:
    """What a player may build now. `kind`: "draft" (take one of `offer`, `of` times; `picks` so far),
    "build" (choose a deck from `pool`, card → copies allowed), or None (nothing to build now).
    `rebuild`: a new deck in a running game. `own`: the player's colours; `colours`: the colours to
    browse, in order. `layout`: "colours" (each colour's cards on one screen, a line per limit) or
    "collection" (a large collection by colour, paged, searchable, `totals` the label of the one line
    that shows every limit). `copies`: what most cards allow. `first_cards`: how many cards of the deck
    the player may have dealt first, through `first_cards_action`. `free_picks`: how many cards of a new
    deck (a rebuild) the player marks Свободные as it is built, sent as the rebuild's `free` (Кейкаку)."""

    kind: Literal["draft", "build"] | None = None
    layout: Literal["colours", "collection"] = "colours"
    rebuild: bool = False
    own: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    pool: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    copies: int = 0
    limits: tuple[DeckLimit, ...] = ()
    totals: str | None = None
    offer: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    of: int = 0
    first_cards: int = 0
    first_cards_action: str | None = None
    free_picks: int = 0


NO_DECK = DeckRules()


def _refused_card(card: str, catalog: Mapping[str, CardSpec], collected: Callable[[str], bool]) -> Refusal:
    """Why a card outside the pool is refused."""
    reason = "not_implemented" if card in catalog and collected(card) else "unknown_card"
    return Refusal("deck_invalid", reason=reason, card=card)


def check_selection(rules: DeckRules, catalog: Mapping[str, CardSpec], cards: list[str],
                    collected: Callable[[str], bool], *, finished: bool) -> Refusal | None:
    """Why these cards break the rules: each card in the pool, its copies, then each limit — for a
    `finished` deck its bounds, for a selection only the ceilings that refuse early (`over`).
    `collected`: may this card of the catalogue go into a deck at all (implemented or not)? Asked only of
    a card outside the pool, to tell the refusal's reason."""
    pool = rules.pool
    for card in cards:
        if card not in pool:
            return _refused_card(card, catalog, collected)
    for card, count in Counter(cards).items():
        if count > pool[card]:
            return Refusal("deck_invalid", reason="too_many_copies", card=card, max=pool[card])
    kinds = Counter((catalog[c].colour, catalog[c].has("free")) for c in cards if c in catalog)
    for limit in rules.limits:
        have = sum(n for (colour, free), n in kinds.items() if limit.counts_kind(colour, free))  # `limit.have`
        if finished and not (limit.least <= have and (limit.most is None or have <= limit.most)):
            return Refusal("deck_invalid", reason=limit.reason, have=have, **limit.bounds())
        if not finished and limit.over and limit.most is not None and have > limit.most:
            return Refusal("deck_invalid", reason=limit.over, have=have, max=limit.most)
    return None
