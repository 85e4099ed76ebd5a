"""The real `python -m tgbot` process, pointed by TELEGRAM_API_URL at the HTTP fake, answers /start."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tgbot.sandbox.faketg import FakeTelegramServer, World

ROOT = Path(__file__).resolve().parents[2]


async def wait_for(predicate, timeout: float) -> bool:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.1)
    return False


async def start_bot(url: str, database: Path) -> asyncio.subprocess.Process:
    env = {**os.environ, "BOT_TOKEN": "42:TEST", "TELEGRAM_API_URL": url, "DATABASE_PATH": str(database),
           "LOG_LEVEL": "WARNING"}
    return await asyncio.create_subprocess_exec(sys.executable, "-m", "tgbot", cwd=ROOT, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def stop_bot(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            await process.wait()


async def test_bot_process_answers_start_over_http(tmp_path):
    world = World()
    user = world.add_user("Анна")
    async with FakeTelegramServer(world) as server:
        process = await start_bot(server.url, tmp_path / "bot.sqlite3")
        try:
            user.start()
            answered = await wait_for(lambda: "Микромафик" in (user.last_text or ""), timeout=30)
            if not answered:
                await stop_bot(process)
                _out, err = await process.communicate()
                raise AssertionError(f"no answer to /start; bot stderr:\n{err.decode()[-3000:]}")
        finally:
            await stop_bot(process)
