"""The resolution steps every card game ends with.

  800 deaths   0 cards in hand = death (the rule set's death rules may say otherwise); then the
               registries' `on_death` hooks for every character who died this phase (any cause)
  900 end      hand counts, effects expire, win check, next phase
"""

from __future__ import annotations

from engine.cardgame.order import STEP_DEATHS, STEP_END
from engine.cardgame.ruleset import card_rules
from engine.core.phase import close_phase, decide_deaths, finish
from engine.core.resolution import Pipeline, Resolution


def install(pipeline: Pipeline) -> None:
    pipeline.step("deaths", STEP_DEATHS)(deaths)
    pipeline.step("end", STEP_END)(end)


def deaths(res: Resolution) -> None:
    ruleset = card_rules(res.ruleset)
    decide_deaths(res, ruleset.death_rules)
    hooks = ruleset.registries.on_death if hasattr(ruleset, "registries") else []
    for player in res.state.players:
        if not player.alive and player.died == res.state.phase:
            for hook in hooks:
                hook(res, player.pid)


def end(res: Resolution) -> None:
    ruleset = card_rules(res.ruleset)
    state = res.state
    close_phase(state, ruleset.shown_hand_sizes)
    winners = ruleset.win_check(state)
    if winners is not None:
        finish(state, winners, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    ruleset.begin_phase(state, state.phase + 1)
