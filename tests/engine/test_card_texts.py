"""Player-facing card texts are free of the seed's obvious typos (the meaning is the seed's).

The seed (shared/seeds) keeps its typos; SEED_TYPOS lists each correction the card data makes, and the
tests that compare the data with the seed apply them to the seed first (`corrected`).
"""

from __future__ import annotations

import re
import tomllib

import pytest

from engine.core.cards import DATA_DIR

# The seed's typos and their corrections (pattern → replacement), applied to the seed by `corrected`.
SEED_TYPOS: list[tuple[str, str]] = [
    (r"\b([Вв])ыберете\b", r"\1ыберите"),  # the imperative is «выберите»
    (r"\(корме ", "(кроме "),
    (r"маскиhe\.obq", "маскирующий"),  # typed in the Latin layout
    (r"(?m)^Догадка Цена 1\.$", "Догадка\nЦена 1."),  # the cost printed on the name line belongs to the text
    (r"и т\.д\. \.", "и т.д."),
    (r"\. \)", ".)"),
    (r"(?<=[\w)])\.(?=[А-ЯЁA-Z(])", ". "),  # a full stop without the space after it
    (r",(?=[а-яё])", ", "),
]

# A full stop with no space after it that is no typo: abbreviations, decimals, «1.5».
ABBREVIATIONS = ("т.е.", "Т.е.", "т.д.", "т.к.", "т.п.", "e.g.", "E.g.", "i.e.")
TYPOS = {
    "«Выберете» (imperative: «Выберите»)": re.compile(r"[Вв]ыберете"),
    "«Выбререте»": re.compile(r"[Вв]ыбрер"),
    "«корме»": re.compile(r"\bкорме\b"),
    "a doubled space": re.compile(r"  "),
    "a space before punctuation": re.compile(r" [,.;:)]"),
    "no space after a comma": re.compile(r",(?=[^\s\d»\"”)])"),
    "no space after a full stop": re.compile(r"\.(?=[^\s\d.,;:)»\"”'])"),
    "a doubled word": re.compile(r"\b(\w{2,}) \1\b", re.IGNORECASE),
}


def corrected(seed: str) -> str:
    """The seed's text with the card data's typo corrections applied."""
    for pattern, replacement in SEED_TYPOS:
        seed = re.sub(pattern, replacement, seed)
    return seed


def cards() -> list[tuple[str, dict[str, str]]]:
    out = []
    for path in sorted(DATA_DIR.glob("*/cards*.toml")):
        with open(path, "rb") as fh:
            out += [(f"{path.parent.name}/{card['id']}", card) for card in tomllib.load(fh)["card"]]
    return out


def problems(text: str) -> list[str]:
    plain = text
    for abbreviation in ABBREVIATIONS:
        plain = plain.replace(abbreviation, abbreviation.replace(".", "·"))
    return [f"{what}: …{plain[max(0, m.start() - 20):m.end() + 20]}…"
            for what, pattern in TYPOS.items() for m in pattern.finditer(plain)]


def test_the_checks_find_the_seeds_typos():
    """The detector itself: each kind of typo the seed has is caught, abbreviations and numbers are not."""
    assert problems("Выберете цель.") and problems("(корме флэшмоба)") and problems("Цена 1.Строго дневная.")
    assert problems("два  пробела") and problems("карты,даже") and problems("цель цель")
    assert not problems("Т.е. карты рядом, 1.5 урона, и т.д. Потом (e.g. bleeding), «Цена 1.»")


@pytest.mark.parametrize(("card", "data"), cards(), ids=[card for card, _ in cards()])
def test_card_texts_have_no_obvious_typos(card, data):
    found = [f"{field}: {p}" for field in ("name", "name_en", "text", "text_en") for p in problems(str(data[field]))]
    assert not found, found


@pytest.mark.parametrize(("card", "data"), cards(), ids=[card for card, _ in cards()])
def test_card_names_carry_no_cost(card, data):
    assert "Цена" not in data["name"] and "Cost" not in data["name_en"]
