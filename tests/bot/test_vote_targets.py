"""The day vote's screen offers only the characters the engine accepts as the voter's target
(tgbot/routers/play/votes.py: votable), under the rule set's own head where it has one."""

from __future__ import annotations

from engine.core import api
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_BOSS, SHERIFF, Game
from tgbot.i18n import t
from tgbot.routers.play.votes import _head, votable


def test_the_vote_screen_offers_neither_oneself_nor_a_prisoner_where_the_rule_set_forbids_them() -> None:
    game = Game()
    for pid in (GREEN_BOSS, SHERIFF, CITIZEN):
        game.order(pid, "vote", target=RED_BOSS)
    game.resolve().resolve()  # the Босс is jailed by day 1; night 2 passes
    state = game.state
    assert state.is_day and game.jailed(RED_BOSS)
    offered = votable(state, CITIZEN)
    assert CITIZEN not in offered, "1.4: not against oneself"
    assert RED_BOSS not in offered, "a prisoner is out of the game: no vote against him"
    assert set(offered) == {p.pid for p in state.living()} - {CITIZEN, RED_BOSS}
    for target in offered:
        api.check(state, CITIZEN, "vote", params={"target": target})  # each offered one is accepted


def test_the_vote_screen_of_classic_says_the_vote_is_public_and_final() -> None:
    state = Game().state
    head = _head(state, "ru", "choose_vote")
    assert head == t("ru", "screen_classic.choose_vote") != t("ru", "ui.choose_vote")
    assert "публичный" in head and "изменить или отозвать его нельзя" in head and "тайн" not in head
    assert "public" in _head(state, "en", "choose_vote")
