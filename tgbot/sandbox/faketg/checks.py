"""Checks shared by the Bot API handlers: which chat, may the bot write there, its rights, markups."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import bad_request, forbidden
from .models import KICKED, FakeChat, FakeMessage
from .params import Params

if TYPE_CHECKING:
    from .world import World

JOIN_REQUEST_CONTACT_SECONDS = 5 * 60
"""A bot may write to a user for 5 minutes after their join request, even if they never started it."""

_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)


def target_chat(world: World, params: Params, name: str = "chat_id") -> FakeChat:
    chat = world.find_chat(params.chat_id(name))
    if chat is None:
        raise bad_request("chat not found")
    return chat


def group_chat(world: World, params: Params) -> FakeChat:
    """A group the bot is in (403 if it is not)."""
    chat = target_chat(world, params)
    if chat.is_private:
        raise bad_request("chat member status can't be changed in private chats")
    require_bot_in_chat(world, chat)
    return chat


def require_bot_in_chat(world: World, chat: FakeChat) -> None:
    if chat.is_private:
        return
    member = world.bot_member(chat)
    kind = "supergroup" if chat.type == "supergroup" else "group"
    if member.status == KICKED:
        raise forbidden(f"bot was kicked from the {kind} chat")
    if not member.is_present:
        raise forbidden(f"bot is not a member of the {kind} chat")


def require_can_write(world: World, chat: FakeChat) -> None:
    """What Telegram checks before the bot sends to a chat."""
    if not chat.is_private:
        require_bot_in_chat(world, chat)
        return
    user = world.users[chat.id]
    if user.is_bot:
        raise forbidden("bot can't send messages to bots")
    if user.blocked:
        raise forbidden("bot was blocked by the user")
    if not user.started and not _recent_join_request(world, user.id):
        raise forbidden("bot can't initiate conversation with a user")


def _recent_join_request(world: World, user_id: int) -> bool:
    deadline = world.now() - JOIN_REQUEST_CONTACT_SECONDS
    return any(
        (request := chat.join_requests.get(user_id)) is not None and request.date >= deadline for chat in world.chats.values()
    )


def require_right(world: World, chat: FakeChat, right: str, error: str) -> None:
    if not world.bot_member(chat).can(right):
        raise bad_request(error)


def target_message(world: World, chat: FakeChat, params: Params, missing: str) -> FakeMessage:
    message_id = params.integer("message_id")
    if message_id is None:
        raise bad_request("message identifier is not specified")
    message = chat.messages.get(message_id)
    if message is None or message.deleted:
        raise bad_request(missing)
    return message


def reply_to_id(chat: FakeChat, params: Params) -> int | None:
    """The message a send replies to (``reply_parameters`` or the older ``reply_to_message_id``)."""
    reply: dict[str, Any] = params.json("reply_parameters") or {}
    message_id = reply.get("message_id", params.integer("reply_to_message_id"))
    if message_id is None:
        return None
    allow_missing = reply.get("allow_sending_without_reply", params.flag("allow_sending_without_reply"))
    found = chat.messages.get(int(message_id))
    if found is None or found.deleted:
        if allow_missing:
            return None
        raise bad_request("message to be replied not found")
    return found.message_id


def reply_markup(params: Params, *, inline_only: bool = False) -> dict[str, Any] | None:
    markup = params.json("reply_markup", error="can't parse reply keyboard markup JSON object")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        _check_inline_keyboard(markup["inline_keyboard"])
    elif inline_only:
        raise bad_request("inline keyboard expected")
    elif not any(key in markup for key in ("keyboard", "remove_keyboard", "force_reply")):
        raise bad_request("can't parse reply keyboard markup JSON object")
    return markup


def _check_inline_keyboard(rows: Any) -> None:
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays')
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or not isinstance(button.get("text"), str):
                raise bad_request('can\'t parse inline keyboard button: Field "text" must be of type String')
            if not any(key in button for key in _BUTTON_ACTIONS):
                raise bad_request("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
            data = button.get("callback_data")
            if data is not None and not (isinstance(data, str) and 1 <= len(data.encode()) <= 64):
                raise bad_request("BUTTON_DATA_INVALID")
            url = button.get("url")
            if url is not None and not (isinstance(url, str) and url.startswith(("http://", "https://", "tg://"))):
                raise bad_request("BUTTON_URL_INVALID")
