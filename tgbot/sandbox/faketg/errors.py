"""Errors as the Bot API reports them: ``{"ok": false, "error_code": ..., "description": ...}``.

Handlers raise :class:`TelegramError`; the API layer turns it into the JSON envelope and HTTP
status that aiogram's ``BaseSession.check_response`` maps to ``TelegramBadRequest``,
``TelegramForbiddenError``, ``TelegramRetryAfter`` and the rest. Descriptions copy Telegram's
wording, because bots (and their tests) sometimes match on them.
"""

from __future__ import annotations

import math
from typing import Any


class TelegramError(Exception):
    """A failed Bot API call, carrying what Telegram would put in the response."""

    def __init__(self, error_code: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(f"{error_code} {description}")
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    def to_response(self) -> dict[str, Any]:
        body: dict[str, Any] = {"ok": False, "error_code": self.error_code, "description": self.description}
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def bad_request(detail: str) -> TelegramError:
    """400 ``Bad Request: <detail>``."""
    return TelegramError(400, f"Bad Request: {detail}")


def forbidden(detail: str) -> TelegramError:
    """403 ``Forbidden: <detail>``."""
    return TelegramError(403, f"Forbidden: {detail}")


def unauthorized() -> TelegramError:
    return TelegramError(401, "Unauthorized")


def not_found() -> TelegramError:
    """What Telegram answers for an unknown method name."""
    return TelegramError(404, "Not Found")


def conflict(detail: str) -> TelegramError:
    return TelegramError(409, f"Conflict: {detail}")


def too_many_requests(retry_after: float) -> TelegramError:
    """429 with ``parameters.retry_after`` (whole seconds, at least 1, as Telegram sends it)."""
    seconds = max(1, math.ceil(retry_after))
    return TelegramError(429, f"Too Many Requests: retry after {seconds}", {"retry_after": seconds})


def server_error(description: str = "Internal Server Error") -> TelegramError:
    return TelegramError(500, description)


def entity_too_large() -> TelegramError:
    return TelegramError(413, "Request Entity Too Large")


NETWORK_ERROR_CODE = 0


def network_error(description: str = "Connection lost") -> TelegramError:
    """Not a Telegram answer: the connection drops and the bot gets no response at all.

    Only meaningful as a scripted fault; aiogram raises ``TelegramNetworkError``.
    """
    return TelegramError(NETWORK_ERROR_CODE, description)


class ConnectionLost(Exception):
    """Raised by the API layer when a call must end without any response (see :func:`network_error`)."""
