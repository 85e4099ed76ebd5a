"""`GameState.emit` validates its event with `Event`'s validator directly (engine/core/state.py: `_EVENT`); it
must make the event `Event(...)` makes — the same fields, the same fields set, the same JSON — and refuse what
`Event(...)` refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from engine.core.state import Event, GameState

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                     max_leaves=6)


@settings(max_examples=200, deadline=None)
@given(kind=st.text(max_size=8), to=st.sampled_from(("public", "player", "faction", "master")),
       who=st.none() | st.integers(0, 20) | st.text(max_size=5), phase=st.integers(0, 30),
       params=st.dictionaries(st.text(min_size=1, max_size=5).filter(str.isidentifier), _json, max_size=4),
       earlier=st.integers(0, 3))
def test_emit_makes_the_event_event_makes(
    kind: str, to: str, who: int | str | None, phase: int, params: dict[str, object], earlier: int,
) -> None:
    state = GameState(ruleset="mafik", seed=1, rng=1, phase=phase)
    for _ in range(earlier):
        state.emit("earlier", "master")
    made = state.emit(kind, to, who, **params)
    plain = Event(seq=earlier + 1, phase=phase, kind=kind, to=to, who=who, params=params)
    assert state.events[-1] is made
    assert type(made) is Event
    assert made == plain
    assert made.model_fields_set == plain.model_fields_set
    assert made.model_dump_json() == plain.model_dump_json()
    assert made.model_dump_json(exclude_defaults=True) == plain.model_dump_json(exclude_defaults=True)


def test_emit_refuses_an_audience_event_refuses() -> None:
    state = GameState(ruleset="mafik", seed=1, rng=1)
    with pytest.raises(ValidationError):
        Event(seq=1, phase=0, kind="x", to="player", who=[1], params={})  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        state.emit("x", "player", [1])  # type: ignore[arg-type]
    assert state.events == []
