"""The bot's queue of undelivered updates, with ``getUpdates`` semantics (minus the waiting).

Updates stay queued until confirmed by a later ``offset`` (or :meth:`UpdateQueue.ack` when they
were delivered in-process). ``allowed_updates`` is remembered between calls as Telegram does,
and queued updates of types the bot did not ask for are dropped when it polls.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

JSON = dict[str, Any]

DEFAULT_UPDATE_TYPES = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "my_chat_member",
        "chat_join_request",
    }
)
"""What ``getUpdates`` delivers when no ``allowed_updates`` were given (Telegram leaves out
``chat_member``, ``message_reaction`` and ``message_reaction_count`` unless asked)."""


def update_kind(data: JSON) -> str:
    """``"message"``, ``"callback_query"``, ... of an update in Bot API JSON."""
    return next(key for key in data if key != "update_id")


class UpdateQueue:
    def __init__(self) -> None:
        self.allowed_updates: frozenset[str] = DEFAULT_UPDATE_TYPES
        self._queue: deque[JSON] = deque()
        self._next_id = 1
        self._listeners: list[Callable[[], None]] = []

    def new(self, kind: str, payload: JSON) -> JSON:
        """An update with the next ``update_id`` (not queued yet)."""
        data = {"update_id": self._next_id, kind: payload}
        self._next_id += 1
        return data

    def push(self, data: JSON) -> None:
        self._queue.append(data)
        for listener in list(self._listeners):
            listener()

    @property
    def pending(self) -> list[JSON]:
        return list(self._queue)

    def take(self, offset: int | None = None, limit: int = 100, allowed_updates: Iterable[str] | None = None) -> list[JSON]:
        """Confirm everything below ``offset`` (negative: keep only the last ``-offset``), return up to ``limit``.

        ``allowed_updates`` is remembered; an empty list means the default set.
        """
        if allowed_updates is not None:
            self.allowed_updates = frozenset(allowed_updates) or DEFAULT_UPDATE_TYPES
        if offset is not None and offset < 0:
            while len(self._queue) > -offset:
                self._queue.popleft()
        elif offset is not None:
            while self._queue and self._queue[0]["update_id"] < offset:
                self._queue.popleft()
        result: list[JSON] = []
        unwanted: list[JSON] = []
        for data in self._queue:
            if update_kind(data) not in self.allowed_updates:
                unwanted.append(data)
                continue
            result.append(data)
            if len(result) >= limit:
                break
        for data in unwanted:
            self._queue.remove(data)  # Telegram drops updates the bot did not ask for
        return result

    def ack(self, update_id: int) -> None:
        """Forget one queued update (it was delivered some other way, e.g. fed in-process)."""
        if self._queue and self._queue[-1]["update_id"] == update_id:
            self._queue.pop()  # the common case: the update just produced
            return
        for data in self._queue:
            if data["update_id"] == update_id:
                self._queue.remove(data)
                return

    def clear(self) -> None:
        self._queue.clear()

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever an update is queued (used by long polling)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)
