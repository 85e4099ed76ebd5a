"""Time for the fake world: any callable returning seconds, so tests can scale or freeze it."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Returns the current time in seconds (Unix time by default)."""

system_clock: Clock = time.time


class ManualClock:
    """A clock that only moves when told to: ``clock.advance(1.5)``.

    Starts at a fixed, realistic Unix time so message dates look like real ones.
    """

    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self.now += seconds
