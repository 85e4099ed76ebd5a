"""Helpers of the care area's tests (roles/care.py): a hostile act that is no move yet (poison) folded through
the protection layers, as the items' module will do it."""

from __future__ import annotations

from engine.core.resolution import Resolution
from engine.rulesets.classic import RULESET
from engine.rulesets.classic.model import dying, items_of, spend_item
from engine.rulesets.classic.moves import harm
from tests.engine.classic.conftest import Game


def poison(g: Game, by: int, target: int) -> int:
    """A poison («травля») at `target` now; returns who is left dying from it (or -1: nobody)."""
    res = Resolution(g.state, RULESET)
    packet = harm(res, by, target, cause="poison")
    return packet.target if packet.amount > 0 and dying(g.state, packet.target) else -1


def strip_vest(g: Game, pid: int) -> None:
    for item in items_of(g.state, pid, "vest"):
        spend_item(g.state, pid, item.uid)
