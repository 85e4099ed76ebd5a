"""Bot API methods about messages: send, edit, delete, pin, documents, photos, chat actions, callback and inline answers."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import render
from .checks import reply_markup, reply_to_id, require_can_write, require_right, target_chat, target_message
from .errors import bad_request, entity_too_large
from .formatting import format_text
from .models import FakeChat, FakeMessage
from .params import Params, Upload

if TYPE_CHECKING:
    from .world import World

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_UPLOAD = 50 * 1024 * 1024
MAX_PHOTO = 10 * 1024 * 1024
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly the same "
    "as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"


def send_message(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    require_can_write(world, chat)
    text, entities = format_text(p.text("text") or "", p.text("parse_mode"), p.json("entities"))
    if not text:
        raise bad_request("message text is empty")
    if len(text) > MAX_TEXT:
        raise bad_request("message is too long")
    markup = reply_markup(p)
    reply_to = reply_to_id(chat, p)
    world.limits.check_send(chat.id, chat.is_private)
    message = world.post_message(
        chat,
        world.bot.id,
        text=text,
        entities=entities,
        reply_markup=markup,
        reply_to_message_id=reply_to,
        message_thread_id=p.integer("message_thread_id"),
    )
    return render.message_json(world, message)


def send_document(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    require_can_write(world, chat)
    document = p.input_file("document")
    if document is None:
        raise bad_request("there is no document in the request")
    if isinstance(document, Upload):
        if not document.data:
            raise bad_request("file must be non-empty")
        if len(document.data) > MAX_UPLOAD:
            raise entity_too_large()
        mime = document.content_type
        if not mime or mime == "application/octet-stream":
            mime = mimetypes.guess_type(document.filename)[0] or "application/octet-stream"
        stored = world.store_file(document.data, document.filename, mime)
    elif document in world.files:
        stored = world.files[document]
    elif document.startswith(("http://", "https://")):
        raise bad_request("failed to get HTTP URL content")
    else:
        raise bad_request("wrong file identifier/HTTP URL specified")
    return _post_file(world, chat, p, document=stored)


def send_photo(world: World, p: Params) -> Any:
    """A PNG or JPEG upload (or a stored photo's file_id) within Telegram's photo limits: 10 MB,
    width + height at most 10000, sides at most 20 to 1; anything else is IMAGE_PROCESS_FAILED."""
    chat = target_chat(world, p)
    require_can_write(world, chat)
    photo = p.input_file("photo")
    if photo is None:
        raise bad_request("there is no photo in the request")
    if isinstance(photo, Upload):
        if len(photo.data) > MAX_PHOTO:
            raise bad_request("PHOTO_SAVE_FILE_INVALID")
        size = image_size(photo.data)
        if size is None:
            raise bad_request("IMAGE_PROCESS_FAILED")
        width, height = size
        if width + height > 10000 or max(width, height) > 20 * max(1, min(width, height)):
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        stored = world.store_file(photo.data, photo.filename, None, size=size)
    elif photo in world.files and world.files[photo].size is not None:
        stored = world.files[photo]
    else:
        raise bad_request("wrong file identifier/HTTP URL specified")
    return _post_file(world, chat, p, photo=stored)


def _post_file(world: World, chat: Any, p: Params, **stored: Any) -> Any:
    """A stored document or photo posted with the request's caption, keyboard and reply, within the limits."""
    caption, caption_entities = _caption(p)
    markup = reply_markup(p)
    reply_to = reply_to_id(chat, p)
    world.limits.check_send(chat.id, chat.is_private)
    message = world.post_message(
        chat,
        world.bot.id,
        caption=caption,
        caption_entities=caption_entities,
        reply_markup=markup,
        reply_to_message_id=reply_to,
        message_thread_id=p.integer("message_thread_id"),
        **stored,
    )
    return render.message_json(world, message)


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's or a JPEG's header; None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(data) and data[i] == 0xFF:
            marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
            if marker in (0xC0, 0xC1, 0xC2):
                return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
            i += 2 + length
    return None


def _caption(p: Params) -> tuple[str | None, list[dict[str, Any]]]:
    if not p.has("caption"):
        return None, []
    caption, entities = format_text(p.text("caption") or "", p.text("parse_mode"), p.json("caption_entities"))
    if len(caption) > MAX_CAPTION:
        raise bad_request("message caption is too long")
    return (caption or None), entities


def _inline_unsupported(p: Params) -> None:
    if p.has("inline_message_id"):
        raise bad_request("MESSAGE_ID_INVALID")  # the fake keeps no messages sent via inline mode


def _bot_message_to_edit(world: World, p: Params) -> FakeMessage:
    """The bot's own message an edit names, as Telegram checks it: not an inline message, a chat the bot
    may write to, a message that exists and that the bot sent."""
    _inline_unsupported(p)
    chat = target_chat(world, p)
    require_can_write(world, chat)
    message = target_message(world, chat, p, "message to edit not found")
    if not message.from_bot:
        raise bad_request("message can't be edited")
    return message


def edit_message_text(world: World, p: Params) -> Any:
    message = _bot_message_to_edit(world, p)
    if message.text is None:
        raise bad_request("there is no text in the message to edit")
    text, entities = format_text(p.text("text") or "", p.text("parse_mode"), p.json("entities"))
    if not text:
        raise bad_request("message text is empty")
    if len(text) > MAX_TEXT:
        raise bad_request("message is too long")
    markup = reply_markup(p, inline_only=True)
    if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(NOT_MODIFIED)
    message.previous_texts.append(message.text)
    message.text, message.entities, message.reply_markup = text, entities, markup
    message.edit_date = world.now()
    return render.message_json(world, message)


def edit_message_caption(world: World, p: Params) -> Any:
    message = _bot_message_to_edit(world, p)
    if message.document is None and message.photo is None:
        raise bad_request("there is no caption in the message to edit")
    caption, entities = _caption(p)
    markup = reply_markup(p, inline_only=True)
    if (caption, entities, markup) == (message.caption, message.caption_entities, message.reply_markup):
        raise bad_request(NOT_MODIFIED)
    message.previous_texts.append(message.caption)
    message.caption, message.caption_entities, message.reply_markup = caption, entities, markup
    message.edit_date = world.now()
    return render.message_json(world, message)


def edit_message_reply_markup(world: World, p: Params) -> Any:
    message = _bot_message_to_edit(world, p)
    markup = reply_markup(p, inline_only=True)
    if markup == message.reply_markup or (not markup and not message.reply_markup):
        raise bad_request(NOT_MODIFIED)
    message.reply_markup = markup
    message.edit_date = world.now()
    return render.message_json(world, message)


def delete_message(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    _delete(world, chat, target_message(world, chat, p, "message to delete not found"))
    return True


def delete_messages(world: World, p: Params) -> Any:
    """Deletes what it can; missing messages are skipped, as Telegram documents."""
    chat = target_chat(world, p)
    ids = p.json("message_ids")
    if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
        raise bad_request("message_ids must contain 1-100 message identifiers")
    for message_id in ids:
        message = chat.messages.get(int(message_id))
        if message is not None and not message.deleted:
            _delete(world, chat, message)
    return True


def _delete(world: World, chat: FakeChat, message: FakeMessage) -> None:
    too_old = world.now() - message.date > 48 * 3600
    if chat.is_private:
        if too_old:
            raise bad_request("message can't be deleted for everyone")
    else:
        can_delete_any = world.bot_member(chat).can("can_delete_messages")
        if not can_delete_any and (not message.from_bot or too_old):
            raise bad_request("message can't be deleted")
    message.deleted = True
    if message.message_id in chat.pinned:
        chat.pinned.remove(message.message_id)


def pin_chat_message(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    require_can_write(world, chat)
    if not chat.is_private:
        require_right(world, chat, "can_pin_messages", "not enough rights to manage pinned messages in the chat")
    message = target_message(world, chat, p, "message to pin not found")
    if message.message_id in chat.pinned:
        chat.pinned.remove(message.message_id)
    chat.pinned.append(message.message_id)
    world.post_message(chat, world.bot.id, service={"pinned_message": render.message_json(world, message, with_reply=False)})
    return True


def unpin_chat_message(world: World, p: Params) -> Any:
    """Unpins ``message_id``, or the most recently pinned message."""
    chat = target_chat(world, p)
    require_can_write(world, chat)
    if not chat.is_private:
        require_right(world, chat, "can_pin_messages", "not enough rights to manage pinned messages in the chat")
    message_id = p.integer("message_id")
    if message_id is None and chat.pinned:
        message_id = chat.pinned[-1]
    if message_id not in chat.pinned:
        raise bad_request("message to unpin not found")
    chat.pinned.remove(message_id)
    return True


def unpin_all_chat_messages(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    require_can_write(world, chat)
    if not chat.is_private:
        require_right(world, chat, "can_pin_messages", "not enough rights to manage pinned messages in the chat")
    chat.pinned.clear()
    return True


CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)


def send_chat_action(world: World, p: Params) -> Any:
    """Accepted and logged (``World.calls``); a chat action leaves nothing else behind."""
    chat = target_chat(world, p)
    require_can_write(world, chat)
    if p.text("action") not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True


def answer_callback_query(world: World, p: Params) -> Any:
    record = world.callbacks.get(p.required_text("callback_query_id", "query_id is empty") or "")
    if record is None or record.answered:
        raise bad_request(QUERY_TOO_OLD)
    text = p.text("text")
    if text is not None and len(text) > 200:
        raise bad_request("MESSAGE_TOO_LONG")
    record.answered = True
    record.text = text
    record.show_alert = p.flag("show_alert")
    record.url = p.text("url")
    record.cache_time = p.integer("cache_time")
    return True


def answer_inline_query(world: World, p: Params) -> Any:
    record = world.inline_queries.get(p.required_text("inline_query_id", "query_id is empty"))
    if record is None or record.answered:
        raise bad_request(QUERY_TOO_OLD)
    results = p.json("results", error="can't parse inline query results JSON object")
    if not isinstance(results, list) or len(results) > 50:
        raise bad_request("RESULTS_TOO_MUCH" if isinstance(results, list) else "results are empty")
    ids = [result.get("id") if isinstance(result, dict) else None for result in results]
    if any(not isinstance(result, dict) or not result.get("type") or not result.get("id") for result in results):
        raise bad_request("can't parse InlineQueryResult: Field \"id\" must be a non-empty String")
    if len(set(ids)) != len(ids):
        raise bad_request("RESULT_ID_DUPLICATE")
    record.answered = True
    record.results = results
    record.answer = {key: p.raw(key) for key in ("cache_time", "is_personal", "next_offset", "button") if p.has(key)}
    return True


def get_file(world: World, p: Params) -> Any:
    stored = world.files.get(p.required_text("file_id"))
    if stored is None:
        raise bad_request("invalid file_id")
    return render.file_json(stored)


HANDLERS: dict[str, Callable[[World, Params], Any]] = {
    "sendMessage": send_message,
    "sendDocument": send_document,
    "sendPhoto": send_photo,
    "editMessageText": edit_message_text,
    "editMessageCaption": edit_message_caption,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "deleteMessages": delete_messages,
    "pinChatMessage": pin_chat_message,
    "unpinChatMessage": unpin_chat_message,
    "unpinAllChatMessages": unpin_all_chat_messages,
    "sendChatAction": send_chat_action,
    "answerCallbackQuery": answer_callback_query,
    "answerInlineQuery": answer_inline_query,
    "getFile": get_file,
}
