"""Нейтральные: 10 cards."""

from __future__ import annotations

from engine.core.resolution import Play
from engine.rulesets.mafik.registry import CARDS


@CARDS.card("dummy")
def dummy(play: Play) -> None:
    """Пустышка does nothing."""
