"""Химик (6.5): «Может изготовить яд, противоядие. Самостоятельно может только травить. Не может быть отравлен.»
He arises from an apprentice (never dealt): tests make him with `become`."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.items.poison import poisoned
from engine.rulesets.classic.model import become, new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, Game


def chemist() -> Game:
    g = Game()
    become(g.state, RED_1, "chemist")
    return g


def test_chemist_poisons_on_his_own() -> None:
    g = chemist().to_night()
    g.order(RED_1, "chemist_poison", target=CITIZEN, poison="poison_scorpion").resolve()
    assert g.result(RED_1) == "ok" and poisoned(g.state, CITIZEN)
    g.resolve().resolve()
    assert not g.alive(CITIZEN)


def test_chemist_brews_a_poison_for_his_clan() -> None:
    g = chemist().to_night()
    g.order(RED_1, "chemist_brew", brew="brew_poison_viper").resolve()
    assert "poison_viper" in g.items(RED_1)
    g.resolve()  # day 2
    g.order(RED_2, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert poisoned(g.state, CITIZEN)


def test_chemist_brews_an_antidote() -> None:
    g = chemist().to_night()
    g.order(RED_1, "chemist_brew", brew="brew_antidote_scorpion").resolve()
    assert "antidote_scorpion" in g.items(RED_1)


def test_chemist_one_move_a_night() -> None:
    g = chemist().to_night()
    g.order(RED_1, "chemist_brew", brew="brew_poison_viper")
    with pytest.raises(Refusal):
        g.order(RED_1, "chemist_poison", target=CITIZEN, poison="poison_viper")


def test_chemist_cannot_be_poisoned() -> None:
    g = chemist()
    new_item(g.state, GREEN_1, "poison_viper")
    g.to_night().order(GREEN_1, "poison", target=RED_1, poison="poison_viper").resolve()
    assert g.result(GREEN_1) == "ok" and not poisoned(g.state, RED_1)


def test_chemist_does_not_poison_his_clan() -> None:
    g = chemist().to_night()
    g.order(RED_1, "chemist_poison", target=RED_2, poison="poison_viper").resolve()
    assert g.result(RED_1) == "own_clan"
