"""Filters checked in the event loop.

aiogram runs a filter that is not a coroutine — a bare magic filter `F.chat.type == "private"` among
them — in a worker thread (`asyncio.to_thread`): a thread hand-over per filter per update, two on
every button press before this module. `Magic(F…)` checks the same expression inline.
"""

from __future__ import annotations

from typing import Any

from aiogram.filters import Filter
from aiogram.types import TelegramObject
from magic_filter import MagicFilter


class Magic(Filter):
    def __init__(self, magic: MagicFilter) -> None:
        self.magic = magic

    async def __call__(self, event: TelegramObject) -> bool | dict[str, Any]:
        result = self.magic.resolve(event)
        return result if isinstance(result, dict) else bool(result)

    def __str__(self) -> str:
        return f"Magic({self.magic!r})"
