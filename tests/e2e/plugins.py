"""A rule set that lives in the tests, plugged into the real bot (tests/engine/plugin_path.py), with what
the bot reads once of the rule sets — its strings, card and role data, the generic flow's actions — read
again while it is plugged in, and after."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.engine import plugin_path
from tgbot import gamedata, i18n
from tgbot.ui import flow


def _reread_the_bots() -> None:
    for cached in (i18n._catalog, gamedata._cards, gamedata._roles):
        cached.cache_clear()
    flow.FLOW_ACTIONS.clear()
    flow.FLOW_ACTIONS.update(flow._flow_actions())


@contextmanager
def plugged_in(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str) -> Iterator[None]:
    """Rule set `name`, the package in `folder`, among the bot's rule sets for the duration."""
    with plugin_path.plugged_in(monkeypatch, folder, name, forget=(_reread_the_bots,)):
        yield
