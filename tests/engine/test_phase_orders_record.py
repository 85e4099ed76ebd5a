"""The master's record of a phase's submissions (api.record_orders): each order without its default fields,
and the Hand and Sleeve cards the orders name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import CardInstance, GameState, Order, Payment, PlayerState
from engine.sim import GameRunner
from tests.engine.random_games import fast

_json = st.recursive(st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=6),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=8)
_orders = st.builds(Order, oid=st.integers(0, 50), kind=st.sampled_from(["play", "vote", "night_discard"]),
                    card=st.none() | st.integers(0, 99), params=st.dictionaries(st.text(max_size=6), _json, max_size=3),
                    payment=st.builds(Payment, points=st.integers(0, 3), cards=st.lists(st.integers(0, 99), max_size=2),
                                      options=st.dictionaries(st.text(max_size=4), _json, max_size=2)))


@settings(max_examples=60)
@given(_orders)
def test_the_record_keeps_each_order_as_its_dump_without_default_fields(order: Order) -> None:
    named: set[int] = set()
    recorded = api._recorded(order, named)
    assert recorded == order.model_dump(exclude_defaults=True)
    assert named == _every_number(recorded)
    recorded.setdefault("params", {})["changed"] = 1
    assert "changed" not in order.params  # a copy: the record never shares a value with the order


def _every_number(value: Any) -> set[int]:
    """The numbers of a dumped order, the plain way: every integer, and the digits of every string."""
    if type(value) is int:
        return {value}
    if type(value) is float:
        value = str(value)
    if type(value) is str:
        return {int(n) for n in re.findall(r"\d+", value)}
    items = [*value, *value.values()] if isinstance(value, dict) else value if isinstance(value, list) else []
    return set().union(*map(_every_number, items))


def _recorded_event(orders: list[Order]) -> dict[str, Any]:
    hand = [CardInstance(uid=uid, card=f"card{uid}") for uid in (7, 8, 9)]
    sleeve = [CardInstance(uid=20, card="sleeved"), CardInstance(uid=21, card="other")]
    state = GameState(ruleset="mafik", seed=1, rng=1, status="running", phase=1,
                      players=[PlayerState(pid=0, name="A", public_role="x", hand=hand, sleeve=sleeve)],
                      orders={0: orders})
    api.record_orders(state)
    return state.events[-1].params


def test_the_record_names_the_hand_and_sleeve_cards_the_orders_name() -> None:
    params = _recorded_event([Order(oid=1, kind="play", card=8, params={"cards": [20], "note": "card 9"})])
    assert params["orders"] == {"0": [{"oid": 1, "kind": "play", "card": 8, "params": {"cards": [20], "note": "card 9"}}]}
    assert params["held"] == {"0": {"hand": {"8": "card8", "9": "card9"}, "sleeve": {"20": "sleeved"}}}


@pytest.mark.parametrize("ruleset", ruleset_names())
@fast(3)
@given(seed=st.integers(0, 2**32))
def test_the_record_holds_each_living_characters_public_statuses_as_the_view_words_them(ruleset: str, seed: int) -> None:
    """`Ruleset.living_statuses` (read once for all the players) says what `statuses` says of each one."""
    runner = GameRunner(ruleset, 12, seed)
    rules = get_ruleset(ruleset)
    while runner.running and runner.state.phase < 12:
        runner.step()
        state = runner.state
        assert rules.living_statuses(state) == {p.pid: shown for p in state.living() if (shown := rules.statuses(state, p.pid))}
