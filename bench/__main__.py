"""`python -m bench [--quick] [--json]` — measure the project and print one JSON object.

Figures are compared with baselines measured in the same run (ratios), never with fixed times.
Covered: the engine (Микромафик, Мафик) and the simulator, the bot's throughput against a bare echo handler
(on SQLite and on PostgreSQL), end-of-phase fan-out against Telegram's limits, memory per game, re-arming on
restart, a burst of three instances sharing Telegram's limits through Redis against the least time they allow, and
the fan-out of many games' deadlines fired by the leader of three instances over PostgreSQL and Redis.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys

from bench.bot_bench import run as bot_figures
from bench.engine_bench import games_per_second, mafik_simulation, resolve_vs_roundtrip
from bench.fanout3_bench import run as fanout3_figures
from bench.redis_bench import run as redis_figures
from tgbot.run import tune_gc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats (well under 3 minutes)")
    parser.add_argument("--smoke", action="store_true",
                        help="the least that prints every figure (the test suite's run: the figures mean nothing)")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    size = "smoke" if args.smoke else "quick" if args.quick else "full"
    repeats, games = {"full": (300, 200), "quick": (50, 20), "smoke": (5, 4)}[size]
    tune_gc()  # as the bot runs in production; the baselines run in the same process, under the same collector
    report = {
        "quick": args.quick,
        "smoke": args.smoke,
        "machine": {"python": platform.python_version(), "cpu": platform.machine()},
        **resolve_vs_roundtrip(repeats),
        "sim_games_per_s_micromafik": games_per_second("micromafik", 8, games),
        **mafik_simulation(max(2 if args.smoke else 10, games // 4)),
        **bot_figures(size),
        **redis_figures(),
        **fanout3_figures(size),
    }
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
