"""`python -m bench --smoke --json` (the least run of `--quick`'s code) prints every figure (no timing is asserted)."""

import json
import subprocess
import sys
from pathlib import Path

from bench.fanout3_bench import fanout3
from tests.redis.conftest import redis_server  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"engine_resolve_ms", "engine_roundtrip_ms", "engine_resolve_vs_roundtrip", "engine_sim_night_resolve_ms",
        "engine_sim_night_resolve_vs_roundtrip", "sim_games_per_s_micromafik", "sim_games_per_s_mafik",
        "sim_games_per_cpu_s_mafik", "sim_mafik_10000_games_min", "sim_phases_per_cpu_s_mafik",
        "bot_updates_per_s", "echo_updates_per_s", "bot_vs_echo_throughput", "bot_p99_ms", "echo_p99_ms",
        "bot_vs_echo_p99", "fanout_s", "fanout_min_s", "fanout_vs_limit", "fanout_429", "fanout_lost",
        "rss_mb_per_game", "restart_rearm_s", "echo_edit_updates_per_s", "bot_vs_echo_edit_throughput",
        "echo_edit_p99_ms", "bot_vs_echo_edit_p99", "pg_bot_updates_per_s", "pg_bot_p99_ms",
        "pg_vs_sqlite_throughput", "pg_vs_sqlite_p99", "redis_burst_s", "redis_burst_min_s",
        "redis_burst_vs_limit", "redis_burst_429", "fanout3_messages", "fanout3_s", "fanout3_min_s",
        "fanout3_vs_limit", "fanout3_429", "fanout3_lost", "fanout3_follower_jobs"}
ZERO_OK = {"fanout_429", "fanout_lost", "redis_burst_429", "fanout3_429", "fanout3_lost", "fanout3_follower_jobs"}


def test_bench_prints_every_key():
    out = subprocess.run([sys.executable, "-m", "bench", "--smoke", "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True, timeout=300)
    report = json.loads(out.stdout)
    assert set(report) >= KEYS
    assert all(report[k] > 0 for k in KEYS - {"rss_mb_per_game"} - ZERO_OK), report
    assert report["fanout_lost"] == 0
    assert report["redis_burst_429"] == 0
    assert report["fanout3_429"] == 0 and report["fanout3_lost"] == 0 and report["fanout3_finished"]


async def test_fanout3_the_leader_of_three_instances_fires_every_deadline_with_no_429_and_nothing_lost(
        postgres_server, redis_server):  # noqa: F811
    figures = await fanout3(3, postgres_server, redis_server.url, timeout=120)
    assert figures["fanout3_finished"], figures  # every game resolved its night, the outbox emptied
    assert figures["fanout3_messages"] >= 3 * 16, figures  # at least each player's end-of-night message
    assert figures["fanout3_429"] == 0 and figures["fanout3_lost"] == 0, figures
    assert figures["fanout3_leader_kept"] and figures["fanout3_follower_jobs"] == 0, figures
    assert figures["fanout3_min_s"] > 0 and figures["fanout3_s"] >= 0, figures
