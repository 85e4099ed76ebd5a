"""A word between instances: "the outbox has new messages", so the leader's delivery (the only one that
sends the queue) starts at once on what another instance queued instead of at its next look (up to five
seconds later). A Redis channel: a nudge nobody hears is harmless, the delivery looks anyway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from redis.asyncio import Redis

log = logging.getLogger(__name__)
CHANNEL = "tgbot:outbox"


class Nudges:
    def __init__(self, redis: Redis, channel: str = CHANNEL) -> None:
        self.redis = redis
        self.channel = channel
        self._sending: set[asyncio.Task[None]] = set()

    def send(self) -> None:
        """Nudge the leader (in the background: the caller's change is committed and must not wait)."""
        task = asyncio.create_task(self._publish())
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _publish(self) -> None:
        try:
            await self.redis.publish(self.channel, b"1")
        except Exception as exc:  # the leader's delivery finds the messages at its next look
            log.warning("could not nudge the leader: %s: %s", type(exc).__name__, exc)

    async def listen(self, heard: Callable[[], None], *, retry_s: float = 1.0) -> None:
        """Call `heard` for every nudge until cancelled; a lost connection is opened again."""
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                while True:  # short waits: the client's socket timeout would end a longer one
                    if await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0) is not None:
                        heard()
            except Exception as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # the client turned our cancel into an error
                    raise asyncio.CancelledError from exc
                log.warning("listening for nudges failed: %s: %s", type(exc).__name__, exc)
                await asyncio.sleep(retry_s)
            finally:
                await pubsub.aclose()
