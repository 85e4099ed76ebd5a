"""Вышибала (5.2.9): what the text says, move by move."""

from __future__ import annotations

from tests.engine.classic.conftest import RED_1
from tests.engine.classic.neutral_helpers import X, Y, at


def test_bouncer_beat_blocks_and_kills_after_the_next_night() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_beat", target=Y).resolve()
    assert g.alive(Y)
    assert g.events("beaten", Y)
    g.to_night().order(Y, "stake", target=RED_1).resolve()
    assert g.result(Y) == "interfered", "«не может совершить ход без лечения»"
    assert not g.alive(Y), "«без лечения умрет после следующей ночи»"


def test_bouncer_beating_an_armed_one_is_shot() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_beat", target=RED_1).resolve()
    assert not g.alive(X)
    assert g.alive(RED_1)


def test_bouncer_wreck_closes_the_shop_for_a_day() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_wreck").order(Y, "buy", item="buy_icon").resolve()
    assert "icon" not in g.items(Y)
    assert g.public("shop_wrecked")
