"""Капкан (2): «Ловит ночного посетителя на ночь, день и ещё одну ночь, пойманный не может выбраться из капкана,
его голос не засчитывается следующим днём, а хозяин капкан голосует двойным голосом. Действие при попадании в
капкан блокируется. Не ловит священника, ведьмака, вампира и духа.» 4.3: «Выстрел в капкан - "неудачно"»."""

from __future__ import annotations

import pytest

from engine.rulesets.classic.model import become, new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_2, RED_1, RED_BOSS, SHERIFF, Game


def ballots(g: Game) -> dict[int, int]:
    """The last day's tally without the penalties for yesterday's silence."""
    day = g.state.phase - 1
    tally = {int(r["pid"]): int(r["n"]) for r in g.public("vote_tally")[-1]["tally"]}
    for e in g.state.events:
        if e.kind == "vote_penalty" and e.phase == day:
            tally[int(e.params["pid"])] -= int(e.params["n"])
    return {pid: n for pid, n in tally.items() if n}


def caught() -> Game:
    g = Game()
    new_item(g.state, CITIZEN, "trap")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    return g


def test_trap_catches_the_visitor_and_blocks_his_act() -> None:
    g = caught()
    assert g.alive(CITIZEN)
    assert g.result(RED_1) == "interfered"
    assert g.events("trapped", RED_1) and g.events("trap_caught", CITIZEN)
    assert "trap" not in g.items(CITIZEN)


def test_trap_the_caught_does_not_vote_and_the_owner_votes_double() -> None:
    g = caught()
    g.order(RED_1, "vote", target=SHERIFF).order(CITIZEN, "vote", target=GREEN_2).order(GREEN_1, "vote", target=SHERIFF)
    g.resolve()
    assert ballots(g) == {GREEN_2: 2, SHERIFF: 1}


def test_trap_holds_him_the_next_night_too() -> None:
    g = caught()
    g.resolve()  # day 2
    g.order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(GREEN_1) and g.result(RED_1) == "interfered"
    g.resolve()  # day 3
    g.order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)


@pytest.mark.parametrize("role", ["priest", "warlock", "vampire", "spirit"])
def test_trap_does_not_catch(role: str) -> None:
    g = Game()
    become(g.state, RED_BOSS, role)
    new_item(g.state, CITIZEN, "trap")
    g.to_night()
    new_item(g.state, RED_BOSS, "sleeping_pill")
    g.order(RED_BOSS, "use_sleeping_pill", target=CITIZEN).resolve()
    assert "trap" in g.items(CITIZEN)
    assert not g.events("trapped", RED_BOSS)
