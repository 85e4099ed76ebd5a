"""The mafia's night kill vote and the day's Вече."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from engine.cardgame.effects import EffectKind
from engine.core.durations import NEXT_PHASE
from engine.core.resolution import DamagePacket, Resolution
from engine.rulesets.micromafik.order import STEP_VOTES_COUNCIL, STEP_VOTES_MAFIA
from engine.rulesets.micromafik.registry import CATALOG, REGISTRIES
from engine.rulesets.micromafik.roles import SECRET_ROLES

MAFIA_KILL_DAMAGE = 4
EXECUTION_DAMAGE = 5
BEATING_DAMAGE = 2
TWO_LEADERS_DAMAGE = 2


def _orders(res: Resolution, kind: str) -> dict[int, dict[str, Any]]:
    return {
        pid: order.params
        for pid, orders in res.scratch["orders"].items()
        for order in orders
        if order.kind == kind
    }


@REGISTRIES.pipeline.step("votes:mafia", STEP_VOTES_MAFIA)
def mafia_kill(res: Resolution) -> None:
    """Киллер 2 votes, Босс 1; the single top target takes 4 damage, +1 per paid boost."""
    state = res.state
    if not state.is_night:
        return
    tally: dict[int, int] = defaultdict(int)
    for pid, params in _orders(res, "kill_vote").items():
        tally[int(params["target"])] += SECRET_ROLES[state.player(pid).secret_role].kill_votes
    if not tally:
        return
    top = max(tally.values())
    leaders = [t for t, v in tally.items() if v == top]
    if len(leaders) != 1:
        state.emit("mafia_kill", "faction", "mafia", target=None, votes={str(k): v for k, v in tally.items()})
        return
    boosts = len(_orders(res, "kill_boost"))
    amount = MAFIA_KILL_DAMAGE + boosts
    res.damage(DamagePacket(target=leaders[0], amount=amount, cause="mafia"))
    state.emit("mafia_kill", "faction", "mafia", target=leaders[0], amount=amount,
               votes={str(k): v for k, v in tally.items()})


def vote_weight(res: Resolution, pid: int) -> int:
    """A vote's weight in half-votes (Политик 3, смертельно раненый Мститель 1, others 2)."""
    weight: int = REGISTRIES.queries.ask("vote_weight", res.state, 2, pid=pid)
    return weight


@REGISTRIES.pipeline.step("votes:council", STEP_VOTES_COUNCIL)
def council(res: Resolution) -> None:
    """Вече: the leader takes 5 (execution) or 2 (beating); two leaders 2 each; more, nothing."""
    state = res.state
    if not state.is_day:
        return
    tally: dict[int, int] = defaultdict(int)
    punish = {"execution": 0, "beating": 0}
    for pid, params in _orders(res, "vote").items():
        tally[int(params["target"])] += vote_weight(res, pid)
    for pid, params in _orders(res, "punishment").items():
        punish[str(params["choice"])] += vote_weight(res, pid)
    top = max(tally.values(), default=0)
    leaders = sorted(t for t, v in tally.items() if v == top) if top else []
    outcome: str
    # the seed: a split vote (a tie, also with no punishment votes at all) is an execution
    decided_by = "votes" if punish["beating"] != punish["execution"] else ("tie" if punish["beating"] else "default")
    if len(leaders) == 1:
        outcome = "beating" if punish["beating"] > punish["execution"] else "execution"
        target = leaders[0]
        amount = BEATING_DAMAGE if outcome == "beating" else EXECUTION_DAMAGE
        res.damage(DamagePacket(target=target, amount=amount, cause="council"))
        if outcome == "beating":
            state.add_effect("beaten", target=target, during=NEXT_PHASE)
    elif len(leaders) == 2:
        outcome = "two_leaders"
        for target in leaders:
            res.damage(DamagePacket(target=target, amount=TWO_LEADERS_DAMAGE, cause="council"))
    else:
        outcome = "none"
    state.emit(
        "council_result", "public", None,
        votes={str(t): v / 2 for t, v in sorted(tally.items())},
        execution=punish["execution"] / 2, beating=punish["beating"] / 2,
        leaders=leaders, outcome=outcome, decided_by=decided_by,
    )


def _beaten_colours(res: Resolution) -> None:
    """Избиение: the next day, the colours of the cards the beaten character played and discarded are told."""
    state = res.state
    for effect in state.effects_of("beaten"):
        played = [p.spec.colour for p in res.plays if p.via == "hand" and p.actor == effect.target]
        dropped = [CATALOG[c].colour for c in res.scratch.get("night_discards", {}).get(effect.target, [])]
        state.emit("beaten_colours", "public", None, target=effect.target, played=played, discarded=dropped)


REGISTRIES.rule(trigger=_beaten_colours, effects=(EffectKind("beaten", during=NEXT_PHASE, known=True),))
