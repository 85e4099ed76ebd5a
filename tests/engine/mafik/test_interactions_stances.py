"""Where the stance cards (issue 15, stances) meet each other and the cards already done: numbered cases
is1… in the spirit of tests/engine/mafik/test_interactions.py. Players are law (Офицер) holding Пустышки;
"Z" is a killer with a big hand whom everyone votes for by day. Rulings: docs/rulings/mafik-stances.md.
"""

from __future__ import annotations

from engine.rulesets.mafik.costs import exiled, sleeve_blocked, stance
from tests.engine.mafik.conftest import MafikScenario


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def council(g: MafikScenario, target: str = "Z") -> MafikScenario:
    for player in g.state.living():
        g.vote(player.name, target)
    return g


def mediocre(g: MafikScenario, name: str) -> None:
    """The player has played Посредственность before."""
    g.build()
    g.state.add_effect("mediocrity", target=g.pid(name), source=g.pid(name), card="mediocrity")


def test_is1_sensei_sees_a_mediocre_player_in_the_normal_stance():
    """Сенсей's view is a check: Посредственность answers «normal» although the player stands upper."""
    g = MafikScenario.night(2).player("A", hand=["sensei", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B").player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")
    mediocre(g, "B")
    g.play("A", "sensei", pay_sleeve=["dummy", "dummy"]).resolve()
    assert g.events("sensei_upper", to="A") == []
    assert [e.params["pids"] for e in g.events("sensei_normal", to="A")] == [[g.pid("B"), g.pid("Z")]]


def test_is2_sensei_sees_the_stance_semblance_of_greatness_shows():
    """Видимость величия (this phase and the next) answers the Сенсей's check with its chosen stance."""
    g = MafikScenario.night(2).player("A", hand=["sensei", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["semblance_of_greatness", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "sensei", pay_sleeve=["dummy", "dummy"]).play("B", "semblance_of_greatness", stance="lower")
    g.resolve()
    assert [e.params["pids"] for e in g.events("sensei_lower", to="A")] == [[g.pid("B")]]


def test_is3_discrediting_does_not_act_on_a_mediocre_player():
    """Обесценивание заслуг changes a stance: on a Посредственность player it does nothing."""
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")
    mediocre(g, "B")
    g.play("A", "discrediting", target="B").resolve()
    assert stance(g.state, g.pid("B")) == "upper"
    assert g.state.effects_of("stance_lock", target=g.pid("B"), phase=4) == []


def test_is4_brawl_passes_over_a_mediocre_player():
    """Побоище gives everyone else the chosen stance; the Посредственность player keeps his."""
    g = MafikScenario.night(2).player("A", hand=["brawl", "dummy"], sleeve=["dummy"] * 3).player("B") \
        .player("Z", secret="killer", hand=30)
    mediocre(g, "B")
    g.play("A", "brawl", stance="lower", pay_sleeve=["dummy"] * 3).resolve()
    assert [stance(g.state, g.pid(n)) for n in "ABZ"] == ["lower", "normal", "lower"]


def test_is5_discrediting_lock_holds_a_brawl_stance_in_the_normal_one():
    """A Побоище the same phase as an Обесценивание: the locked target stands normal for the lock's
    two phases, whichever card resolves first."""
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]) \
        .player("C", hand=["brawl", "dummy"], sleeve=["dummy"] * 3).player("B").player("Z", secret="killer", hand=30)
    g.play("C", "brawl", stance="upper", pay_sleeve=["dummy"] * 3).play("A", "discrediting", target="B").resolve()
    assert stance(g.state, g.pid("B")) == "normal"
    assert stance(g.state, g.pid("A")) == "upper"
    council(g).resolve()
    assert stance(g.state, g.pid("B")) == "normal"


def test_is6_mediocrity_own_optional_stance_does_not_act():
    """Психоанализ's «Можете перейти в верхнюю стойку» is a card changing his stance: not on a
    Посредственность player."""
    g = MafikScenario.night(2).player("A", hand=["psychoanalysis", "dummy"], sleeve=["dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    mediocre(g, "A")
    g.play("A", "psychoanalysis", target="B", upper=True, pay_sleeve=["dummy"]).resolve()
    assert stance(g.state, g.pid("A")) == "normal"


def test_is7_scales_of_crime_brings_back_one_the_council_exiled():
    """The Вече's Изгнание ends for the one the Судья brings back: his Sleeve serves again."""
    g = MafikScenario.day(2).player("A", secret="judge", hand=["dummy"] * 6).player("B", sleeve=["dummy"]) \
        .player("C").player("D").player("Z", secret="killer", hand=30)
    g.build()
    for player in g.state.living():
        g.vote(player.name, "B", "exile")
    g.resolve().resolve()  # phase 6: day 3, B in exile (phases 5–7)
    assert exiled(g.state, g.pid("B"))
    g.state.player(g.pid("A")).hand.append(g.state.new_card("judge_scales_of_crime"))
    g.play("A", "judge_scales_of_crime", exile_target=g.pid("C"), release_target=g.pid("B"),
           damage_target=g.pid("D"))
    council(g).resolve()  # phase 7
    assert not exiled(g.state, g.pid("B")) and sleeve_blocked(g.state, g.pid("B"), "play") is None
    assert exiled(g.state, g.pid("C"))


def test_is8_guilty_blocks_the_sleeve_of_its_targets_from_the_next_phase():
    """Виновен!'s Изгнание is the Вече's: no Sleeve plays the next night."""
    g = MafikScenario.day(2).player("A", hand=["officer_guilty", "dummy"]).player("B", sleeve=["dummy"]) \
        .player("C").player("D").player("Z", secret="killer", hand=30)
    council(g.play("A", "officer_guilty", targets=["B", "C", "D"])).resolve()
    refused = g.refusal("B", "play", card="dummy", from_sleeve=True)
    assert (refused.code, refused.params.get("reason")) == ("not_allowed", "exiled")


def test_is9_draft_office_summons_copies_what_the_target_plays_on_the_player():
    """A Sleeve card played as Повестка is a Повестка: the next phase, copies of the cards the target
    plays on the player go to his Sleeve."""
    g = MafikScenario.night(2).player("A", hand=["draft_office", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["martial_arts", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "draft_office").resolve()
    council(g.play("A", "dummy", from_sleeve=True, target="B", message="x", **{"as": "summons"})).resolve()
    g.play("B", "martial_arts", target="A").resolve()
    assert g.sleeve("A") == ["dummy", "martial_arts"]


def test_is10_courses_lower_stance_colours_and_surcharge():
    """Курсы (lower) in the lower stance: 3 Hand cards with 2 of the lower colours; an upper colour costs 2
    more."""
    from engine.rulesets.mafik.costs import card_cost
    from engine.rulesets.mafik.registry import CATALOG

    g = MafikScenario.night(2).player("A", hand=["courses", "bunker", "martial_arts", "pistol", "dummy"],
                                      sleeve=["dummy"] * 3).player("B", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "courses", stance="lower", pay_sleeve=["dummy"] * 3).resolve()
    council(g).resolve()
    in_stance(g, "A", "lower")
    assert card_cost(g.state, g.pid("A"), CATALOG["pistol"]) == 2
    g.play("A", "bunker").play("A", "martial_arts", target="B").play("A", "dummy")
    assert len(g.state.orders[g.pid("A")]) == 3


def test_is11_mentorship_on_a_target_that_turns_its_own_stance():
    """The target's own Передняя передача the same phase is a card of this kind: the Наставничество's
    stance is random (not the normal one asked)."""
    g = MafikScenario.night(2).player("A", hand=["mentorship", "dummy"]) \
        .player("B", hand=["forward_gear", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "mentorship", target="B", stance="normal").play("B", "forward_gear").resolve()
    assert stance(g.state, g.pid("B")) in ("upper", "lower")
