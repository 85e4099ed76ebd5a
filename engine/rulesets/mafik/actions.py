"""What a Мафик player may do besides playing a card: the night discard, the Маньяк's blood and swap, the
Предатель's colours and discard, the public roles' orders and instant actions, a granted right to
shuffle the deck — declared with what they ask and when they are offered (engine/core/actions.py).

The requirements are the rules' own (role, phase, once a game: the same checks the validators in
perks_a.py / perks_b.py / neutral.py run), plus when an offer makes sense at all (a dead character to
loot, a Sleeve card to move). The validators still have the last word on what is submitted.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.actions import (
    ActionDef,
    by_day,
    by_night,
    condition,
    first_night,
    flag_below,
    has_effect,
    holds,
    lacks_effect,
    once,
    public_role,
    secret_role,
    someone_dead,
)
from engine.core.cards import ParamSpec
from engine.core.state import GameState
from engine.rulesets.mafik.costs import exiled
from engine.rulesets.mafik.neutral import BLOOD_USES, NIGHT_USES
from engine.rulesets.mafik.orders import PUNISHMENTS
from engine.rulesets.mafik.perks_a import SECRETARY_FROM_DAY
from engine.rulesets.mafik.perks_b import LUCKY_REDRAWS


def _p(name: str, kind: str, **kw: object) -> ParamSpec:
    return ParamSpec(name=name, kind=kind, **kw)  # type: ignore[arg-type]


def _role(action: str, kind: str, role: str, *requires: object, instant: bool = False,
          params: tuple[ParamSpec, ...] = (), preset: tuple[tuple[str, object], ...] = ()) -> ActionDef:
    """A public role's order or instant action (`kind`), offered under the key `action`."""
    return ActionDef(id=action, kind=kind, source="role", label_key=f"act.{action}", instant=instant,
                     params=params, preset=preset, requires=(public_role(role, kind), *requires))  # type: ignore[arg-type]


BLOOD_PARAMS = (_p("use", "blood_use", choices=tuple(BLOOD_USES)),
                _p("target", "target", when=(("use", ("damage1", "damage2")),)))


def _blood_now(state: GameState, pid: int) -> tuple[ParamSpec, ...]:
    """By day the blood buys nothing that acts at night."""
    uses = tuple(u for u in BLOOD_USES if state.is_night or u not in NIGHT_USES)
    return (replace(BLOOD_PARAMS[0], choices=uses), *BLOOD_PARAMS[1:])


def _not_exiled(what: str):  # type: ignore[no-untyped-def]
    return condition(lambda state, pid: not exiled(state, pid), "not_allowed", what=what, reason="exiled")


# In the order the panel offers them.
NIGHT_DISCARD = ActionDef(id="night_discard", kind="night_discard", source="phase", label_key="act.night_discard",
                          params=(_p("cards", "hand_cards", count=2),),
                          requires=(by_night("night_discard"), holds("hand", "night_discard", 2)))
ROLE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(id="blood", kind="blood", source="role", label_key="act.blood", params=BLOOD_PARAMS,
              requires=(secret_role("maniac", "maniac"),), params_now=_blood_now),
    ActionDef(id="swap", kind="swap", source="role", label_key="act.swap", instant=True,
              params=(_p("hand", "hand_card"), _p("sleeve", "sleeve_card")),
              requires=(secret_role("maniac", "maniac"), holds("hand", "swap"), holds("sleeve", "swap"),
                        _not_exiled("swap"))),
    ActionDef(id="traitor_colours", kind="traitor_colours", source="role", label_key="act.traitor_colours",
              params=(_p("colours", "colours", count=3),), requires=(secret_role("traitor", "traitor_colours"),)),
    ActionDef(id="traitor_discard", kind="traitor_discard", source="role", label_key="act.traitor_discard",
              params=(_p("cards", "hand_cards", count=99, min=1),),
              requires=(secret_role("traitor", "traitor_discard"),)),
    _role("politician", "politician", "politician", by_day("politician")),
    _role("prosecutor", "prosecutor", "prosecutor", by_day("prosecutor"), once("prosecutor", "prosecutor")),
    _role("bureaucrat", "bureaucrat", "bureaucrat", by_day("bureaucrat"), once("bureaucrat", "bureaucrat"),
          params=(_p("voter", "any_living"), _p("target", "any_living"))),
    _role("bloodhound", "bloodhound", "bloodhound", once("bloodhound", "bloodhound"),
          params=(_p("target", "target"),)),
    _role("alien_credits", "alien_credits", "alien", once("alien", "alien_credits")),
    _role("paranoiac_armor", "paranoiac_armor", "paranoiac",
          once("paranoiac", "paranoiac_armor"), by_night("paranoiac_armor")),
    _role("revolution", "revolution", "revolutionary", by_day("revolution"),
          params=(_p("target", "target"), _p("cards", "hand_cards", count=6, min=2))),
    _role("guard", "guard", "guard", once("guard", "guard"), by_night("guard"),
          params=(_p("target", "any_living"),)),
    _role("scientist_discard", "scientist_discard", "scientist",
          once("scientist", "scientist_discard"), by_night("scientist_discard"),
          params=(_p("cards", "hand_cards", count=2),)),
    _role("ripper", "ripper", "ripper", once("ripper", "ripper"), params=(_p("target", "target"),)),
    _role("fortune", "fortune", "fortune_teller", once("fortune_teller", "fortune"),
          params=(_p("target", "target"),)),
    _role("geek_card", "geek_card", "geek", once("geek", "geek_card"), instant=True,
          params=(_p("card", "card_name", of="collection"),)),
    _role("loot", "loot", "looter", once("looter", "loot"), someone_dead("loot"), instant=True,
          params=(_p("target", "dead_target"),)),
    _role("mentor_stance", "mentor_stance", "mentor", first_night("mentor_stance"), instant=True,
          params=(_p("stance", "stance"),)),
    _role("addict_move", "addict_move", "addict", once("addict", "addict_move"),
          holds("sleeve", "addict_move"), instant=True, params=(_p("cards", "sleeve_cards", count=99, min=1),)),
    _role("lucky_redraw", "lucky_redraw", "lucky", first_night("lucky_redraw"),
          flag_below("lucky_redraws", LUCKY_REDRAWS, "lucky_redraw"), instant=True),
    _role("undertaker", "undertaker", "undertaker", once("undertaker", "undertaker"),
          someone_dead("undertaker"), instant=True, params=(_p("targets", "dead_targets", count=3, min=1),)),
    _role("secretary_off", "secretary", "secretary", has_effect("secretary", "secretary"), instant=True,
          preset=(("active", False),)),
    _role("secretary", "secretary", "secretary", lacks_effect("secretary", "secretary"),
          condition(lambda state, _pid: state.day_number >= SECRETARY_FROM_DAY, "wrong_phase", what="secretary",
                    reason="from_day_3"),
          once("secretary", "secretary"), instant=True, preset=(("active", True),)),
    ActionDef(id="shuffle_deck", kind="shuffle_deck", source="role", label_key="act.shuffle_deck", instant=True,
              requires=(has_effect("may_shuffle_deck", "shuffle_deck"),)),
)
PHASE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote", params=(_p("target", "any_living"),),
              requires=(by_day("vote"),)),
    ActionDef(id="punishment", screen="punishment", kind="punishment", source="phase", label_key="btn.punishment",
              params=(_p("choice", "choice", choices=PUNISHMENTS),),
              requires=(by_day("punishment"),)),
    NIGHT_DISCARD,
)
ACTION_DEFS: tuple[ActionDef, ...] = (*PHASE_ACTIONS, *ROLE_ACTIONS)
