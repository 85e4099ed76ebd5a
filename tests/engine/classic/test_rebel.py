"""Бунтарь (5.2.6): «Вербует последователей. Может завербовать те же роли, что и мафия. Вербовка удачна со второго
раза… Если игрок не вербуемый, бунтарь узнает об этом при первом посещении. Завербованные исходную роль не теряют…
но получают возможность общаться друг с другом. Когда их становится трое - бунтарь приобретает возможность
стрелять… Если его сажают или убивают, бунтарем становится самый ранний по времени завербованный… Группировка
бунтаря не может составлять более 3 человек. Вербовать может только изначальный бунтарь.»"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.ruleset import team_of
from tests.engine.classic.conftest import RED_1, SHERIFF, Game
from tests.engine.classic.neutral_helpers import X, Y, at, refused, vote

A, B, C, D = Y, Y + 1, Y + 2, Y + 3


def recruit(g: Game, target: int) -> None:
    for _ in range(2):
        g.to_night().order(X, "rebel_recruit", target=target).resolve()


def test_rebel_recruit_works_at_the_second_visit() -> None:
    g = at("rebel", extra=4)
    g.to_night().order(X, "rebel_recruit", target=A).resolve()
    assert not g.events("rebel_recruited", A), "told only when he becomes a follower"
    g.to_night().order(X, "rebel_recruit", target=A).resolve()
    assert g.events("rebel_recruited", A)
    assert g.state.player(A).secret_role == "citizen", "«исходную роль не теряют»"
    assert team_of(g.state, A) == team_of(g.state, X) == "rebels"


def test_rebel_learns_the_unrecruitable_at_the_first_visit() -> None:
    g = at("rebel", extra=4)
    g.to_night().order(X, "rebel_recruit", target=SHERIFF).resolve()
    assert g.events("rebel_not_recruitable", X)


def test_rebel_shoots_at_three_followers() -> None:
    g = at("rebel", extra=4)
    g.to_night()
    assert refused(g, "rebel_shot", "rebel_unarmed", target=RED_1)
    for target in (A, B, C):
        recruit(g, target)
    g.to_night()
    assert refused(g, "rebel_recruit", "rebel_group_full", target=D)
    g.order(X, "rebel_shot", target=RED_1).resolve()
    assert not g.alive(RED_1)


def test_rebel_jailed_the_earliest_follower_becomes_the_rebel_and_cannot_recruit() -> None:
    g = at("rebel", extra=4)
    for target in (A, B, C):
        recruit(g, target)
    vote(g, {A: X, B: X, C: X})
    assert g.jailed(X)
    assert g.state.player(A).secret_role == "rebel"
    assert g.state.player(A).flags.get("rebel_armed"), "the ability passes to him"
    g.to_night()
    with pytest.raises(Refusal, match="not_the_first_rebel"):
        api.submit(g.state, A, "rebel_recruit", params={"target": D})
    g.order(A, "rebel_shot", target=RED_1).resolve()
    assert not g.alive(RED_1)
