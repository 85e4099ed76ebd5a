"""The one-pick screens (ActionDef.screen "hand_card" and "amount") serve any action so declared, not
only Микромафик's Крупье and Параноик: the screen is found by the action's id on the button, asks the
generic question where the locales have none of the action's own, and a pick submits the action's own
kind, the number under its own param's name."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from engine.core import api
from engine.core.actions import Action
from engine.core.cards import ParamSpec
from engine.core.ruleset import ruleset_names
from engine.core.state import GameState
from tgbot import gamedata
from tgbot.routers.play import perks
from tgbot.ui.callbacks import Act, Code

PLAYERS = [(f"Игрок {i + 1}", role) for i, role in
           enumerate(["businessman", "paranoiac", "croupier", "alien", "magician", "banker"])]
MARK = Action(id="mark", kind="mark_card", source="role", label_key="btn.back", screen="hand_card")
BRIBE = Action(id="bribe", kind="pay_bribe", source="role", label_key="btn.back", screen="amount",
               params=(ParamSpec(name="sum", kind="number", min=1, max=4),))


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The rule set declares MARK and BRIBE besides its own; what the handlers show and submit is kept."""
    out: dict[str, Any] = {}
    real = api.catalog("micromafik")
    catalog = replace(real, actions=MappingProxyType({**real.actions, "mark": MARK, "bribe": BRIBE}))
    monkeypatch.setattr(perks.api, "catalog", lambda ruleset: catalog)

    async def edit(query: Any, text: str, keyboard: Any) -> None:
        out["text"] = text
        out["buttons"] = [(b.text, b.callback_data) for row in keyboard.inline_keyboard for b in row]

    async def submit(query: Any, cb: Act, service: Any, lang: str, kind: str, **kwargs: Any) -> None:
        out["submitted"] = {"kind": kind, **kwargs}

    monkeypatch.setattr(perks, "edit", edit)
    monkeypatch.setattr(perks, "submit_simple", submit)
    return out


def game(points: int = 0) -> GameState:
    state = api.new_game("micromafik", PLAYERS, seed=3)
    api.deck_auto_all(state)
    state.player(0).points = points
    return state


async def test_a_hand_card_action_of_another_id_offers_the_hand_and_submits_its_own_kind(seen) -> None:
    gs = game()
    hand = gs.player(0).hand
    await perks.hand_card_screen(None, Act(g=1, p=gs.phase, a="croupier", v="mark"), "ru", gs, 0)
    assert seen["text"] == "Выберите карту из руки."
    assert seen["buttons"][:-1] == [(gamedata.card_name("micromafik", c.card, "ru"), f"a:1:{gs.phase}:crou:mark.{c.uid}")
                                    for c in hand]
    await perks.hand_card_pick(None, Act(g=1, p=gs.phase, a="crou", v=f"mark.{hand[0].uid}"), None, "ru", gs, 0)
    assert seen["submitted"] == {"kind": "mark_card", "card": hand[0].uid}


async def test_an_amount_action_of_another_id_offers_what_can_be_paid_and_submits_its_own_param(seen) -> None:
    gs = game(points=6)
    await perks.amount_screen(None, Act(g=1, p=gs.phase, a="paranoid", v="bribe"), "en", gs, 0)
    assert seen["text"] == "How much to pay?"
    assert [text for text, _data in seen["buttons"][:-1]] == ["1", "2", "3", "4"]  # its max, below the points
    await perks.amount_pick(None, Act(g=1, p=gs.phase, a="para", v="bribe.3"), None, "ru", gs, 0)
    assert seen["submitted"] == {"kind": "pay_bribe", "params": {"sum": 3}, "payment": {"points": 3}}


async def test_an_amount_offers_no_more_than_the_points_held(seen) -> None:
    gs = game(points=2)
    await perks.amount_screen(None, Act(g=1, p=gs.phase, a="paranoid", v="bribe"), "ru", gs, 0)
    assert [text for text, _data in seen["buttons"][:-1]] == ["1", "2"]


async def test_a_button_without_an_id_is_refused_when_the_rule_set_has_two_actions_of_its_screen(seen) -> None:
    gs = game(points=2)
    with pytest.raises(perks.ServiceError):
        await perks.amount_screen(None, Act(g=1, p=gs.phase, a="paranoid"), "ru", gs, 0)


async def test_an_action_is_not_opened_on_a_screen_it_was_not_declared_for(seen) -> None:
    gs = game(points=2)
    with pytest.raises(perks.ServiceError):
        await perks.amount_pick(None, Act(g=1, p=gs.phase, a="para", v="mark.1"), None, "ru", gs, 0)


def test_every_declared_one_pick_action_fits_telegrams_64_bytes_on_its_buttons() -> None:
    """The panel's button and the largest pick (a big game, a late phase, a late card uid) pack."""
    for ruleset in ruleset_names():
        for action in api.catalog(ruleset).actions.values():
            if action.screen in ("hand_card", "amount"):
                Act.data(10**9, 999, Code.HAND_CARD, action.id)
                Act.data(10**9, 999, Code.HAND_CARD_PICK, f"{action.id}.{10**6}")
