"""Meta tests that keep the suite honest: every implemented card and every public role has a test
named after it, and the load-time check of card behaviours against the collection works.

Naming convention (tests/engine/micromafik/): `test_<card_id>` or `test_<card_id>_<what>`, and
`test_<role_id>…` likewise. A test counts for the longest id its name starts with, so a test of
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


@cache
def names_of_tests() -> frozenset[str]:
    """Names of every test function (module level or in a class) under tests/engine/micromafik/."""
    names: set[str] = set()
    for path in sorted(TESTS.rglob("test_*.py")):
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


def public_role_ids() -> list[str]:
    with open(DATA_DIR / RULESET / "roles.toml", "rb") as fh:
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
