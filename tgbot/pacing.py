"""Telegram's sending limits, and the pacing that keeps a bot under them.

`Pacing` is what the delivery asks before every message: `admit` takes the message's place under all
three limits at once (about 30 messages a second in all, 1 a second per private chat, 20 a minute per
group) and answers 0, or takes nothing and answers how long to wait; `answered` is told once Telegram
answered the send; `bot_wide_wait` says when any chat may go. Two implementations: `LocalPacing`
counts in this process (the single-process default); `tgbot.redis_pacing.RedisPacing` counts in Redis
for every instance together.

Telegram counts a message when it ARRIVES, and the pacer admits it before it leaves: a process that is
late to send it (a busy machine, a slow network) makes it land closer to the next message to the chat
than the pacer believed. So once Telegram has answered, `answered` moves the message's place to that
moment — it arrived by then at the latest — and the next message to the chat is timed from there.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass
class Limits:
    global_per_s: int = 30
    private_interval_s: float = 1.0
    group_per_min: int = 20

    @property
    def group_spread_s(self) -> float:
        """The gap the queue keeps between a group's messages (a third of the even spacing a minute allows)."""
        return 60.0 / self.group_per_min / 3


def least_time(chats: Counter[int], limits: Limits) -> float:
    """The least time Telegram's limits allow for these messages (count per chat), per chat and overall."""
    total = sum(chats.values())
    # A sliding window of one second lets a burst of `global_per_s` go at once, then the next…
    bound = float(math.floor((total - 1) / limits.global_per_s)) if total else 0.0
    for chat, count in chats.items():
        if chat > 0:
            bound = max(bound, (count - 1) * limits.private_interval_s)
        else:
            bound = max(bound, (math.ceil(count / limits.group_per_min) - 1) * 60.0)
    return bound


class Pacing(Protocol):
    async def admit(self, chat_id: int, *, spread: bool = True, force: bool = False) -> float:
        """0.0 when a message to `chat_id` may go now (it is counted), else the seconds to wait (nothing
        is counted). `spread`: also keep a group's messages a few seconds apart (the queue does; a reply
        to a command only needs to stay within the limits). `force`: count it and answer 0.0 whatever
        the limits say (a reply that has waited as long as it may)."""
        ...

    async def answered(self, chat_id: int) -> None:
        """A send `admit` let go to `chat_id` was answered (or failed): Telegram has counted it by now. Every
        admitted send is answered once, in the order of the chat's admissions."""
        ...

    async def bot_wide_wait(self) -> float:
        """The seconds until the bot-wide limits (the budget of all chats, a pause of the whole bot) let any
        message go; 0.0 now. A queue refused for one chat asks it to know whether any other may go."""
        ...

    async def pause(self, chat_id: int | None, seconds: float) -> None:
        """Telegram answered 429: send nothing more to `chat_id` (None: to anyone) for `seconds`."""
        ...


class Pacer:
    """When may the next message to a chat go out, under the limits? Times on a monotonic clock."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._global: deque[float] = deque()
        self._last: dict[int, float] = {}
        self._group: dict[int, deque[float]] = {}
        self._paused_until: dict[int, float] = {}
        self._all_paused_until = 0.0

    def bot_wide_at(self, now: float) -> float:
        """When the bot-wide limits let any message go (the window of all chats, a pause of the whole bot)."""
        at = max(now, self._all_paused_until)
        while self._global and self._global[0] <= now - 1.0:
            self._global.popleft()
        if len(self._global) >= self.limits.global_per_s:
            at = max(at, self._global[0] + 1.0)
        return at

    def ready_at(self, chat_id: int, now: float, *, spread: bool = True) -> float:
        at = max(self.bot_wide_at(now), self._paused_until.get(chat_id, 0.0))
        if chat_id > 0:
            at = max(at, self._last.get(chat_id, -1e9) + self.limits.private_interval_s)
        else:
            sent = self._group.setdefault(chat_id, deque())
            while sent and sent[0] <= now - 60.0:
                sent.popleft()
            if len(sent) >= self.limits.group_per_min:
                at = max(at, sent[0] + 60.0)
            if spread:
                at = max(at, self._last.get(chat_id, -1e9) + self.limits.group_spread_s)
        return at

    def sent(self, chat_id: int, now: float) -> None:
        self._global.append(now)
        self._last[chat_id] = now
        if chat_id <= 0:
            self._group.setdefault(chat_id, deque()).append(now)

    def answered(self, chat_id: int, admitted: float, now: float) -> None:
        """The send to `chat_id` counted at `admitted` reached Telegram by `now`: count it then."""
        self._last[chat_id] = max(self._last.get(chat_id, now), now)
        for window in (self._global, self._group.get(chat_id) if chat_id <= 0 else None):
            if window is not None and admitted in window:  # still in its window (not aged out)
                window.remove(admitted)
                window.append(now)  # the clock is monotonic: the latest, so the window stays in order

    def pause(self, chat_id: int | None, until: float) -> None:
        if chat_id is None:
            self._all_paused_until = max(self._all_paused_until, until)
        else:
            self._paused_until[chat_id] = max(self._paused_until.get(chat_id, 0.0), until)


class LocalPacing:
    """`Pacing` counted in this process, on its (monotonic) clock."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.pacer = Pacer(limits)
        self.clock = clock
        self._admitted: dict[int, deque[float]] = {}  # chat -> when its sends not yet answered were admitted

    async def admit(self, chat_id: int, *, spread: bool = True, force: bool = False) -> float:
        now = self.clock()
        wait = self.pacer.ready_at(chat_id, now, spread=spread) - now
        if wait > 0 and not force:
            return wait
        self.pacer.sent(chat_id, now)
        self._admitted.setdefault(chat_id, deque()).append(now)
        return 0.0

    async def answered(self, chat_id: int) -> None:
        """The send to `chat_id` admitted first and not yet answered reached Telegram by now: count it from
        now (a busy process may send it later than it admitted it)."""
        admitted = self._admitted.get(chat_id)
        if not admitted:
            return
        self.pacer.answered(chat_id, admitted.popleft(), self.clock())
        if not admitted:
            del self._admitted[chat_id]

    async def bot_wide_wait(self) -> float:
        now = self.clock()
        return self.pacer.bot_wide_at(now) - now

    async def pause(self, chat_id: int | None, seconds: float) -> None:
        self.pacer.pause(chat_id, self.clock() + seconds)
