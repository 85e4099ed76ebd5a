"""In-process: muting players, temporary bans that expire, pins, chat actions, bulk deletes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import ChatMemberRestricted, ChatPermissions

from tgbot.sandbox.faketg import FakeTelegram, ManualClock, World, WorldError


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def timed(clock: ManualClock) -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(world=World(clock=clock)) as fake:
        yield fake


async def test_mute_and_unmute(timed: FakeTelegram) -> None:
    world = timed.world
    owner, dead = world.add_user("Owner"), world.add_user("Dead")
    group = world.create_group("День", owner=owner, members=[dead])

    await timed.bot.restrict_chat_member(group.id, dead.id, ChatPermissions(can_send_messages=False))
    member = await timed.bot.get_chat_member(group.id, dead.id)
    assert isinstance(member, ChatMemberRestricted) and member.is_member and not member.can_send_messages
    with pytest.raises(WorldError, match="can't write"):
        dead.send("я не мафия!", group)

    everything = ChatPermissions(**{name: True for name in ChatPermissions.model_fields})
    await timed.bot.restrict_chat_member(group.id, dead.id, everything)
    assert group.member(dead.id).status == "member"
    dead.send("спасибо", group)

    basic = world.create_group("Старая", owner=owner, members=[dead], supergroup=False)
    with pytest.raises(TelegramBadRequest, match="only for supergroups"):
        await timed.bot.restrict_chat_member(basic.id, dead.id, ChatPermissions(can_send_messages=False))


async def test_temporary_restriction_and_ban_expire(timed: FakeTelegram, clock: ManualClock) -> None:
    world = timed.world
    owner, alice, bob = world.add_user("Owner"), world.add_user("Alice"), world.add_user("Bob")
    group = world.create_group("Ночь", owner=owner, members=[alice, bob])
    until = int(clock()) + 120
    await timed.bot.restrict_chat_member(group.id, alice.id, ChatPermissions(), until_date=until)
    await timed.bot.ban_chat_member(group.id, bob.id, until_date=until)
    assert group.member(bob.id).until_date == until

    clock.advance(121)
    alice.send("снова могу писать", group)
    assert group.member(alice.id).status == "member"
    assert (await timed.bot.get_chat_member(group.id, bob.id)).status == "left"


async def test_pins(tg: FakeTelegram, world: World) -> None:
    owner = world.add_user("Owner")
    group = world.create_group("Игра", owner=owner)
    status = await tg.bot.send_message(group.id, "День 1: живы 8")
    await tg.bot.pin_chat_message(group.id, status.message_id)
    assert group.pinned == [status.message_id]
    chat = await tg.bot.get_chat(group.id)
    assert chat.pinned_message is not None and chat.pinned_message.text == "День 1: живы 8"
    assert await tg.bot.unpin_chat_message(group.id)
    assert group.pinned == []
    with pytest.raises(TelegramBadRequest, match="message to unpin not found"):
        await tg.bot.unpin_chat_message(group.id)

    world.set_member(group, world.bot.id, "administrator", can_pin_messages=False)
    with pytest.raises(TelegramBadRequest, match="not enough rights to manage pinned messages"):
        await tg.bot.pin_chat_message(group.id, status.message_id)


async def test_chat_action_and_bulk_delete(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    assert await tg.bot.send_chat_action(alice.id, "typing")
    with pytest.raises(TelegramBadRequest, match="wrong parameter action"):
        await tg.bot.send_chat_action(alice.id, "dancing")
    ids = [(await tg.bot.send_message(alice.id, str(i))).message_id for i in range(3)]
    assert await tg.bot.delete_messages(alice.id, [*ids[:2], 999])
    assert world.texts_in(alice) == ["2"]
