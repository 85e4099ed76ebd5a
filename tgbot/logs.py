"""Logging set-up: plain text or one JSON object per line (LOG_JSON=true).

Records carry the context they were logged in — `update_id`, `user_id`, `chat_id` of the update
being handled, `game_id` of the game being worked on — from `log_context`, set by the update
middleware, the game service, the delivery queue and the deadline jobs (`with log_fields(...)` or
`bind(...)` within an update's task). `ContextFilter` copies them onto every record.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

CONTEXT_KEYS = ("update_id", "user_id", "chat_id", "game_id")
log_context: ContextVar[dict[str, Any]] = ContextVar("tgbot_log_context", default={})  # noqa: B039 (never mutated)


@contextmanager
def log_fields(**fields: Any) -> Iterator[None]:
    """Add fields to the log context for the duration of a block."""
    token = log_context.set({**log_context.get(), **{k: v for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        log_context.reset(token)


def bind(**fields: Any) -> None:
    """Add fields to the log context of the current task from here on (e.g. the game an update is about)."""
    log_context.set({**log_context.get(), **{k: v for k, v in fields.items() if v is not None}})


class ContextFilter(logging.Filter):
    """Puts the current log context on each record (fields given with `extra=` win)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in log_context.get().items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": self.formatTime(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in CONTEXT_KEYS:
            if hasattr(record, key):
                data[key] = getattr(record, key)
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """`time LEVEL logger: message [game=… update=… user=…]`."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        context = " ".join(f"{key.removesuffix('_id')}={getattr(record, key)}" for key in CONTEXT_KEYS
                           if hasattr(record, key))
        if not context:
            return text
        head, sep, rest = text.partition("\n")
        return f"{head} [{context}]{sep}{rest}"


def setup_logging(level: str, *, as_json: bool) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if as_json else TextFormatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
