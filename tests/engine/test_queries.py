"""Queries: the layer order, a modifier scoped to one card, and a modifier that matters only while an effect
of its kind exists (engine/core/queries.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core.queries import Queries, only_while
from engine.core.rng import seed_state
from engine.core.state import GameState


def _state() -> GameState:
    return GameState(ruleset="test", seed=1, rng=seed_state(1), status="running", phase=1)


def test_modifiers_run_in_layer_order_then_in_registration_order() -> None:
    queries = Queries()
    for layer, suffix in ((60, "c"), (10, "a"), (60, "d"), (30, "b")):
        queries.modifier("word", layer=layer)(lambda state, value, s=suffix, **_: value + s)
    assert queries.ask("word", _state(), "") == "abcd"


def test_a_modifier_scoped_to_a_card_answers_only_about_that_card() -> None:
    queries = Queries()
    calls: list[str] = []

    def own_rule(state: GameState, value: int, *, spec: Any, **_: Any) -> int:
        calls.append(spec.id)
        return value - 1

    queries.modifier("cost", card="lamp")(own_rule)
    queries.modifier("cost", layer=90)(lambda state, value, **_: value * 10)
    lamp, pistol = SimpleNamespace(id="lamp"), SimpleNamespace(id="pistol")
    assert queries.ask("cost", _state(), 2, spec=lamp) == 10  # (2 - 1) * 10: the scoped one keeps its layer
    assert queries.ask("cost", _state(), 2, spec=pistol) == 20
    assert queries.ask("cost", _state(), 2) == 20  # a question about no card
    assert calls == ["lamp"]


def test_a_modifier_only_while_an_effect_kind_exists_is_skipped_without_one() -> None:
    queries = Queries()
    calls: list[int] = []

    @queries.modifier("protected")
    @only_while("steroids")
    def unprotected(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
        calls.append(pid)
        return False if state.effects_of("steroids", target=pid) else value

    state = _state()
    assert queries.ask("protected", state, True, pid=0) is True
    assert calls == []
    state.add_effect("steroids", target=1, start=5)  # not yet in force: asked, and it answers by itself
    assert queries.ask("protected", state, True, pid=1) is True
    state.add_effect("steroids", target=1)
    assert queries.ask("protected", state, True, pid=1) is False
    assert calls == [1, 1]


def test_a_modifier_taken_out_of_its_query_is_not_asked_any_more() -> None:
    """A question's chain is compiled once; swapping a query's modifiers (as tests do) recompiles it."""
    queries = Queries()
    queries.modifier("word")(lambda state, value, **_: value + "a")
    assert queries.ask("word", _state(), "") == "a"
    queries._modifiers["word"] = []
    assert queries.ask("word", _state(), "") == ""
    queries.modifier("word")(lambda state, value, **_: value + "b")
    assert queries.ask("word", _state(), "") == "b"
