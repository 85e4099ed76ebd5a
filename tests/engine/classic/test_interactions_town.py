"""Where the town's roles (Журналист, Палач, Хозяин магазина, Телепат) meet the order of resolution (4.1) and
the core's roles: numbered cases ic-town-1…"""

from __future__ import annotations

from typing import Any

from engine.rulesets.classic.model import items_of
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game


def facts(g: Game, pid: int) -> list[dict[str, Any]]:
    told = g.events("journalist_facts", pid)
    return list(told[-1].params["facts"]) if told else []


def test_ic_town_1_the_shopkeeper_shot_by_the_mafia_closes_the_shop_that_morning() -> None:
    """Босс мафии (ночь) before the night's deaths before «поход в магазин» (раннее утро)."""
    g = Game(["shopkeeper"]).to_night().disarm(8)  # his Сирена would turn the shot away
    g.order(RED_BOSS, "boss_kill", target=8).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert g.result(CITIZEN) == "shop_closed"
    assert g.coins(CITIZEN) == 4 + 2


def test_ic_town_2_the_executioner_executes_the_sheriff_who_shot_without_a_check() -> None:
    """Шериф (ночь) before Палач (казнь): a plain shot is no «выстрел после проверки»."""
    g = Game(["executioner"]).to_night()
    g.order(8, "execution", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=CITIZEN).resolve()
    assert not g.alive(SHERIFF)


def test_ic_town_3_the_executioner_does_not_reach_a_target_in_the_bar() -> None:
    g = Game(["executioner"]).to_night()
    g.order(8, "execution", target=CITIZEN).order(CITIZEN, "bar").resolve()
    assert g.result(8) == "interfered"


def test_ic_town_4_a_shooter_in_the_bar_shot_nobody_and_is_not_executed() -> None:
    """The bar (поздний вечер): its guest's target is out of reach — no shot, nothing to execute."""
    g = Game(["executioner"]).to_night()
    g.order(8, "execution", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).order(CITIZEN, "bar").resolve()
    assert g.alive(RED_1)
    assert g.events("executioner_saw_quiet", 8)


def test_ic_town_5_the_journalist_sees_the_shot_of_a_target_dead_by_his_step() -> None:
    """Журналист (раннее утро) after the night's deaths: he followed his target all night."""
    g = Game(["journalist"]).to_night()
    g.order(8, "journalist_follow", target=CITIZEN).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert {"kind": "shot", "actor": RED_1, "target": CITIZEN} in facts(g, 8)


def test_ic_town_6_a_second_shooter_at_a_dying_target_only_visited() -> None:
    """Шериф before Рядовой: the target is dying, the soldier's shot is never made — «посещал»."""
    g = Game(["journalist"]).to_night()
    g.order(8, "journalist_follow", target=CITIZEN).order(SHERIFF, "sheriff_shot", target=CITIZEN)
    g.order(GREEN_1, "soldier_kill", target=CITIZEN).resolve()
    seen = facts(g, 8)
    assert {"kind": "shot", "actor": SHERIFF, "target": CITIZEN} in seen
    assert {"kind": "visited", "actor": GREEN_1, "target": CITIZEN} in seen


def test_ic_town_7_the_journalist_sees_the_executioner_come_for_his_target() -> None:
    g = Game(["journalist", "executioner"]).to_night()
    g.order(8, "journalist_follow", target=RED_1).order(9, "execution", target=RED_1)
    g.order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    seen = facts(g, 8)
    assert {"kind": "shot", "actor": RED_1, "target": CITIZEN} in seen
    assert {"kind": "visited", "actor": 9, "target": RED_1} in seen
    assert not g.alive(RED_1)


def test_ic_town_8_the_telepath_moves_a_diploma_vote_with_its_weight() -> None:
    g = Game(["telepath"])
    g.order(RED_BOSS, "use_diploma").order(RED_BOSS, "vote", target=CITIZEN)
    g.order(GREEN_1, "vote", target=SHERIFF).order(RED_2, "vote", target=SHERIFF)
    g.order(8, "telepathy", target=RED_BOSS, vote_for=RED_1).resolve()
    tally = {row["pid"]: row["n"] for row in g.public("vote_tally")[-1]["tally"]}
    assert tally.get(RED_1) == 2 and CITIZEN not in tally


def test_ic_town_9_the_executioners_target_pays_nothing_and_the_shopkeeper_gets_nothing() -> None:
    g = Game(["executioner", "shopkeeper"]).to_night()
    g.order(8, "execution", target=CITIZEN).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert not items_of(g.state, CITIZEN, "holy_water", active=False)
    assert g.coins(9) == 0


def test_ic_town_10_van_helsing_comes_after_the_nights_deaths() -> None:
    """Ван Хельсинг (раннее утро) after the night's deaths: a zombie («Умирают от обычной пули») the mafia
    killed is no longer there."""
    from engine.rulesets.classic.model import become

    g = Game(["van_helsing"])
    become(g.state, CITIZEN, "zombie")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).order(8, "vh_search_zombie", target=CITIZEN).resolve()
    assert g.result(8) == "interfered"


def test_ic_town_11_the_journalist_sees_van_helsings_silver_bullet() -> None:
    """Ван Хельсинг before Журналист (both раннее утро)."""
    g = Game(["van_helsing", "journalist"]).to_night()
    g.order(9, "journalist_follow", target=CITIZEN).order(8, "vh_shot", target=CITIZEN).resolve()
    assert {"kind": "shot", "actor": 8, "target": CITIZEN} in facts(g, 9)
