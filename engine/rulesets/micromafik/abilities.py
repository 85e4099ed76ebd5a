"""Микромафик's ability catalogue (data/micromafik/abilities.toml) with the one requirement its data
names that only code can say."""

from __future__ import annotations

from engine.core.abilities import AbilityCatalogue
from engine.core.refusal import Refusal
from engine.core.state import GameState


def _has_points(state: GameState, pid: int, what: str) -> None:
    """Something to pay with: the Параноик's armor costs a point each."""
    if state.player(pid).points <= 0:
        raise Refusal("cost_unpayable", reason="points", have=0, need=1)


ABILITIES = AbilityCatalogue.load("micromafik", rules={"has_points": _has_points})
