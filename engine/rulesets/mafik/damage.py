"""Damage replacements of Мафик, applied in layer order, each at most once per packet.

Cards add their own layers (doubling, caps, prevention…) with `@replacement(name, layer)`; the
layers below 60 change the amount, 60 is armor, above it what happens to what armor let through.
  60 armor   each armor point cancels one damage (not for armor-ignoring damage); records what was
             dealt, for the Маньяк's blood
"""

from __future__ import annotations

from engine.core.resolution import DamagePacket, Resolution
from engine.rulesets.mafik.order import LAYER_ARMOR
from engine.rulesets.mafik.registry import replacement


@replacement("armor", LAYER_ARMOR)
def armor(res: Resolution, packet: DamagePacket) -> None:
    if packet.source is not None and packet.cause == "card" and packet.card:
        dealt = res.scratch.setdefault("dealt", {})
        key = (packet.source, packet.card)
        dealt[key] = dealt.get(key, 0) + packet.amount
    res.scratch.setdefault("damaged", set()).add(packet.target)
    if packet.ignore_armor:
        return
    left = res.armor.get(packet.target, 0)
    absorbed = min(left, packet.amount)
    res.armor[packet.target] = left - absorbed
    packet.amount -= absorbed
