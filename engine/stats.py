"""Balance figures from simulated games: who wins, and what the winners played.

Generic over every rule set: it reads only what any finished game records — `winners` (factions),
each player's faction and secret role, `history` (the cards played, `engine/core/state.py:PlayRecord`)
and `uses` (the abilities used). A player won when their faction is among the winners (the dead too:
«Они все еще могут выиграть, если выиграла их фракция»).

`outcomes` splits the games exactly once each (a joint win such as "mafia+traitor" is one outcome;
"none" nobody won; "unfinished" the phase limit; "error" the simulator failed), so it sums to the games;
`factions` counts a faction's wins in every game it won, alone or jointly.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from engine.core.state import GameState
from engine.sim import long_run, play_game


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def outcome_of(state: GameState) -> str:
    if state.status != "finished":
        return "unfinished"
    return "+".join(sorted(state.winners)) or "none"


def won(state: GameState, pid: int) -> bool:
    return state.status == "finished" and state.player(pid).faction in state.winners


class Tally:
    """Running counts over finished (or unfinished) game states; `report()` turns them into rates."""

    def __init__(self) -> None:
        self.games = 0
        self.phases = 0
        self.outcomes: Counter[str] = Counter()
        self.faction_games: Counter[str] = Counter()  # games the faction had a seat in
        self.faction_wins: Counter[str] = Counter()
        self.role_seats: Counter[str] = Counter()
        self.role_wins: Counter[str] = Counter()
        # per card (or ability): times played, and the (game, player) pairs that played it, with their wins
        self.plays: dict[str, Counter[str]] = {"cards": Counter(), "abilities": Counter()}
        self.players: dict[str, Counter[str]] = {"cards": Counter(), "abilities": Counter()}
        self.player_wins: dict[str, Counter[str]] = {"cards": Counter(), "abilities": Counter()}

    def error(self) -> None:
        self.games += 1
        self.outcomes["error"] += 1

    def add(self, state: GameState) -> None:
        self.games += 1
        self.phases += state.phase
        self.outcomes[outcome_of(state)] += 1
        for faction in {p.faction for p in state.players if p.faction}:
            self.faction_games[faction] += 1
            if state.status == "finished" and faction in state.winners:
                self.faction_wins[faction] += 1
        for player in state.players:
            role = player.secret_role or player.public_role
            self.role_seats[role] += 1
            self.role_wins[role] += won(state, player.pid)
        records = [r for r in state.history if not r.fake]
        self._count(state, "cards", ((r.card, r.actor) for r in records))
        self._count(state, "abilities", ((u.ability, u.pid) for u in state.uses))

    def _count(self, state: GameState, what: str, plays: Iterable[tuple[str, int]]) -> None:
        seen: set[tuple[str, int]] = set()
        for key, pid in plays:
            self.plays[what][key] += 1
            if (key, pid) not in seen:
                seen.add((key, pid))
                self.players[what][key] += 1
                self.player_wins[what][key] += won(state, pid)

    def report(self) -> dict[str, Any]:
        finished = self.games - self.outcomes["error"]
        return {
            "games": self.games,
            "mean_phases": round(self.phases / finished, 2) if finished else 0,
            "outcomes": dict(sorted(self.outcomes.items())),
            "factions": {
                f: {"games": n, "wins": self.faction_wins[f], "win_rate": _rate(self.faction_wins[f], n)}
                for f, n in sorted(self.faction_games.items())
            },
            "roles": {
                r: {"seats": n, "wins": self.role_wins[r], "win_rate": _rate(self.role_wins[r], n)}
                for r, n in sorted(self.role_seats.items())
            },
            "cards": self._played("cards"),
            "abilities": self._played("abilities"),
        }

    def _played(self, what: str) -> dict[str, dict[str, Any]]:
        return {
            key: {"plays": n, "per_game": _rate(n, self.games), "players": self.players[what][key],
                  "players_win_rate": _rate(self.player_wins[what][key], self.players[what][key])}
            for key, n in sorted(self.plays[what].items(), key=lambda item: (-item[1], item[0]))
        }


def balance(ruleset: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """The figures of `games` random games of `players` (seeds as `engine.sim.simulate` draws them)."""
    tally = Tally()
    errors: list[str] = []
    with long_run(ruleset):
        for i in range(games):
            try:
                result = play_game(ruleset, players, seed * 1_000_003 + i)
            except Exception as exc:  # a simulator failure is a figure too, never the end of the run
                tally.error()
                if len(errors) < 5:
                    errors.append(f"game {i}: {type(exc).__name__}: {exc}")
                continue
            tally.add(result.state)
    return {"ruleset": ruleset, "players": players, "seed": seed, **tally.report(), "error_samples": errors}


def faction_rates(reports: list[dict[str, Any]]) -> dict[str, list[tuple[int, float]]]:
    """Each faction's win rate at each number of players: {faction: [(players, rate), …]}."""
    series: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for report in reports:
        for faction, row in report["factions"].items():
            series[faction].append((int(report["players"]), float(row["win_rate"])))
    return dict(sorted(series.items()))
