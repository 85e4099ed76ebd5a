"""Копы beyond the Шериф's shot (5.1.4): the Следователь («При смерти шерифа становится шерифом… ходить на
убийство»; «выпустит его из тюрьмы на следующее утро»), the cover («Прикрытие») and the interrogation
(«Допрос»)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.jail import jail
from engine.rulesets.classic.model import items_of, spend_item
from tests.engine.classic.conftest import Game

# seats 0–2 red (boss, recruiter, soldier), 3–5 green, 6 the Шериф, 7 the Следователь, 8–9 citizens
TABLE = ["boss", "recruiter", "soldier", "boss", "recruiter", "soldier", "sheriff", "investigator", "citizen",
         "citizen"]
R_BOSS, R_REC, R_SOL, G_BOSS, G_REC, G_SOL, SHERIFF, INV, C1, C2 = range(10)


def cops() -> Game:
    return Game(table=TABLE)


def strip_vest(g: Game, pid: int) -> None:
    for item in items_of(g.state, pid, "vest"):
        spend_item(g.state, pid, item.uid)


def test_investigator_is_dealt_by_default() -> None:
    from engine.rulesets.classic.setup import default_table

    assert "investigator" in default_table(12)
    assert default_table(8).count("citizen") >= 1


def test_investigator_shot_kills() -> None:
    g = cops()
    g.to_night().order(INV, "investigator_shot", target=R_SOL).resolve()
    assert not g.alive(R_SOL)
    assert g.result(INV) == "ok"


def test_investigator_shot_shares_the_cops_one_shot() -> None:
    g = cops()
    g.to_night().order(SHERIFF, "sheriff_shot", target=R_SOL)
    with pytest.raises(Refusal):
        g.order(INV, "investigator_shot", target=G_SOL)


def test_investigator_becomes_sheriff_when_the_sheriff_dies() -> None:
    g = cops()
    strip_vest(g, SHERIFF)
    g.to_night().order(R_SOL, "soldier_kill", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF)
    assert g.state.player(INV).secret_role == "sheriff"


def test_investigator_stays_investigator_when_the_sheriff_is_jailed() -> None:
    g = cops()
    jail(g.state, SHERIFF)
    assert g.state.player(INV).secret_role == "investigator"


def test_investigator_frees_the_jailed_sheriff_next_morning() -> None:
    g = cops()
    jail(g.state, SHERIFF)
    g.to_night().order(INV, "free_sheriff").resolve()
    assert not g.jailed(SHERIFF)


def test_investigator_cannot_free_a_sheriff_jailed_the_second_time() -> None:
    g = cops()
    jail(g.state, SHERIFF)
    g.to_night().order(INV, "free_sheriff").resolve()
    assert not g.jailed(SHERIFF)
    jail(g.state, SHERIFF)
    with pytest.raises(Refusal):
        g.to_night().order(INV, "free_sheriff")


def test_investigator_cannot_free_a_sheriff_who_killed_a_citizen() -> None:
    g = cops()
    g.to_night().order(SHERIFF, "sheriff_shot", target=C1).resolve()
    assert not g.alive(C1)
    jail(g.state, SHERIFF)
    with pytest.raises(Refusal):
        g.to_night().order(INV, "free_sheriff")


def test_cover_stops_the_mafias_shot() -> None:
    g = cops()
    g.to_night().order(INV, "cops_cover", target=C1).order(R_SOL, "soldier_kill", target=C1).resolve()
    assert g.alive(C1)
    assert g.result(R_SOL) == "interfered"
    assert g.result(INV) == "ok"


def test_cover_does_not_stop_the_cops_own_shot() -> None:
    g = cops()
    g.to_night().order(INV, "cops_cover", target=C1).order(SHERIFF, "sheriff_shot", target=C1).resolve()
    assert not g.alive(C1)


def test_cover_ends_when_the_covering_cop_is_killed() -> None:
    """«Если копа, осуществляющего прикрытие, в течение ночи убивают, то персонаж лишается защиты»."""
    g = cops()
    g.to_night().order(INV, "cops_cover", target=C1).order(R_BOSS, "boss_kill", target=INV)
    g.order(G_SOL, "soldier_kill", target=C1).resolve()
    assert not g.alive(INV) and not g.alive(C1)


def test_cover_not_of_a_cop_nor_the_same_player_two_nights_running() -> None:
    g = cops()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(INV, "cops_cover", target=SHERIFF)
    g.order(INV, "cops_cover", target=C1).resolve()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(SHERIFF, "cops_cover", target=C1)
    g.order(SHERIFF, "cops_cover", target=C2)


def test_cover_unordered_earns_the_bonus_ordered_is_paid_by_the_customer() -> None:
    g = cops()
    g.to_night().order(INV, "cops_cover", target=C1).resolve()
    assert g.coins(INV) == 4 + 2 + 2
    g.order(C2, "day_order", service="service_cover", target=C2).to_night()
    g.order(SHERIFF, "cops_cover", target=C2).resolve()
    assert g.coins(C2) == 4 - 2
    assert g.coins(SHERIFF) == 4 + 2 + 2


def test_interrogation_reveals_the_role_to_all_and_pays() -> None:
    g = cops()
    g.order(C1, "vote", target=R_SOL).order(C2, "vote", target=R_SOL).order(INV, "vote", target=R_SOL)
    g.resolve()
    assert g.jailed(R_SOL)
    g.order(SHERIFF, "cops_interrogate", target=R_SOL).resolve()
    assert g.events("interrogation", SHERIFF)[0].params["role"] == "soldier"
    assert g.events("interrogation", INV), "both cops learn it"
    assert {"pid": R_SOL, "secret_role": "soldier"} in g.public("role_revealed")
    assert g.coins(SHERIFF) == 4 + 2 + 1
    assert g.coins(INV) == 4 + 1, "the jailing's bonus to a cop who voted"
    assert g.coins(C1) >= 4 + 1, "the town's jailing bonus"


def test_interrogation_only_the_night_after_the_jailing() -> None:
    g = cops()
    g.order(C1, "vote", target=R_SOL).resolve()
    g.resolve()  # the night passes
    g.resolve()  # the next day
    with pytest.raises(Refusal):
        g.order(SHERIFF, "cops_interrogate", target=R_SOL)


def test_interrogation_a_mafioso_names_an_accomplice() -> None:
    g = cops()
    g.order(C1, "vote", target=R_SOL).resolve()
    g.order(SHERIFF, "cops_interrogate", target=R_SOL).resolve()
    [question] = [q for q in g.state.questions.values() if q.kind == "name_accomplice"]
    assert set(question.options) == {R_BOSS, R_REC}
    api.answer(g.state, R_SOL, question.key, [R_REC])
    g.resolve()
    assert g.events("accomplice_named", SHERIFF)[0].params["pid"] == R_REC


def test_interrogation_the_cop_is_out_of_reach_that_night() -> None:
    g = cops()
    strip_vest(g, SHERIFF)
    g.order(C1, "vote", target=R_SOL).resolve()
    g.order(SHERIFF, "cops_interrogate", target=R_SOL).order(G_SOL, "soldier_kill", target=SHERIFF).resolve()
    assert g.alive(SHERIFF)
    assert g.result(G_SOL) == "interfered"
