"""api.play_options: the engine says which options a play may carry now (Фокусник's copy, Страховка's
bluff, Миротворческая операция's armor instead), by the same check a submitted order gets."""

from __future__ import annotations

from engine.core import api
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.scenario import FILLER, Scenario


def offered(g: Scenario, name: str, card: str, payment: dict | None = None, **params: object) -> dict[str, bool]:
    g.build()
    options = api.play_options(g.state, g.pid(name), g.uid(name, card), g._params(dict(params)), payment)
    return {o.name: o.available for o in options}


def test_magician_copy_is_offered_to_the_magician_until_used():
    g = Scenario.night(2).player("X", role="magician", hand=["pistol", FILLER], points=1).player("B")
    g.player("C", hand=["pistol", FILLER], points=1)
    assert offered(g, "X", "pistol", target="B")["magician_copy"] is True
    assert offered(g, "C", "pistol", target="B")["magician_copy"] is False
    g.p("X").flags["used_magician"] = 1
    assert offered(g, "X", "pistol", target="B")["magician_copy"] is False


def test_an_unavailable_play_option_gives_the_refusal_its_order_gets():
    g = Scenario.night(2).player("C", hand=["pistol", FILLER], points=1).player("B")
    g.build()
    option = next(o for o in api.play_options(g.state, 0, g.uid("C", "pistol"), {"target": 1})
                  if o.name == "magician_copy")
    refusal = g.refusal("C", "play", card="pistol", target="B", pay_points=1, magician_copy=True)
    assert option.why is not None and (option.why.code, option.why.params) == (refusal.code, refusal.params)


def test_insurance_bluff_is_offered_only_to_the_mafia_paying_with_insurance_and_goes_into_the_payment():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["weakness", "insurance", "letter"]).player("A", hand=["weakness", "insurance"])
    g.build()
    insurance = {"cards": [g.uid("M", "insurance")]}
    assert offered(g, "M", "weakness", insurance, target="A")["insurance_bluff"] is True
    assert offered(g, "M", "weakness", {"cards": [g.uid("M", "letter")]}, target="A")["insurance_bluff"] is False
    assert offered(g, "A", "weakness", {"cards": [g.uid("A", "insurance")]}, target="M")["insurance_bluff"] is False
    bluff = next(o for o in api.play_options(g.state, 0, g.uid("M", "weakness"), {"target": 1}, insurance)
                 if o.name == "insurance_bluff")
    assert (bluff.into, bluff.label_key) == ("payment", "btn.insurance_bluff")


def _peacekeeper(phase: str = "night") -> MafikScenario:
    """A, under Миротворческая операция (its effect, as the card leaves it from the next phase on)."""
    g = MafikScenario.night(2) if phase == "night" else MafikScenario.day(2)
    g.player("A", hand=["pistol", "dummy"]).player("B", hand=6).player("C", hand=["pistol", "dummy"])
    g.player("M", secret="boss", hand=6).build()
    g.state.add_effect("peacekeeping", target=g.pid("A"), source=g.pid("A"))
    return g


def test_armor_instead_is_offered_at_night_after_peacekeeping_for_a_play_with_a_target():
    g = _peacekeeper()
    assert offered(g, "A", "pistol", target="B")["armor_instead"] is True
    assert offered(g, "A", "dummy")["armor_instead"] is False  # nothing to turn into armor
    assert offered(g, "C", "pistol", target="B")["armor_instead"] is False  # no Миротворческая операция
    assert offered(_peacekeeper("day"), "A", "pistol", target="B")["armor_instead"] is False


def test_armor_instead_is_not_offered_with_an_accusation_outside_the_upper_stance():
    g = _peacekeeper()
    assert offered(g, "A", "pistol", target="B", accuse=["shiv"])["armor_instead"] is False
