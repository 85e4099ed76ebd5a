"""What a Микромафик player may do besides playing a card: the phase's votes and discard and a reply,
declared here (engine/core/actions.py), and the public roles' perks (Бизнесмен, Параноик, Крупье) from
the ability catalogue (abilities.py), whose validator the orders' validators call too."""

from __future__ import annotations

from engine.core.actions import ActionDef, by_day, by_night, faction, has_effect, holds
from engine.core.cards import ParamSpec
from engine.rulesets.micromafik.abilities import ABILITIES
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
    # Вышибание: a Hand card of a knocked-out colour kept by paying 1 (the order's card, offered on the
    # screen of each card the check of the order accepts)
    ActionDef(id="keep", screen="card_order", kind="keep", source="phase", label_key="btn.keep",
              params=(ParamSpec(name="card", kind="hand_card"),), requires=(has_effect("knockout", "keep"),)),
)
# A reply to a card's message, offered after the perks.
REPLY = ActionDef(id="message", screen="reply", kind="message", source="phase", label_key="btn.reply",
                  params=(ParamSpec(name="to", kind="any_living"), ParamSpec(name="text", kind="message")),
                  requires=(has_effect("may_message", "message"),))
# The phase's actions, the public roles' perks (data/micromafik/abilities.toml), the reply: in the
# order the panel offers them.
ACTION_DEFS: tuple[ActionDef, ...] = (*PHASE_ACTIONS, *ABILITIES.action_defs(), REPLY)
