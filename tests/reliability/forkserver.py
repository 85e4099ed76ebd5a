"""Starts `python -m tgbot` processes quickly, for the crash suite: the bot's modules (aiogram,
aiohttp, pydantic — 2 to 4 seconds here) are imported once, in this server, and each start is a
fork that runs `tgbot`'s `__main__` exactly as `python -m tgbot` does, in a fresh process with its
own event loop, database connection and sockets. SIGKILL on that process is a real crash.

Protocol, one JSON object per line on stdin: {"env": {...}, "log": "/path/to/log"}; the server
answers one line with the child's pid. Children are reaped by the kernel (SIGCHLD ignored).
Run as `python -m tests.reliability.forkserver` from the repository root.
"""

from __future__ import annotations

import json
import os
import runpy
import signal
import sys
import traceback


def _child(request: dict[str, object]) -> None:
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        env = request.get("env") or {}
        assert isinstance(env, dict)
        os.environ.update({str(k): str(v) for k, v in env.items()})
        log = os.open(str(request["log"]), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        sys.argv = [sys.executable, "-m", "tgbot"]
        runpy.run_module("tgbot", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def main() -> None:
    # The expensive imports, done once before any fork.
    import tgbot.app
    import tgbot.run

    assert tgbot.app and tgbot.run

    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request)
        print(pid, flush=True)


if __name__ == "__main__":
    main()
