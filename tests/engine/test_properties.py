"""Properties of whole random games played by `engine.sim`'s random agents through the public API.

- every random legal game finishes, without an exception;
- a JSON round trip of the state (at any moment) changes nothing that follows;
- the same seed gives the same game, byte for byte (also across interpreter hash seeds);
- no event or player view tells a player another's secret role or side, except where the rules do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState
from engine.core.views import events_for, player_view, visible_to
from engine.rulesets.micromafik.roles import SECRET_ROLES
from engine.sim import MAX_PHASES, GameRunner, play_game

RULESET = "micromafik"
ROOT = Path(__file__).resolve().parents[2]

seeds = st.integers(min_value=0, max_value=2**63 - 1)
player_counts = st.integers(min_value=4, max_value=15)
def fast(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def events_json(state: GameState, since: int = 0) -> str:
    return json.dumps([e.model_dump(mode="json") for e in state.events[since:]], ensure_ascii=False)


# ---------------------------------------------------------------------------- finishing


@fast(200)
@given(seed=seeds, players=player_counts)
def test_random_games_finish(seed: int, players: int) -> None:
    result = play_game(RULESET, players, seed)
    state = result.state
    assert result.completed, f"no winner after {MAX_PHASES} phases"
    assert state.status == "finished"
    assert state.phase < MAX_PHASES
    # The end is consistent: the winners are the only side alive (or nobody when all are dead).
    alive_sides = {p.faction for p in state.players if p.alive}
    assert state.winners == sorted(alive_sides)
    assert len(alive_sides) <= 1
    assert state.events[-1].kind == "game_over"
    assert [e.seq for e in state.events] == list(range(1, len(state.events) + 1))
    # Cards are never created or lost out of thin air: every card uid is held at most once.
    uids = [c.uid for p in state.players for c in (*p.deck, *p.hand, *p.discard)]
    assert len(uids) == len(set(uids))


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


@fast(50)
@given(seed=seeds, players=player_counts, data=st.data())
def test_json_round_trip_changes_nothing(seed: int, players: int, data: st.DataObject) -> None:
    recorder = Recorder()
    plain = play_game(RULESET, players, seed, hook=recorder)
    k = data.draw(st.integers(min_value=0, max_value=len(recorder.events_at) - 1), label="moment")

    seen = 0

    def once(state: GameState, moment: str) -> GameState | None:
        nonlocal seen
        seen += 1
        return round_trip(state) if seen - 1 == k else None

    resumed = play_game(RULESET, players, seed, hook=once)
    assert seen > k
    since = recorder.events_at[k]
    assert events_json(resumed.state, since) == events_json(plain.state, since)
    assert api.dump(resumed.state) == api.dump(plain.state)

    # And a round trip at every moment of the game changes nothing either.
    every = play_game(RULESET, players, seed, hook=lambda state, moment: round_trip(state))
    assert api.dump(every.state) == api.dump(plain.state)


def test_round_trip_while_orders_are_pending() -> None:
    """Orders submitted but not yet resolved survive the trip (their dict keys are ints again)."""
    runner = GameRunner(RULESET, 8, 5)
    runner.act()
    assert runner.state.orders, "the agents submitted nothing"
    loaded = round_trip(runner.state)
    assert loaded.orders == runner.state.orders
    assert all(isinstance(pid, int) for pid in loaded.orders)
    assert loaded == runner.state


# ---------------------------------------------------------------------------- determinism


@fast(40)
@given(seed=seeds, players=player_counts)
def test_same_seed_same_game(seed: int, players: int) -> None:
    first = play_game(RULESET, players, seed)
    second = play_game(RULESET, players, seed)
    assert events_json(first.state) == events_json(second.state)
    assert api.dump(first.state) == api.dump(second.state)


_DIGEST = """
import hashlib, sys
from engine.core import api
from engine.sim import play_game
for seed, players in ((1, 4), (2, 8), (3, 15), (4, 11)):
    state = play_game("micromafik", players, seed).state
    print(seed, players, hashlib.sha256(api.dump(state).encode()).hexdigest())
"""


def test_same_seed_same_game_across_hash_seeds() -> None:
    """String hashing differs between interpreter runs; the games must not (no set-order leaks)."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-c", _DIGEST], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]


# ---------------------------------------------------------------------------- secrecy

SECRET_KEYS = frozenset({"secret_role", "faction", "side", "roles"})
# Words that name a secret role or a side, in ids and in Russian.
SECRET_WORDS = frozenset(
    {r.id for r in SECRET_ROLES.values()}
    | {r.name for r in SECRET_ROLES.values()}
    | {r.faction for r in SECRET_ROLES.values()}
)


# Effects whose target learns who cast them (Обратная связь/Переписка/Блок: reply to the caster;
# Предупредительный выстрел: "узнаёт, что получила от вас"), and effects the target never learns of.
CASTER_REVEALED = frozenset({"may_message", "warning_shot"})
UNKNOWN_TO_TARGET = frozenset({"pay_the_bill", "personal_guard", "weakness", "adrenaline", "armor_every_phase"})


def _walk(value: Any, path: str = "") -> list[str]:
    """Every secret-looking key or value inside an event's params, as 'path: what' strings."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if key in SECRET_KEYS:
                found.append(f"{where}: secret key")
            found += _walk(item, where)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += _walk(item, f"{path}[{i}]")
    elif isinstance(value, str) and value in SECRET_WORDS:
        found.append(f"{path}: {value!r}")
    return found


def leaks(event: Event, state: GameState) -> list[str]:
    """What this event tells its audience about secret roles or sides beyond what the rules allow."""
    if event.to == "master":
        return []
    kind, params = event.kind, event.params
    if kind == "role_assigned":
        # Only to the player itself, and only its own role.
        assert event.to == "player" and isinstance(event.who, int), event
        own = state.player(event.who)
        assert (params["secret_role"], params["faction"]) == (own.secret_role, own.faction), event
        return []
    if kind in ("mafia_team", "mafia_intel"):
        assert (event.to, event.who) == ("faction", "mafia"), event
        return []
    if kind == "game_over":
        assert event.to == "public" and state.status == "finished" and event is state.events[-1], event
        return []
    if kind == "autopsy":
        # The side of a character already dead, to one player (the one who played the card).
        assert event.to == "player", event
        target = params["target"]
        died = [e.seq for e in state.events if e.kind == "death" and e.params["pid"] == target]
        assert died and died[0] < event.seq, f"autopsy of a character not yet dead: {event}"
        assert params["side"] in {r.faction for r in SECRET_ROLES.values()}, event
        return [f for f in _walk({k: v for k, v in params.items() if k != "side"})]
    return _walk(params)


def check_view(state: GameState, pid: int) -> None:
    view = player_view(state, pid)
    me = state.player(pid)
    # Events: exactly the ones addressed to this player, to everyone, or to its own side.
    expected = [e.model_dump() for e in state.events if visible_to(e, state, pid)]
    assert view["events"] == expected
    assert view["events"] == [e.model_dump() for e in events_for(state, pid)]
    for event in view["events"]:
        assert event["to"] != "master"
        if event["to"] == "player":
            assert event["who"] == pid
        if event["to"] == "faction":
            assert event["who"] == me.faction
    # Others: public facts only.
    for row in view["players"]:
        assert set(row) <= {"pid", "name", "public_role", "alive", "hand_size", "statuses"}, row
        assert not _walk(row), row
    # Me: my own secrets.
    mine = view["me"]
    assert (mine["pid"], mine["name"], mine["public_role"]) == (pid, me.name, me.public_role)
    assert (mine["secret_role"], mine["faction"]) == (me.secret_role, me.faction)
    assert [c["uid"] for c in mine["hand"]] == [c.uid for c in me.hand]
    assert mine["points"] == me.points and mine["alive"] == me.alive
    for effect in mine.get("effects", []):
        assert effect["target"] == pid, effect
        # Cards are played in secret: who cast an effect on me shows only where the card says so.
        assert effect["source"] in (None, pid) or effect["kind"] in CASTER_REVEALED, effect
        assert effect["kind"] not in UNKNOWN_TO_TARGET, effect
    assert not _walk({k: v for k, v in mine.items() if k not in ("secret_role", "faction", "building")})
    # Orders: only mine.
    assert view["orders"] == [o.model_dump() for o in state.orders.get(pid, [])]


@fast(80)
@given(seed=seeds, players=player_counts)
def test_secrets_stay_secret(seed: int, players: int) -> None:
    def look(state: GameState, moment: str) -> None:
        if moment == "resolve":  # orders are pending: the richest moment to look at views
            for pid in range(len(state.players)):
                check_view(state, pid)

    state = play_game(RULESET, players, seed, hook=look).state
    for pid in range(len(state.players)):
        check_view(state, pid)
    problems = {f"#{e.seq} {e.kind} to {e.to}:{e.who}": found for e in state.events if (found := leaks(e, state))}
    assert not problems


def test_secrecy_checker_catches_leaks() -> None:
    """The checker itself: a public event naming a role, or a player event with a side, is caught."""
    state = play_game(RULESET, 6, 3).state
    mafioso = next(p for p in state.players if p.faction == "mafia")
    bad = [
        Event(seq=1, phase=1, kind="x", to="public", params={"pid": mafioso.pid, "role": mafioso.secret_role}),
        Event(seq=1, phase=1, kind="x", to="player", who=0, params={"side": "law"}),
        Event(seq=1, phase=1, kind="x", to="faction", who="law", params={"list": [{"faction": "mafia"}]}),
        Event(seq=1, phase=1, kind="x", to="public", params={"who": "Киллер"}),
    ]
    for event in bad:
        assert leaks(event, state), event
    assert not leaks(Event(seq=1, phase=1, kind="x", to="master", params={"side": "law"}), state)


@pytest.mark.parametrize("players", [4, 15])
def test_views_at_setup(players: int) -> None:
    """During deck building too, each player sees only its own role and draft."""
    roles = [r["id"] for r in get_ruleset(RULESET).public_roles()][:players]
    state = api.new_game(RULESET, [(f"P{i}", role) for i, role in enumerate(roles)], seed=11)
    for pid in range(players):
        check_view(state, pid)
    assert not [e for e in state.events if leaks(e, state)]
