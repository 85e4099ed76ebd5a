"""The numbered interaction suite of the order of resolution (4.1), like the DATC cases: each case two or more
moves whose outcome depends on their order. New roles add their cases with the next numbers."""

from __future__ import annotations

from engine.rulesets.classic.model import items_of, spend_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_BOSS, RED_1, RED_BOSS, SHERIFF, Game


def strip_vest(g: Game, pid: int) -> None:
    for item in items_of(g.state, pid, "vest"):
        spend_item(g.state, pid, item.uid)


def test_01_the_boss_shoots_before_the_sheriff_so_the_sheriffs_shot_never_happens(game: Game) -> None:
    strip_vest(game, SHERIFF)
    game.to_night().order(RED_BOSS, "boss_kill", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert not game.alive(SHERIFF) and game.alive(RED_1)


def test_02_the_sheriff_shoots_before_a_soldier_so_the_soldiers_shot_never_happens(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not game.alive(RED_1) and game.alive(CITIZEN)
    assert game.result(RED_1) == "interfered"


def test_03_the_bar_in_the_late_evening_shelters_from_the_nights_shots(game: Game) -> None:
    game.to_night().order(CITIZEN, "bar").order(GREEN_1, "soldier_kill", target=CITIZEN).resolve()
    assert game.alive(CITIZEN)


def test_04_a_vest_stops_one_moment_the_next_moment_kills(game: Game) -> None:
    """The Босс мафии (420) and a Рядовой (500) of the other clan are two moments: the vest absorbs the first."""
    game.to_night().order(RED_BOSS, "boss_kill", target=SHERIFF).order(GREEN_1, "soldier_kill", target=SHERIFF)
    game.resolve()
    assert not game.alive(SHERIFF)


def test_05_the_night_is_over_before_the_early_mornings_shop(game: Game) -> None:
    """Shot at night, he is dead by the early morning: his purchase does not happen."""
    game.to_night().order(RED_1, "soldier_kill", target=CITIZEN).order(CITIZEN, "buy", item="buy_garlic").resolve()
    assert not game.alive(CITIZEN)
    assert "garlic" not in game.items(CITIZEN)


def test_06_a_vest_bought_tonight_acts_from_the_next_day(game: Game) -> None:
    game.to_night().order(CITIZEN, "buy", item="buy_vest").resolve()
    game.resolve()
    before = len(game.items(CITIZEN))
    game.order(GREEN_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert game.alive(CITIZEN), "bought on night 2, it protects on night 3"
    assert len(game.items(CITIZEN)) == before - 1


def test_07_three_stakes_at_once_kill_a_vampire() -> None:
    g = Game(["citizen", "citizen"])
    g.state.player(GREEN_1).secret_role = "vampire"  # (the Вампир's module is not in yet)
    g.to_night()
    for pid in (CITIZEN, 8, 9):
        g.order(pid, "stake", target=GREEN_1)
    g.resolve()
    assert not g.alive(GREEN_1)


def test_08_two_stakes_do_nothing_and_learn_nothing() -> None:
    g = Game(["citizen"])
    g.state.player(GREEN_1).secret_role = "vampire"
    g.to_night()
    for pid in (CITIZEN, 8):
        g.order(pid, "stake", target=GREEN_1)
    g.resolve()
    assert g.alive(GREEN_1)
    assert not g.events("not_a_vampire")
    assert g.result(CITIZEN) == "ok", "«ход с колом при этом удачный»"


def test_09_three_stakes_on_a_human_tell_them_not_a_vampire() -> None:
    g = Game(["citizen", "citizen"])
    g.to_night()
    for pid in (CITIZEN, 8, 9):
        g.order(pid, "stake", target=RED_1)
    g.resolve()
    assert g.alive(RED_1)
    assert {e.who for e in g.events("not_a_vampire")} == {CITIZEN, 8, 9}
