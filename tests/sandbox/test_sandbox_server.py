"""The sandbox's web server (python -m tgbot sandbox) through its JSON API: a demo game set up through
the real bot, acting as any user, the clock, refusals with their reasons."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from engine.core.ruleset import ruleset_names
from tgbot import gamedata
from tgbot.render import render
from tgbot.sandbox.cli import parse_args
from tgbot.sandbox.web import SANDBOX, Sandbox, make_app


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient]:
    # The agents play only when a test calls play_round: every test sees one order of events.
    async with TestClient(TestServer(make_app(Sandbox(tmp_path, agents=False, seed=7)))) as test_client:
        yield test_client


async def post(client: TestClient, path: str, body: Any, status: int = 200) -> dict[str, Any]:
    response = await client.post(path, json=body)
    data = await response.json()
    assert response.status == status, data
    return data


async def world(client: TestClient) -> dict[str, Any]:
    return await (await client.get("/api/world")).json()


def chat(data: dict[str, Any], chat_id: int) -> dict[str, Any]:
    return next(c for c in data["chats"] if c["id"] == chat_id)


def texts(data: dict[str, Any], chat_id: int) -> str:
    return "\n".join(m["html"] for m in chat(data, chat_id)["messages"])


def sandbox(client: TestClient) -> Sandbox:
    return client.server.app[SANDBOX]


async def micromafik(client: TestClient, seat: int | str = 0, seats: int = 8) -> dict[str, Any]:
    await post(client, "/api/demo", {"ruleset": "micromafik", "seats": seats, "seat": seat})
    return await world(client)


async def test_page_is_the_sandbox_with_its_controls(client):
    response = await client.get("/")
    html = await response.text()
    assert response.status == 200 and response.content_type == "text/html"
    for element in ('id="ruleset"', 'id="seats"', 'id="seat"', 'id="start"', 'id="me"', 'id="clock"', 'id="chats"'):
        assert element in html


async def test_rule_sets_are_the_engines_registry(client):
    listed = await (await client.get("/api/rulesets")).json()
    assert [r["id"] for r in listed] == list(ruleset_names())
    assert all(r["name"] and r["max_players"] > 0 for r in listed)


async def test_before_a_demo_the_world_is_empty_and_actions_are_refused(client):
    assert (await world(client))["demo"] is None
    for path, body in (("/api/send", {"user": 1, "chat": 1, "text": "hi"}), ("/api/clock", {})):
        assert (await post(client, path, body, 400))["error"] == "Сначала начните демо-игру."


async def test_demo_game_is_set_up_through_the_bot(client):
    data = await micromafik(client)
    demo = data["demo"]
    assert demo["ruleset"] == "micromafik" and demo["status"] == "setup" and demo["phase"] == 0
    assert demo["status_text"] == "сбор колод, сбор колод"
    log = texts(data, demo["log"])
    assert "/newgame micromafik" in log and "early = вкл" in log and "Игра #1 началась" in log
    assert "Записалось" not in texts(data, demo["public"]) and "Игроков: 8" in texts(data, demo["public"])
    players = [u for u in data["users"] if u["id"] != demo["master"]]
    assert len(players) == 8 and demo["visitor"] == players[0]["id"]
    for user in players:  # every seat signed up by pressing the bot's buttons in its private chat
        assert "Готово: Персонаж" in texts(data, user["id"])
        assert "Ваша тайная роль" in texts(data, user["id"])
    assert len(demo["rooms"]) == 3 and all("Группа в пуле" in texts(data, room) for room in demo["rooms"])


async def test_visitor_in_the_masters_chair_is_the_master(client):
    data = await micromafik(client, seat="master")
    assert data["demo"]["visitor"] == data["demo"]["master"]


@pytest.mark.parametrize(("body", "error"), [
    ({"ruleset": "nope", "seats": 8, "seat": 0}, "Нет такого набора правил: 'nope'"),
    ({"ruleset": "micromafik", "seats": 99, "seat": 0}, "Мест должно быть от 1 до 15."),
    ({"ruleset": "micromafik", "seats": 8, "seat": 8}, "Ваше место — от 1 до 8 или кресло мастера."),
    ({"ruleset": "micromafik", "seats": "восемь", "seat": 0}, "Нужно целое число: seats."),
])
async def test_a_demo_asked_wrongly_is_refused_with_the_reason(client, body, error):
    assert (await post(client, "/api/demo", body, 400))["error"].startswith(error)
    assert (await world(client))["demo"] is None


async def test_a_body_that_is_not_json_is_refused(client):
    response = await client.post("/api/demo", data="zz")
    assert response.status == 400 and (await response.json())["error"] == "Тело запроса — не JSON."


async def test_pressing_a_button_acts_as_that_user_and_returns_the_bots_answer(client):
    data = await micromafik(client)
    me = data["demo"]["visitor"]
    screen = chat(data, me)["messages"][-1]
    assert "Сбор колод" in screen["html"] and screen["buttons"]
    assert screen["buttons"][-1][-1]["text"] == "🎲 Собрать автоматически"  # seed 7: the visitor is of the mafia
    answer = await post(client, "/api/press", {"user": me, "chat": me, "message": screen["id"],
                                              "data": screen["buttons"][-1][-1]["callback_data"]})
    assert answer["ok"] is True and isinstance(answer["answer"], str)
    after = next(m for m in chat(await world(client), me)["messages"] if m["id"] == screen["id"])
    assert after["edited"] and after["html"] != screen["html"]


async def test_a_button_in_someone_elses_private_chat_cannot_be_pressed(client):
    data = await micromafik(client)
    me, other = data["demo"]["visitor"], data["users"][2]["id"]
    screen = chat(data, other)["messages"][-1]
    error = (await post(client, "/api/press", {"user": me, "chat": other, "message": screen["id"],
                                               "data": screen["buttons"][0][0]["callback_data"]}, 400))["error"]
    assert "someone else's private chat" in error


async def test_typing_sends_as_the_user_and_the_bot_answers(client):
    data = await micromafik(client)
    me = data["demo"]["visitor"]
    await post(client, "/api/send", {"user": me, "chat": me, "text": "/help"})
    messages = chat(await world(client), me)["messages"]
    assert messages[-2]["html"] == "/help" and not messages[-2]["bot"]
    assert "<b>Игрокам</b>" in messages[-1]["html"]  # the bot's HTML, formatting kept


async def test_a_player_cannot_write_in_the_masters_log(client):
    data = await micromafik(client)
    error = (await post(client, "/api/send", {"user": data["demo"]["visitor"], "chat": data["demo"]["log"],
                                              "text": "/status"}, 400))["error"]
    assert error.startswith("Telegram этого не позволит") and "Лог мастера" in error


async def test_a_groups_privacy_hides_plain_talk_from_the_bot(client):
    data = await micromafik(client)
    me, public = data["demo"]["visitor"], data["demo"]["public"]
    before = len(chat(data, public)["messages"])
    await post(client, "/api/send", {"user": me, "chat": public, "text": "всем привет"})
    after = chat(await world(client), public)["messages"]
    assert len(after) == before + 1 and after[-1]["html"] == "всем привет" and not after[-1]["bot"]


async def test_a_deep_link_button_opens_the_bots_chat_with_its_payload(client):
    data = await micromafik(client)
    master = data["demo"]["master"]
    await post(client, "/api/link", {"user": master, "url": "https://t.me/mafik_test_bot?start=join_1"})
    messages = chat(await world(client), master)["messages"]
    assert messages[-2]["html"] == "/start join_1" and messages[-1]["html"] == "Запись на эту игру закрыта."


async def test_a_link_that_is_not_telegrams_is_refused(client):
    data = await micromafik(client)
    error = (await post(client, "/api/link", {"user": data["demo"]["master"], "url": "https://example.org/"}, 400))["error"]
    assert error == "Telegram этого не позволит: not a Telegram link: https://example.org/"


async def test_an_empty_message_is_refused(client):
    data = await micromafik(client)
    me = data["demo"]["visitor"]
    assert (await post(client, "/api/send", {"user": me, "chat": me, "text": "  "}, 400))["error"] == "Пустое сообщение не отправить."


async def test_the_clock_jumps_to_the_next_deadline_and_the_phase_ends(client):
    data = await micromafik(client)
    deadline = data["demo"]["deadline"]
    jumped = await post(client, "/api/clock", {})
    after = await world(client)
    assert jumped["jumped"] == pytest.approx(deadline - data["now"], abs=1)
    assert after["demo"]["status"] == "running" and after["demo"]["phase"] == 1
    assert "Началась фаза ночь 1" in texts(after, after["demo"]["public"])


async def test_an_unchanged_world_is_not_sent_again(client):
    data = await micromafik(client)
    same = await (await client.get("/api/world", params={"v": data["version"]})).json()
    assert same == {"same": True}


async def test_agents_play_every_seat_but_the_visitors(client):
    data = await micromafik(client)
    demo = sandbox(client).demo
    assert demo is not None and await demo.play_round()
    assert not await demo.play_round(), "a phase is played once"
    after = await world(client)
    agents = after["demo"]["agents"]  # the simulator's decisions, made through the screens (the page shows them)
    assert agents["decisions"] > 0 and agents["exact"] + agents["fallbacks"] == agents["decisions"]
    me = data["demo"]["visitor"]
    for user in after["users"]:
        if user["id"] in (me, data["demo"]["master"]):
            continue
        assert "Колода собрана" in texts(after, user["id"]), user["name"]
    assert "Колода собрана" not in texts(after, me)


async def finished_game(client: TestClient) -> dict[str, Any]:
    """A demo game played to its end by the agents, the clock jumping to each deadline."""
    await micromafik(client)
    demo = sandbox(client).demo
    assert demo is not None
    for _ in range(40):
        await demo.play_round()
        if (await world(client))["demo"]["status"] == "finished":
            break
        await post(client, "/api/clock", {})
    data = await world(client)
    assert data["demo"]["status"] == "finished"
    return data


def document(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(m["document"] for m in chat(data, data["demo"]["log"])["messages"] if m.get("document", {}).get("name") == name)


async def test_a_whole_demo_game_ends_and_its_readable_record_opens(client):
    data = await finished_game(client)
    assert "Игра окончена" in texts(data, data["demo"]["public"])
    response = await client.get(f"/api/file/{document(data, 'game-1.html')['id']}")
    assert response.status == 200 and response.content_type == "text/html"
    assert '<html lang="ru">' in await response.text()


async def test_replay_shows_each_phase_as_the_public_the_master_and_every_player_saw_it(client):
    await finished_game(client)
    state = await sandbox(client).table().app.service.state(1)
    record = await (await client.get("/api/replay")).json()
    assert record["title"] == "Игра #1 · Микромафик" and record["winners"].startswith("Победа: ")
    assert [p["phase"] for p in record["phases"]] == sorted({e.phase for e in state.events})
    assert [r["name"] for r in record["roles"]] == [p.name for p in state.players]
    first_night = next(p for p in record["phases"] if p["phase"] == 1)
    assert first_night["title"] == "Ночь 1"
    assert "Началась фаза ночь 1." in first_night["public"]
    assert any(line.startswith("• ") for line in first_night["master"]), "the submissions head the master's log"
    assert len(first_night["players"]) == 8
    for pid, player in enumerate(state.players):  # deck building: each learns their own secret role
        told = record["phases"][0]["players"][pid]["told"]
        role = gamedata.role_name("micromafik", player.secret_role, "ru")
        assert any(f"Ваша тайная роль: <b>{role}</b>" in line for line in told), player.name
    # What the mafia was told as a faction (its members, the kill vote) is in each mafioso's column only.
    for phase in record["phases"]:
        secret = {render(state, e, "ru") for e in state.events if e.phase == phase["phase"] and e.to == "faction"}
        for pid, player in enumerate(state.players):
            told = set(phase["players"][pid]["told"])
            assert (secret <= told) if player.faction == "mafia" else not (secret & told), (phase["title"], player.name)
    assert any(e.to == "faction" for e in state.events), "the game told the mafia something as a faction"


async def test_replay_opens_from_the_masters_game_file(client):
    data = await finished_game(client)
    raw = await (await client.get(f"/api/file/{document(data, 'game-1.json')['id']}")).json()
    from_file = await post(client, "/api/replay?game=1", raw)
    assert from_file == await (await client.get("/api/replay")).json()


async def test_replay_waits_for_the_end_of_the_game(client):
    await micromafik(client)
    assert (await (await client.get("/api/replay")).json())["error"] == "Повтор откроется, когда игра окончится."


async def test_replay_of_a_file_that_is_not_a_game_is_refused(client):
    assert (await post(client, "/api/replay", {"players": "нет"}, 400))["error"] == "Это не файл игры (game-N.json из лога мастера)."


async def test_a_new_demo_replaces_the_old_one(client):
    await micromafik(client)
    first = sandbox(client).demo
    data = await micromafik(client, seats=5)
    assert sandbox(client).demo is not first and len(data["users"]) == 6


def test_command_line_defaults_to_localhost_8080():
    args = parse_args([])
    assert (args.host, args.port) == ("127.0.0.1", 8080)
    assert parse_args(["--port", "9000", "--host", "0.0.0.0"]).port == 9000


@pytest.mark.parametrize("ruleset", ruleset_names())
async def test_a_demo_of_every_rule_set_seats_everyone_through_the_bot_and_starts(client, ruleset):
    await post(client, "/api/demo", {"ruleset": ruleset, "seats": 12, "seat": 0})
    data = await world(client)
    assert data["demo"]["status"] in ("setup", "running"), texts(data, data["demo"]["log"])[-500:]
    players = [u["id"] for u in data["users"] if u["id"] != data["demo"]["master"]]
    seated = await sandbox(client).table().app.repo.players(1)
    assert len(seated) == len(players) == 12 and all(p["pid"] is not None for p in seated), "everyone has a seat"
    for user in players:  # after the sign-up's question and its «Готово», the game itself spoke to each
        told = [m["html"] for m in chat(data, user)["messages"] if m["bot"]]
        assert "Готово: Персонаж" in told[1] and len(told) > 2, told
