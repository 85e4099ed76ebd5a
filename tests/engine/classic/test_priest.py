"""Священник (5.1.6): «ночью выбирает цель для исповеди… Узнает, грешен ли исповедуемый или нет. Также священник
блокирует ночной ход исповедуемого персонажа. Два раза за игру не может исповедовать одного и того же игрока…
Исповедуемый игрок получает святой крестик… От первого покушения(выстрел) на жизнь священника его спасает Бог…
Один раз за игру священнику доступна «божественная молитва»… священник не доступен для любого воздействия, кроме
лечения. Автоматически выходит из тюрьмы сев в первый раз. Один раз за игру может отпеть игрока, отпетого игрока не
может поднять Ведьмак и Реаниматор… Если цель для исповеди была… отправлена в тур… исповедь невозможна…
Исповедуемый не может совершить ночной ход, но после исповеди может ходить в магазин… Утром узнает, что был
исповедан.»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_BOSS, RED_1, RED_2, SHERIFF, Game

PRIEST = 8


def priest(extra: list[str] | None = None) -> Game:
    return Game(["priest", *(extra or [])])


def test_priest_confession_tells_the_sinful() -> None:
    g = priest().to_night().order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    g.to_night().order(PRIEST, "priest_confess", target=RED_1).resolve()
    assert g.events("confession_sinful", PRIEST)[-1].params == {"target": RED_1}
    g.to_night().order(PRIEST, "priest_confess", target=RED_2).resolve()
    assert g.events("confession_clean", PRIEST)[-1].params == {"target": RED_2}, "a mafioso who has not killed"


def test_priest_the_unclean_are_sinful_from_the_first_day() -> None:
    g = priest()
    g.state.player(GREEN_1).secret_role = "vampire"
    g.to_night().order(PRIEST, "priest_confess", target=GREEN_1).resolve()
    assert g.events("confession_sinful", PRIEST)


def test_priest_cops_are_sinful_when_they_killed_a_townsman() -> None:
    g = priest(["citizen"]).to_night().order(SHERIFF, "sheriff_shot", target=9).resolve()
    g.to_night().order(PRIEST, "priest_confess", target=SHERIFF).resolve()
    assert g.events("confession_sinful", PRIEST)


def test_priest_confession_blocks_the_move_but_not_the_shop() -> None:
    g = priest().to_night()
    g.order(PRIEST, "priest_confess", target=RED_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(GREEN_1) and g.result(RED_1) == "interfered"
    g.to_night().order(PRIEST, "priest_confess", target=CITIZEN).order(CITIZEN, "buy", item="buy_garlic").resolve()
    assert "garlic" in g.items(CITIZEN)


def test_priest_confessed_gets_a_cross_and_learns_it() -> None:
    g = priest().to_night().order(PRIEST, "priest_confess", target=GREEN_1).resolve()
    assert "cross" in g.items(GREEN_1)
    assert g.events("confessed", GREEN_1)
    assert not [e for e in g.events("confessed", GREEN_1) if "pid" in e.params], "not by whom"


def test_priest_not_the_same_player_twice_a_game() -> None:
    g = priest().to_night().order(PRIEST, "priest_confess", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(PRIEST, "priest_confess", target=GREEN_1)


def test_priest_the_first_shot_is_turned_away_by_god() -> None:
    g = priest().to_night().order(RED_1, "soldier_kill", target=PRIEST).resolve()
    assert g.alive(PRIEST) and g.result(RED_1) == "ok"
    assert g.events("god_saved", PRIEST)
    g.to_night().order(RED_1, "soldier_kill", target=PRIEST).resolve()
    assert not g.alive(PRIEST)


def test_priest_prayer_nothing_reaches_him() -> None:
    g = priest().to_night()
    g.order(PRIEST, "priest_prayer").order(GREEN_BOSS, "boss_kill", target=PRIEST).resolve()
    assert g.alive(PRIEST) and g.result(GREEN_BOSS) == "interfered"


def test_priest_prayer_once_a_game() -> None:
    g = priest().to_night().order(PRIEST, "priest_prayer").resolve()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(PRIEST, "priest_prayer")


def test_priest_prayer_lets_a_heal_through() -> None:
    g = priest(["nurse"]).to_night()
    g.order(PRIEST, "priest_prayer").order(9, "nurse_heal", target=PRIEST).resolve()
    assert g.result(9) == "ok"


def test_priest_leaves_prison_the_first_time_only() -> None:
    g = priest()
    g.order(RED_1, "vote", target=PRIEST).resolve()
    assert not g.jailed(PRIEST)
    assert any(p["pid"] == PRIEST for p in g.public("released"))
    g.to_night().resolve()
    g.order(RED_1, "vote", target=PRIEST).resolve()
    assert g.jailed(PRIEST)


def test_priest_funeral_stops_the_reanimator() -> None:
    g = priest(["reanimator"]).to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(PRIEST, "priest_funeral", target=GREEN_1)
    g.order(9, "reanimate", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)
    assert g.result(9) == "not_revivable" and g.result(PRIEST) == "ok"


def test_priest_funeral_of_the_living_is_not_spent() -> None:
    g = priest().to_night().order(PRIEST, "priest_funeral", target=GREEN_1).resolve()
    assert g.result(PRIEST) == "not_a_corpse"
    g.to_night().order(PRIEST, "priest_funeral", target=GREEN_1)


def test_priest_the_thief_is_sinful_after_his_first_robbery() -> None:
    """«гопник грешен после первого ограбления»."""
    g = priest(["thief"]).to_night().order(9, "thief_steal", target=RED_1, pistol="pistol_sell").resolve()
    g.to_night().order(PRIEST, "priest_confess", target=9).resolve()
    assert g.events("confession_sinful", PRIEST)[-1].params == {"target": 9}
