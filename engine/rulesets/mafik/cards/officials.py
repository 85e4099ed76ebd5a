"""Role-unique cards of the law's officials that exile (issue 15, stances): Виновен! (Офицер) and Весы
преступлений (Судья). Their «(по желанию - …)» part is a `flag` param that comes IN ADDITION to the main
effect (docs/rulings/mafik-intel.md). Изгнание is the Вече's (cards/common.py `exile`); rulings:
docs/rulings/mafik-stances.md.
"""

from __future__ import annotations

from engine.core.refusal import Refusal
from engine.core.resolution import Play
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import end_effects, exile, move
from engine.rulesets.mafik.registry import REGISTRIES

GUILTY_DAMAGE = 2  # Виновен!: «(по желанию - может нанести целям 2 урона)»
SCALES_DAMAGE = 4  # Весы преступлений: «а третьей нанести 4 урона»
SCALES_ROLES = ("exile_target", "release_target", "damage_target")


def _send_to_exile(play: Play, target: int) -> None:
    if play.state.player(target).alive:
        exile(play.state, target)
        play.tell(target, "exiled_by_card")


@REGISTRIES.card("officer_guilty")
def officer_guilty(play: Play) -> None:
    """Офицер — Виновен!: the 3 targets go into Изгнание (option: 2 damage to each as well)."""
    for target in play.targets:
        _send_to_exile(play, target)
        if play.params.get("damage"):
            play.damage(target, GUILTY_DAMAGE)


def judge_scales_of_crime(play: Play) -> None:
    """Судья — Весы преступлений: one target into Изгнание, another back from it, 4 damage to a third
    (option: every card of the three targets' Sleeves into the judge's own, before the exile)."""
    state = play.state
    chosen = [play.params.get(role) for role in SCALES_ROLES]
    targets = [t for t in chosen if isinstance(t, int) and not isinstance(t, bool)]
    if play.params.get("take_sleeves"):
        taken: list[JsonValue] = []
        for target in targets:
            for card in list(state.player(target).sleeve):
                if move(state, card, src=(target, "sleeve"), dst=(play.actor, "sleeve")):
                    taken.append(card.card)
        if taken:
            play.tell(play.actor, "scales_sleeves_taken", cards=taken)
    exiled, released, damaged = chosen
    if isinstance(exiled, int):
        _send_to_exile(play, exiled)
    if isinstance(released, int) and state.player(released).alive and end_effects(state, "exile", released):
        play.tell(released, "released_from_exile")
    if isinstance(damaged, int):
        play.damage(damaged, SCALES_DAMAGE)


def _three_targets(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Three different characters: the one exiled, the one released, the one damaged."""
    chosen = [params.get(role) for role in SCALES_ROLES if params.get(role) is not None]
    if len(set(map(str, chosen))) != len(chosen):
        raise Refusal("invalid_target", card="judge_scales_of_crime", target=chosen[-1], reason="same_target")


REGISTRIES.declare("judge_scales_of_crime", judge_scales_of_crime, check=_three_targets)
