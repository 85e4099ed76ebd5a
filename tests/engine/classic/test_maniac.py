"""Маньяк (5.2.3): what the text says, move by move."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import RED_1, RED_2, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at, refused, tally, vote


def test_maniac_kill_ignores_the_vest() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_kill", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF), "«При убийствах игнорирует бронежилет»"
    assert g.result(X) == "ok"
    assert not g.public("bloody_murder"), "«Маньяк улик не оставляет»"


def test_maniac_bloody_kill_is_announced_to_the_town() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_bloody_kill", target=Y).resolve()
    assert not g.alive(Y)
    assert g.public("bloody_murder") == [{"pid": Y}]
    assert g.state.player(Y).flags.get("bloody"), "the Ведьмак and the Реаниматор cannot help him"


def test_maniac_torture_takes_the_vote_and_leaves_him_alive() -> None:
    g = at("maniac", arises=True, extra=2)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    assert g.alive(Y)
    vote(g, {Y: RED_1, X: RED_2})
    assert tally(g).get(RED_1, 0) == 0, "«лишился голоса на дневном голосовании»"
    assert tally(g)[RED_2] == 1


def test_maniac_torture_takes_the_last_item_and_sells_it() -> None:
    g = at("maniac", arises=True)
    new_item(g.state, Y, "diploma")
    new_item(g.state, Y, "enema", bought=True)  # (a Сирена would turn the Маньяк away: items/night.py)
    before = g.coins(X)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items").resolve()
    assert g.items(Y) == ["diploma"], "the last bought is taken"
    assert "enema" not in g.items(X)
    assert g.coins(X) == before + 2 + 2, "sold for 2, and the move's 2"
    assert g.events("torture_items", X)


def test_maniac_torture_keeps_one_item_once_a_game() -> None:
    g = at("maniac", arises=True, extra=2)
    new_item(g.state, Y, "enema")  # (a Сирена would turn the Маньяк away: items/night.py)
    new_item(g.state, Y + 1, "icon")
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items_keep").resolve()
    assert "enema" in g.items(X)
    g.to_night().order(X, "maniac_torture", target=Y + 1, learn="torture_items_keep").resolve()
    assert "icon" not in g.items(X), "«Один раз за игру может оставить себе»"


def test_maniac_torture_without_items_beats() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items").resolve()
    assert g.events("tortured_beaten", Y)
    assert g.state.effects_of("blocked", target=Y), "no day moves"


def test_maniac_torture_sees_a_pistol() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=RED_1, learn="torture_items").resolve()
    assert g.events("torture_pistol", X)


def test_maniac_cannot_torture_the_priest() -> None:
    g = at("maniac", arises=True)
    g.state.player(Y).secret_role = "priest"
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    assert g.result(X) == "interfered"
    assert not g.state.effects_of("voiceless", target=Y)


def test_maniac_torture_not_twice_on_one() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    g.to_night()
    assert refused(g, "maniac_torture", "twice_on_target", target=Y, learn="torture_visits"), \
        "«Не может пытать одного и того же персонажа более одного раза за игру»"


def test_maniac_torture_is_not_stopped_by_a_siren() -> None:
    """«Сирена, броник, ловушка и отражатель не спасает (не сбивает защиту), за исключением капкана»."""
    g = at("maniac", arises=True, extra=2)
    new_item(g.state, Y, "siren")
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    assert g.result(X) == "ok"
    assert "siren" in g.items(Y), "the siren is not set off (не сбивает защиту)"
    vote(g, {Y: RED_1, X: RED_2})
    assert tally(g).get(RED_1, 0) == 0, "the tortured lost his vote all the same"
