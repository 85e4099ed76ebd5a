"""Алиби (2): «Позволяет игроку попавшему в тюрьму выйти из нее утром (применимо к другому игроку, допроса не
будет).» 4.1: «Выход из тюрьмы (выпуск из тюрьмы по визитке, Алиби)» — the first step of the early morning."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game


def jail(g: Game, pid: int) -> Game:
    voters = [p for p in (RED_BOSS, GREEN_1, SHERIFF, CITIZEN, RED_1) if p != pid][:3]
    for voter in voters:
        g.order(voter, "vote", target=pid)
    g.resolve()
    assert g.jailed(pid)
    return g


def test_alibi_frees_its_jailed_holder_in_the_morning() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "alibi")
    jail(g, CITIZEN).resolve()
    assert not g.jailed(CITIZEN)
    assert "alibi" not in g.items(CITIZEN)
    assert any(p["pid"] == CITIZEN for p in g.public("released"))


def test_alibi_given_to_another_jailed() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "alibi")
    jail(g, SHERIFF)
    g.order(CITIZEN, "use_alibi", target=SHERIFF).resolve()
    assert not g.jailed(SHERIFF)
    assert "alibi" not in g.items(CITIZEN)


def test_alibi_only_for_the_jailed() -> None:
    import pytest

    from engine.core.refusal import Refusal

    g = Game()
    new_item(g.state, CITIZEN, "alibi")
    g.to_night()
    with pytest.raises(Refusal):
        g.order(CITIZEN, "use_alibi", target=SHERIFF)


def test_alibi_is_not_a_move() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "alibi")
    jail(g, SHERIFF)
    g.order(CITIZEN, "use_alibi", target=SHERIFF).order(CITIZEN, "stake", target=RED_BOSS).resolve()
    assert g.result(CITIZEN) == "ok"
