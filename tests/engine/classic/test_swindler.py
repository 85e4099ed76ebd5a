"""Аферист (5.2.7): what the text says, move by move."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_BOSS, RED_1, RED_2, SHERIFF
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


def test_swindler_swap_changes_two_of_the_last_five_ballots() -> None:
    """«может изменить два голоса из пяти последних проголосовавших»: the two latest go against his choice; the
    public ballots stay as cast («Никто не узнаёт о том, чьи голоса менялись»)."""
    g = at("swindler", extra=3)  # 12 players
    g.to_night().order(X, "swindler_swap", target=RED_1).resolve()
    vote(g, {Y: SHERIFF, 10: SHERIFF, 11: SHERIFF, CITIZEN: SHERIFF, GREEN_BOSS: SHERIFF, GREEN_1: SHERIFF})
    assert tally(g)[SHERIFF] == 4 and tally(g)[RED_1] == 2
    assert [p["target"] for p in g.public("vote_cast")] == [SHERIFF] * 6


def test_swindler_swap_only_among_the_last_five() -> None:
    g = at("swindler", extra=3)
    g.to_night().order(X, "swindler_swap", target=RED_1).resolve()
    vote(g, {Y: SHERIFF, 10: RED_1, 11: RED_1, CITIZEN: RED_1, GREEN_BOSS: RED_1, GREEN_1: RED_1})
    assert tally(g)[SHERIFF] == 1, "the sixth-last ballot is out of his reach"


def test_swindler_swap_one_of_the_last_three_with_ten_or_fewer_players() -> None:
    """«Если в игре осталось 10 и менее игроков, то может изменить один голос из трёх последних»."""
    g = at("swindler", extra=1)  # 10 players
    g.to_night().order(X, "swindler_swap", target=RED_1).resolve()
    vote(g, {Y: SHERIFF, CITIZEN: SHERIFF, GREEN_BOSS: SHERIFF, GREEN_1: SHERIFF})
    assert tally(g)[SHERIFF] == 3 and tally(g)[RED_1] == 1


def test_swindler_swap_never_makes_one_vote_against_himself() -> None:
    g = at("swindler", extra=1)
    g.to_night().order(X, "swindler_swap", target=RED_1).resolve()
    vote(g, {Y: SHERIFF, RED_1: SHERIFF})
    assert tally(g) == {SHERIFF: 1, RED_1: 1}, "RED_1's own ballot is left; Y's goes to RED_1"
