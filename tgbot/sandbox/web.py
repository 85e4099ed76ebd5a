"""The sandbox's web server: the page, and a small JSON API through which the page reads the world and
acts as any user (types, presses buttons, follows links), starts a demo game and moves the clock."""

from __future__ import annotations

import itertools
import time
from collections.abc import Awaitable, Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import GameState
from tgbot.sandbox.demo import GAME, Demo, DemoError, DemoSpec, start_demo
from tgbot.sandbox.faketg import FakeChat, FakeUser, WorldError
from tgbot.sandbox.replay import replay
from tgbot.sandbox.snapshot import version, world_json
from tgbot.sandbox.table import Table
from tgbot.ui.names import game_status, phase_name, ruleset_name

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
MAX_UPLOAD = 64 * 1024 * 1024  # a long Мафик game's JSON file runs to megabytes


class BadRequest(Exception):
    """A request the sandbox refuses; the message is shown to the visitor."""


class Sandbox:
    """The demo being played (at most one: a new one replaces it) and where its databases live."""

    def __init__(self, directory: Path, *, agents: bool = True, seed: int | None = None) -> None:
        self.directory = directory
        self.agents = agents
        self.demo: Demo | None = None
        self._seeds = itertools.count(int(time.time()) if seed is None else seed)

    async def new_demo(self, spec: DemoSpec) -> Demo:
        spec.check()
        old, self.demo = self.demo, None
        if old is not None:
            await old.close()
        self.demo = await start_demo(spec, self.directory, seed=next(self._seeds), agents=self.agents)
        return self.demo

    async def close(self) -> None:
        if self.demo is not None:
            await self.demo.close()
            self.demo = None

    def table(self) -> Table:
        if self.demo is None:
            raise BadRequest("Сначала начните демо-игру.")
        return self.demo.table


SANDBOX = web.AppKey("sandbox", Sandbox)


def _int(body: Mapping[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).lstrip("-").isdigit():
        raise BadRequest(f"Нужно целое число: {key}.")
    return int(value)


def _user(table: Table, body: dict[str, Any]) -> FakeUser:
    user = table.world.users.get(_int(body, "user"))
    if user is None:
        raise BadRequest("Нет такого пользователя.")
    return user


def _chat(table: Table, body: dict[str, Any]) -> FakeChat:
    chat = table.world.chats.get(_int(body, "chat"))
    if chat is None:
        raise BadRequest("Нет такого чата.")
    return chat


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise BadRequest("Тело запроса — не JSON.") from None
    if not isinstance(body, dict):
        raise BadRequest("Тело запроса — не объект JSON.")
    return body


@web.middleware
async def answers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A refused request: 400 with the reason (the world's own refusals too: a user writing where they
    cannot, pressing a button under someone else's message, following a dead link)."""
    try:
        return await handler(request)
    except (BadRequest, DemoError) as exc:
        return web.json_response({"error": str(exc)}, status=400)
    except (WorldError, LookupError) as exc:
        return web.json_response({"error": f"Telegram этого не позволит: {exc}"}, status=400)


async def page(request: web.Request) -> web.Response:
    html = resources.files("tgbot.sandbox").joinpath("page.html").read_text(encoding="utf-8")
    return web.Response(text=html, content_type="text/html")


async def rulesets(request: web.Request) -> web.Response:
    return web.json_response([{"id": r, "name": ruleset_name("ru", r), "max_players": get_ruleset(r).max_players}
                              for r in ruleset_names()])


async def world(request: web.Request) -> web.Response:
    sandbox = request.app[SANDBOX]
    demo = sandbox.demo
    if demo is None:
        return web.json_response({"demo": None, "version": "none"})
    t = demo.table
    if request.query.get("v") == version(t.world):
        return web.json_response({"same": True})
    game = await t.app.service.game(GAME)
    out = world_json(t.world)
    out["demo"] = {"ruleset": demo.spec.ruleset, "seats": demo.spec.seats, "visitor": demo.visitor.id,
                   "master": t.master.id, "log": t.log.id, "public": t.public.id, "rooms": [r.id for r in t.rooms],
                   "ruleset_name": ruleset_name("ru", demo.spec.ruleset), "status": game["status"], "phase": game["phase"],
                   "status_text": f"{game_status('ru', str(game['status']))}, {phase_name('ru', int(game['phase'] or 0))}",
                   "deadline": await t.next_deadline(),
                   "agents": {"decisions": demo.tally.decisions, "exact": demo.tally.exact,
                              "fallbacks": demo.tally.fallbacks}}
    return web.json_response(out)


async def new_demo(request: web.Request) -> web.Response:
    body = await _body(request)
    seat = body.get("seat")
    spec = DemoSpec(ruleset=str(body.get("ruleset") or ""), seats=_int(body, "seats"),
                    seat=-1 if seat == "master" else _int(body, "seat"))
    demo = await request.app[SANDBOX].new_demo(spec)
    return web.json_response({"ok": True, "visitor": demo.visitor.id})


async def send(request: web.Request) -> web.Response:
    body = await _body(request)
    table = request.app[SANDBOX].table()
    user, chat = _user(table, body), _chat(table, body)
    text = str(body.get("text") or "").strip()
    if not text:
        raise BadRequest("Пустое сообщение не отправить.")
    async with table.lock:
        await table.feed(user.send(text, None if chat.is_private else chat))
    return web.json_response({"ok": True})


async def press(request: web.Request) -> web.Response:
    body = await _body(request)
    table = request.app[SANDBOX].table()
    user, chat = _user(table, body), _chat(table, body)
    message = chat.messages.get(_int(body, "message"))
    if message is None:
        raise BadRequest("Нет такого сообщения.")
    async with table.lock:
        update = user.press(message, str(body.get("data") or ""))
        await table.feed(update)
    assert update.callback_query is not None
    record = table.world.callbacks[update.callback_query.id]
    return web.json_response({"ok": True, "answer": record.text or "", "alert": record.show_alert})


async def link(request: web.Request) -> web.Response:
    body = await _body(request)
    table = request.app[SANDBOX].table()
    user = _user(table, body)
    async with table.lock:
        await table.feed(user.open_link(str(body.get("url") or "")))
    return web.json_response({"ok": True})


async def clock(request: web.Request) -> web.Response:
    table = request.app[SANDBOX].table()
    async with table.lock:
        jumped = await table.jump()
    if jumped is None:
        raise BadRequest("Сейчас нет срока, до которого можно перемотать время.")
    return web.json_response({"ok": True, "jumped": jumped})


async def document(request: web.Request) -> web.Response:
    table = request.app[SANDBOX].table()
    stored = table.world.files.get(request.match_info["file_id"])
    if stored is None:
        raise BadRequest("Нет такого файла.")
    return web.Response(body=stored.data, content_type=stored.mime_type or "application/octet-stream",
                        charset="utf-8" if (stored.mime_type or "").startswith("text/") else None)


async def game_replay(request: web.Request) -> web.Response:
    """The demo's game as a replay, once it has ended (earlier it would show a seat what it must not see)."""
    table = request.app[SANDBOX].table()
    game = await table.app.service.game(GAME)
    if game["status"] != "finished":
        raise BadRequest("Повтор откроется, когда игра окончится.")
    return web.json_response(replay(GAME, await table.app.service.state(GAME), str(game["locale"])))


async def file_replay(request: web.Request) -> web.Response:
    """A replay of any game from the JSON file the master's log gets at its end (game-N.json)."""
    body = await _body(request)
    try:
        state = GameState.model_validate(body)
    except ValidationError:
        raise BadRequest("Это не файл игры (game-N.json из лога мастера).") from None
    game_id = _int(request.query, "game") if "game" in request.query else 1
    return web.json_response(replay(game_id, state, str(request.query.get("lang") or "ru")))


def make_app(sandbox: Sandbox) -> web.Application:
    app = web.Application(middlewares=[answers], client_max_size=MAX_UPLOAD)
    app[SANDBOX] = sandbox
    app.router.add_get("/", page)
    app.router.add_get("/api/rulesets", rulesets)
    app.router.add_get("/api/world", world)
    app.router.add_get("/api/file/{file_id}", document)
    app.router.add_post("/api/demo", new_demo)
    app.router.add_post("/api/send", send)
    app.router.add_post("/api/press", press)
    app.router.add_post("/api/link", link)
    app.router.add_post("/api/clock", clock)
    app.router.add_get("/api/replay", game_replay)
    app.router.add_post("/api/replay", file_replay)

    async def close(_app: web.Application) -> None:
        await sandbox.close()

    app.on_cleanup.append(close)
    return app
