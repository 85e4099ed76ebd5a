"""Rows other modules add to a player's panel stand in the place they ask for, whatever the order in
which those modules were imported (a test importing tgbot.ui.deck before tgbot.ui.comms once got other
panels than the bot)."""

from __future__ import annotations

import pytest

from tgbot.ui import panel


def _rows(name: str):
    def rows(game, state, pid, lang):
        return [[name]]
    return rows


def test_panel_rows_keep_their_places_whatever_the_import_order(monkeypatch):
    monkeypatch.setattr(panel, "PANEL_ROWS", [])
    monkeypatch.setattr(panel, "_PLACES", {})
    late, early = _rows("late"), _rows("early")
    panel.add_panel_rows(late, 20)
    panel.add_panel_rows(early, 10)
    panel.add_panel_rows(late, 20)
    assert [early, late] == panel.PANEL_ROWS


def test_a_panel_place_is_taken_once(monkeypatch):
    monkeypatch.setattr(panel, "PANEL_ROWS", [])
    monkeypatch.setattr(panel, "_PLACES", {})
    panel.add_panel_rows(_rows("a"), 10)
    with pytest.raises(ValueError, match="place 10"):
        panel.add_panel_rows(_rows("b"), 10)
