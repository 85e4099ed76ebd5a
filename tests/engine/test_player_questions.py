"""Questions to players (engine/core/rulings.py): a question that arises while a phase resolves is asked
then, answered during the next phase and applied when that phase resolves; unanswered, its default
applies and the player is told. «Сброс» (tests/engine/question_plugins/asker/) asks each player which two
of their four tokens to discard."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import api, rulings
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, MasterQuestion
from engine.core.views import events_for
from tests.engine.plugin_path import QUESTION_PLUGINS, plugged_in

PLAYERS = [("Анна", "holder1"), ("Борис", "holder2"), ("Вера", "holder3")]


@pytest.fixture
def asker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """«Сброс» as if it were a package under engine/rulesets/."""
    with plugged_in(monkeypatch, QUESTION_PLUGINS, "asker"):
        yield


def key(pid: int, phase: int) -> str:
    return f"discard-{pid}-{phase}"


def asked_game() -> GameState:
    """Phase 1 resolved: every player is asked, for phase 2, which two tokens to discard."""
    state = api.new_game("asker", PLAYERS, seed=1)
    api.resolve(state)
    return state


def uids(state: GameState, pid: int) -> list[int]:
    return [c.uid for c in state.player(pid).hand]


def held(state: GameState, pid: int) -> list[str]:
    return [c.card for c in state.player(pid).hand]


def events(state: GameState, kind: str) -> list[Any]:
    return [e for e in state.events if e.kind == kind]


def refused(state: GameState, pid: int, question: Any, picks: Any) -> Refusal:
    """api.answer refuses (and api.check_answer the same), and nothing changes."""
    before = state.model_dump_json()
    with pytest.raises(Refusal) as checked:
        api.check_answer(state, pid, question, picks)
    with pytest.raises(Refusal) as caught:
        api.answer(state, pid, question, picks)
    assert state.model_dump_json() == before, "a refused answer changed the state"
    assert (checked.value.code, checked.value.params) == (caught.value.code, caught.value.params)
    return caught.value


# ---------------------------------------------------------------- asked at resolution

def test_a_question_arising_at_resolution_is_asked_of_the_player_for_the_next_phase(asker: None) -> None:
    state = asked_game()
    assert state.phase == 2
    question = state.questions[key(0, 2)]
    assert (question.to, question.phase, question.count, question.among) == (0, 2, 2, "cards")
    assert (question.options, question.default) == (uids(state, 0), uids(state, 0)[:2])
    assert question.cards == ["stone", "leaf", "shell", "feather"] and question.choice is None
    mine = [e for e in events(state, "player_question") if e.who == 0]
    assert [(e.to, e.phase, e.params) for e in mine] == [("player", 1, {
        "key": key(0, 2), "question": "discard_two", "pid": 0, "count": 2,
        "cards": ["stone", "leaf", "shell", "feather"]})]
    assert mine[0] in events_for(state, 0) and mine[0] not in events_for(state, 1), "only the asked player sees it"


def test_the_answer_applies_when_the_next_phase_resolves(asker: None) -> None:
    state = asked_game()
    shell, feather = uids(state, 0)[2:]
    api.answer(state, 0, key(0, 2), [feather, shell])
    assert state.questions[key(0, 2)].choice == [feather, shell] and held(state, 0) == list(
        ["stone", "leaf", "shell", "feather"]), "nothing happens before the resolution"
    [told] = events(state, "player_answered")
    assert (told.to, told.params) == ("master", {"key": key(0, 2), "question": "discard_two", "pid": 0,
                                                 "cards": ["feather", "shell"]})
    api.resolve(state)
    assert held(state, 0) == ["stone", "leaf"]
    assert not [e for e in events(state, "player_default") if e.who == 0], "an answered question is not defaulted"


def test_a_new_answer_before_the_deadline_replaces_the_old(asker: None) -> None:
    state = asked_game()
    stone, _leaf, shell, feather = uids(state, 0)
    api.answer(state, 0, key(0, 2), [shell, feather])
    api.answer(state, 0, key(0, 2), [stone, feather])
    api.resolve(state)
    assert held(state, 0) == ["leaf", "shell"]
    assert len(events(state, "player_answered")) == 2


def test_unanswered_the_default_applies_and_the_player_is_told_once(asker: None) -> None:
    state = asked_game()
    api.resolve(state)
    assert held(state, 1) == ["shell", "feather"]
    told = [e for e in events(state, "player_default") if e.who == 1]
    assert [(e.to, e.params) for e in told] == [("player", {"key": key(1, 2), "question": "discard_two", "pid": 1,
                                                            "cards": ["stone", "leaf"]})]
    assert rulings.picked(state, key(1, 2)) == state.questions[key(1, 2)].default
    assert len([e for e in events(state, "player_default") if e.who == 1]) == 1, "told once"


def test_the_game_goes_on_with_the_next_question_and_ends_when_nobody_holds_two(asker: None) -> None:
    state = asked_game()
    api.resolve(state)
    assert state.questions[key(0, 3)].options == uids(state, 0) and state.phase == 3
    api.resolve(state)
    assert state.status == "finished" and all(p.hand == [] for p in state.players)


# ---------------------------------------------------------------- refusals

def test_an_unknown_question_is_refused(asker: None) -> None:
    state = asked_game()
    assert refused(state, 0, "discard-0-9", uids(state, 0)[:2]).code == "unknown_question"
    assert refused(state, 0, 7, uids(state, 0)[:2]).code == "unknown_question"


def test_a_question_asked_of_someone_else_is_refused(asker: None) -> None:
    state = asked_game()
    assert refused(state, 1, key(0, 2), uids(state, 0)[:2]).code == "not_your_question"
    with pytest.raises(Refusal) as caught:
        api.rule(state, key(0, 2), "stone")
    assert caught.value.code == "not_your_question", "the master does not answer a player's question"


def test_a_stranger_is_refused(asker: None) -> None:
    state = asked_game()
    assert refused(state, 9, key(0, 2), uids(state, 0)[:2]).code == "not_in_game"


@pytest.mark.parametrize("picks", [[], "first", [0], [0, 1, 2], [0, 0]], ids=["none", "not_a_list", "one", "three",
                                                                              "twice"])
def test_an_answer_that_is_not_two_different_options_is_refused(asker: None, picks: Any) -> None:
    state = asked_game()
    mine = uids(state, 0)
    picks = [mine[i] for i in picks] if isinstance(picks, list) else picks
    refusal = refused(state, 0, key(0, 2), picks)
    assert (refusal.code, refusal.params["count"]) == ("wrong_count", 2)


def test_an_option_not_among_the_players_cards_is_refused(asker: None) -> None:
    state = asked_game()
    refusal = refused(state, 0, key(0, 2), [uids(state, 0)[0], uids(state, 1)[0]])
    assert (refusal.code, refusal.params["option"]) == ("option_not_offered", uids(state, 1)[0])


def test_a_question_is_closed_before_its_phase_and_after_it(asker: None) -> None:
    state = api.new_game("asker", PLAYERS, seed=1)
    api.resolve(state)
    early = rulings.ask_at_resolution(state, "early", "discard_two", uids(state, 0), uids(state, 0)[:2], to=0,
                                      count=2, among="cards")
    assert early.phase == 3
    assert refused(state, 0, "early", uids(state, 0)[:2]).params["reason"] == "phase_over", "asked for the next phase"
    api.resolve(state)
    assert refused(state, 0, key(0, 2), uids(state, 0)[:2]).params["reason"] == "phase_over"


def test_without_picks_check_answer_says_whether_the_player_may_answer_now(asker: None) -> None:
    state = asked_game()
    assert api.check_answer(state, 0, key(0, 2)) is state.questions[key(0, 2)]
    with pytest.raises(Refusal) as caught:
        api.check_answer(state, 1, key(0, 2))
    assert caught.value.code == "not_your_question"
    api.resolve(state)
    with pytest.raises(Refusal) as caught:
        api.check_answer(state, 0, key(0, 2))
    assert caught.value.code == "question_closed"


# ---------------------------------------------------------------- asked during a phase; declared kinds

def test_a_question_asked_during_a_phase_is_answered_in_that_phase(asker: None) -> None:
    state = api.new_game("asker", PLAYERS, seed=1)
    question = rulings.ask(state, "now", "discard_two", [2, 1], 1, to=2, among="players")
    assert (question.phase, question.default, question.count) == (1, 1, 1)
    [asked] = events(state, "player_question")
    assert asked.params == {"key": "now", "question": "discard_two", "pid": 2, "count": 1, "targets": [2, 1]}
    api.answer(state, 2, "now", [2])
    assert rulings.picked(state, "now") == [2] and state.questions["now"].choice == 2


def test_only_a_declared_kind_with_sound_options_may_be_asked(asker: None) -> None:
    state = api.new_game("asker", PLAYERS, seed=1)
    mine = uids(state, 0)
    with pytest.raises(ValueError, match="question_kinds"):
        rulings.ask(state, "k", "card_message", ["deliver"], "deliver")
    with pytest.raises(ValueError, match="default"):
        rulings.ask(state, "k", "discard_two", mine, mine[:1], to=0, count=2, among="cards")
    with pytest.raises(ValueError, match="not all cards"):
        rulings.ask(state, "k", "discard_two", [*mine[:1], uids(state, 1)[0]], mine[0], to=0, among="cards")
    with pytest.raises(ValueError, match="one option for count 1"):
        rulings.ask(state, "k", "discard_two", mine, mine[:1], to=0, among="cards")
    with pytest.raises(ValueError, match="cannot pick"):
        rulings.ask(state, "k", "discard_two", mine[:1], mine[:1], to=0, count=2, among="cards")
    assert state.questions == {}


def test_the_rule_sets_declare_their_question_kinds(asker: None) -> None:
    assert get_ruleset("asker").question_kinds == {"discard_two": ()}
    assert get_ruleset("micromafik").question_kinds == {"card_message": ("deliver", "withhold")}
    assert get_ruleset("mafik").question_kinds == {"card_message": ("deliver", "withhold"),  # and Цензура's
                                                   "censorship_violation": ("violation", "no_violation"),
                                                   "roulette_roll": ("armor", "damage")}  # the master's die


# ---------------------------------------------------------------- saved states

def test_a_game_with_open_questions_round_trips_through_json(asker: None) -> None:
    state = asked_game()
    api.answer(state, 0, key(0, 2), uids(state, 0)[1:3])
    loaded = GameState.model_validate_json(state.model_dump_json())
    assert loaded == state
    api.answer(loaded, 2, key(2, 2), uids(loaded, 2)[2:])
    api.answer(state, 2, key(2, 2), uids(state, 2)[2:])
    api.resolve(loaded)
    api.resolve(state)
    assert loaded.model_dump_json() == state.model_dump_json()


def test_a_question_saved_before_questions_to_players_loads_as_a_question_to_the_master() -> None:
    old = {"key": "msg-0-1-abcd", "kind": "card_message", "phase": 3, "options": ["deliver", "withhold"],
           "default": "deliver", "params": {"sender": 0}, "oid": 1, "choice": "withhold", "defaulted": False}
    question = MasterQuestion.model_validate_json(json.dumps(old))
    assert (question.to, question.count, question.among, question.cards) == ("master", 1, "names", [])
    assert (question.default, question.choice) == ("deliver", "withhold")
    assert question.model_dump(include=set(old)) == old
