"""The sign-up message in the public group: who has joined, and a button to join; kept up to date."""

from __future__ import annotations

from html import escape

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from tgbot import gamedata
from tgbot.i18n import t
from tgbot.services.games import GameService
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import names

SLOT = "signup"


class SignupBoard:
    def __init__(self, service: GameService, bot_username: str) -> None:
        self.service = service
        self.bot_username = bot_username

    async def text(self, game_id: int) -> tuple[str, InlineKeyboardMarkup]:
        game = await self.service.game(game_id)
        lang = str(game["locale"])
        players = await self.service.repo.players(game_id)
        open_ = game["status"] == "signup"
        lines = [t(lang, "signup.board" if open_ else "signup.board_closed", game=game_id,
                   ruleset=names.ruleset_name(lang, game["ruleset"]), count=len(players))]
        lines += [f"{i}. {escape(p['name'])} — "
                  f"{escape(gamedata.public_role_label(game['ruleset'], p['public_role'], lang))}"
                  for i, p in enumerate(players, start=1)]
        url = f"https://t.me/{self.bot_username}?start=join_{game_id}"
        rows = [[InlineKeyboardButton(text=t(lang, "btn.join"), url=url)]] if open_ else []
        return "\n".join(lines), InlineKeyboardMarkup(inline_keyboard=rows)

    async def post(self, game_id: int) -> None:
        """The first sign-up message (its id is kept so later changes edit it)."""
        await self._queue(game_id, op="send")

    async def refresh(self, game_id: int) -> None:
        await self._queue(game_id, op="edit")

    async def _queue(self, game_id: int, *, op: str) -> None:
        game = await self.service.game(game_id)
        if game["public_chat_id"] is None:
            return
        text, keyboard = await self.text(game_id)
        message = OutboxMessage(chat_id=int(game["public_chat_id"]), op=op, slot=SLOT, text=text,
                                reply_markup=keyboard.model_dump(exclude_none=True), game_id=game_id)
        async with self.service.repo.db.batch() as conn:
            await self.service.repo.enqueue(conn, message, now=self.service.clock())
        if self.service.on_outbox:
            self.service.on_outbox()
