"""The master's account of a game (tgbot/services/chronicle.py): every submission by name, each message
once, a drafted deck in one line, and the whole game as an HTML page in the game's language."""

import re

import pytest

from engine.core import api
from engine.core.state import Event
from engine.sim import play_game
from tgbot.services.chronicle import ORDERS_EVENT, game_record, log_lines, log_text


@pytest.fixture(scope="module")
def mafik():
    return play_game("mafik", 13, 2).state


@pytest.fixture(scope="module")
def micro():
    return play_game("micromafik", 8, 4).state


# A number after a colon is an amount only after these labels (blood, points, a number chosen).
NOT_A_COUNT = "".join(f"(?<!{label})" for label in ("кровь", "баллы", "Число", "blood", "points", "Number"))


def record(orders, held):
    return Event(seq=999, phase=1, kind=ORDERS_EVENT, to="master", params={"orders": orders, "held": held})


def test_submissions_name_the_card_zone_targets_named_cards_roles_and_payment(mafik):
    names = [p.name for p in mafik.players]
    held = {"0": {"hand": {"11": "persuasion", "12": "dummy"}, "sleeve": {"21": "tracer_rounds", "22": "kick"}},
            "1": {"hand": {"31": "dummy"}, "sleeve": {}}}
    orders = {
        "0": [
            {"oid": 1, "kind": "play", "card": 11, "params": {"target": 2, "cards": ["kick", "shiv"]},
                "payment": {"points": 0, "cards": [], "options": {}}},
            {"oid": 2, "kind": "play", "card": 21, "params": {"target": 3, "role": "boss"},
                "payment": {"points": 2, "cards": [22], "options": {}}},
        ],
        "1": [
            {"oid": 3, "kind": "vote", "card": None, "params": {"target": 0}, "payment": {}},
            {"oid": 4, "kind": "punishment", "card": None, "params": {"choice": "torture"}, "payment": {}},
            {"oid": 5, "kind": "night_discard", "card": None, "params": {"cards": [31]}, "payment": {}},
        ],
    }
    lines = log_lines(mafik, record(orders, held), "ru")
    assert lines == [
        f"• {names[0]}: «Убеждение» (из руки) → {names[2]}; Карты: Удар ногой, Заточка",
        f"• {names[0]}: «Трассирующие пули» (из рукава) → {names[3]}; Тайная роль: Босс; "
        "оплата: карты Удар ногой, кровь: 2",
        f"• {names[1]}: голос: {names[0]}",
        f"• {names[1]}: наказание: пытки",
        f"• {names[1]}: сбросить две карты: Пустышка",
    ]
    english = log_lines(mafik, record(orders, held), "en")
    assert english[1].endswith("(from the Sleeve) → " + names[3] + "; Secret role: Boss; paid: cards Kick, blood: 2")


def test_a_phase_with_no_submissions_says_so(micro):
    assert log_lines(micro, record({}, {}), "ru") == ["• никто ничего не заявил"]


def test_simulated_games_submissions_name_everything(mafik, micro):
    """No raw id, no placeholder, no unknown card in any phase's submissions of whole games."""
    for state in (mafik, micro):
        records = [e for e in state.events if e.kind == ORDERS_EVENT]
        assert len(records) == state.phase
        for event in records:
            for lang in ("ru", "en"):
                for line in log_lines(state, event, lang):
                    assert "?" not in line and not re.search(r"\{\w+\}", line), line
                    assert not re.search(r"→ \d|\{'|\['|\[\d", line), line
                    assert not re.search(NOT_A_COUNT + r": \d", line), line


def test_a_private_message_is_logged_once_by_its_master_copy():
    state = api.new_game("mafik", [(f"P{i}", r) for i, r in enumerate(
        ["engineer", "mentor", "genius", "croupier", "authority", "monk", "psychic", "banker", "rich",
         "cardsharp", "gossip", "medium", "politician"])], seed=1)
    state.phase = 2
    state.status = "running"
    before = len(state.events)
    api.act(state, 0, "private_message", {"to": 1, "text": "тайна"})
    text = log_text(1, state, state.events[before:], "ru")
    assert text.count("тайна") == 1 and "P0 → P1: тайна" in text


def test_a_card_message_is_logged_once_with_its_real_sender(micro):
    delivered = Event(seq=1, phase=1, kind="card_message", to="player", who=1,
                      params={"text": "беги", "sender": None, "via": "call"})
    copy = Event(seq=2, phase=1, kind="card_message_sent", to="master",
                 params={"text": "беги", "sender": 0, "to": 1, "via": "call"})
    text = log_text(1, micro, [delivered, copy], "ru")
    assert text.count("беги") == 1 and micro.players[0].name in text


def test_a_drafted_deck_is_one_line_with_its_offers(micro):
    built = next(e for e in micro.events if e.kind == "deck_built" and micro.player(int(e.who)).faction == "law")
    offers = [e for e in micro.events if e.kind == "draft_offer" and e.who == built.who]
    text = log_text(1, micro, [*offers, built], "ru")
    lines = text.split("\n")
    assert len(lines) == 2 and "колода собрана" in lines[1] and "Выбор" not in text
    assert lines[1].count(" | ") == len(offers) - 1 and lines[1].count("<b>") == len(offers)


def test_the_game_record_is_a_page_in_the_game_language_with_every_phase_and_the_roles(micro):
    state = micro.model_copy(deep=True)
    state.players[0].name = "<script>x</script>"
    page = game_record(7, state, "en")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and "<style>" in page
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert "<title>Game #7 · Micromafik</title>" in page
    assert page.count("<h3>Submissions:</h3>") == state.phase
    for title in ("Deck building", "Night 1", "Day 1"):
        assert f"<h2>{title}</h2>" in page
    assert "What each player was told" in page and "Roles" in page
    russian = game_record(7, state, "ru")
    assert '<html lang="ru">' in russian and "<h2>Ночь 1</h2>" in russian and "Тайная роль" in russian
