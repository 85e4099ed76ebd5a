"""A rule set that lives in the tests, found like any rule set while its folder is on engine.rulesets'
path: what the engine reads once of the rule sets (their names, the rule sets, catalogs) is read again
while it is plugged in, and after."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

import engine.rulesets
from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names

HERE = Path(__file__).resolve().parent
PLUGINS = HERE / "plugins"  # «Дуэль»
QUESTION_PLUGINS = HERE / "question_plugins"  # «Сброс»
HIDDEN_PLUGINS = HERE / "hidden_plugins"  # «Шёпот»: rules told as the game goes, a picture after each night


@contextmanager
def plugged_in(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str,
               forget: Sequence[Callable[[], None]] = ()) -> Iterator[None]:
    """Rule set `name`, the package in `folder`, among the rule sets for the duration; `forget`: what
    else was read once of the rule sets (a bot's strings, its tables), called on entry and on exit."""

    def reread() -> None:
        for cached in (ruleset_names, get_ruleset, api.catalog):
            cached.cache_clear()
        for clear in forget:
            clear()

    monkeypatch.setattr(engine.rulesets, "__path__", [*engine.rulesets.__path__, str(folder)])
    reread()
    try:
        yield
    finally:
        monkeypatch.undo()
        sys.modules.pop(f"engine.rulesets.{name}", None)
        reread()
