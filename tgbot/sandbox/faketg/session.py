"""In-process use: an aiogram session answered by the fake world, and a small test driver.

:class:`FakeSession` serialises each method exactly like aiogram's ``AiohttpSession`` does for
its form body (``prepare_value`` on every field, files read from their ``InputFile``), then
hands it to :class:`~tgbot.sandbox.faketg.api.FakeBotAPI` and parses the envelope with aiogram's own
``check_response`` — so results, defaults and exceptions are aiogram's, only the network is gone.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from types import TracebackType
from typing import Any, cast

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.exceptions import TelegramNetworkError
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import InputFile, Update

from .api import FakeBotAPI
from .errors import ConnectionLost
from .params import Upload
from .world import World


class FakeSession(BaseSession):
    """An aiogram session with no network: every request is served by a :class:`FakeBotAPI`."""

    def __init__(self, api: FakeBotAPI | World, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fake_api = api if isinstance(api, FakeBotAPI) else FakeBotAPI(api)

    async def make_request(self, bot: Bot, method: TelegramMethod[TelegramType], timeout: int | None = None) -> TelegramType:
        values, files = await self.serialize(bot, method)
        try:
            status, body = await self.fake_api.call(bot.token, method.__api_method__, values, files)
        except ConnectionLost as error:
            raise TelegramNetworkError(method=method, message=f"ClientConnectionError: {error}") from None
        response = self.check_response(bot=bot, method=method, status_code=status, content=self.json_dumps(body))
        return cast(TelegramType, response.result)

    async def serialize(self, bot: Bot, method: TelegramMethod[Any]) -> tuple[dict[str, Any], dict[str, Upload]]:
        """Form fields and uploads, as ``AiohttpSession.build_form_data`` would post them."""
        input_files: dict[str, InputFile] = {}
        values: dict[str, Any] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files=input_files)
            if prepared:
                values[key] = prepared
        uploads = {}
        for key, input_file in input_files.items():
            data = b"".join([chunk async for chunk in input_file.read(bot)])
            uploads[key] = Upload(filename=input_file.filename or key, data=data)
        return values, uploads

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        """Downloads (``bot.download``) of files the bot uploaded earlier."""
        world = self.fake_api.world
        path = url.split(f"/file/bot{world.bot.token}/", 1)[-1]
        for stored in world.files.values():
            if stored.file_path == path:
                for start in range(0, len(stored.data), chunk_size):
                    yield stored.data[start : start + chunk_size]
                return
        raise FileNotFoundError(url)

    async def close(self) -> None:
        return None


class FakeTelegram:
    """A bot wired to a fake world, for in-process tests::

        tg = FakeTelegram(dispatcher)
        alice = tg.world.add_user("Alice")
        await tg.feed(alice.start())
        assert tg.world.last_text(alice) == "Привет!"
    """

    def __init__(
        self,
        dispatcher: Dispatcher | None = None,
        world: World | None = None,
        *,
        default: DefaultBotProperties | None = None,
        latency: float = 0.0,
    ) -> None:
        self.world = world or World()
        self.api = FakeBotAPI(self.world, latency=latency)
        self.session = FakeSession(self.api)
        self.bot = Bot(self.world.bot.token, session=self.session, default=default)
        self.dispatcher = dispatcher or Dispatcher()

    async def feed(self, update: Update, **kwargs: Any) -> Any:
        """Process one update now (and take it off the ``getUpdates`` queue)."""
        self.world.ack(update.update_id)
        return await self.dispatcher.feed_update(self.bot, update, **kwargs)

    async def process_pending(self) -> int:
        """Feed every queued update the bot would get by polling; returns how many were processed.

        Like ``start_polling``, asks only for the update types the dispatcher has handlers for
        (so e.g. ``chat_member`` arrives only if some router handles it).
        """
        allowed = self.dispatcher.resolve_used_update_types()
        processed = 0
        while batch := self.world.take_updates(None, 100, allowed):
            for data in batch:
                self.world.ack(data["update_id"])
                await self.dispatcher.feed_update(self.bot, Update.model_validate(data, context={"bot": self.bot}))
                processed += 1
        return processed

    async def close(self) -> None:
        await self.bot.session.close()

    async def __aenter__(self) -> FakeTelegram:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.close()
