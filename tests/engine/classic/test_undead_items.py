"""The undead's items: Чеснок («Один раз защищает от укуса Вампира»), Противоядие от вампира («Позволяет избавиться
от отравления при укусе вампира. Используется сразу, если игрок был отравлен. Можно купить про запас»), Святая
вода («Помогает изгонять Духа»; the Дух «игнорирует любую защиту, кроме Святой воды и Иконы»)."""

from __future__ import annotations

from engine.rulesets.classic.roles.undead import turn_ghoul
from tests.engine.classic.conftest import CITIZEN, RED_1, SHERIFF
from tests.engine.classic.undead_helpers import CIT_2, SPIRIT, VAMPIRE, give, undead_game


def test_garlic_stops_the_vampires_bite_once() -> None:
    g = undead_game()
    give(g, CITIZEN, "garlic")
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.result(VAMPIRE) == "interfered"
    assert g.events("undead_garlic_saved", CITIZEN)
    assert "garlic" not in g.items(CITIZEN)
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.events("undead_bitten", CITIZEN), "one charge: the next bite takes"


def test_garlic_does_not_stop_a_ghouls_bite() -> None:
    g = undead_game()
    give(g, CITIZEN, "garlic")
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    g.to_night().order(CIT_2, "ghoul_bite", target=CITIZEN).resolve()
    assert g.events("undead_bitten", CITIZEN)
    assert "garlic" in g.items(CITIZEN)


def test_garlic_bought_acts_from_the_next_day() -> None:
    g = undead_game()
    g.to_night().order(CITIZEN, "buy", item="buy_garlic").order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.events("undead_bitten", CITIZEN), "bought in the early morning: not yet in force that night"


def test_antidote_vampire_cures_the_bite_at_once() -> None:
    g = undead_game()
    give(g, CITIZEN, "antidote_vampire")
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.events("undead_antidote_used", CITIZEN)
    assert "antidote_vampire" not in g.items(CITIZEN)
    g.to_night().order(CITIZEN, "stake", target=RED_1).resolve()
    assert g.alive(CITIZEN)
    assert g.result(CITIZEN) == "ok", "cured: his role move the next night is his"


def test_antidote_vampire_can_be_kept_in_stock() -> None:
    g = undead_game()
    give(g, CITIZEN, "antidote_vampire")
    give(g, CITIZEN, "antidote_vampire")
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.items(CITIZEN).count("antidote_vampire") == 1


def test_antidote_vampire_does_not_stop_the_second_bite() -> None:
    g = undead_game()
    give(g, CITIZEN, "antidote_vampire")
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.state.player(CITIZEN).secret_role == "ghoul", "«два раза подряд укусил Вампир»"


def test_holy_water_drives_out_the_spirit() -> None:
    g = undead_game()
    give(g, SHERIFF, "holy_water")
    g.to_night().order(SPIRIT, "spirit_lock", target=SHERIFF, access="lock_open")
    g.order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.result(SPIRIT) == "interfered"
    assert not g.alive(RED_1), "not locked: his move is made"
    assert "holy_water" not in g.items(SHERIFF)
    assert g.events("undead_spirit_driven_out", SHERIFF)


def test_holy_water_is_sold_three() -> None:
    from engine.rulesets.classic.economy import stock_of

    assert stock_of(undead_game().state, "holy_water") == 3
