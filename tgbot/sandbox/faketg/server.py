"""The fake world over HTTP, shaped like ``api.telegram.org``, for a real bot process.

Routes: ``/bot{token}/{method}`` (GET or POST; query string, JSON, urlencoded or multipart
bodies, with uploads), ``/file/bot{token}/{path}`` for downloads, and the ``/fake/...``
control API (:mod:`tgbot.sandbox.faketg.control`) for driving fake users from outside the process.

A bot connects with ``AiohttpSession(api=TelegramAPIServer.from_base(server.url))``. The server
only listens on loopback addresses.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from types import TracebackType
from typing import Any

from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web

from .api import FakeBotAPI
from .control import add_control_routes
from .errors import ConnectionLost, bad_request
from .params import Upload
from .world import World

API_KEY: web.AppKey[FakeBotAPI] = web.AppKey("fake_api", FakeBotAPI)
MAX_BODY = 60 * 1024 * 1024


def create_app(api: FakeBotAPI, *, control: bool = True) -> web.Application:
    app = web.Application(client_max_size=MAX_BODY)
    app[API_KEY] = api
    app.router.add_route("*", "/bot{token}/{method}", _handle_method)
    app.router.add_get("/file/bot{token}/{path:.+}", _handle_file)
    if control:
        add_control_routes(app, api.world)

    async def on_shutdown(_: web.Application) -> None:
        api.wake_pollers()

    app.on_shutdown.append(on_shutdown)
    return app


async def _handle_method(request: web.Request) -> web.Response:
    api = request.app[API_KEY]
    try:
        values, files = await _read_params(request)
    except ValueError:
        error = bad_request("can't parse request body")
        return web.json_response(error.to_response(), status=error.error_code)
    try:
        status, body = await api.call(request.match_info["token"], request.match_info["method"], values, files)
    except ConnectionLost:
        if request.transport is not None:
            request.transport.abort()  # the client sees the connection drop, with no response
        raise web.HTTPInternalServerError() from None
    return web.json_response(body, status=status)


async def _read_params(request: web.Request) -> tuple[dict[str, Any], dict[str, Upload]]:
    values: dict[str, Any] = dict(request.query)
    files: dict[str, Upload] = {}
    if not request.body_exists:
        return values, files
    if request.content_type == "application/json":
        body = json.loads(await request.text())
        if not isinstance(body, dict):
            raise ValueError("JSON body must be an object")
        values.update(body)
    elif request.content_type in ("multipart/form-data", "application/x-www-form-urlencoded"):
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, web.FileField):
                files[key] = Upload(filename=value.filename, data=value.file.read(), content_type=value.content_type)
            else:
                values[key] = value
    return values, files


async def _handle_file(request: web.Request) -> web.StreamResponse:
    world = request.app[API_KEY].world
    if request.match_info["token"] != world.bot.token:
        raise web.HTTPUnauthorized()
    path = request.match_info["path"]
    for stored in world.files.values():
        if stored.file_path == path:
            return web.Response(body=stored.data, content_type=stored.mime_type or "application/octet-stream")
    raise web.HTTPNotFound()


class FakeTelegramServer:
    """Runs the HTTP fake on a loopback port (a free one by default)::

        async with FakeTelegramServer(world) as server:
            session = AiohttpSession(api=server.api_server)
    """

    def __init__(self, world: World | None = None, *, host: str = "127.0.0.1", port: int = 0, latency: float = 0.0) -> None:
        if not ipaddress.ip_address(socket.gethostbyname(host) if host == "localhost" else host).is_loopback:
            raise ValueError(f"the fake Telegram only listens on loopback addresses, not {host}")
        self.world = world or World()
        self.api = FakeBotAPI(self.world, latency=latency)
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def api_server(self) -> TelegramAPIServer:
        """What to give ``AiohttpSession(api=...)``."""
        return TelegramAPIServer.from_base(self.url)

    async def start(self) -> str:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(create_app(self.api), shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            self.api.wake_pollers()
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeTelegramServer:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.stop()
