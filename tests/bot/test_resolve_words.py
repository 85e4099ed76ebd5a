"""/resolve takes a phase in words: every phase's words (as the confirmation shows them) name it again;
anything else names no phase."""

from __future__ import annotations

import pytest

from tgbot.ui.resolve import parse_phase, phase_words


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_words_of_every_phase_name_that_phase(lang):
    for phase in range(0, 40):
        assert parse_phase(phase_words(lang, phase)) == phase


@pytest.mark.parametrize("text", ["", "ночь", "ночь 0", "день -1", "night 1 2", "вечер 2", "ночь три", "1"])
def test_anything_else_names_no_phase(text):
    assert parse_phase(text) is None
