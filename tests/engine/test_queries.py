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


def test_a_chain_of_modifiers_that_all_wait_runs_each_whose_kind_is_held() -> None:
    """A question whose modifiers all wait for effect kinds is answered at once when the state holds none of
    them, and runs every modifier whose kind it holds — whichever of the chain's kinds that is."""
    queries = Queries()
    for kind in ("gas", "smoke", "fog"):
        queries.modifier("word")(only_while(kind)(lambda state, value, k=kind, **_: value + k[0]))
    state = _state()
    assert queries.ask("word", state, "") == ""
    state.add_effect("fog", target=0)
    assert queries.ask("word", state, "") == "f"
    state.add_effect("gas", target=0)
    assert queries.ask("word", state, "") == "gf"


def test_a_modifier_scoped_to_a_card_registered_after_a_question_is_asked_about_that_card() -> None:
    """A query without card-scoped modifiers keeps one chain for every question; the first scoped modifier
    registered splits it by card."""
    queries = Queries()
    queries.modifier("cost")(lambda state, value, **_: value + 1)
    lamp, tank = SimpleNamespace(id="lamp"), SimpleNamespace(id="tank")
    assert queries.ask("cost", _state(), 1, spec=lamp) == 2
    queries.modifier("cost", card="lamp", layer=90)(lambda state, value, **_: value * 10)
    assert queries.ask("cost", _state(), 1, spec=lamp) == 20
    assert queries.ask("cost", _state(), 1, spec=tank) == 2


def test_a_modifier_taken_out_of_its_query_is_not_asked_any_more() -> None:
    """A question's chain is compiled once; swapping a query's modifiers (as tests do) recompiles it."""
    queries = Queries()
    queries.modifier("word")(lambda state, value, **_: value + "a")
    assert queries.ask("word", _state(), "") == "a"
    queries._modifiers["word"] = []
    assert queries.ask("word", _state(), "") == ""
    queries.modifier("word")(lambda state, value, **_: value + "b")
    assert queries.ask("word", _state(), "") == "b"


def test_ask_each_answers_every_question_as_ask_does() -> None:
    """Many questions at once (a deck's whole pool): a card-scoped rule for its card only, a modifier needing
    an effect run only while the state holds one, each question with its own value and context."""
    queries = Queries()
    queries.modifier("copies", card="tank")(lambda state, value, **_: value + 1)

    @queries.modifier("copies", layer=90)
    @only_while("mask")
    def masked(state: GameState, value: int, *, pid: int, **_: Any) -> int:
        return value * 10 if state.effects_of("mask", target=pid) else value

    tank, pistol = SimpleNamespace(id="tank"), SimpleNamespace(id="pistol")
    questions = [(2, {"pid": 0, "spec": tank}), (2, {"pid": 0, "spec": pistol}), (3, {"pid": 1, "spec": pistol})]
    state = _state()
    assert queries.ask_each("copies", state, questions) == [3, 2, 3]
    state.add_effect("mask", target=0)
    expected = [queries.ask("copies", state, value, **context) for value, context in questions]
    assert expected == [30, 20, 3]
    assert queries.ask_each("copies", state, questions) == expected
