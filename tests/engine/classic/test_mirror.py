"""Зеркало (given): «Дух посещающий игрока с Зеркалом погибает… При посадке зеркало переходит Следователю, если
допроса не было, то зеркало переходит одному из проголосовавших в посаженного игрока (выбор происходит
монеткой).»"""

from __future__ import annotations

from engine.rulesets.classic.model import become, cit, new_item, take_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game


def clean() -> Game:
    g = Game()
    for p in g.state.players:
        for item in list(cit(g.state, p.pid).items):
            if item.kind == "mirror":
                take_item(g.state, p.pid, item.uid)
    return g


def test_mirror_kills_the_visiting_spirit() -> None:
    g = clean()
    become(g.state, GREEN_1, "spirit")
    new_item(g.state, CITIZEN, "mirror")
    g.to_night()
    new_item(g.state, GREEN_1, "sleeping_pill")
    g.order(GREEN_1, "use_sleeping_pill", target=CITIZEN).resolve()
    assert not g.alive(GREEN_1)
    assert "mirror" in g.items(CITIZEN)


def test_mirror_goes_to_a_voter_on_jailing() -> None:
    g = clean()
    new_item(g.state, CITIZEN, "mirror")
    for voter in (RED_BOSS, RED_1, SHERIFF):
        g.order(voter, "vote", target=CITIZEN)
    g.resolve()
    assert "mirror" not in g.items(CITIZEN)
    assert sum("mirror" in g.items(v) for v in (RED_BOSS, RED_1, SHERIFF)) == 1


def test_mirror_goes_to_the_investigator_on_jailing() -> None:
    g = clean()
    become(g.state, GREEN_1, "investigator")
    new_item(g.state, CITIZEN, "mirror")
    for voter in (RED_BOSS, RED_1, SHERIFF):
        g.order(voter, "vote", target=CITIZEN)
    g.resolve()
    assert "mirror" in g.items(GREEN_1)
