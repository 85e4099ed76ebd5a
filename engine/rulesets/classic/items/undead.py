"""The items of the undead (2, 2.1 and the addendum): Чеснок («Один раз защищает от укуса Вампира»), Противоядие
от вампира («Позволяет избавиться от отравления при укусе вампира. Используется сразу, если игрок был отравлен.
Можно купить про запас») and Святая вода («Помогает изгонять Духа»; the Дух «игнорирует любую защиту, кроме
Святой воды и Иконы»). The bites and the Дух's lock are roles/undead.py: it calls `use_antidote` and
`use_holy_water` (decisions: docs/rulesets/classic.md «undead»)."""

from __future__ import annotations

from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState
from engine.rulesets.classic import order as o
from engine.rulesets.classic.model import items_of, use_up
from engine.rulesets.classic.moves import MOVES

VAMPIRE_BITE = "vampire_bite"  # the cause of the Вампир's bite (roles/undead.py); the garlic stops only it


@MOVES.layer("garlic", o.LAYER_GARLIC)
def garlic(res: Resolution, packet: DamagePacket) -> None:
    """«Один раз защищает от укуса Вампира»: one charge spent, the bite stopped (the Упырь's and a zombie's
    are not the Вампир's: the garlic does not stop them — a decision, the text names the Вампир)."""
    if packet.cause != VAMPIRE_BITE:
        return
    held = items_of(res.state, packet.target, "garlic")
    if held and use_up(res.state, packet.target, held[0].uid):
        packet.amount = 0
        res.state.emit("undead_garlic_saved", "player", packet.target)


def use_antidote(state: GameState, pid: int) -> bool:
    """«Используется сразу, если игрок был отравлен»: a bitten holder takes one at once (a decision: by
    itself, as the text says «сразу»); True when he had one."""
    held = items_of(state, pid, "antidote_vampire")
    if not held or not use_up(state, pid, held[0].uid):
        return False
    state.emit("undead_antidote_used", "player", pid)
    return True


SPIRIT_WARDS = ("holy_water", "icon")  # «игнорирует любую защиту, кроме Святой воды и Иконы»


def drive_out(state: GameState, pid: int) -> str | None:
    """«Святая вода. Помогает изгонять Духа»: the Дух who comes to its holder is driven out (his lock fails),
    one spent; an Икона («Однократно защищает от любой нечисти и нежити») does it too when he has no water.
    The item used, or None."""
    for kind in SPIRIT_WARDS:
        held = items_of(state, pid, kind)
        if held and use_up(state, pid, held[0].uid):
            state.emit("undead_spirit_driven_out", "player", pid, item=kind)
            return kind
    return None
