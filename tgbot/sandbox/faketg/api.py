"""The Bot API endpoint of the fake: one ``call(token, method, params, files)`` for every transport.

Both the in-process session and the HTTP server go through :class:`FakeBotAPI`, so they behave
the same: token check, unknown methods (404), scripted faults, the handlers, the JSON envelope
with Telegram's HTTP status, the call log, and long polling for ``getUpdates`` (including the
409 Conflict a second concurrent poller gets in real Telegram).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from . import api_bot, api_chats, api_messages
from .errors import NETWORK_ERROR_CODE, ConnectionLost, TelegramError, conflict, not_found, unauthorized
from .params import Params, Upload
from .world import ApiCall, World

Handler = Callable[[World, Params], Any]
Envelope = dict[str, Any]

HANDLERS: dict[str, Handler] = {**api_messages.HANDLERS, **api_chats.HANDLERS, **api_bot.HANDLERS}
"""Every supported method, by its Bot API name."""


class FakeBotAPI:
    """Serves Bot API calls from a :class:`World`.

    ``latency`` (seconds) is added to every call, to make an in-process bot feel the network.
    """

    def __init__(self, world: World, *, latency: float = 0.0) -> None:
        self.world = world
        self.latency = latency
        self._handlers = {name.lower(): handler for name, handler in HANDLERS.items()}
        self._poll: asyncio.Future[bool] | None = None

    @property
    def methods(self) -> list[str]:
        return sorted(HANDLERS)

    async def call(
        self,
        token: str,
        method: str,
        values: Mapping[str, Any],
        files: Mapping[str, Upload] | None = None,
    ) -> tuple[int, Envelope]:
        """Run one method; returns the HTTP status and the JSON body Telegram would send.

        Raises :class:`~tgbot.sandbox.faketg.errors.ConnectionLost` when a scripted network fault says the
        bot gets no response at all.
        """
        if self.latency:
            await asyncio.sleep(self.latency)
        params = Params(values, files)
        try:
            result = await self._dispatch(token, method, params)
        except TelegramError as error:
            self._record(method, params, error)
            if error.error_code == NETWORK_ERROR_CODE:
                raise ConnectionLost(error.description) from None
            return error.error_code, error.to_response()
        self._record(method, params, None)
        return 200, {"ok": True, "result": result}

    async def _dispatch(self, token: str, method: str, params: Params) -> Any:
        if token != self.world.bot.token:
            raise unauthorized()
        name = method.lower()
        handler = self._handlers.get(name)
        if handler is None:
            raise not_found()
        fault = self.world.faults.take(method)
        if fault is not None and not fault.after:
            raise fault.error
        self.world.expire_due()
        result = await self._get_updates(params) if name == "getupdates" else handler(self.world, params)
        if fault is not None:
            raise fault.error
        return result

    async def _get_updates(self, params: Params) -> list[dict[str, Any]]:
        """Long polling: wait up to ``timeout`` seconds for an update when none is queued."""
        if self._poll is not None and not self._poll.done():
            self._poll.set_result(False)  # the earlier poller loses, as in Telegram
        updates = api_bot.get_updates_now(self.world, params)
        timeout = max(params.integer("timeout", 0) or 0, 0)
        if updates or timeout == 0:
            return updates
        waiter: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._poll = waiter

        def wake() -> None:
            if not waiter.done():
                waiter.set_result(True)

        self.world.updates.add_listener(wake)
        try:
            still_current = await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            still_current = True
        finally:
            self.world.updates.remove_listener(wake)
            if self._poll is waiter:
                self._poll = None
        if not still_current:
            raise conflict("terminated by other getUpdates request; make sure that only one bot instance is running")
        limit = min(max(params.integer("limit", 100) or 100, 1), 100)
        return self.world.take_updates(None, limit)

    def wake_pollers(self) -> None:
        """End a waiting long poll now (with whatever is queued), e.g. when the server stops."""
        if self._poll is not None and not self._poll.done():
            self._poll.set_result(True)

    def _record(self, method: str, params: Params, error: TelegramError | None) -> None:
        if not self.world.record_calls:
            return
        self.world.calls.append(
            ApiCall(
                method=method,
                params=dict(params.values),
                error_code=error.error_code if error else None,
                description=error.description if error else None,
                at=self.world.clock(),
                files={upload.filename: len(upload.data) for upload in params.files.values()},
            )
        )
