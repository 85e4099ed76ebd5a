"""Псих (5.2.8): «может взрывать персонажей. Бронежилет от взрыва не спасает», «изготовить взрывчатку», «Имеет
первоначальный запас взрывчатки - 1 шт. Не умирает вместе с взорванным. Если психа убивают из пистолета - убийца
взрывается вместе с ним. Если в момент убийства Психа у него отсутствует взрывчатка, то убийца остаётся в живых.»
«Если психа сажают в тюрьму - игрок, давший последний… активный голос против него умирает»."""

from __future__ import annotations

from tests.engine.classic.conftest import RED_1, RED_BOSS, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at, refused, vote


def test_psycho_blow_ignores_the_vest_and_he_survives() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF)
    assert g.alive(X)


def test_psycho_has_one_explosive_at_first() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night()
    assert refused(g, "psycho_blow", "no_explosive", target=RED_1)


def test_psycho_make_gives_another_explosive() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night().order(X, "psycho_make").resolve()
    g.to_night().order(X, "psycho_blow", target=RED_1).resolve()
    assert not g.alive(RED_1)


def test_psycho_shot_dead_takes_his_killer_with_him() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(RED_1, "soldier_kill", target=X).resolve()
    assert not g.alive(X)
    assert not g.alive(RED_1)


def test_psycho_without_explosive_his_killer_lives() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night().order(RED_1, "soldier_kill", target=X).resolve()
    assert not g.alive(X)
    assert g.alive(RED_1)


def test_psycho_jailed_kills_his_last_voter() -> None:
    g = at("psycho", arises=True, extra=3)
    vote(g, {RED_BOSS: X, Y: X, RED_1: X})
    assert g.jailed(X)
    assert not g.alive(RED_1), "the last ballot against him"
    assert g.alive(RED_BOSS) and g.alive(Y)
