"""A demo seat played by the simulator's agent through the bot: each phase the agent decides on a copy of
the game as it stands (`engine.sim.decide`: the real game is only read), and the screen walker makes each
decision with the bot's buttons. A decision the screens cannot reproduce is replaced by a random press of
the same sort (tgbot/sandbox/agents.py), and counted, so a demo never waits on a seat."""

from __future__ import annotations

import logging
import random
from collections import Counter
from dataclasses import dataclass, field

from engine.sim import Agent, Decision, agent_class_for, decide
from tgbot.sandbox import agents
from tgbot.sandbox.walker import Seat, carry_out

log = logging.getLogger(__name__)


@dataclass
class Tally:
    """How the agents' decisions fared: made exactly through the screens, or replaced by a random press."""

    decisions: int = 0
    exact: int = 0
    fallbacks: int = 0
    late: int = 0  # decisions left unmade because the phase had ended (resolved early) before their turn
    made: Counter[str] = field(default_factory=Counter)  # the decisions made exactly, by call and kind
    missed: Counter[str] = field(default_factory=Counter)  # the decisions replaced, by call and kind

    @property
    def share(self) -> float:
        """The share of decisions made exactly (1.0 when none were made)."""
        return self.exact / self.decisions if self.decisions else 1.0


@dataclass
class SimSeat:
    """One demo seat and the simulator's agent of the game's rule set that plays it."""

    seat: Seat
    rnd: random.Random  # the agent's dice, and the fallback's
    agent: Agent | None = None  # made on the first turn, once the seat's player is known

    async def take_turn(self, tally: Tally) -> None:
        """Decide this phase on a copy of the game and make each decision through the screens."""
        state = await self.seat.state()
        if self.agent is None:
            self.agent = agent_class_for(state.ruleset)(await self.seat.pid(), self.rnd)
        phase = (state.status, state.phase)
        try:
            decisions = decide(self.agent, state)
        except Exception:  # the simulator's own failure (its error count, in `simulate`): this turn is random
            log.exception("the agent of %s failed to decide", self.seat.user.first_name)
            tally.decisions += 1
            tally.fallbacks += 1
            tally.missed["decide"] += 1
            await agents.take_turn(self.seat.table, self.seat.user, self.rnd)
            return
        for decision in decisions:
            now = await self.seat.state()
            if (now.status, now.phase) != phase:
                tally.late += 1
                continue
            tally.decisions += 1
            name = f"{decision.call} {decision.kind}".strip()
            if await carry_out(self.seat, decision):
                tally.exact += 1
                tally.made[name] += 1
            else:
                tally.fallbacks += 1
                tally.missed[name] += 1
                await self.fall_back(decision)

    async def fall_back(self, decision: Decision) -> None:
        """A random press of the same sort as the decision that could not be made."""
        table, user = self.seat.table, self.seat.user
        if decision.call.startswith("deck_"):
            await agents.build_deck(table, user)
        elif decision.kind in ("vote", "punishment"):
            await agents.vote(table, user, self.rnd)
        elif decision.kind == "kill_vote":
            await agents.kill_vote(table, user, self.rnd)
        elif decision.kind == "play":
            await agents.play_a_card(table, user, self.rnd)
        elif decision.call != "reorder_hand":
            await agents.use_an_action(table, user, self.rnd)
