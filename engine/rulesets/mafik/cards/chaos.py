"""Хаос (this issue: Зеркальное Измерение, Разыскная ориентировка, Знакомства).

Readings (docs/rulings/mafik-misc.md):
- Зеркальное Измерение: this phase every player reflects like with Отражение: each card aimed at another
  player goes back to its player. «Нельзя более 1 раза получить этот эффект от этой карты»: a player gets
  it from Зеркальное Измерение once a game (his own Отражение is another card); a player on whom
  protective cards do not work (Стероиды) does not get it.
- Разыскная ориентировка: the damage "dealt" to the target that night is any that reached its armor
  (as for the Маньяк's blood); each such player alive draws 2 into the Sleeve, once per notice. The lower
  stance variant tells who dealt it, whether or not the target dies.
- Знакомства: the random character is a living one; both learn of the effect and whom it pairs them with;
  they learn the cards played from the Hand and the Sleeve.
"""

from __future__ import annotations

from engine.cardgame.registries import Step
from engine.core.durations import NEXT_NIGHT, NEXT_PHASE, n_phases
from engine.core.queries import only_while
from engine.core.resolution import Play, Resolution
from engine.rulesets.mafik.cards.common import draw_to_sleeve, lower, protected, reflect_back, watch_plays
from engine.rulesets.mafik.order import STEP_WANTED_NOTICE
from engine.rulesets.mafik.registry import REGISTRIES

WANTED_DRAW = 2
ACQUAINTANCE_PHASES = 2


def mirror_dimension(play: Play) -> None:
    """Takes effect at the targeting step (`_mirror`), before the cards it turns back."""


def _mirror(res: Resolution) -> None:
    state = res.state
    if not any(p.spec.id == "mirror_dimension" and not p.options.get("cancelled") for p in res.plays):
        return
    mirrors: set[int] = set()
    for player in state.living():
        if protected(state, player.pid) and player.flags.setdefault("mirror_dimension", state.phase) == state.phase:
            mirrors.add(player.pid)
    reflect_back(res, mirrors)


REGISTRIES.declare("mirror_dimension", mirror_dimension, targeting=_mirror,
                   counters={"mirror_dimension": lambda params: {"phase": params["n"]}})


def wanted_notice(play: Play) -> None:
    """Public in the morning; the following night is watched (`_wanted`)."""
    play.effect("wanted_notice", during=NEXT_NIGHT, wanted=play.target, lower=lower(play))
    play.announce("wanted_notice", target=play.target)


@only_while("wanted_notice")
def _wanted(res: Resolution) -> None:
    state = res.state
    alive_before = res.scratch.get("hand_sizes", {})
    for effect in state.effects_of("wanted_notice"):
        wanted = int(str(effect.params["wanted"]))
        damagers = sorted({p.source for p in res.packets if p.target == wanted and p.source is not None
                           and p.source != wanted and "armor" in p.applied})
        if effect.params.get("lower") and effect.source is not None and state.player(effect.source).alive:
            state.emit("wanted_damagers", "player", effect.source, card="wanted_notice", target=wanted, pids=damagers)
        if wanted not in alive_before or state.player(wanted).alive:
            continue
        for pid in damagers:
            if state.player(pid).alive:
                drawn = draw_to_sleeve(res, pid, WANTED_DRAW)
                state.emit("wanted_reward", "player", pid, card="wanted_notice", target=wanted, n=drawn)


REGISTRIES.declare("wanted_notice", wanted_notice, steps=(Step("wanted_notice", STEP_WANTED_NOTICE, _wanted),))


@REGISTRIES.card("acquaintances")
def acquaintances(play: Play) -> None:
    others = [p.pid for p in play.state.living() if p.pid != play.actor]
    if not others:
        return
    other = play.state.random.choice(others)
    during = n_phases(ACQUAINTANCE_PHASES, starting=NEXT_PHASE)
    watch_plays(play, other, play.actor, during=during, report="acquaintance_play")
    watch_plays(play, play.actor, other, during=during, report="acquaintance_play")
    play.tell(play.actor, "acquaintances", pid=other)
    play.tell(other, "acquaintances", pid=play.actor)
