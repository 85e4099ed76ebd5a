"""Meta tests that keep the suite honest: every implemented card and every public role has a test
named after it (Микромафик and Мафик), cards without behaviour stay out of Мафик decks, and the
load-time check of card behaviours against the collection works.

Naming convention (tests/engine/micromafik/, tests/engine/mafik/): `test_<card_id>` or
`test_<card_id>_<what>`, and `test_<role_id>…` likewise. A test counts for the longest id its name starts with, so a test of
`pay_the_bill` never counts for a card named `pay`.
"""

from __future__ import annotations

import ast
import tomllib
from functools import cache
from pathlib import Path

import pytest

from engine.core.cards import DATA_DIR, CardCatalog, CardRegistry, CardSpec
from engine.core.ruleset import get_ruleset

TESTS = Path(__file__).resolve().parent / "micromafik"
RULESET = "micromafik"
MAFIK_TESTS = Path(__file__).resolve().parent / "mafik"


@cache
def names_of_tests(folder: Path = TESTS) -> frozenset[str]:
    """Names of every test function (module level or in a class) under a test folder (default
    tests/engine/micromafik/)."""
    names: set[str] = set()
    for path in sorted(folder.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)



def covered(ids: list[str], names: frozenset[str]) -> set[str]:
    """The ids that some test name is about (`test_<id>` or `test_<id>_…`, longest id wins)."""
    by_length = sorted(ids, key=len, reverse=True)
    found: set[str] = set()
    for name in names:
        rest = name.removeprefix("test_")
        for ident in by_length:
            if rest == ident or rest.startswith(ident + "_"):
                found.add(ident)
                break
    return found


def public_role_ids(ruleset: str = RULESET) -> list[str]:
    with open(DATA_DIR / ruleset / "roles.toml", "rb") as fh:
        raw = tomllib.load(fh)
    return [r["id"] for r in raw["public"]]


def test_covered_matches_whole_words_and_longest_ids() -> None:
    names = frozenset({"test_pay_the_bill_returns_card", "test_poisoned_twice", "test_block", "test_x"})
    assert covered(["pay", "pay_the_bill", "poison", "block"], names) == {"pay_the_bill", "block"}


def test_every_implemented_card_has_a_test() -> None:
    ruleset = get_ruleset(RULESET)
    implemented = [c for c in ruleset.catalog.ids() if ruleset.is_implemented(c)]
    missing = sorted(set(implemented) - covered(implemented, names_of_tests()))
    assert not missing, f"implemented cards without a test_<card_id>… in {TESTS}: {missing}"


def test_every_public_role_has_a_test() -> None:
    roles = public_role_ids()
    assert len(roles) == 15
    missing = sorted(set(roles) - covered(roles, names_of_tests()))
    assert not missing, f"public roles without a test_<role_id>… in {TESTS}: {missing}"


def test_card_and_role_ids_do_not_collide() -> None:
    """A test name must say unambiguously whether it is about a card or a role."""
    cards = set(get_ruleset(RULESET).catalog.ids())
    assert not cards & set(public_role_ids())


# ---------------------------------------------------------------------------- load-time check


def spec(card_id: str) -> CardSpec:
    return CardSpec(id=card_id, name=card_id, name_en=card_id, colour="attack", text="", text_en="")


def registry(*ids: str) -> CardRegistry:
    reg = CardRegistry()
    for card_id in ids:
        reg.card(card_id)(lambda play: None)
    return reg


def test_check_behaviours_accepts_a_complete_registry() -> None:
    CardCatalog([spec("a"), spec("b")]).check_behaviours(registry("a", "b"))


def test_check_behaviours_rejects_behaviour_for_unknown_card() -> None:
    catalog = CardCatalog([spec("a")])
    with pytest.raises(ValueError, match=r"unknown card ids.*'ghost'"):
        catalog.check_behaviours(registry("a", "ghost"))
    with pytest.raises(ValueError, match="unknown card ids"):  # allow_missing never excuses this
        catalog.check_behaviours(registry("a", "ghost"), allow_missing=True)


def test_check_behaviours_rejects_card_without_behaviour() -> None:
    catalog = CardCatalog([spec("a"), spec("b")])
    with pytest.raises(ValueError, match=r"cards without behaviour.*'b'"):
        catalog.check_behaviours(registry("a"))
    catalog.check_behaviours(registry("a"), allow_missing=True)


def test_behaviour_registered_twice_is_an_error() -> None:
    reg = registry("a")
    with pytest.raises(ValueError, match="registered twice"):
        reg.card("a")(lambda play: None)


def test_duplicate_card_id_in_collection_is_an_error() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        CardCatalog([spec("a"), spec("a")])


def test_real_collection_passes_the_check() -> None:
    ruleset = get_ruleset(RULESET)
    ruleset.catalog.check_behaviours(ruleset.cards)
    assert len(ruleset.catalog) == 44
    assert CardCatalog.load(RULESET).ids() == ruleset.catalog.ids()


# ---------------------------------------------------------------------------- Мафик

MAFIK = "mafik"
# The seed names both a card and a public role "Гений": its card's tests are `test_genius_card…`, every
# other `test_genius…` is about the role.
MAFIK_SHARED_IDS = {"genius": "genius_card"}
MAFIK_DECK = ["dummy", "dummy", "mulligan", "mulligan", "seek", "seek", "concentration", "concentration",
              "plan_b", "plan_b", "meditation", "meditation", "true_balance", "true_balance", "breach"]


def about(name: str, ident: str) -> bool:
    rest = name.removeprefix("test_")
    return rest == ident or rest.startswith(ident + "_")


def mafik_test_names(kind: str) -> frozenset[str]:
    """The names of tests under tests/engine/mafik/ that may be about a card (`kind="card"`) or a public
    role (`kind="role"`): a shared id's tests are split by MAFIK_SHARED_IDS."""
    names = set(names_of_tests(MAFIK_TESTS))
    for ident, card_prefix in MAFIK_SHARED_IDS.items():
        if kind == "card":
            names -= {n for n in names if about(n, ident) and not about(n, card_prefix)}
        else:
            names -= {n for n in names if about(n, card_prefix)}
    return frozenset(names)


def test_mafik_card_and_role_ids_collide_only_where_the_seed_names_both() -> None:
    cards = set(get_ruleset(MAFIK).catalog.ids())
    assert cards & set(public_role_ids(MAFIK)) == set(MAFIK_SHARED_IDS)


def test_mafik_shared_ids_split_card_and_role_tests() -> None:
    names = frozenset({"test_genius_deck_is_12", "test_genius_card_smaller_decks", "test_pistol_x"})
    assert covered(["genius", "pistol"], names - {n for n in names if about(n, "genius")
                                                  and not about(n, "genius_card")}) == {"genius", "pistol"}
    assert about("test_genius_card_smaller_decks", "genius_card") and not about("test_genius_deck_is_12", "genius_card")


def test_mafik_every_implemented_card_has_a_test() -> None:
    ruleset = get_ruleset(MAFIK)
    implemented = [c for c in ruleset.catalog.ids() if ruleset.is_implemented(c)]
    assert len(implemented) >= 70
    missing = sorted(set(implemented) - covered(implemented, mafik_test_names("card")))
    assert not missing, f"implemented cards without a test_<card_id>… in {MAFIK_TESTS}: {missing}"


def test_mafik_every_public_role_has_a_test() -> None:
    roles = [r for r in public_role_ids(MAFIK) if r != "other"]
    assert len(roles) == 40
    missing = sorted(set(roles) - covered(roles, mafik_test_names("role")))
    assert not missing, f"public roles without a test_<role_id>… in {MAFIK_TESTS}: {missing}"


def test_mafik_a_card_without_behaviour_cannot_be_put_in_a_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card without its behaviour is refused in a first deck and in a new deck (`not_implemented`); the
    role-unique cards are no deck cards at all (`unknown_card`). Every card has its behaviour now, so one is
    taken away for the test."""
    from engine.core import api
    from engine.core.refusal import Refusal

    ruleset = get_ruleset(MAFIK)
    monkeypatch.delitem(ruleset.registries.cards.behaviours, "sensei")
    state = api.new_game(MAFIK, [(f"P{i}", "other") for i in range(12)], seed=3)
    boss = next(p.pid for p in state.players if p.secret_role == "boss")
    before = api.dump(state)
    for card, reason in (("sensei", "not_implemented"), ("officer_guilty", "unknown_card")):
        with pytest.raises(Refusal) as caught:
            api.deck_build(state, boss, [*MAFIK_DECK[:-1], card])
        assert (caught.value.code, caught.value.params) == ("deck_invalid", {"reason": reason, "card": card})
    assert api.dump(state) == before
    api.deck_build(state, boss, MAFIK_DECK)  # the same deck with an implemented card is fine
    api.deck_auto_all(state)
    state.player(boss).deck = []
    with pytest.raises(Refusal) as caught:
        api.act(state, boss, "rebuild_deck", {"cards": [*MAFIK_DECK[:-1], "sensei"]})
    assert caught.value.code == "deck_invalid" and caught.value.params["card"] == "sensei"


def test_mafik_random_decks_hold_only_implemented_cards() -> None:
    from engine.core import api

    ruleset = get_ruleset(MAFIK)
    state = api.new_game(MAFIK, [(f"P{i}", "other") for i in range(16)], seed=8)
    api.deck_auto_all(state)
    for player in state.players:
        assert all(ruleset.is_implemented(card) for card in player.deck_choice), player.deck_choice


def test_mafik_collection_passes_the_check_every_card_with_its_behaviour(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = get_ruleset(MAFIK)
    ruleset.catalog.check_behaviours(ruleset.cards)  # all 264: nothing missing
    assert len(ruleset.catalog) == 264
    assert CardCatalog.load(MAFIK).ids() == ruleset.catalog.ids()
    monkeypatch.delitem(ruleset.registries.cards.behaviours, "sensei")
    with pytest.raises(ValueError, match="cards without behaviour"):
        ruleset.catalog.check_behaviours(ruleset.cards)
    ruleset.catalog.check_behaviours(ruleset.cards, allow_missing=True)
