"""The cards that move cards between zones and players (issue 14, zone): a test per card and per variant,
exact numbers. Players hold Пустышки (dummy) unless a test says otherwise. Phases: night(2) is phase 3,
day(2) is phase 4. A Sleeve's top is index 0. Rulings: docs/rulings/mafik-zones.md.
"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.mafik.conftest import MafikScenario


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def council(g: MafikScenario, target: str = "Z") -> MafikScenario:
    """Everyone votes for `target` (Z: a killer with a large hand takes the Вече's 6 damage)."""
    for player in g.state.living():
        g.vote(player.name, target)
    return g


def act(g: MafikScenario, name: str, kind: str, **params: object) -> None:
    api.act(g.state, g.pid(name), kind, dict(params))


# ---- sleeve_blocked: Изгнание and Тюрьма ----

def test_prison_blocks_sleeve_plays_payments_and_as_for_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["prison", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["pistol", "pistol", "bunker"], sleeve=["bunker", "dummy", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "prison", target="B", pay_sleeve=["dummy"])
    g.play("B", "bunker", from_sleeve=True).resolve()  # this phase: not yet
    assert g.sleeve("B") == ["dummy", "dummy"]
    sleeve_play = g.refusal("B", "play", card="dummy", from_sleeve=True)
    assert (sleeve_play.code, sleeve_play.params.get("reason")) == ("not_allowed", "imprisoned")
    assert g.events("card_to_sleeve") == []
    g.state.player(g.pid("B")).sleeve.append(g.state.new_card("dummy"))  # receiving is still allowed (normal stance)
    g.resolve()  # phase 5: the second phase
    assert g.refusal("B", "play", card="dummy", from_sleeve=True).params.get("reason") == "imprisoned"
    g.resolve()  # phase 6: free again
    from engine.rulesets.mafik.costs import sleeve_blocked

    assert sleeve_blocked(g.state, g.pid("B"), "play") is None


def test_prison_refuses_paying_a_cost_with_sleeve_cards():
    g = MafikScenario.night(2).player("A", hand=["prison", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["prison", "dummy"], sleeve=["dummy", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "prison", target="B", pay_sleeve=["dummy"]).resolve().resolve()  # phase 5: the second phase
    refused = g.refusal("B", "play", card="prison", target="Z", pay_sleeve=["dummy"])
    assert (refused.code, refused.params.get("reason")) == ("bad_payment_card", "imprisoned")


def test_prison_upper_stance_the_sleeve_also_takes_no_cards():
    g = MafikScenario.night(2).player("A", hand=["prison", "gift", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5).player("Z", secret="killer", hand=20)
    in_stance(g, "A", "upper")
    g.play("A", "prison", target="B", pay_sleeve=["dummy"]).resolve()
    g.play("A", "gift", target="B", cards=[g.uid("A", "dummy")]).resolve()  # phase 4: Подарок refused by the Sleeve
    assert g.sleeve("B") == [] and g.events("sleeve_closed", to="A")
    g2 = MafikScenario.night(2).player("A", hand=["prison", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5).player("Z", secret="killer", hand=20)
    g2.play("A", "prison", target="B", pay_sleeve=["dummy"]).resolve()
    from engine.rulesets.mafik.costs import sleeve_blocked

    assert sleeve_blocked(g2.state, g2.pid("B"), "receive") is None
    assert sleeve_blocked(g2.state, g2.pid("B"), "play") == "imprisoned"
    assert sleeve_blocked(g.state, g.pid("B"), "receive") == "imprisoned"


def test_exile_blocks_every_sleeve_use_through_sleeve_blocked():
    from engine.core.durations import UNTIL_END
    from engine.rulesets.mafik.costs import SLEEVE_USES, sleeve_blocked

    g = MafikScenario.day(2).player("A", hand=5).player("Z", secret="killer", hand=20).build()
    g.state.add_effect("exile", target=g.pid("A"), during=UNTIL_END)
    assert [sleeve_blocked(g.state, g.pid("A"), w) for w in SLEEVE_USES] == ["exiled"] * len(SLEEVE_USES)


# ---- Ловкость рук ----

def test_sleight_of_hand_swaps_n_hand_cards_with_n_sleeve_cards_once_in_the_next_phase():
    g = MafikScenario.night(2).player("A", hand=["sleight_of_hand", "pistol", "bunker", "dummy"],
                                      sleeve=["first_aid", "sniper_rifle", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "sleight_of_hand", pay_sleeve=["dummy"])
    with pytest.raises(Refusal):  # not in this phase
        act(g, "A", "sleight_swap", hand=[g.uid("A", "pistol")], sleeve=[g.uid("A", "first_aid", zone="sleeve")])
    g.resolve()
    hand = [g.uid("A", "pistol"), g.uid("A", "bunker")]
    sleeve = [g.uid("A", "first_aid", zone="sleeve"), g.uid("A", "sniper_rifle", zone="sleeve")]
    with pytest.raises(Refusal) as unequal:
        act(g, "A", "sleight_swap", hand=hand, sleeve=sleeve[:1])
    assert unequal.value.params.get("reason") == "same_count"
    act(g, "A", "sleight_swap", hand=hand, sleeve=sleeve)
    assert sorted(g.sleeve("A")) == ["bunker", "pistol"]
    assert {"first_aid", "sniper_rifle"} <= set(g.hand("A"))
    assert g.events("sleight_swapped", to="A")[-1].params["n"] == 2
    with pytest.raises(Refusal):  # once
        act(g, "A", "sleight_swap", hand=[g.uid("A", "dummy")], sleeve=[g.uid("A", "pistol", zone="sleeve")])


def test_sleight_of_hand_maniac_costs_0_and_the_spy_plays_it_free():
    from engine.rulesets.mafik.costs import card_cost
    from engine.rulesets.mafik.orders import counts_toward_limit, tags_of
    from engine.rulesets.mafik.registry import CATALOG

    g = MafikScenario.night(2).player("M", secret="maniac", hand=5).player("S", secret="spy", hand=5) \
        .player("L", hand=5).build()
    spec = CATALOG["sleight_of_hand"]
    assert [card_cost(g.state, g.pid(n), spec) for n in ("M", "S", "L")] == [0, 1, 1]
    assert ["free" in tags_of(g.state, g.pid(n), spec) for n in ("M", "S", "L")] == [True, True, False]
    assert not counts_toward_limit(g.state, g.pid("S"), spec, 1)


# ---- Жучок, Агент ----

def test_bug_passes_the_card_into_the_targets_sleeve_and_tells_its_neighbours_colours():
    g = MafikScenario.night(2).player("A", hand=["bug", "pistol", "dummy"]) \
        .player("B", hand=5, sleeve=["first_aid", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "bug", target="B", cards=[g.uid("A", "pistol")], message="привет").resolve()
    sleeve = g.sleeve("B")
    assert sorted(sleeve) == ["bunker", "first_aid", "pistol"]
    i = sleeve.index("pistol")
    colours = {"first_aid": "defence", "bunker": "defence"}
    expected = [colours[sleeve[k]] for k in (i - 1, i + 1) if 0 <= k < 3]
    assert g.events("bug_neighbours", to="A")[0].params["colours"] == expected
    assert "pistol" not in g.hand("A")
    assert len(g.hand("A")) == 2  # the played Жучок refilled, the given Pistol not


def test_bug_lower_stance_passes_a_dummy_instead():
    g = MafikScenario.night(2).player("A", hand=["bug", "pistol"]).player("B", hand=5, sleeve=["bunker"]) \
        .player("Z", secret="killer", hand=20)
    in_stance(g, "A", "lower")
    g.play("A", "bug", target="B").resolve()
    assert sorted(g.sleeve("B")) == ["bunker", "dummy"]
    assert g.events("bug_neighbours", to="A")[0].params["colours"] == ["defence"]
    assert "pistol" in g.hand("A")


def test_bug_needs_a_card_outside_the_lower_stance():
    g = MafikScenario.night(2).player("A", hand=["bug", "pistol"]).player("B", hand=5).player("Z", secret="killer", hand=20)
    assert g.refusal("A", "play", card="bug", target="B").params.get("reason") == "missing"


def test_bug_into_an_exiled_sleeve_passes_nothing():
    from engine.core.durations import UNTIL_END

    g = MafikScenario.night(2).player("A", hand=["bug", "pistol"]).player("B", hand=5).player("Z", secret="killer", hand=20).build()
    g.state.add_effect("exile", target=g.pid("B"), during=UNTIL_END)
    g.play("A", "bug", target="B", cards=[g.uid("A", "pistol")]).resolve()
    assert g.sleeve("B") == [] and "pistol" in g.hand("A")
    assert g.events("sleeve_closed", to="A")


def test_agent_lets_any_sleeve_card_be_played_as_bug():
    g = MafikScenario.night(2).player("A", hand=["agent", "pistol"], sleeve=["dummy"]).player("B", hand=5) \
        .player("Z", secret="killer", hand=20)
    council(g.play("A", "agent").resolve()).resolve()  # the next night
    g.play("A", "dummy", from_sleeve=True, target="B", cards=[g.uid("A", "pistol")], **{"as": "bug"}).resolve()
    assert g.sleeve("B") == ["pistol"]
    assert g.events("bug_neighbours_no_colours") == [] and g.events("bug_neighbours", to="A")[0].params["colours"] == []


# ---- Великое ограбление ----

def test_great_heist_mafia_right_guess_takes_the_whole_sleeve_as_copies():
    g = MafikScenario.day(2).player("A", secret="boss", hand=["great_heist", "dummy"], sleeve=["dummy"]) \
        .player("B", secret="sheriff", hand=5, sleeve=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "great_heist", target="B", role="sheriff").resolve()
    assert g.sleeve("B") == []
    assert g.sleeve("A") == ["dummy", "pistol", "bunker"]
    assert g.events("great_heist", to="A")[0].params["cards"] == ["pistol", "bunker"]
    assert g.events("sleeve_lost", to="B")[0].params["cards"] == ["pistol", "bunker"]


def test_great_heist_wrong_guess_does_nothing():
    g = MafikScenario.day(2).player("A", secret="boss", hand=["great_heist", "dummy"]) \
        .player("B", secret="sheriff", hand=5, sleeve=["pistol"]).player("Z", secret="killer", hand=20)
    g.play("A", "great_heist", target="B", role="officer").resolve()
    assert g.sleeve("B") == ["pistol"] and g.sleeve("A") == []
    assert g.events("great_heist_missed", to="A")


def test_great_heist_does_nothing_for_the_law():
    g = MafikScenario.day(2).player("A", hand=["great_heist", "dummy"]).player("B", hand=5, sleeve=["pistol"]) \
        .player("Z", secret="killer", hand=20)
    g.play("A", "great_heist").resolve()
    assert g.sleeve("B") == ["pistol"] and g.sleeve("A") == []


# ---- Налоги ----

def test_taxes_everyone_discards_the_top_sleeve_card():
    g = MafikScenario.night(2).player("A", hand=["taxes", "dummy"], sleeve=["pistol", "bunker"]) \
        .player("B", hand=5, sleeve=["first_aid", "dummy", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "taxes").resolve()
    assert g.sleeve("A") == ["bunker"] and g.sleeve("B") == ["dummy", "dummy"] and g.sleeve("Z") == []
    assert g.events("taxes_paid", to="B")[0].params["cards"] == ["first_aid"]
    assert not g.events("taxes_paid", to="Z")


def test_taxes_upper_stance_two_cards():
    g = MafikScenario.night(2).player("A", hand=["taxes", "dummy"], sleeve=["pistol", "bunker", "dummy"]) \
        .player("B", hand=5, sleeve=["first_aid"]).player("Z", secret="killer", hand=20)
    in_stance(g, "A", "upper")
    g.play("A", "taxes").resolve()
    assert g.sleeve("A") == ["dummy"] and g.sleeve("B") == []


# ---- Madman ----

def test_madman_swaps_hand_and_sleeve_and_refills_the_played_card():
    g = MafikScenario.night(2).player("A", hand=["madman", "pistol", "bunker"], sleeve=["first_aid"], deck=["dummy"] * 5) \
        .player("Z", secret="killer", hand=20)
    g.play("A", "madman").resolve()
    assert sorted(g.sleeve("A")) == ["bunker", "pistol"]
    assert g.hand("A") == ["first_aid", "dummy"]  # the Sleeve's card, then the refill owed for Madman
    assert g.events("madman_swapped", to="A")[0].params == {"card": "madman", "hand": 1, "sleeve": 2}


def test_madman_option_lower_stance_for_two_phases():
    from engine.rulesets.mafik.costs import stance

    g = MafikScenario.night(2).player("A", hand=["madman", "pistol"]).player("Z", secret="killer", hand=20)
    g.play("A", "madman", lower_stance=True).resolve()
    assert stance(g.state, g.pid("A")) == "lower"
    assert [(e.start, e.end) for e in g.state.effects if e.kind == "stance"] == [(3, 4)]


# ---- Халатность ----

def test_negligence_takes_the_top_card_of_the_targets_sleeve_once():
    g = MafikScenario.night(2).player("A", hand=["negligence", "dummy"]) \
        .player("B", hand=5, sleeve=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "negligence", target="B").resolve()
    assert g.events("negligence_taken") == []  # the player learns nothing of that Sleeve by playing it
    act(g, "A", "negligence_take")
    assert g.sleeve("A") == ["pistol"] and g.sleeve("B") == ["bunker"]
    with pytest.raises(Refusal):
        act(g, "A", "negligence_take")


def test_negligence_with_an_empty_sleeve_the_target_learns_who_tried():
    g = MafikScenario.night(2).player("A", hand=["negligence", "dummy"]).player("B", hand=5).player("Z", secret="killer", hand=20)
    g.play("A", "negligence", target="B").resolve()
    act(g, "A", "negligence_take")
    assert g.events("negligence_tried", to="B")[0].params["actor"] == g.pid("A")
    assert g.events("negligence_taken", to="A")[0].params["cards"] == []
    assert not [e for e in g.state.effects if e.kind == "negligence"]


# ---- Совет ----

def test_advice_a_copy_of_an_own_sleeve_card_into_the_targets_sleeve_with_a_message():
    g = MafikScenario.night(2).player("A", hand=["advice", "dummy"], sleeve=["bunker"]).player("B", hand=5) \
        .player("Z", secret="killer", hand=20)
    g.play("A", "advice", target="B", cards=[g.uid("A", "bunker", zone="sleeve")], message="держи").resolve()
    assert g.sleeve("B") == ["bunker"] and g.sleeve("A") == ["bunker"]
    assert g.events("card_to_sleeve", to="B")[0].params["card"] == "bunker"


def test_advice_a_copy_of_a_hand_card_keeps_the_original():
    g = MafikScenario.night(2).player("A", hand=["advice", "pistol"]).player("B", hand=5).player("Z", secret="killer", hand=20)
    g.play("A", "advice", target="B", cards=[g.uid("A", "pistol")]).resolve()
    assert g.sleeve("B") == ["pistol"] and "pistol" in g.hand("A")


# ---- Подарок ----

def test_gift_passes_hand_and_sleeve_cards_and_the_hand_cards_are_not_refilled():
    g = MafikScenario.day(2).player("A", hand=["gift", "pistol", "bunker", "dummy"], sleeve=["first_aid"],
                                    deck=["dummy"] * 5).player("B", hand=5, sleeve=["dummy"]).player("Z", secret="killer", hand=20)
    cards = [g.uid("A", "pistol"), g.uid("A", "first_aid", zone="sleeve")]
    council(g.play("A", "gift", target="B", cards=cards)).resolve()
    assert g.sleeve("B") == ["dummy", "pistol", "first_aid"]
    assert g.sleeve("A") == []
    assert sorted(g.hand("A")) == ["bunker", "dummy", "dummy"]  # Подарок refilled, the Pistol not
    assert g.events("gift_received", to="B")[0].params["cards"] == ["pistol", "first_aid"]


def test_gift_needs_at_least_one_card():
    g = MafikScenario.day(2).player("A", hand=["gift", "pistol"]).player("B", hand=5).player("Z", secret="killer", hand=20)
    assert g.refusal("A", "play", card="gift", target="B", cards=[]).code == "bad_param"


# ---- Угон ----

def test_hijack_mafia_names_the_whole_hand_as_a_multiset_and_gets_copies():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["hijack", "dummy"]) \
        .player("B", hand=["pistol", "pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "hijack", target="B", cards=["pistol", "bunker", "pistol"]).resolve()
    assert sorted(g.sleeve("A")) == ["bunker", "pistol", "pistol"]
    assert g.hand("B") == ["pistol", "pistol", "bunker"]


def test_hijack_the_hand_is_read_after_this_phases_plays_left_it():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=["hijack", "dummy"]) \
        .player("B", hand=["pistol", "bunker"], deck=["dummy"] * 5).player("Z", secret="killer", hand=20)
    g.play("A", "hijack", target="B", cards=["bunker"])
    g.play("B", "pistol", target="Z").resolve()
    assert g.sleeve("A") == ["bunker"]


def test_hijack_a_wrong_count_misses():
    g = MafikScenario.night(2).player("A", secret="traitor", hand=["hijack", "dummy"]) \
        .player("B", hand=["pistol", "pistol"]).player("Z", secret="killer", hand=20)
    g.play("A", "hijack", target="B", cards=["pistol"]).resolve()
    assert g.sleeve("A") == [] and g.events("hijack_missed", to="A")


def test_hijack_mafia_may_not_aim_at_the_mafia_and_the_law_gets_nothing():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["hijack", "dummy"]) \
        .player("K", secret="killer", hand=["pistol"]).player("L", hand=["hijack", "dummy"]).player("Z", secret="killer", hand=20)
    assert g.refusal("A", "play", card="hijack", target="K", cards=["pistol"]).params.get("reason") == "mafia_on_mafia"
    g.play("L", "hijack").resolve()
    assert g.sleeve("L") == []


# ---- Укол стимулятора ----

def test_stimulant_shot_the_target_learns_and_next_day_moves_one_sleeve_card_to_the_hand():
    g = MafikScenario.night(2).player("A", hand=["stimulant_shot", "dummy"]) \
        .player("B", hand=5, sleeve=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "stimulant_shot", target="B").resolve()
    assert g.events("stimulant_shot_targeted", to="B")
    act(g, "B", "stimulant_move", card=g.uid("B", "bunker", zone="sleeve"))
    assert g.sleeve("B") == ["pistol"] and "bunker" in g.hand("B")
    with pytest.raises(Refusal):
        act(g, "B", "stimulant_move", card=g.uid("B", "pistol", zone="sleeve"))


def test_stimulant_shot_on_oneself_only_the_next_day():
    g = MafikScenario.night(2).player("A", hand=["stimulant_shot", "dummy"], sleeve=["pistol"]) \
        .player("B", hand=5).player("Z", secret="killer", hand=20)
    g.play("A", "stimulant_shot", target="A")
    with pytest.raises(Refusal):  # not this night
        act(g, "A", "stimulant_move", card=g.uid("A", "pistol", zone="sleeve"))
    g.resolve().resolve()  # the day passed unused: gone at the next night
    with pytest.raises(Refusal):
        act(g, "A", "stimulant_move", card=g.uid("A", "pistol", zone="sleeve"))


# ---- Фокус ----

def test_magic_trick_discards_for_dummies_which_become_the_named_cards_at_the_end_of_the_next_phase():
    g = MafikScenario.day(2).player("A", hand=["magic_trick", "pistol", "bunker"], sleeve=["first_aid", "dummy"]) \
        .player("B", hand=5).player("C", hand=5).player("Z", secret="killer", hand=20)
    cards = [g.uid("A", "pistol"), g.uid("A", "first_aid", zone="sleeve")]
    council(g.play("A", "magic_trick", cards=cards, pay_sleeve=["dummy"])).resolve()
    assert g.sleeve("A") == ["dummy"]  # the Пустышка in the first aid's place (the paying one spent)
    assert g.hand("A")[:2] == ["dummy", "bunker"]  # the Пустышка in the Pistol's place
    assert {"pistol", "first_aid"} <= {c.card for c in g.p("A").discard}
    act(g, "A", "magic_trick_name", cards=["sniper_rifle", "bunker"])
    g.resolve()
    assert g.sleeve("A") == ["bunker"]
    assert "sniper_rifle" in g.hand("A")
    assert g.events("magic_trick_turned", to="A")[0].params["cards"] == ["sniper_rifle", "bunker"]


def test_magic_trick_unnamed_dummies_stay_dummies():
    g = MafikScenario.day(2).player("A", hand=["magic_trick", "pistol"], sleeve=["dummy"]).player("B", hand=5) \
        .player("C", hand=5).player("Z", secret="killer", hand=20)
    g.play("A", "magic_trick", cards=[g.uid("A", "pistol")], pay_sleeve=["dummy"]).resolve()
    g.resolve()
    assert "pistol" not in g.hand("A") and not g.events("magic_trick_turned")


# ---- Тренировка ----

def test_training_makes_the_chosen_card_free():
    g = MafikScenario.night(2).player("A", hand=["training", "pistol"], deck=["pistol", "dummy"]).player("Z", secret="killer", hand=20)
    uid = g.uid("A", "pistol")
    g.play("A", "training", cards=[uid]).resolve()
    assert next(c for c in g.p("A").hand if c.uid == uid).free
    assert not any(c.free for c in g.p("A").deck)


def test_training_lower_stance_also_every_copy_in_the_deck():
    g = MafikScenario.night(2).player("A", hand=["training", "pistol"], sleeve=["bunker"],
                                      deck=["bunker", "bunker", "pistol", "dummy"]).player("Z", secret="killer", hand=20)
    in_stance(g, "A", "lower")
    g.play("A", "training", cards=[g.uid("A", "bunker", zone="sleeve")]).resolve()
    assert g.p("A").sleeve[0].free
    assert g.events("training", to="A")[0].params["n"] == 2
    assert [(c.card, c.free) for c in g.p("A").hand] == [("pistol", False), ("bunker", True)]  # the refill
    assert [(c.card, c.free) for c in g.p("A").deck] == [("bunker", True), ("pistol", False), ("dummy", False)]


# ---- Рискованное дело ----

def test_risky_business_right_guess_replaces_the_hand_and_takes_the_old_cards():
    g = MafikScenario.night(2).player("A", hand=["risky_business", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "risky_business", target="B", cards=["bunker", "pistol"], replacements=["dummy", "dummy"],
           pay_sleeve=["dummy"] * 3).resolve()
    assert g.hand("B") == ["dummy", "dummy"]
    assert g.sleeve("A") == ["pistol", "bunker"]
    assert g.events("hand_replaced", to="B")[0].params["cards"] == ["dummy", "dummy"]


def test_risky_business_wrong_guess_changes_nothing():
    g = MafikScenario.night(2).player("A", hand=["risky_business", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    g.play("A", "risky_business", target="B", cards=["pistol"], replacements=["dummy"],
           pay_sleeve=["dummy"] * 3).resolve()
    assert g.hand("B") == ["pistol", "bunker"] and g.sleeve("A") == []


def test_risky_business_replacements_must_be_as_many_and_mafia_not_on_mafia():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["risky_business", "dummy"], sleeve=["dummy"] * 3) \
        .player("K", secret="killer", hand=["pistol"]).player("B", hand=["pistol"]).player("Z", secret="killer", hand=20)
    assert g.refusal("A", "play", card="risky_business", target="B", cards=["pistol"], replacements=["dummy", "dummy"],
                     pay_sleeve=["dummy"] * 3).params.get("reason") == "as_many_as_named"
    assert g.refusal("A", "play", card="risky_business", target="K", cards=["pistol"],
                     pay_sleeve=["dummy"] * 3).params.get("reason") == "mafia_on_mafia"


# ---- Внушительный вид (Советник), Резервы (Маньяк) ----

def test_advisor_imposing_look_four_chosen_cards_into_the_targets_hand():
    g = MafikScenario.day(2).player("A", secret="advisor", hand=["dummy"], sleeve=["advisor_imposing_look"]) \
        .player("B", hand=["dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "advisor_imposing_look", from_sleeve=True, target="B",
           cards=["pistol", "pistol", "bunker", "first_aid"]).resolve()
    assert g.hand("B") == ["dummy", "pistol", "pistol", "bunker", "first_aid"]
    assert g.sleeve("B") == []


def test_advisor_imposing_look_option_two_more_into_the_targets_sleeve():
    g = MafikScenario.day(2).player("A", secret="advisor", hand=["dummy"], sleeve=["advisor_imposing_look"]) \
        .player("B", hand=["dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "advisor_imposing_look", from_sleeve=True, target="B", cards=["dummy"] * 4, sleeve=True,
           sleeve_picks=["pistol", "pistol"]).resolve()
    assert g.sleeve("B") == ["pistol", "pistol"] and len(g.hand("B")) == 5


def test_maniac_reserves_the_hand_into_the_sleeve_and_as_many_drawn():
    g = MafikScenario.day(2).player("M", secret="maniac", hand=["pistol", "bunker", "dummy"],
                                    sleeve=["maniac_reserves"], deck=["first_aid"] * 5).player("B", hand=5).player("C", hand=5) \
        .player("Z", secret="killer", hand=20)
    g.play("M", "maniac_reserves", from_sleeve=True).resolve()
    assert g.sleeve("M") == ["pistol", "bunker", "dummy"]
    assert g.hand("M") == ["first_aid"] * 3


@pytest.mark.parametrize("armour", [True, False])
def test_maniac_reserves_option_four_armor_this_phase(armour: bool):
    g = MafikScenario.day(2).player("M", secret="maniac", hand=["dummy"] * 3, sleeve=["maniac_reserves"],
                                    deck=["dummy"] * 5).player("A", hand=5).player("B", hand=5) \
        .player("Z", secret="killer", hand=20)
    g.play("M", "maniac_reserves", from_sleeve=True, armour=armour)
    council(g, "M").resolve()  # the Вече's 6 damage: 4 absorbed, 2 of the 3 drawn cards lost
    assert (g.alive("M"), g.hand_size("M")) == ((True, 1) if armour else (False, 0))


def test_prison_the_panel_limits_say_no_sleeve_card_while_it_lasts():
    """A Тюрьма'd player's panel says, as for Изгнание, that no Sleeve card may be played — and names no exile."""
    from engine.core import api

    g = MafikScenario.night(2).player("A", hand=["prison", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["pistol", "pistol", "bunker"], sleeve=["dummy", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "prison", target="B", pay_sleeve=["dummy"]).resolve()
    keys = [f.key for f in api.panel_facts(g.state, g.pid("B"))]
    assert "panel_mafik.limits_exiled" in keys and "panel_mafik.exiled" not in keys
    g.resolve()
    g.resolve()  # free again
    assert "panel_mafik.limits" in [f.key for f in api.panel_facts(g.state, g.pid("B"))]
