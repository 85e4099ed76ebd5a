"""What a Мафик player may do besides playing a card: the phase's votes and night discard, declared
here, and every ability — the Маньяк's and the Предатель's, the public roles' perks, a granted right,
what cards grant — in data/mafik/abilities.toml, checked by the one validator of engine/core/abilities.py
(the perks' validators call it too). Here are only the requirements the data names that code must say.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.abilities import AbilityCatalogue
from engine.core.actions import ActionDef, by_day, by_night, holds
from engine.core.cards import ParamSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.mafik.blood import BLOOD_USES, NIGHT_USES
from engine.rulesets.mafik.costs import exiled
from engine.rulesets.mafik.orders import PUNISHMENTS, SINGLE_ORDERS

FOUR_PLAYS = 4  # Герой боевика (cards/deaths.py): its nightly ability needs this many plays that night


def _not_exiled(state: GameState, pid: int, what: str) -> None:
    if exiled(state, pid):
        raise Refusal("not_allowed", what=what, reason="exiled")


def _secretary_active(state: GameState, pid: int, what: str) -> None:
    """Her extra play can be taken back only in the phase she activated it."""
    if not state.effects_of("secretary", target=pid):
        raise Refusal("not_allowed", what=what, reason="not_active")


def _four_plays(state: GameState, pid: int, what: str) -> None:
    """«если вы играете как минимум 4 карты в эту фазу»: the player has ordered 4 plays this phase."""
    if sum(1 for o in state.orders.get(pid, []) if o.kind == "play") < FOUR_PLAYS:
        raise Refusal("not_allowed", what=what, reason="four_plays", least=FOUR_PLAYS)


def _blood_now(state: GameState, pid: int, params: tuple[ParamSpec, ...]) -> tuple[ParamSpec, ...]:
    """By day the blood buys nothing that acts at night."""
    uses = tuple(u for u in BLOOD_USES if state.is_night or u not in NIGHT_USES)
    return (replace(params[0], choices=uses), *params[1:])


ABILITIES = AbilityCatalogue.load("mafik", rules={"not_exiled": _not_exiled, "secretary_active": _secretary_active,
                                                 "four_plays": _four_plays},
                                  params_now={"blood_now": _blood_now}, single_orders=SINGLE_ORDERS)

PHASE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote",
              params=(ParamSpec("target", "any_living"),), requires=(by_day("vote"),)),
    ActionDef(id="punishment", screen="punishment", kind="punishment", source="phase", label_key="btn.punishment",
              params=(ParamSpec("choice", "choice", choices=PUNISHMENTS),), requires=(by_day("punishment"),)),
    ActionDef(id="night_discard", kind="night_discard", source="phase", label_key="act.night_discard",
              params=(ParamSpec("cards", "hand_cards", count=2),),
              requires=(by_night("night_discard"), holds("hand", "night_discard", 2))),
)
# In the order the panel offers them.
ACTION_DEFS: tuple[ActionDef, ...] = (*PHASE_ACTIONS, *ABILITIES.action_defs())
