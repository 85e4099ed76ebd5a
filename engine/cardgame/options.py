"""Options a play may carry beyond its card's params (`api.play_options`): Фокусник's copy, Страховка's
bluff, Миротворческая операция's armor instead of damage.

A rule set declares each option with the check that validates it in a submitted order; whether the
option is offered now is that same check run on the play with the option set, so the offer and the
validation cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.refusal import Refusal

IN_PARAMS = "params"  # the option is a key of the order's params
IN_PAYMENT = "payment"  # the option is a key of the order's payment options


@dataclass(frozen=True)
class PlayOption:
    """One option of a play: `name` is its key in the order's params (`into` "params") or in its
    payment's options (`into` "payment"); `available`, and when not `why`, as the check says now."""

    name: str
    label_key: str
    available: bool
    into: str = IN_PARAMS
    why: Refusal | None = None


def offer(name: str, label_key: str, check: Callable[[], None], *, into: str = IN_PARAMS) -> PlayOption:
    """The option as the check judges it (`check` raises the Refusal the submitted order would get)."""
    try:
        check()
    except Refusal as why:
        return PlayOption(name=name, label_key=label_key, available=False, into=into, why=why.kept())
    return PlayOption(name=name, label_key=label_key, available=True, into=into)
