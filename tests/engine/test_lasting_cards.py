"""`GameState.lasting_cards` keeps the cards of `cards_seen` and of the history between resolutions (the presence
pass reads it instead of walking both lists: engine/cardgame/presence.py); it must answer what the walk answers
after every way the two lists change: a card made or changed into (`card_arrived`), a record added
(`add_record`, last or among a past phase's), a record or a card put in directly, a new list assigned, the state
copied or loaded."""

from __future__ import annotations

import ast
import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cardgame.presence import card_presence
from engine.core.state import GameState, PlayRecord
from engine.rulesets.mafik.registry import REGISTRIES
from engine.sim import GameRunner
from tests.engine.source_scan import engine_nodes, method_called, written

CARDS = ("knife", "armor", "poison", "jail", "mask", "lamp")


def _walk(state: GameState) -> set[str]:
    """The plain answer: every card of `cards_seen`, and each record's card and printed card."""
    found = set(state.cards_seen or ())
    for record in state.history:
        found.add(record.card)
        if record.printed is not None:
            found.add(record.printed)
    return found


def _record(card: str, printed: str | None = None, phase: int = 1) -> PlayRecord:
    return PlayRecord(phase=phase, actor=0, card=card, printed=printed)


def _state() -> GameState:
    state = GameState(ruleset="mafik", seed=1, rng=1, phase=2, cards_seen=[])
    state.card_arrived("knife")
    state.add_record(_record("armor"))
    assert state.lasting_cards() == _walk(state)  # kept now: each test below changes a list under it
    return state


def test_a_state_without_a_record_of_cards_keeps_none() -> None:
    state = GameState(ruleset="mafik", seed=1, rng=1, history=[_record("knife")])
    assert state.lasting_cards() is None


def test_the_kept_cards_follow_card_arrived() -> None:
    state = _state()
    state.card_arrived("poison")
    state.card_arrived("knife")  # already there: the record of cards stays as it is
    assert state.lasting_cards() == _walk(state) == {"knife", "armor", "poison"}


def test_the_kept_cards_follow_add_record_with_the_card_played_as_another() -> None:
    state = _state()
    state.add_record(_record("jail", printed="mask"))
    assert state.lasting_cards() == _walk(state) == {"knife", "armor", "jail", "mask"}


def test_the_kept_cards_follow_a_record_put_among_a_past_phases() -> None:
    state = _state()
    state.add_record(_record("lamp", phase=0), at=0)
    assert state.history[0].card == "lamp"
    assert state.lasting_cards() == _walk(state)


def test_the_kept_cards_see_a_record_appended_directly() -> None:
    state = _state()
    state.history.append(_record("lamp"))
    assert state.lasting_cards() == _walk(state)


def test_the_kept_cards_see_a_card_put_in_the_record_of_cards_directly() -> None:
    state = _state()
    assert state.cards_seen is not None
    state.cards_seen.insert(0, "armor_plate")
    assert state.lasting_cards() == _walk(state)


def test_the_kept_cards_see_a_new_history_assigned() -> None:
    state = _state()
    state.history = [_record("mask")]
    assert state.lasting_cards() == _walk(state) == {"knife", "mask"}


def test_the_kept_cards_see_a_new_record_of_cards_assigned() -> None:
    state = _state()
    state.cards_seen = ["lamp"]
    assert state.lasting_cards() == _walk(state) == {"lamp", "armor"}


def test_a_copied_or_loaded_state_keeps_its_own_cards() -> None:
    state = _state()
    for other in (state.model_copy(deep=True), copy.deepcopy(state), GameState.model_validate_json(state.to_json())):
        other.history.append(_record("poison"))
        other.card_arrived("jail")
        assert other.lasting_cards() == _walk(other)
    assert state.lasting_cards() == _walk(state) == {"knife", "armor"}
    shallow = state.model_copy()  # shares both lists: the copy's additions are the original's too
    shallow.add_record(_record("lamp"))
    shallow.card_arrived("mask")
    assert shallow.lasting_cards() == _walk(shallow)
    assert state.lasting_cards() == _walk(state)


_change = st.one_of(
    st.tuples(st.just("arrived"), st.sampled_from(CARDS)),
    st.tuples(st.just("record"), st.tuples(st.sampled_from(CARDS), st.none() | st.sampled_from(CARDS))),
    st.tuples(st.just("record_at"), st.tuples(st.sampled_from(CARDS), st.integers(0, 20))),
    st.tuples(st.just("append"), st.sampled_from(CARDS)),
    st.tuples(st.just("seen_insert"), st.sampled_from(CARDS)),
    st.tuples(st.just("new_history"), st.none()),
    st.tuples(st.just("new_seen"), st.none()),
    st.tuples(st.just("copy"), st.none()),
    st.tuples(st.just("load"), st.none()),
    st.tuples(st.just("ask"), st.none()),
)


@settings(max_examples=300, deadline=None)
@given(changes=st.lists(_change, max_size=30))
def test_the_kept_cards_answer_as_the_walk_after_any_changes(changes: list[tuple[str, object]]) -> None:
    state = GameState(ruleset="mafik", seed=1, rng=1, phase=2, cards_seen=[])
    for what, arg in changes:
        if what == "arrived":
            state.card_arrived(str(arg))
        elif what == "record":
            card, printed = arg  # type: ignore[misc]
            state.add_record(_record(card, printed))
        elif what == "record_at":
            card, at = arg  # type: ignore[misc]
            state.add_record(_record(card), at=min(at, len(state.history)))
        elif what == "append":
            state.history.append(_record(str(arg)))
        elif what == "seen_insert":
            assert state.cards_seen is not None
            state.cards_seen.append(str(arg) + "_direct")
        elif what == "new_history":
            state.history = state.history[1:]
        elif what == "new_seen":
            state.cards_seen = sorted(set(state.cards_seen or ()))[1:]
        elif what == "copy":
            state = state.model_copy(deep=True)
        elif what == "load":
            state = GameState.model_validate_json(state.to_json())
        elif what == "ask":
            assert state.lasting_cards() == _walk(state)
    assert state.lasting_cards() == _walk(state)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_pass_over_a_game_finds_what_it_finds_without_the_kept_cards(seed: int) -> None:
    """Over a random Мафик game, at every phase: the presence pass with the kept cards finds what a pass over a
    loaded copy of the state (which walks both lists anew) finds."""
    runner = GameRunner("mafik", 12, seed)
    while runner.state.status == "running" and runner.state.phase < 14:
        runner.act()
        _finds_as_a_loaded_copy(runner.state)
        runner.resolve()
        _finds_as_a_loaded_copy(runner.state)


def _finds_as_a_loaded_copy(state: GameState) -> None:
    fresh = GameState.model_validate_json(state.to_json())
    assert state.lasting_cards() == _walk(fresh)
    assert card_presence(state, REGISTRIES.kind_owners).owners == card_presence(fresh, REGISTRIES.kind_owners).owners


# ---- the rules change the two lists only in ways the kept cards see ----

# what a set kept with the lists' identities and lengths cannot see: something taken out (a later addition
# would bring the length back), a record or card put in its place, the records' cards changed
_UNSEEN = {"remove", "pop", "clear", "sort", "reverse", "__setitem__", "__delitem__"}
_LISTS = ("history", "cards_seen")


def _is_list(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr in _LISTS) or (isinstance(node, ast.Name) and node.id in _LISTS)


def test_the_rules_never_take_out_of_the_history_or_the_record_of_cards() -> None:
    """In the engine, the history and `cards_seen` are assigned anew or added to; never removed from, written by
    index or slice, or reordered; and no record's cards are changed (the one `.card` written is a card copy's,
    followed by `card_arrived`: engine/core/resolution.py, engine/rulesets/mafik/cards/common.py)."""
    found = []
    for where, node in engine_nodes():
        if method := method_called(node, _UNSEEN, _is_list):
            found.append(f"{where} {method}")
        for target in written(node):
            if isinstance(target, ast.Subscript) and _is_list(target.value):
                found.append(f"{where} {type(node).__name__}")
            elif isinstance(target, ast.Attribute) and target.attr == "printed":
                found.append(f"{where} printed")
            elif isinstance(target, ast.Attribute) and target.attr == "card" \
                    and not (isinstance(target.value, ast.Name) and target.value.id == "card"):
                found.append(f"{where} card")
    assert found == []
