"""Plain state of the fake world: chats, members, messages, links, files, queries.

Everything is stored close to the Bot API's own shapes (field names as Telegram spells them)
so rendering to JSON is a thin step; see :mod:`tgbot.sandbox.faketg.render`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CREATOR = "creator"
ADMINISTRATOR = "administrator"
MEMBER = "member"
RESTRICTED = "restricted"
LEFT = "left"
KICKED = "kicked"
PRESENT_STATUSES = frozenset({CREATOR, ADMINISTRATOR, MEMBER})

ADMIN_RIGHTS: tuple[str, ...] = (
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_promote_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
    "can_send_welcome_messages",
)
"""The rights every ``ChatMemberAdministrator`` carries (all required fields in Bot API 10)."""
GROUP_ADMIN_RIGHTS: tuple[str, ...] = ("can_pin_messages", "can_manage_topics")
"""Rights shown for groups and supergroups only."""
PERMISSIONS: tuple[str, ...] = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_react_to_messages",
    "can_edit_tag",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
)
"""``ChatPermissions``: what a restricted member may still do (all required in ``ChatMemberRestricted``)."""


def admin_rights(**overrides: bool) -> dict[str, bool]:
    """Full administrator rights (except promoting others), with overrides."""
    rights = {name: True for name in (*ADMIN_RIGHTS, *GROUP_ADMIN_RIGHTS)}
    rights["can_promote_members"] = False
    unknown = set(overrides) - set(rights)
    if unknown:
        raise ValueError(f"unknown admin rights: {sorted(unknown)}")
    rights.update(overrides)
    return rights


@dataclass
class Member:
    """A user's (or the bot's) standing in one group."""

    status: str
    rights: dict[str, bool] = field(default_factory=dict)
    """Administrator rights, or for ``restricted`` the remaining permissions."""
    until_date: int = 0
    """For ``kicked`` and ``restricted``: when it ends (Unix time), 0 for forever."""
    custom_title: str | None = None
    is_anonymous: bool = False
    is_member: bool = True
    """For ``restricted`` only: whether the user is in the chat."""

    @property
    def is_present(self) -> bool:
        return self.status in PRESENT_STATUSES or (self.status == RESTRICTED and self.is_member)

    @property
    def can_write(self) -> bool:
        return self.is_present and (self.status != RESTRICTED or self.rights.get("can_send_messages", False))

    @property
    def is_admin(self) -> bool:
        return self.status in (CREATOR, ADMINISTRATOR)

    def can(self, right: str) -> bool:
        return self.status == CREATOR or (self.status == ADMINISTRATOR and self.rights.get(right, False))


@dataclass
class BotAccount:
    """The bot's own account (what ``getMe`` returns) and its settings."""

    id: int
    token: str
    first_name: str
    username: str
    can_join_groups: bool = True
    privacy_mode: bool = True
    """Telegram's default: in groups where it is not an admin the bot only sees commands, replies to
    its messages and service messages."""
    supports_inline_queries: bool = True
    commands: dict[tuple[str, str], list[dict[str, Any]]] = field(default_factory=dict)
    """setMyCommands, keyed by (scope as JSON, language_code)."""
    webhook_url: str = ""


@dataclass
class StoredFile:
    """A file the bot uploaded; ``data`` holds its bytes."""

    file_id: str
    file_unique_id: str
    file_name: str | None
    mime_type: str | None
    data: bytes = field(repr=False)
    file_path: str
    size: tuple[int, int] | None = None  # a photo's width and height

    @property
    def file_size(self) -> int:
        return len(self.data)

    @property
    def text(self) -> str:
        """The contents decoded as UTF-8, handy for asserting on text documents."""
        return self.data.decode()


@dataclass(eq=False)
class FakeMessage:
    """One message in a chat, by the bot, a user, or a service message."""

    chat_id: int
    message_id: int
    sender_id: int
    date: int
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list, repr=False)
    caption: str | None = None
    caption_entities: list[dict[str, Any]] = field(default_factory=list, repr=False)
    document: StoredFile | None = None
    photo: StoredFile | None = None
    reply_markup: dict[str, Any] | None = None
    reply_to_message_id: int | None = None
    message_thread_id: int | None = field(default=None, repr=False)
    service: dict[str, Any] | None = None
    """Service-message fields, e.g. ``{"new_chat_members": [...]}``, already in Bot API form."""
    edit_date: int | None = None
    previous_texts: list[str | None] = field(default_factory=list, repr=False)
    deleted: bool = False
    from_bot: bool = False

    @property
    def content(self) -> str | None:
        """Text, or caption for media messages."""
        return self.text if self.text is not None else self.caption

    @property
    def inline_keyboard(self) -> list[list[dict[str, Any]]]:
        if not self.reply_markup:
            return []
        return list(self.reply_markup.get("inline_keyboard") or [])

    @property
    def buttons(self) -> list[list[str]]:
        """Inline keyboard as rows of button texts."""
        return [[button.get("text", "") for button in row] for row in self.inline_keyboard]

    @property
    def button_texts(self) -> list[str]:
        return [text for row in self.buttons for text in row]

    def find_button(self, text_or_data: str) -> dict[str, Any]:
        """The inline button whose text or callback_data equals the argument (text wins)."""
        buttons = [button for row in self.inline_keyboard for button in row]
        for key in ("text", "callback_data"):
            for button in buttons:
                if button.get(key) == text_or_data:
                    return button
        raise LookupError(f"no button {text_or_data!r} in message {self.message_id}; buttons: {self.buttons}")


@dataclass(eq=False)
class InviteLink:
    invite_link: str
    chat_id: int
    creator_id: int
    creates_join_request: bool = False
    is_primary: bool = False
    is_revoked: bool = False
    name: str | None = None
    expire_date: int | None = None
    member_limit: int | None = None
    joined: int = 0

    def usable_at(self, now: float) -> bool:
        if self.is_revoked or (self.expire_date is not None and now >= self.expire_date):
            return False
        return self.member_limit is None or self.joined < self.member_limit


@dataclass
class JoinRequest:
    chat_id: int
    user_id: int
    date: int
    invite_link: str | None = None
    bio: str | None = None


@dataclass(eq=False)
class FakeChat:
    """A private chat, group or supergroup. For private chats ``id`` is the user's id."""

    id: int
    type: str
    title: str | None = None
    username: str | None = None
    description: str | None = None
    members: dict[int, Member] = field(default_factory=dict, repr=False)
    messages: dict[int, FakeMessage] = field(default_factory=dict, repr=False)
    next_message_id: int = field(default=1, repr=False)
    invite_links: dict[str, InviteLink] = field(default_factory=dict, repr=False)
    join_requests: dict[int, JoinRequest] = field(default_factory=dict, repr=False)
    pinned: list[int] = field(default_factory=list, repr=False)
    """Pinned message ids, the most recently pinned last."""

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    def member(self, user_id: int) -> Member:
        """The member record, ``left`` for users never seen in the chat."""
        return self.members.get(user_id) or Member(LEFT)


@dataclass
class CallbackRecord:
    """A button press sent to the bot, and how the bot answered it."""

    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str | None
    date: float
    answered: bool = False
    text: str | None = None
    show_alert: bool = False
    url: str | None = None
    cache_time: int | None = None


@dataclass
class InlineQueryRecord:
    id: str
    user_id: int
    query: str
    offset: str = ""
    answered: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)
    answer: dict[str, Any] = field(default_factory=dict)
