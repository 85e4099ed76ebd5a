"""Вербовщик (6.2): the clan's kill, «вербовать в клан новичков» — with an answer of the recruit (a question to
him, answered by day) or with шантаж (5 coins, no choice); who cannot be recruited; «С начала партии имеет
сирену»."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.classic.conftest import Game
from tests.engine.classic.test_investigator import C1, C2, G_REC, INV, R_REC, R_SOL, SHERIFF, TABLE


def game() -> Game:
    return Game(table=TABLE)


def offer(g: Game, target: int) -> str:
    [question] = [q for q in g.state.questions.values() if q.kind == "recruit_offer" and q.to == target]
    return question.key


def test_recruiter_starts_with_a_siren() -> None:
    assert "siren" in game().items(R_REC)


def test_recruiter_kill_kills() -> None:
    g = game()
    g.to_night().order(R_REC, "recruiter_kill", target=C1).resolve()
    assert not g.alive(C1)


def test_recruiter_kill_is_the_clans_one_shot() -> None:
    g = game()
    g.to_night().order(R_SOL, "soldier_kill", target=C1)
    with pytest.raises(Refusal):
        g.order(R_REC, "recruiter_kill", target=C2)


def test_recruiter_recruit_accepted_makes_an_apprentice() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit", target=C1).resolve()
    assert g.state.player(C1).secret_role == "citizen", "the recruitment happens after his answer"
    assert g.state.questions[offer(g, C1)].options == ["accept", "refuse"], "one clan: he does not learn which"
    api.answer(g.state, C1, offer(g, C1), ["accept"])
    g.resolve()
    assert g.state.player(C1).secret_role == "apprentice"
    assert g.events("recruit_success", R_REC)
    assert g.coins(R_REC) == 8 + 2 + 2, "+2 the move, +2 «Удачная вербовка»"


def test_recruiter_recruit_refused_by_default() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit", target=C1).resolve()
    g.resolve()
    assert g.state.player(C1).secret_role == "citizen"
    assert g.events("recruit_refused", R_REC)


def test_recruiter_cannot_recruit_a_cop_who_is_only_told() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit", target=INV).resolve()
    assert g.events("recruit_attempt", INV)
    assert not [q for q in g.state.questions.values() if q.kind == "recruit_offer"]
    g.resolve()
    assert g.events("recruit_refused", R_REC)
    assert g.state.player(INV).secret_role == "investigator"


def test_recruiter_recruit_void_when_the_recruit_dies_that_night() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit", target=C1).order(SHERIFF, "sheriff_shot", target=C1).resolve()
    assert not [q for q in g.state.questions.values() if q.kind == "recruit_offer"]
    assert g.result(R_REC) == "interfered"
    assert not g.events("recruit_attempt", C1)


def test_recruiter_blackmail_recruits_at_once_and_costs_five() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit_blackmail", target=C1).resolve()
    assert g.state.player(C1).secret_role == "apprentice"
    assert g.coins(R_REC) == 8 - 5 + 2 + 2


def test_recruiter_blackmail_paid_whatever_the_outcome() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit_blackmail", target=SHERIFF).resolve()
    assert g.state.player(SHERIFF).secret_role == "sheriff"
    assert g.result(R_REC) == "recruit_refused"
    assert g.coins(R_REC) == 8 - 5 + 2


def test_recruiter_blackmail_has_priority_over_a_plain_offer() -> None:
    g = game()
    g.to_night().order(G_REC, "recruit", target=C1).order(R_REC, "recruit_blackmail", target=C1).resolve()
    assert g.state.player(C1).secret_role == "apprentice"
    assert g.state.player(C1).flags["cl_clan"] == 1
    assert not [q for q in g.state.questions.values() if q.kind == "recruit_offer"]


def test_recruiter_two_clans_offer_the_recruit_chooses() -> None:
    g = game()
    g.to_night().order(G_REC, "recruit", target=C1).order(R_REC, "recruit", target=C1).resolve()
    key = offer(g, C1)
    assert set(g.state.questions[key].options) == {"join_mafia_red", "join_mafia_green", "refuse"}
    api.answer(g.state, C1, key, ["join_mafia_green"])
    g.resolve()
    assert g.state.player(C1).flags["cl_clan"] == 2
    assert g.events("recruit_refused", R_REC) and g.events("recruit_success", G_REC)


def test_recruiter_no_new_apprentice_while_the_clan_has_one() -> None:
    g = game()
    g.to_night().order(R_REC, "recruit_blackmail", target=C1).resolve()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(R_REC, "recruit", target=C2)


def test_recruiter_a_soldier_cannot_recruit() -> None:
    g = game()
    with pytest.raises(Refusal):
        g.to_night().order(R_SOL, "recruit", target=C1)


def test_recruiter_cannot_recruit_his_own_clan() -> None:
    g = game()
    with pytest.raises(Refusal):
        g.to_night().order(R_REC, "recruit", target=R_SOL)


def test_recruiter_no_recruiting_into_a_clan_of_five() -> None:
    """«Клан не может состоять более чем из 5 членов одновременно»."""
    g = Game(table=[*TABLE, "citizen", "citizen"])
    g.state.player(C2).faction = "mafia_red"  # four members: one more may come
    g.to_night().order(R_REC, "recruit", target=11)
    g.state.player(10).faction = "mafia_red"  # five
    g.state.orders.pop(R_REC)
    with pytest.raises(Refusal):
        g.order(R_REC, "recruit", target=11)
