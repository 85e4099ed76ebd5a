"""The simulator's speed-ups answer as the long way does: a card with no required card-naming parameter is
never found unchoosable (so no context is built to ask), a card pool within a pass that remembers the
implemented cards is the pool outside one, a set of orders within the base limit (a counted Hand card and
a counted Sleeve play at most) is never over the limit of plays (so the limit's queries are not asked), and
a deck judged by its own cards' entries of the pool is judged as by the whole pool."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pytest import MonkeyPatch

from engine.cardgame.deckrules import check_selection
from engine.cardgame.ruleset import CardRuleset
from engine.core.memo import unchanging
from engine.core.params import CARD_POOL_KINDS, card_pool, card_pool_size, unchoosable
from engine.core.presence import presence_pass
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, Order
from engine.rulesets.mafik.cards.common import stances_of
from engine.rulesets.mafik.costs import stance
from engine.rulesets.mafik.council import tally, vote_strength
from engine.rulesets.mafik.orders import never_choosable, over_limit, param_context, within_base_limit
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import has_role
from engine.sim import GameRunner
from tests.engine.random_games import acted_resolution, runner_at

SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, phases: int) -> GameState:
    """A 16-player Мафик game of random agents, `phases` phases in (a seed's own hands, effects, deaths)."""
    return runner_at("mafik", 16, seed, phases).state


def _unchoosable_the_long_way(state: GameState, pid: int, spec_id: str, *, pools_only: bool) -> object:
    spec = CATALOG[spec_id]
    own = replace(spec, params=tuple(p for p in spec.params if not p.who or has_role(state.player(pid), p.who)))
    return unchoosable(param_context(state, pid, own), pools_only=pools_only)


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=9),
       pools_only=st.booleans())
def test_never_choosable_answers_as_a_full_context_does(seed: int, phases: int, pools_only: bool) -> None:
    state = _game(seed, phases)
    for pid in range(0, 16, 3):
        for spec in CATALOG:
            assert never_choosable(state, pid, spec, pools_only=pools_only) == \
                _unchoosable_the_long_way(state, pid, spec.id, pools_only=pools_only), (spec.id, pid)


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=9))
def test_a_card_pool_in_a_pass_is_the_pool_outside_one(seed: int, phases: int) -> None:
    """The implemented cards, each filtered pool before its card is left out, and what a parameter context says
    of its actor are remembered within a pass that changes nothing (engine/core/memo.py); a pool's size is
    counted without building it."""
    state = _game(seed, phases)
    asked = [(pid, spec, param) for pid in range(0, 16, 5) for spec in CATALOG for param in spec.params
             if param.kind in CARD_POOL_KINDS]
    outside = [card_pool(param_context(state, pid, spec), param) for pid, spec, param in asked]
    with unchanging():
        inside = [card_pool(param_context(state, pid, spec), param) for pid, spec, param in asked]
        sizes = [card_pool_size(param_context(state, pid, spec), param) for pid, spec, param in asked]
    assert inside == outside
    assert sizes == [len(pool) for pool in outside]
    with unchanging():  # what a context says of its actor is remembered too
        contexts = [param_context(state, pid, spec) for pid, spec, _param in asked]
    assert contexts == [param_context(state, pid, spec) for pid, spec, _param in asked]
    assert any(outside), "a test of nothing: every pool empty"


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=12))
def test_plays_within_the_base_limit_are_never_over_the_limit_of_plays(seed: int, phases: int) -> None:
    """Whatever the effects in force (Секретарь, Кофе, Курсы, a stance…), at most one counted Hand card and one
    counted Sleeve play never exceed the limit — which lets the validation skip the limit's queries then
    (`within_base_limit`); two Hand cards of colours no stance favours are over it without an extra play."""
    runner = GameRunner("mafik", 16, seed)
    while runner.running and runner.state.phase < phases:
        runner.step()
    runner.act()  # the phase's orders, as the agents made them
    state = runner.state
    colours = sorted({spec.colour for spec in CATALOG})
    for player in state.players:
        orders = state.orders.get(player.pid, []) or [Order(oid=0, kind="vote", params={"target": 0})]
        for hand in [[], *([c] for c in colours), *([a, b] for a in colours[:3] for b in colours[-3:])]:
            for sleeve in (0, 1, 2):
                if within_base_limit(hand, sleeve):
                    assert not over_limit(state, player.pid, hand, sleeve, orders), (player.pid, hand, sleeve)


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=12),
       value=st.integers(min_value=0, max_value=3))
def test_the_extra_plays_are_never_fewer_than_asked_with(seed: int, phases: int, value: int) -> None:
    """What `within_base_limit` stands on: every modifier of the extra plays (`extra_plays`, `extra_hand_plays`)
    and of a stance's extra Hand plays (`stance_extra_plays`) only adds, in the random games' states and in one
    where each of their effects is in force on every player."""
    state = _game(seed, phases)
    held = state.model_copy(deep=True)
    for player in held.players:
        held.add_effect("secretary", target=player.pid)
        held.add_effect("extra_hand_play", target=player.pid)
        for trained in ("upper", "lower"):
            held.add_effect("courses", target=player.pid, stance=trained)
    queries = REGISTRIES.queries
    for game in (state, held):
        for player in game.players:
            orders = game.orders.get(player.pid, [])
            assert queries.ask("extra_plays", game, value, pid=player.pid) >= value
            assert queries.ask("extra_hand_plays", game, value, pid=player.pid, orders=orders) >= value
            for now in ("upper", "lower"):
                assert queries.ask("stance_extra_plays", game, value, pid=player.pid, stance=now) >= value


def _said(refusal: Refusal | None) -> dict[str, object] | None:
    return None if refusal is None else refusal.as_dict()


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=9),
       data=st.data())
def test_a_deck_is_judged_by_its_own_cards_entries_as_by_the_whole_pool(seed: int, phases: int,
                                                                        data: st.DataObject) -> None:
    """A deck is judged against the pool's entries for its own cards only (`deck_rules_of`): the same
    answer as the whole deck rules give, for decks legal or not (unknown and unique cards, copies too many)."""
    ruleset = get_ruleset("mafik")
    state = _game(seed, phases)
    names = [*CATALOG.ids(), "no_such_card"]
    judged = 0
    for pid in range(0, 16, 4):
        auto = ruleset.auto_pool(state, pid, free=False)
        for deck in (auto[:15], data.draw(st.lists(st.sampled_from(names), max_size=18)),
                     data.draw(st.lists(st.sampled_from(auto or names), min_size=15, max_size=15))):
            for finished in (True, False):
                whole = check_selection(ruleset.deck_rules(state, pid), CATALOG.specs, deck,
                                        lambda card: ruleset.in_collection(CATALOG[card]),
                                        finished=finished)
                judged += whole is None
                assert _said(ruleset._judge(state, pid, deck, finished=finished)) == _said(whole)
            whole_pool = ruleset.deck_rules(state, pid).pool  # the entries, in the collection's order
            assert list(ruleset.deck_rules_of(state, pid, deck).pool.items()) == \
                [(card, most) for card, most in whole_pool.items() if card in deck]
    assert judged, "a test of nothing: no deck was legal"


def test_the_agents_kept_card_lists_are_the_collections_own() -> None:
    """The random agents keep each collection's ids and the cards an accusation may name (a collection never
    changes); asked again, after games were played, they are what the collection gives."""
    from engine.sim import _accusable, _card_ids, play_game

    play_game("mafik", 12, 3)
    for name in ("mafik", "micromafik", "classic"):
        catalog = get_ruleset(name).catalog
        assert _card_ids(catalog) == catalog.ids()
        assert _accusable(catalog) == [c.id for c in catalog if not c.has("peaceful")]
    assert len(_accusable(CATALOG)) < len(_card_ids(CATALOG))


def _tally_one_by_one(res: Resolution) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """The Вече's count asking each voter's strength and each target's votes against in turn (before they
    were asked all at once)."""
    state = res.state
    chosen: dict[int, int] = {}
    for player in state.living():
        vote = next((o for o in res.scratch["orders"].get(player.pid, []) if o.kind == "vote"), None)
        chosen[player.pid] = int(vote.params["target"]) if vote else player.pid
    chosen = REGISTRIES.queries.ask("forced_votes", state, chosen)
    strengths = {voter: vote_strength(state, voter) for voter in chosen}
    votes: dict[int, int] = {}
    for voter, target in chosen.items():
        votes[target] = votes.get(target, 0) + strengths[voter]
    for target in list(votes):
        votes[target] = REGISTRIES.queries.ask("votes_against", state, votes[target], target=target)
    for target in [p.pid for p in state.living() if p.pid not in votes]:
        extra = REGISTRIES.queries.ask("votes_against", state, 0, target=target)
        if extra:
            votes[target] = extra
    return votes, chosen, strengths


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), day=st.integers(min_value=1, max_value=5))
def test_the_council_counts_the_votes_as_asking_each_voter_in_turn(seed: int, day: int) -> None:
    """The Вече asks every voter's strength and every target's votes against at once (`Queries.ask_each`: their
    modifiers only read the state): the same counts as one question at a time."""
    res = acted_resolution("mafik", 16, seed, 2 * day)
    if res is None:  # the game ended before
        reject()
    state, ruleset = res.state, res.ruleset
    res.scratch["orders"] = {p.pid: list(state.orders.get(p.pid, [])) for p in state.living()}
    with presence_pass(state, ruleset.presence):
        assert tally(res) == _tally_one_by_one(res)
    assert tally(res) == _tally_one_by_one(res)  # outside a pass too


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=12),
       malingered=st.lists(st.tuples(st.integers(0, 15), st.integers(0, 9)), max_size=2))
def test_the_hand_sizes_shown_as_a_phase_ends_are_each_players_shown_size(
        seed: int, phases: int, malingered: list[tuple[int, int]]) -> None:
    """Мафик asks every living player's shown hand size at once (`shown_hand_sizes`), as the phase ends, and not
    at all while the query is idle: the sizes one question at a time give, with and without a Симулянт's effect."""
    state = _game(seed, phases)
    for pid, amount in malingered:
        state.add_effect("malingerer", target=pid, start=state.phase, amount=amount)
    ruleset = get_ruleset("mafik")
    assert isinstance(ruleset, CardRuleset)
    pids = [p.pid for p in state.living()]
    one_by_one = [ruleset.shown_hand_size(state, pid) for pid in pids]
    assert ruleset.shown_hand_sizes(state, pids) == one_by_one
    with presence_pass(state, ruleset.presence):
        assert ruleset.shown_hand_sizes(state, pids) == one_by_one


def _stances_one_by_one(state: GameState, pids: list[int]) -> dict[int, str]:
    return {pid: stance(state, pid) for pid in pids}


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=12),
       stances=st.lists(st.tuples(st.integers(0, 15), st.sampled_from(("upper", "lower", "normal"))), max_size=3),
       locked=st.lists(st.integers(0, 15), max_size=2))
def test_the_stances_of_the_phases_snapshot_are_each_players_stance(
        seed: int, phases: int, stances: list[tuple[int, str]], locked: list[int]) -> None:
    """The snapshot of the stances as the effects begin (`stances_of`) answers normal for everyone without asking
    while no stance effect is in force and the query `stance` is idle: what `stance` answers for each player, in a
    random game with random stances taken and locked (Обесценивание заслуг)."""
    state = _game(seed, phases)
    for pid, now in stances:
        state.add_effect("stance", target=pid, start=state.phase, end=state.phase, stance=now)
    for pid in locked:
        state.add_effect("stance_lock", target=pid, start=state.phase, end=state.phase)
    pids = [p.pid for p in state.living()]
    assert stances_of(state, pids) == _stances_one_by_one(state, pids)
    with presence_pass(state, get_ruleset("mafik").presence):
        assert stances_of(state, pids) == _stances_one_by_one(state, pids)


def test_the_stances_of_the_snapshot_are_asked_while_a_modifier_of_stance_can_act(monkeypatch: MonkeyPatch) -> None:
    """A modifier of the query `stance` that waits for no effect (none does today) makes `stances_of` ask `stance`
    of everyone, with no stance effect in the state."""
    state = _game(3, 2)
    queries = REGISTRIES.queries
    assert not state.effects_of("stance") and queries.idle(state, ("stance",))

    def everyone_upper(state: GameState, value: str, **_: object) -> str:
        return "upper"

    monkeypatch.setitem(queries.waits, "stance", None)
    monkeypatch.setitem(queries._modifiers, "stance", [*queries._modifiers.get("stance", []), (99, 10**6, everyone_upper)])
    pids = [p.pid for p in state.living()]
    assert stances_of(state, pids) == _stances_one_by_one(state, pids) == dict.fromkeys(pids, "upper")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=20))
def test_events_lie_in_phase_order(seed: int, phases: int) -> None:
    """What the backward reads of the events stop on (`council_target_last_phase`, Заметание следов): each
    event's phase is never below the one before it."""
    events = runner_at("mafik", 16, seed, phases).state.events
    assert all(a.phase <= b.phase for a, b in pairwise(events))
