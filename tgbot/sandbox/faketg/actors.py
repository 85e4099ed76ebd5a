"""Fake users and what they can do: write, press buttons, follow links, join, leave, block.

Every action changes the world as Telegram would and returns the ``aiogram.types.Update`` it
produced; the update is also queued for ``getUpdates`` when the bot would receive it (in a
group with privacy mode on, or a chat the bot is not in, it would not). Asking a user to do
what Telegram's apps don't allow (write in a group they are not in, press a missing button)
raises :class:`WorldError` — that is a bug in the test, not a Bot API error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from aiogram.types import ChatInviteLink, Message, Update

from . import render
from .formatting import detect_entities
from .models import KICKED, LEFT, MEMBER, CallbackRecord, FakeChat, FakeMessage, InlineQueryRecord, InviteLink, JoinRequest, Member

if TYPE_CHECKING:
    from .world import World

_START_PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")


class WorldError(Exception):
    """A fake user was asked to do something Telegram's apps would not let them do."""


@dataclass(eq=False)
class FakeUser:
    """A Telegram account driven by the test."""

    world: World = field(repr=False)
    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = "ru"
    is_bot: bool = False
    started: bool = False
    """Has opened the bot's chat (pressed Start or written to it): the bot may message them."""
    blocked: bool = False
    """Has blocked the bot: its messages fail with 403."""

    # ------------------------------------------------------------------ reading

    @property
    def chat(self) -> FakeChat:
        """The user's private chat with the bot (its id is the user's id)."""
        return self.world.chats[self.id]

    @property
    def inbox(self) -> list[FakeMessage]:
        """The bot's messages in the private chat, oldest first (deleted ones left out)."""
        return self.world.messages_in(self.chat)

    @property
    def last_text(self) -> str | None:
        return self.world.last_text(self.chat)

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    # ------------------------------------------------------------------ messages

    def send(self, text: str, chat: FakeChat | None = None, *, reply_to: FakeMessage | None = None) -> Update:
        """Write ``text`` in the private chat with the bot, or in ``chat`` (a group)."""
        target = chat or self.chat
        self.world.expire_due()
        if target.is_private:
            if target.id != self.id:
                raise WorldError("a user can only write to the bot in their own private chat")
            self._open_private_chat()
        elif not target.member(self.id).can_write:
            raise WorldError(f"{self.first_name} can't write in {target.title!r} (status {target.member(self.id).status})")
        plain = text.strip()
        if not plain:
            raise WorldError("Telegram apps don't send empty messages")
        if reply_to is not None and reply_to.chat_id != target.id:
            raise WorldError("can only reply to a message in the same chat")
        message = self.world.post_message(
            target,
            self.id,
            text=plain,
            entities=detect_entities(plain),
            reply_to_message_id=reply_to.message_id if reply_to else None,
        )
        return self.world.emit("message", render.message_json(self.world, message), visible=self.world.bot_sees(target, message))

    def start(self, payload: str | None = None) -> Update:
        """Press Start in the bot's chat, optionally through a deep link ``t.me/bot?start=payload``."""
        if payload is not None and not _START_PAYLOAD.fullmatch(payload):
            raise WorldError(f"invalid start payload {payload!r}: Telegram allows 1-64 characters A-Z a-z 0-9 _ -")
        return self.send(f"/start {payload}" if payload else "/start")

    def edit(self, message: FakeMessage | Message, text: str) -> Update:
        """Edit one of the user's own messages."""
        message = self._stored(message)
        if message.sender_id != self.id or message.deleted:
            raise WorldError("a user can only edit their own messages")
        chat = self.world.chats[message.chat_id]
        plain = text.strip()
        if not plain:
            raise WorldError("Telegram apps don't send empty messages")
        message.previous_texts.append(message.text)
        message.text = plain
        message.entities = detect_entities(plain)
        message.edit_date = self.world.now()
        return self.world.emit("edited_message", render.message_json(self.world, message), visible=self.world.bot_sees(chat, message))

    def press(self, message: FakeMessage | Message, button: str) -> Update:
        """Press the inline button with this text (or callback_data) under a bot's message."""
        message = self._stored(message)
        chat = self.world.chats[message.chat_id]
        if message.deleted:
            raise WorldError(f"message {message.message_id} was deleted")
        if not message.from_bot:
            raise WorldError("only the bot's messages carry its inline keyboards")
        if chat.is_private and chat.id != self.id:
            raise WorldError("this message is in someone else's private chat")
        if not chat.is_private and not chat.member(self.id).is_present:
            raise WorldError(f"{self.first_name} is not a member of {chat.title!r}")
        found = message.find_button(button)
        if "callback_data" not in found:
            kinds = [key for key in found if key != "text"]
            raise WorldError(f"button {found.get('text')!r} sends no callback query (it has {kinds})")
        record = CallbackRecord(
            id=self.world.new_query_id(),
            user_id=self.id,
            chat_id=chat.id,
            message_id=message.message_id,
            data=found["callback_data"],
            date=self.world.clock(),
        )
        self.world.callbacks[record.id] = record
        payload = {
            "id": record.id,
            "from": render.user_json(self),
            "message": render.message_json(self.world, message),
            "chat_instance": str(abs(chat.id) * 7919 + self.world.bot.id),
            "data": record.data,
        }
        return self.world.emit("callback_query", payload)

    def inline_query(self, text: str, offset: str = "") -> Update:
        """Type ``@bot text`` in any chat."""
        record = InlineQueryRecord(id=self.world.new_query_id(), user_id=self.id, query=text, offset=offset)
        self.world.inline_queries[record.id] = record
        payload = {"id": record.id, "from": render.user_json(self), "query": text, "offset": offset, "chat_type": "sender"}
        return self.world.emit("inline_query", payload, visible=self.world.bot.supports_inline_queries)

    # ------------------------------------------------------------------ groups

    def request_join(self, link: str | InviteLink | ChatInviteLink) -> Update:
        """Open an invite link: a join request if the link needs approval, otherwise joining at once."""
        url = link if isinstance(link, str) else link.invite_link
        self.world.expire_due()
        invite = self.world.find_invite(url)
        if invite is None or not invite.usable_at(self.world.clock()):
            raise WorldError(f"invite link {url} is invalid, revoked, expired or used up")
        chat = self.world.chats[invite.chat_id]
        member = chat.member(self.id)
        if member.is_present:
            raise WorldError(f"{self.first_name} is already in {chat.title!r}")
        if member.status == KICKED:
            raise WorldError(f"{self.first_name} is banned in {chat.title!r}")
        if not invite.creates_join_request:
            return self.world.admit(chat, self.id, actor_id=self.id, invite_link=invite)
        request = JoinRequest(chat_id=chat.id, user_id=self.id, date=self.world.now(), invite_link=invite.invite_link)
        chat.join_requests[self.id] = request
        payload = {
            "chat": render.chat_json(self.world, chat),
            "from": render.user_json(self),
            "user_chat_id": self.id,
            "date": request.date,
            "invite_link": render.invite_link_json(self.world, invite),
        }
        return self.world.emit("chat_join_request", payload, visible=self.world.bot_member(chat).can("can_invite_users"))

    def join(self, chat: FakeChat) -> Update:
        """Join a group directly (a public group, or being added by a member)."""
        self.world.expire_due()
        member = chat.member(self.id)
        if chat.is_private or member.is_present or member.status == KICKED:
            raise WorldError(f"{self.first_name} can't join {chat.title!r} (status {member.status})")
        return self.world.admit(chat, self.id, actor_id=self.id)

    def leave(self, chat: FakeChat) -> Update:
        if chat.is_private or not chat.member(self.id).is_present:
            raise WorldError(f"{self.first_name} is not in {chat.title!r}")
        return self.world.remove_member(chat, self.id, Member(LEFT), actor_id=self.id)

    def open_link(self, url: str) -> Update:
        """Follow a ``t.me`` link: a bot deep link (``?start=``) or a chat invite link."""
        parts = urlsplit(url)
        if parts.netloc not in ("t.me", "telegram.me"):
            raise WorldError(f"not a Telegram link: {url}")
        if parts.path.startswith(("/+", "/joinchat/")):
            return self.request_join(url)
        name = parts.path.strip("/")
        if name.lower() != self.world.bot.username.lower():
            raise WorldError(f"link to @{name}, not to the bot @{self.world.bot.username}")
        payload = parse_qs(parts.query).get("start", [None])[0]
        return self.start(payload)

    # ------------------------------------------------------------------ the private chat

    def block(self) -> Update:
        """Block the bot (it gets ``my_chat_member`` with status ``kicked``)."""
        if self.blocked:
            raise WorldError("already blocked")
        self.blocked = True
        return self._set_bot_status(Member(KICKED))

    def unblock(self) -> Update:
        if not self.blocked:
            raise WorldError("not blocked")
        self.blocked = False
        return self._set_bot_status(Member(MEMBER))

    def _set_bot_status(self, status: Member) -> Update:
        return self.world.change_member(self.chat, self.world.bot.id, status, actor_id=self.id)

    def _stored(self, message: FakeMessage | Message) -> FakeMessage:
        """The world's record of a message (accepts what aiogram methods returned, too)."""
        if isinstance(message, FakeMessage):
            return message
        chat = self.world.chats.get(message.chat.id)
        found = chat.messages.get(message.message_id) if chat else None
        if found is None:
            raise WorldError(f"no message {message.message_id} in chat {message.chat.id}")
        return found

    def _open_private_chat(self) -> None:
        if self.blocked:
            self.unblock()
        self.started = True
