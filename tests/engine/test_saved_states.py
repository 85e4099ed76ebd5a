"""Games saved by an older engine (api.dump output checked in under tests/engine/data/) still load and
go on exactly as they did when they were saved: the same events, the same end."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from engine.core import api
from engine.sim import GameRunner

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "continued.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", sorted(EXPECTED))
def test_a_state_saved_before_the_state_extensions_loads_and_continues_identically(ruleset: str) -> None:
    case = EXPECTED[ruleset]
    runner = GameRunner(ruleset, case["players"], case["seed"])
    while runner.state.phase < case["phase"]:  # the agents' own random streams reach the saved moment
        runner.step()
    runner.state = api.load((DATA / case["file"]).read_text(encoding="utf-8"))
    seq = runner.state.events[-1].seq
    while runner.running:
        runner.step()
    later = [e.model_dump() for e in runner.state.events if e.seq > seq]
    digest = hashlib.sha256(json.dumps(later, ensure_ascii=False, sort_keys=True).encode()).hexdigest()
    assert (runner.state.winners, runner.state.phase, len(later), digest) == (
        case["winners"], case["final_phase"], case["events"], case["events_sha256"])
