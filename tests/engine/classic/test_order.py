"""Section 4.1 «Очередность хода»: every step of the text, in its verbatim order, is a step of the pipeline."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from engine.core.ruleset import get_ruleset
from engine.rulesets.classic import order as o

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "001_5463b61bd6b51ccd.txt"


def _four_one() -> str:
    assert SEED.exists(), f"the rules text (shared/seeds) must lie beside the checkout: {SEED}"
    text = SEED.read_text(encoding="utf-8")
    start = text.index("4.1 Очередность хода:")
    return text[start:text.index("* - после выпуска", start)]


def test_every_step_of_four_one_is_in_the_text_in_the_texts_order() -> None:
    text = _four_one()
    at = 0
    for _number, name, words in o.FOUR_ONE:
        found = text.find(words, at)
        assert found >= 0, f"{name}: «{words}» not found after position {at}"
        at = found + len(words)


def test_the_four_parts_are_in_order_day_late_evening_night_early_morning() -> None:
    numbers = [n for n, _name, _w in o.FOUR_ONE]
    assert numbers == sorted(numbers)
    assert max(o.DAY_STEPS) < o.STEP_VOTE < o.STEP_SPIRIT < o.STEP_WARLOCK_SEND < o.STEP_PRIEST
    assert o.STEP_CHEMIST < o.STEP_NIGHT_DEATHS < o.STEP_JAIL_EXIT < o.STEP_REANIMATOR < o.STEP_MORNING


def test_every_step_of_four_one_is_registered_under_its_name() -> None:
    registered = dict(get_ruleset("classic").pipeline.numbered)
    for number, name, _words in o.FOUR_ONE:
        assert registered[number] == name


def test_there_are_free_numbers_between_the_steps() -> None:
    numbers = [n for n, _name, _w in o.FOUR_ONE]
    assert all(b - a >= 10 for a, b in pairwise(numbers))
