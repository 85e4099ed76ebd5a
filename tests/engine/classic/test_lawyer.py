"""Адвокат (5.2.2): what the text says, move by move."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic import economy
from engine.rulesets.classic.deaths import reveal
from tests.engine.classic.conftest import (
    CITIZEN,
    GREEN_1,
    GREEN_2,
    GREEN_BOSS,
    RED_1,
    RED_2,
    RED_BOSS,
    SHERIFF,
    Game,
)
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


def _jail(g: Game, pid: int) -> None:
    """The day's vote jails `pid` (three votes); the game is at the night."""
    voters = [v for v in (GREEN_BOSS, GREEN_1, GREEN_2, CITIZEN, SHERIFF) if v != pid][:3]
    vote(g, dict.fromkeys(voters, pid))
    assert g.jailed(pid) and g.state.is_night


def test_lawyer_releases_for_the_mafias_bribe_of_eight_coins() -> None:
    """«Выпускает их тюрьмы свежепосаженных персонажей за взятку в 8 монет от мафии… (Выпуск за взятку … —
    ночной ход)»: the общак pays 8 to the Адвокат, the jailed is out in the morning."""
    g = at("lawyer", extra=2)
    _jail(g, RED_1)
    fund, mine = g.coins(RED_BOSS), g.coins(X)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})
    assert g.events("bribe_offered", X), "the Адвокат learns the offer at once"
    g.order(X, "lawyer_release", target=RED_1).resolve()
    assert not g.jailed(RED_1)
    assert g.coins(RED_BOSS) == fund - 8
    assert g.coins(X) == mine + 8 + 2, "the bribe and +2 for the night move"
    assert g.events("bribe_taken", RED_BOSS)


def test_lawyer_bribe_may_free_anyone_freshly_jailed() -> None:
    """«(может выпустить любого игрока)»."""
    g = at("lawyer", extra=2)
    _jail(g, Y)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": Y})
    g.order(X, "lawyer_release", target=Y).resolve()
    assert not g.jailed(Y)


def test_lawyer_bribe_only_for_the_freshly_jailed() -> None:
    g = at("lawyer", extra=2)
    _jail(g, RED_1)
    g.resolve()
    g.resolve()  # a day later: RED_1 was jailed the day before yesterday
    assert g.state.is_night
    with pytest.raises(Refusal, match="not_freshly_jailed"):
        api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})


def test_lawyer_bribe_not_for_a_revealed_role() -> None:
    """«Выпустить можно только того игрока чья роль в игре не вскрыта»."""
    g = at("lawyer", extra=2)
    _jail(g, RED_1)
    reveal(g.state, RED_1)
    with pytest.raises(Refusal, match="role_revealed"):
        api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})


def test_lawyer_bribe_offered_by_the_boss_only() -> None:
    g = at("lawyer", extra=2)
    _jail(g, RED_1)
    with pytest.raises(Refusal, match="not_the_boss"):
        api.act(g.state, RED_2, "mafia_bribe", {"target": RED_1})


def test_lawyer_refusing_a_mafioso_unanswered_means_release_when_he_may_not_refuse() -> None:
    """«Отказать мафу может только в случае, если до этого уже выпускались копы или священник»: no answer, he
    lets him out anyway (his move of the night)."""
    g = at("lawyer", extra=2)
    _jail(g, RED_1)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})
    g.order(X, "lawyer_take_vote", target=Y).resolve()
    assert not g.jailed(RED_1)
    assert g.events("bribe_forced", X)
    assert g.result(X) == "interfered", "his other move of the night is gone"


def test_lawyer_refuses_a_mafioso_for_one_coin_after_a_cop_was_released() -> None:
    """«…если до этого уже выпускались копы или священник. При этом теряет 1 монету»; «если ответа по
    предложению о взятке не последовало, это означает автоматический отказ»."""
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, Y: SHERIFF})  # the sinless Шериф goes out automatically
    assert not g.jailed(SHERIFF)
    g.to_night().resolve()
    _jail(g, RED_1)
    fund, mine = g.coins(RED_BOSS), g.coins(X)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})
    g.resolve()
    assert g.jailed(RED_1)
    assert g.coins(X) == mine - 1 and g.coins(RED_BOSS) == fund
    assert g.events("bribe_refused", RED_BOSS)


def test_lawyer_cannot_refuse_without_a_coin() -> None:
    """«(если монет нет, то отказать не может)»."""
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, Y: SHERIFF})
    g.to_night().resolve()
    _jail(g, RED_1)
    economy.pay(g.state, X, g.coins(X), "purchase")
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})
    g.resolve()
    assert not g.jailed(RED_1)


def test_lawyer_may_refuse_a_non_mafioso_for_free() -> None:
    g = at("lawyer", extra=2)
    _jail(g, Y)
    mine = g.coins(X)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": Y})
    g.resolve()
    assert g.jailed(Y) and g.coins(X) == mine


def test_lawyer_release_only_with_an_offer() -> None:
    g = at("lawyer", extra=2)
    _jail(g, Y)
    assert refused(g, "lawyer_release", "no_bribe", target=Y)


def test_lawyer_bribe_nobody_takes_it_without_a_lawyer() -> None:
    g = at("citizen", extra=2)
    _jail(g, RED_1)
    fund = g.coins(RED_BOSS)
    api.act(g.state, RED_BOSS, "mafia_bribe", {"target": RED_1})
    g.resolve()
    assert g.jailed(RED_1) and g.coins(RED_BOSS) == fund
    assert g.events("bribe_refused", RED_BOSS)
