"""``python -m tgbot.sandbox.faketg --port 8081``: run the fake Telegram Bot API server by hand.

Point a bot at it with ``TelegramAPIServer.from_base("http://127.0.0.1:8081")`` and the token
printed at start-up; act as users through the ``/fake/...`` control API (see
:mod:`tgbot.sandbox.faketg.control`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from .limits import LimitConfig
from .server import FakeTelegramServer
from .world import DEFAULT_TOKEN, World


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tgbot.sandbox.faketg", description="Fake Telegram Bot API server (loopback only).")
    parser.add_argument("--host", default="127.0.0.1", help="loopback address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8081, help="port (0 picks a free one; default 8081)")
    parser.add_argument("--token", default=DEFAULT_TOKEN, help=f"the bot token the server accepts (default {DEFAULT_TOKEN})")
    parser.add_argument("--bot-username", default="mafik_test_bot")
    parser.add_argument("--limits", action="store_true", help="enforce Telegram's flood limits (429 retry_after)")
    parser.add_argument("--no-privacy", action="store_true", help="the bot sees every group message (privacy mode off)")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace, stop: asyncio.Event) -> None:
    """Run the server until ``stop`` is set."""
    world = World(
        args.token,
        bot_username=args.bot_username,
        rate_limits=LimitConfig() if args.limits else False,
        privacy_mode=not args.no_privacy,
    )
    async with FakeTelegramServer(world, host=args.host, port=args.port) as server:
        print(f"Fake Telegram Bot API on {server.url} — token {args.token}; control API under {server.url}/fake/", flush=True)
        await stop.wait()


async def _run(args: argparse.Namespace) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on some platforms
            loop.add_signal_handler(signum, stop.set)
    await serve(args, stop)


def main(argv: list[str] | None = None) -> None:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_run(parse_args(argv)))


if __name__ == "__main__":
    main()
