"""Wiring: the database, services, routers, middlewares, scheduler and delivery of one bot."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import ErrorEvent, TelegramObject, User
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from tgbot.config import Settings
from tgbot.deadlines import Deadlines
from tgbot.delivery import Delivery, Limits
from tgbot.i18n import pick_language, t
from tgbot.routers import deck, general, master, play, signup
from tgbot.services.games import GameService
from tgbot.services.signup import SignupBoard
from tgbot.storage import Database, Repository
from tgbot.storage.fsm import SqliteStorage
from tgbot.ui.panel import build_panel

log = logging.getLogger("tgbot")


class Inject(BaseMiddleware):
    """Gives every handler the services and the user's language."""

    def __init__(self, app: BotApp) -> None:
        self.app = app

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        data["service"] = self.app.service
        data["board"] = self.app.board
        user: User | None = data.get("event_from_user")
        lang = self.app.default_locale
        if user is not None:
            stored = await self.app.repo.user(user.id)
            lang = (stored or {}).get("locale") or pick_language(user.language_code) or lang
        data["lang"] = lang
        return await handler(event, data)


@dataclass
class BotApp:
    settings: Settings
    bot: Bot
    dp: Dispatcher
    db: Database
    repo: Repository
    service: GameService
    board: SignupBoard
    delivery: Delivery
    scheduler: AsyncIOScheduler
    deadlines: Deadlines
    default_locale: str = "ru"
    _delivery_task: asyncio.Task[None] | None = None

    async def startup(self) -> None:
        """Re-arm every deadline from the database and start delivering the outbox."""
        if not self.scheduler.running:
            self.scheduler.start()
        armed = await self.deadlines.rearm()
        log.info("re-armed %d deadlines", armed)
        self._delivery_task = asyncio.create_task(self.delivery.run())
        self.delivery.wake()

    async def shutdown(self) -> None:
        await self.delivery.stop()
        if self._delivery_task is not None:
            self._delivery_task.cancel()
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        await self.db.close()
        await self.bot.session.close()


def make_session(settings: Settings) -> BaseSession:
    if settings.telegram_api_url:
        return AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return AiohttpSession()


async def create_app(settings: Settings, *, session: BaseSession | None = None,
                     clock: Callable[[], float] = time.time, limits: Limits | None = None,
                     bot_username: str | None = None, seeds: Callable[[], int] | None = None) -> BotApp:
    db = await Database.open(settings.database_path)
    repo = Repository(db)
    bot = Bot(settings.bot_token.get_secret_value(), session=session or make_session(settings),
              default=DefaultBotProperties(parse_mode=None))
    if bot_username is None:
        me = await bot.get_me()
        bot_username = me.username or "bot"
    service = GameService(repo, clock=clock, timezone=settings.timezone, admins=tuple(settings.admins),
                          panel=build_panel, **({"seeds": seeds} if seeds else {}))
    board = SignupBoard(service, bot_username)
    delivery = Delivery(bot, repo, limits=limits, wall=clock)
    service.on_outbox = delivery.wake
    delivery.on_unreachable = service.unreachable
    scheduler = AsyncIOScheduler(timezone="UTC")
    deadlines = Deadlines(service, scheduler, clock=clock)
    dp = Dispatcher(storage=SqliteStorage(db))
    app = BotApp(settings=settings, bot=bot, dp=dp, db=db, repo=repo, service=service, board=board,
                 delivery=delivery, scheduler=scheduler, deadlines=deadlines,
                 default_locale=settings.default_locale)
    inject = Inject(app)
    dp.update.outer_middleware(inject)
    dp.include_routers(master.make_router(), signup.make_router(), deck.make_router(), play.make_router(),
                       general.make_router())
    dp.errors.register(_on_error)
    return app


async def _on_error(event: ErrorEvent, lang: str = "ru") -> bool:
    """Log every exception with its update; tell the user something went wrong, nothing more."""
    update = event.update
    log.exception("update %s failed", update.update_id, exc_info=event.exception)
    text = t(lang, "error.internal")
    if update.callback_query is not None:
        await update.callback_query.answer(text, show_alert=True)
    elif update.message is not None:
        await update.message.answer(text)
    return True
