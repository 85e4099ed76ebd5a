"""Расклад (a decision: docs/rulesets/hidden_rules.md, «Расклад») and the start."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.hidden_rules.model import LABELS, MAFIA, soul, stone
from engine.rulesets.hidden_rules.setup import check_table, default_table


def players(n: int) -> list[tuple[str, str]]:
    return [(f"P{i}", "character") for i in range(n)]


def test_ten_players_are_five_shamans_three_in_group_a_two_in_group_b_and_the_five_roles() -> None:
    state = api.new_game("hidden_rules", players(10), seed=3)
    roles = sorted((p.secret_role, soul(state, p.pid).group) for p in state.players)
    assert roles == sorted([("shaman", "a")] * 3 + [("shaman", "b")] * 2 + [
        ("judge", ""), ("protector", ""), ("cultist", ""), ("warlock", ""), ("eater", "")])


@pytest.mark.parametrize(("n", "a", "b"), [(8, 2, 1), (9, 3, 1), (12, 5, 2), (16, 7, 4)])
def test_the_default_table_fills_the_rest_with_shamans_two_fifths_in_group_b(n: int, a: int, b: int) -> None:
    table = default_table(n)
    assert (table.count("shaman_a"), table.count("shaman_b"), len(table)) == (a, b, n)


@pytest.mark.parametrize(("table", "why"), [
    (["shaman_a"] * 5 + ["judge", "protector", "cultist", "warlock", "warlock"], "twice"),
    (["shaman_a"] * 5 + ["judge", "protector", "shaman_a", "shaman_a", "shaman_a"], "groups"),
    (["shaman_a"] * 4 + ["shaman_b", "judge", "protector", "judge_x", "warlock", "eater"], "unknown"),
    (["shaman_a"] * 4 + ["shaman_b", "judge", "protector", "cultist", "warlock"], "seats"),
])
def test_a_table_that_cannot_start_is_refused(table: list[str], why: str) -> None:
    with pytest.raises(Refusal) as refused:
        check_table(table, 10)
    assert refused.value.params["why"] == why


def test_a_table_without_the_town_outnumbering_the_mafia_is_refused() -> None:
    table = ["shaman_a", "shaman_b", "judge", "cultist", "warlock", "eater", "protector", "shaman_a"]
    check_table(table, 8)
    with pytest.raises(Refusal):
        api.new_game("hidden_rules", players(8), seed=1,
                     settings={"table": ["shaman_a", "shaman_b", "cultist", "warlock", "eater", "judge", "x", "y"]})


def test_too_few_players_are_refused() -> None:
    with pytest.raises(Refusal):
        api.new_game("hidden_rules", players(7), seed=1)


def test_the_setting_table_is_the_table_dealt() -> None:
    table = ["shaman_a"] * 4 + ["shaman_b", "judge", "protector", "cultist", "warlock", "eater", "shaman_b"]
    state = api.new_game("hidden_rules", players(11), seed=5, settings={"table": table})
    assert sorted(p.secret_role for p in state.players).count("shaman") == 6
    assert sum(1 for p in state.players if soul(state, p.pid).group == "b") == 2


def test_every_soul_has_its_own_label_shuffled_by_the_seed() -> None:
    one = stone(api.new_game("hidden_rules", players(10), seed=1)).souls
    assert sorted(one.values()) == list(LABELS[:10])
    others = [stone(api.new_game("hidden_rules", players(10), seed=s)).souls for s in range(2, 6)]
    assert any(o != one for o in others)
    assert stone(api.new_game("hidden_rules", players(10), seed=1)).souls == one


def test_the_mafia_know_each_other_from_the_start() -> None:
    state = api.new_game("hidden_rules", players(10), seed=2)
    mafia = {p.pid for p in state.players if p.faction == MAFIA}
    for pid in mafia:
        told = [e for e in state.events if e.kind == "hr_mafia" and e.who == pid]
        assert set(told[0].params["pids"]) == mafia - {pid}
    assert not [e for e in state.events if e.kind == "hr_mafia" and e.who not in mafia]
