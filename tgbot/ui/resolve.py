"""The master's /resolve names the phase it ends: a confirmation whose button carries the phase, or
the phase in words (`/resolve ночь 3`, `/resolve day 2`, `/resolve колоды`)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from tgbot.i18n import t
from tgbot.ui.callbacks import Resolve
from tgbot.ui.panel import phase_title

DECK_WORDS = frozenset({"deck", "decks", "колоды", "колода", "сбор"})
NIGHT_WORDS = frozenset({"night", "ночь"})
DAY_WORDS = frozenset({"day", "день"})
MAX_DAY = 999


def parse_phase(text: str) -> int | None:
    """A phase named in words as its number (0 deck building, 2n−1 night n, 2n day n), or None."""
    words = text.lower().replace("ё", "е").split()
    if len(words) == 1 and words[0] in DECK_WORDS:
        return 0
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= MAX_DAY:
        return None
    day = int(words[1])
    if words[0] in NIGHT_WORDS:
        return 2 * day - 1
    if words[0] in DAY_WORDS:
        return 2 * day
    return None


def phase_words(lang: str, phase: int) -> str:
    """The phase as /resolve takes it in words (the inverse of `parse_phase`)."""
    en = lang == "en"
    if phase == 0:
        return "deck" if en else "колоды"
    day = (phase + 1) // 2
    if phase % 2:
        return f"{'night' if en else 'ночь'} {day}"
    return f"{'day' if en else 'день'} {day}"


def confirmation(lang: str, game_id: int, phase: int) -> tuple[str, InlineKeyboardMarkup]:
    """The question /resolve asks, and its one button, which ends this phase only."""
    name = phase_title(lang, phase)
    button = InlineKeyboardButton(text=t(lang, "master.resolve_button", phase=name),
                                  callback_data=Resolve(g=game_id, p=phase).pack())
    text = t(lang, "master.resolve_confirm", phase=name, game=game_id, words=phase_words(lang, phase))
    return text, InlineKeyboardMarkup(inline_keyboard=[[button]])
