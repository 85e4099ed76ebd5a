"""A phase in private chat, one router per area: the panel and the order of the hand (panel.py), votes
and punishments (votes.py), Микромафик's public roles (perks.py), and the card flow with its typed texts
(card_flow.py). Every press is an `Act` (tgbot/ui/callbacks.py) handled by the one handler of its `Code`;
`guard.LoadGame` loads the game for it, or turns a stale press away, and the dispatcher's error handlers
(tgbot/routers/errors.py) answer a refusal."""

from __future__ import annotations

from aiogram import F, Router

from tgbot.routers.filters import Magic
from tgbot.routers.guard import NEED_GAME, LoadGame
from tgbot.routers.play import card_flow, panel, perks, votes
from tgbot.services.errors import ServiceError
from tgbot.ui.callbacks import Act


async def unknown_press(_query: object) -> None:
    """A button of this game and phase whose code no handler knows (forged)."""
    raise ServiceError("bad_button")


def make_router() -> Router:
    """A fresh router (each bot instance gets its own)."""
    router = Router(name="play")
    router.callback_query.filter(Magic(F.message.chat.type == "private"), Act.filter())
    router.callback_query.middleware(LoadGame())
    unknown = Router(name="play.unknown")
    unknown.callback_query.register(unknown_press, flags=NEED_GAME)
    router.include_routers(panel.make_router(), votes.make_router(), perks.make_router(), card_flow.make_router(),
                           unknown)
    return router
