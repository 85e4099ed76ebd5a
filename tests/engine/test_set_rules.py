"""A set rule (a rule about a player's whole set of orders) is asked only when it can refuse: one marked
`reads_orders` only of a set holding an order of its kinds, one marked `only_while` only while the state
holds an effect of its kinds — and a set of orders is refused exactly as when every rule is asked."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cardgame.orders import SetRules, reads_orders
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.state import GameState, Order
from engine.rulesets.mafik.orders import validate_orders
from engine.rulesets.mafik.registry import REGISTRIES
from engine.sim import GameRunner
from tests.engine.random_games import runner_at


def _order(kind: str) -> Order:
    return Order(oid=1, kind=kind)


def _state() -> GameState:
    return GameRunner("mafik", 12, 1).state


def test_a_set_rule_reading_plays_is_not_asked_of_a_vote() -> None:
    asked: list[list[str]] = []

    @reads_orders("play", "ability")
    def rule(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append([o.kind for o in orders])

    rules = SetRules()
    rules.add(rule, rule)
    rules.check(_state(), 0, [_order("vote"), _order("punishment")])
    assert asked == []
    rules.check(_state(), 0, [_order("vote"), _order("ability")])
    assert asked == [["vote", "ability"]]


def test_a_set_rule_only_while_an_effect_waits_for_the_effect() -> None:
    asked: list[int] = []

    @only_while("temporary_death")
    def rule(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append(pid)

    rules = SetRules()
    rules.add(rule, rule)
    state = _state()
    rules.check(state, 3, [_order("vote")])
    assert asked == []
    state.add_effect("temporary_death", target=5)
    rules.check(state, 3, [_order("vote")])
    assert asked == [3]


def test_an_unmarked_set_rule_is_asked_of_every_set_and_rules_run_in_their_order() -> None:
    asked: list[str] = []

    def first(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append("first")

    @reads_orders("vote")
    def second(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append("second")
        raise Refusal("not_allowed", what="vote")

    def third(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append("third")

    rules = SetRules()
    for rule in (first, second, third):
        rules.add(rule, rule)
    rules.check(_state(), 0, [])
    assert asked == ["first", "third"]
    asked.clear()
    with pytest.raises(Refusal):
        rules.check(_state(), 0, [_order("vote")])
    assert asked == ["first", "second"]


def test_a_rule_added_after_a_set_was_checked_is_asked_of_the_next_set_of_its_kinds() -> None:
    """The rules a combination of order kinds is asked are worked out once and kept; adding a rule forgets them."""
    asked: list[str] = []

    @reads_orders("vote")
    def first(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append("first")

    def second(state: GameState, pid: int, orders: list[Order]) -> None:
        asked.append("second")

    rules = SetRules()
    rules.add(first, first)
    rules.check(_state(), 0, [_order("vote"), _order("punishment")])
    rules.check(_state(), 0, [_order("punishment")])
    assert asked == ["first"]
    rules.add(second, second)
    asked.clear()
    rules.check(_state(), 0, [_order("punishment"), _order("vote")])
    rules.check(_state(), 0, [_order("punishment")])
    assert asked == ["first", "second", "second"]


def test_the_rule_a_set_rule_runs_is_the_wrapped_one() -> None:
    """The marks are read from the rule as declared; what runs is what the registry made of it (a card's
    rule is gated by its card's presence: engine/core/presence.py)."""
    ran: list[str] = []

    @reads_orders("play")
    def declared(state: GameState, pid: int, orders: list[Order]) -> None:
        ran.append("declared")

    def wrapped(state: GameState, pid: int, orders: list[Order]) -> None:
        ran.append("wrapped")

    rules = SetRules()
    rules.add(declared, wrapped)
    rules.check(_state(), 0, [_order("vote")])
    rules.check(_state(), 0, [_order("play")])
    assert ran == ["wrapped"]


def _verdict(state: GameState, pid: int, orders: list[Order]) -> str | None:
    try:
        validate_orders(state, pid, orders)
    except Refusal as refusal:
        return refusal.code
    return None


def _every_rule_asked(rules: SetRules) -> SetRules:
    plain = SetRules()
    for _reads, _needs, run in rules._rules:
        plain.add(run, run)
    return plain


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=1, max_value=14),
       data=st.data())
def test_mafik_sets_of_orders_are_refused_as_when_every_set_rule_is_asked(seed: int, phases: int,
                                                                           data: st.DataObject) -> None:
    """Mid-phase states of random games, every living player's orders and each of their subsets in order
    (what a player could have submitted), and the orders of other players as if they were this one's."""
    runner = runner_at("mafik", 16, seed, phases)
    if not runner.running:
        return
    runner.act()
    state = runner.state
    every = [o for orders in state.orders.values() for o in orders]
    scoped = REGISTRIES.set_checks
    plain = _every_rule_asked(scoped)
    for player in state.living():
        mine = list(state.orders.get(player.pid, []))
        sets = [mine[:i] for i in range(len(mine) + 1)]
        sets.append(data.draw(st.lists(st.sampled_from(every), max_size=4)) if every else [])
        for orders in sets:
            with_scope = _verdict(state, player.pid, [o.model_copy(deep=True) for o in orders])
            REGISTRIES.set_checks = plain
            try:
                without = _verdict(state, player.pid, [o.model_copy(deep=True) for o in orders])
            finally:
                REGISTRIES.set_checks = scoped
            assert with_scope == without, (player.pid, [o.kind for o in orders])


def test_mafik_abilities_set_tags_are_asked_of_every_ability_order_and_not_of_a_vote() -> None:
    """`AbilityCatalogue.check_orders` (once a phase, «(А)», not_with…) reads only the orders an ability makes:
    Мафик asks it of a set holding an order of any ability's kind, and of no other set."""
    from engine.rulesets.mafik.actions import ABILITIES
    from engine.rulesets.mafik.cards.common import _ability_set_tags

    rules = REGISTRIES.set_checks
    for ability in ABILITIES:
        assert _ability_set_tags in [rule for _needs, rule in rules._reading(frozenset({ability.kind}))], ability.id
    assert _ability_set_tags not in [rule for _needs, rule in rules._reading(frozenset({"vote", "punishment"}))]

