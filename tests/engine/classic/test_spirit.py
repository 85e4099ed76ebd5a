"""Дух (5.5): «Не может быть посажен, повешен, не восприимчив ни к каким воздействиям, игнорирует любую защиту,
кроме Святой воды и Иконы. Может быть убит только Зеркалом… Запереть персонажа дома. Блокирует двери и окна, не
дает совершить ход игроку, Решает сделать доступным ночью игрока для воздействий или нет. … Его голос на
следующий день голосования не засчитывается, все дневные ходы неудачны. Не может две ночи подряд блокировать
одного и того же игрока. При блокировке зомби узнает его роль, повторно ходить к данному игроку не сможет. Не
может отказаться от ночного хода. Если игрок не отправил ход, то на утро Ведущим будет обличена его роль.»
Зеркало (2): «Дух посещающий игрока с Зеркалом погибает»; 3.1 «Любой персонаж: Убийство Духа - 5 монет»."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game
from tests.engine.classic.undead_helpers import CIT_2, SPIRIT, give, undead_game


def lock(g: Game, target: int, access: str = "lock_open") -> Game:
    return g.order(SPIRIT, "spirit_lock", target=target, access=access)


def test_spirit_lock_blocks_the_night_move() -> None:
    g = undead_game()
    lock(g.to_night(), SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"
    assert g.result(SPIRIT) == "ok"


def test_spirit_lock_voids_the_next_days_vote() -> None:
    g = undead_game()
    lock(g.to_night(), CITIZEN).resolve()
    g.order(CITIZEN, "vote", target=GREEN_1).order(CIT_2, "vote", target=RED_1).resolve()
    tally = {row["pid"]: row["n"] for row in g.public("vote_tally")[-1]["tally"]}
    assert tally[GREEN_1] == 1, "his ballot counts nothing: only the penalty of a silent day 1"
    assert tally[RED_1] == 2


def test_spirit_lock_day_moves_fail() -> None:
    g = undead_game()
    lock(g.to_night(), RED_BOSS).resolve()
    g.order(RED_BOSS, "use_diploma").resolve()
    assert g.result(RED_BOSS) == "interfered"
    assert "diploma" in g.items(RED_BOSS)


def test_spirit_lock_sealed_nobody_reaches_him() -> None:
    g = undead_game()
    lock(g.to_night(), RED_1, "lock_sealed").order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"


def test_spirit_lock_open_others_reach_him() -> None:
    g = undead_game()
    lock(g.to_night(), RED_1, "lock_open").order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert not g.alive(RED_1)


def test_spirit_lock_not_the_same_two_nights_running() -> None:
    g = undead_game()
    lock(g.to_night(), CITIZEN).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        lock(g, CITIZEN)
    assert err.value.params["reason"] == "spirit_two_nights"
    lock(g, CIT_2).resolve()
    lock(g.to_night(), CITIZEN)
    assert g.state.orders[SPIRIT]


def test_spirit_learns_a_zombie_and_never_goes_to_him_again() -> None:
    g = undead_game()
    g.state.player(CIT_2).secret_role = "zombie"  # (the Ведьмак's zombies are not dealt yet)
    g.state.player(CIT_2).faction = "undead"
    lock(g.to_night(), CIT_2).resolve()
    assert g.events("undead_spirit_found_zombie", SPIRIT)[0].params["secret_role"] == "zombie"
    lock(g.to_night(), CITIZEN).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        lock(g, CIT_2)
    assert err.value.params["reason"] == "spirit_knows_zombie"


def test_spirit_shot_fails() -> None:
    g = undead_game()
    lock(g.to_night(), CITIZEN).order(SHERIFF, "sheriff_shot", target=SPIRIT).resolve()
    assert g.alive(SPIRIT)
    assert g.result(SHERIFF) == "interfered", "«Выстрел в Духа — неудачно»"


def test_spirit_cannot_be_jailed() -> None:
    g = undead_game()
    for player in g.state.living():
        if player.pid != SPIRIT:
            g.order(player.pid, "vote", target=SPIRIT)
    g.resolve()
    assert not g.jailed(SPIRIT)
    assert g.public("released")[-1]["pid"] == SPIRIT


def test_spirit_dies_coming_to_the_mirror_and_its_holder_earns_five() -> None:
    g = undead_game()
    give(g, CITIZEN, "mirror")
    before = g.coins(CITIZEN)
    lock(g.to_night(), CITIZEN).resolve()
    assert not g.alive(SPIRIT)
    assert g.events("undead_spirit_saw_mirror", CITIZEN)
    assert g.coins(CITIZEN) == before + 5, "«Любой персонаж: Убийство Духа - 5 монет»"


def test_spirit_idle_his_role_is_revealed_in_the_morning() -> None:
    g = undead_game()
    g.to_night().resolve()
    revealed = [p for p in g.public("role_revealed") if p["pid"] == SPIRIT]
    assert revealed and revealed[-1]["secret_role"] == "spirit"


def test_spirit_acting_stays_hidden() -> None:
    g = undead_game()
    before = len([p for p in g.public("role_revealed") if p["pid"] == SPIRIT])  # night 1: silent
    lock(g.to_night(), CITIZEN).resolve()
    assert len([p for p in g.public("role_revealed") if p["pid"] == SPIRIT]) == before
