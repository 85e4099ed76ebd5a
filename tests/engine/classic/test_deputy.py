"""Депутат (5.2.10): what the text says, move by move."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at, refused, tally, vote


def test_deputy_gag_takes_the_next_days_vote() -> None:
    g = at("deputy", extra=2)
    g.to_night().order(X, "deputy_gag", target=Y).resolve()
    vote(g, {Y: RED_1})
    assert tally(g).get(RED_1, 0) == 0


def test_deputy_block_fails_the_move() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"


def test_deputy_not_the_same_two_nights_running() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=Y).resolve()
    g.to_night()
    assert refused(g, "deputy_gag", "two_phases_running", target=Y), "«Нельзя воздействовать на одного игрока две ночи подряд»"


def test_deputy_each_act_once_a_game_on_one() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=Y).resolve()
    g.to_night().order(X, "deputy_block", target=CITIZEN).resolve()
    g.to_night()
    assert refused(g, "deputy_block", "twice_on_target", target=Y), \
        "«Нельзя использовать каждое воздействие на одного игрока более одного раза»"


def test_deputy_corruption_doubles_his_vote_twice_a_game() -> None:
    g = at("deputy", extra=2)
    g.order(X, "deputy_corruption", target=RED_1)
    vote(g, {X: RED_1})
    assert tally(g)[RED_1] == 2
    g.to_night().resolve()
    g.order(X, "deputy_corruption", target=RED_2).resolve()
    g.to_night().resolve()
    assert refused(g, "deputy_corruption", "limit_reached", target=RED_1), "«два раза за игру»"


def test_deputy_church_only_with_a_priest_and_untouchable() -> None:
    g = at("deputy")
    g.to_night()
    assert refused(g, "deputy_church", "no_church"), "«если священник в игре»"
    g.state.player(Y).secret_role = "priest"
    g.order(X, "deputy_church").order(GREEN_1, "soldier_kill", target=X).resolve()
    assert g.alive(X)
    assert g.result(GREEN_1) == "interfered"


def test_deputy_does_not_pay_for_his_order_to_the_harlot() -> None:
    """«Заказ Шмаре не оплачивает»: the order is carried out, nothing leaves his purse."""
    g = at("deputy", extra=0)
    g.state.player(CITIZEN).secret_role = "harlot"
    mine = g.coins(X)
    g.order(X, "day_order", service="service_seduce", target=GREEN_1).to_night()
    g.order(CITIZEN, "harlot_seduce", target=GREEN_1).order(GREEN_1, "soldier_kill", target=RED_2).resolve()
    assert g.result(CITIZEN) == "ok" and g.events("order_fulfilled", X)
    assert g.coins(X) == mine
