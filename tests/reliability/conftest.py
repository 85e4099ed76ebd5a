"""The reliability suites report their figures (crash cycles, lost and duplicated messages, updates
fuzzed, leaks found) at the end of the run; with RELIABILITY_FIGURES=path they are also written to
that file as JSON (docs/reliability.md quotes them)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

FIGURES: dict[str, dict[str, Any]] = {}


def report(suite: str, **figures: Any) -> None:
    """Record a suite's figures (merged with any it recorded before)."""
    FIGURES.setdefault(suite, {}).update(figures)


@pytest.fixture
def figures() -> Any:
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not FIGURES:
        return
    terminalreporter.section("reliability figures")
    for suite, values in FIGURES.items():
        terminalreporter.write_line(f"{suite}: " + ", ".join(f"{k}={v}" for k, v in values.items()))
    path = os.environ.get("RELIABILITY_FIGURES")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(FIGURES, fh, ensure_ascii=False, indent=1, sort_keys=True)
