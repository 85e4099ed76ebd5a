"""What the bot words for a rule set of hidden rules (tgbot/ui/rules_doc.py) and a diagram's legend in the
reader's language (tgbot/ui/diagram.py), with «Шёпот» (tests/engine/hidden_plugins/whisper/) plugged in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import api
from engine.core.diagram import Diagram, Edge, Node
from engine.core.state import GameState
from tests.e2e.plugins import plugged_in
from tests.engine.plugin_path import HIDDEN_PLUGINS
from tgbot.services.announce import event_messages
from tgbot.ui.diagram import as_text, draw_png
from tgbot.ui.rules_doc import hidden_summary, rules_hidden, told_messages


@pytest.fixture(autouse=True)
def whisper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with plugged_in(monkeypatch, HIDDEN_PLUGINS, "whisper"):
        yield


def game() -> GameState:
    return api.new_game("whisper", [("Анна", "listener"), ("Борис", "listener")], seed=5)


def test_a_rule_set_that_says_what_each_player_was_told_has_hidden_rules() -> None:
    assert rules_hidden("whisper")
    assert not rules_hidden("mafik") and not rules_hidden("micromafik")


def test_a_player_reads_the_paragraphs_told_worded_with_names_and_a_line_that_more_will_come() -> None:
    [text] = told_messages(game(), 1, "ru") or []
    assert text.splitlines()[0] == "<b>Правила, которые вам уже рассказаны:</b>"
    assert "Вы — Борис, слушатель." in text and "«Слушать»" in text and "«Метка»" not in text
    assert text.endswith("🔒 Это не все правила: остальное вы узнаете по ходу игры.")
    assert "You are Борис, a listener." in (told_messages(game(), 1, "en") or [""])[0]


def test_the_summary_of_hidden_rules_says_they_are_told_as_the_game_goes() -> None:
    summary = hidden_summary("ru", "whisper")
    assert summary.startswith("<b>Шёпот</b>") and "Целиком их знает только ведущий." in summary
    assert "Only the master knows them whole." in hidden_summary("en", "whisper")


def test_a_diagrams_badges_and_edge_kinds_are_worded_in_the_readers_language() -> None:
    diagram = Diagram((Node("a", "А", ("whisper_mark",)), Node("b", "Б")), (Edge("a", "b", "forward", "tonight"),))
    assert as_text(diagram, "ru").splitlines() == ["• А — метка", "• Б", "Связи:", "А → Б (связь этой ночи)"]
    assert as_text(diagram, "en").splitlines() == ["• А — marked", "• Б", "Links:", "А → Б (a link of this night)"]
    assert draw_png(diagram, "ru") != draw_png(diagram, "en")


def test_a_private_diagram_reaches_its_player_and_the_log_as_pictures_and_a_public_one_the_group() -> None:
    state = game()
    api.resolve(state)  # night 1: the stone, to everyone
    state.emit("whisper_marked", "player", 1, diagram=Diagram((Node("a", "А"),)).to_json())
    events = state.events[-4:]
    game_row = {"id": 3, "locale": "ru", "public_chat_id": -100, "log_chat_id": -200, "deadline_at": None}
    players = [{"pid": 0, "user_id": 10, "locale": "ru"}, {"pid": 1, "user_id": 11, "locale": "en"}]
    out = event_messages(game_row, state, events, players)
    photos = {(m.chat_id, m.text) for m in out if m.op == "photo"}
    assert (-100, "🪨 Камень после ночи 1.") in photos
    assert (11, "You were marked: you pass to the world of spirits.") in photos
    assert not any(m.chat_id == 10 and m.op == "photo" for m in out), "a private picture is its player's alone"
    log_captions = [m.text or "" for m in out if m.op == "photo" and m.chat_id == -200]
    assert len(log_captions) == 2 and any("Камень после ночи 1." in c for c in log_captions)
