"""Bot API methods about chats: info, members, invite links, join requests, bans, restrictions, title."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import render
from .checks import group_chat, require_bot_in_chat, require_right, target_chat
from .errors import bad_request
from .models import ADMINISTRATOR, CREATOR, KICKED, LEFT, MEMBER, PERMISSIONS, RESTRICTED, FakeChat, InviteLink, Member
from .params import Params

if TYPE_CHECKING:
    from .world import World

NO_INVITE_RIGHTS = "not enough rights to manage chat invite link"
NO_RESTRICT_RIGHTS = "not enough rights to restrict/unrestrict chat member"
FOREVER_MIN, FOREVER_MAX = 30, 366 * 24 * 3600
"""Bans shorter than 30 seconds or longer than 366 days are forever (``until_date`` 0)."""


def _known_user(world: World, p: Params) -> int:
    user_id = p.required_integer("user_id")
    if user_id not in world.users and user_id != world.bot.id:
        raise bad_request("user not found")
    return user_id


def get_chat(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    if chat.is_private:
        if not world.users[chat.id].started:
            raise bad_request("chat not found")
    elif not world.bot_member(chat).is_present and not chat.username:
        raise bad_request("chat not found")
    return render.chat_full_info_json(world, chat)


def get_chat_member(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    require_bot_in_chat(world, chat)
    user_id = _known_user(world, p)
    if chat.is_private:
        if user_id not in (chat.id, world.bot.id):
            raise bad_request("user not found")
        return render.member_status_json(world, chat, user_id, chat.members.get(user_id) or Member("member"))
    return render.member_json(world, chat, user_id)


def get_chat_administrators(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    if chat.is_private:
        raise bad_request("there are no administrators in the private chat")
    require_bot_in_chat(world, chat)
    admins = sorted((uid for uid, m in chat.members.items() if m.is_admin), key=lambda uid: chat.members[uid].status != CREATOR)
    return [render.member_json(world, chat, uid) for uid in admins]


def get_chat_member_count(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    if chat.is_private:
        return 2
    require_bot_in_chat(world, chat)
    return sum(1 for member in chat.members.values() if member.is_present)


def set_chat_title(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    if chat.is_private:
        raise bad_request("chat is not a group")
    require_bot_in_chat(world, chat)
    require_right(world, chat, "can_change_info", "not enough rights to change chat title")
    title = (p.text("title") or "").strip()
    if not title:
        raise bad_request("chat title can't be empty")
    if len(title) > 128:
        raise bad_request("chat title is too long")
    if title == chat.title:
        raise bad_request("chat title is not modified")
    chat.title = title
    world.post_message(chat, world.bot.id, service={"new_chat_title": title})
    return True


def create_chat_invite_link(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", NO_INVITE_RIGHTS)
    link = InviteLink(invite_link=f"https://t.me/+{secrets.token_urlsafe(12)}", chat_id=chat.id, creator_id=world.bot.id)
    _apply_link_options(world, p, link)
    chat.invite_links[link.invite_link] = link
    return render.invite_link_json(world, link)


def edit_chat_invite_link(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", NO_INVITE_RIGHTS)
    link = _find_link(chat, p)
    _apply_link_options(world, p, link)
    return render.invite_link_json(world, link)


def _apply_link_options(world: World, p: Params, link: InviteLink) -> None:
    name = p.text("name")
    if name is not None and len(name) > 32:
        raise bad_request("invite link name is too long")
    expire = p.integer("expire_date")
    limit = p.integer("member_limit")
    requests = p.flag("creates_join_request", link.creates_join_request)
    if limit is not None and not 1 <= limit <= 99_999:
        raise bad_request("member limit must be between 1 and 99999")
    if limit is not None and requests:
        raise bad_request("member limit can't be specified for links requiring administrator approval")
    if expire is not None and expire != 0 and expire <= world.now():
        raise bad_request("EXPIRE_DATE_INVALID")
    link.name = name if name is not None else link.name
    link.expire_date = (expire or None) if expire is not None else link.expire_date
    link.member_limit = limit if limit is not None else (None if requests else link.member_limit)
    link.creates_join_request = requests


def _find_link(chat: FakeChat, p: Params) -> InviteLink:
    link = chat.invite_links.get(p.required_text("invite_link"))
    if link is None:
        raise bad_request("INVITE_HASH_EXPIRED")
    return link


def revoke_chat_invite_link(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", NO_INVITE_RIGHTS)
    link = _find_link(chat, p)
    link.is_revoked = True
    if link.is_primary:
        _new_primary_link(world, chat)
    return render.invite_link_json(world, link)


def export_chat_invite_link(world: World, p: Params) -> Any:
    """A new primary link; the previous primary link stops working."""
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", NO_INVITE_RIGHTS)
    for link in chat.invite_links.values():
        if link.is_primary:
            link.is_revoked = True
    return _new_primary_link(world, chat).invite_link


def _new_primary_link(world: World, chat: FakeChat) -> InviteLink:
    link = InviteLink(f"https://t.me/+{secrets.token_urlsafe(12)}", chat.id, world.bot.id, is_primary=True)
    chat.invite_links[link.invite_link] = link
    return link


def approve_chat_join_request(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", "not enough rights")
    user_id = _known_user(world, p)
    if chat.member(user_id).is_present:
        raise bad_request("USER_ALREADY_PARTICIPANT")
    request = chat.join_requests.get(user_id)
    if request is None:
        raise bad_request("HIDE_REQUESTER_MISSING")
    link = chat.invite_links.get(request.invite_link or "")
    world.admit(chat, user_id, actor_id=world.bot.id, invite_link=link, via_join_request=True)
    return True


def decline_chat_join_request(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_invite_users", "not enough rights")
    user_id = _known_user(world, p)
    if chat.join_requests.pop(user_id, None) is None:
        raise bad_request("HIDE_REQUESTER_MISSING")
    return True


def ban_chat_member(world: World, p: Params) -> Any:
    chat = group_chat(world, p)
    require_right(world, chat, "can_restrict_members", NO_RESTRICT_RIGHTS)
    user_id = _known_user(world, p)
    _check_restrictable(world, chat, user_id)
    member = chat.member(user_id)
    new = Member(KICKED, until_date=_until_date(world, p))
    if member.is_present:
        world.remove_member(chat, user_id, new, actor_id=world.bot.id)
    else:
        chat.join_requests.pop(user_id, None)
        world.change_member(chat, user_id, new, actor_id=world.bot.id)
    return True


def unban_chat_member(world: World, p: Params) -> Any:
    """Like Telegram: without ``only_if_banned`` a present member is removed (but may rejoin)."""
    chat = group_chat(world, p)
    require_right(world, chat, "can_restrict_members", NO_RESTRICT_RIGHTS)
    user_id = _known_user(world, p)
    member = chat.member(user_id)
    if member.status == KICKED:
        world.change_member(chat, user_id, Member(LEFT), actor_id=world.bot.id)
    elif member.is_present and not p.flag("only_if_banned"):
        _check_restrictable(world, chat, user_id)
        world.remove_member(chat, user_id, Member(LEFT), actor_id=world.bot.id)
    return True


def restrict_chat_member(world: World, p: Params) -> Any:
    """Permissions left out count as ``False``; granting all of them lifts the restriction.

    (Telegram's implications between permissions without ``use_independent_chat_permissions``
    are not modelled.)
    """
    chat = group_chat(world, p)
    if chat.type != "supergroup":
        raise bad_request("method is available only for supergroups")
    require_right(world, chat, "can_restrict_members", NO_RESTRICT_RIGHTS)
    user_id = _known_user(world, p)
    _check_restrictable(world, chat, user_id)
    given = p.json("permissions", error="can't parse permissions JSON object")
    if not isinstance(given, dict):
        raise bad_request("permissions are not specified" if given is None else "can't parse permissions JSON object")
    permissions = {name: bool(given.get(name, False)) for name in PERMISSIONS}
    member = chat.member(user_id)
    if all(permissions.values()):
        if member.status != RESTRICTED:
            return True
        new = Member(MEMBER if member.is_member else LEFT)
    else:
        new = Member(RESTRICTED, permissions, until_date=_until_date(world, p), is_member=member.is_present)
    world.change_member(chat, user_id, new, actor_id=world.bot.id)
    return True


def _until_date(world: World, p: Params) -> int:
    until = p.integer("until_date", 0) or 0
    if until and not FOREVER_MIN <= until - world.now() <= FOREVER_MAX:
        return 0
    return until


def _check_restrictable(world: World, chat: FakeChat, user_id: int) -> None:
    if user_id == world.bot.id:
        raise bad_request("can't restrict self")
    status = chat.member(user_id).status
    if status == CREATOR:
        raise bad_request("can't remove chat owner")
    if status == ADMINISTRATOR:
        raise bad_request("user is an administrator of the chat")


def leave_chat(world: World, p: Params) -> Any:
    chat = target_chat(world, p)
    if chat.is_private:
        raise bad_request("chat member status can't be changed in private chats")
    require_bot_in_chat(world, chat)
    world.change_member(chat, world.bot.id, Member(LEFT), actor_id=world.bot.id)
    return True


HANDLERS: dict[str, Callable[[World, Params], Any]] = {
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
    "getChatMemberCount": get_chat_member_count,
    "setChatTitle": set_chat_title,
    "createChatInviteLink": create_chat_invite_link,
    "editChatInviteLink": edit_chat_invite_link,
    "revokeChatInviteLink": revoke_chat_invite_link,
    "exportChatInviteLink": export_chat_invite_link,
    "approveChatJoinRequest": approve_chat_join_request,
    "declineChatJoinRequest": decline_chat_join_request,
    "banChatMember": ban_chat_member,
    "unbanChatMember": unban_chat_member,
    "restrictChatMember": restrict_chat_member,
    "leaveChat": leave_chat,
}
