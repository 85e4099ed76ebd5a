"""The Вече: the secret vote for a character and the open vote for the punishment.

Every living character votes for a living character (no vote = a vote for oneself). The targets are
announced, not who voted for whom nor the counts. The character with the most votes is punished; a
tie goes against the higher public role. The punishment is the open vote's choice; a tie goes to
the choice of the highest public role among those who voted for a tied option; no votes take the
first allowed of казнь, аутодафе, пытки, изгнание. Each punishment is barred for 3 days after use.

Cards hook in through queries: `forced_votes` (who votes for whom), `vote_strength`, `votes_against`,
`can_be_punished` (who may be punished), `leader` (who is punished among the eligible, or None: Индульгенция)
and `forced_punishment` (a punishment a card imposes instead of the open vote's, outside the bars: Смертная
казнь's DEATH). The votes as counted are recorded (`history.record_votes`); steps after STEP_COUNCIL read
them (Устрашение).
"""

from __future__ import annotations

from collections import defaultdict

from engine.core.durations import NEXT_PHASE, n_phases
from engine.core.phase import kill
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState
from engine.rulesets.mafik.history import record_votes
from engine.rulesets.mafik.neutral import traitor_looks_law
from engine.rulesets.mafik.order import STEP_COUNCIL
from engine.rulesets.mafik.orders import PUNISHMENTS, barred
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.roles import priority

EXECUTION_DAMAGE = 6
AUTO_DA_FE_DAMAGE = 4
AUTO_DA_FE_SLEEVE = 2
TORTURE_PHASES = 4
EXILE_NIGHTS = 2
BAR_DAYS = 3
DEATH = "death"  # a punishment no vote chooses: a card imposes it through the `forced_punishment` query


def vote_strength(state: GameState, pid: int) -> int:
    strength: int = REGISTRIES.queries.ask("vote_strength", state, 1, pid=pid)
    return strength


def tally(res: Resolution) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Votes per target, each voter's choice (a missing vote is a vote for oneself) and its strength."""
    state = res.state
    chosen: dict[int, int] = {}
    valid = res.scratch["orders"]
    for player in state.living():
        chosen[player.pid] = player.pid
        for order in valid.get(player.pid, ()):  # his first vote (a plain loop: a generator costs more)
            if order.kind == "vote":
                chosen[player.pid] = int(order.params["target"])
                break
    queries = REGISTRIES.queries
    chosen = queries.ask("forced_votes", state, chosen)
    votes: dict[int, int] = defaultdict(int)
    # the strengths and the votes against are read, not changed, by their modifiers: asked all at once
    strengths = dict(zip(chosen, queries.ask_each("vote_strength", state, [(1, {"pid": voter}) for voter in chosen]),
                         strict=True))
    for voter, target in chosen.items():
        votes[target] += strengths[voter]
    targets = list(votes)
    votes.update(zip(targets, queries.ask_each("votes_against", state,
                                               [(votes[target], {"target": target}) for target in targets]), strict=True))
    unvoted = [p.pid for p in state.living() if p.pid not in votes]  # votes only from effects
    for target, extra in zip(unvoted, queries.ask_each("votes_against", state, [(0, {"target": t}) for t in unvoted]),
                             strict=True):
        if extra:
            votes[target] = extra
    return dict(votes), chosen, strengths


def punishment(res: Resolution, strengths: dict[int, int] | None = None) -> tuple[str | None, dict[str, object]]:
    """The punishment and how it was decided, for the verdict: `punishment_votes` (each allowed choice's
    vote strength), `decided_by` — "votes", "tie" (with the `tied` choices and the `decider`, the voter
    with the highest public role) or "default" (nobody voted: the first allowed in the seed's order).
    `strengths`: the vote strengths `tally` found in this Вече, taken instead of asking again (what a vote's
    strength reads — the effects, the roles, the sides — has not changed since); a voter not among them is asked."""
    state = res.state
    allowed = [p for p in PUNISHMENTS if not barred(state, p)]
    if not allowed:
        return None, {}
    weight: dict[str, int] = defaultdict(int)
    voters: dict[str, list[int]] = defaultdict(list)
    for pid, orders in res.scratch["orders"].items():
        for order in orders:
            if order.kind != "punishment" or order.params["choice"] not in allowed:
                continue
            strength = strengths[pid] if strengths is not None and pid in strengths else vote_strength(state, pid)
            if strength > 0:  # 0: no vote
                weight[order.params["choice"]] += strength
                voters[order.params["choice"]].append(pid)
    counts = {p: weight[p] for p in allowed if weight.get(p)}
    if not weight:
        return allowed[0], {"punishment_votes": counts, "decided_by": "default"}
    top = max(weight.values())
    tied = [p for p in allowed if weight.get(p) == top]
    if len(tied) == 1:
        return tied[0], {"punishment_votes": counts, "decided_by": "votes"}
    first = min((pid for p in tied for pid in voters[p]), key=lambda pid: priority(state.player(pid)))
    choice = next(p for p in tied if first in voters[p])
    return choice, {"punishment_votes": counts, "decided_by": "tie", "tied": tied, "decider": first}


@REGISTRIES.pipeline.step("votes:council", STEP_COUNCIL)
def council(res: Resolution) -> None:
    state = res.state
    if not state.is_day:
        return
    votes, chosen, strengths = tally(res)
    record_votes(state, {voter: (target, strengths[voter]) for voter, target in chosen.items()})
    eligible = punishable(state, votes)
    # every character someone voted for (a vote of strength 0 too), and any with votes from effects
    targets = sorted({*chosen.values(), *[t for t, v in votes.items() if v > 0]})
    if not eligible:
        state.emit("council_verdict", "public", None, targets=targets, punished=None, punishment=None)
        return
    leader: int | None = REGISTRIES.queries.ask("leader", state, leading(state, eligible), votes=eligible)
    if leader is None:
        state.emit("council_verdict", "public", None, targets=targets, punished=None, punishment=None)
        return
    choice, how = punishment(res, strengths)
    forced: str | None = REGISTRIES.queries.ask("forced_punishment", state, None, target=leader)
    if forced is not None:
        choice, how = forced, {"decided_by": "card"}
    state.emit("council_verdict", "public", None, targets=targets, punished=leader, punishment=choice, **how)
    if choice is None:
        return
    apply_punishment(res, leader, choice)
    if choice in PUNISHMENTS:  # a punishment a card imposes goes into no bar («не идёт в счётчик вече»)
        state.add_effect("barred", during=n_phases(2 * BAR_DAYS, starting=NEXT_PHASE), punishment=choice)


def punishable(state: GameState, votes: dict[int, int]) -> dict[int, int]:
    """The living characters with votes whom `can_be_punished` lets the Вече punish, with their votes (while no
    Временная смерть is in the state, the query answers at once: engine/core/queries.py)."""
    return {t: v for t, v in votes.items() if v > 0 and state.player(t).alive
            and REGISTRIES.queries.ask("can_be_punished", state, True, target=t)}


def ranked(state: GameState, votes: dict[int, int]) -> list[int]:
    """The characters with votes, the Вече's order: most votes first, a tie to the higher public role."""
    return sorted(votes, key=lambda t: (-votes[t], priority(state.player(t))))


def leading(state: GameState, votes: dict[int, int]) -> int:
    """`ranked(state, votes)[0]`, with the public roles looked at only among those tied for the most votes (a
    sort is stable and `min` keeps the first of equals: both take the earliest of a full tie)."""
    top = max(votes.values())
    tied = [t for t, v in votes.items() if v == top]
    return tied[0] if len(tied) == 1 else min(tied, key=lambda t: priority(state.player(t)))


def apply_punishment(res: Resolution, target: int, choice: str) -> None:
    state = res.state
    if choice == "execution":
        res.damage(DamagePacket(target=target, amount=EXECUTION_DAMAGE, cause="council"))
    elif choice == "auto_da_fe":
        player = state.player(target)
        lost, player.sleeve = player.sleeve[:AUTO_DA_FE_SLEEVE], player.sleeve[AUTO_DA_FE_SLEEVE:]
        player.discard.extend(lost)
        res.damage(DamagePacket(target=target, amount=AUTO_DA_FE_DAMAGE, cause="council"))
    elif choice == "torture":
        player = state.player(target)
        # the Предатель's rule: an effect that learns the exact role sees a random law role
        shown = traitor_looks_law(state, player.secret_role, observer=target, target=target, aspect="secret_role")
        state.emit("torture_reveal", "public", None, pid=target, secret_role=shown)
        state.add_effect("tortured", target=target, during=n_phases(TORTURE_PHASES, starting=NEXT_PHASE))
    elif choice == "exile":
        state.add_effect("exile", target=target, during=n_phases(2 * EXILE_NIGHTS - 1, starting=NEXT_PHASE))
    elif choice == DEATH:  # only imposed by a card (Смертная казнь): whatever the cards and protections
        kill(state, target, "council")


def torture_plays(res: Resolution) -> None:
    """Пытки: for 4 phases everyone learns which cards the tortured character plays from the Hand."""
    for play in res.plays:
        if play.via == "hand" and res.state.effects_of("tortured", target=play.actor):
            res.state.emit("torture_play", "public", None, pid=play.actor, card=play.spec.id)


REGISTRIES.rule(trigger=torture_plays)
