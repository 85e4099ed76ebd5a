"""Properties of whole random Мафик games (12–18 players) played by `engine.sim`'s random agents
through the public API — the same properties as tests/engine/test_properties.py for Микромафик:

- every random legal game finishes, without an exception, with a winner the survivors justify;
- a JSON round trip of the state in the middle of a game changes nothing that follows;
- the same seed gives the same game, byte for byte (also across interpreter hash seeds);
- no event or player view tells a player another's secret role or side, except where the rules do.

A Мафик game takes up to ~0.7 s: few examples, no deadline; the whole file runs in well under a minute.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState
from engine.core.views import events_for, player_view, visible_to
from engine.rulesets.mafik.roles import LAW_ROLES, SECRET_ROLES
from engine.rulesets.mafik.ruleset import win_check
from engine.sim import MAX_PHASES, GameRunner, play_game

RULESET = "mafik"
ROOT = Path(__file__).resolve().parents[3]

seeds = st.integers(min_value=0, max_value=2**63 - 1)
player_counts = st.integers(min_value=12, max_value=18)


def fast(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def events_json(state: GameState, since: int = 0) -> str:
    return json.dumps([e.model_dump(mode="json") for e in state.events[since:]], ensure_ascii=False)


# ---------------------------------------------------------------------------- finishing


def check_winners(state: GameState) -> None:
    """The winners are what the survivors say (seeds/000: the Предатель wins with the Мафия when the
    law lost and he lives; all dead: nobody)."""
    alive = {p.faction for p in state.players if p.alive}
    winners = state.winners
    assert win_check(state) == winners
    if winners == []:
        assert not alive
    elif winners == ["law"]:
        assert alive == {"law"}
    elif "mafia" in winners:
        assert "mafia" in alive and alive <= {"mafia", "traitor"}
        assert winners == sorted({"mafia"} | (alive & {"traitor"}))
    else:
        assert winners in (["maniac"], ["traitor"]) and alive == set(winners)


@fast(15)
@given(seed=seeds, players=player_counts)
def test_mafik_random_games_finish(seed: int, players: int) -> None:
    result = play_game(RULESET, players, seed)
    state = result.state
    assert result.completed, f"no winner after {MAX_PHASES} phases"
    assert state.status == "finished" and state.phase < MAX_PHASES
    check_winners(state)
    assert state.events[-1].kind == "game_over"
    assert [e.seq for e in state.events] == list(range(1, len(state.events) + 1))
    # No card is ever in two places: every uid is held at most once across all zones.
    uids = [c.uid for p in state.players for c in (*p.deck, *p.hand, *p.sleeve, *p.discard)]
    assert len(uids) == len(set(uids))
    # The dead hold no cards in hand (death is 0 cards, unless they died otherwise — Потрошитель).
    for player in state.players:
        if not player.alive:
            died = [e for e in state.events if e.kind == "death" and e.params["pid"] == player.pid]
            assert len(died) == 1, player.pid
            assert died[0].params["cause"] != "cards" or not player.hand


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


@fast(5)
@given(seed=seeds, players=player_counts, data=st.data())
def test_mafik_json_round_trip_in_the_middle_changes_nothing(seed: int, players: int, data: st.DataObject) -> None:
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


def test_mafik_json_round_trip_at_every_moment_changes_nothing() -> None:
    plain = play_game(RULESET, 16, 21)
    every = play_game(RULESET, 16, 21, hook=lambda state, moment: round_trip(state))
    assert api.dump(every.state) == api.dump(plain.state)


def test_mafik_round_trip_while_orders_are_pending() -> None:
    """Orders submitted but not yet resolved survive the trip (their dict keys are ints again)."""
    runner = GameRunner(RULESET, 14, 5)
    runner.act()
    assert runner.state.orders, "the agents submitted nothing"
    loaded = round_trip(runner.state)
    assert loaded.orders == runner.state.orders
    assert all(isinstance(pid, int) for pid in loaded.orders)
    assert loaded == runner.state


# ---------------------------------------------------------------------------- determinism


@fast(5)
@given(seed=seeds, players=player_counts)
def test_mafik_same_seed_same_game(seed: int, players: int) -> None:
    first = play_game(RULESET, players, seed)
    second = play_game(RULESET, players, seed)
    assert events_json(first.state) == events_json(second.state)
    assert api.dump(first.state) == api.dump(second.state)


_DIGEST = """
import hashlib
from engine.core import api
from engine.sim import play_game
for seed, players in ((1, 12), (2, 16), (3, 18)):
    state = play_game("mafik", players, seed).state
    print(seed, players, hashlib.sha256(api.dump(state).encode()).hexdigest())
"""


def test_mafik_same_seed_same_game_across_hash_seeds() -> None:
    """String hashing differs between interpreter runs; the games must not (no set-order leaks)."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-c", _DIGEST], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == 3


# ---------------------------------------------------------------------------- secrecy

SECRET_KEYS = frozenset({"secret_role", "faction", "side", "roles", "role", "secret_roles"})
# Words that name a secret role or a side, in ids and in Russian.
SECRET_WORDS = frozenset(
    {r.id for r in SECRET_ROLES.values()}
    | {r.name for r in SECRET_ROLES.values()}
    | {r.faction for r in SECRET_ROLES.values()}
)
# The only events that may tell a player something about another's secret role or side, and why
# (seeds/000_…):
ALLOWED = {
    "role_assigned": "each player learns its own role and side (to that player only)",
    "mafia_team": "the Мафия learn each other's identities at once (to the mafia faction)",
    "mafia_intel": "the Мафия learn each other's decks and hands on night 1 (to the mafia faction)",
    "tracer_rounds": "Трассирующие пули (Мафия): the mafia learn the play and the role it named",
    "breach_success": "Пролом: a right guess of the roles is confirmed to whoever the card says",
    "torture_reveal": "Пытки: the punished character's secret role is announced to everyone",
    "undertaker_side": "Гробовщик: the side of a dead character, to him (a check)",
    "game_over": "the final reveal of every role, to everyone, once the game is over",
    "autopsy_side": "Аутопсия: the side of a dead character, to its player (a check)",
    "autopsy_role": "Аутопсия (Верхняя стойка): the exact role of a dead character, to its player",
    "criminalist_role": "Криминалист: the exact roles of dead characters, to its player",
    "great_detective_role": "Великий детектив: the target's exact role at each rebuild, to its player (Шпион: the mafia)",
    "hunch": "Догадка: «узнайте об этом по итогам следующей ночи» — the right guess, to its player",
    "human_resources": "Отдел кадров: «Узнайте, сколько ее представителей было в начале игры», to its player",
    "salary_bonus": "Зарплата (Мафия): a right guess gives the other members a Пустышка, so the mafia learn it was right",
}
# The intel cards' checks of a corpse (engine/rulesets/mafik/cards/intel.py).
CORPSE_CHECKS = ("autopsy_side", "autopsy_role", "criminalist_role")
# traitor_learns names only a pid; the rules give the Предатель a character who began as law.


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
    """What this event tells its audience about secret roles or sides beyond what the rules allow
    (an allowed kind with the wrong audience or content fails an assertion)."""
    if event.to == "master":
        return []
    kind, params = event.kind, event.params
    mafia = ("faction", "mafia")
    if kind == "role_assigned":
        assert event.to == "player" and isinstance(event.who, int), event
        own = state.player(event.who)
        assert (params["secret_role"], params["faction"]) == (own.secret_role, own.faction), event
        return []
    if kind in ("mafia_team", "mafia_intel"):
        assert (event.to, event.who) == mafia, event
        return []
    if kind == "salary_bonus":
        assert (event.to, event.who) == mafia and state.player(int(params["actor"])).faction == "mafia", event
        return []
    if kind == "tracer_rounds":
        assert (event.to, event.who) == mafia and state.player(int(params["actor"])).faction == "mafia", event
        return []
    if kind == "breach_success":
        by = state.player(int(params["by"]))
        assert (event.to, event.who) == (mafia if by.faction == "mafia" else ("player", by.pid)), event
        assert all(state.player(int(pid)).secret_role == role for pid, role in params["roles"].items()), event
        return []
    if kind == "torture_reveal":
        assert event.to == "public", event
        target = state.player(int(params["pid"]))
        verdicts = [e for e in state.events if e.kind == "council_verdict" and e.phase == event.phase]
        assert [v.params["punished"] for v in verdicts] == [target.pid], event
        assert verdicts[0].params["punishment"] == "torture", event
        shown = params["secret_role"]
        assert shown == target.secret_role or (target.secret_role == "traitor" and shown in LAW_ROLES), event
        return []
    if kind == "undertaker_side":
        assert event.to == "player" and state.player(int(event.who)).public_role == "undertaker", event
        died = [e.seq for e in state.events if e.kind == "death" and e.params["pid"] == params["pid"]]
        assert died and died[0] < event.seq, f"side of a character not yet dead: {event}"
        return _walk({k: v for k, v in params.items() if k != "side"})
    if kind in CORPSE_CHECKS:
        assert event.to == "player", event
        died = [e.seq for e in state.events if e.kind == "death" and e.params["pid"] == params["pid"]]
        assert died and died[0] < event.seq, f"role or side of a character not yet dead: {event}"
        return []
    if kind == "great_detective_role":
        holder = state.player(int(params["actor"]))
        assert (event.to, event.who) == (mafia if holder.secret_role == "spy" else ("player", holder.pid)), event
    if kind in ("hunch", "human_resources"):
        assert event.to == "player" and params.get("card") == kind, event
        return []
    if kind in ("oracle_role", "investigation_result"):  # checks (cards/checks.py): what the check showed
        actor = int(params.get("actor", event.who if event.to == "player" else -1))
        assert (event.to, event.who) in (("player", actor), mafia), event
        assert event.to == "player" or state.player(actor).secret_role == "spy", event
        assert params["secret_role"] in SECRET_ROLES, event
        return _walk({k: v for k, v in params.items() if k != "secret_role"})
    if kind == "game_over":
        assert event.to == "public" and state.status == "finished" and event is state.events[-1], event
        return []
    if kind == "traitor_learns":
        assert event.to == "player" and state.player(int(event.who)).secret_role == "traitor", event
        assert state.player(int(params["pid"])).secret_role in LAW_ROLES, event
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
    # Me: my own secrets, nobody else's.
    mine = view["me"]
    assert (mine["pid"], mine["name"], mine["public_role"]) == (pid, me.name, me.public_role)
    assert (mine["secret_role"], mine["faction"]) == (me.secret_role, me.faction)
    assert [c["uid"] for c in mine["hand"]] == [c.uid for c in me.hand]
    assert [c["uid"] for c in mine["sleeve"]] == [c.uid for c in me.sleeve]
    assert mine["blood"] == (me.points if me.secret_role == "maniac" else None)
    for room in mine["rooms"]:
        assert pid in room["params"]["members"], room
    assert not _walk({k: v for k, v in mine.items() if k not in ("secret_role", "faction", "building")})
    # Orders: only mine.
    assert view["orders"] == [o.model_dump() for o in state.orders.get(pid, [])]


@fast(8)
@given(seed=seeds, players=player_counts)
def test_mafik_secrets_stay_secret(seed: int, players: int) -> None:
    def look(state: GameState, moment: str) -> None:
        if moment == "resolve":  # orders are pending: the richest moment to look at views
            for pid in range(len(state.players)):
                check_view(state, pid)

    state = play_game(RULESET, players, seed, hook=look).state
    for pid in range(len(state.players)):
        check_view(state, pid)
    problems = {f"#{e.seq} {e.kind} to {e.to}:{e.who}": found for e in state.events if (found := leaks(e, state))}
    assert not problems


def test_mafik_secrecy_words_name_nothing_else() -> None:
    """No card id or public role id is also a secret role or side word (the checker would misfire)."""
    ruleset = get_ruleset(RULESET)
    assert not SECRET_WORDS & set(ruleset.catalog.ids())
    assert not SECRET_WORDS & {r["id"] for r in ruleset.public_roles()}


def test_mafik_secrecy_checker_catches_leaks() -> None:
    """The checker itself: a public event naming a role, a player event with a side, an allowed kind
    sent to the wrong audience — all caught."""
    state = play_game(RULESET, 13, 3).state
    mafioso = next(p for p in state.players if p.faction == "mafia")
    lawman = next(p for p in state.players if p.faction == "law")
    bad = [
        Event(seq=1, phase=1, kind="x", to="public", params={"pid": mafioso.pid, "role": mafioso.secret_role}),
        Event(seq=1, phase=1, kind="x", to="player", who=0, params={"side": "law"}),
        Event(seq=1, phase=1, kind="x", to="faction", who="law", params={"list": [{"faction": "mafia"}]}),
        Event(seq=1, phase=1, kind="x", to="public", params={"who": "Киллер"}),
    ]
    for event in bad:
        assert leaks(event, state), event
    misaddressed = [
        Event(seq=1, phase=1, kind="mafia_intel", to="public", params={"pid": mafioso.pid}),
        Event(seq=1, phase=1, kind="role_assigned", to="player", who=lawman.pid,
              params={"secret_role": mafioso.secret_role, "faction": "mafia"}),
        Event(seq=1, phase=1, kind="tracer_rounds", to="faction", who="law",
              params={"actor": mafioso.pid, "target": lawman.pid, "secret_role": "judge"}),
    ]
    for event in misaddressed:
        try:
            leaks(event, state)
        except AssertionError:
            continue
        raise AssertionError(f"not caught: {event}")
    assert not leaks(Event(seq=1, phase=1, kind="x", to="master", params={"side": "law"}), state)


def test_mafik_views_at_setup() -> None:
    """During deck building each player sees only its own role; the mafia see each other."""
    roles = [r["id"] for r in get_ruleset(RULESET).public_roles()][:16]
    state = api.new_game(RULESET, [(f"P{i}", role) for i, role in enumerate(roles)], seed=11)
    for pid in range(len(roles)):
        check_view(state, pid)
    assert not [e for e in state.events if leaks(e, state)]
