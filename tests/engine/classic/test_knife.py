"""Складной нож (2): «При покупке ножа, простой мирный житель становится Гопником. Остальными персонажами не
используется.» The Гопник: «Уличный воришка (гопник)»."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, SHERIFF, Game


def test_knife_makes_a_citizen_a_gopnik() -> None:
    g = Game().to_night()
    g.order(CITIZEN, "buy", item="buy_knife").resolve()
    assert g.state.player(CITIZEN).secret_role == "thief"
    assert g.events("role_changed", CITIZEN)


def test_knife_does_nothing_for_others() -> None:
    g = Game().to_night()
    g.order(SHERIFF, "buy", item="buy_knife").resolve()
    assert g.state.player(SHERIFF).secret_role == "sheriff"
    assert "knife" in g.items(SHERIFF)
