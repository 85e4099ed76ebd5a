"""Медсестра (5.1.14): «промывание желудка - лечит от отравления. Один раз на игру может промыть желудок себе. За
ночь может вылечить одного игрока или перевязать двух игроков. анализ крови - определяет Нечисть и Зомби.
запереть на карантин - игрок лишается ночного хода и голоса на дневном голосовании… Если на следующую ночь
перевязанного игрока не лечат повторно, перевязанный игрок умирает… Два дня подряд, без заказа не может лечить и
перевязывать одного и того же игрока… Три ночи подряд, без заказа не может ходить к одному и тому же игроку.
Принимает заказы на лечение от игроков за 2 монеты… два дня подряд не может принять заказ от одного и того же
персонажа.»"""

from __future__ import annotations

import pytest

from engine.core.durations import THIS_PHASE
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import DYING
from engine.rulesets.classic.services import orders_for
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, Game

NURSE = 8


def nurse() -> Game:
    return Game(["nurse"])


def test_nurse_heal_saves_the_one_shot_tonight() -> None:
    g = nurse().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert g.alive(GREEN_1)
    assert g.result(NURSE) == "ok" and g.result(RED_1) == "ok"


def test_nurse_bandage_keeps_him_alive_tonight_and_he_dies_the_next_night_unhealed() -> None:
    g = nurse().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(NURSE, "nurse_bandage", targets=[GREEN_1]).resolve()
    assert g.alive(GREEN_1)
    g.to_night().resolve()
    assert not g.alive(GREEN_1)


def test_nurse_bandaged_and_healed_the_next_night_lives() -> None:
    g = nurse().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(NURSE, "nurse_bandage", targets=[GREEN_1]).resolve()
    g.to_night().order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert g.alive(GREEN_1)
    g.to_night().resolve()
    assert g.alive(GREEN_1)


def test_nurse_the_wounded_makes_no_move() -> None:
    g = nurse().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(NURSE, "nurse_bandage", targets=[GREEN_1]).resolve()
    g.to_night().order(GREEN_1, "soldier_kill", target=RED_2).order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert g.alive(RED_2) and g.result(GREEN_1) == "interfered"


def test_nurse_bandages_two() -> None:
    g = nurse().to_night()
    g.order(RED_1, "soldier_kill", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_1)
    g.order(NURSE, "nurse_bandage", targets=[GREEN_1, RED_1]).resolve()
    assert g.alive(RED_1), "shot by the green soldier, bandaged: alive till the next night"


def test_nurse_quarantine_takes_the_move_and_the_next_days_vote() -> None:
    g = nurse().to_night()
    g.order(NURSE, "nurse_quarantine", target=RED_1).order(RED_1, "soldier_kill", target=GREEN_1).resolve()
    assert g.alive(GREEN_1) and g.result(RED_1) == "interfered"
    assert not [e for e in g.state.events if e.who == RED_1 and "quarantine" in e.kind], "he is not told"
    g.order(RED_1, "vote", target=GREEN_1).resolve()
    assert not g.jailed(GREEN_1), "his vote counts nothing"


def test_nurse_blood_test_finds_the_unclean_and_zombies() -> None:
    g = nurse()
    g.state.player(GREEN_1).secret_role = "vampire"
    g.to_night().order(NURSE, "nurse_test", target=GREEN_1).resolve()
    assert g.events("blood_unclean", NURSE)[-1].params == {"target": GREEN_1}
    g.to_night().order(NURSE, "nurse_test", target=RED_1).resolve()
    assert g.events("blood_clean", NURSE)


def test_nurse_pump_cures_poisoning() -> None:
    g = nurse().to_night()
    g.state.add_effect(DYING, target=GREEN_1, during=THIS_PHASE, cause="poison_viper")
    g.state.add_effect("poisoned", target=GREEN_1, during=THIS_PHASE)
    g.order(NURSE, "nurse_pump", target=GREEN_1).resolve()
    assert g.alive(GREEN_1)


def test_nurse_pump_on_herself_once_a_game() -> None:
    g = nurse().to_night().order(NURSE, "nurse_pump", target=NURSE).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(NURSE, "nurse_pump", target=NURSE)
    assert err.value.params["reason"] == "once_a_game_self"


def test_nurse_not_the_same_heal_two_nights_running_without_an_order() -> None:
    g = nurse().to_night().order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(NURSE, "nurse_heal", target=GREEN_1)
    assert err.value.params["reason"] == "two_nights_running"
    g.order(NURSE, "nurse_bandage", targets=[GREEN_1])  # «может в одну ночь перевязать, а в следующую – лечить»


def test_nurse_the_same_heal_two_nights_running_by_order() -> None:
    g = nurse().to_night().order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    g.order(CITIZEN, "day_order", service="service_heal", target=GREEN_1).to_night()
    g.order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert g.result(NURSE) == "ok"


def test_nurse_not_three_nights_running_to_the_same_player() -> None:
    g = nurse().to_night().order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    g.to_night().order(NURSE, "nurse_test", target=GREEN_1).resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(NURSE, "nurse_quarantine", target=GREEN_1)
    assert err.value.params["reason"] == "three_nights_running"


def test_nurse_heal_order_costs_the_customer_two_coins() -> None:
    g = nurse().order(CITIZEN, "day_order", service="service_heal", target=GREEN_1).to_night()
    g.order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert g.coins(CITIZEN) == 4 - 2
    assert g.coins(NURSE) == 4 + 2 + 2


def test_nurse_takes_no_order_from_the_same_customer_two_days_running() -> None:
    g = nurse().order(CITIZEN, "day_order", service="service_heal", target=GREEN_1).to_night()
    assert orders_for(g.state, NURSE, "heal")
    g.resolve().order(CITIZEN, "day_order", service="service_heal", target=RED_1).to_night()
    assert not orders_for(g.state, NURSE, "heal")


def test_nurse_cannot_heal_a_zombie() -> None:
    g = nurse()
    g.state.player(GREEN_1).secret_role = "zombie"
    g.to_night().order(RED_1, "soldier_kill", target=GREEN_1).order(NURSE, "nurse_heal", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)
    assert g.result(NURSE) == "interfered"


def test_nurse_tells_van_helsing_the_blood_test_the_next_night() -> None:
    from engine.core import api

    g = nurse()
    g.state.player(GREEN_1).secret_role = "vampire"
    g.state.player(CITIZEN).secret_role = "van_helsing"  # (the Ван Хельсинг's module is not in yet)
    with pytest.raises(Refusal):
        g.to_night()
        api.act(g.state, NURSE, "nurse_report", {})
    g.order(NURSE, "nurse_test", target=GREEN_1).resolve()
    g.to_night()
    api.act(g.state, NURSE, "nurse_report", {})
    assert g.events("blood_report_unclean", CITIZEN)[-1].params == {"target": GREEN_1}
    with pytest.raises(Refusal):
        api.act(g.state, NURSE, "nurse_report", {})


def test_nurse_wounded_heals_herself_instead_of_the_patient() -> None:
    """«Раненная медсестра, не может посетить пациента, а делает лечение себе»."""
    g = Game(["nurse", "van_helsing"]).to_night()
    g.order(9, "vh_shot", target=8).resolve()  # the silver bullet: wounded, dies the next night unhealed
    g.to_night().order(8, "nurse_heal", target=CITIZEN).resolve()
    assert g.alive(8)
    assert g.events("nurse_healed_herself", 8)


def test_nurse_wounded_without_a_heal_order_dies() -> None:
    g = Game(["nurse", "van_helsing"]).to_night()
    g.order(9, "vh_shot", target=8).resolve()
    g.to_night().resolve()
    assert not g.alive(8)
