"""The real `python -m tgbot` process with Telegram out of reach or settings that cannot work: one
clear line on stderr, a non-zero exit, no traceback, no hang."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOUND = 60  # seconds: only so that a hang fails the test instead of stalling the suite


async def run_bot(tmp_path: Path, **env: str) -> tuple[int, list[str]]:
    """Run the bot in an empty directory (no .env) with these settings; its exit code and stderr lines."""
    environ = {k: v for k, v in os.environ.items() if k not in ("BOT_TOKEN", "TELEGRAM_API_URL")}
    environ |= {"PYTHONPATH": str(ROOT), "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), **env}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "tgbot", cwd=tmp_path, env=environ,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        _out, err = await asyncio.wait_for(process.communicate(), BOUND)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError("the bot neither started nor exited") from None
    assert process.returncode is not None
    return process.returncode, [line for line in err.decode().splitlines() if line.strip()]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_unreachable_telegram_is_one_line_naming_the_url_and_a_nonzero_exit(tmp_path):
    url = f"http://127.0.0.1:{closed_port()}"
    code, lines = await run_bot(tmp_path, BOT_TOKEN="42:TEST", TELEGRAM_API_URL=url)
    assert code != 0
    assert len(lines) == 1, lines
    assert "Traceback" not in lines[0] and url in lines[0] and "TELEGRAM_API_URL" in lines[0]
    assert "42:TEST" not in lines[0]


async def test_a_malformed_token_is_reported_as_malformed_not_missing(tmp_path):
    code, lines = await run_bot(tmp_path, BOT_TOKEN="123456:ABC-DEF…")
    assert code != 0
    assert len(lines) == 1, lines
    assert "BOT_TOKEN is malformed" in lines[0] and "not set" not in lines[0] and "Traceback" not in lines[0]


async def test_a_missing_token_is_reported_as_missing(tmp_path):
    code, lines = await run_bot(tmp_path)
    assert code != 0
    assert len(lines) == 1 and "BOT_TOKEN is not set" in lines[0], lines


async def test_an_unreachable_postgresql_is_one_line_naming_database_url_without_its_password(tmp_path):
    url = f"postgresql://bot:s3cret@127.0.0.1:{closed_port()}/mafia"
    code, lines = await run_bot(tmp_path, BOT_TOKEN="42:TEST", DATABASE_URL=url)
    assert code != 0
    assert len(lines) == 1, lines
    assert "DATABASE_URL" in lines[0] and "bot:***@127.0.0.1" in lines[0] and "Traceback" not in lines[0]
    assert "s3cret" not in lines[0]


async def test_a_database_url_that_is_not_postgresql_is_a_settings_error(tmp_path):
    code, lines = await run_bot(tmp_path, BOT_TOKEN="42:TEST", DATABASE_URL="mysql://bot@db/mafia")
    assert code != 0
    assert len(lines) == 1 and "DATABASE_URL must look like postgresql://" in lines[0], lines
