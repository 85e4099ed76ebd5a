"""Аферист (5.2.7): what the text says, move by move."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, RED_1, RED_2
from tests.engine.classic.neutral_helpers import X, Y, at, refused, tally, vote


def test_swindler_copy_makes_the_target_vote_as_he_does() -> None:
    g = at("swindler", extra=2)
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    vote(g, {X: RED_1, Y: RED_2})
    assert tally(g)[RED_1] == 2
    assert tally(g).get(RED_2, 0) == 0


def test_swindler_copy_nothing_when_he_does_not_vote() -> None:
    g = at("swindler", extra=2)
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    vote(g, {Y: RED_2})
    assert tally(g)[RED_2] == 1


def test_swindler_copy_not_twice_running() -> None:
    g = at("swindler")
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    g.to_night()
    assert refused(g, "swindler_copy", "two_phases_running", target=Y), "«Нельзя выбирать одного и того же игрока два раза подряд»"


def test_swindler_copy_not_more_than_twice_a_game() -> None:
    g = at("swindler")
    for target in (Y, CITIZEN, Y):
        g.to_night().order(X, "swindler_copy", target=target).resolve()
    g.to_night().order(X, "swindler_copy", target=CITIZEN).resolve()
    g.to_night()
    assert refused(g, "swindler_copy", "twice_a_game", target=Y), "«более двух раз за игру»"
