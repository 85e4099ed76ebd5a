"""Бронежилет (2): «Один раз защищает от выстрелов в один момент времени.» A shot at its holder is absorbed
and one charge spent; the shot is still «удачно» for the shooter (4.3: «Выстрел в броник - "удачно"»). «В один
момент времени»: every shot of the same step at him is absorbed by the one charge (a decision)."""

from __future__ import annotations

from engine.core.resolution import DamagePacket, Resolution
from engine.rulesets.classic import order as o
from engine.rulesets.classic.model import items_of, use_up
from engine.rulesets.classic.moves import MOVES

SHOTS = ("shot", "silver")  # what a vest stops: shots, Van Helsing's silver too (not poison, a bite, a torture, stakes…)


@MOVES.layer("vest", o.LAYER_VEST)
def vest(res: Resolution, packet: DamagePacket) -> None:
    if packet.cause not in SHOTS or packet.ignore_armor:
        return
    state = res.state
    moment = res.scratch.get("moment")
    worn: dict[int, object] = res.scratch.setdefault("vest_moment", {})
    if worn.get(packet.target) == moment and moment is not None:
        packet.amount = 0
        return
    held = items_of(state, packet.target, "vest")
    if held and use_up(state, packet.target, held[0].uid):
        worn[packet.target] = moment
        packet.amount = 0
        state.emit("vest_saved", "player", packet.target)
