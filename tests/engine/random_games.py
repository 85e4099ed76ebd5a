"""The properties of whole random games (engine/sim.py's random agents through the public API), written once for
every rule set: each rule set's test_properties.py states them as its tests, with its own numbers of players
and examples and what its rules let a player learn of another's secret role.

- a random legal game finishes, without an exception;
- a JSON round trip of the state (in the middle, at every moment, while orders are pending) changes nothing;
- the same seed gives the same game, byte for byte (also across interpreter hash seeds);
- a player's view holds the events addressed to him, to everyone or to his side, and of the others only public
  facts; no event names a secret role or side beyond what the rules allow (SecretWords finds the names).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.core.views import events_for, player_view, visible_to
from engine.sim import MAX_PHASES, GameRunner, play_game

ROOT = Path(__file__).resolve().parents[2]
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def fast(examples: int) -> settings:
    """Few examples of slow whole games, with no deadline."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def runner_at(ruleset: str, players: int, seed: int, phase: int) -> GameRunner:
    """A game of random agents played until `phase` begins (or it ends before)."""
    runner = GameRunner(ruleset, players, seed)
    while runner.running and runner.state.phase < phase:
        runner.step()
    return runner


def acted_resolution(ruleset: str, players: int, seed: int, phase: int) -> Resolution | None:
    """A resolution of a random game at `phase`, every agent having acted (its orders not gathered yet); None
    when the game ended before."""
    runner = runner_at(ruleset, players, seed, phase)
    if not runner.running:
        return None
    runner.act()
    return Resolution(runner.state, runner.ruleset)


def events_json(state: GameState, since: int = 0) -> str:
    return json.dumps([e.model_dump(mode="json") for e in state.events[since:]], ensure_ascii=False)


# ---------------------------------------------------------------------------- finishing

def finished_game(ruleset: str, players: int, seed: int) -> GameState:
    """A random game played to its end (no exception, a winner before MAX_PHASES); its last state."""
    result = play_game(ruleset, players, seed)
    assert result.completed, f"no winner after {MAX_PHASES} phases"
    assert result.state.status == "finished" and result.state.phase < MAX_PHASES
    return result.state


# ---------------------------------------------------------------------------- JSON round trip

class Recorder:
    """A sim hook that counts the moments of a game and remembers how many events each had."""

    def __init__(self) -> None:
        self.events_at: list[int] = []

    def __call__(self, state: GameState, moment: str) -> None:
        self.events_at.append(len(state.events))


def round_trip(state: GameState) -> GameState:
    text = api.dump(state)
    loaded = api.load(text)
    assert api.dump(loaded) == text, "dump(load(dump(state))) differs from dump(state)"
    return loaded


def check_round_trip_in_the_middle(ruleset: str, players: int, seed: int, data: st.DataObject) -> GameState:
    """A round trip at one moment the test draws changes nothing that follows; the game played plainly."""
    recorder = Recorder()
    plain = play_game(ruleset, players, seed, hook=recorder)
    k = data.draw(st.integers(min_value=0, max_value=len(recorder.events_at) - 1), label="moment")
    seen = 0

    def once(state: GameState, moment: str) -> GameState | None:
        nonlocal seen
        seen += 1
        return round_trip(state) if seen - 1 == k else None

    resumed = play_game(ruleset, players, seed, hook=once)
    assert seen > k
    since = recorder.events_at[k]
    assert events_json(resumed.state, since) == events_json(plain.state, since)
    assert api.dump(resumed.state) == api.dump(plain.state)
    return plain.state


def check_round_trip_at_every_moment(ruleset: str, players: int, seed: int, plain: GameState | None = None) -> None:
    """A round trip at every moment changes nothing (`plain`: the game played plainly, if it was already)."""
    plain = plain if plain is not None else play_game(ruleset, players, seed).state
    every = play_game(ruleset, players, seed, hook=lambda state, _moment: round_trip(state))
    assert api.dump(every.state) == api.dump(plain)


def check_round_trip_while_orders_are_pending(ruleset: str, players: int, seed: int) -> None:
    """Orders submitted but not yet resolved survive the trip (their dict keys are ints again)."""
    runner = GameRunner(ruleset, players, seed)
    runner.act()
    assert runner.state.orders, "the agents submitted nothing"
    loaded = round_trip(runner.state)
    assert loaded.orders == runner.state.orders
    assert all(isinstance(pid, int) for pid in loaded.orders)
    assert loaded == runner.state


# ---------------------------------------------------------------------------- determinism

def check_same_seed(ruleset: str, players: int, seed: int) -> None:
    first = play_game(ruleset, players, seed)
    second = play_game(ruleset, players, seed)
    assert events_json(first.state) == events_json(second.state)
    assert api.dump(first.state) == api.dump(second.state)


_DIGEST = """
import hashlib
from engine.core import api
from engine.sim import play_game
for seed, players in {games!r}:
    state = play_game({ruleset!r}, players, seed).state
    print(seed, players, hashlib.sha256(api.dump(state).encode()).hexdigest())
"""


def check_same_seed_across_hash_seeds(ruleset: str, games: tuple[tuple[int, int], ...]) -> None:
    """String hashing differs between interpreter runs; the games (seed, players) must not (no set-order leaks)."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-c", _DIGEST.format(games=games, ruleset=ruleset)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == len(games)


# ---------------------------------------------------------------------------- secrecy

@dataclass(frozen=True)
class SecretWords:
    """The keys and the words (ids, names, sides) that name a secret role or a side."""

    keys: frozenset[str]
    words: frozenset[str]

    def walk(self, value: Any, path: str = "") -> list[str]:
        """Every secret-looking key or value inside `value` (an event's params, a view's row), as 'path: what'."""
        found: list[str] = []
        if isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                if key in self.keys:
                    found.append(f"{where}: secret key")
                found += self.walk(item, where)
        elif isinstance(value, list | tuple):
            for i, item in enumerate(value):
                found += self.walk(item, f"{path}[{i}]")
        elif isinstance(value, str) and value in self.words:
            found.append(f"{path}: {value!r}")
        return found


def role_words(roles: Iterable[Any]) -> frozenset[str]:
    """The ids, names and sides of these secret roles (engine.core.catalog's RoleDef-like records)."""
    listed = list(roles)
    return frozenset({r.id for r in listed} | {r.name for r in listed} | {r.faction for r in listed})


def check_view_basics(state: GameState, pid: int, secrets: SecretWords) -> dict[str, Any]:
    """A player's view: exactly the events addressed to him, to everyone or to his side; of the others only public
    facts; his own identity and orders. The view, for a rule set's checks of its own zones."""
    view = player_view(state, pid)
    me = state.player(pid)
    expected = [e.model_dump() for e in state.events if visible_to(e, state, pid)]
    assert view["events"] == expected
    assert view["events"] == [e.model_dump() for e in events_for(state, pid)]
    for event in view["events"]:
        assert event["to"] != "master"
        if event["to"] == "player":
            assert event["who"] == pid
        if event["to"] == "faction":
            assert event["who"] == me.faction
    for row in view["players"]:
        assert set(row) <= {"pid", "name", "public_role", "alive", "hand_size", "statuses"}, row
        assert not secrets.walk(row), row
    mine = view["me"]
    assert (mine["pid"], mine["name"], mine["public_role"]) == (pid, me.name, me.public_role)
    assert (mine["secret_role"], mine["faction"]) == (me.secret_role, me.faction)
    assert not secrets.walk({k: v for k, v in mine.items() if k not in ("secret_role", "faction", "building")})
    assert view["orders"] == [o.model_dump() for o in state.orders.get(pid, [])]
    return view


def check_no_other_role_told_privately(state: GameState, *, except_kinds: Collection[str]) -> None:
    """Nobody is told another character's secret role privately (but by the events of `except_kinds`: his own
    role, an ability that learns one, the final reveal), and a side's events reach only that side."""
    for player in state.players:
        for event in player_view(state, player.pid)["events"]:
            if event["kind"] in except_kinds:
                continue
            if event["to"] == "player":
                assert event["params"].get("secret_role") in (None, player.secret_role), event
            assert event["to"] != "faction" or event["who"] == player.faction
