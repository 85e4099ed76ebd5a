"""In-process: /start, deep links, inline keyboards, callback answers, edits, forbidden chats."""

from __future__ import annotations

import pytest
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import InlineQueryResultArticle, InputTextMessageContent, Update

from tgbot.sandbox.faketg import FakeTelegram, World, WorldError


async def test_start_is_answered_with_keyboard(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice <3", username="alice")
    update = alice.start()

    assert isinstance(update, Update)
    assert update.message is not None and update.message.text == "/start"
    assert update.message.entities is not None and update.message.entities[0].type == "bot_command"
    await tg.feed(update)

    reply = world.last_message(alice)
    assert reply is not None
    assert reply.text == "Привет, Alice <3! За кого играешь?"  # HTML parsed, entities kept aside
    assert reply.entities == [{"type": "bold", "offset": 8, "length": 8}]
    assert reply.buttons == [["Мирный", "Мафия"], ["Правила"]]
    assert alice.last_text == reply.text
    assert [m.text for m in world.messages_in(alice, sender=alice)] == ["/start"]


async def test_deep_link_payload(tg: FakeTelegram, world: World) -> None:
    bob = world.add_user("Bob")
    await tg.feed(bob.start("game-42"))
    assert bob.last_text == "Приглашение в игру game-42"
    assert bob.started

    carol = world.add_user("Carol")
    await tg.feed(carol.open_link(f"https://t.me/{world.bot.username}?start=g7"))
    assert carol.last_text == "Приглашение в игру g7"

    with pytest.raises(WorldError):
        bob.start("not allowed!")


async def test_button_press_is_answered_and_message_edited(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    await tg.feed(alice.start())
    menu = world.last_message(alice)
    assert menu is not None

    press = alice.press(menu, "Мафия")
    assert press.callback_query is not None and press.callback_query.data == "vote:mafia"
    await tg.feed(press)

    answer = world.callbacks[press.callback_query.id]
    assert answer.answered and answer.text == "Голос принят" and not answer.show_alert
    assert menu.text == "Ты выбрал: mafia"
    assert menu.previous_texts == ["Привет, Alice! За кого играешь?"]
    assert menu.edit_date is not None
    assert menu.reply_markup is None  # editMessageText without reply_markup drops the keyboard, as in Telegram
    assert len(world.messages_in(alice)) == 1

    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await tg.bot.answer_callback_query(press.callback_query.id)
    with pytest.raises(LookupError):
        alice.press(menu, "Мирный")


async def test_press_on_a_message_the_bot_api_returned(tg: FakeTelegram, world: World) -> None:
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

    alice = world.add_user("Alice", started=True)
    keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="Готов", callback_data="ready")]])
    sent = await tg.bot.send_message(alice.id, "Готов к игре?", reply_markup=keyboard)
    update = alice.press(sent, "ready")
    assert update.callback_query is not None and update.callback_query.message is not None
    assert update.callback_query.message.message_id == sent.message_id


async def test_url_button_does_not_make_a_callback(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    await tg.feed(alice.start())
    menu = world.last_message(alice)
    assert menu is not None
    with pytest.raises(WorldError, match="no callback query"):
        alice.press(menu, "Правила")


async def test_bot_cannot_write_first(tg: FakeTelegram, world: World) -> None:
    stranger = world.add_user("Stranger")
    with pytest.raises(TelegramForbiddenError, match="bot can't initiate conversation with a user"):
        await tg.bot.send_message(stranger.id, "Привет")
    assert world.messages_in(stranger) == []
    failed = world.calls_of("sendMessage")[-1]
    assert failed.error_code == 403

    await tg.feed(stranger.start())
    await tg.bot.send_message(stranger.id, "Теперь можно")
    assert stranger.last_text == "Теперь можно"


async def test_blocked_user(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    update = alice.block()
    assert update.my_chat_member is not None and update.my_chat_member.new_chat_member.status == "kicked"
    with pytest.raises(TelegramForbiddenError, match="bot was blocked by the user"):
        await tg.bot.send_message(alice.id, "Ты тут?")

    await tg.feed(alice.start())  # pressing Start again unblocks
    assert not alice.blocked
    assert alice.last_text is not None


async def test_unknown_chat_and_bad_requests(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await tg.bot.send_message(123456789, "x")
    with pytest.raises(TelegramBadRequest, match="message text is empty"):
        await tg.bot.send_message(alice.id, "   ")
    with pytest.raises(TelegramBadRequest, match="can't parse entities"):
        await tg.bot.send_message(alice.id, "Alice <3 Bob", parse_mode="HTML")
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await tg.bot.send_message(alice.id, "x" * 4097)


async def test_edit_and_delete(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice", started=True)
    sent = await tg.bot.send_message(alice.id, "День 1")
    await tg.bot.edit_message_text("День 2", chat_id=alice.id, message_id=sent.message_id)
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await tg.bot.edit_message_text("День 2", chat_id=alice.id, message_id=sent.message_id)
    assert alice.last_text == "День 2"

    await tg.bot.delete_message(alice.id, sent.message_id)
    assert world.messages_in(alice) == []
    assert world.messages_in(alice, include_deleted=True)[0].deleted
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await tg.bot.delete_message(alice.id, sent.message_id)
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await tg.bot.edit_message_text("x", chat_id=alice.id, message_id=sent.message_id)


async def test_user_edits_own_message(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    alice.send("голосую за Боба")
    mine = world.last_message(alice, sender=alice)
    assert mine is not None
    update = alice.edit(mine, "голосую за Кэрол")
    assert update.edited_message is not None and update.edited_message.text == "голосую за Кэрол"
    assert update.edited_message.edit_date is not None


async def test_reply_keyboard_and_reply_to(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    await tg.feed(alice.send("/ping"))
    pong = world.last_message(alice)
    assert pong is not None and pong.text == "pong"
    asked = world.last_message(alice, sender=alice)
    assert asked is not None and pong.reply_to_message_id == asked.message_id


async def test_inline_query_answer(tg: FakeTelegram, world: World) -> None:
    alice = world.add_user("Alice")
    update = alice.inline_query("роль")
    assert update.inline_query is not None
    await tg.bot.answer_inline_query(
        update.inline_query.id,
        results=[InlineQueryResultArticle(id="1", title="Мафия", input_message_content=InputTextMessageContent(message_text="Мафия"))],
        cache_time=0,
    )
    record = world.inline_queries[update.inline_query.id]
    assert record.answered and record.results[0]["title"] == "Мафия"


async def test_commands_and_me(tg: FakeTelegram, world: World) -> None:
    from aiogram.types import BotCommand

    me = await tg.bot.get_me()
    assert me.id == 42 and me.username == world.bot.username and me.is_bot
    await tg.bot.set_my_commands([BotCommand(command="start", description="Начать")])
    assert [c.command for c in await tg.bot.get_my_commands()] == ["start"]
    with pytest.raises(TelegramBadRequest, match="BOT_COMMAND_INVALID"):
        await tg.bot.set_my_commands([BotCommand(command="Bad Command", description="x")])
    assert await tg.bot.delete_webhook(drop_pending_updates=True)
