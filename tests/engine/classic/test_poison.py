"""Яд гадюки / скорпиона and the Противоядия (2.1): a poisoned character dies on the second morning unless cured;
the antidote of his poison saves him at once or at the poison's time; the poison is the clan's (1.15)."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.items.poison import cure, poisoned
from engine.rulesets.classic.model import become, new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, RED_BOSS, SHERIFF, Game


def poisoned_game(poison: str = "viper") -> Game:
    g = Game()
    new_item(g.state, RED_1, f"poison_{poison}")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison=f"poison_{poison}").resolve()
    return g


def test_poison_kills_on_the_second_morning() -> None:
    g = poisoned_game()
    assert g.alive(CITIZEN) and poisoned(g.state, CITIZEN)
    assert g.events("classic_poisoned", CITIZEN), "the poisoned is told"
    assert g.result(RED_1) == "ok"
    assert "poison_viper" not in g.items(RED_1), "the poison is spent"
    g.resolve()  # day 2
    assert g.alive(CITIZEN)
    g.resolve()  # night 3: the second morning
    assert not g.alive(CITIZEN)
    assert g.public("death")[-1] == {"pid": CITIZEN, "cause": "poison"}


def test_poison_is_not_sold_to_the_town() -> None:
    g = Game()
    g.to_night()
    with pytest.raises(Refusal):
        g.order(CITIZEN, "buy", item="buy_poison_viper")
    g.order(RED_1, "buy", item="buy_poison_scorpion").resolve()
    assert "poison_scorpion" in g.items(RED_1)


def test_poison_is_the_clans_common_item() -> None:
    g = Game()
    new_item(g.state, RED_BOSS, "poison_scorpion")
    g.to_night().order(RED_2, "poison", target=SHERIFF, poison="poison_scorpion").resolve()
    assert poisoned(g.state, SHERIFF)
    assert "poison_scorpion" not in g.items(RED_BOSS)


def test_poison_needs_a_poison() -> None:
    g = Game().to_night()
    with pytest.raises(Refusal) as err:
        g.order(RED_1, "poison", target=CITIZEN, poison="poison_viper")
    assert err.value.params["reason"] == "no_poison"


def test_poison_not_into_the_own_clan() -> None:
    g = Game()
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=RED_2, poison="poison_viper").resolve()
    assert g.result(RED_1) == "own_clan" and not poisoned(g.state, RED_2)


def test_poison_into_the_spirit_fails_and_is_not_spent() -> None:
    g = Game()
    become(g.state, CITIZEN, "spirit")
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert g.result(RED_1) == "interfered"
    assert "poison_viper" in g.items(RED_1)


@pytest.mark.parametrize("role", ["priest", "drunkard", "vampire", "ghoul", "zombie", "warlock", "chemist"])
def test_poison_the_immune_is_ok_and_spent(role: str) -> None:
    g = Game()
    become(g.state, GREEN_1, role)
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=GREEN_1, poison="poison_viper").resolve()
    assert g.result(RED_1) == "ok"
    assert "poison_viper" not in g.items(RED_1)
    assert not poisoned(g.state, GREEN_1)


def test_antidote_held_is_used_at_once() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "antidote_viper")
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert not poisoned(g.state, CITIZEN)
    assert g.events("antidote_used", CITIZEN)
    assert "antidote_viper" not in g.items(CITIZEN)


def test_antidote_of_the_other_poison_does_not_help() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "antidote_scorpion")
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert poisoned(g.state, CITIZEN)
    g.resolve().resolve()
    assert not g.alive(CITIZEN)
    assert "antidote_scorpion" in g.items(CITIZEN)


def test_antidote_bought_the_next_night_saves() -> None:
    g = poisoned_game("scorpion")
    g.resolve()  # day 2
    g.order(CITIZEN, "buy", item="buy_antidote_scorpion").resolve()  # «купив противоядие»
    assert g.alive(CITIZEN) and not poisoned(g.state, CITIZEN)


def test_antidote_is_not_a_move() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "antidote_viper")
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison="poison_viper")
    g.order(CITIZEN, "stake", target=RED_BOSS).resolve()
    assert g.result(CITIZEN) == "ok"


def test_poison_cured_by_a_healer_does_not_kill() -> None:
    g = poisoned_game()
    assert cure(g.state, CITIZEN)
    g.resolve().resolve()
    assert g.alive(CITIZEN)


def test_poison_kill_pays_the_clan() -> None:
    g = poisoned_game()
    before = g.coins(RED_1)
    g.resolve().resolve()
    assert not g.alive(CITIZEN)
    assert g.coins(RED_1) >= before + 1
