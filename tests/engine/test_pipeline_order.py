"""The order of resolution, checked in: every rule set's pipeline steps and damage replacement layers,
as registered, against tests/engine/pipeline_<ruleset>.txt ("number name" lines). Any change to the
order is a visible diff of that file. The numbers come from one table per rule set
(engine/rulesets/<ruleset>/order.py), and a tie is refused when it is registered.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from engine.core.resolution import DamagePacket, Pipeline, Replacement, Resolution, add_replacement
from engine.core.ruleset import get_ruleset

RULESETS = ("mafik", "micromafik", "guises", "classic", "hidden_rules")
HERE = Path(__file__).parent


def registered_order(name: str) -> str:
    ruleset = get_ruleset(name)
    lines = ["# steps"] + [f"{number} {step}" for number, step in ruleset.pipeline.numbered]
    lines += ["# replacement layers"] + [f"{layer} {what}" for layer, what, _fn in ruleset.replacements]
    return "\n".join(lines) + "\n"


def table(name: str) -> dict[str, int]:
    module = importlib.import_module(f"engine.rulesets.{name}.order")
    return {key: value for key, value in vars(module).items() if key.startswith(("STEP_", "LAYER_"))}


@pytest.mark.parametrize("name", RULESETS)
def test_registered_pipeline_matches_the_checked_in_list(name: str) -> None:
    expected = (HERE / f"pipeline_{name}.txt").read_text(encoding="utf-8")
    assert registered_order(name) == expected


@pytest.mark.parametrize("name", RULESETS)
def test_every_step_and_layer_is_named_in_the_order_table(name: str) -> None:
    """Each registered number is one entry of order.py, and each entry is registered once."""
    ruleset = get_ruleset(name)
    names = table(name)
    steps = sorted(v for k, v in names.items() if k.startswith("STEP_"))
    layers = sorted(v for k, v in names.items() if k.startswith("LAYER_"))
    assert [number for number, _step in ruleset.pipeline.numbered] == steps
    assert [layer for layer, _what, _fn in ruleset.replacements] == layers


def _noop_step(res: Resolution) -> None:
    return None


def _noop_layer(res: Resolution, packet: DamagePacket) -> None:
    return None


def test_pipeline_refuses_a_step_on_a_taken_number() -> None:
    pipeline = Pipeline()
    pipeline.step("first", 100)(_noop_step)
    with pytest.raises(ValueError, match="'second' at 100 ties with 'first' at 100"):
        pipeline.step("second", 100)(_noop_step)
    assert pipeline.numbered == [(100, "first")]


def test_pipeline_refuses_a_step_name_twice() -> None:
    pipeline = Pipeline()
    pipeline.step("first", 100)(_noop_step)
    with pytest.raises(ValueError, match="'first' at 200 ties with 'first' at 100"):
        pipeline.step("first", 200)(_noop_step)


def test_replacements_refuse_a_layer_already_taken() -> None:
    layers: list[tuple[int, str, Replacement]] = []
    add_replacement(layers, "armor", 60, _noop_layer)
    with pytest.raises(ValueError, match="'shield' at 60 ties with 'armor' at 60"):
        add_replacement(layers, "shield", 60, _noop_layer)
    assert [(layer, what) for layer, what, _fn in layers] == [(60, "armor")]
