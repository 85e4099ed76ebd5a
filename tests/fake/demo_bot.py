"""A tiny aiogram bot used to exercise the fake Telegram (not the project's bot)."""

from __future__ import annotations

from html import escape

from aiogram import Dispatcher, F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ChatJoinRequest, InlineKeyboardButton, InlineKeyboardMarkup, Message

VOTE_KEYBOARD = InlineKeyboardMarkup(
    inline_keyboard=[
        [InlineKeyboardButton(text="Мирный", callback_data="vote:town"), InlineKeyboardButton(text="Мафия", callback_data="vote:mafia")],
        [InlineKeyboardButton(text="Правила", url="https://example.org/rules")],
    ]
)


def make_router() -> Router:
    router = Router(name="demo")

    @router.message(CommandStart(deep_link=True))
    async def start_with_payload(message: Message, command: CommandObject) -> None:
        await message.answer(f"Приглашение в игру {command.args}")

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        assert message.from_user is not None
        name = escape(message.from_user.first_name)
        await message.answer(f"Привет, <b>{name}</b>! За кого играешь?", parse_mode="HTML", reply_markup=VOTE_KEYBOARD)

    @router.callback_query(F.data.startswith("vote:"))
    async def vote(callback: CallbackQuery) -> None:
        assert isinstance(callback.message, Message) and callback.data is not None
        await callback.answer("Голос принят")
        await callback.message.edit_text(f"Ты выбрал: {callback.data.removeprefix('vote:')}")

    @router.message(Command("ping"))
    async def ping(message: Message) -> None:
        await message.reply("pong")

    @router.chat_join_request()
    async def join_request(request: ChatJoinRequest) -> None:
        if (request.from_user.username or "").startswith("ok_"):
            await request.approve()
        else:
            await request.decline()

    return router


def make_dispatcher() -> Dispatcher:
    dispatcher = Dispatcher()
    dispatcher.include_router(make_router())
    return dispatcher
