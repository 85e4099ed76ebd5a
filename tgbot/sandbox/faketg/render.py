"""State → Bot API JSON objects (``User``, ``Chat``, ``Message``, ``ChatMember``, ...).

Optional fields are omitted when empty, as Telegram does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import (
    ADMIN_RIGHTS,
    ADMINISTRATOR,
    CREATOR,
    GROUP_ADMIN_RIGHTS,
    KICKED,
    PERMISSIONS,
    RESTRICTED,
    BotAccount,
    FakeChat,
    FakeMessage,
    InviteLink,
    Member,
    StoredFile,
)

if TYPE_CHECKING:
    from .actors import FakeUser
    from .world import World

JSON = dict[str, Any]


def user_json(user: FakeUser) -> JSON:
    data: JSON = {"id": user.id, "is_bot": user.is_bot, "first_name": user.first_name}
    if user.last_name:
        data["last_name"] = user.last_name
    if user.username:
        data["username"] = user.username
    if user.language_code:
        data["language_code"] = user.language_code
    return data


def bot_json(bot: BotAccount, *, full: bool = False) -> JSON:
    """The bot as ``User``; ``full`` adds the fields only ``getMe`` returns."""
    data: JSON = {"id": bot.id, "is_bot": True, "first_name": bot.first_name, "username": bot.username}
    if full:
        data.update(
            can_join_groups=bot.can_join_groups,
            can_read_all_group_messages=not bot.privacy_mode,
            supports_inline_queries=bot.supports_inline_queries,
            can_connect_to_business=False,
            has_main_web_app=False,
        )
    return data


def person_json(world: World, user_id: int) -> JSON:
    """``User`` for either a fake user or the bot itself."""
    if user_id == world.bot.id:
        return bot_json(world.bot)
    return user_json(world.users[user_id])


def chat_json(world: World, chat: FakeChat) -> JSON:
    data: JSON = {"id": chat.id, "type": chat.type}
    if chat.is_private:
        user = world.users[chat.id]
        data["first_name"] = user.first_name
        if user.last_name:
            data["last_name"] = user.last_name
        if user.username:
            data["username"] = user.username
    else:
        data["title"] = chat.title or ""
        if chat.username:
            data["username"] = chat.username
    return data


def chat_full_info_json(world: World, chat: FakeChat) -> JSON:
    data = chat_json(world, chat)
    data.update(
        accent_color_id=0,
        max_reaction_count=11,
        accepted_gift_types={
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    )
    if not chat.is_private:
        if chat.description:
            data["description"] = chat.description
        primary = next((link for link in chat.invite_links.values() if link.is_primary and not link.is_revoked), None)
        if primary is not None:
            data["invite_link"] = primary.invite_link
        data["permissions"] = {name: True for name in PERMISSIONS}
    pinned = [chat.messages[i] for i in chat.pinned if i in chat.messages and not chat.messages[i].deleted]
    if pinned:
        data["pinned_message"] = message_json(world, pinned[-1])
    return data


def document_json(file: StoredFile) -> JSON:
    data: JSON = {"file_id": file.file_id, "file_unique_id": file.file_unique_id, "file_size": file.file_size}
    if file.file_name:
        data["file_name"] = file.file_name
    if file.mime_type:
        data["mime_type"] = file.mime_type
    return data


def photo_json(file: StoredFile) -> list[JSON]:
    """One PhotoSize: the fake keeps the picture as sent, without thumbnails."""
    width, height = file.size or (0, 0)
    return [{"file_id": file.file_id, "file_unique_id": file.file_unique_id, "file_size": file.file_size,
             "width": width, "height": height}]


def file_json(file: StoredFile) -> JSON:
    return {"file_id": file.file_id, "file_unique_id": file.file_unique_id, "file_size": file.file_size, "file_path": file.file_path}


def message_json(world: World, message: FakeMessage, *, with_reply: bool = True) -> JSON:
    chat = world.chats[message.chat_id]
    data: JSON = {
        "message_id": message.message_id,
        "from": person_json(world, message.sender_id),
        "chat": chat_json(world, chat),
        "date": message.date,
    }
    if message.message_thread_id is not None:
        data["message_thread_id"] = message.message_thread_id
    if with_reply and message.reply_to_message_id is not None:
        replied = chat.messages.get(message.reply_to_message_id)
        if replied is not None and not replied.deleted:
            data["reply_to_message"] = message_json(world, replied, with_reply=False)
    if message.edit_date is not None:
        data["edit_date"] = message.edit_date
    if message.text is not None:
        data["text"] = message.text
        if message.entities:
            data["entities"] = message.entities
    if message.document is not None:
        data["document"] = document_json(message.document)
    if message.photo is not None:
        data["photo"] = photo_json(message.photo)
    if message.caption is not None:
        data["caption"] = message.caption
        if message.caption_entities:
            data["caption_entities"] = message.caption_entities
    if message.reply_markup and "inline_keyboard" in message.reply_markup:
        data["reply_markup"] = message.reply_markup
    if message.service:
        data.update(message.service)
    return data


def member_json(world: World, chat: FakeChat, user_id: int) -> JSON:
    """``ChatMember`` of the right subtype for the member's status."""
    member = chat.member(user_id)
    return member_status_json(world, chat, user_id, member)


def member_status_json(world: World, chat: FakeChat, user_id: int, member: Member) -> JSON:
    data: JSON = {"status": member.status, "user": person_json(world, user_id)}
    if member.status == CREATOR:
        data["is_anonymous"] = member.is_anonymous
    elif member.status == ADMINISTRATOR:
        data["can_be_edited"] = chat.member(world.bot.id).can("can_promote_members") and user_id != world.bot.id
        data["is_anonymous"] = member.is_anonymous
        for right in ADMIN_RIGHTS:
            data[right] = member.rights.get(right, False)
        if not chat.is_private:
            for right in GROUP_ADMIN_RIGHTS:
                data[right] = member.rights.get(right, False)
    elif member.status == KICKED:
        data["until_date"] = member.until_date
    elif member.status == RESTRICTED:
        data["is_member"] = member.is_member
        for permission in PERMISSIONS:
            data[permission] = member.rights.get(permission, False)
        data["until_date"] = member.until_date
    if member.custom_title and member.status in (CREATOR, ADMINISTRATOR):
        data["custom_title"] = member.custom_title
    return data


def invite_link_json(world: World, link: InviteLink) -> JSON:
    data: JSON = {
        "invite_link": link.invite_link,
        "creator": person_json(world, link.creator_id),
        "creates_join_request": link.creates_join_request,
        "is_primary": link.is_primary,
        "is_revoked": link.is_revoked,
    }
    if link.name:
        data["name"] = link.name
    if link.expire_date is not None:
        data["expire_date"] = link.expire_date
    if link.member_limit is not None:
        data["member_limit"] = link.member_limit
    if link.creates_join_request:
        chat = world.chats[link.chat_id]
        data["pending_join_request_count"] = sum(1 for r in chat.join_requests.values() if r.invite_link == link.invite_link)
    return data
