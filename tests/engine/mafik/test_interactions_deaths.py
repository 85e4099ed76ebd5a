"""Where the death cards meet each other and the cards and rules already done (issue 15, deaths: id1…).
Rulings: docs/rulings/mafik-deaths.md."""

from __future__ import annotations

import pytest

from tests.engine.mafik.conftest import MafikScenario
from tests.engine.mafik.test_cards_deaths import _dice, resolve
from tests.engine.mafik.test_cards_defence import council, hit


def test_id1_promise_and_last_note_both_act_on_one_death_by_the_council():
    """A death by the Вече runs the death hooks too: the promisee takes the Sleeve, the note goes out."""
    g = MafikScenario.day(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_note", "dummy"], sleeve=["pistol"]).player("B", hand=["promise", "dummy"]) \
        .player("C")
    g.build()
    g.state.phase = 3  # the note and the promise are played at night 2
    g.state.orders = {}
    g.play("A", "last_note", message="прощайте", targets=["C"])
    g.play("B", "promise", target="A")
    resolve(g)  # day 2
    council(g, "A").resolve()  # 6 damage against 2 cards
    assert not g.alive("A")
    assert g.sleeve("B") == ["pistol"]
    assert [e.params["text"] for e in g.events("card_message", to="C")] == ["прощайте"]


def test_id2_revenge_after_a_night_kill_by_a_perk_but_not_after_a_day_death():
    """The Потрошитель's kill at night is a death «по итогам ночи»."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["revenge", "dummy"], sleeve=["dummy"]).player("R", role="ripper").player("B", hand=1)
    g.play("A", "revenge", pay_sleeve=["dummy"])
    g.order("R", "ripper", target=g.pid("B"))
    resolve(g)
    assert not g.alive("B")
    assert len(g.events("revenge_ready", to="A")) == 1


def test_id3_ignoring_facts_stops_the_black_spot_of_the_night_it_covers():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["black_spot", "dummy"]).player("B", hand=5) \
        .player("C", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3)
    resolve(g.play("A", "black_spot", target="B"))
    resolve(g)  # day 2
    resolve(g.play("C", "ignoring_facts", target="B", pay_sleeve=["dummy"] * 3))  # night 3 and day 3
    assert g.hand_size("B") == 5  # the Черная метка's 3 damage were ignored


def test_id4_heroic_sacrifice_on_a_target_whose_damage_is_ignored_the_actor_dies():
    """Игнорирование фактов leaves the target with its cards: it is not to die, so the hero dies."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 5) \
        .player("B", secret="sheriff", hand=2).player("D", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("D", "ignoring_facts", target="B", pay_sleeve=["dummy"] * 3)
    g.play("A", "heroic_self_sacrifice", target="B", role="sheriff")
    resolve(hit(g, "C", "B", 3))
    assert g.alive("B") and not g.alive("A")


def test_id5_russian_roulette_damage_is_ignored_by_ignoring_facts(monkeypatch: pytest.MonkeyPatch):
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["russian_roulette", "dummy", "dummy"]) \
        .player("B", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3)
    g.play("A", "russian_roulette")
    resolve(g.play("B", "ignoring_facts", target="A", pay_sleeve=["dummy"] * 3))  # night 2 and day 2
    _dice(monkeypatch, 1)
    resolve(g)  # day 2: the roll's 1 damage is ignored
    assert g.events("roulette_damage", to="A")
    assert g.hand_size("A") == 3


def test_id6_last_strength_and_the_avenger_the_mortal_wound_kills_at_the_end_of_the_next_phase():
    """Из последних сил keeps a card (the Мститель's rule is not needed); the wound kills the next phase
    even with cards in the Hand."""
    g = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", role="avenger", hand=["last_strength", "dummy"]).player("B")
    g.play("A", "last_strength")
    council(g, "A").resolve()
    assert g.alive("A") and g.hand_size("A") == 1
    resolve(g)
    assert not g.alive("A")


def test_id7_heroic_sacrifice_takes_the_lasting_damage_of_a_black_spot():
    """Lasting damage of this phase counts when the pre-pass decides who is to die."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 8).player("B", secret="sheriff", hand=3) \
        .player("C", hand=["black_spot", "dummy"])
    resolve(g.play("C", "black_spot", target="B"))
    resolve(g)  # day 2
    resolve(g.play("A", "heroic_self_sacrifice", target="B", role="sheriff"))  # night 3: 3 damage to B
    assert g.alive("B") and g.hand_size("B") == 3
    assert g.hand_size("A") == 8 + 1 - 6
