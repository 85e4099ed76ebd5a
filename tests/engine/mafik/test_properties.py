"""Properties of whole random Мафик games (12–18 players) played by `engine.sim`'s random agents
through the public API — the same properties as tests/engine/test_properties.py for Микромафик (the checks
every rule set shares: tests/engine/random_games.py):

- every random legal game finishes, without an exception, with a winner the survivors justify;
- a JSON round trip of the state in the middle of a game changes nothing that follows;
- the same seed gives the same game, byte for byte (also across interpreter hash seeds);
- no event or player view tells a player another's secret role or side, except where the rules do.

A Мафик game takes up to ~0.7 s: few examples, no deadline; the whole file runs in well under a minute.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState
from engine.rulesets.mafik.roles import LAW_ROLES, SECRET_ROLES
from engine.rulesets.mafik.ruleset import win_check
from engine.sim import play_game
from tests.engine import random_games as games

RULESET = "mafik"
player_counts = st.integers(min_value=12, max_value=18)


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


@games.fast(15)
@given(seed=games.seeds, players=player_counts)
def test_mafik_random_games_finish(seed: int, players: int) -> None:
    state = games.finished_game(RULESET, players, seed)
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


@games.fast(5)
@given(seed=games.seeds, players=player_counts, data=st.data())
def test_mafik_json_round_trip_in_the_middle_changes_nothing(seed: int, players: int, data: st.DataObject) -> None:
    games.check_round_trip_in_the_middle(RULESET, players, seed, data)


def test_mafik_json_round_trip_at_every_moment_changes_nothing() -> None:
    games.check_round_trip_at_every_moment(RULESET, 16, 21)


def test_mafik_round_trip_while_orders_are_pending() -> None:
    games.check_round_trip_while_orders_are_pending(RULESET, 14, 5)


# ---------------------------------------------------------------------------- determinism


@games.fast(5)
@given(seed=games.seeds, players=player_counts)
def test_mafik_same_seed_same_game(seed: int, players: int) -> None:
    games.check_same_seed(RULESET, players, seed)


def test_mafik_same_seed_same_game_across_hash_seeds() -> None:
    games.check_same_seed_across_hash_seeds(RULESET, ((1, 12), (2, 16), (3, 18)))


# ---------------------------------------------------------------------------- secrecy

# The keys and words (ids and Russian names) that name a secret role or a side.
SECRETS = games.SecretWords(frozenset({"secret_role", "faction", "side", "roles", "role", "secret_roles"}),
                            games.role_words(SECRET_ROLES.values()))
SECRET_WORDS = SECRETS.words
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
    "gangstalking_role": "Gangstalking: «как минимум 6 очков… все, сыгравшие на нее эту карту в эту ночь, узнают ее Тайную роль»",
}
# The intel cards' checks of a corpse (engine/rulesets/mafik/cards/intel.py).
CORPSE_CHECKS = ("autopsy_side", "autopsy_role", "criminalist_role")
# traitor_learns names only a pid; the rules give the Предатель a character who began as law.


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
        return SECRETS.walk({k: v for k, v in params.items() if k != "side"})
    if kind in CORPSE_CHECKS:
        assert event.to == "player", event
        died = [e.seq for e in state.events if e.kind == "death" and e.params["pid"] == params["pid"]]
        assert died and died[0] < event.seq, f"role or side of a character not yet dead: {event}"
        return []
    if kind == "great_detective_role":
        holder = state.player(int(params["actor"]))
        assert (event.to, event.who) == (mafia if holder.secret_role == "spy" else ("player", holder.pid)), event
    if kind == "gangstalking_role":  # to each who played Gangstalking on the target this night, at 6 points or more
        assert event.to == "player" and int(params["n"]) >= 6 and params["secret_role"] in SECRET_ROLES, event
        assert any(r.phase == event.phase and r.card == "gangstalking" and r.actor == event.who
                   and params["target"] in r.targets for r in state.history), event
        return SECRETS.walk({k: v for k, v in params.items() if k != "secret_role"})
    if kind in ("hunch", "human_resources"):
        assert event.to == "player" and params.get("card") == kind, event
        return []
    if kind in ("oracle_role", "investigation_result"):  # checks (cards/checks.py): what the check showed
        actor = int(params.get("actor", event.who if event.to == "player" else -1))
        assert (event.to, event.who) in (("player", actor), mafia), event
        assert event.to == "player" or state.player(actor).secret_role == "spy", event
        assert params["secret_role"] in SECRET_ROLES, event
        return SECRETS.walk({k: v for k, v in params.items() if k != "secret_role"})
    if kind == "game_over":
        assert event.to == "public" and state.status == "finished" and event is state.events[-1], event
        return []
    if kind == "traitor_learns":
        assert event.to == "player" and state.player(int(event.who)).secret_role == "traitor", event
        assert state.player(int(params["pid"])).secret_role in LAW_ROLES, event
    return SECRETS.walk(params)


def check_view(state: GameState, pid: int) -> None:
    view = games.check_view_basics(state, pid, SECRETS)
    me, mine = state.player(pid), view["me"]
    assert [c["uid"] for c in mine["hand"]] == [c.uid for c in me.hand]
    assert [c["uid"] for c in mine["sleeve"]] == [c.uid for c in me.sleeve]
    assert mine["blood"] == (me.points if me.secret_role == "maniac" else None)
    for room in mine["rooms"]:
        assert pid in room["params"]["members"], room


@games.fast(8)
@given(seed=games.seeds, players=player_counts)
@example(seed=5552, players=13)  # Gangstalking reaches 6 points: its players learn the target's secret role
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
