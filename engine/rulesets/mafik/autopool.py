"""The cards an automatic deck draws from (`Mafik.auto_pool`), paid and Свободные worked out in one pass and
kept between builds under a key made of everything the pool reads.

The pool reads: the player's deck colours (the query `deck_colours`, asked each time: the key holds its
answer); the implemented cards (the registry's `Behaviours.version`); for the cards that name cards, whether
their owner could ever choose their names (`orders.never_choosable`, which reads the parameter context of the
actor, `params.pools_situation`, and for a few parameters the moment: the dead and the cards played before);
and the copies each card allows (`max_copies`: the role's own number by the
player's secret role and faction, and the query's modifiers, each waiting for effect kinds — while the state
holds one of those, the copies are asked anew). The cards whose check reads the moment are kept under it too
(`moment`): the 16 builds of a game's set-up, where nobody is dead and nothing was played, find them judged;
the pools with their copies are kept under the cards so refused (not filtered out of ~200 cards at each build).
A simulated game builds about 24 decks and 10,000 games build the same few hundred pools again and again.
tests/engine/test_autopool.py holds the kept pools equal to the ones worked out anew.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.cardgame.ruleset import CardRuleset
from engine.core.cards import CardSpec
from engine.core.memo import remembered, unchanging
from engine.core.params import corpses, may_be_unchoosable, pools_read_moment, pools_situation
from engine.core.state import GameState
from engine.rulesets.mafik import orders
from engine.rulesets.mafik.deck import deck_colours, max_copies_each
from engine.rulesets.mafik.registry import CATALOG, NEUTRAL, REGISTRIES

KEPT = 2048  # entries kept at most (then forgotten all at once): a 16-player game needs a few dozen
DECK_QUERIES = ("max_copies",)  # what the pool asks besides `deck_colours` (whose answer is in the key)

Ids = tuple[tuple[str, ...], tuple[str, ...]]  # (paid, Свободные): the cards that may be taken, once each
Pools = tuple[tuple[str, ...], tuple[str, ...]]  # the same, each card as many times as it may be taken
_ids_kept: dict[tuple[Any, ...], Ids] = {}
_pools_kept: dict[tuple[Any, ...], Pools] = {}
_live_kept: dict[tuple[Any, ...], frozenset[str]] = {}  # the `live` cards refused, by situation and moment


@dataclass(frozen=True)
class _Candidates:
    """The implemented cards of these deck colours and neutral ones (in the collection's order); those among
    them whose owner might never choose their names (`may_be_unchoosable`) and whose judgement reads only the
    actor's context (`checked`: judged once for a situation), and those whose judgement reads the moment too
    (`live`: the dead, the cards played before — judged once for a situation and a `moment`)."""

    cards: tuple[CardSpec, ...]
    checked: tuple[CardSpec, ...]
    live: tuple[CardSpec, ...]


@functools.lru_cache(maxsize=256)
def _candidates(ruleset: CardRuleset, version: int, own: tuple[str, ...]) -> _Candidates:
    """(`version`: the implemented cards' — a new one is worked out when they change.)"""
    cards = tuple(c for c in CATALOG if (c.colour in own or c.colour == NEUTRAL) and ruleset.is_implemented(c.id))
    judged = [c for c in cards if may_be_unchoosable(c, pools_only=True)]
    return _Candidates(cards, tuple(c for c in judged if not pools_read_moment(c)),
                       tuple(c for c in judged if pools_read_moment(c)))


@remembered
def auto_pools(ruleset: CardRuleset, state: GameState, pid: int) -> Pools:
    """The automatic deck's pools for this player now: the cards (kept under what their choice reads), each
    as many times as `max_copies` allows (kept too under the player's roles while the query's modifiers are
    idle), but the cards judged now that could never be chosen; asked again in a pass that changes nothing
    (the paid and the free cards of one deck), answered once."""
    with unchanging():  # a question each card's check asks again is answered once (engine/core/memo.py)
        own = deck_colours(state, pid)
        candidates = _candidates(ruleset, ruleset.cards.behaviours.version, own)
        judged = candidates.checked or candidates.live
        situation = pools_situation(orders.param_context(state, pid, judged[0])) if judged else None
        key = (ruleset, ruleset.cards.behaviours.version, own, situation)
        ids = _kept(_ids_kept, key, lambda: _choosable(state, pid, candidates.cards, candidates.checked))
        refused = _kept(_live_kept, (key, moment(state)), lambda: frozenset(_refused(state, pid, candidates.live))) \
            if candidates.live else frozenset()
        if REGISTRIES.queries.idle(state, DECK_QUERIES):
            player = state.player(pid)  # the copies a card's text gives a role (`_printed_copies`)
            return _kept(_pools_kept, (key, refused, player.secret_role, player.faction),
                         lambda: _with_copies(state, pid, _without(ids, refused)))
        return _with_copies(state, pid, _without(ids, refused))


def moment(state: GameState) -> tuple[int, frozenset[str]]:
    """All that the judgement of a card whose check reads the moment (`pools_read_moment`) reads of the game
    besides its actor's situation: the number of the dead (a count from them or from the corpses,
    `params.count_of`) and the cards played before this phase (`of = "played"`, `params._filtered_pool`)."""
    return corpses(state), frozenset(r.card for r in state.history if r.phase < state.phase)


def _kept(kept: dict[tuple[Any, ...], Any], key: tuple[Any, ...], work_out: Callable[[], Any]) -> Any:
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        found = kept[key] = work_out()
    return found


def _choosable(state: GameState, pid: int, cards: tuple[CardSpec, ...], judged: tuple[CardSpec, ...]) -> Ids:
    """The cards but those judged that their owner could never choose now, paid and Свободные apart."""
    refused = _refused(state, pid, judged)
    chosen = [c for c in cards if c.id not in refused]
    return tuple(c.id for c in chosen if not c.has("free")), tuple(c.id for c in chosen if c.has("free"))


def _refused(state: GameState, pid: int, judged: tuple[CardSpec, ...]) -> set[str]:
    return {c.id for c in judged if orders.never_choosable(state, pid, c, pools_only=True) is not None}


def _without(ids: Ids, refused: frozenset[str]) -> Ids:
    """The cards but the refused ones (a card's copies are asked of it alone: the others' are the same)."""
    if not refused:
        return ids
    return tuple(c for c in ids[0] if c not in refused), tuple(c for c in ids[1] if c not in refused)


def _with_copies(state: GameState, pid: int, ids: Ids) -> Pools:
    paid, free = ids
    copies = max_copies_each(state, pid, [*paid, *free])
    return tuple(c for c in paid for _ in range(copies[c])), tuple(c for c in free for _ in range(copies[c]))
