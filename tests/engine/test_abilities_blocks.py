"""Blocks and visits in the core (engine/core/blocks.py, engine/core/visits.py), played through the api
with «Дозор» (tests/engine/watch_ruleset.py), a rule set of abilities only that keeps visits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import api, visits
from engine.core.extensions import read
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tests.engine import watch_ruleset
from tests.engine.watch_ruleset import RULESET, Watcher

SHERIFF, DOCTOR, KILLER, CITIZEN, CITIZEN2 = range(5)
CAST = [("Шериф", "sheriff"), ("Доктор", "doctor"), ("Убийца", "killer"), ("Горожанин", "citizen"),
        ("Горожанка", "citizen")]


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The api finds «Дозор» as it finds any rule set."""
    real = api.get_ruleset
    monkeypatch.setattr(api, "get_ruleset", lambda name: RULESET if name == watch_ruleset.NAME else real(name))
    yield


def night_two() -> GameState:
    state = api.new_game("watch", CAST, seed=1)
    api.resolve(state)
    api.resolve(state)
    assert state.phase == 3
    return state


def hp(state: GameState, pid: int) -> int:
    return read(Watcher, state.player(pid)).hp


def test_a_blocked_players_orders_count_as_not_made(watch: None) -> None:
    state = night_two()
    api.submit(state, SHERIFF, "arrest", params={"target": KILLER})
    api.submit(state, KILLER, "shot", params={"target": CITIZEN})
    api.resolve(state)
    assert hp(state, CITIZEN) == watch_ruleset.HP
    assert [v.actor for v in visits.of_phase(state, 3)] == [SHERIFF], "a blocked order visits nobody"


def test_a_blocked_player_learns_it_but_not_by_whom(watch: None) -> None:
    state = night_two()
    api.submit(state, SHERIFF, "arrest", params={"target": KILLER})
    api.resolve(state)
    (event,) = [e for e in state.events if e.kind == "blocked"]
    assert (event.to, event.who, event.params) == ("player", KILLER, {})


def test_an_unblockable_ability_stands_when_its_user_is_blocked(watch: None) -> None:
    state = night_two()
    state.players[KILLER].public_role = "sheriff"  # two sheriffs arrest each other
    api.submit(state, SHERIFF, "arrest", params={"target": KILLER})
    api.submit(state, KILLER, "arrest", params={"target": SHERIFF})
    api.resolve(state)
    assert sorted(v.actor for v in visits.of_phase(state, 3)) == [SHERIFF, KILLER]
    assert sorted(e.who for e in state.events if e.kind == "blocked") == [SHERIFF, KILLER]


def test_nobody_is_blocked_without_a_block(watch: None) -> None:
    state = night_two()
    api.submit(state, KILLER, "shot", params={"target": CITIZEN})
    api.resolve(state)
    assert hp(state, CITIZEN) == watch_ruleset.HP - 1
    assert not [e for e in state.events if e.kind == "blocked"]


def test_every_resolved_order_with_targets_is_a_visit_with_whether_it_worked(watch: None) -> None:
    state = night_two()
    api.submit(state, KILLER, "shot", params={"target": CITIZEN})
    api.submit(state, DOCTOR, "heal", params={"target": DOCTOR})
    api.resolve(state)
    assert [(v.actor, v.targets, v.via, v.worked) for v in visits.of_phase(state, 3)] == [
        (DOCTOR, [DOCTOR], "ability:heal", True), (KILLER, [CITIZEN], "ability:shot", True)]
    assert visits.visitors_of(state, CITIZEN, 3) == [KILLER] and visits.visited_by(state, KILLER, 3) == [CITIZEN]


def test_visits_are_read_in_their_phase_and_survive_a_json_round_trip(watch: None) -> None:
    state = night_two()
    api.submit(state, SHERIFF, "arrest", params={"target": CITIZEN})
    api.submit(state, KILLER, "ambush")
    api.submit(state, DOCTOR, "heal", params={"target": KILLER})
    api.resolve(state)
    assert hp(state, DOCTOR) == watch_ruleset.HP - 1, "the ambush hit the one who visited the killer"
    assert hp(state, SHERIFF) == watch_ruleset.HP
    again = api.load(api.dump(state))
    assert again.visits == state.visits and again.uses == state.uses


def test_only_the_phases_the_rules_look_back_on_keep_their_visits(watch: None) -> None:
    state = night_two()
    api.submit(state, KILLER, "shot", params={"target": CITIZEN})
    api.resolve(state)
    assert [v.phase for v in state.visits] == [3]
    api.resolve(state)
    assert state.phase == 5 and state.visits == [], "the ambush looks at one phase only"


def test_the_arrest_is_refused_twice_on_one_target_through_submit(watch: None) -> None:
    state = night_two()
    api.submit(state, SHERIFF, "arrest", params={"target": KILLER})
    api.resolve(state)
    api.resolve(state)
    with pytest.raises(Refusal) as refused:
        api.submit(state, SHERIFF, "arrest", params={"target": KILLER})
    assert refused.value.params["reason"] == "twice_on_target"
    api.submit(state, SHERIFF, "arrest", params={"target": CITIZEN})


def test_the_offer_says_an_alternative_is_taken_once_another_is_ordered(watch: None) -> None:
    state = night_two()
    offered = {a.id: a for a in api.actions(state, KILLER)}
    assert offered["shot"].available and offered["ambush"].available
    api.submit(state, KILLER, "shot", params={"target": CITIZEN})
    why = {a.id: a for a in api.actions(state, KILLER)}["ambush"].why
    assert why is not None and why.params["reason"] == "alternative"
