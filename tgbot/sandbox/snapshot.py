"""What the page shows, as JSON: every chat of the world with its messages (formatting as HTML, inline
buttons, documents), who is who, and the clock."""

from __future__ import annotations

from typing import Any

from aiogram.types import MessageEntity
from aiogram.utils.text_decorations import html_decoration

from tgbot.sandbox.faketg import FakeChat, FakeMessage, World


def version(world: World) -> str:
    """Changes whenever anything the page shows may have changed: a Bot API call (a send, an edit, a
    deletion) or a user's message."""
    return f"{len(world.calls)}.{sum(len(chat.messages) for chat in world.chats.values())}"


def message_html(message: FakeMessage) -> str:
    """The message's text (or caption) with its formatting, as safe HTML."""
    text = message.content or ""
    raw = message.entities if message.text is not None else message.caption_entities
    entities = [MessageEntity.model_validate(e) for e in raw]
    return html_decoration.unparse(text, entities)


def message_json(world: World, message: FakeMessage) -> dict[str, Any]:
    sender = "bot" if message.from_bot else world.users[message.sender_id].full_name if message.sender_id in world.users else ""
    out: dict[str, Any] = {"id": message.message_id, "from": sender, "bot": message.from_bot, "html": message_html(message),
                           "date": message.date, "edited": message.edit_date is not None, "buttons": message.inline_keyboard}
    if message.document is not None:
        out["document"] = {"id": message.document.file_id, "name": message.document.file_name or "file"}
    if message.service:
        out["service"] = sorted(message.service)
    return out


def chat_json(world: World, chat: FakeChat) -> dict[str, Any]:
    owner = world.users.get(chat.id) if chat.is_private else None
    return {
        "id": chat.id,
        "title": owner.full_name if owner is not None else chat.title,
        "private": chat.is_private,
        "members": [uid for uid, m in chat.members.items() if m.is_present and uid in world.users],
        "messages": [message_json(world, m) for m in chat.messages.values() if not m.deleted],
    }


def world_json(world: World) -> dict[str, Any]:
    return {
        "version": version(world),
        "now": world.clock(),
        "users": [{"id": u.id, "name": u.full_name} for u in world.users.values()],
        "chats": [chat_json(world, c) for c in world.chats.values()],
    }
