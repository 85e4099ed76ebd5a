"""Each kind of game press has one handler of its own, behind the game check (routers/play/)."""

from __future__ import annotations

from collections import Counter

from aiogram import Router

from tgbot.routers import play
from tgbot.routers.play.press import Pressed
from tgbot.ui.callbacks import Code


def _routers(router: Router) -> list[Router]:
    return [router, *(r for sub in router.sub_routers for r in _routers(sub))]


def test_every_press_code_has_exactly_one_handler_and_each_loads_the_game():
    handled: Counter[str] = Counter()
    for router in _routers(play.make_router()):
        for handler in router.callback_query.handlers:
            assert handler.flags.get("need_game"), f"{handler.callback.__name__} is not behind the game check"
            for flt in handler.filters or []:
                if isinstance(flt.callback, Pressed):
                    handled.update(flt.callback.codes)
    assert handled == Counter({code.value: 1 for code in Code})
