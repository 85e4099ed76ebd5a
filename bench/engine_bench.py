"""Engine figures: resolving a phase against persisting it, and whole simulated games per second."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core import api
from engine.sim import GameRunner, long_run, play_game


def _position_with_orders(ruleset_name: str, players: int, seed: int) -> str:
    """A game at night 2 in which every living player has submitted, as JSON (random agents)."""
    runner = GameRunner(ruleset_name, players, seed)
    while runner.state.phase < 3 and runner.running:
        runner.step()
    runner.act()
    return api.dump(runner.state)


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 4)


def resolve_vs_roundtrip(ruleset_name: str, players: int, repeats: int) -> dict[str, Any]:
    text = _position_with_orders(ruleset_name, players, seed=11)
    resolve_s, roundtrip_s = [], []
    for _ in range(repeats):
        state = api.load(text)
        start = time.perf_counter()
        api.resolve(state)
        resolve_s.append(time.perf_counter() - start)
        start = time.perf_counter()
        api.load(api.dump(state))
        roundtrip_s.append(time.perf_counter() - start)
    resolve_ms, roundtrip_ms = _median_ms(resolve_s), _median_ms(roundtrip_s)
    return {
        "engine_players": players,
        "engine_resolve_ms": resolve_ms,
        "engine_roundtrip_ms": roundtrip_ms,
        "engine_resolve_vs_roundtrip": round(resolve_ms / roundtrip_ms, 3),
    }


def games_per_second(ruleset_name: str, players: int, games: int) -> float:
    return _simulated(ruleset_name, players, games)[0]


def mafik_simulation(games: int) -> dict[str, float]:
    """16-player Мафик games a second, by the clock and by the process's CPU time (one core, whatever else
    the machine runs), and the minutes 10,000 such games take on one core (issue 20: under 10)."""
    wall, cpu = _simulated("mafik", 16, games)
    return {"sim_games_per_s_mafik": wall, "sim_games_per_cpu_s_mafik": cpu,
            "sim_mafik_10000_games_min": round(10_000 / cpu / 60, 1)}


def _simulated(ruleset_name: str, players: int, games: int) -> tuple[float, float]:
    """Games a second of wall-clock time and of CPU time, played as `engine.sim.simulate` plays them."""
    with long_run(ruleset_name):
        start, start_cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            play_game(ruleset_name, players, seed)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return round(games / wall, 2), round(games / cpu, 2)
