"""Engine figures: resolving a phase against persisting it, and whole simulated games per second."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core import api
from engine.sim import GameRunner, play_game


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
    start = time.perf_counter()
    for seed in range(games):
        play_game(ruleset_name, players, seed)
    return round(games / (time.perf_counter() - start), 2)
