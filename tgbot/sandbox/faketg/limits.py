"""Telegram's flood limits for sending messages, as sliding windows.

Telegram documents them loosely ("about 30 messages per second overall, no more than one
message per second in a single chat, no more than 20 messages per minute in a group"); going
over them gets ``429 Too Many Requests: retry after N``. The fake applies them strictly so a
bot's pacing can be tested: every send is checked against all windows that apply to it and
only counted when none of them is full.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from .clock import Clock, system_clock
from .errors import too_many_requests


@dataclass(frozen=True)
class Window:
    """At most ``limit`` sends per ``seconds``."""

    limit: int
    seconds: float


@dataclass(frozen=True)
class LimitConfig:
    overall: Window = Window(30, 1.0)
    private_chat: Window = Window(1, 1.0)
    group_chat: Window = Window(20, 60.0)


class RateLimits:
    """Sliding-window counters keyed by limit name (``overall``, ``private:<id>``, ``group:<id>``).

    ``accepted`` and ``rejected`` count sends per limit kind (``overall``, ``private_chat``,
    ``group_chat``) so benchmarks can report how often the bot hit each limit.
    """

    def __init__(self, config: LimitConfig | None = None, clock: Clock = system_clock, enabled: bool = True) -> None:
        self.config = config or LimitConfig()
        self.clock = clock
        self.enabled = enabled
        self._sent: dict[str, deque[float]] = {}
        self.accepted: Counter[str] = Counter()
        self.rejected: Counter[str] = Counter()

    def check_send(self, chat_id: int, is_private: bool) -> None:
        """Raise the 429 error if a message to ``chat_id`` now would exceed a limit; else count it."""
        if not self.enabled:
            return
        now = self.clock()
        kind = "private_chat" if is_private else "group_chat"
        windows = [
            ("overall", "overall", self.config.overall),
            (kind, f"{kind}:{chat_id}", self.config.private_chat if is_private else self.config.group_chat),
        ]
        for name, key, window in windows:
            wait = self._wait(key, window, now)
            if wait > 0:
                self.rejected[name] += 1
                raise too_many_requests(wait)
        for name, key, _window in windows:
            self._sent.setdefault(key, deque()).append(now)
            self.accepted[name] += 1

    def _wait(self, key: str, window: Window, now: float) -> float:
        sent = self._sent.get(key)
        if not sent:
            return 0.0
        while sent and sent[0] <= now - window.seconds:
            sent.popleft()
        if len(sent) < window.limit:
            return 0.0
        return sent[0] + window.seconds - now

    def reset(self) -> None:
        self._sent.clear()
        self.accepted.clear()
        self.rejected.clear()
