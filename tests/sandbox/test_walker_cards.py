"""The screen walker plays a card of each parameter kind the Мафик collection has as the simulator's agent chose
it: the card dealt into a seat's Hand (with Sleeve cards to pay with), the agent's play of it decided on a
copy (engine.sim.decide), then made through the card's screen, the parameter flow, the payment and the
confirmation — and the game holds that very order."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import api
from engine.core.ruleset import Ruleset
from engine.core.state import GameState
from engine.sim import MafikAgent, decide
from tgbot.sandbox.demo import GAME, MASTER, Demo, DemoSpec, start_demo
from tgbot.sandbox.walker import Seat, carry_out

TRIES = 12  # the agent's random params of a card are often refused; it tries again with other dice
CANDIDATES = 3  # cards tried for a parameter kind (one may not be playable on the first night)
SPARE = ["pistol", "kick", "backstab", "murder"]  # Sleeve cards to pay a cost with


class OneCardAgent(MafikAgent):
    """The Мафик agent playing the one card of its Hand, nothing else."""

    def act(self, state: GameState, ruleset: Ruleset) -> None:
        self._play_from(state, ruleset, [p.pid for p in state.living()], "hand")


def cards_by_kind() -> dict[str, list[str]]:
    """For each parameter kind of the collection, the first CANDIDATES cards with it the catalogue lists."""
    found: dict[str, list[str]] = {}
    for card_id, card in api.catalog("mafik").cards.items():
        for param in card.params:
            listed = found.setdefault(param.kind, [])
            if len(listed) < CANDIDATES and card_id not in listed:
                listed.append(card_id)
    return found


@pytest.fixture
async def night(tmp_path: Path) -> AsyncIterator[Demo]:
    """A Мафик demo at its first night: decks built by the agents, the visitor in the master's chair."""
    demo = await start_demo(DemoSpec("mafik", 12, MASTER), tmp_path, seed=3, agents=False)
    await demo.play_round()
    assert (await demo.table.app.service.state(GAME)).status == "running"
    yield demo
    await demo.close()


async def deal(demo: Demo, pid: int, card: str) -> None:
    state = await demo.table.app.service.state(GAME)
    player = state.player(pid)
    player.hand = [state.new_card(card)]
    player.hand_at_phase_start = [card]
    player.sleeve = [state.new_card(c) for c in SPARE]
    async with demo.table.app.repo.db.transaction() as conn:
        await demo.table.app.repo.save_state(conn, GAME, state, now=demo.table.clock())


async def play_through_the_screens(demo: Demo, seat: Seat, card: str) -> dict[str, Any] | None:
    """The agent's play of `card`, made through the screens: the decision and whether the game holds it; None
    when the agent found no play of it the engine accepts now."""
    pid = await seat.pid()
    await deal(demo, pid, card)
    # the panel of the dealt cards (a person would press 🔄)
    await demo.table.press(seat.user, await seat.panel((await seat.state()).phase), "🔄 Обновить")
    for attempt in range(TRIES):
        state = await seat.state()
        plays = [d for d in decide(OneCardAgent(pid, random.Random(attempt)), state) if d.kind == "play"]
        if plays:
            return {"decision": plays[0], "held": await carry_out(seat, plays[0])}
    return None


async def test_the_walker_plays_a_card_of_every_parameter_kind_as_the_agent_chose(night: Demo) -> None:
    seat = next(iter(night.agents.values())).seat
    walked: dict[str, bool] = {}
    for kind, cards in cards_by_kind().items():
        for card in cards:
            outcome = await play_through_the_screens(night, seat, card)
            if outcome is None:
                continue
            walked[kind] = outcome["held"]
            # the order is made: withdrawn again so the next card's play is not held to a limit of plays
            for order in list((await seat.state()).orders.get(await seat.pid(), [])):
                await night.table.app.service.withdraw(GAME, user_id=seat.user.id, oid=order.oid)
            break
    assert all(walked.values()), walked
    # 23 of the 29 kinds on the first night (none dead yet to name, no chat room; measured): most of them
    assert len(walked) >= 20, sorted(walked)
