"""`python -m engine stats`: balance figures from simulated games (engine/stats.py), for every rule set."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import stats
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import GameState
from engine.sim import play_game
from tests.engine.test_cli import run_engine

GAMES = 3
FEWEST = {"mafik": 12}  # Мафик's own least number of players


def seats(ruleset: str) -> int:
    return max(FEWEST.get(ruleset, 0), min(8, int(get_ruleset(ruleset).max_players)))


@cache
def games_of(ruleset: str) -> tuple[GameState, ...]:
    """The very games `balance(ruleset, seats, GAMES, seed=1)` plays (the same seeds)."""
    return tuple(play_game(ruleset, seats(ruleset), 1_000_003 + i).state for i in range(GAMES))


@cache
def report_of(ruleset: str) -> dict[str, Any]:
    return stats.balance(ruleset, seats(ruleset), GAMES, seed=1)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_outcomes_split_the_games_once_each(ruleset: str) -> None:
    report = report_of(ruleset)
    assert sum(report["outcomes"].values()) == report["games"] == GAMES
    assert Counter(stats.outcome_of(s) for s in games_of(ruleset)) == Counter(report["outcomes"])


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_faction_wins_are_the_games_each_faction_is_among_the_winners(ruleset: str) -> None:
    report = report_of(ruleset)
    expected = Counter(f for s in games_of(ruleset) if s.status == "finished" for f in s.winners)
    assert {f: row["wins"] for f, row in report["factions"].items() if row["wins"]} == dict(expected)
    assert sum(row["wins"] for row in report["factions"].values()) == sum(expected.values())
    for row in report["factions"].values():
        assert row["win_rate"] == round(row["wins"] / row["games"], 4)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_role_seats_are_every_seat_of_every_game(ruleset: str) -> None:
    report = report_of(ruleset)
    assert sum(row["seats"] for row in report["roles"].values()) == GAMES * seats(ruleset)
    won = sum(stats.won(s, p.pid) for s in games_of(ruleset) for p in s.players)
    assert sum(row["wins"] for row in report["roles"].values()) == won


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_card_play_counts_match_the_game_records(ruleset: str) -> None:
    report = report_of(ruleset)
    played = Counter(r.card for s in games_of(ruleset) for r in s.history if not r.fake)
    used = Counter(u.ability for s in games_of(ruleset) for u in s.uses)
    assert {card: row["plays"] for card, row in report["cards"].items()} == dict(played)
    assert {ability: row["plays"] for ability, row in report["abilities"].items()} == dict(used)


def test_a_cards_players_win_rate_counts_each_player_once_a_game() -> None:
    report = report_of("micromafik")
    assert report["cards"], "random micromafik games play cards"
    for card, row in report["cards"].items():
        pairs = {(i, r.actor) for i, s in enumerate(games_of("micromafik")) for r in s.history
                 if r.card == card and not r.fake}
        wins = sum(stats.won(games_of("micromafik")[i], pid) for i, pid in pairs)
        assert row["players"] == len(pairs)
        assert row["players_win_rate"] == round(wins / len(pairs), 4)
        assert row["per_game"] == round(row["plays"] / GAMES, 4)


def test_a_dead_player_wins_with_the_faction() -> None:
    state = next(s for s in games_of("micromafik") if s.winners and any(not p.alive for p in s.players
                                                                         if p.faction in s.winners))
    dead = next(p for p in state.players if not p.alive and p.faction in state.winners)
    assert stats.won(state, dead.pid)


def test_a_failed_game_is_an_error_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(stats, "play_game", broken)
    report = stats.balance("micromafik", 8, 2, seed=1)
    assert report["outcomes"] == {"error": 2}
    assert report["error_samples"] == ["game 0: RuntimeError: boom", "game 1: RuntimeError: boom"]


def test_stats_json_shape() -> None:
    proc = run_engine("stats", "--ruleset", "micromafik", "--games", "2", "--players", "8", "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert set(report) == {"ruleset", "players", "seed", "games", "mean_phases", "outcomes", "factions", "roles",
                           "cards", "abilities", "error_samples"}
    assert (report["ruleset"], report["players"], report["seed"], report["games"]) == ("micromafik", 8, 3, 2)
    assert all(set(row) == {"games", "wins", "win_rate"} for row in report["factions"].values())
    assert all(set(row) == {"seats", "wins", "win_rate"} for row in report["roles"].values())
    assert all(set(row) == {"plays", "per_game", "players", "players_win_rate"} for row in report["cards"].values())


def test_stats_players_range_draws_a_chart(tmp_path: Path) -> None:
    chart = tmp_path / "rates.png"
    proc = run_engine("stats", "--ruleset", "micromafik", "--games", "1", "--players-range", "7-8", "--json",
                      "--chart", str(chart))
    assert proc.returncode == 0, proc.stderr
    assert [r["players"] for r in json.loads(proc.stdout)] == [7, 8]
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_stats_refuses_a_bad_players_range() -> None:
    proc = run_engine("stats", "--ruleset", "micromafik", "--players-range", "8-x")
    assert proc.returncode != 0
    assert "--players-range" in proc.stderr


def test_stats_text_names_every_faction() -> None:
    proc = run_engine("stats", "--ruleset", "micromafik", "--games", "2")
    assert proc.returncode == 0, proc.stderr
    assert "micromafik, 8 players, 2 games" in proc.stdout
    for faction in report_of("micromafik")["factions"]:
        assert f"    {faction} " in proc.stdout


def test_faction_rates_follow_the_number_of_players() -> None:
    reports = [{"players": 8, "factions": {"law": {"win_rate": 0.5}}},
               {"players": 9, "factions": {"law": {"win_rate": 0.25}, "mafia": {"win_rate": 0.75}}}]
    assert stats.faction_rates(reports) == {"law": [(8, 0.5), (9, 0.25)], "mafia": [(9, 0.75)]}
