"""Effect durations: one vocabulary (engine/core/durations.py) that every rule set creates effects with.
The state keeps raw start/end phases, so saved games load as before. Phases: 1 = night 1, 2 = day 1, …"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.core.durations import (
    FROM_NEXT_PHASE,
    NEXT_DAY,
    NEXT_NIGHT,
    NEXT_PHASE,
    THIS_PHASE,
    TONIGHT,
    UNTIL_END,
    UNTIL_USED,
    between,
    n_phases,
    onwards,
)
from engine.core.state import GameState

NIGHT_2, DAY_2 = 3, 4
RULESETS = Path(__file__).parents[2] / "engine" / "rulesets"


@pytest.mark.parametrize(("duration", "from_night", "from_day"), [
    (THIS_PHASE, (3, 3), (4, 4)),
    (NEXT_PHASE, (4, 4), (5, 5)),
    (NEXT_NIGHT, (5, 5), (5, 5)),
    (NEXT_DAY, (4, 4), (6, 6)),
    (TONIGHT, (3, 3), (4, 5)),
    (UNTIL_END, (3, None), (4, None)),
    (UNTIL_USED, (3, None), (4, None)),
    (FROM_NEXT_PHASE, (4, None), (5, None)),
    (n_phases(3), (3, 5), (4, 6)),
    (n_phases(2, starting=NEXT_PHASE), (4, 5), (5, 6)),
    (onwards(NEXT_NIGHT), (5, None), (5, None)),
    (between(1, 2), (1, 2), (1, 2)),
])
def test_a_duration_gives_the_start_and_end_phases_from_a_night_and_from_a_day(duration, from_night, from_day):
    assert duration.span(NIGHT_2) == from_night
    assert duration.span(DAY_2) == from_day


def test_n_phases_refuses_an_empty_duration():
    with pytest.raises(ValueError):
        n_phases(0)


def test_add_effect_stores_the_raw_phases_of_its_duration():
    state = GameState(ruleset="micromafik", seed=1, rng=1, phase=DAY_2)
    effect = state.add_effect("coffee", target=0, during=NEXT_NIGHT)
    assert (effect.start, effect.end) == (5, 5)
    assert GameState.model_validate_json(state.model_dump_json()).effects == [effect]


def test_add_effect_refuses_a_duration_said_twice():
    state = GameState(ruleset="micromafik", seed=1, rng=1, phase=DAY_2)
    with pytest.raises(ValueError):
        state.add_effect("coffee", target=0, during=NEXT_NIGHT, end=5)
    assert state.effects == []


def _effect_calls(folder: Path) -> list[tuple[str, int, set[str]]]:
    """Every add_effect(…) / play.effect(…) under `folder`: (file, line, its keyword names)."""
    calls = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("add_effect", "effect") and node.args):
                calls.append((path.name, node.lineno, {k.arg for k in node.keywords if k.arg}))
    return calls


@pytest.mark.parametrize("ruleset", ["mafik", "micromafik"])
def test_every_effect_of_a_rule_set_is_created_with_a_duration(ruleset):
    calls = _effect_calls(RULESETS / ruleset)
    assert len(calls) > 10
    raw = [(f, line) for f, line, keys in calls if "during" not in keys or keys & {"start", "end"}]
    assert raw == []
