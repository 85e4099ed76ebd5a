"""When a card may be played: night by default; Дневная and Условно дневная also by day."""

from __future__ import annotations

from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState

FIRST_NIGHT = 1


def playable_by_day(spec: CardSpec, *, is_mafia: bool) -> bool:
    return spec.has("day") or spec.has("cond_day") or (spec.has("mafia_day") and is_mafia)


def check_timing(state: GameState, spec: CardSpec, *, is_mafia: bool) -> None:
    if state.is_day and not playable_by_day(spec, is_mafia=is_mafia):
        raise Refusal("wrong_phase", card=spec.id, reason="night_only")
    if state.phase == FIRST_NIGHT and spec.has("not_first_night"):
        raise Refusal("first_night", card=spec.id)
