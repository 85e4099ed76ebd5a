"""«Шёпот»'s rules (tests/engine/hidden_plugins/whisper/), as its docstring states them: the tiny rule set of
hidden rules that proves the bot's generic capabilities for a game such as hidden_rules (issue 18)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import api
from engine.core.diagram import Diagram
from engine.core.refusal import Refusal
from engine.core.state import GameState
from tests.engine.plugin_path import HIDDEN_PLUGINS, plugged_in

NAMES = ["Анна", "Борис", "Вера"]


@pytest.fixture(autouse=True)
def whisper(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with plugged_in(monkeypatch, HIDDEN_PLUGINS, "whisper"):
        yield


def game() -> GameState:
    return api.new_game("whisper", [(name, "listener") for name in NAMES], seed=11)


def offered(state: GameState, pid: int) -> list[str]:
    return [a.kind for a in api.actions(state, pid) if a.available]


def night(state: GameState, **orders: tuple[str, int]) -> None:
    for pid, (kind, target) in orders.items():
        api.submit(state, int(pid[1:]), kind, params={"target": target})
    api.resolve(state)


def test_at_the_start_each_listener_is_told_who_they_are_and_listen_only() -> None:
    state = game()
    assert api.told_rules(state, 1) == [("rules_whisper.start", {"pid": 1}), ("rules_whisper.listen", {})]
    assert offered(state, 1) == ["listen"]


def test_mark_is_refused_until_it_is_told() -> None:
    state = game()
    with pytest.raises(Refusal) as refused:
        api.submit(state, 0, "mark", params={"target": 1})
    assert refused.value.params["reason"] == "no_such_action"


def test_mark_is_told_and_announced_at_the_second_night() -> None:
    state = game()
    night(state)
    api.resolve(state)  # day 1
    assert state.phase == 3 and offered(state, 0) == ["listen", "mark"]
    told = [e for e in state.events if e.kind == "whisper_told"]
    assert [(e.to, e.who, e.params["rule"]) for e in told] == [("player", 0, "mark"), ("player", 1, "mark"), ("player", 2, "mark")]
    assert api.told_rules(state, 0)[-1] == ("rules_whisper.mark", {})


def test_after_each_night_everyone_sees_the_stone_with_anonymous_letters_links_and_arrows() -> None:
    state = game()
    night(state, p0=("listen", 1), p1=("listen", 0), p2=("listen", 0))
    [event] = [e for e in state.events if e.kind == "whisper_stone"]
    stone = Diagram.from_json(event.params["diagram"])
    assert event.to == "public" and sorted(n.label for n in stone.nodes) == ["А", "Б", "В"]
    arrows = sorted(e.arrow for e in stone.edges)
    assert arrows == ["both", "forward"] and all(e.kind == "tonight" for e in stone.edges)


def test_a_marked_listener_passes_to_the_world_of_spirits_and_hears_it() -> None:
    state = game()
    night(state)
    api.resolve(state)
    night(state, p0=("mark", 2))
    assert [f.key for f in api.panel_facts(state, 2)] == ["panel_whisper.world_spirits"]
    assert [f.key for f in api.panel_facts(state, 1)] == ["panel_whisper.world_living"]
    assert [(e.to, e.who) for e in state.events if e.kind == "whisper_marked"] == [("player", 2)]
    stone = Diagram.from_json([e for e in state.events if e.kind == "whisper_stone"][-1].params["diagram"])
    assert [n.badges for n in stone.nodes].count(("whisper_mark",)) == 1


def test_a_link_of_an_earlier_night_is_plain_on_the_stone() -> None:
    state = game()
    night(state, p0=("listen", 1))
    api.resolve(state)
    night(state, p1=("listen", 2))
    stone = Diagram.from_json([e for e in state.events if e.kind == "whisper_stone"][-1].params["diagram"])
    assert sorted((e.arrow, e.kind) for e in stone.edges) == [("forward", ""), ("forward", "tonight")]


def test_the_game_ends_after_the_third_night_and_everybody_wins() -> None:
    state = game()
    for _ in range(5):
        api.resolve(state)
    assert state.status == "finished" and state.winners == ["whisperer"]
