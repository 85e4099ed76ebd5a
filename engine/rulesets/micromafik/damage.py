"""Микромафик's own damage replacement (the first night's cap) and the damage budget it shares with
the cards' layers (Слабость, Предупредительный выстрел, the Снайперская винтовка cap, Персональная
охрана, Адреналин are declared with their cards). Layers apply in the order of order.py's LAYER_ names,
each at most once per packet.
"""

from __future__ import annotations

from engine.core.resolution import DamagePacket, Resolution
from engine.rulesets.micromafik.order import LAYER_FIRST_NIGHT
from engine.rulesets.micromafik.registry import REGISTRIES


def _budget(res: Resolution, key: str, target: int, limit: int) -> int:
    budgets = res.scratch.setdefault(key, {})
    return int(budgets.setdefault(target, limit))


def spend(res: Resolution, key: str, packet: DamagePacket, limit: int) -> None:
    """Let through at most what is left of `limit` this phase for the target (under budget `key`)."""
    left = _budget(res, key, packet.target, limit)
    packet.amount = min(packet.amount, left)
    res.scratch[key][packet.target] = left - packet.amount


@REGISTRIES.replacement("first_night", LAYER_FIRST_NIGHT)
def first_night(res: Resolution, packet: DamagePacket) -> None:
    if res.phase != 1:
        return
    cap = int(res.state.settings["first_night_damage_cap"])
    # Точный удар's lost cards (and cancelled refills) count as damage too and are taken first.
    cap = max(0, cap - int(res.scratch.get("precise_losses", {}).get(packet.target, 0)))
    spend(res, "first_night_budget", packet, cap)

