"""Commands anyone can use anywhere: /start, /help, /rules, /card, /language; and the fallback."""

from __future__ import annotations

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

from engine.core.ruleset import ruleset_names
from tgbot import gamedata
from tgbot.i18n import LANGUAGES, t
from tgbot.routers.filters import Magic
from tgbot.services.chats import chat_use
from tgbot.services.games import GameService
from tgbot.ui import names
from tgbot.ui.callbacks import Lang
from tgbot.ui.deck import card_info
from tgbot.ui.rules_doc import hidden_summary, rules_hidden, rules_messages, told_messages

GROUP_COMMANDS = {"newgame", "bind", "set", "lang", "startgame", "status", "resolve", "extend"}
LOOKUP_LIMIT = 20  # inline results


async def start(message: Message, service: GameService, lang: str) -> None:
    assert message.from_user is not None
    async with service.repo.db.batch() as conn:
        await service.repo.set_user(conn, message.from_user.id, started=True)
    await message.answer(t(lang, "general.welcome", games=games_named(lang)), parse_mode="HTML")


async def help_(message: Message, lang: str) -> None:
    await message.answer(t(lang, "general.help", ids="|".join(ruleset_names())), parse_mode="HTML")


def games_named(lang: str) -> str:
    """The rule sets the bot runs, by name («Микромафик», «Мафик», …), in the engine's order."""
    return ", ".join(f"<b>{names.ruleset_name(lang, name)}</b>" for name in ruleset_names())


async def game_ruleset(service: GameService, *, chat_id: int | None, user_id: int | None) -> str | None:
    """The rule set of the game this chat belongs to (its log or public group, a room's group; a game
    still going first), else of the user's current game; None when there is none."""
    if chat_id is not None and chat_id < 0:
        use = await chat_use(service.repo, chat_id)
        if use is not None and use.game is not None:
            return str(use.game["ruleset"])
        for column in ("log_chat_id", "public_chat_id"):  # a finished game's chats keep its rule set
            games = await service.repo.games_where(**{column: chat_id})
            if games:
                return str(games[-1]["ruleset"])
    if user_id is not None:
        games = await service.repo.games_of_user(user_id)
        if games:
            return str(games[0]["ruleset"])
    return None


async def rules(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    """The rules of the chat's game's rule set (or the one named: /rules mafik): its completed rules
    document if it has one (Ruleset.rules_documents, in Telegram-sized messages), else its summary;
    without a game, every rule set's summary. Hidden rules: see `rules_to_read`."""
    arg = (command.args or "").strip().lower()
    user_id = message.from_user.id if message.from_user else None
    if arg in ruleset_names():
        wanted = [arg]
    else:
        found = await game_ruleset(service, chat_id=message.chat.id, user_id=user_id)
        wanted = [found] if found else list(ruleset_names())
    if len(wanted) == 1:
        parts = await rules_to_read(service, wanted[0], chat_id=message.chat.id, user_id=user_id, lang=lang)
    else:
        parts = ["\n\n".join(filter(None, (names.ruleset_rules(lang, r) for r in wanted))) or "—"]
    for part in parts:
        await message.answer(part, parse_mode="HTML")


async def rules_to_read(service: GameService, ruleset: str, *, chat_id: int, user_id: int | None,
                        lang: str) -> list[str]:
    """What /rules shows of one rule set. Open rules: the document (else the summary). Hidden rules
    (rules_doc.rules_hidden): the whole document to the master (in the log group of a game of it, or in
    the private chat while one is not finished); in the private chat, a player of a game of it still
    going reads what they have been told; anyone else, and any other group, the public summary."""
    whole = rules_messages(lang, ruleset) or [names.ruleset_rules(lang, ruleset) or "—"]
    if not rules_hidden(ruleset):
        return whole
    if await service.repo.games_where(log_chat_id=chat_id, ruleset=ruleset):
        return whole
    if user_id is None or chat_id < 0:  # a group: what anyone there may read
        return [hidden_summary(lang, ruleset)]
    mastered = await service.repo.games_where(master_user_id=user_id, ruleset=ruleset)
    if any(g["status"] != "finished" for g in mastered):
        return whole
    of_ruleset = {g["id"] for g in await service.repo.games_where(ruleset=ruleset)}
    for game in await service.repo.games_of_user(user_id):
        told = await _told(service, game, user_id, lang) if game["id"] in of_ruleset else None
        if told is not None:
            return told
    return [hidden_summary(lang, ruleset)]


async def _told(service: GameService, game: dict[str, Any], user_id: int, lang: str) -> list[str] | None:
    """What this player of the game has been told so far (None before the roles are dealt)."""
    player = next((p for p in await service.repo.players(int(game["id"])) if p["user_id"] == user_id), None)
    state = await service.repo.load_state(int(game["id"]))
    if player is None or player["pid"] is None or state is None:
        return None
    return told_messages(state, int(player["pid"]), lang)


def card_answer(query: str, lang: str, prefer: str | None = None) -> str | None:
    """A card's text for a look-up: the best match over every rule set (the game's first); when its
    name exists in both rule sets, both cards, each with its rule set."""
    hits = gamedata.search_cards(query, prefer=prefer)
    if not hits:
        return None
    ruleset, card_id = hits[0]
    twin = gamedata.twin(ruleset, card_id)
    if twin is None:
        return card_info(ruleset, card_id, lang)
    same = next((cid for r, cid in hits if r == twin
                 and gamedata.normal(gamedata.card_name(r, cid, "ru"))
                 == gamedata.normal(gamedata.card_name(ruleset, card_id, "ru"))), None)
    parts = [card_info(ruleset, card_id, lang, with_ruleset=True)]
    if same is not None:
        parts.append(card_info(twin, same, lang, with_ruleset=True))
    return "\n\n".join(parts)


async def card(message: Message, command: CommandObject, service: GameService, lang: str) -> None:
    prefer = await game_ruleset(service, chat_id=message.chat.id,
                                user_id=message.from_user.id if message.from_user else None)
    text = card_answer(command.args or "", lang, prefer)
    await message.answer(text or t(lang, "general.no_card"), parse_mode="HTML")


async def inline_card(query: InlineQuery, service: GameService, lang: str) -> None:
    prefer = await game_ruleset(service, chat_id=None, user_id=query.from_user.id)
    results: list[Any] = []
    for ruleset, card_id in gamedata.search_cards(query.query, prefer=prefer)[:LOOKUP_LIMIT]:
        twin = gamedata.twin(ruleset, card_id) is not None
        title = gamedata.card_name(ruleset, card_id, lang)
        if twin:
            title += f" ({names.ruleset_name(lang, ruleset)})"
        results.append(InlineQueryResultArticle(
            id=f"{ruleset}:{card_id}", title=title,
            description=gamedata.card_text(ruleset, card_id, lang)[:100],
            input_message_content=InputTextMessageContent(
                message_text=card_info(ruleset, card_id, lang, with_ruleset=twin), parse_mode="HTML"),
        ))
    await query.answer(results, cache_time=60, is_personal=prefer is not None)


async def language(message: Message, lang: str) -> None:
    rows = [[InlineKeyboardButton(text=code, callback_data=Lang(lang=code).pack()) for code in LANGUAGES]]
    await message.answer(t(lang, "general.choose_language"), reply_markup=InlineKeyboardMarkup(inline_keyboard=rows))


async def set_language(query: CallbackQuery, callback_data: Lang, service: GameService) -> None:
    choice = callback_data.lang if callback_data.lang in LANGUAGES else "ru"
    async with service.repo.db.batch() as conn:
        await service.repo.set_user(conn, query.from_user.id, locale=choice)
        await service.repo.set_player_locale(conn, query.from_user.id, choice)
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
    router.message.register(start, CommandStart(), Magic(F.chat.type == "private"))
    router.message.register(help_, Command("help"))
    router.message.register(rules, Command("rules"))
    router.message.register(card, Command("card"))
    router.inline_query.register(inline_card)
    router.message.register(language, Command("language"))
    router.callback_query.register(set_language, Lang.filter())
    router.message.register(fallback, Magic(F.chat.type == "private"))
    router.callback_query.register(stale_button)
    return router
