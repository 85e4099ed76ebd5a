"""Every step of every order and instant action the generic flow asks for is checked by the engine as
it is chosen (api.check through flow_input.step_refusal), by the checks its submission gets: a step
refused is refused again, for the same reason, when the order is given anyway; the last step's verdict
is the submission's; and checking never changes the game."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tests.bot.test_mafik_flow import game
from tgbot.ui import flow as fl
from tgbot.ui.flow_input import step_refusal


def _choose(state: GameState, pid: int, flow: dict[str, Any]) -> bool:
    """Answer the question asked now with its first options; False when there is none (or nothing to ask)."""
    q = fl.next_question(state, pid, flow)
    if q is None:
        return False
    if q.spec.kind in fl.TEXT_KINDS:
        texts = ["текст"] * len(fl._slot(flow, q.path).get("targets") or [])
        fl.answer(flow, q, "текст" if q.spec.kind == "message" else texts)
    elif not q.options:
        if not q.spec.optional:
            return False
        fl.skip(flow, q)
    elif q.subject is not None:
        fl.name_role(flow, q, str(q.options[0]))
    elif q.multi:
        for value in q.options[:max(q.least, 1)]:
            fl.toggle(flow, q, value)
        fl.done(flow, q)
    else:
        fl.answer(flow, q, q.options[0])
    return True


def _given(state: GameState, pid: int, flow: dict[str, Any]) -> Refusal | None:
    """The verdict of actually giving the order (or doing the action), on a copy of the game."""
    copy = state.model_copy(deep=True)
    action = fl.action_of(flow)
    assert action is not None
    try:
        if action.instant:
            api.act(copy, pid, action.kind, fl.order_params(flow))
        else:
            api.submit(copy, pid, action.kind, params=fl.order_params(flow))
    except Refusal as refusal:
        return refusal
    return None


def _same(a: Refusal | None, b: Refusal | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and (a.code, a.params) == (b.code, b.params))


def mafik_game(night: bool) -> GameState:
    state = game(night=night)
    state.players[14].alive = False
    return state


def guises_game(night: bool) -> GameState:
    from tests.engine.guises.conftest import Game

    seats = [("hero", "boss"), ("cook", "killer"), ("journalist", "agent"), ("marauder", "traitor"),
             ("gossip", "maniac"), ("idler", "joker"), ("medium", "officer"), ("revolutionary", "vigilante"),
             ("electrician", "policeman"), ("commissar", "detective"), ("undertaker", "investigator"),
             ("patrolman", "juror"), ("acrobat", "bodyguard"), ("hero", "forensic")]
    state = Game(*seats, phase=3 if night else 4).state
    state.players[13].alive = False
    return state


# Each action the generic flow asks for, in a game of a rule set that declares it (an action is its rule
# set's: another rule set refuses it as a kind it does not know).
def classic_game(night: bool) -> GameState:
    from tests.engine.classic.conftest import Game

    g = Game(["citizen", "citizen"])
    if night:
        g.to_night()
    g.state.players[-1].alive = False
    return g.state


OWN = {"guises": guises_game, "classic": classic_game}  # rule sets with actions of their own
CASES = [(key, mafik_game) for key in sorted(fl.FLOW_ACTIONS)
         if not any(key in api.catalog(name).actions for name in OWN)] + \
    [(key, make) for name, make in OWN.items() for key in sorted(api.catalog(name).actions) if key in fl.FLOW_ACTIONS]


@pytest.mark.parametrize(("key", "make"), CASES, ids=[f"{make.__name__}:{key}" for key, make in CASES])
def test_each_step_of_an_action_is_checked_by_the_check_its_submission_gets(key, make):
    for night in (True, False):
        state = make(night)
        for pid in range(len(state.players) - 1):
            flow = fl.new_flow(1, state.phase, fl.FLOW_ACTIONS[key].kind, action=key)
            before = state.model_dump_json()
            verdict = step_refusal(state, pid, flow)
            while verdict is None and _choose(state, pid, flow):
                verdict = step_refusal(state, pid, flow)
                assert state.model_dump_json() == before, "a check changed the game"
            refused_early = verdict is not None and fl.next_question(state, pid, flow) is not None
            while _choose(state, pid, flow):  # a refused step: the order given anyway, all the same
                pass
            if fl.next_question(state, pid, flow) is not None:
                continue  # a step with nothing to choose: the flow cannot go on
            given = _given(state, pid, flow)
            if refused_early:
                assert verdict is not None and given is not None and given.code == verdict.code, (key, pid, verdict, given)
            else:
                assert _same(verdict, given), (key, pid, verdict, given)
