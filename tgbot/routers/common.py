"""Helpers shared by the routers: answering, editing, turning refusals into the player's language."""

from __future__ import annotations

import contextlib
import string
from typing import Any

from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message

from engine.core.refusal import Refusal
from tgbot.i18n import t
from tgbot.services.errors import ServiceError


def explain(lang: str, error: Refusal | ServiceError) -> str:
    """A refusal of the engine or of the bot as a sentence in the player's language."""
    prefix = "refusal" if isinstance(error, Refusal) else "error"
    params: dict[str, Any] = dict(error.params)
    text = t(lang, f"{prefix}.{error.code}", **params)
    what = params.get("what")
    if isinstance(error, Refusal) and isinstance(what, str):  # a refusal about one thing says which rule
        with contextlib.suppress(KeyError):
            text += " " + t(lang, f"what.{error.code}.{what}", **params)
    if isinstance(error, Refusal):  # the numbers, when the refusal carries every one its detail names
        with contextlib.suppress(KeyError):
            detail = t(lang, f"detail.{error.code}")
            names = {name for _text, name, _spec, _conv in string.Formatter().parse(detail) if name}
            if names and names <= set(params):
                text += " " + t(lang, f"detail.{error.code}", **params)
    reason = params.get("reason")
    if isinstance(error, Refusal) and isinstance(reason, str):
        with contextlib.suppress(KeyError):
            text += " " + t(lang, f"reason.{reason}", **params)
    return text


async def edit(query: CallbackQuery, text: str, keyboard: InlineKeyboardMarkup | None) -> None:
    """Show `text` in place of the message the button was on (or send it, if that is gone)."""
    message = query.message
    if isinstance(message, Message):
        try:
            await message.edit_text(text, parse_mode="HTML", reply_markup=keyboard)
            return
        except TelegramBadRequest as exc:
            if "not modified" in str(exc):
                return
    if query.from_user is not None and query.bot is not None:
        await query.bot.send_message(query.from_user.id, text, parse_mode="HTML", reply_markup=keyboard)
