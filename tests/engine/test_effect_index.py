"""`GameState.effects_of` answers from an index of the effects by kind (`GameState._effect_index`); it must
answer what a scan of `state.effects` answers, after every way the rules change that list: a new list assigned,
an effect removed (`remove`, `pop`, `clear`), an effect added (`add_effect`), an older list put back, the
effects' phases and targets edited in place, the state copied or loaded."""

from __future__ import annotations

import ast
import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.state import Effect, GameState
from tests.engine.source_scan import ENGINE, engine_nodes, method_called, written

KINDS = ("armor", "poison", "stance", "jail")
TARGETS = (None, 0, 1, 2)


def _scan(state: GameState, kind: str, target: int | None, phase: int | None) -> list[Effect]:
    """`effects_of` the plain way: every effect of the list, in its order."""
    at = state.phase if phase is None else phase
    return [e for e in state.effects if e.kind == kind and e.active(at) and (target is None or e.target == target)]


def _answers_as_the_scan(state: GameState) -> None:
    for kind in (*KINDS, "never_added"):
        for target in TARGETS:
            for phase in (None, 0, 1, 2, 3, 5):
                assert [id(e) for e in state.effects_of(kind, target=target, phase=phase)] == \
                    [id(e) for e in _scan(state, kind, target, phase)], (kind, target, phase)
    assert state.effect_kinds() == {e.kind for e in state.effects}


def _state() -> GameState:
    state = GameState(ruleset="mafik", seed=1, rng=1, phase=2)
    for i, kind in enumerate(("armor", "poison", "armor", "stance")):
        state.add_effect(kind, target=i % 3, start=i % 3, end=None if i % 2 else 3)
    _answers_as_the_scan(state)  # the index is built now: each test below changes the list under it
    return state


def test_the_index_follows_add_effect() -> None:
    state = _state()
    state.add_effect("jail", target=1, start=2, end=2)
    state.add_effect("armor", target=0, start=1)
    _answers_as_the_scan(state)


def test_the_index_sees_a_new_list_assigned() -> None:
    state = _state()
    state.effects = [e for e in state.effects if e.kind != "armor"]
    _answers_as_the_scan(state)


def test_the_index_sees_a_new_list_of_the_same_length_and_last_effect() -> None:
    state = _state()
    state.effects = [Effect(eid=99, kind="jail", target=1, start=0), *state.effects[1:]]
    _answers_as_the_scan(state)


def test_the_index_sees_an_effect_removed() -> None:
    state = _state()
    state.effects.remove(state.effects[1])
    _answers_as_the_scan(state)


def test_the_index_sees_the_last_effect_popped() -> None:
    state = _state()
    state.effects.pop()
    _answers_as_the_scan(state)


def test_the_index_sees_the_list_cleared() -> None:
    state = _state()
    state.effects.clear()
    _answers_as_the_scan(state)


def test_the_index_sees_an_effect_removed_then_one_added() -> None:
    state = _state()
    state.effects.remove(state.effects[0])
    state.add_effect("jail", target=2, start=2)
    _answers_as_the_scan(state)


def test_the_index_sees_an_effect_appended_directly_after_a_removal() -> None:
    """The list is back at its length, but its last effect is another: no rule appends without `add_effect`,
    a test setting a state up may."""
    state = _state()
    state.effects.remove(state.effects[0])
    state.effects.append(Effect(eid=99, kind="armor", target=0, start=0))
    _answers_as_the_scan(state)


def test_the_index_sees_an_older_list_put_back() -> None:
    """As Мафик's Наставник does: the list is copied, replaced, then the copy is put back."""
    state = _state()
    before = list(state.effects)
    state.effects = [e for e in state.effects if e.kind != "poison"]
    _answers_as_the_scan(state)
    state.add_effect("poison", target=1, start=2)
    state.effects = before
    _answers_as_the_scan(state)


def test_the_index_sees_the_phase_and_targets_of_effects_edited() -> None:
    state = _state()
    state.effects[0].end = 0
    state.effects[1].target = 2
    state.effects[2].start = 5
    state.phase = 3
    _answers_as_the_scan(state)


def test_a_copied_or_loaded_state_answers_from_its_own_effects() -> None:
    state = _state()
    for other in (state.model_copy(deep=True), copy.deepcopy(state), GameState.model_validate_json(state.to_json())):
        other.effects.pop()
        other.add_effect("jail", target=0, start=0)
        _answers_as_the_scan(other)
    _answers_as_the_scan(state)
    shallow = state.model_copy()  # shares the list: the copy's additions are the original's too
    shallow.add_effect("stance", target=2, start=1)
    _answers_as_the_scan(shallow)
    _answers_as_the_scan(state)


_effect = st.builds(lambda kind, target, start, length: (kind, target, start, None if length is None else start + length),
                    st.sampled_from(KINDS), st.sampled_from(TARGETS), st.integers(0, 4),
                    st.none() | st.integers(0, 3))
_change = st.one_of(
    st.tuples(st.just("add"), _effect),
    st.tuples(st.just("remove"), st.integers(0, 20)),
    st.tuples(st.just("pop"), st.none()),
    st.tuples(st.just("clear"), st.none()),
    st.tuples(st.just("filter"), st.sampled_from(KINDS)),
    st.tuples(st.just("replace_first"), _effect),
    st.tuples(st.just("keep_copy"), st.none()),
    st.tuples(st.just("put_back"), st.none()),
    st.tuples(st.just("append"), _effect),
    st.tuples(st.just("edit"), st.tuples(st.integers(0, 20), st.integers(0, 5), st.sampled_from(TARGETS))),
    st.tuples(st.just("phase"), st.integers(0, 5)),
    st.tuples(st.just("ask"), st.none()),
)


@settings(max_examples=300, deadline=None)
@given(changes=st.lists(_change, max_size=30))
def test_the_index_answers_as_the_scan_after_any_changes(changes: list[tuple[str, object]]) -> None:
    state = GameState(ruleset="mafik", seed=1, rng=1, phase=2)
    kept: list[Effect] = []
    for what, arg in changes:
        if what == "add":
            kind, target, start, end = arg  # type: ignore[misc]
            state.add_effect(kind, target=target, start=start, end=end)
        elif what == "remove" and state.effects:
            state.effects.remove(state.effects[int(arg) % len(state.effects)])  # type: ignore[call-overload]
        elif what == "pop" and state.effects:
            state.effects.pop()
        elif what == "clear":
            state.effects.clear()
        elif what == "filter":
            state.effects = [e for e in state.effects if e.kind != arg]
        elif what == "replace_first" and state.effects:
            kind, target, start, end = arg  # type: ignore[misc]
            state.effects = [Effect(eid=2000 + len(state.effects), kind=kind, target=target, start=start, end=end),
                             *state.effects[1:]]
        elif what == "keep_copy":
            kept = list(state.effects)
        elif what == "put_back":
            state.effects = kept
        elif what == "append":
            kind, target, start, end = arg  # type: ignore[misc]
            state.effects.append(Effect(eid=1000 + len(state.effects), kind=kind, target=target, start=start, end=end))
        elif what == "edit" and state.effects:
            at, end, target = arg  # type: ignore[misc]
            state.effects[at % len(state.effects)].end = end
            state.effects[at % len(state.effects)].target = target
        elif what == "phase":
            state.phase = int(arg)  # type: ignore[call-overload]
        elif what == "ask":
            _answers_as_the_scan(state)
    _answers_as_the_scan(state)


# ---- the rules change the list of effects only in the ways the index sees ----

# what an index kept with the list's identity, length and last effect cannot see: an effect put in its place
# or in the middle, the list reordered, or an effect appended that is not new
_UNSEEN = {"append", "insert", "extend", "sort", "reverse", "__setitem__", "__iadd__"}


def _is_effects(node: ast.AST) -> bool:
    """`x.effects`, or a name `effects` (which may be the list under another name)."""
    return (isinstance(node, ast.Attribute) and node.attr == "effects") or (isinstance(node, ast.Name) and node.id == "effects")


def test_the_rules_change_the_effects_only_in_ways_the_index_sees() -> None:
    """In the engine, `x.effects` is assigned anew, or removed from (`remove`, `pop`, `clear`), or appended to
    by `GameState.add_effect` alone; never written by index or slice, extended, inserted into or reordered."""
    found = []
    for where, node in engine_nodes():
        if method := method_called(node, _UNSEEN, _is_effects):
            found.append(f"{where} {method}")
        for target in written(node):
            if (isinstance(target, ast.Subscript) and _is_effects(target.value)) or \
                    (isinstance(node, ast.AugAssign) and _is_effects(target)):
                found.append(f"{where} {type(node).__name__}")
    assert found == ["core/state.py:" + str(_append_line()) + " append"]


def _append_line() -> int:
    source = (ENGINE / "core" / "state.py").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(source, 1) if line.strip() == "self.effects.append(effect)")
