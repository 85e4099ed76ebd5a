"""The simulator's shortcuts give what the long way gives: the rooms proposed today as the players see them
announced, and the automatic deck of a trial that leaves the game as it was."""

from __future__ import annotations

import random

import pytest

from engine import sim
from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import Effect, GameState
from engine.core.views import events_for
from engine.sim import Decision, GameRunner, MafikAgent, agent_class_for, decide, open_room_requests


def _mafik_runner(seed: int, phases: int) -> GameRunner:
    runner = GameRunner("mafik", 16, seed)
    while runner.running and runner.state.phase < phases:
        runner.step()
    return runner


def test_the_open_room_requests_are_the_room_proposals_of_this_phase_each_player_sees(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each time an agent reads the rooms proposed today (`open_room_requests`), they are the `room_proposed`
    announcements of this phase every living player sees, in their order — the scan of the phase's events the
    agent made before."""
    read = []

    def checked(state: GameState) -> list[Effect]:
        requests = open_room_requests(state)
        for player in state.living():
            seen = [e for e in events_for(state, player.pid) if e.phase == state.phase and e.kind == "room_proposed"]
            assert [(r.eid, r.params["members"]) for r in requests] == \
                [(e.params["room"], e.params["members"]) for e in seen]
        read.append(len(requests))
        return requests

    monkeypatch.setattr(sim, "open_room_requests", checked)
    for seed in range(3):
        _mafik_runner(seed, 30)
    assert sum(n >= 2 for n in read) > 20, "a test of nothing: few moments with two proposals or more"


def _deck_on_a_deep_copy(agent: MafikAgent, runner: GameRunner) -> list[str] | None:
    """The automatic deck the long way: tried on a whole deep copy of the game, as deck building (re)starts it,
    then free cards drawn (none when the automatic deck was refused)."""
    trial = runner.state.model_copy(deep=True)
    trial.status = "setup"
    building = trial.player(agent.pid).building
    if building is not None:
        building.done = False
    try:
        api.deck_auto(trial, agent.pid)
    except Refusal:
        return None
    return list(trial.player(agent.pid).deck_choice) + agent._free_cards(runner.state, runner.ruleset)


def test_the_agents_deck_is_the_automatic_deck_of_a_whole_copy_and_leaves_the_game_unchanged() -> None:
    runner = _mafik_runner(5, 8)
    state = runner.state
    for pid in range(16):
        before = state.to_json()
        long_way = MafikAgent(pid, random.Random(pid))
        expected = _deck_on_a_deep_copy(long_way, runner)
        agent, submitted = MafikAgent(pid, random.Random(pid)), []
        agent._new_deck(state, runner.ruleset, submitted.append)
        assert submitted == [expected]
        assert agent.rnd.getstate() == long_way.rnd.getstate()
        assert state.to_json() == before


def _refuse(cards: list[str]) -> None:
    raise Refusal("deck_invalid", reason="test")


def test_a_refused_deck_whose_paid_cards_are_legal_has_drawn_its_free_cards() -> None:
    """As the long way: the automatic deck passed its trial, the free cards were drawn, the submit was refused."""
    runner = _mafik_runner(6, 3)
    long_way, agent = MafikAgent(4, random.Random(9)), MafikAgent(4, random.Random(9))
    assert _deck_on_a_deep_copy(long_way, runner) is not None
    agent._new_deck(runner.state, runner.ruleset, _refuse)
    assert agent.rnd.getstate() == long_way.rnd.getstate() != random.Random(9).getstate()


def test_a_refused_deck_whose_paid_cards_are_refused_draws_no_free_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the long way: the automatic deck failed its trial (here: all but a few cards unimplemented, the pool
    padded with Пустышки), so no free cards were drawn; the agent's stream is as it was."""
    from engine.rulesets.mafik.registry import REGISTRIES

    runner = _mafik_runner(6, 3)
    for card in list(REGISTRIES.cards.behaviours)[5:]:
        monkeypatch.delitem(REGISTRIES.cards.behaviours, card)
    assert _deck_on_a_deep_copy(MafikAgent(4, random.Random(9)), runner) is None
    agent, submitted = MafikAgent(4, random.Random(9)), []

    def submit(cards: list[str]) -> None:
        submitted.append(cards)
        api.deck_build(runner.state, 4, cards)

    agent._new_deck(runner.state, runner.ruleset, submit)
    assert submitted and agent.rnd.getstate() == random.Random(9).getstate()


def test_the_agents_free_card_limit_is_the_one_deck_rules_report() -> None:
    from engine.rulesets.mafik.deck import deck_limits

    state = _mafik_runner(5, 4).state
    state.player(2).public_role = "genius"  # Гений: five free cards, not three
    for pid in range(16):
        reported = max(limit.most or 0 for limit in api.deck_rules(state, pid).limits if limit.free)
        assert deck_limits(state, pid)["free"] == reported
    assert deck_limits(state, 2)["free"] == 5


def test_a_long_run_plays_the_same_games_and_gives_the_collector_back() -> None:
    """`long_run` keeps what exists before the games out of the garbage collector's passes (gc.freeze) and
    turns it off: the games are the same, and after it nothing stays frozen and the collector is on."""
    import gc

    from engine.sim import long_run, play_game

    frozen = gc.get_freeze_count()
    plain = api.dump(play_game("mafik", 12, 7).state)
    with long_run("mafik"):
        assert gc.get_freeze_count() > frozen
        assert not gc.isenabled()
        inside = api.dump(play_game("mafik", 12, 7).state)
    assert inside == plain
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled()


def _replay(state: GameState, pid: int, decisions: list[Decision]) -> None:
    """Each decision made with the public API, as a player acting elsewhere would make it."""
    for d in decisions:
        if d.call == "submit":
            api.submit(state, pid, d.kind, card=d.card, params=d.params, payment=d.payment)
        elif d.call == "act":
            api.act(state, pid, d.kind, d.params)
        elif d.call == "reorder_hand":
            api.reorder_hand(state, pid, d.cards)
        elif d.call == "deck_build":
            api.deck_build(state, pid, d.cards)
        elif d.call == "deck_pick":
            api.deck_pick(state, pid, d.cards[0])
        else:
            api.deck_auto(state, pid)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_decide_reports_what_the_agent_does_and_leaves_the_game_unchanged(ruleset: str) -> None:
    """engine.sim.decide: the agent's accepted calls, made on a copy; made again on the game, they leave it
    as the same agent acting on it directly would (same dice), phase after phase."""
    runner = GameRunner(ruleset, 12 if ruleset == "mafik" else 8, seed=11)  # Мафик: 12 players at least
    made = 0
    while runner.running and runner.state.phase < 8:
        for agent in runner.agents:
            direct = runner.state.model_copy(deep=True)
            acting = agent_class_for(ruleset)(agent.pid, random.Random(agent.pid))
            acting.act_instantly(direct, runner.ruleset)
            acting.act(direct, runner.ruleset)
            before = api.dump(runner.state)
            decisions = decide(agent_class_for(ruleset)(agent.pid, random.Random(agent.pid)), runner.state)
            assert api.dump(runner.state) == before
            _replay(runner.state, agent.pid, decisions)
            assert api.dump(runner.state) == api.dump(direct)
            made += len(decisions)
        runner.resolve()
    assert made > 0


def test_decide_builds_the_deck_in_set_up() -> None:
    roles = [r["id"] for r in get_ruleset("micromafik").public_roles()][:6]
    state = api.new_game("micromafik", [(f"Игрок {i + 1}", role) for i, role in enumerate(roles)], seed=3)
    agent = agent_class_for("micromafik")(0, random.Random(1))
    decisions = decide(agent, state)
    assert decisions and {d.call for d in decisions} <= {"deck_pick", "deck_build", "deck_auto"}
    assert state.player(0).deck_choice == []
    _replay(state, 0, decisions)
    assert state.player(0).building is not None and state.player(0).building.done


def test_the_mafik_agent_submits_a_play_once_with_a_payment_of_exactly_its_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent asks the play's cost and what may pay it before it submits: every play it submits pays
    exactly that cost (blood two a cost), and none is refused for its payment — nor for its phase, nor a
    punishment for being barred (what is refused whatever is chosen is not submitted)."""
    submitted: list[tuple[int, int]] = []  # (cost asked just before, cost paid)
    refused: list[tuple[str, str, object]] = []  # (order kind, refusal, reason)
    real = api.submit

    def submit(state: GameState, pid: int, kind: str, **kw: object) -> object:
        if kind == "play":
            payment = kw["payment"]
            assert isinstance(payment, dict)
            paid = len(payment["cards"]) + payment["points"] // 2
            submitted.append((api.play_cost(state, pid, kw["card"], kw["params"]), paid))  # type: ignore[arg-type]
        try:
            return real(state, pid, kind, **kw)  # type: ignore[arg-type]
        except Refusal as refusal:
            refused.append((kind, refusal.code, refusal.params.get("reason")))
            raise

    monkeypatch.setattr(api, "submit", submit)
    for seed in range(3):
        _mafik_runner(seed, 30)
    assert any(paid for _cost, paid in submitted), "a test of nothing: no play was paid for"
    assert all(cost == paid for cost, paid in submitted)
    assert not [r for r in refused if r[0] == "play" and r[1] in ("cost_unpayable", "bad_payment_card", "wrong_phase")]
    assert ("punishment", "not_allowed", "barred") not in refused
