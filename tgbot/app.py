"""Wiring: the database, services, routers, middlewares, scheduler and delivery of one bot.

The deadlines' scheduler, the outbox sender and the chat rooms' re-sync run only while this instance
leads (`tgbot/leader.py`): always, for the single process on SQLite; one instance at a time among
several that share a PostgreSQL database (`DATABASE_URL`, `tgbot/storage/pg_lease.py`) or, on SQLite,
Redis (`REDIS_URL`, `tgbot/redis_shared.py`); see `choose_lease`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramAPIError
from aiogram.fsm.storage.memory import SimpleEventIsolation
from aiogram.types import Chat, ErrorEvent, TelegramObject, Update, User
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from redis.asyncio import Redis

from tgbot.config import Settings
from tgbot.deadlines import Deadlines
from tgbot.delivery import Delivery, DirectSends, Limits
from tgbot.i18n import pick_language, t
from tgbot.leader import Leadership, Lease, SoleLease
from tgbot.logs import log_context
from tgbot.menus import set_menus
from tgbot.nudges import Nudges
from tgbot.redis_shared import LEASE_EVERY_S, Shared, shared_by_redis
from tgbot.routers import answers, comms, decisions, deck, errors, general, master, play, signup, watch
from tgbot.routers import rooms as room_router
from tgbot.services.games import GameService
from tgbot.services.master_tools import MasterTools
from tgbot.services.rooms import RoomService
from tgbot.services.signup import SignupBoard
from tgbot.storage import Database, Repository
from tgbot.storage.fsm import SqliteStorage
from tgbot.storage.pg_lease import PostgresLease
from tgbot.ui.panel import build_panel

log = logging.getLogger("tgbot")
GET_ME_TIMEOUT = 20  # seconds: start-up says soon when Telegram does not answer


def update_context(update: Update, user: User | None, chat: Chat | None) -> dict[str, Any]:
    """What logs of this update carry: its id, the user, the chat and (from a button) the game."""
    fields: dict[str, Any] = {"update_id": update.update_id}
    if user is not None:
        fields["user_id"] = user.id
    if chat is not None:
        fields["chat_id"] = chat.id
    query = update.callback_query
    if query is not None and query.data and query.data[:2] in ("a:", "s:", "d:"):
        game = query.data.split(":")[1]
        if game.isdigit():
            fields["game_id"] = int(game)
    return fields


class Inject(BaseMiddleware):
    """Gives every handler the services and the user's language, and starts the update's log context
    (its id, user, chat, game; the service adds the game it works on). The context is not reset when
    the update is done, so that the error handler, outside this middleware, still has it: each update
    runs in its own task (polling and webhook alike), which keeps contexts apart."""

    def __init__(self, app: BotApp) -> None:
        self.app = app

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        log_context.set(update_context(event, user, data.get("event_chat")) if isinstance(event, Update) else {})
        data["service"] = self.app.service
        data["board"] = self.app.board
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
    rooms: RoomService | None = None
    redis: Redis | None = None  # shared with the other instances (REDIS_URL)
    lease: Lease = field(default_factory=SoleLease)
    nudges: Nudges | None = None  # the leader hears of messages other instances queued
    lease_every: float = LEASE_EVERY_S
    _leadership: Leadership | None = None
    _delivery_task: asyncio.Task[None] | None = None
    _follow_task: asyncio.Task[None] | None = None
    _listen_task: asyncio.Task[None] | None = None
    _resume_task: asyncio.Task[None] | None = None
    _menus_task: asyncio.Task[None] | None = None

    @property
    def leading(self) -> bool:
        return self._leadership is not None and self._leadership.leading

    async def startup(self) -> None:
        """Contend for the leadership (a single process leads at once, see `_lead`); the command menus
        are set in the background."""
        if not self.scheduler.running:
            self.scheduler.start()
        self.deadlines.leading = False
        self._leadership = Leadership(self.lease, on_lead=self._lead, on_follow=self._follow, every=self.lease_every)
        await self._leadership.start()
        self._menus_task = asyncio.create_task(self._set_menus())

    async def _lead(self) -> None:
        """This instance leads: re-arm every deadline from the database and start delivering the outbox;
        chat rooms are brought in line with every running game in the background (`ready()` waits for
        it): that loads every game, and updates need not wait for it — each game's lock orders the two.
        Among several instances the leader also arms what the others change (`Deadlines.follow`)."""
        self.deadlines.leading = True
        armed = await self.deadlines.rearm()
        log.info("re-armed %d deadlines", armed)
        self.delivery.resume()
        self._delivery_task = asyncio.create_task(self.delivery.run())
        self.delivery.wake()
        if self.rooms is not None:  # chat rooms opened or ended while the bot was down
            self._resume_task = asyncio.create_task(self._resume_rooms(self.rooms))
        if not isinstance(self.lease, SoleLease):
            self._follow_task = asyncio.create_task(self.deadlines.follow(self.lease_every))
        if self.nudges is not None:
            self._listen_task = asyncio.create_task(self.nudges.listen(self.delivery.wake))

    async def _follow(self) -> None:
        """This instance no longer leads: end the duties (a send under way is finished and marked)."""
        self.deadlines.leading = False
        self.deadlines.disarm_all()
        for task in (self._resume_task, self._follow_task, self._listen_task):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.delivery.stop()
        if self._delivery_task is not None:
            self._delivery_task.cancel()
            # Wait for it to end before the database closes under it (else it dies on the closed database).
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._delivery_task

    async def _set_menus(self) -> None:
        try:
            log.info("set %d command menus", await set_menus(self.bot, self.default_locale))
        except Exception as exc:  # the menus are a convenience: the bot works without them
            log.warning("setting the command menus failed: %s: %s", type(exc).__name__, exc)

    async def _resume_rooms(self, rooms: RoomService) -> None:
        try:
            log.info("chat rooms re-synced with %d games", await rooms.resume())
        except Exception:  # logged; each game's next change syncs its rooms again
            log.exception("re-syncing chat rooms at start-up failed")

    async def ready(self) -> None:
        """Wait until start-up's background work (the chat rooms' re-sync, the command menus) is done."""
        for task in (self._resume_task, self._menus_task):
            if task is not None:
                await asyncio.shield(task)

    async def shutdown(self) -> None:
        if self._menus_task is not None and not self._menus_task.done():
            self._menus_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._menus_task
        if self._leadership is not None:
            await self._leadership.stop()  # the duties end; another instance may lead at once
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        await self.db.close()
        if self.redis is not None:
            await self.redis.aclose()
        await self.bot.session.close()


def make_session(settings: Settings) -> BaseSession:
    if settings.telegram_api_url:
        return AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return AiohttpSession()


async def create_app(settings: Settings, *, session: BaseSession | None = None,
                     clock: Callable[[], float] = time.time, limits: Limits | None = None,
                     bot_username: str | None = None, seeds: Callable[[], int] | None = None) -> BotApp:
    db = await Database.open(settings.database)
    repo = Repository(db)
    bot = Bot(settings.bot_token.get_secret_value(), session=session or make_session(settings),
              default=DefaultBotProperties(parse_mode=None))
    if bot_username is None:
        try:
            me = await bot.get_me(request_timeout=GET_ME_TIMEOUT)
        except BaseException:  # Telegram unreachable, or the token refused: nothing is left open
            await bot.session.close()
            await db.close()
            raise
        bot_username = me.username or "bot"
    service = GameService(repo, clock=clock, timezone=settings.timezone, admins=tuple(settings.admins),
                          panel=build_panel, **({"seeds": seeds} if seeds else {}))
    board = SignupBoard(service, bot_username)
    shared = shared_by_redis(settings.redis_url, limits or Limits()) if settings.redis_url else None
    delivery = Delivery(bot, repo, limits=limits, wall=clock, pacing=shared.pacing if shared else None)
    bot.session.middleware(DirectSends(delivery))
    service.on_outbox = delivery.wake if shared is None else _wake_everywhere(delivery, shared.nudges)
    delivery.on_unreachable = service.unreachable
    scheduler = AsyncIOScheduler(timezone="UTC")
    deadlines = Deadlines(service, scheduler, clock=clock)
    # One update at a time per user and chat: a double click must not run two handlers on the same
    # FSM data at once (the second would act on a flow the first has already submitted).
    # With several instances (Redis), one user's updates also wait for each other across instances.
    if shared is not None:
        dp = Dispatcher(storage=shared.storage, events_isolation=shared.isolation)
    else:
        dp = Dispatcher(storage=SqliteStorage(db), events_isolation=SimpleEventIsolation())
    app = BotApp(settings=settings, bot=bot, dp=dp, db=db, repo=repo, service=service, board=board,
                 delivery=delivery, scheduler=scheduler, deadlines=deadlines,
                 default_locale=settings.default_locale, rooms=RoomService(bot, service),
                 redis=shared.redis if shared else None, lease=choose_lease(settings, shared),
                 nudges=shared.nudges if shared else None)
    dp["rooms"], dp["tools"] = app.rooms, MasterTools(service)
    inject = Inject(app)
    dp.update.outer_middleware(inject)
    dp.message.outer_middleware(master.RememberUsernames(repo))
    dp.callback_query.outer_middleware(master.PauseGuard(repo))
    dp.include_routers(master.make_router(), signup.make_router(), deck.make_router(), play.make_router(),
                       comms.make_router(), room_router.make_router(), decisions.make_router(), answers.make_router(),
                       watch.make_router(), general.make_router())
    # A refused input is answered with its reason; any other exception is logged (the catch-all, last).
    # aiogram passes an error from the dispatcher down through every router, whichever raised it, so the
    # answers are registered once, here, ahead of the catch-all.
    errors.answer_refusals(dp)
    dp.errors.register(_on_error)
    return app


def choose_lease(settings: Settings, shared: Shared | None) -> Lease:
    """PostgreSQL's lock when the database is PostgreSQL (with or without Redis): it frees itself the moment
    its holder's session ends, with no time to live to wait out, and a leader cut off from the database its
    duties write to loses it. Else Redis's lease when Redis is shared; else the single process's own."""
    if settings.database_url:
        return PostgresLease(settings.database_url)
    return shared.lease if shared is not None else SoleLease()


def _wake_everywhere(delivery: Delivery, nudges: Nudges) -> Callable[[], None]:
    """Wake this instance's delivery (if it leads) and the leader's, wherever it runs."""
    def wake() -> None:
        delivery.wake()
        nudges.send()
    return wake


async def _on_error(event: ErrorEvent, lang: str | None = None) -> bool:
    """Log every exception with its context; tell the user something went wrong, nothing more.

    Never raises: if even the apology cannot be delivered (the query is too old, flood control),
    that is logged too.
    """
    update = event.update
    user = _user_of(update)
    lang = lang or (pick_language(user.language_code) if user is not None else "ru")
    log.error("update %s failed: %s", update.update_id, type(event.exception).__name__, exc_info=event.exception,
              extra=update_context(update, user, None) | log_context.get())
    text = t(lang, "error.internal")
    try:
        if update.callback_query is not None:
            try:
                await update.callback_query.answer(text, show_alert=True)
            except TelegramAPIError:  # already answered, or too old: say it in the private chat
                message = update.callback_query.message
                if message is not None and message.chat.type == "private":
                    await message.answer(text)
        elif update.message is not None:
            await update.message.answer(text)
    except TelegramAPIError as exc:
        log.warning("could not tell user %s about the failure: %s", user.id if user else None, exc)
    return True


def _user_of(update: Update) -> User | None:
    for event in (update.message, update.edited_message, update.callback_query, update.inline_query):
        if event is not None:
            return event.from_user
    return None
