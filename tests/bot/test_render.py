"""Every event the engine emits renders in both languages, with names and no raw ids or placeholders."""

import re

import pytest

from engine.core.state import Event
from engine.sim import play_game
from tgbot.render import render


@pytest.fixture(scope="module")
def games():
    return [play_game("micromafik", 8, seed).state for seed in range(25)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_render_every_event_of_many_games(games, lang):
    kinds = set()
    for state in games:
        for event in state.events:
            text = render(state, event, lang)
            kinds.add(event.kind)
            assert text.strip(), event.kind
            assert not re.search(r"\{\w+\}", text), (event.kind, text)
    assert {"phase_started", "council_result", "hand_counts", "death", "game_over"} <= kinds


def test_render_escapes_user_text_and_names(games):
    state = games[0].model_copy(deep=True)
    state.players[0].name = "<b>Злодей</b>"
    event = Event(seq=1, phase=1, kind="card_message", to="player", who=1, params={"text": "<i>hi</i>", "sender": 0})
    text = render(state, event, "ru")
    assert "&lt;i&gt;hi&lt;/i&gt;" in text and "&lt;b&gt;Злодей&lt;/b&gt;" in text


def test_render_anonymous_message_has_no_sender(games):
    state = games[0]
    event = Event(seq=1, phase=1, kind="card_message", to="player", who=1, params={"text": "тайна", "sender": None})
    assert render(state, event, "ru") == "Сообщение: тайна"


def test_render_council_result_names_and_counts(games):
    state = games[0]
    event = Event(seq=1, phase=2, kind="council_result", to="public", params={
        "votes": {"0": 1.5, "1": 1.0}, "execution": 2.5, "beating": 0.0, "leaders": [0], "outcome": "execution"})
    text = render(state, event, "ru")
    assert f"{state.players[0].name} — 1.5" in text and "казнь" in text


def test_render_council_result_says_a_punishment_tie_is_an_execution(games):
    state = games[0]
    event = Event(seq=1, phase=2, kind="council_result", to="public", params={
        "votes": {"0": 2.0}, "execution": 1.0, "beating": 1.0, "leaders": [0], "outcome": "execution",
        "decided_by": "tie"})
    assert "разделились поровну (по 1) — по правилам это казнь" in render(state, event, "ru")
    event.params["decided_by"] = "default"
    assert "никто не голосовал — по правилам это казнь" in render(state, event, "ru")


def test_render_mafik_verdict_names_the_tied_punishments_and_who_decided():
    state = play_game("mafik", 12, 1).state
    decider = state.players[3]
    event = Event(seq=1, phase=2, kind="council_verdict", to="public", params={
        "targets": [0], "punished": 0, "punishment": "exile", "decided_by": "tie", "tied": ["torture", "exile"],
        "decider": decider.pid, "punishment_votes": {"torture": 5, "exile": 5}})
    text = render(state, event, "ru")
    assert "пытки и изгнание — по 5; решил голос " + decider.name in text
    assert text.endswith(": изгнание.")
    event.params.update(decided_by="default", punishment="execution", punishment_votes={})
    assert "никто не голосовал" in render(state, event, "ru")
