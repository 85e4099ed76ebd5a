"""What a Микромафик player may do besides playing a card: the phase's votes and discard, a reply, and
the public roles' perks (Бизнесмен, Параноик, Крупье) — declared with what they ask and when they are
offered (engine/core/actions.py), from the same checks as the validators in orders.py."""

from __future__ import annotations

from engine.core.actions import ActionDef, by_day, by_night, condition, faction, has_effect, holds, once, public_role
from engine.core.cards import ParamSpec
from engine.rulesets.micromafik.orders import PUNISHMENTS

PHASE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote",
              params=(ParamSpec(name="target", kind="any_living"),), requires=(by_day("vote"),)),
    ActionDef(id="punishment", screen="punishment", kind="punishment", source="phase", label_key="btn.punishment",
              params=(ParamSpec(name="choice", kind="choice", choices=PUNISHMENTS),), requires=(by_day("punishment"),)),
    ActionDef(id="kill_vote", screen="kill_vote", kind="kill_vote", source="phase", label_key="btn.kill_vote",
              params=(ParamSpec(name="target", kind="target"),),
              requires=(by_night("kill_vote"), faction("mafia", "kill_vote"))),
    ActionDef(id="kill_boost", screen="kill_boost", kind="kill_boost", source="phase", label_key="btn.kill_boost",
              requires=(by_night("kill_boost"), faction("mafia", "kill_boost"))),
    # the order's card is the discarded one (api.submit(card=…)), not a param
    ActionDef(id="discard", screen="discard", kind="discard", source="phase", label_key="btn.discard",
              params=(ParamSpec(name="card", kind="hand_card"),), requires=(by_night("discard"), holds("hand", "discard"))),
    ActionDef(id="message", screen="reply", kind="message", source="phase", label_key="btn.reply",
              params=(ParamSpec(name="to", kind="any_living"), ParamSpec(name="text", kind="message")),
              requires=(has_effect("may_message", "message"),)),
)
# In the order the panel offers them.
ROLE_ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(id="businessman_point", screen="instant", kind="businessman_point", source="role", label_key="btn.businessman",
              requires=(by_night("businessman_point"), public_role("businessman", "businessman"),
                        once("businessman", "businessman"))),
    ActionDef(id="paranoid_armor", screen="amount", kind="paranoid_armor", source="role", label_key="btn.paranoiac",
              params=(ParamSpec(name="amount", kind="number", min=1),),  # paid with as many points
              requires=(public_role("paranoiac", "paranoiac"),
                        condition(lambda state, pid: state.player(pid).points > 0, "cost_unpayable",
                                  reason="points", have=0, need=1))),
    ActionDef(id="croupier_swap", screen="hand_card", kind="croupier_swap", source="role", label_key="btn.croupier",
              params=(ParamSpec(name="card", kind="hand_card"),),  # the order's card, not a param
              requires=(public_role("croupier", "croupier"), once("croupier", "croupier"), holds("hand", "croupier"))),
)
ACTION_DEFS: tuple[ActionDef, ...] = (*PHASE_ACTIONS, *ROLE_ACTIONS)
