"""A real `redis-server` for the tests: started as a plain process on a free port, with nothing saved
to disk, and stopped at the end. A machine without the binary fails the tests that need it with a line
saying how to install it (they never skip: CI installs it, see .ci/run)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

MISSING = ("redis-server is not installed: the Redis tests need it (Debian/Ubuntu: apt-get install redis-server; "
           ".ci/run installs it)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise FileNotFoundError(MISSING)
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = folder / "redis.log"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(folder), "--loglevel", "warning", "--logfile", str(self.log)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited: {self.log.read_text() if self.log.exists() else ''}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError(f"redis-server did not answer on port {self.port} within {timeout}s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
