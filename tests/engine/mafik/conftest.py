"""Мафик scenarios for the tests of this folder."""

from __future__ import annotations

from tests.engine.scenario import Scenario


class MafikScenario(Scenario):
    """A Мафик position: players default to law (Офицер) with the public role "(Другой)"."""

    RULESET = "mafik"
