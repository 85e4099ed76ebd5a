"""Журналист (5.1.3): «следит за одним из жителей. Видит действия того, за кем следил и воздействия на него»;
the nine answer kinds; «Журналисту сообщается только последнее совершенное персонажем действие»; a failed shot
is «посещал»; «По итогам ночи, на следующий день выпускает газету» (2 coins an article, 3.1), «только о той
ночи, которая предшествовала дню выпуска газеты»; 6.6: after seeing a murder he may be recruited."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.durations import THIS_PHASE
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import BLOCKED
from engine.rulesets.classic.roles.town import saw_murder
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game

J = 8


def facts(g: Game) -> list[dict[str, Any]]:
    told = g.events("journalist_facts", J)
    return list(told[-1].params["facts"]) if told else []


def test_journalist_sees_his_target_shoot() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert {"kind": "shot", "actor": RED_1, "target": CITIZEN} in facts(g)
    assert g.result(J) == "ok"


def test_journalist_sees_every_shooter_at_his_target() -> None:
    """«кто-то стрелял в его цель (все стрелки)»: the Шериф's shot into the vest and the green clan's shot."""
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_BOSS).order(GREEN_1, "soldier_kill", target=RED_BOSS)
    g.order(SHERIFF, "sheriff_shot", target=RED_BOSS).resolve()
    seen = facts(g)
    assert {"kind": "shot", "actor": GREEN_1, "target": RED_BOSS} in seen
    assert {"kind": "shot", "actor": SHERIFF, "target": RED_BOSS} in seen
    assert not g.alive(RED_BOSS)


def test_journalist_sees_a_search_as_following() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).order(SHERIFF, "sheriff_search", target=RED_1).resolve()
    assert {"kind": "followed", "actor": SHERIFF, "target": RED_1} in facts(g)


def test_journalist_sees_only_the_last_action() -> None:
    """«если шериф находит верба и стреляет, то журналист видит только выстрел, слежку не видит»."""
    g = Game(["journalist"])
    g.state.player(RED_1).secret_role = "recruiter"
    g.to_night().order(J, "journalist_follow", target=RED_1).order(SHERIFF, "sheriff_search", target=RED_1).resolve()
    about_sheriff = [f for f in facts(g) if f["actor"] == SHERIFF]
    assert about_sheriff == [{"kind": "shot", "actor": SHERIFF, "target": RED_1}]


def test_journalist_hears_a_failed_shot_as_a_visit() -> None:
    """«Если игрок отправил ход "стрелять", но выстрела совершить не смог (… блок …) — "посещал"»."""
    g = Game(["journalist"]).to_night()
    g.state.add_effect(BLOCKED, target=RED_1, during=THIS_PHASE)
    g.order(J, "journalist_follow", target=CITIZEN).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert {"kind": "visited", "actor": RED_1, "target": CITIZEN} in facts(g)
    assert g.alive(CITIZEN)


def test_journalist_sees_his_target_shopping() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=CITIZEN).order(CITIZEN, "buy", item="buy_holy_water").resolve()
    assert {"kind": "shopping", "actor": CITIZEN, "target": CITIZEN} in facts(g)


def test_journalist_sees_his_target_in_the_bar() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=CITIZEN).order(CITIZEN, "bar").resolve()
    assert facts(g) == [{"kind": "bar", "actor": CITIZEN, "target": CITIZEN}]


def test_journalist_sees_his_target_stay_home() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=CITIZEN).resolve()
    assert facts(g) == [{"kind": "home", "actor": CITIZEN, "target": CITIZEN}]


def test_journalist_sees_his_target_frozen_with_terror() -> None:
    g = Game(["journalist"]).to_night()
    g.state.add_effect(BLOCKED, target=RED_1, during=THIS_PHASE)
    g.order(J, "journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert {"kind": "frozen", "actor": RED_1, "target": RED_1} in facts(g)


def test_journalist_sees_a_visit_otherwise() -> None:
    g = Game(["journalist", "executioner"]).to_night()
    g.order(J, "journalist_follow", target=CITIZEN).order(9, "execution", target=CITIZEN).resolve()
    assert {"kind": "followed", "actor": 9, "target": CITIZEN} in facts(g)


def test_journalist_newspaper_publishes_last_nights_facts_for_two_coins() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    before = g.coins(J)
    g.order(J, "newspaper").resolve()
    paper = g.public("newspaper")
    assert paper and {"kind": "shot", "actor": RED_1, "target": CITIZEN} in paper[-1]["facts"]
    assert g.coins(J) == before + 2


def test_journalist_newspaper_only_about_the_night_before() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).resolve()
    g.resolve()  # day 2: no newspaper
    g.resolve()  # night 3: no following
    assert g.state.is_day
    with pytest.raises(Refusal):
        g.order(J, "newspaper")


def test_journalist_newspaper_is_not_a_move() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).resolve()
    g.order(J, "newspaper").resolve()
    g.order(J, "journalist_follow", target=GREEN_1).resolve()
    assert g.result(J) == "ok"


def test_journalist_who_saw_a_murder_may_be_recruited() -> None:
    g = Game(["journalist"]).to_night()
    assert not saw_murder(g.state, J)
    g.order(J, "journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert saw_murder(g.state, J)


def test_journalist_following_no_murder_saw_none() -> None:
    g = Game(["journalist"]).to_night()
    g.order(J, "journalist_follow", target=RED_1).resolve()
    assert not saw_murder(g.state, J)


def test_dark_journalist_keeps_the_journalists_moves() -> None:
    from engine.rulesets.classic.model import become

    g = Game(["journalist"])
    become(g.state, J, "dark_journalist")
    g.to_night().order(J, "dark_journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert {"kind": "shot", "actor": RED_1, "target": CITIZEN} in facts(g)
    g.order(J, "dark_journalist_newspaper").resolve()
    assert g.public("newspaper")


def _saw_a_murder() -> Game:
    """The red clan with a Вербовщик; the Журналист (seat 8) saw the Рядовой's murder on night 2."""
    g = Game(["journalist", "citizen"])
    g.state.player(RED_2).secret_role = "recruiter"
    g.to_night().order(J, "journalist_follow", target=RED_1).order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert saw_murder(g.state, J)
    return g


def test_dark_journalist_recruited_after_a_murder_becomes_a_journalist_soldier() -> None:
    """6.6: «после того как журналист увидел убийство, он может быть завербован… не теряет своей роли. Становится
    Журналист-рядовой»: a member of the clan at once, with the journalist's moves and the clan's kill."""
    g = _saw_a_murder()
    g.to_night().order(RED_2, "recruit_blackmail", target=J).resolve()
    assert g.state.player(J).secret_role == "dark_journalist"
    assert g.state.player(J).faction == "mafia_red"
    g.to_night().order(J, "dark_journalist_kill", target=9).resolve()
    assert not g.alive(9)


def test_dark_journalist_not_recruited_before_he_saw_a_murder() -> None:
    """«Журналист (если не видел убийства)» is among those who cannot be recruited."""
    g = Game(["journalist"])
    g.state.player(RED_2).secret_role = "recruiter"
    g.to_night().order(RED_2, "recruit_blackmail", target=J).resolve()
    assert g.state.player(J).secret_role == "journalist"


def test_dark_journalist_who_refused_cannot_accept_again() -> None:
    """5.1.3: «Может отказать в вербовке, но тогда не может принять повторное предложение уже от любого клана»."""
    g = _saw_a_murder()
    g.to_night().order(RED_2, "recruit", target=J).resolve()  # asked; unanswered: refused at the day's end
    g.resolve()
    assert g.state.player(J).secret_role == "journalist"
    g.order(RED_2, "recruit_blackmail", target=J).resolve()
    assert g.state.player(J).secret_role == "journalist"
