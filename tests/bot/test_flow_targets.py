"""An action's target question offers only the characters the engine's check of the order accepts
(tgbot/ui/flow.py: accepted_targets): no button for a target the order would be refused for."""

from __future__ import annotations

from engine.core import api
from tests.engine.classic.conftest import GREEN_BOSS, RED_1, RED_2, RED_BOSS, SHERIFF, Game
from tgbot.ui import flow as fl


def offered(game: Game, pid: int, action: str) -> list[int]:
    flow = fl.new_flow(1, game.state.phase, fl.FLOW_ACTIONS[action].kind, action=action)
    question = fl.next_question(game.state, pid, flow)
    assert question is not None
    return list(question.options)


def test_the_clans_shot_into_the_jail_offers_only_its_jailed_member() -> None:
    game = Game()
    for pid in (GREEN_BOSS, SHERIFF, RED_2):
        game.order(pid, "vote", target=RED_1)
    game.resolve()
    assert game.jailed(RED_1) and game.state.is_night
    assert offered(game, RED_BOSS, "clan_jail_shot") == [RED_1], "1.13: only a jailed member of his own clan"
    assert offered(game, GREEN_BOSS, "clan_jail_shot") == [], "nobody of the green clan is jailed"


def test_a_kill_offers_neither_a_prisoner_nor_oneself() -> None:
    game = Game()
    for pid in (GREEN_BOSS, SHERIFF, RED_2):
        game.order(pid, "vote", target=RED_1)
    game.resolve()
    targets = offered(game, GREEN_BOSS, "boss_kill")
    assert RED_1 not in targets and GREEN_BOSS not in targets
    for target in targets:
        api.check(game.state, GREEN_BOSS, "boss_kill", params={"target": target})  # each is accepted
