"""``/fake/...``: drive the world over HTTP, for a bot running in another process or by hand.

JSON in, JSON out. Users act through the same :class:`~tgbot.sandbox.faketg.actors.FakeUser` methods the
in-process tests use; each action answers with the update it produced.

=======  ===================================  ==================================================
GET      /fake/world                          bot, users and chats
POST     /fake/users                          {first_name, username?, language_code?, started?}
POST     /fake/groups                         {title, owner_id, member_ids?, bot_status?}
POST     /fake/users/{id}/send                {text, chat_id?, reply_to_message_id?}
POST     /fake/users/{id}/start               {payload?}
POST     /fake/users/{id}/press               {chat_id, message_id, button}
POST     /fake/users/{id}/request_join        {invite_link}
POST     /fake/users/{id}/block | unblock     {}
GET      /fake/chats/{id}/messages            ?all=1 to include users' and deleted messages
=======  ===================================  ==================================================
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram.types import Update
from aiohttp import web

from . import render
from .actors import FakeUser, WorldError
from .world import ANYONE, BOT, World

Action = Callable[[FakeUser, dict[str, Any]], Update]


def add_control_routes(app: web.Application, world: World) -> None:
    def json_handler(func: Callable[[web.Request, dict[str, Any]], Any]) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handler(request: web.Request) -> web.Response:
            body: dict[str, Any] = await request.json() if request.body_exists else {}
            try:
                result = func(request, body)
            except (WorldError, KeyError, LookupError, ValueError, TypeError) as error:
                return web.json_response({"ok": False, "error": f"{type(error).__name__}: {error}"}, status=400)
            return web.json_response({"ok": True, "result": result})

        return handler

    def summary(request: web.Request, body: dict[str, Any]) -> Any:
        return {
            "bot": render.bot_json(world.bot, full=True),
            "users": [{**render.user_json(u), "started": u.started, "blocked": u.blocked} for u in world.users.values()],
            "chats": [render.chat_json(world, c) for c in world.chats.values() if not c.is_private],
        }

    def add_user(request: web.Request, body: dict[str, Any]) -> Any:
        user = world.add_user(
            body["first_name"],
            username=body.get("username"),
            language_code=body.get("language_code", "ru"),
            started=bool(body.get("started", False)),
        )
        return render.user_json(user)

    def add_group(request: web.Request, body: dict[str, Any]) -> Any:
        chat = world.create_group(
            body["title"],
            owner=world.users[int(body["owner_id"])],
            members=[world.users[int(uid)] for uid in body.get("member_ids", [])],
            bot=body.get("bot_status", "administrator"),
        )
        return render.chat_json(world, chat)

    def user_action(action: Action) -> Callable[[web.Request, dict[str, Any]], Any]:
        def run(request: web.Request, body: dict[str, Any]) -> Any:
            user = world.users[int(request.match_info["user_id"])]
            return action(user, body).model_dump(mode="json", by_alias=True, exclude_none=True)

        return run

    def send(user: FakeUser, body: dict[str, Any]) -> Update:
        chat = world.chat(int(body["chat_id"])) if body.get("chat_id") else None
        target = chat or user.chat
        reply = target.messages[int(body["reply_to_message_id"])] if body.get("reply_to_message_id") else None
        return user.send(body["text"], chat, reply_to=reply)

    def press(user: FakeUser, body: dict[str, Any]) -> Update:
        message = world.chat(int(body["chat_id"])).messages[int(body["message_id"])]
        return user.press(message, str(body["button"]))

    def messages(request: web.Request, body: dict[str, Any]) -> Any:
        everything = request.query.get("all") in ("1", "true")
        chat = world.chat(int(request.match_info["chat_id"]))
        found = world.messages_in(chat, sender=ANYONE if everything else BOT, include_deleted=everything)
        return [{**render.message_json(world, m), "deleted": m.deleted} for m in found]

    actions: dict[str, Action] = {
        "send": send,
        "start": lambda user, body: user.start(body.get("payload")),
        "press": press,
        "request_join": lambda user, body: user.request_join(body["invite_link"]),
        "block": lambda user, body: user.block(),
        "unblock": lambda user, body: user.unblock(),
    }
    app.router.add_get("/fake/world", json_handler(summary))
    app.router.add_post("/fake/users", json_handler(add_user))
    app.router.add_post("/fake/groups", json_handler(add_group))
    for name, action in actions.items():
        app.router.add_post(f"/fake/users/{{user_id}}/{name}", json_handler(user_action(action)))
    app.router.add_get("/fake/chats/{chat_id}/messages", json_handler(messages))
