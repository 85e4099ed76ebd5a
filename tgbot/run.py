"""Running the bot: long polling by default, or a webhook (with its secret token checked)."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets

from aiogram.client.telegram import PRODUCTION
from aiogram.exceptions import ClientDecodeError, TelegramAPIError, TelegramNetworkError, TelegramUnauthorizedError
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from tgbot.app import BotApp, create_app
from tgbot.config import Settings, load_settings
from tgbot.logs import setup_logging
from tgbot.storage.db import DatabaseUnavailable

log = logging.getLogger("tgbot")
WEBHOOK_PATH = "/telegram/webhook"


def tune_gc() -> None:
    """Move what lives long (the code, cached games, aiogram's types) out of the collector's way and
    collect the young generation less often: full collections over a process holding hundreds of games
    otherwise stop every click for tens of milliseconds (bench/bot_bench.py shows it in the p99)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


class StartupError(Exception):
    """The bot cannot start; the message is one line for whoever runs it."""


def telegram_problem(settings: Settings, exc: Exception) -> str:
    """What went wrong talking to the Bot API at start-up, in one line naming the URL (never the token)."""
    url = settings.telegram_api_url or PRODUCTION.base.removesuffix("/bot{token}/{method}")
    detail = " ".join(str(exc).replace(settings.bot_token.get_secret_value(), "<token>").split())[:300]
    if isinstance(exc, TelegramUnauthorizedError):
        return f"The Bot API at {url} refused BOT_TOKEN (401 Unauthorized): check the token @BotFather gave you."
    if isinstance(exc, TelegramNetworkError):
        return f"Cannot reach the Telegram Bot API at {url} ({detail}): check TELEGRAM_API_URL and the network."
    if isinstance(exc, ClientDecodeError):
        return f"The server at {url} does not answer as a Bot API server (its reply is not JSON): check TELEGRAM_API_URL."
    return f"The Bot API at {url} answered with an error ({detail}): check TELEGRAM_API_URL."


async def serve(settings: Settings) -> None:
    try:
        app = await create_app(settings)
    except (TelegramAPIError, ClientDecodeError) as exc:
        raise StartupError(telegram_problem(settings, exc)) from exc
    except DatabaseUnavailable as exc:
        raise StartupError(str(exc)) from exc
    await app.startup()
    tune_gc()
    try:
        if settings.webhook_url:
            await _webhook(app, settings)
        else:
            await app.bot.delete_webhook(drop_pending_updates=False)
            log.info("polling for updates")
            await app.dp.start_polling(app.bot, handle_signals=True)
    finally:
        await app.shutdown()


def webhook_secret(settings: Settings) -> str:
    """The secret token Telegram must send with every webhook call: WEBHOOK_SECRET, or, when none is
    configured, a random one for this run (Telegram learns it from setWebhook). Never none: without
    it anyone who finds the URL could post forged updates."""
    if settings.webhook_secret is not None and settings.webhook_secret.get_secret_value():
        return settings.webhook_secret.get_secret_value()
    return secrets.token_urlsafe(32)


def webhook_app(app: BotApp, secret: str) -> web.Application:
    """The aiohttp application that takes Telegram's webhook calls; a wrong or missing secret token gets 401.

    One of several instances (Redis) answers Telegram only once the update is handled: if it dies on
    the way, Telegram sends the update again, and the load balancer gives it to another instance."""
    if not secret:
        raise ValueError("a webhook needs a secret token")
    web_app = web.Application()
    SimpleRequestHandler(dispatcher=app.dp, bot=app.bot, secret_token=secret,
                         handle_in_background=app.redis is None).register(web_app, path=WEBHOOK_PATH)
    setup_application(web_app, app.dp, bot=app.bot)
    return web_app


async def _webhook(app: BotApp, settings: Settings) -> None:
    secret = webhook_secret(settings)
    runner = web.AppRunner(webhook_app(app, secret))
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    assert settings.webhook_url is not None
    await app.bot.set_webhook(settings.webhook_url.rstrip("/") + WEBHOOK_PATH, secret_token=secret)
    log.info("webhook listening on %s:%s", settings.webhook_host, settings.webhook_port)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


def main(settings: Settings | None = None) -> None:
    settings = settings or load_settings()
    setup_logging(settings.log_level, as_json=settings.log_json)
    try:
        asyncio.run(serve(settings))
    except StartupError as exc:
        raise SystemExit(str(exc)) from None
