"""Шериф (5.1.4.1) and the shot: «могут стрелять только в одного жителя за ночь»; «поиск вербовщика мафии
(если находит, то сразу в него стреляет)»; «Имеет с начала партии бронежилет»; «Выстрел в броник - удачно»."""

from __future__ import annotations

from engine.rulesets.classic.model import items_of
from tests.engine.classic.conftest import RED_1, RED_BOSS, SHERIFF, Game


def test_the_sheriffs_shot_kills(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert not game.alive(RED_1)
    assert game.result(SHERIFF) == "ok"


def test_killing_a_mafioso_earns_the_cops_two_coins(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert game.coins(SHERIFF) == 4 + 2 + 2


def test_a_shot_into_a_vest_is_a_success_and_kills_nobody(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_BOSS).resolve()
    assert game.alive(RED_BOSS)
    assert game.result(SHERIFF) == "ok"
    assert not items_of(game.state, RED_BOSS, "vest"), "one charge: spent"
    assert game.events("vest_saved", RED_BOSS)


def test_the_sheriff_starts_with_a_vest_that_saves_him_once(game: Game) -> None:
    game.to_night().order(RED_1, "soldier_kill", target=SHERIFF).resolve()
    assert game.alive(SHERIFF)
    game.to_night().order(RED_1, "soldier_kill", target=SHERIFF).resolve()
    assert not game.alive(SHERIFF)


def test_the_search_finds_the_recruiter_and_shoots_him() -> None:
    g = Game()
    g.state.player(RED_1).secret_role = "recruiter"  # (the Вербовщик's module is not in yet: not dealt)
    g.to_night().order(SHERIFF, "sheriff_search", target=RED_1).resolve()
    assert not g.alive(RED_1)
    assert g.events("search_found", SHERIFF)


def test_the_search_on_another_learns_not_the_recruiter(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_search", target=RED_1).resolve()
    assert game.alive(RED_1)
    assert game.events("search_not_found", SHERIFF)
    assert game.result(SHERIFF) == "ok"
