"""Spectators' share of a game's events (tgbot/services/spectators.py), the `spectators` option, each seat's
result of a finished game and the sums /stats shows (tgbot/services/results.py, tgbot/ui/stats.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import api
from engine.core.state import GameState
from tgbot.services.announce import BOARD_EVENTS, public_text
from tgbot.services.errors import ServiceError
from tgbot.services.options import parse_option
from tgbot.services.results import seat_results, summarize
from tgbot.services.spectators import record_messages, spectator_messages
from tgbot.storage import Database, Repository
from tgbot.ui.stats import faction_name, stats_text

ROLES = ["hero", "monk", "alien", "banker", "politician", "psychic", "masochist", "magician"]
GUEST = 500


def game_row(option: str, status: str = "running") -> dict[str, Any]:
    return {"id": 1, "locale": "ru", "public_chat_id": -200, "log_chat_id": -100, "status": status,
            "settings_json": json.dumps({"spectators": option}), "deadline_at": None}


def players() -> list[dict[str, Any]]:
    return [{"pid": i, "user_id": 100 + i, "locale": None} for i in range(len(ROLES))]


def running() -> GameState:
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(ROLES)], seed=5)
    api.deck_auto_all(state)
    return state


@pytest.mark.parametrize(("raw", "value"), [("off", "off"), ("on", "on"), ("after", "after"), ("да", "on"),
                                            ("нет", "off"), ("после", "after")])
def test_spectators_option_is_off_on_or_after(raw: str, value: str) -> None:
    assert parse_option("spectators", raw) == value


def test_spectators_option_refuses_another_word() -> None:
    with pytest.raises(ServiceError) as refused:
        parse_option("spectators", "always")
    assert refused.value.code == "bad_option"


def test_a_spectator_gets_every_public_event_and_no_private_one() -> None:
    state = running()
    events = state.events
    assert any(e.to != "public" for e in events) and any(e.to == "public" for e in events)
    out = spectator_messages(game_row("on"), state, events, players(), [{"user_id": GUEST, "locale": None}])
    assert out and {m.chat_id for m in out} == {GUEST}
    text = "\n".join(m.text or "" for m in out)
    assert text.startswith("👁 <b>Игра #1</b>")
    assert "тайная роль" not in text
    for event in events:
        if event.to == "public" and event.kind not in BOARD_EVENTS:
            assert public_text(game_row("on"), state, event, "ru") in text


def test_a_player_of_the_game_gets_nothing_as_a_spectator() -> None:
    state = running()
    seated = {"user_id": 103, "locale": None}
    assert spectator_messages(game_row("on"), state, state.events, players(), [seated]) == []


def test_spectators_get_nothing_when_the_option_is_off() -> None:
    state = running()
    assert spectator_messages(game_row("off"), state, state.events, players(), [{"user_id": GUEST}]) == []


def test_a_spectator_reads_in_their_own_language() -> None:
    state = running()
    out = spectator_messages(game_row("on"), state, state.events, players(), [{"user_id": GUEST, "locale": "en"}])
    assert (out[0].text or "").startswith("👁 <b>Game #1</b>")


def test_the_record_goes_to_spectators_only_after_the_end_and_with_after() -> None:
    state = running()
    watchers = [{"user_id": GUEST, "locale": None}]
    assert record_messages(game_row("after"), state, watchers) == []  # still running
    state.status = "finished"
    assert record_messages(game_row("on"), state, watchers) == []
    [record] = record_messages(game_row("after"), state, watchers)
    assert (record.chat_id, record.op, record.document_name) == (GUEST, "document", "game-1.html")


def finished() -> GameState:
    state = running()
    state.status, state.winners = "finished", ["law"]
    state.players[0].alive = False
    return state


def test_a_seat_won_when_its_faction_won_dead_or_alive() -> None:
    state = finished()
    rows = seat_results(state, players())
    assert [r["won"] for r in rows] == [p.faction == "law" for p in state.players]
    assert rows[0]["survived"] is False and all(r["survived"] for r in rows[1:])
    assert [r["role"] for r in rows] == [p.secret_role for p in state.players]


def test_summarize_counts_games_seats_and_wins() -> None:
    rows = [
        {"game_id": 1, "ruleset": "micromafik", "faction": "law", "role": "lawman", "won": 1, "survived": 1},
        {"game_id": 1, "ruleset": "micromafik", "faction": "law", "role": "lawman", "won": 1, "survived": 0},
        {"game_id": 1, "ruleset": "micromafik", "faction": "mafia", "role": "boss", "won": 0, "survived": 0},
        {"game_id": 2, "ruleset": "micromafik", "faction": "mafia", "role": "boss", "won": 1, "survived": 1},
        {"game_id": 2, "ruleset": "micromafik", "faction": "law", "role": "lawman", "won": 0, "survived": 0},
    ]
    summary = summarize(rows)
    assert (summary.games, summary.seats, summary.wins, summary.survived) == (2, 5, 3, 2)
    law, mafia = summary.factions[("micromafik", "law")], summary.factions[("micromafik", "mafia")]
    assert (law.total, law.wins, mafia.total, mafia.wins) == (2, 1, 2, 1), "a faction's games, not its seats"
    lawman = summary.roles[("micromafik", "lawman")]
    assert (lawman.total, lawman.wins) == (3, 2)
    text = stats_text("ru", summary, group=True)
    assert "Победы фракций: Закон — 1 из 2 (50%); Мафия — 1 из 2 (50%)" in text
    assert "Побед:" not in text, "a group has no wins of its own"
    assert "Побед: 3 из 5 (60%)." in stats_text("ru", summary, group=False)


def test_stats_without_games_says_so() -> None:
    assert stats_text("en", summarize([]), group=False) == "📊 <b>Your statistics</b>\nNo finished games yet."


def test_a_faction_without_words_is_shown_by_its_id() -> None:
    assert faction_name("ru", "law") == "Закон"
    assert faction_name("ru", "<unknown>") == "&lt;unknown&gt;"


async def test_results_are_read_by_user_and_by_group(database) -> None:
    """On both back ends (the `database` fixture): saved once a seat, read by user and by either group."""
    db = await Database.open(database)
    repo = Repository(db)
    try:
        async with db.transaction() as conn:
            game_id = await repo.create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-100, now=1.0)
            await repo.update_game(conn, game_id, public_chat_id=-200)
            other = await repo.create_game(conn, ruleset="micromafik", master_user_id=1, log_chat_id=-300, now=1.0)
            await repo.save_results(conn, game_id, seat_results(finished(), players()))
            await repo.save_results(conn, game_id, seat_results(finished(), players()))  # once only
            await repo.save_results(conn, other, seat_results(finished(), players())[:2])
        assert len(await repo.results_of_chat(-200)) == len(await repo.results_of_chat(-100)) == len(ROLES)
        assert len(await repo.results_of_chat(-300)) == 2
        assert [r["game_id"] for r in await repo.results_of_user(101)] == [game_id, other]
        async with db.transaction() as conn:
            await repo.add_spectator(conn, game_id, GUEST, now=2.0)
            await repo.add_spectator(conn, other, GUEST, now=3.0)
        assert await repo.spectated(GUEST) == [game_id, other]
        async with db.transaction() as conn:
            assert await repo.remove_spectator(conn, GUEST, other) == [other]
        assert await repo.spectators(game_id) == [{"user_id": GUEST, "locale": None}]
    finally:
        await db.close()
