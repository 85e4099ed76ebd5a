"""`python -m bench --quick --json` runs and prints its figures (no timing is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"engine_resolve_ms", "engine_roundtrip_ms", "engine_resolve_vs_roundtrip", "sim_games_per_s_micromafik"}


def test_bench_quick_prints_every_key():
    out = subprocess.run([sys.executable, "-m", "bench", "--quick", "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True, timeout=300)
    report = json.loads(out.stdout)
    assert set(report) >= KEYS
    assert all(report[k] > 0 for k in KEYS)
