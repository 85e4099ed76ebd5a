"""Зеркало (given): «Если игрока с зеркалом убивают/обкрадывают, то зеркало переходит к убийце или вору.» 4.3:
«Убит – погиб от выстрела сразу, погиб от ножа маньяка. Умер – умер от раны, умер от отравления.»"""

from __future__ import annotations

from engine.rulesets.classic.model import DYING, new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, Game


def holder() -> Game:
    g = Game()
    for pid in range(len(g.state.players)):
        g.disarm(pid)
    new_item(g.state, CITIZEN, "mirror")
    return g


def test_mirror_passes_to_the_killer() -> None:
    g = holder()
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert "mirror" in g.items(RED_1)


def test_mirror_not_to_a_poisoner() -> None:
    g = holder().to_night()
    g.state.add_effect(DYING, target=CITIZEN, source=GREEN_1, start=g.state.phase, end=g.state.phase, cause="poison")
    g.resolve()
    assert not g.alive(CITIZEN)
    assert "mirror" not in g.items(GREEN_1)
