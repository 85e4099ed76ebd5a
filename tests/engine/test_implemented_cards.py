"""`params.implemented_cards` is kept from pass to pass: it must answer what the plain computation answers after
every way what it reads can change (a behaviour registered, replaced or taken away; `is_implemented` itself
replaced), and each part of its key must matter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.params import implemented_cards
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES


def _plain(name: str) -> list[str]:
    ruleset = get_ruleset(name)
    return [c.id for c in ruleset.catalog if ruleset.is_implemented(c.id)]


def _kept(name: str) -> list[str]:
    return [c.id for c in implemented_cards(get_ruleset(name))]


def test_the_implemented_cards_of_every_rule_set_are_the_plain_ones() -> None:
    for name in ruleset_names():
        assert _kept(name) == _plain(name)
        assert _kept(name) == _plain(name)  # asked again: the kept answer


@settings(max_examples=30, deadline=None)
@given(changes=st.lists(st.tuples(st.sampled_from(["set", "delete", "pop"]), st.sampled_from(CATALOG.ids())),
                        max_size=6))
def test_the_kept_implemented_cards_follow_every_change_of_the_behaviours(changes: list[tuple[str, str]]) -> None:
    """A behaviour set (a card not implemented becomes one), replaced, deleted or popped: the next answer is
    the plain one, and so it is again once everything is put back."""
    behaviours = REGISTRIES.cards.behaviours
    saved = dict(behaviours)
    _kept("mafik")
    try:
        for how, card in changes:
            if how == "set":
                behaviours[card] = saved.get(card, lambda play: None)
            elif card in behaviours:
                if how == "delete":
                    del behaviours[card]
                else:
                    behaviours.pop(card)
            assert _kept("mafik") == _plain("mafik")
    finally:
        for card in [c for c in behaviours if c not in saved]:
            del behaviours[card]
        behaviours.update({c: b for c, b in saved.items() if behaviours.get(c) is not b})
    assert _kept("mafik") == _plain("mafik")


def test_the_kept_implemented_cards_follow_a_replaced_is_implemented(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test may replace the method (test_param_choices.py makes every card implemented): the answer follows
    it, and follows it back."""
    ruleset = get_ruleset("mafik")
    before = _kept("mafik")
    assert before
    monkeypatch.setattr(type(ruleset), "is_implemented", lambda self, card_id: card_id == before[0])
    assert _kept("mafik") == before[:1]
    monkeypatch.undo()
    assert _kept("mafik") == before


def test_the_kept_implemented_cards_follow_a_replaced_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collection is part of what they are kept under: another one's cards are its own."""
    from engine.core.cards import CardCatalog

    ruleset = get_ruleset("mafik")
    _kept("mafik")
    monkeypatch.setattr(type(ruleset), "catalog", CardCatalog(list(ruleset.catalog)[:3]))
    assert _kept("mafik") == _plain("mafik") == [c.id for c in list(CATALOG)[:3]]
