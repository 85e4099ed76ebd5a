"""A button's text is plain text (Telegram does not read HTML there), a message's is HTML: a card's
name with an apostrophe shows as it is on its button and escaped in the panel's text."""

from __future__ import annotations

from engine.core import api
from tgbot.ui.panel import panel

PLAYERS = [(f"Игрок {i + 1}", role) for i, role in
           enumerate(["businessman", "paranoiac", "croupier", "alien", "magician", "banker"])]


def test_a_card_named_with_an_apostrophe_is_plain_on_its_button_and_escaped_in_the_text() -> None:
    state = api.new_game("micromafik", PLAYERS, seed=3)
    api.deck_auto_all(state)
    state.player(0).hand[0].card = "peoples_defense"
    text, keyboard = panel({"id": 1}, state, 0, "en")
    assert keyboard is not None
    labels = [b.text for row in keyboard.inline_keyboard for b in row]
    assert "🃏 People's defence" in labels and not any("&#x27;" in label for label in labels)
    assert "People&#x27;s defence" in text and "People's defence" not in text
