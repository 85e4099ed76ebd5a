"""Properties of whole random Микромафик games played by `engine.sim`'s random agents through the public API
(the checks every rule set shares: tests/engine/random_games.py).

- every random legal game finishes, without an exception;
- a JSON round trip of the state (at any moment) changes nothing that follows;
- the same seed gives the same game, byte for byte (also across interpreter hash seeds);
- no event or player view tells a player another's secret role or side, except where the rules do.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState
from engine.rulesets.micromafik.roles import SECRET_ROLES
from engine.sim import play_game
from tests.engine import random_games as games

RULESET = "micromafik"
player_counts = st.integers(min_value=4, max_value=15)


# ---------------------------------------------------------------------------- finishing


@games.fast(200)
@given(seed=games.seeds, players=player_counts)
def test_random_games_finish(seed: int, players: int) -> None:
    state = games.finished_game(RULESET, players, seed)
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


@games.fast(50)
@given(seed=games.seeds, players=player_counts, data=st.data())
def test_json_round_trip_changes_nothing(seed: int, players: int, data: st.DataObject) -> None:
    plain = games.check_round_trip_in_the_middle(RULESET, players, seed, data)
    # And a round trip at every moment of the game changes nothing either.
    games.check_round_trip_at_every_moment(RULESET, players, seed, plain)


def test_round_trip_while_orders_are_pending() -> None:
    games.check_round_trip_while_orders_are_pending(RULESET, 8, 5)


# ---------------------------------------------------------------------------- determinism


@games.fast(40)
@given(seed=games.seeds, players=player_counts)
def test_same_seed_same_game(seed: int, players: int) -> None:
    games.check_same_seed(RULESET, players, seed)


def test_same_seed_same_game_across_hash_seeds() -> None:
    games.check_same_seed_across_hash_seeds(RULESET, ((1, 4), (2, 8), (3, 15), (4, 11)))


# ---------------------------------------------------------------------------- secrecy

# The keys and words (ids and Russian names) that name a secret role or a side.
SECRETS = games.SecretWords(frozenset({"secret_role", "faction", "side", "roles"}), games.role_words(SECRET_ROLES.values()))


# Effects whose target learns who cast them (Обратная связь/Переписка/Блок: reply to the caster;
# Предупредительный выстрел: "узнаёт, что получила от вас"), and effects the target never learns of.
CASTER_REVEALED = frozenset({"may_message", "warning_shot"})
UNKNOWN_TO_TARGET = frozenset({"pay_the_bill", "personal_guard", "weakness", "adrenaline", "armor_every_phase"})


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
        return [f for f in SECRETS.walk({k: v for k, v in params.items() if k != "side"})]
    return SECRETS.walk(params)


def check_view(state: GameState, pid: int) -> None:
    view = games.check_view_basics(state, pid, SECRETS)
    me, mine = state.player(pid), view["me"]
    assert [c["uid"] for c in mine["hand"]] == [c.uid for c in me.hand]
    assert mine["points"] == me.points and mine["alive"] == me.alive
    for effect in mine.get("effects", []):
        assert effect["target"] == pid, effect
        # Cards are played in secret: who cast an effect on me shows only where the card says so.
        assert effect["source"] in (None, pid) or effect["kind"] in CASTER_REVEALED, effect
        assert effect["kind"] not in UNKNOWN_TO_TARGET, effect


@games.fast(80)
@given(seed=games.seeds, players=player_counts)
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
