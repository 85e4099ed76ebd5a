"""The damage replacement every card game has: armor.

Rule sets add their own layers (weakness, doubling, caps, prevention…) with a `Layer` in a card's or
rule's declaration (registries.py); the layers below 60 change the amount, 60 is armor, above it
what happens to what armor let through.
  60 armor   each armor point cancels one damage (not for armor-ignoring damage); records what each
             card dealt before armor (`scratch["dealt"]`, the Маньяк's blood), who was damaged, and on
             the packet what reached the armor and what it absorbed (`dealt`, `absorbed`)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardgame.order import LAYER_ARMOR
from engine.core.resolution import DamagePacket, Resolution

if TYPE_CHECKING:
    from engine.cardgame.registries import CardGameRegistries


def install(registries: CardGameRegistries) -> None:
    registries.replacement("armor", LAYER_ARMOR)(armor)


def armor(res: Resolution, packet: DamagePacket) -> None:
    if packet.source is not None and packet.cause == "card" and packet.card:
        dealt = res.scratch.setdefault("dealt", {})
        key = (packet.source, packet.card)
        dealt[key] = dealt.get(key, 0) + packet.amount
    res.scratch.setdefault("damaged", set()).add(packet.target)
    packet.dealt = packet.amount
    if packet.ignore_armor:
        return
    left = res.armor.get(packet.target, 0)
    absorbed = min(left, packet.amount)
    res.armor[packet.target] = left - absorbed
    packet.amount -= absorbed
    packet.absorbed = absorbed
