"""Damage replacements of Микромафик, applied in layer order (the LAYER_ names of order.py), each at
most once per packet: Слабость, Предупредительный выстрел, the Снайперская винтовка cap, the first
night's cap, Персональная охрана, armor, Адреналин.
"""

from __future__ import annotations

from engine.core.durations import NEXT_PHASE
from engine.core.resolution import DamagePacket, Resolution
from engine.rulesets.micromafik.order import (
    LAYER_ADRENALINE,
    LAYER_FIRST_NIGHT,
    LAYER_PERSONAL_GUARD,
    LAYER_SNIPER_CAP,
    LAYER_WARNING_SHOT,
    LAYER_WEAKNESS,
)
from engine.rulesets.micromafik.registry import REGISTRIES

SNIPER_CAP = 3


@REGISTRIES.replacement("weakness", LAYER_WEAKNESS)
def weakness(res: Resolution, packet: DamagePacket) -> None:
    if packet.cause != "card" or packet.fixed or packet.source is None:
        return
    packet.amount = max(0, packet.amount - len(res.state.effects_of("weakness", target=packet.source)))


@REGISTRIES.replacement("warning_shot", LAYER_WARNING_SHOT)
def warning_shot(res: Resolution, packet: DamagePacket) -> None:
    if packet.fixed or packet.colour != "attack" or packet.source is None:
        return
    for effect in res.state.effects_of("warning_shot", target=packet.target):
        if effect.source == packet.source:
            packet.amount *= 2


def _budget(res: Resolution, key: str, target: int, limit: int) -> int:
    budgets = res.scratch.setdefault(key, {})
    return int(budgets.setdefault(target, limit))


def _spend(res: Resolution, key: str, packet: DamagePacket, limit: int) -> None:
    left = _budget(res, key, packet.target, limit)
    packet.amount = min(packet.amount, left)
    res.scratch[key][packet.target] = left - packet.amount


@REGISTRIES.replacement("sniper_cap", LAYER_SNIPER_CAP)
def sniper_cap(res: Resolution, packet: DamagePacket) -> None:
    if packet.card == "sniper_rifle" and packet.cause == "card":
        _spend(res, "sniper_budget", packet, SNIPER_CAP)


@REGISTRIES.replacement("first_night", LAYER_FIRST_NIGHT)
def first_night(res: Resolution, packet: DamagePacket) -> None:
    if res.phase != 1:
        return
    cap = int(res.state.settings["first_night_damage_cap"])
    # Точный удар's lost cards (and cancelled refills) count as damage too and are taken first.
    cap = max(0, cap - int(res.scratch.get("precise_losses", {}).get(packet.target, 0)))
    _spend(res, "first_night_budget", packet, cap)


@REGISTRIES.replacement("personal_guard", LAYER_PERSONAL_GUARD)
def personal_guard(res: Resolution, packet: DamagePacket) -> None:
    if res.state.effects_of("personal_guard", target=packet.target):
        packet.amount = 0


@REGISTRIES.replacement("adrenaline", LAYER_ADRENALINE)
def adrenaline(res: Resolution, packet: DamagePacket) -> None:
    state = res.state
    if packet.fixed or not state.is_night or not state.effects_of("adrenaline", target=packet.target):
        return
    state.add_effect("deferred_damage", target=packet.target, source=packet.source, during=NEXT_PHASE,
                     amount=packet.amount)
    state.emit("damage_deferred", "player", packet.target, amount=packet.amount)
    packet.amount = 0
