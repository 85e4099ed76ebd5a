"""Мафик's panel and the generic flow without Telegram: every playable card, every granted ability and
every order or action besides plays is walked by the flow to an order the engine accepts (or refuses
for a rule of the game, never for a malformed parameter), each screen rendered in ru and en."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from engine.rulesets.mafik.cards.common import ABILITY_PARAMS
from tgbot.ui import flow as fl
from tgbot.ui.flow_screens import flow_cost, flow_screen
from tgbot.ui.panel import build_panel

GAME = {"id": 1, "deadline_at": None}
ROLES = ["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
         "paranoiac", "bloodhound", "guard", "scientist", "undertaker", "addict", "looter", "secretary"]
# Refusals that mean the flow built a malformed order (rather than a rule of the game saying no).
MALFORMED = {"bad_param": {"unknown", "missing", "not_a_list", "not_a_player", "not_a_number", "not_a_flag",
                           "one_per_target", "not_a_map", "unknown_kind", "not_a_card_effect", "choice",
                           "malformed"}}
PLACEHOLDER = re.compile(r"\{\w+\}")


def game(*, night: bool = True) -> GameState:
    state = api.new_game("mafik", [(f"Персонаж {i + 1}", r) for i, r in enumerate(ROLES)], seed=11)
    api.deck_auto_all(state)
    if not night:
        api.resolve(state)
    return state


def walk(state: GameState, pid: int, flow: dict[str, Any]) -> bool:
    """Answer every question with the first options (as few as allowed); False if one has no option."""
    for _ in range(60):
        for lang in ("ru", "en"):
            text, _keyboard = flow_screen(state, pid, flow, lang)
            assert not PLACEHOLDER.search(text), text
        q = fl.next_question(state, pid, flow) if flow["stage"] == "params" else None
        if q is None:
            return True
        if q.spec.kind in fl.TEXT_KINDS:
            if q.spec.kind == "message":
                fl.answer(flow, q, "текст")
            else:
                fl.answer(flow, q, ["текст"] * len(fl._slot(flow, q.path).get("targets") or []))
            continue
        if not q.options:
            if q.spec.optional:
                fl.skip(flow, q)
                continue
            return False
        if q.subject is not None:
            fl.name_role(flow, q, str(q.options[0]))
        elif q.multi:
            for value in (q.options * q.need)[:max(q.least, 1)] if q.repeats else q.options[:max(q.least, 1)]:
                fl.toggle(flow, q, value)
            fl.done(flow, q)
        else:
            fl.answer(flow, q, q.options[0])
    raise AssertionError("the flow never ended")


def submit(state: GameState, pid: int, flow: dict[str, Any]) -> None:
    """Pay (first payment cards, then blood) and give the order; malformed orders fail the test."""
    cost = flow_cost(state, pid, flow)
    cards = fl.payment_cards(state, pid, flow)[:cost]
    blood = 2 * (cost - len(cards)) if fl.point_step(state, pid) else 0
    action = fl.action_of(flow)
    try:
        if action is not None and action.instant:
            api.act(state, pid, action.kind, fl.order_params(flow))
        elif action is not None:
            api.submit(state, pid, action.kind, params=fl.order_params(flow))
        else:
            api.submit(state, pid, flow["kind"], card=flow.get("card"), params=fl.order_params(flow),
                       payment={"cards": cards, "points": blood})
    except Refusal as refusal:
        assert refusal.params.get("reason") not in MALFORMED.get(refusal.code, set()), (flow, refusal)


def playable() -> list[str]:
    mafik = get_ruleset("mafik")
    return [c.id for c in mafik.catalog if mafik.is_implemented(c.id)]


@pytest.mark.parametrize("card", playable())
def test_every_playable_card_walks_to_an_order(card):
    mafik = get_ruleset("mafik")
    spec = mafik.catalog[card]
    state = game(night=not spec.has("strict_day"))
    for pid in (0, next(p.pid for p in state.players if p.secret_role == "maniac"),
                next(p.pid for p in state.players if p.faction == "mafia")):
        copy = state.model_copy(deep=True)
        copy.players[1].alive = False  # a dead character for dead_target
        if pid == 1:
            continue
        player = copy.player(pid)
        player.hand = [copy.new_card(card), *(copy.new_card("dummy") for _ in range(5))]
        player.sleeve = [copy.new_card("dummy") for _ in range(4)]
        flow = fl.new_flow(1, copy.phase, "play", card=player.hand[0].uid, spec=card)
        if walk(copy, pid, flow):
            submit(copy, pid, flow)


@pytest.mark.parametrize("card", sorted(ABILITY_PARAMS))
def test_every_ability_walks_to_an_order(card):
    state = game()
    state.add_effect("ability", target=0, source=0, start=state.phase, card=card, armed=True, limit=6)
    flow = fl.new_flow(1, state.phase, "ability", spec=card)
    assert walk(state, 0, flow)
    submit(state, 0, flow)


@pytest.mark.parametrize("key", sorted(fl.FLOW_ACTIONS))
def test_every_action_walks_to_an_order(key):
    for night in (True, False):
        state = game(night=night)
        state.players[14].alive = False
        flow = fl.new_flow(1, state.phase, fl.FLOW_ACTIONS[key].kind, action=key)
        for pid in range(3):
            copy = state.model_copy(deep=True)
            if walk(copy, pid, flow):
                submit(copy, pid, flow)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_panel_renders(lang):
    for night in (True, False):
        state = game(night=night)
        for pid in range(len(state.players)):
            text, keyboard = build_panel(GAME, state, pid, lang)
            assert not PLACEHOLDER.search(text), text
            assert keyboard is not None and ("Игра #1" in text or "Game #1" in text)


def role_actions(state, pid):
    """The role actions the engine offers now (api.actions), as the panel shows them."""
    return [a.id for a in api.actions(state, pid) if a.source == "role" and a.available]


def test_role_actions_offer_each_perk_when_it_applies():
    night = game()
    day = game(night=False)
    by_role = {p.public_role: p.pid for p in night.players}
    assert "mentor_stance" in role_actions(night, by_role["mentor"])
    assert "mentor_stance" not in role_actions(day, by_role["mentor"])
    assert "paranoiac_armor" in role_actions(night, by_role["paranoiac"])
    assert "politician" in role_actions(day, by_role["politician"])
    assert "politician" not in role_actions(night, by_role["politician"])
    maniac = next(p.pid for p in night.players if p.secret_role == "maniac")
    assert "blood" in role_actions(night, maniac)
    night.player(by_role["geek"]).flags["used_geek"] = 1
    assert "geek_card" not in role_actions(night, by_role["geek"]), "a once-a-game perk, spent"


def test_a_chat_room_is_chosen_among_the_players_rooms():
    state = game()
    room = state.add_effect("room", start=state.phase, end=state.phase, members=[0, 2, 3])
    state.add_effect("room", start=state.phase, end=state.phase, members=[4, 5])  # not his
    player = state.player(0)
    player.hand = [state.new_card("post_guards"), *(state.new_card("dummy") for _ in range(5))]
    flow = fl.new_flow(1, state.phase, "play", card=player.hand[0].uid, spec="post_guards")
    q = fl.next_question(state, 0, flow)
    assert q is not None and q.spec.kind == "chat_room" and q.options == [room.eid]
    text, keyboard = flow_screen(state, 0, flow, "ru")
    assert "Выберите чат-комнату" in text
    assert keyboard.inline_keyboard[0][0].text == "Персонаж 1, Персонаж 3, Персонаж 4"
    assert walk(state, 0, flow)
    submit(state, 0, flow)
    assert state.orders[0][0].params == {"room": room.eid}
