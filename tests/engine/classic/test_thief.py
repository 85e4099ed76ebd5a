"""Уличный воришка (5.2.4) и Отморозок (5.2.5): what the text says, move by move."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import RED_1, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at


def test_thief_steals_the_last_item_and_gets_two_coins() -> None:
    g = at("thief")
    new_item(g.state, Y, "diploma")
    new_item(g.state, Y, "icon", bought=True)
    before = g.coins(X)
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.items(Y) == ["diploma"]
    assert g.coins(X) == before + 2 + 2
    assert g.events("stole_item", X)


def test_thief_steals_a_third_of_the_coins_rounded_down() -> None:
    g = at("thief")
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.coins(Y) == 4 - 1, "4 // 3 = 1"


def test_thief_takes_only_the_mirror_and_keeps_it() -> None:
    g = at("thief")
    new_item(g.state, Y, "mirror")
    new_item(g.state, Y, "icon", bought=True)
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.items(Y) == ["icon"]
    assert "mirror" in g.items(X)


def test_thief_steals_the_pistol_of_a_mafioso_and_becomes_a_thug() -> None:
    g = at("thief")
    g.to_night().order(X, "thief_steal", target=RED_1, pistol="pistol_thug").resolve()
    assert g.events("pistol_stolen", RED_1)
    assert g.state.player(X).secret_role == "thug"
    assert g.state.player(X).faction == "thug"


def test_thief_sells_a_cops_pistol_and_stays() -> None:
    g = at("thief")
    before = g.coins(X)
    g.to_night().order(X, "thief_steal", target=SHERIFF, pistol="pistol_sell").resolve()
    assert g.state.player(X).secret_role == "thief"
    assert g.coins(X) == before + 4
    assert g.items(SHERIFF) == ["vest"], "«влияния на мафа/копа нет»"


def test_thug_shot_kills() -> None:
    g = at("thug", arises=True)
    g.to_night().order(X, "thug_shot", target=Y, thief="thief_kill").resolve()
    assert not g.alive(Y)


def test_thug_shooting_the_thief_founds_the_clan() -> None:
    g = at("thug", arises=True)
    g.state.player(Y).secret_role = "thief"
    g.state.player(Y).faction = "neutral"
    g.to_night().order(X, "thug_shot", target=Y, thief="thief_clan").resolve()
    assert g.alive(Y)
    assert g.state.player(Y).secret_role == "thug"
    assert g.state.player(Y).faction == "thug"
