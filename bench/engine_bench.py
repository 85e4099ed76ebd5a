"""Engine figures: resolving a phase against persisting it, and whole simulated games per second."""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from engine.core import api
from engine.sim import GameRunner, long_run, play_game

# A 16-player Мафик night at which every order is in (7 orders: four plays, two night discards, the
# Предатель's colours), as the simulator of the 70-card rule set played it (seed 11) and saved in today's
# format. The figure is measured on it so that it compares across versions: the simulator's own night changes
# whenever its agents or the cards do (the agent that pays exactly a play's cost made it 6 plays, not 3).
SAVED_NIGHT = Path(__file__).parent / "data" / "mafik_night16.json"


def _position_with_orders(ruleset_name: str, players: int, seed: int) -> str:
    """A game at night 2 in which every living player has acted (random agents), as JSON."""
    runner = GameRunner(ruleset_name, players, seed)
    while runner.state.phase < 3 and runner.running:
        runner.step()
    runner.act()
    return api.dump(runner.state)


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 4)


def _resolve_and_roundtrip_ms(text: str, repeats: int) -> tuple[float, float]:
    """Median ms of resolving the phase of `text`, and of a dump and a load of the state it leaves."""
    resolve_s, roundtrip_s = [], []
    for _ in range(repeats):
        state = api.load(text)
        start = time.perf_counter()
        api.resolve(state)
        resolve_s.append(time.perf_counter() - start)
        start = time.perf_counter()
        api.load(api.dump(state))
        roundtrip_s.append(time.perf_counter() - start)
    return _median_ms(resolve_s), _median_ms(roundtrip_s)


def resolve_vs_roundtrip(repeats: int) -> dict[str, Any]:
    """A 16-player Мафик night's resolution against a round trip of its state through JSON: on the saved night
    (`SAVED_NIGHT`), and on the night the simulator plays now (`engine_sim_night_…`, seed 11)."""
    resolve_ms, roundtrip_ms = _resolve_and_roundtrip_ms(SAVED_NIGHT.read_text(encoding="utf-8"), repeats)
    sim_resolve_ms, sim_roundtrip_ms = _resolve_and_roundtrip_ms(_position_with_orders("mafik", 16, seed=11), repeats)
    return {
        "engine_players": 16,
        "engine_resolve_ms": resolve_ms,
        "engine_roundtrip_ms": roundtrip_ms,
        "engine_resolve_vs_roundtrip": round(resolve_ms / roundtrip_ms, 3),
        "engine_sim_night_resolve_ms": sim_resolve_ms,
        "engine_sim_night_resolve_vs_roundtrip": round(sim_resolve_ms / sim_roundtrip_ms, 3),
    }


def games_per_second(ruleset_name: str, players: int, games: int) -> float:
    return _simulated(ruleset_name, players, games)[0]


def mafik_simulation(games: int) -> dict[str, float]:
    """16-player Мафик games a second, by the clock and by the process's CPU time (one core, whatever else
    the machine runs), and the minutes 10,000 such games take on one core (issue 20: under 10). Also the
    phases a CPU-second: a few games' lengths vary (50 to 80 phases), so a change that changes the random
    games moves the games a second by its luck too; the phases a second do not follow it."""
    wall, cpu, phases = _simulated("mafik", 16, games)
    return {"sim_games_per_s_mafik": wall, "sim_games_per_cpu_s_mafik": cpu,
            "sim_mafik_10000_games_min": round(10_000 / cpu / 60, 1), "sim_phases_per_cpu_s_mafik": phases}


def _simulated(ruleset_name: str, players: int, games: int) -> tuple[float, float, float]:
    """Games a second of wall-clock time and of CPU time, and phases a second of CPU time, played as
    `engine.sim.simulate` plays them."""
    phases = 0
    with long_run(ruleset_name):
        start, start_cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            phases += play_game(ruleset_name, players, seed).phases
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return round(games / wall, 2), round(games / cpu, 2), round(phases / cpu)
