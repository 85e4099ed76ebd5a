"""What api.actions offers as available is exactly what api.submit accepts, for random states of an
ability catalogue's abilities (phases, roles, deaths, spent and counted uses, past uses and targets,
orders already given): the offer and the validator are one function (engine/core/abilities.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import AbilityUse, GameState, Order
from tests.engine import watch_ruleset
from tests.engine.watch_ruleset import ABILITIES, ROLES, RULESET


@pytest.fixture(scope="module")
def watch() -> Iterator[None]:
    real = api.get_ruleset
    patch = pytest.MonkeyPatch()
    patch.setattr(api, "get_ruleset", lambda name: RULESET if name == watch_ruleset.NAME else real(name))
    yield
    patch.undo()


@st.composite
def states(draw: st.DrawFn) -> GameState:
    roles = draw(st.lists(st.sampled_from(ROLES), min_size=3, max_size=6))
    state = api.new_game("watch", [(f"P{i}", r) for i, r in enumerate(roles)], seed=1)
    state.phase = draw(st.integers(1, 8))
    for player in state.players[1:]:
        player.alive = draw(st.booleans()) or draw(st.booleans())
    me = state.players[0]
    for ability in ABILITIES:
        if draw(st.integers(0, 3)) == 0:
            me.flags[f"used_{ability.once_key}"] = 1
    me.flags["inspections"] = draw(st.integers(0, 2))
    for _ in range(draw(st.integers(0, 4))):
        state.uses.append(AbilityUse(phase=draw(st.integers(1, state.phase)), pid=0,
                                     ability=draw(st.sampled_from([a.id for a in ABILITIES])),
                                     targets=[draw(st.integers(1, len(roles) - 1))]))
    given_orders: list[Order] = []
    for kind in draw(st.lists(st.sampled_from([a.kind for a in ABILITIES]), max_size=2)):
        order = Order(oid=state.next_id("order"), kind=kind, params=_params(state, kind))
        try:
            RULESET.validate_orders(state, 0, [*given_orders, order])
        except Refusal:
            continue
        given_orders.append(order)
    state.orders = {0: given_orders} if given_orders else {}
    return state


def _params(state: GameState, kind: str) -> dict[str, int]:
    """A target the ability has not been used on yet, if it takes one (another living character)."""
    ability = ABILITIES[kind]
    if not ability.params:
        return {}
    spent = {t for u in state.uses if u.ability == kind for t in u.targets}
    fresh = [p.pid for p in state.living() if p.pid != 0 and p.pid not in spent]
    return {"target": fresh[0]} if fresh else {}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(state=states())
def test_an_ability_offered_as_available_is_accepted_and_one_offered_as_not_is_refused_for_its_reason(
        watch: None, state: GameState) -> None:
    for action in api.actions(state, 0):
        params = _params(state, action.kind)
        if action.params and not params:
            continue  # no target left to try it on
        trial = state.model_copy(deep=True)
        try:
            api.submit(trial, 0, action.kind, params=params)
        except Refusal as refusal:
            assert not action.available, (action.id, refusal)
            assert action.why is not None and (refusal.code, refusal.params) == (action.why.code, action.why.params)
        else:
            assert action.available, (action.id, action.why)
