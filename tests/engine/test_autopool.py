"""The automatic deck's pool kept between builds (engine/rulesets/mafik/autopool.py) is the pool worked out
anew: over random games and what changes a pool (the next deck's colours, a role's colours, Маска's copies,
the dead, the cards played, a stance, a card's behaviour taken away), the kept one asked after the others.
And each part of the key matters: two moments that differ only in it get different pools, or keys."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.durations import UNTIL_END
from engine.core.params import pools_read_moment, pools_situation
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, PlayRecord
from engine.rulesets.mafik import autopool
from engine.rulesets.mafik.cards.decks import NEXT_DECK
from engine.rulesets.mafik.deck import deck_colours, max_copies_each
from engine.rulesets.mafik.orders import never_choosable, param_context
from engine.rulesets.mafik.registry import CATALOG, COLOURS, NEUTRAL, REGISTRIES
from tests.engine.random_games import runner_at

MAFIK = get_ruleset("mafik")
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, phases: int) -> GameState:
    """A 16-player Мафик game of random agents, `phases` phases in (a seed's own hands, effects, deaths)."""
    return runner_at("mafik", 16, seed, phases).state


def _pool_the_long_way(state: GameState, pid: int, *, free: bool) -> list[str]:
    """The pool as it was worked out before it was kept: the whole collection, each card judged."""
    own = deck_colours(state, pid)
    ids = [c.id for c in CATALOG if (c.colour in own or c.colour == NEUTRAL) and MAFIK.is_implemented(c.id)
           and c.has("free") == free and never_choosable(state, pid, c, pools_only=True) is None]
    return [c for c, most in max_copies_each(state, pid, ids).items() for _ in range(most)]


def _both_ways(state: GameState, pid: int) -> None:
    for free in (False, True):
        assert MAFIK.auto_pool(state, pid, free=free) == _pool_the_long_way(state, pid, free=free), (pid, free)


def _changes(state: GameState, rnd: random.Random) -> Iterator[str]:
    """Random changes of what a pool reads, one at a time (named, for the failure's message)."""
    pids = [p.pid for p in state.players]
    for _ in range(6):
        pid, what = rnd.choice(pids), rnd.choice(["next_deck", "colours", "mask", "death", "stance", "played",
                                                   "role"])
        if what == "next_deck":
            op = rnd.choice(["all", "add", "replace", "set"])
            state.add_effect(NEXT_DECK, target=pid, source=pid, during=UNTIL_END, next_build=True, op=op,
                             old=rnd.choice(COLOURS), new=rnd.choice(COLOURS), colours=rnd.sample(COLOURS, 2))
        elif what == "colours":  # Предатель's colours of the phase
            state.add_effect("colours", target=pid, source=pid, during=UNTIL_END, colours=rnd.sample(COLOURS, 3))
        elif what == "mask":
            state.add_effect("mask", target=pid, source=pid, during=UNTIL_END, colour=rnd.choice(COLOURS),
                             copies=rnd.choice([3, 4]))
        elif what == "death":
            state.player(pid).alive = False
        elif what == "stance":
            state.add_effect("stance", target=pid, source=pid, during=UNTIL_END, stance=rnd.choice(["upper", "lower"]))
        elif what == "played":
            state.history.append(PlayRecord(phase=max(0, state.phase - 1), actor=pid, card=rnd.choice(CATALOG.ids())))
        else:
            player = state.player(pid)
            player.secret_role, player.faction = rnd.choice([("killer", "mafia"), ("commissar", "law"),
                                                             ("maniac", "maniac"), ("traitor", "traitor")])
        yield f"{what} of {pid}"


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=12),
       changes=st.integers(min_value=0, max_value=2**32))
def test_a_kept_pool_is_the_pool_worked_out_anew_after_any_change(seed: int, phases: int, changes: int) -> None:
    state = _game(seed, phases)
    for pid in range(0, 16, 3):
        _both_ways(state, pid)
    for change in _changes(state, random.Random(changes)):
        for pid in range(16):
            for free in (False, True):
                assert MAFIK.auto_pool(state, pid, free=free) == _pool_the_long_way(state, pid, free=free), \
                    (change, pid, free)


def test_the_deck_colours_are_in_the_key() -> None:
    """Смена IP / Карьерный рост: the next deck's colours change the pool; the pool kept before is not given."""
    state = _game(1, 3)
    pid = next(p.pid for p in state.players if "boost" in deck_colours(state, p.pid))  # reads the same before and after
    before = MAFIK.auto_pool(state, pid, free=False)
    state.add_effect(NEXT_DECK, target=pid, source=pid, during=UNTIL_END, next_build=True, op="all")
    assert MAFIK.auto_pool(state, pid, free=False) != before
    _both_ways(state, pid)


def test_the_cards_played_before_are_in_the_moment() -> None:
    """Дежавю names a card played in an earlier phase: none played, none to name, so it is not in the pool."""
    state = _game(2, 4)
    pid = next(p.pid for p in state.players if "boost" in deck_colours(state, p.pid))
    MAFIK.auto_pool(state, pid, free=False)  # kept with the cards played so far
    played, state.history = state.history, []
    assert "deja_vu" not in MAFIK.auto_pool(state, pid, free=False)
    state.history = played
    assert any(r.phase < state.phase for r in played)
    assert "deja_vu" in MAFIK.auto_pool(state, pid, free=False)
    _both_ways(state, pid)


def test_a_role_is_in_the_key_of_the_copies_its_card_allows() -> None:
    """Пистолет: up to 5 copies for the Киллер, 2 for anyone else of the same deck colours."""
    state = _game(3, 1)
    killer, other = state.players[0], state.players[1]
    killer.secret_role, killer.faction = "killer", "mafia"
    other.secret_role, other.faction = "commissar", "law"
    state.add_effect(NEXT_DECK, target=other.pid, source=other.pid, during=UNTIL_END, next_build=True, op="set",
                     colours=["damage", "boost"])
    assert deck_colours(state, killer.pid) == deck_colours(state, other.pid)
    assert MAFIK.auto_pool(state, killer.pid, free=False).count("pistol") == 5
    assert MAFIK.auto_pool(state, other.pid, free=False).count("pistol") == 2
    _both_ways(state, killer.pid)
    _both_ways(state, other.pid)


def test_a_deck_querys_modifier_at_work_is_never_kept_over() -> None:
    """Маска: up to 3 copies of its colour; the pool kept before the mask is not given after it."""
    state = _game(4, 3)
    colour = deck_colours(state, 5)[0]
    assert max(MAFIK.auto_pool(state, 5, free=False).count(c.id) for c in CATALOG if c.colour == colour) == 2
    state.add_effect("mask", target=5, source=5, during=UNTIL_END, colour=colour, copies=3)
    assert max(MAFIK.auto_pool(state, 5, free=False).count(c.id) for c in CATALOG if c.colour == colour) == 3
    _both_ways(state, 5)


def test_a_behaviour_taken_away_is_in_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _game(5, 2)
    card = MAFIK.auto_pool(state, 0, free=False)[0]
    monkeypatch.delitem(REGISTRIES.cards.behaviours, card)
    assert card not in MAFIK.auto_pool(state, 0, free=False)
    _both_ways(state, 0)


@pytest.mark.parametrize("change", ["stance", "day", "colours", "role"])
def test_each_thing_a_card_naming_check_reads_of_its_actor_is_in_the_situation(change: str) -> None:
    """What `never_choosable` reads of the actor (the stance: Уговоры' 4 names in the upper one; by day or
    night; the actor's colours: План В; the role: Угон's names for the mafia and the neutral) makes a different
    situation, under which the judgements are kept."""
    state = _game(6, 4)

    def situation() -> object:
        return pools_situation(param_context(state, 0, CATALOG["plan_b"]))

    before = situation()
    if change == "stance":
        state.add_effect("stance", target=0, source=0, during=UNTIL_END, stance="upper")
    elif change == "day":
        state.phase += 1
    elif change == "colours":
        state.add_effect("colours", target=0, source=0, during=UNTIL_END, colours=["boost"])
    else:
        state.player(0).secret_role = "maniac" if state.player(0).secret_role != "maniac" else "killer"
    assert situation() != before


def test_the_cards_whose_check_reads_the_moment_are_judged_under_it() -> None:
    """Мародерство counts from the dead, Дежавю names a card played before: both are judged under a situation
    and a moment (`autopool.moment`); the other card-naming cards read only their actor."""
    moment = {c.id for c in CATALOG if pools_read_moment(c)}
    assert moment == {"looting", "deja_vu"}


def test_the_dead_are_in_the_moment() -> None:
    """Мародерство names as many cards as 10 less the dead: a death makes another moment."""
    state = _game(8, 2)
    before = autopool.moment(state)
    next(p for p in state.players if p.alive).alive = False
    assert autopool.moment(state) != before
    assert autopool.moment(state)[1] == before[1]


def test_the_moment_is_what_the_checks_read() -> None:
    """The moment holds the dead as a count of them reads them and the cards played before as Дежавю's pool
    reads them: a card played in this phase is not in it, one of an earlier phase is."""
    state = _game(9, 3)
    dead, played = autopool.moment(state)
    assert dead == sum(1 for p in state.players if not p.alive)
    state.history.append(PlayRecord(phase=state.phase, actor=0, card="deja_vu"))
    assert autopool.moment(state)[1] == played
    state.history.append(PlayRecord(phase=state.phase - 1, actor=0, card="deja_vu"))
    assert autopool.moment(state)[1] == played | {"deja_vu"}


def test_a_build_in_the_same_situation_and_moment_finds_the_moments_cards_judged() -> None:
    """A second build in the same situation and moment (as the set-up's, where nobody is dead and nothing was
    played) finds Дежавю and Мародерство judged."""
    state = _game(10, 0)
    pid = next(p.pid for p in state.players if "boost" in deck_colours(state, p.pid))
    MAFIK.auto_pool(state, pid, free=False)
    calls = []
    judged = autopool._refused
    autopool._refused = lambda *args: calls.append(args) or judged(*args)  # type: ignore[assignment]
    try:
        MAFIK.auto_pool(state, pid, free=False)
    finally:
        autopool._refused = judged  # type: ignore[assignment]
    assert calls == []
    _both_ways(state, pid)


def test_the_pools_are_kept_not_worked_out_again() -> None:
    """The point of it all: a second build in the same situation works nothing out."""
    state = _game(7, 2)
    MAFIK.auto_pool(state, 3, free=False)
    calls = []
    worked_out = autopool._choosable
    autopool._choosable = lambda *args: calls.append(args) or worked_out(*args)  # type: ignore[assignment]
    try:
        MAFIK.auto_pool(state, 3, free=True)
    finally:
        autopool._choosable = worked_out  # type: ignore[assignment]
    assert calls == []


def test_the_agents_deck_has_the_size_genius_leaves() -> None:
    """Гений: the next deck is 3 cards smaller; the deck drawn from the kept pool has that size (the size is
    asked at every build, not kept)."""
    state = _game(8, 3)
    MAFIK.auto_pool(state, 2, free=False)
    size = len(MAFIK.auto_deck(state, 2, state.random))
    state.add_effect("genius", target=2, source=2, during=UNTIL_END, less=3)
    assert len(MAFIK.auto_deck(state, 2, state.random)) == size - 3


def test_the_behaviours_count_every_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the pools are kept under: a behaviour set, replaced or taken away changes the version."""
    behaviours = REGISTRIES.cards.behaviours
    seen = [behaviours.version]
    monkeypatch.setitem(behaviours, "pistol", lambda play: None)
    seen.append(behaviours.version)
    monkeypatch.delitem(behaviours, "sniper_rifle")
    seen.append(behaviours.version)
    monkeypatch.undo()
    seen.append(behaviours.version)
    assert len(set(seen)) == 4


def test_every_query_modifier_a_card_game_holds_is_recorded_with_what_it_waits_for() -> None:
    """`Queries.idle` answers from what the registrations recorded: each modifier in the queries (general or a
    card's own, declared or registered by a rule) is there, with its `only_while` kinds (None for a query with a
    modifier that waits for none)."""
    from engine.cardgame.ruleset import CardRuleset
    from engine.core.queries import WHILE
    from engine.core.ruleset import ruleset_names

    checked = 0
    for name in ruleset_names():
        ruleset = get_ruleset(name)
        if not isinstance(ruleset, CardRuleset):
            continue
        queries = ruleset.registries.queries
        chains = {query: [fn for _layer, _order, fn in entries] for query, entries in queries._modifiers.items()}
        for query, by_card in queries._scoped.items():
            for entries in by_card.values():
                chains.setdefault(query, []).extend(fn for _layer, _order, fn in entries)
        for query, fns in chains.items():
            waits = [getattr(fn, WHILE, None) for fn in fns]
            expected = None if any(w is None for w in waits) else frozenset().union(*waits)
            assert queries.waits.get(query, frozenset()) == expected, (name, query)
            checked += 1
    assert checked, "a test of nothing: no query modifiers"
