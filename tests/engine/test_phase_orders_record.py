"""The master's record of a phase's submissions (api.record_orders): each order without its default fields,
and the Hand and Sleeve cards the orders name."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.state import CardInstance, GameState, Order, Payment, PlayerState

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
    assert api._recorded(order) == order.model_dump(exclude_defaults=True)


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
