"""The one paced queue every outgoing message goes through.

It reads the database outbox (written in the same transaction as the game change that caused the
message) — again only when messages may have been queued or rescheduled since, or a second has
passed — and sends in order per chat, within Telegram's limits: about 30 messages a second in all,
1 a second per chat, 20 a minute per group. RetryAfter pauses the chat (and the bot, for a global
flood) and retries; network errors retry with backoff; a chat that can never be reached (the user
blocked the bot, the chat is gone) is given up with the reason recorded. Nothing is deleted, so a
crash between sending and marking sent resends at most the message in flight.

Messages a handler sends itself (the answer to a command, a screen that could not be edited in
place) do not wait in the queue, but they go through the same pacer (`DirectSends`, a request
middleware of the bot's session): the queue then leaves room for them, and a reply waits at most
a chat's interval instead of running into a 429. The limits are counted by a `Pacing`
(`tgbot/pacing.py`): this process's own, or one in Redis that every instance shares. Every send, queued
or direct, is admitted before it leaves and counted again when Telegram has answered it (`answered`):
Telegram counts it on arrival, which may be later than its admission.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import CopyMessage, ForwardMessage, SendDocument, SendMessage, SendPhoto, TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup

from tgbot.logs import log_fields
from tgbot.pacing import Limits, LocalPacing, Pacing
from tgbot.storage.repo import OutboxMessage, Repository

log = logging.getLogger(__name__)

# Methods that count against Telegram's message limits.
SENDING = (SendMessage, SendDocument, SendPhoto, CopyMessage, ForwardMessage)
# A handler's own message waits at most this long for the pacer (a chat's interval, the global window).
DIRECT_WAIT_S = 3.0
# The outbox is read again at least this often, even with no word of new messages (a lost nudge).
REREAD_S = 1.0
_from_queue: ContextVar[bool] = ContextVar("tgbot_delivery_from_queue", default=False)


class Delivery:
    def __init__(self, bot: Bot, repo: Repository, *, limits: Limits | None = None,
                 monotonic: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, parallel: int = 8,
                 pacing: Pacing | None = None) -> None:
        """`pacing`: the limits' counter shared with other instances (Redis); by default this process's own."""
        self.bot = bot
        self.repo = repo
        # The clock is looked up at each call: a test may swap `monotonic` after construction.
        self.pacing: Pacing = pacing or LocalPacing(limits or Limits(), lambda: self.monotonic())
        self.monotonic = monotonic
        self.wall = wall
        self.sleep = sleep
        self.parallel = parallel
        self._wake = asyncio.Event()
        self._in_flight: set[int] = set()  # chats with a message being sent (keeps per-chat order)
        # Messages this process has finished with, until the database no longer lists them as
        # pending (a pump that read the outbox before a send was marked must not send it again).
        self._finished: set[int] = set()
        self._retrying: set[int] = set()
        # The outbox as last read, with the time: a pump woken only because a send ended, or because the
        # limits let one more go, works from it (a read of 500 messages costs more than the send it starts).
        self._read: list[OutboxMessage] = []
        self._read_at = -REREAD_S
        self._stale = True  # messages may have been queued (or rescheduled) since the last read
        self._pump_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False
        self.sent_count = 0
        self.retry_after_count = 0
        # Called with (game_id, chat_id) when a player's private chat cannot be reached.
        self.on_unreachable: Callable[[int, int], Awaitable[None]] | None = None

    def wake(self) -> None:
        """Messages were queued: the next pump reads the outbox again, and starts now."""
        self._stale = True
        self._wake.set()

    async def run(self) -> None:
        """Deliver until stopped."""
        while not self._stopping:
            delay = await self.pump()
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    async def stop(self) -> None:
        """Start no more sends, and let the ones under way finish and be marked sent: a polite stop must
        leave nothing that Telegram accepted unmarked (it would go out again after the restart)."""
        self._stopping = True
        self._wake.set()
        async with self._pump_lock:  # a pump under way has started all it will
            pass
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def resume(self) -> None:
        """Deliver again after `stop` (an instance that lost the leadership and won it back): from the
        outbox as it is now, which another leader may have sent meanwhile."""
        self._stopping = False
        self._stale = True

    async def drain(self, timeout: float = 30.0) -> None:
        """Send everything queued, waiting out pacing and retries (for tests and shutdown)."""
        deadline = self.monotonic() + timeout
        while self.monotonic() < deadline and not self._stopping:
            delay = await self.pump()
            if self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)
                continue
            if await self.repo.pending_count() == 0:
                return
            await self.sleep(min(max(delay, 0.001), 1.0))

    async def pump(self) -> float:
        """Start sending what may go now; the seconds until something more may go."""
        async with self._pump_lock:
            return await self._pump()

    async def _pump(self) -> float:
        if self._stopping:
            return 0.0
        now = self.monotonic()
        next_at = now + 5.0
        wall = self.wall()
        seen: set[int] = set()
        for message in await self._outbox(now):
            if message.id in self._finished:
                continue
            if message.chat_id in seen:
                continue  # only the oldest unsent message of a chat may go
            seen.add(message.chat_id)
            if message.chat_id in self._in_flight:
                continue
            if message.not_before > wall:
                next_at = min(next_at, now + (message.not_before - wall))
                continue
            if len(self._in_flight) >= self.parallel:
                next_at = min(next_at, now + 0.01)
                break
            wait = await self.pacing.admit(message.chat_id)
            if wait > 0:
                next_at = min(next_at, self.monotonic() + wait)
                if (everyone := await self.pacing.bot_wide_wait()) > 0:  # no other chat may go either
                    next_at = min(next_at, self.monotonic() + everyone)
                    break
                continue
            self._in_flight.add(message.chat_id)
            task = asyncio.create_task(self._deliver(message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return max(0.0, next_at - self.monotonic())

    async def _outbox(self, now: float) -> list[OutboxMessage]:
        """The unsent messages, oldest first: read again when new ones may have been queued or rescheduled,
        when the last read is `REREAD_S` old, or when every message it held is done; else that read."""
        left = [m for m in self._read if m.id not in self._finished]
        if left and not self._stale and now - self._read_at < REREAD_S:
            return left
        self._stale = False  # a wake during the read marks it stale again
        self._read_at = now
        pending = await self.repo.pending(limit=500)
        self._finished &= {m.id for m in pending if m.id is not None}
        self._read = await self._drop_superseded(pending)
        return self._read

    async def _drop_superseded(self, pending: list[OutboxMessage]) -> list[OutboxMessage]:
        """An edit of a slot with a later edit of the same slot still queued is not sent: the later one
        shows the newer text (a busy board costs one edit per turn of its chat, not one per change).
        The later edit also sends the message if the slot has none yet."""
        latest: dict[tuple[int, str], int] = {}
        for message in pending:
            if message.op == "edit" and message.slot and message.id is not None:
                latest[(message.chat_id, message.slot)] = message.id
        dropped = [m.id for m in pending if m.op == "edit" and m.slot and m.id is not None
                   and m.id not in self._finished and m.chat_id not in self._in_flight
                   and latest[(m.chat_id, m.slot)] != m.id]
        if not dropped:
            return pending
        async with self.repo.db.batch() as conn:
            for message_id in dropped:
                await self.repo.mark_superseded(conn, message_id, now=self.wall())
        self._finished.update(dropped)
        return [m for m in pending if m.id not in self._finished]

    async def _deliver(self, message: OutboxMessage) -> None:
        assert message.id is not None
        _from_queue.set(True)  # this task's sends are paced already (see DirectSends)
        with log_fields(game_id=message.game_id, chat_id=message.chat_id):
            await self._deliver_paced(message)

    async def _deliver_paced(self, message: OutboxMessage) -> None:
        assert message.id is not None
        try:
            try:
                message_id = await self._send(message)
            finally:
                await self.pacing.answered(message.chat_id)
        except TelegramRetryAfter as exc:
            self.retry_after_count += 1
            self._retrying.add(message.id)
            await self.pacing.pause(message.chat_id, exc.retry_after)
            async with self.repo.db.batch() as conn:
                await self.repo.retry_later(conn, message.id, at=self.wall() + exc.retry_after, error="retry_after")
        except (TelegramForbiddenError, TelegramBadRequest) as exc:
            log.warning("giving up message %s to %s: %s", message.id, message.chat_id, exc)
            async with self.repo.db.batch() as conn:
                await self.repo.mark_failed(conn, message.id, now=self.wall(), error=str(exc)[:200])
            if isinstance(exc, TelegramForbiddenError) and message.chat_id > 0 and message.game_id is not None \
                    and self.on_unreachable is not None:
                await self.on_unreachable(message.game_id, message.chat_id)
        except (TimeoutError, TelegramNetworkError, TelegramServerError, OSError) as exc:
            self._retrying.add(message.id)
            backoff = min(60.0, 2.0 ** min(message.attempts, 6))
            async with self.repo.db.batch() as conn:
                await self.repo.retry_later(conn, message.id, at=self.wall() + backoff, error=type(exc).__name__)
        else:
            self.sent_count += 1
            async with self.repo.db.batch() as conn:
                await self.repo.mark_sent(conn, message.id, now=self.wall())
                if message.slot and message.game_id is not None and message_id is not None:
                    await self.repo.set_slot(conn, message.game_id, message.slot, message.chat_id, message_id)
        finally:
            if message.id in self._retrying:
                self._stale = True  # its new time is in the database now
            else:
                self._finished.add(message.id)
            self._retrying.discard(message.id)
            self._in_flight.discard(message.chat_id)
            self._wake.set()

    async def _send(self, message: OutboxMessage) -> int | None:
        markup = InlineKeyboardMarkup.model_validate(message.reply_markup) if message.reply_markup else None
        if message.op == "document":
            assert message.document is not None
            sent = await self.bot.send_document(
                message.chat_id, BufferedInputFile(message.document, filename=message.document_name or "file"),
                caption=message.text, parse_mode="HTML",
            )
            return sent.message_id
        if message.op == "photo":
            return await self._send_photo(message)
        if message.op == "edit" and message.slot and message.game_id is not None:
            existing = await self.repo.slot(message.game_id, message.slot, message.chat_id)
            if existing is not None:
                try:
                    await self.bot.edit_message_text(text=message.text or "", chat_id=message.chat_id,
                                                     message_id=existing, parse_mode="HTML", reply_markup=markup)
                except TelegramBadRequest as exc:
                    if "not modified" not in str(exc):
                        raise
                return existing
        sent = await self.bot.send_message(message.chat_id, message.text or "", parse_mode="HTML",
                                           reply_markup=markup)
        return sent.message_id

    async def _send_photo(self, message: OutboxMessage) -> int:
        """A picture with its caption; if Telegram refuses the picture itself, its words instead (the
        caption and the text diagram). A refusal of the chat fails the text too, and is given up as any."""
        assert message.document is not None
        try:
            sent = await self.bot.send_photo(
                message.chat_id, BufferedInputFile(message.document, filename=message.document_name or "picture.png"),
                caption=message.text, parse_mode="HTML")
        except TelegramBadRequest as exc:
            if not message.fallback:
                raise
            log.warning("picture %s refused (%s): sending its text", message.id, exc)
            sent = await self.bot.send_message(message.chat_id, message.fallback, parse_mode="HTML")
        return sent.message_id


class DirectSends(BaseRequestMiddleware):
    """Paces the messages handlers send themselves with the queue's pacer (see the module's doc).

    A 429 that still happens (Telegram's own view of the limits) is waited out and the message sent
    again, up to twice, instead of failing the handler.
    """

    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType], bot: Bot,
                       method: TelegramMethod[TelegramType]) -> Response[TelegramType]:
        request = method  # kept un-narrowed: isinstance below would narrow `method` for mypy
        chat_id: Any = getattr(method, "chat_id", None)
        if not isinstance(method, SENDING) or _from_queue.get() or not isinstance(chat_id, int):
            return await make_request(bot, request)
        delivery = self.delivery
        for attempt in range(3):
            waited = 0.0
            while (wait := await delivery.pacing.admit(chat_id, spread=False, force=waited >= DIRECT_WAIT_S)) > 0:
                step = min(wait, DIRECT_WAIT_S - waited)
                await delivery.sleep(step)
                waited += step
            try:
                try:
                    return await make_request(bot, request)
                finally:
                    await delivery.pacing.answered(chat_id)
            except TelegramRetryAfter as exc:
                delivery.retry_after_count += 1
                await delivery.pacing.pause(chat_id, exc.retry_after)
                if attempt == 2 or exc.retry_after > DIRECT_WAIT_S:
                    raise
                log.warning("flood control on a direct message to %s: retrying in %ss", chat_id, exc.retry_after)
        raise AssertionError("unreachable")
