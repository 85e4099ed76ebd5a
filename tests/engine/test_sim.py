"""The simulator's shortcuts give what the long way gives: this phase's events as the player's view has
them, and the automatic deck of a trial that leaves the game as it was."""

from __future__ import annotations

import random

from engine.core import api
from engine.core.views import events_for, events_of_phase, player_view
from engine.sim import GameRunner, MafikAgent


def _mafik_runner(seed: int, phases: int) -> GameRunner:
    runner = GameRunner("mafik", 16, seed)
    while runner.running and runner.state.phase < phases:
        runner.step()
    return runner


def test_events_of_phase_are_the_players_visible_events_of_this_phase() -> None:
    runner = _mafik_runner(3, 6)
    runner.act()  # the phase's own events (votes, messages, rooms) are there too
    state = runner.state
    for pid in range(16):
        expected = [e for e in events_for(state, pid) if e.phase == state.phase]
        assert expected, "a test of nothing: no events this phase"
        assert events_of_phase(state, pid) == expected
        assert [e.model_dump() for e in expected] == \
            [e for e in player_view(state, pid)["events"] if e["phase"] == state.phase]


def _deck_on_a_deep_copy(agent: MafikAgent, runner: GameRunner) -> list[str] | None:
    """The automatic deck the long way: on a whole deep copy of the game, as deck building (re)starts it."""
    trial = runner.state.model_copy(deep=True)
    trial.status = "setup"
    building = trial.player(agent.pid).building
    if building is not None:
        building.done = False
    api.deck_auto(trial, agent.pid)
    return list(trial.player(agent.pid).deck_choice) + agent._free_cards(runner.state, runner.ruleset)


def test_deck_trial_builds_the_deck_of_a_whole_copy_and_leaves_the_game_unchanged() -> None:
    runner = _mafik_runner(5, 8)
    state = runner.state
    for pid in range(16):
        before = state.to_json()
        agent = MafikAgent(pid, random.Random(pid))
        expected = _deck_on_a_deep_copy(MafikAgent(pid, random.Random(pid)), runner)
        assert agent._legal_deck(state, runner.ruleset) == expected
        assert state.to_json() == before


def test_the_agents_free_card_limit_is_the_one_deck_rules_report() -> None:
    from engine.rulesets.mafik.deck import deck_limits

    state = _mafik_runner(5, 4).state
    state.player(2).public_role = "genius"  # Гений: five free cards, not three
    for pid in range(16):
        reported = max(limit.most or 0 for limit in api.deck_rules(state, pid).limits if limit.free)
        assert deck_limits(state, pid)["free"] == reported
    assert deck_limits(state, 2)["free"] == 5


def test_a_long_run_plays_the_same_games_and_gives_the_collector_back() -> None:
    """`long_run` keeps what exists before the games out of the garbage collector's passes (gc.freeze):
    the games are the same, and after it nothing stays frozen."""
    import gc

    from engine.sim import long_run, play_game

    frozen = gc.get_freeze_count()
    plain = api.dump(play_game("mafik", 12, 7).state)
    with long_run("mafik"):
        assert gc.get_freeze_count() > frozen
        inside = api.dump(play_game("mafik", 12, 7).state)
    assert inside == plain
    assert gc.get_freeze_count() == frozen
