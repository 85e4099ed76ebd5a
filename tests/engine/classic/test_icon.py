"""Икона (2): «Однократно защищает от любой нечисти и нежити.»"""

from __future__ import annotations

from engine.core.resolution import Resolution
from engine.core.ruleset import get_ruleset
from engine.rulesets.classic.model import become, new_item
from engine.rulesets.classic.moves import harm
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_2, Game


def test_icon_stops_the_unclean_once() -> None:
    g = Game().to_night()
    become(g.state, GREEN_1, "vampire")
    new_item(g.state, RED_2, "icon")
    res = Resolution(g.state, get_ruleset("classic"))
    assert harm(res, GREEN_1, RED_2, cause="bite").amount == 0
    assert "icon" not in g.items(RED_2)
    assert g.events("icon_saved", RED_2)
    assert harm(res, GREEN_1, RED_2, cause="bite").amount == 1


def test_icon_not_against_the_mafia() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "icon")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN), "the citizen's icon (his start gift) does not stop the mafia"
