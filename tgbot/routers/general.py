"""Commands anyone can use anywhere: /start, /help, /rules, /card, /language; and the fallback."""

from __future__ import annotations

from html import escape
from typing import Any

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.fsm.context import FSMContext
from aiogram.types import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
)

from tgbot import gamedata
from tgbot.i18n import LANGUAGES, t
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Lang

RULESET = "micromafik"
GROUP_COMMANDS = {"newgame", "bind", "set", "lang", "startgame", "status", "resolve", "extend"}


async def start(message: Message, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    async with service.repo.db.transaction() as conn:
        await service.repo.set_user(conn, message.from_user.id, started=True)
    await message.answer(t(lang, "general.welcome"), parse_mode="HTML")


async def help_(message: Message, lang: str) -> None:
    await message.answer(t(lang, "general.help"), parse_mode="HTML")


async def rules(message: Message, lang: str) -> None:
    await message.answer(t(lang, f"rules.{RULESET}"), parse_mode="HTML")


def card_answer(query: str, lang: str) -> str | None:
    hits = gamedata.find_cards(RULESET, query)
    if not hits:
        return None
    card = gamedata.card(RULESET, hits[0])
    name = escape(gamedata.card_name(RULESET, hits[0], lang))
    colour = t(lang, "colour." + str(card["colour"]))
    return f"<b>{name}</b> ({colour})\n{escape(gamedata.card_text(RULESET, hits[0], lang))}"


async def card(message: Message, command: CommandObject, lang: str) -> None:
    text = card_answer(command.args or "", lang)
    await message.answer(text or t(lang, "general.no_card"), parse_mode="HTML")


async def inline_card(query: InlineQuery, lang: str) -> None:
    results: list[Any] = []
    for card_id in gamedata.find_cards(RULESET, query.query)[:20]:
        text = card_answer(gamedata.card_name(RULESET, card_id, "ru"), lang) or ""
        results.append(InlineQueryResultArticle(
            id=card_id, title=gamedata.card_name(RULESET, card_id, lang),
            description=gamedata.card_text(RULESET, card_id, lang)[:100],
            input_message_content=InputTextMessageContent(message_text=text, parse_mode="HTML"),
        ))
    await query.answer(results, cache_time=60, is_personal=False)


async def language(message: Message, lang: str) -> None:
    rows = [[InlineKeyboardButton(text=code, callback_data=Lang(lang=code).pack()) for code in LANGUAGES]]
    await message.answer(t(lang, "general.choose_language"), reply_markup=InlineKeyboardMarkup(inline_keyboard=rows))


async def set_language(query: CallbackQuery, callback_data: Lang, service: GameService) -> None:
    choice = callback_data.lang if callback_data.lang in LANGUAGES else "ru"
    async with service.repo.db.transaction() as conn:
        await service.repo.set_user(conn, query.from_user.id, locale=choice)
        await conn.execute("UPDATE players SET locale = ? WHERE user_id = ?", (choice, query.from_user.id))
    await query.answer(t(choice, "general.language_set"))


async def fallback(message: Message, state: FSMContext, lang: str) -> None:
    """Anything else in private chat gets a clear answer, never silence."""
    command = (message.text or "").split(maxsplit=1)[0].split("@")[0].lstrip("/") if message.text else ""
    if command in GROUP_COMMANDS:
        await message.answer(t(lang, "general.group_only"))
        return
    await message.answer(t(lang, "general.unknown"))


async def stale_button(query: CallbackQuery, lang: str) -> None:
    await query.answer(t(lang, "error.stale"), show_alert=True)


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="general")
    router.message.register(start, CommandStart(), F.chat.type == "private")
    router.message.register(help_, Command("help"))
    router.message.register(rules, Command("rules"))
    router.message.register(card, Command("card"))
    router.inline_query.register(inline_card)
    router.message.register(language, Command("language"))
    router.callback_query.register(set_language, Lang.filter())
    router.message.register(fallback, F.chat.type == "private")
    router.callback_query.register(stale_button)
    return router
