"""Bot API methods about the bot itself: getMe, commands, webhook, the update queue."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import render
from .errors import bad_request, conflict
from .params import Params

if TYPE_CHECKING:
    from .world import World

_COMMAND = re.compile(r"[a-z0-9_]{1,32}")


def get_me(world: World, p: Params) -> Any:
    return render.bot_json(world.bot, full=True)


def _commands_key(p: Params) -> tuple[str, str]:
    scope = p.json("scope") or {"type": "default"}
    return json.dumps(scope, sort_keys=True), p.text("language_code") or ""


def set_my_commands(world: World, p: Params) -> Any:
    commands = p.json("commands") or []
    if not isinstance(commands, list) or len(commands) > 100:
        raise bad_request("BOT_COMMANDS_TOO_MUCH")
    for command in commands:
        if not isinstance(command, dict) or not _COMMAND.fullmatch(str(command.get("command", ""))):
            raise bad_request("BOT_COMMAND_INVALID")
        if not 1 <= len(str(command.get("description", ""))) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
    world.bot.commands[_commands_key(p)] = commands
    return True


def get_my_commands(world: World, p: Params) -> Any:
    return world.bot.commands.get(_commands_key(p), [])


def delete_my_commands(world: World, p: Params) -> Any:
    world.bot.commands.pop(_commands_key(p), None)
    return True


def set_webhook(world: World, p: Params) -> Any:
    """Remembered only; the fake never pushes updates to a webhook."""
    world.bot.webhook_url = p.text("url") or ""
    if p.flag("drop_pending_updates"):
        world.drop_pending_updates()
    return True


def delete_webhook(world: World, p: Params) -> Any:
    world.bot.webhook_url = ""
    if p.flag("drop_pending_updates"):
        world.drop_pending_updates()
    return True


def get_webhook_info(world: World, p: Params) -> Any:
    return {"url": world.bot.webhook_url, "has_custom_certificate": False, "pending_update_count": len(world.pending_updates)}


def get_updates_now(world: World, p: Params) -> list[dict[str, Any]]:
    """``getUpdates`` without waiting; :class:`tgbot.sandbox.faketg.api.FakeBotAPI` adds the long polling."""
    if world.bot.webhook_url:
        raise conflict("can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")
    limit = min(max(p.integer("limit", 100) or 100, 1), 100)
    allowed = p.json("allowed_updates")
    return world.take_updates(p.integer("offset"), limit, allowed if isinstance(allowed, list) else None)


def log_out(world: World, p: Params) -> Any:
    return True


HANDLERS: dict[str, Callable[[World, Params], Any]] = {
    "getMe": get_me,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setWebhook": set_webhook,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
    "getUpdates": get_updates_now,
    "logOut": log_out,
    "close": log_out,
}
