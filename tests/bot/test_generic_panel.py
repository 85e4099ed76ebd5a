"""The panel is one for every rule set: the rule set's lines are facts worded by their parameters'
names, the buttons are the engine's actions, each to the screen it names, in the engine's order."""

from __future__ import annotations

from functools import cache

from engine.core import api
from engine.core.actions import Action
from engine.core.profile import PanelFact
from engine.core.state import GameState
from tgbot.render import Renderer
from tgbot.ui.panel import action_button, action_rows, describe_order, fact_text

PLAYERS = [(f"Игрок {i + 1}", role) for i, role in
           enumerate(["businessman", "paranoiac", "croupier", "alien", "magician", "banker"])]


@cache
def game() -> GameState:
    """One running game for every test (none changes it)."""
    state = api.new_game("micromafik", PLAYERS, seed=3)
    api.deck_auto_all(state)
    return state


def test_a_fact_words_players_by_name_and_numbers_as_numbers() -> None:
    r = Renderer(game(), "ru")
    assert fact_text(r, PanelFact("panel_micromafik.partner_kill_vote", {"pid": 0, "target": 1})) == \
        "🔪 Напарник Игрок 1 голосует за убийство: Игрок 2."
    assert fact_text(r, PanelFact("panel_micromafik.points_deck", {"balance": 2, "deck": 5, "limit": 1})) == \
        "Баллы: 2 · карт в колоде: 5 · карт за фазу: 1"


def test_an_unordered_collection_is_shown_in_the_order_of_its_words_a_list_in_its_own() -> None:
    r = Renderer(game(), "ru")
    assert fact_text(r, PanelFact("ui.statuses", {"statuses": frozenset({"tortured", "exile"})})) == \
        "Статусы: изгнание, пытки"
    assert fact_text(r, PanelFact("ui.statuses", {"statuses": ["tortured", "exile"]})) == "Статусы: пытки, изгнание"


def test_facts_in_a_param_follow_the_facts_own_sentence_and_none_leave_nothing() -> None:
    r = Renderer(game(), "ru")
    night = PanelFact("panel_mafik.night_discard")
    assert fact_text(r, PanelFact("panel_mafik.limits", {"more": [night]})) == \
        "За фазу: 1 карта из руки и 1 из рукава; свободные — сверх лимита. " \
        "Ночью вместо розыгрыша можно сбросить 2 карты из руки."
    assert fact_text(r, PanelFact("panel_mafik.limits", {"more": []})).endswith("сверх лимита.")


def _action(id: str, source: str = "phase", screen: str = "", available: bool = True) -> Action:
    return Action(id=id, kind=id, source=source, label_key="btn.vote", screen=screen, available=available)


def _presses(rows: list) -> list[list[str]]:
    return [[b.callback_data.split(":", 3)[3] for b in row] for row in rows]


def test_the_phases_actions_and_the_players_own_do_not_share_a_row_two_to_a_row() -> None:
    actions = [_action("vote", screen="vote"), _action("punishment", screen="punishment"),
               _action("discard", screen="discard"), _action("late", available=False),
               _action("a", "role"), _action("b", "role"), _action("c", "role"), _action("message", screen="reply")]
    assert _presses(action_rows(game(), actions, 1, 1, "ru")) == [
        ["votes:", "puns:"], ["do:a", "do:b"], ["do:c"], ["replies:"]]


def test_each_action_opens_the_screen_it_names() -> None:
    state = game()
    presses = {screen: action_button(state, _action("x", screen=screen), 1, 1, "ru").callback_data.split(":", 3)[3]
               for screen in ("", "instant", "vote", "kill_vote", "kill_boost", "amount", "hand_card")}
    assert presses == {"": "do:x", "instant": "perk:x", "vote": "votes:", "kill_vote": "kills:",
                       "kill_boost": "boost:", "amount": "paranoid:x", "hand_card": "croupier:x"}
    granted = Action(id="ab", kind="ability", source="ability", card_id="pistol")
    assert action_button(state, granted, 1, 1, "ru").callback_data == "a:1:1:ab:pistol"


def test_an_orders_target_glued_to_its_line_is_an_arrow_else_a_name() -> None:
    state = game()
    card = state.player(0).hand[0]
    held = {card.uid: "Карта"}
    play = {"kind": "play", "card": card.uid, "params": {"target": 2}}
    assert describe_order(state, play, held, "ru") == "сыграть «Карта» → Игрок 3"
    assert describe_order(state, {**play, "params": {}}, held, "ru") == "сыграть «Карта»"
    assert describe_order(state, {"kind": "vote", "params": {"target": 2}}, held, "ru") == "голос: Игрок 3"
    assert describe_order(state, {"kind": "punishment", "params": {"choice": "beating"}}, held, "ru") == \
        "наказание: избиение"
