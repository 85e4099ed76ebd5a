"""Helpers shared by the routers: answering, editing, turning refusals into the player's language."""

from __future__ import annotations

import contextlib
import string
from contextvars import ContextVar
from typing import Any

from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import EditMessageText
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message

from engine.core.refusal import Refusal
from tgbot.i18n import t
from tgbot.render import refusal_params
from tgbot.services.errors import ServiceError


def explain(lang: str, error: Refusal | ServiceError, *, ruleset: str | None = None) -> str:
    """A refusal of the engine or of the bot as a sentence in the player's language (its parameters by
    name: colours, game statuses, and card names when the rule set is given)."""
    prefix = "refusal" if isinstance(error, Refusal) else "error"
    params: dict[str, Any] = refusal_params(dict(error.params), lang, ruleset)
    text = t(lang, f"{prefix}.{error.code}", **params)
    kind = params.get("kind")
    if isinstance(error, Refusal) and isinstance(kind, str):  # a refusal about one parameter names it
        with contextlib.suppress(KeyError):
            params["label"] = t(lang, f"label.{kind}")
            text = t(lang, f"refusal.{error.code}_named", **params)
    reason = params.get("reason")
    if isinstance(error, Refusal) and isinstance(reason, str):  # a reason that is the whole answer
        with contextlib.suppress(KeyError):
            return t(lang, f"why.{error.code}.{reason}", **params)
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
    if isinstance(error, Refusal) and isinstance(reason, str):
        with contextlib.suppress(KeyError):
            text += " " + t(lang, f"reason.{reason}", **params)
    return text


_answered: ContextVar[str | None] = ContextVar("answered", default=None)


async def answer(query: CallbackQuery, text: str | None = None, *, show_alert: bool = False) -> None:
    """Answer a button press (Telegram takes one answer per press; `answer_once` adds none after this)."""
    _answered.set(query.id)
    await query.answer(text, show_alert=show_alert)


async def answer_once(query: CallbackQuery) -> None:
    """Stop the button's spinner, unless the press was answered already."""
    if _answered.get() != query.id:
        with contextlib.suppress(TelegramBadRequest):
            await query.answer()


class EditInPlace(EditMessageText):
    """editMessageText whose answer, the edited message, is not parsed into aiogram's models: a
    button's message is edited on most clicks, and nothing reads the message back (parsing it, its
    keyboard included, cost as much as the rest of the edit)."""

    __returning__ = bool | dict[str, Any]


async def edit(query: CallbackQuery, text: str, keyboard: InlineKeyboardMarkup | None) -> None:
    """Show `text` in place of the message the button was on (or send it, if that is gone)."""
    message = query.message
    if isinstance(message, Message) and query.bot is not None:
        try:
            await query.bot(EditInPlace(chat_id=message.chat.id, message_id=message.message_id, text=text,
                                        parse_mode="HTML", reply_markup=keyboard))
            return
        except TelegramBadRequest as exc:
            if "not modified" in str(exc):
                return
    if query.from_user is not None and query.bot is not None:
        await query.bot.send_message(query.from_user.id, text, parse_mode="HTML", reply_markup=keyboard)
