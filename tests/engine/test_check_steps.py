"""api.check for every kind a dialogue asks for besides plays — role orders, granted abilities, votes,
night discards, blood orders, traitor orders, instant actions, paid orders: a wrong step is refused when
it is chosen, with the Refusal the finished submission gets; a step not chosen yet is not refused; and
a check changes nothing."""

from __future__ import annotations

from typing import Any

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.scenario import FILLER, Scenario


def checked(g: Scenario, name: str, kind: str, *, card: int | None = None, payment: dict[str, Any] | None = None,
            **params: Any) -> Refusal | None:
    g.build()
    before = g.state.model_dump_json()
    try:
        api.check(g.state, g.pid(name), kind, card=card, params=g._params(params), payment=payment)
    except Refusal as refusal:
        return refusal
    finally:
        assert g.state.model_dump_json() == before, "a check changed the game"
    return None


def submitted(g: Scenario, name: str, kind: str, **params: Any) -> Refusal | None:
    try:
        api.submit(g.state, g.pid(name), kind, params=g._params(params))
    except Refusal as refusal:
        return refusal
    return None


def same(a: Refusal | None, b: Refusal | None) -> bool:
    return a is not None and b is not None and (a.code, a.params) == (b.code, b.params)


def mafik(night: bool = True) -> MafikScenario:
    g = MafikScenario.night(2) if night else MafikScenario.day(2)
    g.player("A", hand=6, sleeve=2).player("B", hand=6).player("C", hand=6).player("M", secret="boss", hand=6)
    return g


# ---------------------------------------------------------------- orders


def test_a_role_order_refuses_a_wrong_first_step_while_the_next_is_still_to_choose():
    g = mafik(night=False)
    g.p("A").public_role = "bureaucrat"
    g.build()
    g.p("C").alive = False
    assert checked(g, "A", "bureaucrat", voter=g.pid("B")) is None  # the target is not chosen yet
    refusal = checked(g, "A", "bureaucrat", voter=g.pid("C"))
    assert refusal is not None and (refusal.code, refusal.params["reason"]) == ("invalid_target", "dead")
    assert same(refusal, submitted(g, "A", "bureaucrat", voter=g.pid("C"), target="B"))


def test_a_role_order_of_another_role_is_refused_before_any_step():
    g = mafik(night=False)
    refusal = checked(g, "A", "bureaucrat")
    assert refusal is not None and refusal.code == "not_allowed" and refusal.params["reason"] == "role"


def test_a_vote_for_a_dead_character_is_refused_when_chosen():
    g = mafik(night=False)
    g.build()
    g.p("C").alive = False
    refusal = checked(g, "A", "vote", target="C")
    assert refusal is not None and refusal.params["reason"] == "dead"
    assert same(refusal, submitted(g, "A", "vote", target="C"))
    assert checked(g, "A", "vote", target="B") is None


def test_the_mafias_kill_vote_on_a_partner_is_refused_when_chosen():
    g = Scenario.night(2).player("M1", secret="boss").player("M2", secret="killer").player("A")
    refusal = checked(g, "M1", "kill_vote", target="M1")
    assert refusal is not None and refusal.params["reason"] == "self"
    assert checked(g, "M1", "kill_vote", target="A") is None


def test_a_night_discard_of_a_card_already_played_is_refused_when_chosen():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy", "dummy"], sleeve=["dummy"]).player("B")
    g.player("M", secret="boss")
    g.play("A", "pistol", target="B")
    pistol, dummy = g.uid("A", "pistol"), g.uid("A", "dummy")
    refusal = checked(g, "A", "night_discard", cards=[pistol, dummy])
    assert refusal is not None and refusal.code == "card_used_twice"
    assert same(refusal, submitted(g, "A", "night_discard", cards=[pistol, dummy]))


def test_a_night_discard_by_day_is_refused_at_once():
    g = mafik(night=False)
    refusal = checked(g, "A", "night_discard")
    assert refusal is not None and refusal.code == "wrong_phase"


def test_a_blood_use_is_checked_when_chosen_and_its_target_when_chosen():
    g = mafik()
    g.p("A").secret_role, g.p("A").faction, g.p("A").points = "maniac", "maniac", 2
    g.build()
    assert checked(g, "A", "blood", use="damage2") is None  # its target is not chosen yet
    refusal = checked(g, "A", "blood", use="damage2", target="B")
    assert refusal is not None and (refusal.code, refusal.params.get("reason")) == ("cost_unpayable", "blood")
    assert same(refusal, submitted(g, "A", "blood", use="damage2", target="B"))
    g.state.add_effect("exile", target=g.pid("A"), source=g.pid("B"))
    refusal = checked(g, "A", "blood", use="draw_sleeve")
    assert refusal is not None and refusal.params.get("reason") == "exiled"


def test_a_traitors_colours_are_checked_when_chosen():
    g = mafik()
    g.p("A").secret_role, g.p("A").faction = "traitor", "traitor"
    refusal = checked(g, "A", "traitor_colours", colours=["red", "red", "red"])
    assert refusal is not None and refusal.params.get("reason") == "three_colours"
    assert checked(g, "B", "traitor_colours") is not None, "no Предатель: refused before any step"


def test_a_granted_ability_refuses_a_wrong_target_when_chosen():
    g = mafik()
    g.build()
    g.state.add_effect("ability", target=0, source=0, start=g.state.phase, card="demonic_form", armed=True, limit=6)
    assert checked(g, "A", "ability", ability="demonic_form") is None
    g.p("C").alive = False
    refusal = checked(g, "A", "ability", ability="demonic_form", target="C")
    assert refusal is not None and refusal.params.get("reason") == "dead"
    assert same(refusal, submitted(g, "A", "ability", ability="demonic_form", target="C"))


# ---------------------------------------------------------------- instant actions and paid orders


def test_an_instant_swap_is_checked_step_by_step_without_being_done():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=["pistol", "dummy"], sleeve=["shiv"], points=2)
    g.player("B").player("M", secret="boss").build()
    hand, sleeve = g.uid("A", "pistol"), g.uid("A", "shiv", zone="sleeve")
    assert checked(g, "A", "swap", hand=hand) is None  # the Sleeve card is not chosen yet
    assert checked(g, "A", "swap", hand=hand, sleeve=sleeve) is None
    assert g.hand("A") == ["pistol", "dummy"] and g.sleeve("A") == ["shiv"], "a check did the swap"
    g.play("A", "pistol", target="B")
    refusal = checked(g, "A", "swap", hand=hand, sleeve=sleeve)
    assert refusal is not None and refusal.code == "card_used_twice"


def test_an_instant_perk_refuses_a_card_it_may_not_take_when_chosen():
    g = mafik()
    g.p("A").public_role = "geek"
    unique = next(c.id for c in api.catalog("mafik").cards.values() if c.colour == "unique")
    assert checked(g, "A", "geek_card") is None  # the card is not chosen yet
    refusal = None
    try:
        api.check(g.state, g.pid("A"), "geek_card", params={"card": unique})
    except Refusal as r:
        refusal = r
    assert refusal is not None and refusal.code == "unknown_card"
    assert len(g.p("A").sleeve) == 2, "a check did the perk"


def test_a_paid_order_is_not_refused_for_a_payment_not_chosen_yet_but_for_a_wrong_one():
    g = Scenario.night(2).player("M", secret="boss", hand=["pistol", FILLER], points=0).player("A")
    assert checked(g, "M", "kill_boost") is None
    refusal = checked(g, "M", "kill_boost", payment={"points": 1})
    assert refusal is not None and refusal.code == "cost_unpayable"
    assert checked(g, "A", "kill_boost") is not None, "the law has no kill boost, paid or not"


def test_keeping_a_card_is_accepted_for_a_knocked_out_colour_only_before_it_is_paid():
    g = Scenario.day(1).player("A", hand=["letter", "autopsy"], points=1).player("B")
    g.build()
    g.state.add_effect("knockout", target=0, source=1, colour="info")
    assert checked(g, "A", "keep", card=g.uid("A", "letter")) is None
    refusal = checked(g, "A", "keep", card=g.uid("A", "autopsy"))
    assert refusal is not None and refusal.params.get("reason") == "not_knocked_out"
    keep = next(a for a in api.actions(g.state, 0) if a.id == "keep")
    assert keep.available and keep.screen == "card_order"
