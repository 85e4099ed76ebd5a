"""Адвокат (5.2.2): what the text says, move by move."""

from __future__ import annotations

from tests.engine.classic.conftest import CITIZEN, RED_1, RED_2, RED_BOSS, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at, refused, tally, vote


def test_lawyer_take_vote_makes_the_target_vote_as_he_does() -> None:
    g = at("lawyer", extra=2)
    g.to_night().order(X, "lawyer_take_vote", target=Y).resolve()
    vote(g, {X: RED_1, Y: RED_2})
    assert tally(g)[RED_1] == 2


def test_lawyer_take_vote_twice_a_game_and_once_a_player() -> None:
    g = at("lawyer", extra=2)
    g.to_night().order(X, "lawyer_take_vote", target=Y).resolve()
    g.to_night()
    assert refused(g, "lawyer_take_vote", "twice_on_target", target=Y), \
        "«Не может забирать голос у одного и того же персонажа более одного раза»"
    g.order(X, "lawyer_take_vote", target=Y + 1).resolve()
    g.to_night()
    assert refused(g, "lawyer_take_vote", "limit_reached", target=CITIZEN), "«Два раза за игру»"


def test_lawyer_releases_a_sinless_cop_automatically() -> None:
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, Y: SHERIFF})
    assert not g.jailed(SHERIFF)
    assert g.public("released")


def test_lawyer_does_not_release_a_cop_who_killed_a_citizen() -> None:
    g = at("lawyer", extra=3)
    g.to_night().order(SHERIFF, "sheriff_shot", target=Y).resolve()
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, X: SHERIFF})
    assert g.jailed(SHERIFF)


def test_lawyer_releases_himself_once() -> None:
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: X, RED_1: X, Y: X})
    assert not g.jailed(X)
    g.to_night().resolve()
    vote(g, {RED_BOSS: X, RED_1: X, Y: X})
    assert g.jailed(X), "«не может выпускать из тюрьмы если игрок уже выпускался ранее»"
