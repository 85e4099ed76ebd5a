"""The Вече of Мафик (seeds/000_…, "==== Вече ===="): the secret vote for a character, the open vote
for the punishment, and the four punishments.

Public roles set the priority for ties (the seed's list order): Культист (2nd) > Гик (6th) > Шулер
(7th) > Инженер (8th) > "(Другой)" (by name). Their perks do not touch the Вече.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.mafik.cards.common import new_card_to_sleeve
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.roles import priority
from tests.engine.mafik.conftest import MafikScenario


def town(hand: int = 12) -> MafikScenario:
    """Day 1: A Культист, B Гик, C Шулер, D Инженер (law), M the Босс (other)."""
    g = MafikScenario.day(1)
    g.player("A", role="cultist", hand=hand).player("B", role="geek", hand=hand)
    g.player("C", role="cardsharp", hand=hand).player("D", role="engineer", hand=hand)
    g.player("M", secret="boss", hand=30)
    return g.build()


def verdict(g: MafikScenario) -> dict[str, Any]:
    return dict(g.public("council_verdict")[-1].params)


def refused(fn: Any, *args: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        fn(*args)
    return caught.value


def test_priority_is_the_seeds_list_order():
    g = town()
    ranks = [priority(g.p(n)) for n in ("A", "B", "C", "D", "M")]
    assert ranks == sorted(ranks)


def test_no_vote_is_a_vote_for_oneself():
    g = town()
    # A → D, B → C, C → A; D and M do not vote: D has A's vote and his own
    g.vote("A", "D").vote("B", "C").vote("C", "A").resolve()
    assert verdict(g)["punished"] == g.pid("D")


def test_targets_are_announced_without_counts():
    g = town()
    g.vote("A", "M").vote("B", "M").vote("C", "M").vote("D", "A").vote("M", "A").resolve()
    params = verdict(g)
    assert set(params) == {"targets", "punished", "punishment", "punishment_votes", "decided_by"}
    assert params["punishment_votes"] == {}  # the open punishment vote's counts; none for the characters
    assert params["targets"] == [g.pid("A"), g.pid("M")]
    assert params["punished"] == g.pid("M")
    assert not [e for e in g.state.events if e.kind == "council_verdict" and e.to != "public"]


def test_targets_include_a_vote_of_strength_zero():
    g = town()
    g.state.add_effect("breach_votes", target=g.pid("D"), amount=-1)  # the law's Пролом: −1
    g.vote("A", "M").vote("B", "M").vote("C", "M").vote("M", "M").vote("D", "B").resolve()
    assert verdict(g)["targets"] == [g.pid("B"), g.pid("M")]


def test_most_votes_are_punished():
    g = town()
    g.vote("A", "C").vote("B", "C").vote("C", "A").vote("D", "A").vote("M", "C").resolve()
    assert verdict(g)["punished"] == g.pid("C")


def test_tie_punishes_the_higher_public_role():
    g = town()
    g.vote("A", "D").vote("B", "D").vote("C", "B").vote("D", "B").vote("M", "M").resolve()
    assert verdict(g)["punished"] == g.pid("B")  # Гик above Инженер


def test_tie_among_other_roles_goes_by_name():
    g = MafikScenario.day(1)
    g.player("Yuri", hand=12).player("Anna", hand=12).player("M", secret="boss", hand=30)
    g.vote("Yuri", "Anna").vote("Anna", "Yuri").vote("M", "M").resolve()
    assert verdict(g)["punished"] == g.pid("Anna")


def test_punishment_vote_is_announced_as_cast():
    g = town()
    g.order("C", "punishment", choice="torture")
    [event] = g.public("punishment_vote")
    assert event.params == {"pid": g.pid("C"), "choice": "torture"}
    g.order("C", "punishment", choice="exile")  # a changed vote is announced again
    assert [e.params["choice"] for e in g.public("punishment_vote")] == ["torture", "exile"]
    assert len(g.state.orders[g.pid("C")]) == 1


def test_punishment_most_votes_win():
    g = town()
    g.vote("A", "M", "exile").vote("B", "M", "torture").vote("C", "M", "torture").vote("D", "M").resolve()
    assert verdict(g)["punishment"] == "torture"


def test_punishment_tie_goes_to_the_highest_role_among_voters_of_the_tied_options():
    g = town()
    # A (the highest) votes execution, alone; torture and exile tie 2:2; B is the highest of their voters
    g.vote("A", "M", "execution").vote("B", "M", "exile").vote("C", "M", "torture").vote("D", "M", "torture")
    g.vote("M", "M", "exile").resolve()
    assert verdict(g)["punishment"] == "exile"


def test_punishment_tie_names_the_tied_choices_their_votes_and_the_deciding_voter():
    g = town()
    g.vote("A", "M", "execution").vote("B", "M", "exile").vote("C", "M", "torture").vote("D", "M", "torture")
    g.vote("M", "M", "exile").resolve()
    params = verdict(g)
    assert params["decided_by"] == "tie" and params["tied"] == ["torture", "exile"]
    assert params["decider"] == g.pid("B")
    assert params["punishment_votes"] == {"execution": 1, "torture": 2, "exile": 2}


def test_punishment_majority_is_said_to_be_decided_by_votes():
    g = town()
    g.vote("A", "M", "exile").vote("B", "M", "torture").vote("C", "M", "torture").vote("D", "M").resolve()
    assert verdict(g)["decided_by"] == "votes" and "tied" not in verdict(g)


def test_punishment_without_votes_is_said_to_be_the_default():
    g = town()
    g.vote("A", "M").vote("B", "M").resolve()
    assert verdict(g)["decided_by"] == "default" and verdict(g)["punishment_votes"] == {}


def test_punishment_vote_strength_counts():
    g = town()
    g.state.add_effect("breach_votes", target=g.pid("D"), amount=3)  # the mafia's Пролом: +3
    g.vote("A", "M", "torture").vote("B", "M", "torture").vote("C", "M", "torture").vote("D", "M", "exile").resolve()
    assert verdict(g)["punishment"] == "exile"


@pytest.mark.parametrize(("barred", "chosen"), [
    ([], "execution"),
    (["execution"], "auto_da_fe"),
    (["execution", "auto_da_fe"], "torture"),
    (["execution", "auto_da_fe", "torture"], "exile"),
    (["execution", "auto_da_fe", "torture", "exile"], None),
])
def test_punishment_without_votes_is_the_first_allowed(barred, chosen):
    g = town()
    for punishment in barred:
        g.state.add_effect("barred", start=g.state.phase, end=g.state.phase, punishment=punishment)
    g.vote("A", "M").vote("B", "M").vote("C", "M").vote("D", "M").resolve()
    assert verdict(g)["punishment"] == chosen and verdict(g)["punished"] == g.pid("M")


def test_execution_deals_six_damage():
    g = town(hand=8)
    g.vote("A", "B").vote("C", "B").vote("D", "B").vote("M", "B").resolve()
    assert verdict(g)["punishment"] == "execution"
    assert g.hand_size("B") == 2


def test_auto_da_fe_takes_the_top_two_sleeve_cards_and_deals_four_damage():
    g = town(hand=8)
    g.p("B").sleeve = [g.state.new_card(c) for c in ("seek", "breach", "plan_b")]
    g.vote("A", "B", "auto_da_fe").vote("C", "B").vote("D", "B").vote("M", "B").resolve()
    assert verdict(g)["punishment"] == "auto_da_fe"
    assert g.sleeve("B") == ["plan_b"]
    assert g.hand_size("B") == 4
    assert [c.card for c in g.p("B").discard][:2] == ["seek", "breach"]


def everyone_votes_m(g: MafikScenario) -> MafikScenario:
    g.build()
    if g.state.is_day:
        for player in g.state.living():
            if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
                g.order(player.name, "vote", target="M")
    return g.resolve()


def test_torture_reveals_the_secret_role_and_shows_hand_plays_for_four_phases():
    g = MafikScenario.day(1)
    g.player("A", secret="judge", hand=["dummy"] * 12, sleeve=["dummy"] * 6, deck=["dummy"] * 20)
    g.player("B", hand=12).player("M", secret="boss", hand=30)
    g.vote("A", "A", "torture").vote("B", "A").vote("M", "A").resolve()
    [reveal] = g.public("torture_reveal")
    assert reveal.params == {"pid": g.pid("A"), "secret_role": "judge"}
    shown = []
    for _ in range(5):  # night 2, day 2, night 3, day 3, night 4
        g.play("A", "dummy").play("A", "dummy", from_sleeve=True)
        everyone_votes_m(g)
        shown.append([e.params["card"] for e in g.public("torture_play") if e.phase == g.state.phase - 1])
    assert shown == [["dummy"], ["dummy"], ["dummy"], ["dummy"], []]
    assert all(e.params["pid"] == g.pid("A") for e in g.public("torture_play"))


def test_torture_of_the_traitor_shows_a_law_role():
    g = MafikScenario.day(1)
    g.player("T", secret="traitor", hand=12).player("B", hand=12).player("M", secret="boss", hand=30)
    g.vote("T", "T", "torture").vote("B", "T").vote("M", "T").resolve()
    [reveal] = g.public("torture_reveal")
    assert reveal.params["secret_role"] in ("officer", "sheriff", "commissar", "judge", "vigilante", "policeman",
                                            "investigator", "detective")


def test_exile_no_rooms_and_no_sleeve_for_two_nights():
    g = MafikScenario.day(1)
    g.player("A", hand=["dummy"] * 12, sleeve=["dummy"] * 6, deck=["dummy"] * 20)
    g.player("B", hand=12).player("M", secret="boss", hand=30)
    g.vote("A", "A", "exile").vote("B", "A").vote("M", "A").resolve()  # night 2
    assert verdict(g)["punishment"] == "exile"
    exiled_phases = []
    for _ in range(4):  # night 2, day 2, night 3, day 3
        g.build()
        refusal = None
        try:
            g.play("A", "dummy", from_sleeve=True)
        except Refusal as caught:
            refusal = caught
        exiled_phases.append(refusal is not None)
        if refusal is not None:
            assert refusal.code == "not_allowed" and refusal.params["reason"] == "exiled"
            assert not new_card_to_sleeve(g.state, g.pid("A"), "seek")
            assert not REGISTRIES.queries.ask("may_join_room", g.state, True, pid=g.pid("A"))
        if g.state.is_day and refusal is not None:
            proposal = refused(api.act, g.state, g.pid("B"), "room_propose", {"members": [g.pid("A")]})
            assert proposal.code == "not_allowed" and proposal.params["reason"] == "barred"
        everyone_votes_m(g)
    assert exiled_phases == [True, True, True, False]


def test_exile_keeps_out_of_the_room_formed_the_same_day():
    g = MafikScenario.day(1)
    g.player("A", hand=12).player("B", hand=12).player("C", hand=12).player("M", secret="boss", hand=30)
    g.build()
    api.act(g.state, g.pid("A"), "room_propose", {"members": [g.pid("B")]})
    room = g.public("room_proposed")[0].params["room"]
    api.act(g.state, g.pid("B"), "room_confirm", {"room": room})
    g.vote("A", "A", "exile").vote("B", "A").vote("C", "A").vote("M", "A").resolve()
    assert not g.public("room_formed")
    assert not REGISTRIES.queries.ask("may_join_room", g.state, True, pid=g.pid("A"))


def test_each_punishment_is_barred_for_three_days():
    g = MafikScenario.day(1)
    g.player("A", hand=12).player("B", hand=12).player("M", secret="boss", hand=40)
    g.vote("A", "M", "execution")
    everyone_votes_m(g)
    assert verdict(g)["punishment"] == "execution"
    refusals = []
    for _day in range(2, 6):
        everyone_votes_m(g)  # the night
        try:
            g.order("A", "punishment", choice="execution")
            refusals.append(None)
        except Refusal as refusal:
            refusals.append(refusal.params["reason"])
        if _day < 5:  # the other punishments take their turns meanwhile
            g.order("B", "punishment", choice={2: "auto_da_fe", 3: "torture", 4: "exile"}[_day])
        everyone_votes_m(g)
    assert refusals == ["barred", "barred", "barred", None]


def test_punishment_vote_of_strength_zero_counts_for_nothing():
    g = town()
    g.state.add_effect("breach_votes", target=g.pid("D"), amount=-1)  # the law's Пролом: −1
    g.vote("A", "M").vote("B", "M").vote("C", "M").vote("D", "M", "exile").resolve()
    assert verdict(g)["punishment"] == "execution"


def test_check_refuses_a_barred_punishment_before_it_is_submitted():
    g = MafikScenario.day(1)
    g.player("A", hand=12).player("B", hand=12).player("M", secret="boss", hand=40)
    g.build()
    g.state.add_effect("barred", start=g.state.phase, end=g.state.phase + 6, punishment="torture")
    with pytest.raises(Refusal) as refused:
        api.check(g.state, g.pid("A"), "punishment", params={"choice": "torture"})
    assert (refused.value.code, refused.value.params["reason"]) == ("not_allowed", "barred")
    api.check(g.state, g.pid("A"), "punishment", params={"choice": "execution"})
