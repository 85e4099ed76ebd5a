"""Сирена (2): «Пугает ночного посетителя, ночное действие блокируется. Действует один раз на всех посетителей
пришедших в один момент времени.» 4.3: «Выстрел в сирену - "неудачно, кто-то или что-то помешало"»."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_BOSS, SHERIFF, Game


def test_siren_scares_the_shooter() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "siren")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.result(RED_BOSS) == "interfered"
    assert "siren" not in g.items(CITIZEN), "used once"
    assert g.events("siren_scared", CITIZEN)


def test_siren_one_moment_stops_every_visitor_of_it() -> None:
    """The two clans' bosses come at the same step: the one siren scares both."""
    g = Game()
    new_item(g.state, CITIZEN, "siren")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).order(GREEN_BOSS, "boss_kill", target=CITIZEN)
    g.resolve()
    assert g.alive(CITIZEN)
    assert g.result(RED_BOSS) == "interfered" and g.result(GREEN_BOSS) == "interfered"


def test_siren_once_a_later_visitor_passes() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "siren")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).order(SHERIFF, "sheriff_shot", target=CITIZEN)
    g.resolve()
    assert g.result(RED_BOSS) == "interfered"
    assert g.result(SHERIFF) == "ok"
    assert not g.alive(CITIZEN)


def test_siren_does_not_stop_the_stakes() -> None:
    g = Game(["citizen", "citizen"])
    new_item(g.state, RED_BOSS, "siren")
    g.to_night()
    for pid in (CITIZEN, 8, 9):
        g.order(pid, "stake", target=RED_BOSS)
    g.resolve()
    assert g.result(CITIZEN) == "ok"
    assert "siren" in g.items(RED_BOSS)
