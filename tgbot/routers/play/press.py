"""What the play routers share: the filter of a press's code, the panel redrawn after a change, the
submission of an order that needs no dialogue, and rows of buttons."""

from __future__ import annotations

from typing import Any

from aiogram.filters import Filter
from aiogram.types import CallbackQuery, InlineKeyboardButton

from engine.core.state import GameState
from tgbot.i18n import t
from tgbot.routers.common import answer, edit
from tgbot.services.games import GameService
from tgbot.ui.callbacks import Act, Code
from tgbot.ui.panel import button, panel


class Pressed(Filter):
    """The press's code is one of `codes`. The play router's `Act.filter()` has unpacked the button once
    (as `callback_data`); each handler's filter then only compares the code, instead of unpacking the
    button again for each of the thirty handlers it passes on its way."""

    def __init__(self, *codes: Code) -> None:
        self.codes = frozenset(codes)

    async def __call__(self, query: CallbackQuery, callback_data: Act) -> bool:
        return callback_data.a in self.codes

    def __str__(self) -> str:
        return f"Pressed({', '.join(sorted(self.codes))})"


async def show_panel(query: CallbackQuery, service: GameService, game_id: int, lang: str, note: str = "") -> None:
    """The presser's panel in place of the pressed message (after a change: read afresh)."""
    game = await service.game(game_id)
    state = await service.state(game_id)
    pid = await service.seat_of(game_id, query.from_user.id)
    text, keyboard = panel(game, state, pid, lang)
    await edit(query, (note + "\n\n" if note else "") + text, keyboard)


async def submit_simple(query: CallbackQuery, cb: Act, service: GameService, lang: str, kind: str,
                        **kwargs: Any) -> None:
    """An order without a dialogue (a vote, a discard…): submitted, "accepted", and the panel again."""
    await service.submit(cb.g, user_id=query.from_user.id, kind=kind, **kwargs)
    await answer(query, t(lang, "ui.accepted"))
    await show_panel(query, service, cb.g, lang)


def player_buttons(gs: GameState, cb: Act, code: Code, pids: list[int],
                   mark: int | None = None) -> list[list[InlineKeyboardButton]]:
    """A button per character, two a row (✅ on `mark`)."""
    buttons = [button(("✅ " if p == mark else "") + gs.player(p).name, cb.g, cb.p, code, p) for p in pids]
    return [buttons[i:i + 2] for i in range(0, len(buttons), 2)]


def back_row(cb: Act, lang: str) -> list[InlineKeyboardButton]:
    return [button(t(lang, "btn.back"), cb.g, cb.p, Code.PANEL)]
