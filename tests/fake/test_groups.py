"""In-process: group messages, privacy mode, invite links, join requests, bans, titles, chat info."""

from __future__ import annotations

import pytest
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import ChatMemberAdministrator, ChatMemberBanned, ChatMemberOwner

from tgbot.sandbox.faketg import ANYONE, FakeChat, FakeTelegram, FakeUser, World, WorldError


def _town(world: World, bot: str | None = "administrator") -> tuple[FakeUser, FakeUser, FakeChat]:
    """An owner, a member (Alice) and a supergroup where the bot has the given status."""
    owner = world.add_user("Owner", username="owner")
    alice = world.add_user("Alice", username="alice")
    group = world.create_group("Город", owner=owner, members=[alice], bot=bot)
    return owner, alice, group


async def test_group_command_is_answered_in_the_group(tg: FakeTelegram, world: World) -> None:
    _, alice, group = _town(world)
    update = alice.send("/ping", group)
    assert update.message is not None and update.message.chat.type == "supergroup"
    await tg.feed(update)
    pong = world.last_message(group)
    assert pong is not None and pong.text == "pong"
    assert pong.reply_to_message_id == update.message.message_id
    assert [m.text for m in world.messages_in(group, sender=ANYONE)] == ["/ping", "pong"]


async def test_privacy_mode_hides_plain_group_messages(tg: FakeTelegram, world: World) -> None:
    _, alice, group = _town(world, bot="member")
    alice.send("всем привет", group)
    alice.send(f"/ping@{world.bot.username}", group)
    alice.send("/ping@other_bot", group)
    assert [u["message"]["text"] for u in world.pending_updates] == [f"/ping@{world.bot.username}"]
    assert await tg.process_pending() == 1
    assert world.last_text(group) == "pong"

    world.bot.privacy_mode = False
    alice.send("теперь видно", group)
    assert len(world.pending_updates) == 1


async def test_non_member_cannot_write_and_bot_outside_group(tg: FakeTelegram, world: World) -> None:
    _, alice, group = _town(world, bot=None)
    stranger = world.add_user("Stranger")
    with pytest.raises(WorldError):
        stranger.send("hi", group)
    with pytest.raises(TelegramForbiddenError, match="bot is not a member of the supergroup chat"):
        await tg.bot.send_message(group.id, "hi")
    alice.send("/ping", group)
    assert world.pending_updates == []  # the bot sees nothing of a chat it is not in


async def test_invite_link_join_request_approve_decline(tg: FakeTelegram, world: World) -> None:
    _, _, group = _town(world)
    link = await tg.bot.create_chat_invite_link(group.id, name="Ночь 1", creates_join_request=True)
    assert link.invite_link.startswith("https://t.me/+") and link.creates_join_request and not link.is_revoked

    good = world.add_user("Good", username="ok_good")
    bad = world.add_user("Bad", username="bad")
    request = good.request_join(link)  # aiogram's ChatInviteLink or its URL
    assert request.chat_join_request is not None and request.chat_join_request.user_chat_id == good.id
    assert request.chat_join_request.invite_link is not None
    await tg.feed(request)  # the demo bot approves usernames starting with ok_
    assert group.member(good.id).status == "member"
    joined = world.last_message(group, sender=good)
    assert joined is not None and joined.service is not None and joined.service["new_chat_members"][0]["id"] == good.id

    await tg.feed(bad.request_join(link.invite_link))
    assert group.member(bad.id).status == "left"
    assert bad.id not in group.join_requests
    with pytest.raises(TelegramBadRequest, match="HIDE_REQUESTER_MISSING"):
        await tg.bot.approve_chat_join_request(group.id, bad.id)
    with pytest.raises(TelegramBadRequest, match="USER_ALREADY_PARTICIPANT"):
        await tg.bot.approve_chat_join_request(group.id, good.id)

    revoked = await tg.bot.revoke_chat_invite_link(group.id, link.invite_link)
    assert revoked.is_revoked
    with pytest.raises(WorldError, match="revoked"):
        bad.request_join(link.invite_link)


async def test_join_request_lets_bot_write_first_for_a_while(tg: FakeTelegram, world: World) -> None:
    _, _, group = _town(world)
    link = await tg.bot.create_chat_invite_link(group.id, creates_join_request=True)
    newcomer = world.add_user("Newcomer")
    newcomer.request_join(link.invite_link)
    await tg.bot.send_message(newcomer.id, "Пароль?")  # allowed: user_chat_id of a fresh join request
    assert newcomer.last_text == "Пароль?"


async def test_direct_invite_link_and_member_updates(tg: FakeTelegram, world: World) -> None:
    _, _, group = _town(world)
    link = await tg.bot.create_chat_invite_link(group.id, member_limit=1)
    dave = world.add_user("Dave")
    update = dave.request_join(link.invite_link)
    assert update.message is not None and update.message.new_chat_members is not None
    kinds = [next(k for k in u if k != "update_id") for u in world.pending_updates]
    assert kinds == ["chat_member", "message"]
    with pytest.raises(WorldError, match="used up"):
        world.add_user("Eve").request_join(link.invite_link)


async def test_ban_and_unban(tg: FakeTelegram, world: World) -> None:
    owner, alice, group = _town(world)
    assert await tg.bot.ban_chat_member(group.id, alice.id)
    member = await tg.bot.get_chat_member(group.id, alice.id)
    assert isinstance(member, ChatMemberBanned) and member.until_date.timestamp() == 0  # 0: banned forever
    link = await tg.bot.create_chat_invite_link(group.id)
    with pytest.raises(WorldError, match="banned"):
        alice.request_join(link.invite_link)
    with pytest.raises(WorldError):
        alice.send("я вернулась", group)

    assert await tg.bot.unban_chat_member(group.id, alice.id)
    assert group.member(alice.id).status == "left"
    alice.request_join(link.invite_link)
    assert group.member(alice.id).status == "member"

    # Without only_if_banned, unbanning a present member removes them (Telegram's documented behaviour).
    await tg.bot.unban_chat_member(group.id, alice.id, only_if_banned=True)
    assert group.member(alice.id).status == "member"
    await tg.bot.unban_chat_member(group.id, alice.id)
    assert group.member(alice.id).status == "left"

    with pytest.raises(TelegramBadRequest, match="can't remove chat owner"):
        await tg.bot.ban_chat_member(group.id, owner.id)


async def test_rights_are_checked(tg: FakeTelegram, world: World) -> None:
    _, alice, group = _town(world, bot="member")
    with pytest.raises(TelegramBadRequest, match="not enough rights to restrict"):
        await tg.bot.ban_chat_member(group.id, alice.id)
    with pytest.raises(TelegramBadRequest, match="not enough rights to manage chat invite link"):
        await tg.bot.create_chat_invite_link(group.id)
    with pytest.raises(TelegramBadRequest, match="not enough rights to change chat title"):
        await tg.bot.set_chat_title(group.id, "Другой")


async def test_set_chat_title(tg: FakeTelegram, world: World) -> None:
    _, _, group = _town(world)
    assert await tg.bot.set_chat_title(group.id, "Мафия: партия 7")
    assert group.title == "Мафия: партия 7"
    chat = await tg.bot.get_chat(group.id)
    assert chat.title == "Мафия: партия 7" and chat.type == "supergroup"
    with pytest.raises(TelegramBadRequest, match="chat title is not modified"):
        await tg.bot.set_chat_title(group.id, "Мафия: партия 7")


async def test_members_and_admins(tg: FakeTelegram, world: World) -> None:
    owner, alice, group = _town(world)
    admins = await tg.bot.get_chat_administrators(group.id)
    assert isinstance(admins[0], ChatMemberOwner) and admins[0].user.id == owner.id
    bot_admin = next(a for a in admins if a.user.id == world.bot.id)
    assert isinstance(bot_admin, ChatMemberAdministrator) and bot_admin.can_restrict_members
    assert (await tg.bot.get_chat_member(group.id, alice.id)).status == "member"
    assert (await tg.bot.get_chat_member(group.id, world.add_user("Nobody").id)).status == "left"
    assert await tg.bot.get_chat_member_count(group.id) == 3
    with pytest.raises(TelegramBadRequest, match="there are no administrators in the private chat"):
        await tg.bot.get_chat_administrators(alice.id)


async def test_leave_and_my_chat_member(tg: FakeTelegram, world: World) -> None:
    _, alice, group = _town(world)
    update = alice.leave(group)
    assert update.message is not None and update.message.left_chat_member is not None
    assert await tg.bot.leave_chat(group.id)
    kinds = [next(k for k in u if k != "update_id") for u in world.pending_updates]
    assert kinds[-1] == "my_chat_member"
    with pytest.raises(TelegramForbiddenError, match="not a member"):
        await tg.bot.send_message(group.id, "эй")


async def test_basic_group_and_username(tg: FakeTelegram, world: World) -> None:
    owner = world.add_user("Owner")
    group = world.create_group("Старая группа", owner=owner, supergroup=False, username="old_town")
    assert group.type == "group" and -1_000_000 < group.id < 0
    sent = await tg.bot.send_message("@old_town", "привет")
    assert sent.chat.id == group.id and sent.chat.title == "Старая группа"
