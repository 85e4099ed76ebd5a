"""The soul stone: souls under anonymous labels, links (one character's ability on another in any past phase),
Связь, Слабая связь, Прямая связь, Связи, Прояснить связь, Печать and Прямая печать with the public reveal,
Озарение's marks; the picture each player is sent."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.diagram import Diagram
from engine.core.refusal import Refusal
from engine.rulesets.hidden_rules.model import soul, stone
from tests.engine.hidden_rules.conftest import CULTIST, EATER, JUDGE, PROTECTOR, SHAMAN_A, SHAMAN_B, WARLOCK


def shadowed(game, by: int = CULTIST, on: int = 1):
    return game().know_all(by, SHAMAN_A, SHAMAN_B, JUDGE, PROTECTOR, EATER).do(by, "cultist_shadow", target=on).resolve()


def drawn(g, pid: int) -> Diagram:
    return Diagram.from_json([e for e in g.told(pid, "hr_stone")][-1]["diagram"])


def test_a_link_is_an_ability_used_by_one_character_on_another(game) -> None:
    g = shadowed(game)
    links = stone(g.state).links
    assert [(x.actor, x.target, x.ability, x.bad) for x in links] == [(CULTIST, 1, "cultist_shadow", True)]


def test_link_draws_every_link_among_up_to_three_souls(game) -> None:
    g = shadowed(game).world(SHAMAN_A)
    g.do(SHAMAN_A, "shaman_link", souls=[g.label(CULTIST), g.label(1), g.label(2)]).resolve()
    assert [(e.a, e.b, e.arrow) for e in drawn(g, SHAMAN_A).edges] == [(*sorted((g.label(CULTIST), g.label(1))), "none")]


def test_link_sees_only_past_phases(game) -> None:
    g = game().know_all(CULTIST, SHAMAN_A).world(SHAMAN_A)
    g.do(CULTIST, "cultist_shadow", target=1).do(SHAMAN_A, "shaman_link", souls=[g.label(CULTIST), g.label(1)])
    g.resolve()
    assert drawn(g, SHAMAN_A).edges == ()


def test_link_takes_at_most_three_souls(game) -> None:
    g = game().know_all(SHAMAN_A).world(SHAMAN_A)
    with pytest.raises(Refusal):
        g.do(SHAMAN_A, "shaman_link", souls=["A", "B", "C", "D"])


def test_weak_link_draws_an_undirected_link_between_two_souls(game) -> None:
    g = shadowed(game).world(EATER)
    g.do(EATER, "eater_weak_link", souls=[g.label(1), g.label(CULTIST)]).resolve()
    assert [e.arrow for e in drawn(g, EATER).edges] == ["none"]


def test_direct_link_draws_the_directed_link_if_there_is_one(game) -> None:
    g = shadowed(game).world(JUDGE)
    g.do(JUDGE, "judge_link", souls=[g.label(1), g.label(CULTIST)]).resolve()
    edge = drawn(g, JUDGE).edges[0]
    assert (edge.a, edge.b, edge.arrow) == (g.label(CULTIST), g.label(1), "forward")


def test_links_draws_every_link_of_one_soul(game) -> None:
    g = game().know_all(CULTIST, SHAMAN_B, PROTECTOR).do(CULTIST, "cultist_shadow", target=1)
    g.do(SHAMAN_B, "shaman_shadow", target=1).resolve().world(PROTECTOR)
    g.do(PROTECTOR, "protector_links", soul=g.label(1)).resolve()
    assert len(drawn(g, PROTECTOR).edges) == 2


def test_clarify_link_draws_directions_on_links_already_found(game) -> None:
    g = shadowed(game).world(SHAMAN_A)
    g.do(SHAMAN_A, "shaman_link", souls=[g.label(CULTIST), g.label(1)]).resolve()
    link = "-".join(sorted((g.label(CULTIST), g.label(1))))
    assert api.param_labels(g.state, SHAMAN_A, _param("shaman_clarify")) == [link]
    g.do(SHAMAN_A, "shaman_clarify", links=[link]).resolve()
    edge = drawn(g, SHAMAN_A).edges[0]
    assert (edge.a, edge.b, edge.arrow) == (g.label(CULTIST), g.label(1), "forward")


def test_clarify_link_only_on_links_already_found(game) -> None:
    g = shadowed(game).world(SHAMAN_A)
    with pytest.raises(Refusal):
        g.do(SHAMAN_A, "shaman_clarify", links=["-".join(sorted((g.label(CULTIST), g.label(1))))])


def test_reading_the_stone_draws_no_link(game) -> None:
    g = game().know_all(SHAMAN_A).world(SHAMAN_A).do(SHAMAN_A, "shaman_link", souls=["A", "B"]).resolve()
    assert stone(g.state).links == []


def _param(ability: str):
    from engine.rulesets.hidden_rules.abilities import ABILITIES

    return ABILITIES[ability].params[0]


def test_seals_are_announced_publicly_when_they_reach_half_of_the_living_and_then_drop(game) -> None:
    g = game().know_all(SHAMAN_A, EATER, WARLOCK).world(SHAMAN_A).world(EATER).world(WARLOCK).to_phase(3)
    g.do(SHAMAN_A, "shaman_seal", souls=[g.label(1), g.label(2)]).do(EATER, "eater_seal", souls=[g.label(3)])
    g.resolve()
    assert stone(g.state).seals and not g.public("hr_seals_revealed")
    g.do(SHAMAN_A, "shaman_seal", souls=[g.label(4), g.label(5)]).resolve()
    assert g.public("hr_seals_revealed") == [{"kind": "hr_seals_revealed", "pids": [1, 2, 3, 4, 5]}]
    assert stone(g.state).seals == []


def test_direct_seal_seals_the_targets_soul(game) -> None:
    g = game().know_all(JUDGE).to_phase(2).do(JUDGE, "judge_seal", target=1).resolve()
    assert stone(g.state).seals == [g.label(1)]


def test_insight_marks_the_stone_when_the_real_target_is_among_the_two_souls(game) -> None:
    g = game().know_all(SHAMAN_B)
    other = next(lab for lab in "ABCDEFGHIJ" if lab != g.label(1))
    g.do(SHAMAN_B, "shaman_insight", target=1, souls=[other, g.label(1)]).resolve()
    assert stone(g.state).marks == [g.label(1)] and g.told(SHAMAN_B, "hr_insight_hit")
    assert "marked" in next(n.badges for n in drawn(g, SHAMAN_B).nodes if n.id == g.label(1))


def test_insight_without_a_match_marks_nothing(game) -> None:
    g = game().know_all(SHAMAN_B)
    others = [lab for lab in "ABCDEFGHIJ" if lab != g.label(1)][:2]
    g.do(SHAMAN_B, "shaman_insight", target=1, souls=others).resolve()
    assert stone(g.state).marks == [] and g.told(SHAMAN_B, "hr_insight_miss")


def test_the_stone_picture_shows_every_soul_by_label_and_names_only_the_glanced(game) -> None:
    g = game().know_all(EATER).to_phase(3).do(EATER, "eater_glance", target=1).resolve()
    nodes = {n.id: n.label for n in drawn(g, EATER).nodes}
    assert sorted(nodes) == list("ABCDEFGHIJ")
    assert nodes[g.label(1)] == f"{g.label(1)} · P1"
    assert sum(1 for lab, text in nodes.items() if lab != text) == 1


def test_what_a_player_drew_is_his_alone(game) -> None:
    g = shadowed(game).world(SHAMAN_A)
    g.do(SHAMAN_A, "shaman_link", souls=[g.label(CULTIST), g.label(1)]).resolve()
    assert soul(g.state, SHAMAN_A).edges and not soul(g.state, SHAMAN_B).edges
    assert all(e.to == "player" and e.who == SHAMAN_A for e in g.state.events if e.kind == "hr_stone")
