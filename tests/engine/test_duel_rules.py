"""«Дуэль»'s rules (tests/engine/plugins/duel/), as its docstring states them: the tiny third rule set
that proves a game of hit points and abilities fits the engine (issue 12)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import api
from engine.core.extensions import read
from engine.core.profile import PanelFact
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from engine.core.views import player_view
from tests.engine.plugin_path import PLUGINS, plugged_in

NAMES = ["Анна", "Борис", "Вера", "Глеб"]


@pytest.fixture(autouse=True)
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with plugged_in(monkeypatch, PLUGINS, "duel"):
        yield


def game(players: int = 3) -> GameState:
    return api.new_game("duel", [(name, "fighter") for name in NAMES[:players]], seed=7)


def hp(state: GameState, pid: int) -> int:
    return int(read(get_ruleset("duel").player_ext, state.player(pid)).hp)


def kinds(state: GameState, since: int = 0) -> list[str]:
    return [e.kind for e in state.events[since:]]


def test_a_duel_starts_at_the_first_night_with_three_hit_points_each() -> None:
    state = game()
    assert (state.status, state.phase, state.is_night) == ("running", 1, True)
    assert [hp(state, p.pid) for p in state.players] == [3, 3, 3]
    assert kinds(state)[-1] == "phase_started"


@pytest.mark.parametrize("count", [1, 7])
def test_a_duel_takes_two_to_six_fighters(count: int) -> None:
    with pytest.raises(Refusal) as refused:
        api.new_game("duel", [(f"P{i}", "fighter") for i in range(count)], seed=1)
    assert refused.value.params["reason"] == "player_count"


def test_a_strike_takes_one_hit_point_and_the_target_learns_who_struck() -> None:
    state = game()
    api.submit(state, 0, "hit", params={"target": 1})
    api.resolve(state)
    assert [hp(state, p) for p in range(3)] == [3, 2, 3]
    struck = [e for e in state.events if e.kind == "duel_struck"]
    assert [(e.to, e.who, e.params["by"]) for e in struck] == [("player", 1, 0)]


def test_a_shield_stops_the_nights_strike_and_everyone_sees_it_through_the_next_day() -> None:
    state = game()
    api.submit(state, 1, "shield")
    api.submit(state, 0, "hit", params={"target": 1})
    api.resolve(state)
    assert hp(state, 1) == 3 and "duel_shield_held" in kinds(state)
    assert state.is_day and [s["status"] for s in player_view(state, 2, events=False)["players"][1]["statuses"]] == ["shield"]


def test_a_shield_also_holds_against_the_next_days_vote() -> None:
    state = game()
    api.submit(state, 1, "shield")
    api.resolve(state)
    for voter in range(3):
        api.submit(state, voter, "vote", params={"target": 1})
    api.resolve(state)
    assert hp(state, 1) == 3


def test_a_shield_is_gone_the_night_after() -> None:
    state = game()
    api.submit(state, 1, "shield")
    api.resolve(state)
    api.resolve(state)
    api.submit(state, 0, "hit", params={"target": 1})
    api.resolve(state)
    assert hp(state, 1) == 2


def test_strike_and_shield_are_alternatives_one_a_night() -> None:
    state = game()
    api.submit(state, 0, "shield")
    with pytest.raises(Refusal) as refused:
        api.submit(state, 0, "hit", params={"target": 1})
    assert refused.value.params["reason"] == "alternative"


def test_the_abilities_are_night_only_and_the_vote_day_only() -> None:
    state = game()
    with pytest.raises(Refusal) as night:
        api.submit(state, 0, "vote", params={"target": 1})
    api.resolve(state)
    with pytest.raises(Refusal) as day:
        api.submit(state, 0, "hit", params={"target": 1})
    assert (night.value.code, day.value.code) == ("wrong_phase", "wrong_phase")


@pytest.mark.parametrize("target", [0, 9, "1", None])
def test_a_strike_needs_another_living_fighter(target: object) -> None:
    state = game()
    with pytest.raises(Refusal):
        api.submit(state, 0, "hit", params={"target": target})
    assert state.orders.get(0, []) == []


def test_the_day_vote_takes_a_hit_point_from_the_most_voted() -> None:
    state = game()
    api.resolve(state)
    api.submit(state, 0, "vote", params={"target": 2})
    api.submit(state, 1, "vote", params={"target": 2})
    api.submit(state, 2, "vote", params={"target": 0})
    api.resolve(state)
    assert [hp(state, p) for p in range(3)] == [3, 3, 2]
    result = next(e for e in state.events if e.kind == "duel_vote_result")
    assert result.params == {"counts": {"2": 2, "0": 1}, "punished": 2}


@pytest.mark.parametrize("votes", [{0: 1, 1: 0}, {}])
def test_a_tied_or_empty_vote_costs_nobody_anything(votes: dict[int, int]) -> None:
    state = game()
    api.resolve(state)
    for voter, target in votes.items():
        api.submit(state, voter, "vote", params={"target": target})
    api.resolve(state)
    assert [hp(state, p) for p in range(3)] == [3, 3, 3]
    assert next(e for e in state.events if e.kind == "duel_vote_result").params["punished"] is None


def _strike(state: GameState, times: int, attacker: int, target: int) -> None:
    for _ in range(times):
        api.submit(state, attacker, "hit", params={"target": target})
        api.resolve(state)  # the night
        if state.status == "running":
            api.resolve(state)  # the day, nobody voting


def test_a_fighter_at_zero_hit_points_dies_and_the_last_one_standing_wins() -> None:
    state = game(2)
    _strike(state, 3, 0, 1)
    assert not state.player(1).alive and state.status == "finished"
    assert state.winners == ["duelist"]
    assert next(e for e in state.events if e.kind == "duel_winner").params["pid"] == 0


def test_fighters_falling_together_leave_no_winner() -> None:
    state = game(2)
    for _ in range(3):
        api.submit(state, 0, "hit", params={"target": 1})
        api.submit(state, 1, "hit", params={"target": 0})
        api.resolve(state)
        if state.status == "running":
            api.resolve(state)
    assert state.status == "finished" and state.winners == []
    assert next(e for e in state.events if e.kind == "duel_winner").params["pid"] is None


def test_the_engine_offers_strike_and_shield_at_night_and_the_vote_by_day() -> None:
    state = game()
    offered = {a.id: a.available for a in api.actions(state, 0)}
    assert offered == {"hit": True, "shield": True, "vote": False}
    api.submit(state, 0, "shield")
    assert {a.id: a.available for a in api.actions(state, 0)}["hit"] is False
    api.resolve(state)
    assert {a.id: a.available for a in api.actions(state, 0)} == {"hit": False, "shield": False, "vote": True}


def test_the_panel_shows_the_fighters_hit_points() -> None:
    state = game()
    api.submit(state, 0, "hit", params={"target": 1})
    api.resolve(state)
    assert api.panel_facts(state, 1) == [PanelFact("panel_duel.hp", {"hp": 2})]


def test_the_catalogue_reads_the_rule_sets_own_data_folder() -> None:
    catalog = api.catalog("duel")
    assert list(catalog.roles) == ["duelist", "fighter"]
    assert list(catalog.ability_defs) == ["hit", "shield"]


def test_hit_points_do_not_go_below_zero_when_two_strike_the_last_one() -> None:
    state = game()
    _strike(state, 2, 0, 2)
    api.submit(state, 0, "hit", params={"target": 2})
    api.submit(state, 1, "hit", params={"target": 2})
    api.resolve(state)
    assert hp(state, 2) == 0 and not state.player(2).alive
    assert [e.params["hp"] for e in state.events if e.kind == "duel_hp_lost"][-2:] == [0, 0]
