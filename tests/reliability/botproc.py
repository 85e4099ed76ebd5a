"""The real bot process for the crash suite: started cold (`python -m tgbot`) or forked from a
server that has already imported it, killed with SIGKILL, started again on the same database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bot_env(url: str, database: Path, **extra: str) -> dict[str, str]:
    return {"BOT_TOKEN": "42:TEST", "TELEGRAM_API_URL": url, "DATABASE_PATH": str(database),
            "LOG_LEVEL": "INFO", "LOG_JSON": "true", "DEFAULT_LOCALE": "ru", **extra}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class BotProcesses:
    """Starts and kills bot processes; one at a time is alive."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.pid: int | None = None
        self.starts = 0
        self.cold_starts = 0
        self._server: asyncio.subprocess.Process | None = None
        self._cold: asyncio.subprocess.Process | None = None

    def log_path(self, n: int) -> Path:
        return self.logs / f"bot-{n:03d}.log"

    async def _fork_server(self) -> asyncio.subprocess.Process:
        if self._server is None:
            self._server = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.reliability.forkserver", cwd=ROOT,
                env={**os.environ, **self.env}, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            )
            assert self._server.stdout is not None
            line = await asyncio.wait_for(self._server.stdout.readline(), 120)
            assert line.strip() == b"ready", line
        return self._server

    async def start(self, *, cold: bool = False) -> int:
        """A new bot process on the same database; its pid."""
        assert self.pid is None or not alive(self.pid), "a bot process is still running"
        self.starts += 1
        log = self.log_path(self.starts)
        if cold:
            self.cold_starts += 1
            with open(log, "ab") as out:
                self._cold = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "tgbot", cwd=ROOT, env={**os.environ, **self.env},
                    stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out,
                )
            self.pid = self._cold.pid
            return self.pid
        server = await self._fork_server()
        assert server.stdin is not None and server.stdout is not None
        import json

        server.stdin.write((json.dumps({"env": self.env, "log": str(log)}) + "\n").encode())
        await server.stdin.drain()
        self.pid = int((await asyncio.wait_for(server.stdout.readline(), 30)).strip())
        return self.pid

    def kill(self) -> None:
        """SIGKILL the running bot (synchronously: safe to call from inside a fake API handler)."""
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    async def wait_dead(self, timeout: float = 30.0) -> None:
        if self.pid is None:
            return
        if self._cold is not None and self._cold.pid == self.pid:
            await asyncio.wait_for(self._cold.wait(), timeout)
            self._cold = None
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while alive(self.pid):
            if loop.time() > deadline:
                raise TimeoutError(f"bot process {self.pid} did not die")
            await asyncio.sleep(0.005)

    async def stop_bot(self) -> None:
        """Stop the running bot the polite way (SIGINT: it finishes and closes), or kill it."""
        if self.pid is not None and alive(self.pid):
            os.kill(self.pid, signal.SIGINT)
            try:
                await self.wait_dead(15)
            except TimeoutError:
                self.kill()
                await self.wait_dead(15)

    async def stop(self) -> None:
        """End everything this object started (the bot, then the fork server)."""
        await self.stop_bot()
        if self._server is not None:
            assert self._server.stdin is not None
            self._server.stdin.close()
            try:
                await asyncio.wait_for(self._server.wait(), 15)
            except TimeoutError:
                self._server.kill()
                await self._server.wait()
            self._server = None

    def log_lines(self) -> list[str]:
        lines: list[str] = []
        for n in range(1, self.starts + 1):
            path = self.log_path(n)
            if path.exists():
                lines += path.read_text(errors="replace").splitlines()
        return lines
