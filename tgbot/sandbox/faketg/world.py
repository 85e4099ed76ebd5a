"""The fake Telegram world: users, chats, members, messages and the bot's update queue, in memory.

No I/O here. The Bot API methods (:mod:`tgbot.sandbox.faketg.api`) and the users' actions
(:mod:`tgbot.sandbox.faketg.actors`) both change this state; tests read it back through the record
helpers (:meth:`World.messages_in`, :meth:`World.last_text`, ...).

Set-up helpers (:meth:`World.add_user`, :meth:`World.create_group`, :meth:`World.set_member`)
are quiet: they describe the world as it was before the test began and produce no updates.
Actions (a user sending, joining, pressing a button; the bot banning someone) produce the
updates Telegram would send.
"""

from __future__ import annotations

import heapq
import itertools
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from aiogram.types import Update

from . import render
from .actors import FakeUser
from .clock import Clock, system_clock
from .faults import Faults
from .limits import LimitConfig, RateLimits
from .models import (
    ADMINISTRATOR,
    CREATOR,
    KICKED,
    LEFT,
    MEMBER,
    RESTRICTED,
    BotAccount,
    CallbackRecord,
    FakeChat,
    FakeMessage,
    InlineQueryRecord,
    InviteLink,
    Member,
    StoredFile,
    admin_rights,
)
from .updates import UpdateQueue

JSON = dict[str, Any]

DEFAULT_TOKEN = "42:TEST"
BOT = "bot"
ANYONE = "anyone"


@dataclass
class ApiCall:
    """One Bot API call the bot made (kept in ``World.calls`` when ``record_calls`` is on)."""

    method: str
    params: dict[str, Any]
    error_code: int | None = None
    description: str | None = None
    at: float = 0.0
    files: dict[str, int] = field(default_factory=dict)
    """Uploaded file names and sizes."""

    @property
    def ok(self) -> bool:
        return self.error_code is None


class World:
    """Everything Telegram knows, for one bot."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "mafik_test_bot",
        bot_name: str = "Мафик",
        clock: Clock = system_clock,
        rate_limits: bool | LimitConfig = False,
        privacy_mode: bool = True,
        queue_updates: bool = True,
        record_calls: bool = True,
    ) -> None:
        bot_id = int(token.split(":", 1)[0])
        self.bot = BotAccount(id=bot_id, token=token, first_name=bot_name, username=bot_username, privacy_mode=privacy_mode)
        self.clock = clock
        config = rate_limits if isinstance(rate_limits, LimitConfig) else None
        self.limits = RateLimits(config, clock=lambda: self.clock(), enabled=bool(rate_limits))
        self.faults = Faults()
        self.queue_updates = queue_updates
        self.record_calls = record_calls

        self.users: dict[int, FakeUser] = {}
        self.chats: dict[int, FakeChat] = {}
        self.files: dict[str, StoredFile] = {}
        self.calls: list[ApiCall] = []

        self.callbacks: dict[str, CallbackRecord] = {}
        self.inline_queries: dict[str, InlineQueryRecord] = {}

        self.updates = UpdateQueue()
        self._user_ids = itertools.count(100_001)
        self._group_ids = itertools.count(1)
        self._supergroup_ids = itertools.count(1_000_000_001)
        self._query_ids = itertools.count(1)
        self._expiring: list[tuple[int, int, int]] = []  # heap of (until_date, chat_id, user_id)

    # ------------------------------------------------------------------ set-up (quiet)

    def now(self) -> int:
        """Current time as Telegram dates it (whole Unix seconds)."""
        return int(self.clock())

    def add_user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "ru",
        user_id: int | None = None,
        started: bool = False,
        is_bot: bool = False,
    ) -> FakeUser:
        """A Telegram account; ``started=True`` if it has already pressed Start in the bot's chat."""
        uid = user_id if user_id is not None else next(self._user_ids)
        if uid in self.users or uid == self.bot.id:
            raise ValueError(f"user {uid} exists")
        user = FakeUser(
            world=self,
            id=uid,
            first_name=first_name,
            last_name=last_name,
            username=username,
            language_code=language_code,
            is_bot=is_bot,
            started=started,
        )
        self.users[uid] = user
        self.chats[uid] = FakeChat(id=uid, type="private")
        return user

    def create_group(
        self,
        title: str,
        *,
        owner: FakeUser,
        members: Iterable[FakeUser] = (),
        admins: Iterable[FakeUser] = (),
        bot: str | None = ADMINISTRATOR,
        bot_rights: dict[str, bool] | None = None,
        supergroup: bool = True,
        username: str | None = None,
    ) -> FakeChat:
        """A group (a supergroup unless ``supergroup=False``) with its members already in it.

        ``bot`` is the bot's status there: ``"administrator"`` (full rights unless ``bot_rights``),
        ``"member"``, or ``None`` for a chat the bot is not in.
        """
        # Supergroup ids look like -100xxxxxxxxxx, basic group ids are small negatives.
        chat_id = -1_000_000_000_000 - next(self._supergroup_ids) if supergroup else -next(self._group_ids)
        chat = FakeChat(id=chat_id, type="supergroup" if supergroup else "group", title=title, username=username)
        self.chats[chat_id] = chat
        chat.members[owner.id] = Member(CREATOR)
        for user in admins:
            chat.members[user.id] = Member(ADMINISTRATOR, admin_rights())
        for user in members:
            chat.members.setdefault(user.id, Member(MEMBER))
        if bot == ADMINISTRATOR:
            chat.members[self.bot.id] = Member(ADMINISTRATOR, dict(bot_rights) if bot_rights is not None else admin_rights())
        elif bot is not None:
            chat.members[self.bot.id] = Member(bot)
        return chat

    def set_member(self, chat: FakeChat, user: FakeUser | int, status: str, **rights: bool) -> Member:
        """Put a user (or the bot, by id) in a status without producing updates."""
        user_id = user if isinstance(user, int) else user.id
        member = Member(status, admin_rights(**rights) if status == ADMINISTRATOR else {})
        chat.members[user_id] = member
        return member

    # ------------------------------------------------------------------ lookups

    def chat(self, chat: FakeChat | FakeUser | int | str) -> FakeChat:
        """A chat by object, id, ``@username``, or a user (their private chat with the bot)."""
        if isinstance(chat, FakeChat):
            return chat
        if isinstance(chat, FakeUser):
            return self.chats[chat.id]
        found = self.find_chat(chat)
        if found is None:
            raise KeyError(f"no chat {chat!r}")
        return found

    def find_chat(self, ref: int | str) -> FakeChat | None:
        if isinstance(ref, int):
            return self.chats.get(ref)
        name = ref.removeprefix("@").lower()
        for chat in self.chats.values():
            username = chat.username or (self.users[chat.id].username if chat.is_private else None)
            if username and username.lower() == name:
                return chat
        return None

    def find_invite(self, url: str) -> InviteLink | None:
        for chat in self.chats.values():
            link = chat.invite_links.get(url)
            if link is not None:
                return link
        return None

    def bot_member(self, chat: FakeChat) -> Member:
        return chat.member(self.bot.id)

    # ------------------------------------------------------------------ the record

    def messages_in(
        self,
        chat: FakeChat | FakeUser | int | str,
        *,
        sender: str | FakeUser = BOT,
        include_deleted: bool = False,
    ) -> list[FakeMessage]:
        """Messages in a chat, oldest first: by the bot (default), by ``ANYONE``, or by one user."""
        found = self.chat(chat)
        result = []
        for message in found.messages.values():
            if message.deleted and not include_deleted:
                continue
            if sender == BOT and not message.from_bot:
                continue
            if isinstance(sender, FakeUser) and message.sender_id != sender.id:
                continue
            result.append(message)
        return result

    def last_message(self, chat: FakeChat | FakeUser | int | str, *, sender: str | FakeUser = BOT) -> FakeMessage | None:
        messages = self.messages_in(chat, sender=sender)
        return messages[-1] if messages else None

    def last_text(self, chat: FakeChat | FakeUser | int | str) -> str | None:
        """Text (or caption) of the bot's latest message still in the chat."""
        message = self.last_message(chat)
        return message.content if message else None

    def texts_in(self, chat: FakeChat | FakeUser | int | str) -> list[str]:
        return [m.content or "" for m in self.messages_in(chat)]

    def documents_in(self, chat: FakeChat | FakeUser | int | str) -> list[StoredFile]:
        return [m.document for m in self.messages_in(chat) if m.document is not None]

    def calls_of(self, method: str) -> list[ApiCall]:
        name = method.lower()
        return [call for call in self.calls if call.method.lower() == name]

    # ------------------------------------------------------------------ state changes used by actions and API

    def post_message(self, chat: FakeChat, sender_id: int, **fields: Any) -> FakeMessage:
        message = FakeMessage(
            chat_id=chat.id,
            message_id=chat.next_message_id,
            sender_id=sender_id,
            date=self.now(),
            from_bot=sender_id == self.bot.id,
            **fields,
        )
        chat.next_message_id += 1
        chat.messages[message.message_id] = message
        return message

    def photos_in(self, chat: FakeChat | FakeUser | int | str) -> list[StoredFile]:
        return [m.photo for m in self.messages_in(chat) if m.photo is not None]

    def store_file(self, data: bytes, file_name: str | None, mime_type: str | None, *,
                   size: tuple[int, int] | None = None) -> StoredFile:
        token = secrets.token_urlsafe(24)
        stored = StoredFile(
            file_id=f"BQAC{token}",
            file_unique_id=f"AgAD{token[:12]}",
            file_name=file_name,
            mime_type=mime_type,
            data=data,
            file_path=f"{'photos' if size else 'documents'}/file_{len(self.files)}{_extension(file_name)}",
            size=size,
        )
        self.files[stored.file_id] = stored
        return stored

    def new_query_id(self) -> str:
        return f"{self.bot.id}{next(self._query_ids):012d}"

    def change_member(
        self,
        chat: FakeChat,
        user_id: int,
        new: Member,
        *,
        actor_id: int,
        invite_link: InviteLink | None = None,
        via_join_request: bool = False,
    ) -> Update:
        """Set a member's status and emit ``chat_member`` (or ``my_chat_member`` for the bot)."""
        old = chat.member(user_id)
        chat.members[user_id] = new
        if new.until_date and new.status in (KICKED, RESTRICTED):
            heapq.heappush(self._expiring, (new.until_date, chat.id, user_id))
        payload: JSON = {
            "chat": render.chat_json(self, chat),
            "from": render.person_json(self, actor_id),
            "date": self.now(),
            "old_chat_member": render.member_status_json(self, chat, user_id, old),
            "new_chat_member": render.member_status_json(self, chat, user_id, new),
        }
        if invite_link is not None:
            payload["invite_link"] = render.invite_link_json(self, invite_link)
        if via_join_request:
            payload["via_join_request"] = True
        if user_id == self.bot.id:
            return self.emit("my_chat_member", payload)
        return self.emit("chat_member", payload, visible=self.bot_member(chat).is_admin)

    def admit(
        self,
        chat: FakeChat,
        user_id: int,
        *,
        actor_id: int,
        invite_link: InviteLink | None = None,
        via_join_request: bool = False,
    ) -> Update:
        """A user becomes a member: ``chat_member`` plus the ``new_chat_members`` service message.

        Returns the service message's update.
        """
        chat.join_requests.pop(user_id, None)
        if invite_link is not None:
            invite_link.joined += 1
        self.change_member(chat, user_id, Member(MEMBER), actor_id=actor_id, invite_link=invite_link, via_join_request=via_join_request)
        message = self.post_message(chat, user_id, service={"new_chat_members": [render.person_json(self, user_id)]})
        return self.emit("message", render.message_json(self, message), visible=self.bot_sees(chat, message))

    def remove_member(self, chat: FakeChat, user_id: int, new: Member, *, actor_id: int) -> Update:
        """A member leaves or is removed: ``chat_member`` plus the ``left_chat_member`` service message.

        The bot gets no update for a service message about its own action. Returns the service
        message's update.
        """
        chat.join_requests.pop(user_id, None)
        self.change_member(chat, user_id, new, actor_id=actor_id)
        message = self.post_message(chat, actor_id, service={"left_chat_member": render.person_json(self, user_id)})
        visible = actor_id != self.bot.id and self.bot_sees(chat, message)
        return self.emit("message", render.message_json(self, message), visible=visible)

    def expire_due(self) -> None:
        """Lift bans and restrictions whose ``until_date`` has passed (silently, like Telegram)."""
        now = self.now()
        while self._expiring and self._expiring[0][0] <= now:
            until, chat_id, user_id = heapq.heappop(self._expiring)
            chat = self.chats[chat_id]
            member = chat.members.get(user_id)
            if member is None or member.until_date != until:
                continue  # changed again since
            if member.status == KICKED:
                chat.members[user_id] = Member(LEFT)
            elif member.status == RESTRICTED:
                chat.members[user_id] = Member(MEMBER if member.is_member else LEFT)

    def bot_sees(self, chat: FakeChat, message: FakeMessage) -> bool:
        """Whether the bot receives an update about ``message`` (membership and privacy mode)."""
        if chat.is_private:
            return True
        member = self.bot_member(chat)
        if not member.is_present:
            return False
        if not self.bot.privacy_mode or member.is_admin or message.service:
            return True
        if message.reply_to_message_id is not None:
            replied = chat.messages.get(message.reply_to_message_id)
            if replied is not None and replied.from_bot:
                return True
        text = message.content or ""
        if text.startswith("/"):
            command = text.split(maxsplit=1)[0]
            _, _, addressee = command.partition("@")
            return not addressee or addressee.lower() == self.bot.username.lower()
        return False

    # ------------------------------------------------------------------ updates

    def emit(self, kind: str, payload: JSON, *, visible: bool = True) -> Update:
        """Create an update; queue it for ``getUpdates`` if the bot would receive it."""
        data = self.updates.new(kind, payload)
        if visible and self.queue_updates:
            self.updates.push(data)
        return Update.model_validate(data)

    @property
    def pending_updates(self) -> list[JSON]:
        """Updates queued for the bot and not yet confirmed, as Bot API JSON."""
        return self.updates.pending

    def take_updates(self, offset: int | None = None, limit: int = 100, allowed_updates: Iterable[str] | None = None) -> list[JSON]:
        """``getUpdates`` without the waiting (see :meth:`UpdateQueue.take`)."""
        return self.updates.take(offset, limit, allowed_updates)

    def ack(self, update_id: int) -> None:
        """Take one update off the queue (it was delivered in-process)."""
        self.updates.ack(update_id)

    def drop_pending_updates(self) -> None:
        self.updates.clear()


def _extension(file_name: str | None) -> str:
    if not file_name or "." not in file_name:
        return ""
    return "." + file_name.rsplit(".", 1)[1]
