"""`python -m tgbot sandbox [--port 8080] [--host 127.0.0.1] [--data DIR]`: the sandbox's web page on
this machine; no token, no network. The demo games' databases go to DIR (a temporary one by default)."""

from __future__ import annotations

import argparse
import logging
import tempfile
from pathlib import Path

from aiohttp import web

from tgbot.logs import setup_logging
from tgbot.sandbox.web import Sandbox, make_app


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tgbot sandbox",
                                     description="The bot in a browser, against a Telegram of its own: no token, no network.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument("--data", type=Path, default=None, help="folder for the demo games' databases (default: a temporary one)")
    return parser.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    setup_logging("WARNING", as_json=False)
    with tempfile.TemporaryDirectory(prefix="mafik-sandbox-") as scratch:
        app = make_app(Sandbox(args.data or Path(scratch)))
        url = f"http://{args.host}:{args.port}/"
        web.run_app(app, host=args.host, port=args.port, print=lambda _text: print(f"Sandbox: open {url} (Ctrl+C stops it)", flush=True))
    logging.shutdown()
