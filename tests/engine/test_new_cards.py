"""`GameState.new_cards` makes a deck's cards at once; it must leave the state as `new_card` of each card in
turn leaves it: the same cards with the same uids in the same order, the same counters, the same record of cards
(`cards_seen`) and kept lasting cards, and the same cards made present to a running presence pass."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.presence import Presence, presence_pass
from engine.core.state import GameState

CARDS = ("knife", "armor", "poison", "jail")


def _state(seen: list[str] | None, counter: int | None) -> GameState:
    return GameState(ruleset="mafik", seed=1, rng=1, cards_seen=None if seen is None else sorted(set(seen)),
                     counters={} if counter is None else {"card": counter, "effect": 3})


def _made(state: GameState, cards: list[str], *, at_once: bool) -> tuple[list[tuple[object, ...]], set[str]]:
    """The cards made (with what pydantic knows of each), and the owners a presence pass learned of."""
    present = Presence(set(), set(), {})
    with presence_pass(state, lambda _state: present):
        made = state.new_cards(cards) if at_once else [state.new_card(c) for c in cards]
    return [(c.model_dump(), c.model_fields_set, type(c)) for c in made], present.owners


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(CARDS), max_size=12),
       seen=st.none() | st.lists(st.sampled_from(CARDS), max_size=3),
       counter=st.none() | st.integers(0, 50), lasting=st.booleans())
def test_new_cards_leaves_the_state_as_new_card_of_each_in_turn(
    cards: list[str], seen: list[str] | None, counter: int | None, lasting: bool,
) -> None:
    one_by_one, at_once = _state(seen, counter), _state(seen, counter)
    if lasting:  # the kept lasting cards, built before the cards arrive, must follow them too
        assert one_by_one.lasting_cards() == at_once.lasting_cards()
    assert _made(at_once, cards, at_once=True) == _made(one_by_one, cards, at_once=False)
    assert at_once.to_json() == one_by_one.to_json()
    assert at_once.lasting_cards() == one_by_one.lasting_cards()


def test_new_cards_of_no_card_starts_no_card_counter() -> None:
    state = _state(None, None)
    assert state.new_cards([]) == []
    assert state.counters == {}
