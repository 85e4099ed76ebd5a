"""Scripted failures: make the next N calls of a method fail the way Telegram (or the network) can.

For reliability tests, e.g. ``world.faults.fail("sendMessage", server_error(), times=2)``,
``world.faults.fail(None, too_many_requests(3))`` for any method, or
``world.faults.fail("sendMessage", network_error(), after=True)`` — the message *is* sent but
the bot never hears back, the case that makes naive retries send duplicates.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TelegramError


@dataclass
class FaultRule:
    method: str | None
    """Lower-cased method name, or ``None`` for every method."""
    error: TelegramError
    remaining: int | None
    """How many more calls fail; ``None`` means until cleared."""
    after: bool = False
    """The call takes effect first and only its response is replaced by the error."""


class Faults:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def fail(self, method: str | None, error: TelegramError, times: int | None = 1, *, after: bool = False) -> FaultRule:
        rule = FaultRule(method.lower() if method else None, error, times, after)
        self.rules.append(rule)
        return rule

    def take(self, method: str) -> FaultRule | None:
        """The rule the call to ``method`` must fail by, if one matches (consumes one use)."""
        name = method.lower()
        for rule in self.rules:
            if rule.method not in (None, name):
                continue
            if rule.remaining is not None:
                rule.remaining -= 1
                if rule.remaining <= 0:
                    self.rules.remove(rule)
            return rule
        return None

    def clear(self) -> None:
        self.rules.clear()
