"""The demo's seats played by the simulator's agents through the bot (issue 20): each agent decides on a copy
of the game (engine.sim.decide) and the screen walker makes each decision with the buttons a person would
press. A game of every rule set is played to its end (Мафик: its first phases, a 12-seat game is long) in
the fake world; the decisions must reach the engine as the agent made them, a decision the screens cannot
make falls back to a random press and is counted, and the demo never waits on a seat."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.core import api
from engine.core.ruleset import ruleset_names
from engine.sim import Decision
from tgbot.sandbox import simseat
from tgbot.sandbox.demo import GAME, MASTER, Demo, DemoSpec, start_demo
from tgbot.sandbox.simseat import Tally
from tgbot.sandbox.walker import carry_out

SEATS = {"mafik": 12}  # the fewest Мафик allows; the others: 8
PHASES = {"mafik": 3}  # Мафик: the decks, the first night and the first day; the others: to the end
LEAST_SHARE = 0.97  # of the decisions made exactly through the screens (measured: 1.0, docs/architecture.md)
MOST_ROUNDS = 120  # the agents' turns, each followed by a jump to the deadline: a game ends well before


async def play(tmp_path: Path, ruleset: str, seed: int) -> tuple[Demo, list[tuple[str, int]]]:
    """A demo of `ruleset`, the visitor in the master's chair, every seat an agent's: each new phase the agents
    take their turns, then the clock jumps to the deadline; the (status, phase) after each round."""
    demo = await start_demo(DemoSpec(ruleset, SEATS.get(ruleset, 8), MASTER), tmp_path, seed=seed, agents=False)
    seen: list[tuple[str, int]] = []
    for _ in range(MOST_ROUNDS):
        await demo.play_round()
        game = await demo.table.app.service.game(GAME)
        seen.append((str(game["status"]), int(game["phase"] or 0)))
        if game["status"] == "finished" or seen[-1][1] >= PHASES.get(ruleset, MOST_ROUNDS):
            break
        async with demo.table.lock:
            await demo.table.jump()
    return demo, seen


@pytest.mark.parametrize("ruleset", ruleset_names())
async def test_agents_play_a_demo_through_the_screens_as_they_decided(tmp_path: Path, ruleset: str) -> None:
    demo, seen = await play(tmp_path, ruleset, seed=1)
    try:
        tally = demo.tally
        assert seen[-1][0] == "finished" or seen[-1][1] >= PHASES[ruleset], seen
        assert tally.decisions >= 20, tally
        assert tally.share >= LEAST_SHARE, tally
        assert tally.fallbacks == sum(tally.missed.values()) and tally.exact == sum(tally.made.values())
        assert len(tally.made) >= 5, tally.made  # votes, plays, abilities, messages… not one kind alone
    finally:
        await demo.close()


@pytest.mark.parametrize("ruleset", ruleset_names())
async def test_a_demo_never_waits_on_its_agents(tmp_path: Path, ruleset: str) -> None:
    """Every round moves the game on: the agents' turns end, and the next phase comes (early, or at the
    deadline the clock jumps to)."""
    demo, seen = await play(tmp_path, ruleset, seed=2)
    try:
        steps = [(phase, status == "finished") for status, phase in seen]  # the last phase ends the game
        assert all(b > a for a, b in itertools.pairwise(steps)), seen
        assert seen[-1][0] == "finished" or seen[-1][1] >= PHASES[ruleset], seen
    finally:
        await demo.close()


async def test_micromafik_agents_draft_their_decks_card_by_card_through_the_screens(tmp_path: Path) -> None:
    demo, _seen = await play(tmp_path, "micromafik", seed=1)
    try:
        state = await demo.table.app.service.state(GAME)
        assert demo.tally.made["deck_pick"] >= 10  # a draft of ten picks, each pressed on the offer
        assert demo.tally.made["submit vote"] > 0 and demo.tally.made["submit play"] > 0
        assert all(p.deck_choice for p in state.players)
    finally:
        await demo.close()


async def _first_day(tmp_path: Path) -> Demo:
    demo = await start_demo(DemoSpec("micromafik", 8, MASTER), tmp_path, seed=5, agents=False)
    for _ in range(2):  # the decks, the first night
        await demo.play_round()
        async with demo.table.lock:
            await demo.table.jump()
    assert (await demo.table.app.service.state(GAME)).is_day
    return demo


async def test_a_decision_the_screens_cannot_make_changes_nothing(tmp_path: Path) -> None:
    demo = await _first_day(tmp_path)
    try:
        seat = next(iter(demo.agents.values())).seat
        before = api.dump(await seat.state())
        assert not await carry_out(seat, Decision("submit", "vote", params={"target": 99}))
        assert api.dump(await seat.state()) == before
    finally:
        await demo.close()


async def test_a_decision_the_screens_cannot_make_falls_back_to_a_random_press_and_is_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    demo = await _first_day(tmp_path)
    try:
        agent = next(iter(demo.agents.values()))
        monkeypatch.setattr(simseat, "decide", lambda _agent, _state: [Decision("submit", "vote", params={"target": 99})])
        tally = Tally()
        await agent.take_turn(tally)
        state = await agent.seat.state()
        assert (tally.decisions, tally.exact, tally.fallbacks) == (1, 0, 1)
        assert tally.missed == {"submit vote": 1}
        assert "vote" in [o.kind for o in state.orders.get(await agent.seat.pid(), [])]  # the random vote
    finally:
        await demo.close()


async def test_an_agent_that_fails_to_decide_plays_a_random_turn_and_is_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    demo = await _first_day(tmp_path)
    try:
        agent = next(iter(demo.agents.values()))

        def broken(_agent: object, _state: object) -> list[Decision]:
            raise RuntimeError("the simulator's bug")

        monkeypatch.setattr(simseat, "decide", broken)
        tally = Tally()
        await agent.take_turn(tally)
        state = await agent.seat.state()
        assert (tally.decisions, tally.fallbacks, tally.missed) == (1, 1, {"decide": 1})
        assert "vote" in [o.kind for o in state.orders.get(await agent.seat.pid(), [])]  # the random turn's vote
    finally:
        await demo.close()
