"""The bot's strings from locales/<lang>.toml (ru first, en second), with {placeholders}, and each rule
set's own from `<its package>/locales/<lang>.toml` (its panel lines, its abilities, its events).

A placeholder may choose its words by its value, so Russian reads as Russian without «(а)» or «(ов)»:
`{n:one=балл|few=балла|many=баллов|other=балла}` picks the CLDR plural category of the number `n` in the
string's language (Babel), and `{pid:m=погиб|f=погибла}` the grammatical gender of the character `pid`
(a `Named` value). A category missing from the choice falls back to `other`, then `m`.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from babel.core import Locale

from engine.core import api
from engine.core.ruleset import ruleset_names

LOCALES_DIR = Path(__file__).resolve().parents[1] / "locales"
LANGUAGES = ("ru", "en")
FALLBACK = "ru"
GENDERS = ("m", "f")
_CHOICE = re.compile(r"^[a-z]+=[^|]*(\|[a-z]+=[^|]*)*$")


def _flat(path: Path) -> dict[str, str]:
    """A locale file's strings by dotted key."""
    with open(path, "rb") as fh:
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


def locale_files(lang: str) -> list[Path]:
    """The bot's own strings, then each rule set's: `<its package>/locales/<lang>.toml`, where it has one,
    and the files of `<its package>/locales/<lang>/` by name (a large rule set splits its words by area,
    e.g. one file per colour of cards)."""
    found = [LOCALES_DIR / f"{lang}.toml"]
    for name in ruleset_names():
        folder = api.package_dir(name) / "locales"
        path = folder / f"{lang}.toml"
        if path.is_file():
            found.append(path)
        found.extend(sorted((folder / lang).glob("*.toml")))
    return found


@cache
def _catalog(lang: str) -> dict[str, str]:
    """Every string of the language; a key defined in two files is an error (no file may reword another's)."""
    flat: dict[str, str] = {}
    origin: dict[str, Path] = {}
    for path in locale_files(lang):
        for key, value in _flat(path).items():
            if key in origin:
                raise ValueError(f"locale key {key!r} is defined in {origin[key]} and in {path}")
            flat[key], origin[key] = value, path
    return flat


def keys(lang: str) -> set[str]:
    return set(_catalog(lang))


def has(lang: str, key: str) -> bool:
    return key in _catalog(lang if lang in LANGUAGES else FALLBACK)


def pick_language(code: str | None) -> str:
    """A Telegram language code (en-US, ru, uk…) to one of ours."""
    if code and code.split("-")[0].lower() in LANGUAGES:
        return code.split("-")[0].lower()
    return FALLBACK if code is None or code.startswith(("ru", "uk", "be", "kk")) else "en"


def is_choice(spec: str) -> bool:
    """Whether a placeholder's format spec is a choice of words (`one=…|few=…`, `m=…|f=…`)."""
    return bool(_CHOICE.match(spec))


def choose(spec: str, category: str) -> str:
    """The words for `category` in a choice spec (falling back to `other`, then `m`, then the first)."""
    options = dict(part.split("=", 1) for part in spec.split("|"))
    for name in (category, "other", "m"):
        if name in options:
            return options[name]
    return next(iter(options.values()))


@cache
def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category (one, few, many, other) of the number `n` in `lang`."""
    return str(Locale.parse(lang).plural_form(n))


class Named(str):
    """A character's name that knows its grammatical gender (m or f), for `{pid:m=…|f=…}`."""

    gender: str

    def __new__(cls, text: str, gender: str | None = None) -> Named:
        named = super().__new__(cls, text)
        named.gender = gender if gender in GENDERS else "m"
        return named

    def __format__(self, spec: str) -> str:
        return choose(spec, self.gender) if is_choice(spec) else super().__format__(spec)


class Count(int):
    """A number in a language, for `{n:one=…|few=…|many=…|other=…}`."""

    lang: str

    def __new__(cls, value: int, lang: str) -> Count:
        count = super().__new__(cls, value)
        count.lang = lang
        return count

    def __format__(self, spec: str) -> str:
        return choose(spec, plural_category(self.lang, int(self))) if is_choice(spec) else super().__format__(spec)


def t(lang: str, key: str, /, **params: Any) -> str:
    """The string `key` in `lang` (falling back to ru), formatted with params."""
    lang = lang if lang in LANGUAGES else FALLBACK
    text = _catalog(lang).get(key) or _catalog(FALLBACK).get(key)
    if text is None:
        raise KeyError(f"no string {key!r}")
    if not params:
        return text
    counted = {k: Count(v, lang) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in params.items()}
    return text.format_map(_Lenient(counted))


class _Lenient(dict[str, Any]):
    """Missing placeholders render as empty: an event may omit an optional parameter."""

    def __missing__(self, key: str) -> str:
        return Named("")
