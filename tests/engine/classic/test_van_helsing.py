"""Ван Хельсинг (5.1.12): «С начала партии имеет броник… поиск Вампира / Упыря / Зомби. При нахождении сразу
стреляет серебряной пулей… Вампир, Упырь и Зомби получают ранение, без лечения следующей ночью умирают.
Ведьмака убить не может, только находит… Может стрелять без проверки. Живые персонажи получают ранение, без
лечения умрут следующей ночью… С начала партии имеет сирену.» 3.1: «Ван Хельсинг - 2 монеты за убийство
нечисти»."""

from __future__ import annotations

import pytest

from engine.rulesets.classic.deaths import save
from engine.rulesets.classic.model import become, items_of
from engine.rulesets.classic.roles import town
from tests.engine.classic.conftest import CITIZEN, RED_1, RED_BOSS, Game

V = 8


def test_van_helsing_starts_with_a_vest_and_a_siren() -> None:
    g = Game(["van_helsing"])
    assert items_of(g.state, V, "vest") and items_of(g.state, V, "siren")


def test_van_helsing_finds_the_vampire_and_wounds_him() -> None:
    g = Game(["van_helsing"])
    become(g.state, RED_1, "vampire")
    g.to_night().order(V, "vh_search_vampire", target=RED_1).resolve()
    assert g.events("vh_found", V)
    assert g.alive(RED_1), "wounded: he dies the next night without healing"
    g.resolve().resolve()
    assert not g.alive(RED_1)


def test_van_helsing_earns_two_coins_for_the_unclean_he_kills() -> None:
    g = Game(["van_helsing"])
    become(g.state, RED_1, "vampire")
    g.to_night().order(V, "vh_search_vampire", target=RED_1).resolve()
    before = g.coins(V)
    g.resolve().resolve()
    assert g.events("coins_earned", V)[-1].params["why"] == "bonus_van_helsing_kill"
    assert g.coins(V) == before + 2


def test_van_helsing_search_not_found_harms_nobody() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_search_vampire", target=RED_1).resolve()
    assert g.events("vh_not_found", V)
    g.resolve().resolve()
    assert g.alive(RED_1)


def test_van_helsing_finds_the_ghoul() -> None:
    g = Game(["van_helsing"])
    become(g.state, RED_1, "ghoul")
    g.to_night().order(V, "vh_search_ghoul", target=RED_1).resolve()
    g.resolve().resolve()
    assert not g.alive(RED_1)


def test_van_helsing_finds_the_zombie() -> None:
    g = Game(["van_helsing"])
    become(g.state, RED_1, "zombie")
    g.to_night().order(V, "vh_search_zombie", target=RED_1).resolve()
    g.resolve().resolve()
    assert not g.alive(RED_1)


def test_van_helsing_only_finds_the_warlock() -> None:
    g = Game(["van_helsing"])
    become(g.state, RED_1, "warlock")
    g.to_night().order(V, "vh_search_zombie", target=RED_1).resolve()
    assert g.events("vh_found", V)
    g.resolve().resolve()
    assert g.alive(RED_1)


def test_van_helsing_shot_without_a_check_wounds_the_living() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_shot", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.events("silver_wounded", CITIZEN)
    g.resolve().resolve()
    assert not g.alive(CITIZEN)


def test_van_helsing_wound_healed_the_next_night_does_not_kill() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_shot", target=CITIZEN).resolve()
    g.resolve()
    assert save(g.state, CITIZEN), "the next night he is dying: a heal saves him"
    g.resolve()
    assert g.alive(CITIZEN)


def test_van_helsing_wounded_makes_no_move_the_next_night() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_shot", target=RED_1).resolve().resolve()
    g.order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.result(RED_1) == "interfered"


def test_van_helsing_wounded_loses_his_later_move_that_morning() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_shot", target=CITIZEN).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert g.result(CITIZEN) == "interfered"


def test_van_helsing_silver_bullet_stopped_by_a_vest() -> None:
    g = Game(["van_helsing"]).to_night()
    g.order(V, "vh_shot", target=RED_BOSS).resolve()
    assert not items_of(g.state, RED_BOSS, "vest")
    g.resolve().resolve()
    assert g.alive(RED_BOSS)


def test_van_helsing_cannot_be_bitten_by_the_unclean(monkeypatch: pytest.MonkeyPatch) -> None:
    """«Не может быть укушен Нечистью»: a bite (the undead's module names its bites in town.BITES) fails on him."""
    monkeypatch.setattr(town, "BITES", ["soldier_kill"])  # standing in for a bite
    g = Game(["van_helsing"]).to_night()
    g.order(RED_1, "soldier_kill", target=V).resolve()
    assert g.result(RED_1) == "interfered"


def test_van_helsing_the_vampire_cannot_bite_him() -> None:
    """«Не может быть укушен Нечистью»: the Вампир's real bite fails on him."""
    g = Game(["van_helsing", "vampire"]).to_night()
    g.order(9, "vampire_bite", target=V).resolve()
    assert g.result(9) == "interfered"
    assert not g.events("undead_bitten", V)


def test_van_helsing_cannot_survive_the_maniacs_torture() -> None:
    """«Пытку маньяка пережить не может»."""
    g = Game(["van_helsing", "citizen"]).disarm(V)  # his siren set aside: a test of the torture alone
    become(g.state, 9, "maniac")
    g.to_night().order(9, "maniac_torture", target=V, learn="torture_visits").resolve()
    assert not g.alive(V)
