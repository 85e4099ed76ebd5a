"""A refusal of the bot itself (not of the engine): a code for locales/…[error] and parameters."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params
