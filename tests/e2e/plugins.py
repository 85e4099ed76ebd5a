"""A rule set that lives in the tests, plugged into the real bot as if it were a package under
engine/rulesets/ (its data and locales its own): what the bot and the engine read once of the rule sets
is read again while it is plugged in, and after."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import engine.rulesets
from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names
from tgbot import gamedata, i18n
from tgbot.ui import flow

TEST_RULESETS = Path(__file__).resolve().parents[1] / "engine"


def _clear_caches() -> None:
    """The rule sets' names, the rule sets, catalogs, the strings, the card and role data and the
    generic flow's actions."""
    for cached in (ruleset_names, get_ruleset, api.catalog, i18n._catalog, gamedata._cards, gamedata._roles):
        cached.cache_clear()
    flow.FLOW_ACTIONS.clear()
    flow.FLOW_ACTIONS.update(flow._flow_actions())


@contextmanager
def plugged_in(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str) -> Iterator[None]:
    """Rule set `name`, the package in `folder`, among the bot's rule sets for the duration."""
    monkeypatch.setattr(engine.rulesets, "__path__", [*engine.rulesets.__path__, str(folder)])
    _clear_caches()
    try:
        yield
    finally:
        monkeypatch.undo()
        sys.modules.pop(f"engine.rulesets.{name}", None)
        _clear_caches()
