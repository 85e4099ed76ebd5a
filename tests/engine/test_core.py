"""Unit tests of the engine core: the RNG and the public API's contract.

The API's contract (engine/core/api.py): each function checks the action and either changes the
state or raises Refusal and changes nothing.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.refusal import CODES, Refusal
from engine.core.rng import _GOLDEN, _MASK, _MIX1, _MIX2, Rng, draws_at_once, seed_state
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from engine.sim import GameRunner, play_game

RULESET = "micromafik"


class Holder:
    def __init__(self, rng: int) -> None:
        self.rng = rng


def rng(seed: int) -> Rng:
    return Rng(Holder(seed_state(seed)))


def fast(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------- RNG


def test_rng_is_splitmix64() -> None:
    """Pinned to the reference SplitMix64 outputs: saved games must continue the same way forever."""
    assert [rng(0).next_u64()] == [0xE220A8397B1DCDAF]
    r = rng(1234567)
    assert [r.next_u64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821,
    ]


@given(seed=st.integers(min_value=-(2**70), max_value=2**70))
def test_rng_same_seed_same_sequence(seed: int) -> None:
    a, b = rng(seed), rng(seed)
    assert [a.next_u64() for _ in range(20)] == [b.next_u64() for _ in range(20)]
    a, b = rng(seed), rng(seed)
    assert [a.below(7) for _ in range(20)] == [b.below(7) for _ in range(20)]


def test_rng_different_seeds_differ() -> None:
    firsts = {rng(seed).next_u64() for seed in range(1000)}
    assert len(firsts) == 1000


def test_seed_state_reduces_to_64_bits() -> None:
    assert seed_state(5) == 5
    assert seed_state(2**64 + 5) == 5
    assert seed_state(-1) == 2**64 - 1
    assert 0 <= seed_state(-(2**100) + 3) < 2**64


@example(seed=0, n=2**64)
@example(seed=0, n=2**64 - 1)
@example(seed=0, n=2**63 + 1)
@example(seed=0, n=1)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), n=st.integers(min_value=1, max_value=2**64))
def test_rng_below_in_range(seed: int, n: int) -> None:
    r = rng(seed)
    for _ in range(10):
        assert 0 <= r.below(n) < n


@pytest.mark.parametrize("n", [0, -1, 2**64 + 1, 2**70])
def test_rng_below_refuses_bounds_out_of_range(n: int) -> None:
    """A bound no 64-bit draw can serve is an error — once, it was an endless rejection loop."""
    with pytest.raises(ValueError):
        rng(1).below(n)


def test_rng_below_is_roughly_uniform() -> None:
    r = rng(42)
    counts = Counter(r.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 <= c <= 1150 for c in counts.values()), counts
    assert rng(3).below(1) == 0


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), items=st.lists(st.integers(), max_size=30))
def test_rng_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), items=st.lists(st.integers(), min_size=1, max_size=30),
       data=st.data())
def test_rng_choice_and_sample(seed: int, items: list[int], data: st.DataObject) -> None:
    r = rng(seed)
    assert r.choice(items) in items
    k = data.draw(st.integers(min_value=0, max_value=len(items)))
    sample = r.sample(items, k)
    assert len(sample) == k
    assert not Counter(sample) - Counter(items)  # drawn without replacement


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), items=st.lists(st.integers(), max_size=200))
def test_rng_shuffle_is_fisher_yates_over_below(seed: int, items: list[int]) -> None:
    """The shuffle computes its draws all at once: the same permutation, and the same state after it, as
    swapping each position from the last down with `below(i + 1)`."""
    fast_rng, slow_rng = rng(seed), rng(seed)
    shuffled, stepwise = list(items), list(items)
    fast_rng.shuffle(shuffled)
    for i in range(len(stepwise) - 1, 0, -1):
        j = slow_rng.below(i + 1)
        stepwise[i], stepwise[j] = stepwise[j], stepwise[i]
    assert shuffled == stepwise
    assert fast_rng.next_u64() == slow_rng.next_u64()


@given(state=st.integers(min_value=0, max_value=2**64 - 1), count=st.integers(min_value=1, max_value=300))
@example(state=2**64 - 1, count=3)  # the state wraps round at the first step
def test_rng_draws_at_once_are_next_u64_one_after_another(state: int, count: int) -> None:
    one_by_one = Rng(Holder(state))
    assert draws_at_once(state, count) == tuple(one_by_one.next_u64() for _ in range(count))


def _state_before_draw(drawn: int, draws: int) -> int:
    """The state from which the `draws`-th `next_u64` gives `drawn` (its mixing undone step by step)."""
    z = drawn ^ (drawn >> 31) ^ (drawn >> 62)
    z = z * pow(_MIX2, -1, 2**64) & _MASK
    z = z ^ (z >> 27) ^ (z >> 54)
    z = z * pow(_MIX1, -1, 2**64) & _MASK
    z = z ^ (z >> 30) ^ (z >> 60)
    return (z - draws * _GOLDEN) & _MASK


@pytest.mark.parametrize("draws", [1, 4, 9])
@pytest.mark.parametrize("drawn", [_MASK, _MASK - 9])
def test_rng_shuffle_with_a_draw_near_the_top_is_fisher_yates_over_below(drawn: int, draws: int) -> None:
    """Among a 10-card shuffle's draws, one `below` rejects (the largest number) or one it keeps that is as
    near (within 10 of it): the shuffle then draws one at a time, as the rule says — the same permutation and
    the same state after it as swapping with `below(i + 1)` (all at once, a rejected draw would be used)."""
    start = _state_before_draw(drawn, draws)
    assert draws_at_once(start, draws)[-1] == drawn
    fast_rng, slow_rng = Rng(Holder(start)), Rng(Holder(start))
    shuffled, stepwise = list(range(10)), list(range(10))
    fast_rng.shuffle(shuffled)
    for i in range(len(stepwise) - 1, 0, -1):
        j = slow_rng.below(i + 1)
        stepwise[i], stepwise[j] = stepwise[j], stepwise[i]
    assert shuffled == stepwise
    assert fast_rng.next_u64() == slow_rng.next_u64()


def test_rng_shuffle_reaches_every_order() -> None:
    r = rng(9)
    seen = set()
    for _ in range(600):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 24


def test_rng_state_advances() -> None:
    holder = Holder(seed_state(7))
    r = Rng(holder)
    states = [holder.rng]
    for _ in range(5):
        r.next_u64()
        states.append(holder.rng)
    assert len(set(states)) == 6
    before = holder.rng
    r.shuffle([1, 2, 3])
    assert holder.rng != before


def test_rng_survives_a_json_round_trip_of_the_state() -> None:
    state = GameState(ruleset=RULESET, seed=5, rng=seed_state(5))
    for _ in range(3):
        state.random.next_u64()
    copy = GameState.model_validate_json(state.model_dump_json())
    assert copy.rng == state.rng
    assert [copy.random.next_u64() for _ in range(10)] == [state.random.next_u64() for _ in range(10)]
    assert copy.random.below(1000) == state.random.below(1000)


def test_rng_lives_in_the_state_only() -> None:
    """Two Rng views of one state share the stream: nothing is cached outside the state."""
    state = GameState(ruleset=RULESET, seed=5, rng=seed_state(5))
    twin = GameState(ruleset=RULESET, seed=5, rng=seed_state(5))
    a, b = state.random, state.random
    drawn = [a.next_u64(), b.next_u64(), a.next_u64()]
    assert drawn == [twin.random.next_u64() for _ in range(3)]


# ---------------------------------------------------------------------------- API: helpers


def running_game(players: int = 8, seed: int = 5) -> GameState:
    return GameRunner(RULESET, players, seed).state


@cache
def _snapshots() -> tuple[str, ...]:
    """States of random games at various phases (running), as JSON, to fuzz the API on."""
    out: list[str] = []
    for seed, players in ((1, 4), (2, 8), (3, 15), (4, 6), (5, 10)):
        runner = GameRunner(RULESET, players, seed)
        while runner.running:
            out.append(api.dump(runner.state))
            runner.act()
            out.append(api.dump(runner.state))  # with orders pending
            runner.resolve()
    return tuple(out)


def unchanged_except_orders(before: str, after: GameState) -> None:
    """A submission only records an order: nothing but the orders and the order counter move — and the
    questions its card messages ask the master (engine/core/messages.py), each with its master event,
    and (Микромафик) a kill vote told to the voter's partners."""
    old = json.loads(before)
    new = json.loads(api.dump(after))
    for key in ("orders", "counters", "questions"):
        old.pop(key, None), new.pop(key, None)
    told = {"master_question": "master", "partner_kill_vote": "player"}
    asked = [e for e in new["events"][len(old["events"]):] if e["kind"] in told]
    assert all(e["to"] == told[e["kind"]] for e in asked)
    new["events"] = [e for e in new["events"] if e not in asked]
    assert new == old
    counters = dict(after.counters)
    counters.pop("order", None)
    old_counters = dict(json.loads(before)["counters"])
    old_counters.pop("order", None)
    assert counters == old_counters


@contextlib.contextmanager
def refusals_change_nothing() -> Iterator[Counter[str]]:
    """Wrap the API so that every call checks the contract; count the refusals by code."""
    codes: Counter[str] = Counter()
    real = {name: getattr(api, name) for name in ("submit", "withdraw", "reorder_hand")}

    def checked(name: str) -> Any:
        def call(state: GameState, *args: Any, **kwargs: Any) -> Any:
            before = api.dump(state)
            try:
                result = real[name](state, *args, **kwargs)
            except Refusal as refusal:
                assert refusal.code in CODES, refusal
                assert api.dump(state) == before, f"refused {name}{args}{kwargs} changed the state"
                codes[refusal.code] += 1
                raise
            if name == "submit":
                unchanged_except_orders(before, state)
            return result

        return call

    with contextlib.ExitStack() as stack:
        for name in real:
            stack.enter_context(mock.patch.object(api, name, checked(name)))
        yield codes


# ---------------------------------------------------------------------------- API: submit


@fast(12)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=4, max_value=15))
def test_refused_submissions_change_nothing_in_random_games(seed: int, players: int) -> None:
    """The random agents try thousands of orders, legal or not; every refusal leaves the state as it was."""
    with refusals_change_nothing() as codes:
        play_game(RULESET, players, seed)
    assert sum(codes.values()) > 0


def test_random_games_meet_many_kinds_of_refusal() -> None:
    with refusals_change_nothing() as codes:
        for seed in range(6):
            play_game(RULESET, 8, seed)
    assert {"cost_unpayable", "invalid_target", "wrong_phase", "not_allowed"} <= set(codes), codes


KINDS = ["play", "discard", "vote", "punishment", "kill_vote", "kill_boost", "keep", "message",
         "businessman_point", "paranoid_armor", "croupier_swap", "no_such_kind"]
PARAM_NAMES = ["target", "targets", "cards", "card", "colour", "choice", "message", "messages", "give", "play",
               "imitate", "subject", "to", "text", "amount", "magician_copy", "params", "junk"]


def junk() -> st.SearchStrategy[Any]:
    ids = get_ruleset(RULESET).catalog.ids()
    leaves = (st.none() | st.booleans() | st.integers(min_value=-2, max_value=40) | st.floats(allow_nan=False)
              | st.text(max_size=4) | st.sampled_from(ids) | st.sampled_from(["attack", "execution", "beating"]))
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(PARAM_NAMES), inner, max_size=3),
        max_leaves=8,
    )


@fast(200)
@given(data=st.data())
def test_fuzzed_submissions_are_accepted_or_refused(data: st.DataObject) -> None:
    """Whatever a client sends — wrong types included — the API accepts it or refuses it; it never crashes,
    and a refusal changes nothing."""
    snapshots = _snapshots()
    state = api.load(data.draw(st.sampled_from(snapshots), label="state"))
    n = len(state.players)
    pid = data.draw(st.integers(min_value=-1, max_value=n), label="pid")
    uids = [c.uid for p in state.players for c in p.hand]
    card = data.draw(st.none() | st.sampled_from(uids) | st.integers(min_value=-1, max_value=500) | junk(), label="card")
    kind = data.draw(st.sampled_from(KINDS) | junk(), label="kind")
    params = data.draw(st.dictionaries(st.sampled_from(PARAM_NAMES), junk(), max_size=4) | junk(), label="params")
    payment = data.draw(
        st.none()
        | st.fixed_dictionaries({"points": st.integers(min_value=-1, max_value=4),
                                 "cards": st.lists(st.sampled_from(uids), max_size=3)})
        | junk(),
        label="payment",
    )
    oids = [o.oid for orders in state.orders.values() for o in orders]
    replace = data.draw(st.none() | st.sampled_from([*oids, 0, 9999]), label="replace")
    before = api.dump(state)
    try:
        api.submit(state, pid, kind, card=card, params=params, payment=payment, replace=replace)
    except Refusal as refusal:
        assert refusal.code in CODES
        assert api.dump(state) == before
    else:
        unchanged_except_orders(before, state)


def test_submit_refusals_leave_state_unchanged() -> None:
    state = running_game()
    assert state.is_night
    law = next(p for p in state.players if p.faction == "law")
    uid = law.hand[0].uid
    other_uid = next(p for p in state.players if p.pid != law.pid).hand[0].uid
    attempts: list[tuple[int, str, dict[str, Any], str]] = [
        (len(state.players), "vote", {"params": {"target": 0}}, "not_in_game"),
        (-1, "vote", {"params": {"target": 0}}, "not_in_game"),
        (law.pid, "vote", {"params": {"target": 0}}, "wrong_phase"),  # no Вече at night
        (law.pid, "kill_vote", {"params": {"target": 0}}, "not_allowed"),  # law has no kill vote
        (law.pid, "play", {"card": other_uid}, "card_not_in_hand"),
        (law.pid, "discard", {"card": 99999}, "card_not_in_hand"),
        (law.pid, "teleport", {}, "bad_param"),
        (law.pid, "discard", {"card": uid, "replace": 12345}, "unknown_order"),
        (law.pid, "play", {"card": uid, "params": 5}, "bad_param"),  # malformed input
        (law.pid, "play", {"card": uid, "payment": {"points": "many"}}, "bad_param"),
        (law.pid, "play", {"card": "first"}, "bad_param"),
    ]
    for pid, kind, kwargs, code in attempts:
        before = api.dump(state)
        with pytest.raises(Refusal) as refused:
            api.submit(state, pid, kind, **kwargs)
        assert refused.value.code == code, (kind, kwargs, refused.value)
        assert api.dump(state) == before, (kind, kwargs)


def test_refused_replacement_keeps_the_old_order() -> None:
    state = running_game()
    law = next(p for p in state.players if p.faction == "law")
    order = api.submit(state, law.pid, "discard", card=law.hand[0].uid)
    before = api.dump(state)
    with pytest.raises(Refusal):
        api.submit(state, law.pid, "discard", card=99999, replace=order.oid)
    assert api.dump(state) == before
    assert state.orders[law.pid] == [order]


def test_dead_players_cannot_submit() -> None:
    runner = GameRunner(RULESET, 8, 2)
    while runner.running and all(p.alive for p in runner.state.players):
        runner.step()
    state = runner.state
    assert state.status == "running", "pick a seed where someone dies before the end"
    dead = next(p for p in state.players if not p.alive)
    before = api.dump(state)
    with pytest.raises(Refusal) as refused:
        api.submit(state, dead.pid, "discard", card=None)
    assert refused.value.code == "dead"
    with pytest.raises(Refusal) as refused:
        api.reorder_hand(state, dead.pid, [c.uid for c in dead.hand])
    assert refused.value.code == "dead"
    assert api.dump(state) == before


def test_submit_assigns_fresh_order_ids() -> None:
    state = running_game()
    law = [p for p in state.players if p.faction == "law"]
    first = api.submit(state, law[0].pid, "discard", card=law[0].hand[0].uid)
    second = api.submit(state, law[1].pid, "discard", card=law[1].hand[0].uid)
    assert first.oid > 0 and second.oid > first.oid
    replaced = api.submit(state, law[0].pid, "discard", card=law[0].hand[1].uid, replace=first.oid)
    assert replaced.oid > second.oid
    assert state.orders[law[0].pid] == [replaced]


# ---------------------------------------------------------------------------- API: withdraw, reorder


def test_withdraw_unknown_order() -> None:
    state = running_game()
    law = next(p for p in state.players if p.faction == "law")
    before = api.dump(state)
    for oid in (0, 12345, -1):
        with pytest.raises(Refusal) as refused:
            api.withdraw(state, law.pid, oid)
        assert refused.value.code == "unknown_order"
    assert api.dump(state) == before


def test_withdraw_someone_elses_order_is_unknown() -> None:
    state = running_game()
    law = [p for p in state.players if p.faction == "law"]
    order = api.submit(state, law[0].pid, "discard", card=law[0].hand[0].uid)
    before = api.dump(state)
    with pytest.raises(Refusal) as refused:
        api.withdraw(state, law[1].pid, order.oid)
    assert refused.value.code == "unknown_order"
    assert api.dump(state) == before
    api.withdraw(state, law[0].pid, order.oid)
    assert state.orders[law[0].pid] == []
    with pytest.raises(Refusal) as refused:  # twice: gone
        api.withdraw(state, law[0].pid, order.oid)
    assert refused.value.code == "unknown_order"


def test_withdraw_by_unknown_player() -> None:
    with pytest.raises(Refusal) as refused:
        api.withdraw(running_game(), 99, 1)
    assert refused.value.code == "not_in_game"


def test_reorder_hand_needs_a_permutation() -> None:
    state = running_game()
    player = state.players[0]
    uids = [c.uid for c in player.hand]
    foreign = state.players[1].hand[0].uid
    bad_orders: list[Any] = [
        uids[:-1],  # one missing
        [*uids, uids[0]],  # one twice
        [uids[0], *uids[:-1]],  # a duplicate instead of the last
        [*uids[:-1], foreign],  # someone else's card
        [*uids, foreign],  # one too many
        [],
        None,
        [str(u) for u in uids],
        [float(u) for u in uids],
        [*uids[:-1], None],
    ]
    before = api.dump(state)
    for order in bad_orders:
        with pytest.raises(Refusal) as refused:
            api.reorder_hand(state, player.pid, order)
        assert refused.value.code == "bad_order", order
        assert api.dump(state) == before, order


def test_reorder_hand_sets_the_discard_order() -> None:
    state = running_game()
    player = state.players[0]
    uids = [c.uid for c in player.hand]
    api.reorder_hand(state, player.pid, uids[::-1])
    assert [c.uid for c in player.hand] == uids[::-1]
    assert sorted(c.card for c in player.hand) == sorted(c.card for c in state.players[0].hand)


# ---------------------------------------------------------------------------- API: resolve


def test_resolve_in_setup_is_refused() -> None:
    roles = [r["id"] for r in get_ruleset(RULESET).public_roles()][:8]
    state = api.new_game(RULESET, [(f"P{i}", role) for i, role in enumerate(roles)], seed=3)
    assert state.status == "setup"
    before = api.dump(state)
    with pytest.raises(Refusal) as refused:
        api.resolve(state)
    assert refused.value.code == "game_not_running"
    assert api.dump(state) == before


def test_resolve_after_the_end_is_refused() -> None:
    state = play_game(RULESET, 6, 4).state
    assert state.status == "finished"
    before = api.dump(state)
    with pytest.raises(Refusal) as refused:
        api.resolve(state)
    assert refused.value.code == "game_not_running"
    assert api.dump(state) == before
    with pytest.raises(Refusal) as refused:  # and nobody may submit any more
        api.submit(state, 0, "vote", params={"target": 1})
    assert refused.value.code == "game_not_running"
    assert api.dump(state) == before


def test_resolve_moves_to_the_next_phase() -> None:
    state = running_game()
    assert state.phase == 1
    api.resolve(state)
    assert state.phase == 2 or state.status == "finished"
    assert state.orders == {}


def test_deck_auto_all_after_setup_is_refused() -> None:
    state = running_game()
    before = api.dump(state)
    with pytest.raises(Refusal) as refused:
        api.deck_auto_all(state)
    assert refused.value.code == "not_deck_building"
    assert api.dump(state) == before


def test_submitted_tells_who_not_what() -> None:
    state = running_game()
    law = next(p for p in state.players if p.faction == "law")
    api.submit(state, law.pid, "discard", card=law.hand[0].uid)
    flags = api.submitted(state)
    assert flags[law.pid] is True
    assert set(flags) == {p.pid for p in state.living()}
    assert all(isinstance(v, bool) for v in flags.values())
