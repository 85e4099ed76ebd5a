"""Typed access to Bot API call parameters, whichever way they arrived.

aiogram posts every value as a form field (strings, with objects JSON-encoded); other clients
send a JSON body with native types. Telegram accepts both, so handlers read parameters
through :class:`Params`, which converts either form and raises Telegram's 400 on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import bad_request


@dataclass(frozen=True)
class Upload:
    """A file uploaded with the request (multipart part referenced as ``attach://<name>``)."""

    filename: str
    data: bytes
    content_type: str | None = None


class Params:
    """The parameters of one call plus the files uploaded with it."""

    def __init__(self, values: Mapping[str, Any], files: Mapping[str, Upload] | None = None) -> None:
        self.values = dict(values)
        self.files = dict(files or {})

    def has(self, name: str) -> bool:
        return self.values.get(name) not in (None, "")

    def raw(self, name: str) -> Any:
        return self.values.get(name)

    def text(self, name: str, default: str | None = None) -> str | None:
        value = self.values.get(name)
        if value is None:
            return default
        return value if isinstance(value, str) else json.dumps(value) if isinstance(value, dict | list) else str(value)

    def required_text(self, name: str, empty_error: str | None = None) -> str:
        value = self.text(name)
        if not value:
            raise bad_request(empty_error or f"{name} is empty")
        return value

    def integer(self, name: str, default: int | None = None) -> int | None:
        value = self.values.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise bad_request(f"invalid {name} specified") from None

    def required_integer(self, name: str) -> int:
        value = self.integer(name)
        if value is None:
            raise bad_request(f"{name} is empty")
        return value

    def flag(self, name: str, default: bool = False) -> bool:
        value = self.values.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            return value != 0
        return str(value).strip().lower() in ("true", "1", "yes")

    def json(self, name: str, error: str | None = None) -> Any:
        """An object/array parameter: JSON text in a form field, or already decoded."""
        value = self.values.get(name)
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise bad_request(error or f"can't parse {name} JSON object") from None

    def chat_id(self, name: str = "chat_id") -> int | str:
        """An integer chat id or an ``@username``."""
        value = self.values.get(name)
        if value is None or value == "":
            raise bad_request(f"{name} is empty")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if text.startswith("@"):
            return text
        try:
            return int(text)
        except ValueError:
            raise bad_request("chat not found") from None

    def input_file(self, name: str) -> Upload | str | None:
        """An uploaded file (``attach://x`` or a multipart part named ``name``), or a file_id/URL string."""
        if name in self.files and self.values.get(name) in (None, ""):
            return self.files[name]
        value = self.text(name)
        if value is None:
            return None
        if value.startswith("attach://"):
            key = value.removeprefix("attach://")
            if key not in self.files:
                raise bad_request(f"{name} attach://{key} not found")  # Telegram: wrong file identifier
            return self.files[key]
        return value
