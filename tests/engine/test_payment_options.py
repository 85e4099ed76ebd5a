"""api.payment_options says everything a payment screen shows: what may pay, in what currency, the most
that could be paid now and any note — so the bot names no role (the Культист's Hand cards are a note)."""

from __future__ import annotations

from engine.core import api
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.scenario import FILLER, Scenario


def test_the_cultists_payment_names_his_hand_cards_in_a_note_and_counts_two_of_them_at_most():
    g = MafikScenario.night(2).player("A", role="cultist", hand=["pistol", "dummy", "dummy"], sleeve=["dummy"])
    g.player("B").player("M", secret="boss").build()
    payment = api.payment_options(g.state, 0)
    assert payment.notes == ("ui.pay_cultist",) and payment.currency == "blood"
    assert set(payment.cards) == {c.uid for c in [*g.p("A").hand, *g.p("A").sleeve]}
    assert payment.most == 1 + 2  # the Sleeve card and two Hand cards


def test_an_exiled_maniac_pays_in_blood_only():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=3, sleeve=2, points=5).player("B")
    g.player("M", secret="boss").build()
    g.state.add_effect("exile", target=0, source=1)
    payment = api.payment_options(g.state, 0)
    assert (payment.cards, payment.points_per_cost, payment.most, payment.notes) == ((), 2, 2, ())


def test_micromafik_pays_in_points_and_hand_cards_without_a_note():
    g = Scenario.night(2).player("A", hand=["pistol", FILLER], points=3).player("B").build()
    payment = api.payment_options(g.state, 0)
    assert (payment.currency, payment.points_per_cost, payment.most, payment.notes) == ("points", 1, 5, ())
