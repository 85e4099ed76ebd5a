"""Over HTTP: a real aiogram bot with AiohttpSession polls the fake server on loopback."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable

import aiohttp
import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramNetworkError
from aiogram.types import BufferedInputFile

from tgbot.sandbox.faketg import FakeTelegramServer, World
from tgbot.sandbox.faketg.__main__ import parse_args, serve
from tgbot.sandbox.faketg.errors import network_error

from .demo_bot import make_dispatcher


async def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


async def test_polling_bot_answers_start() -> None:
    world = World()
    alice = world.add_user("Alice", username="alice")
    async with FakeTelegramServer(world) as server:
        assert server.url.startswith("http://127.0.0.1:")
        bot = Bot(world.bot.token, session=AiohttpSession(api=server.api_server))
        dispatcher = make_dispatcher()
        polling = asyncio.create_task(dispatcher.start_polling(bot, handle_signals=False, polling_timeout=2))
        try:
            alice.start()
            await wait_until(lambda: alice.last_text is not None)
            assert alice.last_text == "Привет, Alice! За кого играешь?"

            menu = world.last_message(alice)
            assert menu is not None
            alice.press(menu, "Мирный")
            await wait_until(lambda: menu.text == "Ты выбрал: town")
            assert all(record.answered for record in world.callbacks.values())
        finally:
            await dispatcher.stop_polling()
            await asyncio.wait_for(polling, 5)
    assert [call.method for call in world.calls][:2] == ["getMe", "getUpdates"]


async def test_methods_by_hand_over_http() -> None:
    world = World()
    alice = world.add_user("Alice", started=True)
    stranger = world.add_user("Stranger")
    async with FakeTelegramServer(world) as server, Bot(world.bot.token, session=AiohttpSession(api=server.api_server)) as bot:
        poll = asyncio.create_task(bot.get_updates(timeout=3))
        await asyncio.sleep(0.05)
        alice.send("привет")
        updates = await asyncio.wait_for(poll, 2)
        assert updates[0].message is not None and updates[0].message.text == "привет"

        sent = await bot.send_document(alice.id, BufferedInputFile(b"\x00\x01binary", filename="log.bin"), caption="лог")
        assert world.documents_in(alice)[0].data == b"\x00\x01binary"
        assert sent.document is not None and sent.document.file_name == "log.bin"
        buffer = io.BytesIO()
        await bot.download(sent.document.file_id, destination=buffer)
        assert buffer.getvalue() == b"\x00\x01binary"

        with pytest.raises(TelegramForbiddenError, match="bot can't initiate conversation"):
            await bot.send_message(stranger.id, "x")
        with pytest.raises(TelegramBadRequest, match="chat not found"):
            await bot.send_message(-1, "x")

        world.faults.fail("sendMessage", network_error())
        with pytest.raises(TelegramNetworkError):
            await bot.send_message(alice.id, "обрыв")
        await bot.send_message(alice.id, "снова")
        assert alice.last_text == "снова"


async def test_json_requests_and_control_api() -> None:
    world = World()
    async with FakeTelegramServer(world) as server, aiohttp.ClientSession() as http:
        created = await (await http.post(f"{server.url}/fake/users", json={"first_name": "Ann", "username": "ann"})).json()
        user_id = created["result"]["id"]
        started = await (await http.post(f"{server.url}/fake/users/{user_id}/start", json={"payload": "abc"})).json()
        assert started["result"]["message"]["text"] == "/start abc"

        api = f"{server.url}/bot{world.bot.token}"
        reply = await http.post(f"{api}/sendMessage", json={"chat_id": user_id, "text": "<b>Hi</b>", "parse_mode": "HTML"})
        body = await reply.json()
        assert reply.status == 200 and body["result"]["entities"] == [{"type": "bold", "offset": 0, "length": 2}]
        missing = await http.get(f"{api}/noSuchMethod")
        assert missing.status == 404 and (await missing.json())["description"] == "Not Found"
        wrong = await http.get(f"{server.url}/bot1:WRONG/getMe")
        assert wrong.status == 401

        messages = await (await http.get(f"{server.url}/fake/chats/{user_id}/messages")).json()
        assert [m["text"] for m in messages["result"]] == ["Hi"]
        bad = await http.post(f"{server.url}/fake/users/{user_id}/press", json={"chat_id": user_id, "message_id": 99, "button": "x"})
        assert bad.status == 400


def test_only_loopback() -> None:
    with pytest.raises(ValueError, match="loopback"):
        FakeTelegramServer(host="0.0.0.0")


async def test_command_line_server(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m tgbot.sandbox.faketg --port 0 --token 7:CLI``, run in-process (a subprocess re-imports aiogram, seconds)."""
    stop = asyncio.Event()
    server = asyncio.create_task(serve(parse_args(["--port", "0", "--token", "7:CLI"]), stop))
    printed = ""

    def url_printed() -> bool:
        nonlocal printed
        printed += capsys.readouterr().out
        return re.search(r"http://127\.0\.0\.1:\d+", printed) is not None

    try:
        await wait_until(url_printed)
        url = re.search(r"http://127\.0\.0\.1:\d+", printed)
        assert url is not None
        async with aiohttp.ClientSession() as http:
            me = await (await http.get(f"{url.group(0)}/bot7:CLI/getMe")).json()
        assert me["ok"] and me["result"]["id"] == 7
    finally:
        stop.set()
        await asyncio.wait_for(server, 5)
