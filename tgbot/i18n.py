"""The bot's strings from locales/<lang>.toml (ru first, en second), with {placeholders}."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LOCALES_DIR = Path(__file__).resolve().parents[1] / "locales"
LANGUAGES = ("ru", "en")
FALLBACK = "ru"


@cache
def _catalog(lang: str) -> dict[str, str]:
    with open(LOCALES_DIR / f"{lang}.toml", "rb") as fh:
        raw = tomllib.load(fh)
    flat: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for key, value in node.items():
            name = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(name, value)
            else:
                flat[name] = str(value)

    walk("", raw)
    return flat


def keys(lang: str) -> set[str]:
    return set(_catalog(lang))


def pick_language(code: str | None) -> str:
    """A Telegram language code (en-US, ru, uk…) to one of ours."""
    if code and code.split("-")[0].lower() in LANGUAGES:
        return code.split("-")[0].lower()
    return FALLBACK if code is None or code.startswith(("ru", "uk", "be", "kk")) else "en"


def t(lang: str, key: str, /, **params: Any) -> str:
    """The string `key` in `lang` (falling back to ru), formatted with params."""
    text = _catalog(lang if lang in LANGUAGES else FALLBACK).get(key) or _catalog(FALLBACK).get(key)
    if text is None:
        raise KeyError(f"no string {key!r}")
    return text.format_map(_Lenient(params)) if params else text


class _Lenient(dict[str, Any]):
    """Missing placeholders render as empty: an event may omit an optional parameter."""

    def __missing__(self, key: str) -> str:
        return ""
