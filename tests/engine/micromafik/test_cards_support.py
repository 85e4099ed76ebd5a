"""Rule tests of the 11 Поддержка (support) cards, one or more per card, named after the card id.

Hands are 5 cards unless stated; the filler card (Аутопсия, defence) does nothing. A card played
from hand is replaced from the deck at the end of the phase; cards paid for a cost are not; damage
first cancels those replacements, then discards from the hand. Games that run past one phase
have a mafia member (M) so that they do not end at once.
"""

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.micromafik.costs import card_cost
from engine.rulesets.micromafik.registry import CATALOG
from tests.engine.scenario import FILLER, Scenario


def cost_of(g: Scenario, name: str, card: str) -> int:
    """What a card in a player's hand costs that player now."""
    instance = next(c for c in g.p(name).hand if c.card == card)
    return card_cost(g.state, g.pid(name), CATALOG[card], instance)


def shown_counts(g: Scenario) -> dict[str, int]:
    """The last publicly announced hand sizes."""
    return g.public("hand_counts")[-1].params["counts"]


# ---------------------------------------------------------------- Оплата


def test_payment_gives_one_point_by_night_for_free():
    g = Scenario.night(2)
    g.player("A", hand=["payment", FILLER]).player("B", points=2)
    g.play("A", "payment", target="B").resolve()
    assert g.points("B") == 3
    assert g.points("A") == 0
    assert g.hand_size("A") == 2  # played and replaced


def test_payment_by_day_costs_one():
    g = Scenario.day(1)
    g.player("A", hand=["payment", "letter", FILLER], points=1).player("B")
    assert g.refusal("A", "play", card="payment", target="B").code == "cost_unpayable"
    g.play("A", "payment", target="B", pay_cards=["letter"]).resolve()
    assert g.points("B") == 1
    assert g.points("A") == 1
    assert g.hand("A")[:1] == [FILLER] and g.hand_size("A") == 2  # letter paid, payment replaced


def test_payment_cannot_target_oneself():
    g = Scenario.night(2)
    g.player("A", hand=["payment"]).player("B")
    assert g.refusal("A", "play", card="payment", target="A").code == "invalid_target"


# ---------------------------------------------------------------- Щедрость


def test_generosity_gives_two_points_to_both():
    g = Scenario.night(2)
    g.player("A", hand=["generosity", "letter", "letter", FILLER]).player("B", points=1)
    g.play("A", "generosity", target="B", pay_cards=["letter", "letter"]).resolve()
    assert (g.points("A"), g.points("B")) == (2, 3)
    assert g.hand_size("A") == 2  # two cards paid, generosity replaced


def test_generosity_costs_two():
    g = Scenario.night(2)
    g.player("A", hand=["generosity", "letter"], points=5).player("B")
    assert g.refusal("A", "play", card="generosity", target="B", pay_points=1).code == "cost_unpayable"
    assert g.refusal("A", "play", card="generosity", target="B", pay_points=3).code == "cost_unpayable"
    assert g.refusal("A", "play", card="generosity", target="B", pay_cards=["letter"]).code == "cost_unpayable"


def test_generosity_is_night_only():
    g = Scenario.day(1)
    g.player("A", hand=["generosity"], points=2).player("B")
    assert g.refusal("A", "play", card="generosity", target="B", pay_points=2).code == "wrong_phase"


def test_generosity_mafia_first_aid_gives_one_point_each_and_a_protected_card():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["generosity", FILLER], points=2)
    g.player("B", hand=["pistol", "letter"], deck=["coffee"]).player("K", secret="killer", hand=["pistol", FILLER])
    g.play("M", "generosity", target="B", pay_points=2, effect="first_aid")
    g.play("K", "pistol", target="B", pay_cards=[FILLER]).resolve()
    assert (g.points("M"), g.points("B")) == (1, 1)
    # B drew Кофе; 2 damage discard pistol and letter first, the drawn card last
    assert g.hand("B") == ["coffee"]
    assert g.alive("B")


def test_generosity_mafia_city_sleeps_arms_every_lawman():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["generosity", FILLER], points=2)
    g.player("K", secret="killer", hand=["pistol", "pistol", FILLER, FILLER])
    g.player("B").player("C")
    g.play("M", "generosity", target="B", pay_points=2, effect="city_sleeps")
    g.play("K", "pistol", target="C", pay_cards=["pistol"]).resolve()
    assert (g.points("M"), g.points("B")) == (1, 1)
    assert g.hand_size("C") == 4  # 2 damage − 1 armor


def test_generosity_mafia_security_agency_arms_the_target_from_the_next_phase():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["generosity", FILLER], points=2)
    g.player("B").player("K", secret="killer", hand=["assault", "assault", FILLER])
    g.play("M", "generosity", target="B", pay_points=2, effect="security_agency")
    g.play("K", "assault", target="B").resolve()
    assert g.hand_size("B") == 4  # no armor tonight
    g.play("K", "assault", target="B").resolve()
    assert g.hand_size("B") == 4  # 1 armor by day
    assert (g.points("M"), g.points("B")) == (1, 1)


def test_generosity_mafia_may_keep_the_plain_two_points():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["generosity"], points=2).player("B")
    g.play("M", "generosity", target="B", pay_points=2, effect="none").resolve()
    assert (g.points("M"), g.points("B")) == (2, 2)


def test_generosity_effect_option_is_mafia_only():
    g = Scenario.night(2)
    g.player("A", hand=["generosity"], points=2).player("B")
    assert g.refusal("A", "play", card="generosity", target="B", pay_points=2, effect="first_aid").code == "mafia_only"


# ---------------------------------------------------------------- Страховка


def test_insurance_does_nothing_when_played_by_day():
    g = Scenario.day(1)
    g.player("A", hand=["insurance", FILLER], deck=["letter"], points=1).player("B")
    g.play("A", "insurance").resolve()
    assert g.hand("A") == [FILLER, "letter"]
    assert g.points("A") == 1


def test_insurance_gives_one_point_when_discarded_for_damage():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER]).player("B", hand=["insurance", FILLER, FILLER])
    g.play("A", "pistol", target="B", pay_cards=[FILLER]).resolve()
    assert g.hand("B") == [FILLER]
    assert g.points("B") == 1


def test_insurance_gives_nothing_when_paid_for_a_cost():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", "insurance"]).player("B")
    g.play("A", "pistol", target="B", pay_cards=["insurance"]).resolve()
    assert g.points("A") == 0
    assert g.hand_size("B") == 3


def test_insurance_mafia_bluff_shows_one_card_more_until_the_end_of_the_next_phase():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["weakness", "insurance", FILLER, FILLER]).player("B")
    g.play("M", "weakness", target="B", pay_cards=["insurance"], pay_options={"insurance_bluff": True}).resolve()
    assert g.hand_size("M") == 3
    assert shown_counts(g)["0"] == 4
    g.resolve()
    assert shown_counts(g)["0"] == 4
    g.resolve()
    assert shown_counts(g)["0"] == 3


def test_insurance_bluff_is_mafia_only_and_needs_insurance_in_the_payment():
    g = Scenario.night(2)
    g.player("A", hand=["weakness", "insurance"]).player("M", secret="boss", hand=["weakness", "letter", "insurance"])
    bluff = {"insurance_bluff": True}
    assert g.refusal("A", "play", card="weakness", target="M", pay_cards=["insurance"], pay_options=bluff).code == "mafia_only"
    assert g.refusal("M", "play", card="weakness", target="A", pay_cards=["letter"], pay_options=bluff).code == "mafia_only"


# ---------------------------------------------------------------- Посылка


def test_parcel_gives_two_cards_that_are_discarded_last():
    g = Scenario.night(2)
    g.player("A", hand=["parcel", "letter", "coffee", FILLER]).player("B", hand=3)
    g.player("K", hand=["pistol", FILLER])
    g.play("A", "parcel", target="B", give=["letter", "coffee"])
    g.play("K", "pistol", target="B", pay_cards=[FILLER]).resolve()
    assert g.hand("B") == [FILLER, "letter", "coffee"]  # 2 damage took two of B's own cards
    assert g.hand_size("A") == 2  # the parcel replaced, the two given cards not


def test_parcel_gives_one_card_by_day():
    g = Scenario.day(1)
    g.player("A", hand=["parcel", "letter", FILLER]).player("B", hand=2)
    g.play("A", "parcel", target="B", give=["letter"]).resolve()
    assert g.hand("B") == [FILLER, FILLER, "letter"]
    assert g.hand_size("A") == 2
    assert len(g.events("parcel_received", to="B")) == 1


def test_parcel_must_give_one_or_two_cards_of_ones_hand():
    g = Scenario.night(2)
    g.player("A", hand=["parcel", "letter", "coffee", "payment"]).player("B")
    assert g.refusal("A", "play", card="parcel", target="B", give=[]).code == "bad_param"
    assert g.refusal("A", "play", card="parcel", target="B", give=["letter", "coffee", "payment"]).code == "bad_param"


def test_parcel_cannot_give_itself():
    g = Scenario.night(2)
    g.player("A", hand=["parcel", "letter"]).player("B").build()
    uid = g.uid("A", "parcel")
    with pytest.raises(Refusal) as refused:
        api.submit(g.state, 0, "play", card=uid, params={"target": 1, "give": [uid]})
    assert refused.value.code == "card_used_twice"


# ---------------------------------------------------------------- Штраф


def test_fine_raises_named_cards_in_hand_for_good():
    g = Scenario.night(2)
    g.player("A", hand=["fine"]).player("B", hand=["pistol", "letter", "payment", FILLER]).player("M", secret="boss")
    g.play("A", "fine", target="B", cards=["pistol", "letter", "oracle", "coffee"]).resolve()
    assert g.events("fined", to="B")[0].params["cards"] == ["coffee", "letter", "oracle", "pistol"]
    # by day: Оплата (not named) costs only its Условно дневная surcharge
    assert (cost_of(g, "B", "pistol"), cost_of(g, "B", "letter"), cost_of(g, "B", "payment")) == (2, 1, 1)
    g.resolve().resolve()  # day 2, night 3: still raised
    assert (cost_of(g, "B", "pistol"), cost_of(g, "B", "letter")) == (2, 1)
    assert g.hand_size("B") == 4


def test_fine_damages_the_target_for_a_named_card_played_this_phase():
    g = Scenario.night(2)
    g.player("A", hand=["fine"]).player("B", hand=["pistol", "pistol", FILLER, FILLER]).player("C")
    g.play("A", "fine", target="B", cards=["pistol", "letter", "oracle", "coffee"])
    g.play("B", "pistol", target="C", pay_cards=[FILLER]).resolve()
    assert g.hand_size("C") == 3
    assert g.hand("B") == ["pistol", FILLER]  # 1 damage cancelled the replacement
    assert cost_of(g, "B", "pistol") == 2


def test_fine_damage_cannot_be_reduced_by_weakness():
    g = Scenario.night(2)
    g.player("A", hand=["fine"]).player("B", hand=["letter", FILLER, FILLER]).player("C", hand=["weakness", FILLER])
    g.play("A", "fine", target="B", cards=["letter", "pistol", "oracle", "coffee"])
    g.play("C", "weakness", target="A", pay_cards=[FILLER])
    g.play("B", "letter", target="C", message="hi").resolve()
    assert g.hand_size("B") == 2


def test_fine_damage_is_one_per_named_card_played_and_cannot_be_deferred():
    g = Scenario.night(2)
    g.player("A", hand=["coffee", "fine"]).player("B", hand=["letter", "payment", FILLER, FILLER, FILLER])
    g.player("C", hand=["adrenaline", FILLER]).player("M", secret="boss")
    g.play("A", "coffee", target="B").resolve().resolve()  # night 3: B may play 2 cards
    g.play("A", "fine", target="B", cards=["letter", "payment", "oracle", "coffee"])
    g.play("C", "adrenaline", target="B")
    g.play("B", "letter", target="C", message="hi").play("B", "payment", target="C").resolve()
    assert g.hand("B") == [FILLER, FILLER, FILLER]  # 2 damage tonight: both replacements cancelled
    assert g.events("damage_deferred", to="B") == []


def test_fine_needs_four_cards_by_night():
    g = Scenario.night(2)
    g.player("A", hand=["fine"]).player("B")
    assert g.refusal("A", "play", card="fine", target="B", cards=["pistol"]).code == "bad_param"


def test_fine_is_night_only_for_the_law():
    g = Scenario.day(1)
    g.player("A", hand=["fine"]).player("B")
    assert g.refusal("A", "play", card="fine", target="B", cards=["pistol"]).code == "wrong_phase"


def test_fine_mafia_by_day_names_one_card():
    g = Scenario.day(1)
    g.player("M", secret="boss", hand=["fine"]).player("B", hand=["pistol", "letter", FILLER])
    assert g.refusal("M", "play", card="fine", target="B", cards=["pistol", "letter", "oracle", "coffee"]).code == "bad_param"
    g.play("M", "fine", target="B", cards=["pistol"]).resolve()
    assert (cost_of(g, "B", "pistol"), cost_of(g, "B", "letter")) == (2, 0)
    assert g.events("fined", to="B")[0].params["cards"] == ["pistol"]


# ---------------------------------------------------------------- Вышибание


def knocked_out_day() -> Scenario:
    """Night 2: A knocks B's info cards out; the scenario is left at day 2."""
    g = Scenario.night(2)
    g.player("A", hand=["knockout"]).player("B", hand=["letter", "letter", "feedback", "payment", FILLER], points=2)
    g.player("M", secret="boss")
    g.play("A", "knockout", target="B", colour="info").resolve()
    return g


def test_knockout_tells_the_target_and_waits_for_the_next_day():
    g = knocked_out_day()
    assert g.events("knockout", to="B")[0].params["colour"] == "info"
    assert g.hand("B") == ["letter", "letter", "feedback", "payment", FILLER]


def test_knockout_discards_the_colour_at_the_end_of_the_day_and_draws_as_many():
    g = knocked_out_day()
    g.resolve()
    assert g.hand("B") == ["payment", FILLER, FILLER, FILLER, FILLER]
    assert len(g.p("B").deck) == 7
    g.resolve().resolve()  # only the next day
    assert g.hand_size("B") == 5 and len(g.p("B").deck) == 7


def test_knockout_play_costs_one_more_and_keep_costs_one():
    g = knocked_out_day()
    assert g.refusal("B", "play", card="letter", target="A", message="hi").code == "cost_unpayable"
    g.play("B", "letter", target="A", message="hi", pay_points=1)
    g.order("B", "keep", card="feedback", pay_points=1)
    g.resolve()
    # letter played (replaced), feedback kept, the other letter knocked out (redrawn)
    assert g.hand("B") == ["feedback", "payment", FILLER, FILLER, FILLER]
    assert g.points("B") == 0
    assert len(g.events("card_message", to="A")) == 1


def test_knockout_cards_cannot_pay_costs_that_day():
    g = knocked_out_day()
    assert g.refusal("B", "play", card="letter", target="A", message="hi", pay_cards=["feedback"]).code == "bad_payment_card"
    assert g.refusal("B", "keep", card="letter", pay_cards=["feedback"]).code == "bad_payment_card"
    g.order("B", "keep", card="letter", pay_cards=["payment"])
    g.resolve()
    # letter kept; payment paid (not replaced); letter and feedback knocked out and redrawn
    assert g.hand("B") == ["letter", FILLER, FILLER, FILLER]


def test_knockout_redraw_comes_after_damage():
    g = knocked_out_day()
    g.vote("A", "B", "beating").resolve()
    # 2 damage discard the two cards of other colours, then the three info cards are redrawn
    assert g.hand("B") == [FILLER, FILLER, FILLER]


# ---------------------------------------------------------------- Кофе


def test_coffee_gives_one_more_play_the_next_night():
    g = Scenario.night(2)
    g.player("A", hand=["coffee"]).player("B", hand=["letter", "insurance", "payment", "coffee", FILLER])
    g.player("M", secret="boss")
    g.play("A", "coffee", target="B").resolve()
    assert g.events("coffee", to="B")[0].params["phase"] == 5
    g.play("B", "letter", target="A", message="day")  # day 2: still one play
    assert g.refusal("B", "play", card="insurance").code == "limit_reached"
    g.resolve()
    g.play("B", "payment", target="A").play("B", "coffee", target="A")  # night 3: two plays
    assert g.refusal("B", "play", card="insurance").code == "limit_reached"
    g.resolve()
    assert g.points("A") == 1
    assert len(g.events("coffee", to="A")) == 1
    assert g.hand_size("B") == 5


def test_coffee_is_night_only():
    g = Scenario.day(1)
    g.player("A", hand=["coffee"]).player("B")
    assert g.refusal("A", "play", card="coffee", target="B").code == "wrong_phase"


# ---------------------------------------------------------------- Слабость


def test_weakness_lowers_each_damage_of_the_targets_cards_by_one():
    g = Scenario.night(2)
    g.player("A", hand=["weakness", FILLER]).player("B", hand=["pistol", FILLER]).player("C")
    g.play("A", "weakness", target="B", pay_cards=[FILLER])
    g.play("B", "pistol", target="C", pay_cards=[FILLER]).resolve()
    assert g.hand_size("C") == 4


def test_weakness_costs_one():
    g = Scenario.night(2)
    g.player("A", hand=["weakness"], points=3).player("B")
    assert g.refusal("A", "play", card="weakness", target="B").code == "cost_unpayable"
    assert g.refusal("A", "play", card="weakness", target="B", pay_points=2).code == "cost_unpayable"


def test_weakness_applies_before_warning_shot_doubling():
    g = Scenario.night(2)
    g.player("A", hand=["weakness", FILLER]).player("B", hand=["warning_shot", "pistol", FILLER]).player("C", hand=6)
    g.player("M", secret="boss")
    g.play("B", "warning_shot", target="C").resolve()  # doubled from day 2 on
    g.resolve()
    g.play("A", "weakness", target="B", pay_cards=[FILLER])
    g.play("B", "pistol", target="C", pay_cards=[FILLER]).resolve()
    assert g.hand_size("C") == 4  # (2 − 1) × 2, not 2 × 2 − 1


def test_weakness_does_not_touch_fixed_damage_or_the_mafia_kill():
    g = Scenario.night(2)
    g.player("A", hand=["weakness", FILLER]).player("K", secret="killer", hand=["sniper_rifle", FILLER, FILLER])
    g.player("C", hand=6).player("D", hand=6)
    g.play("A", "weakness", target="K", pay_cards=[FILLER])
    g.play("K", "sniper_rifle", target="C", pay_cards=[FILLER, FILLER])
    g.order("K", "kill_vote", target="D")
    g.resolve()
    assert g.hand_size("C") == 3
    assert g.hand_size("D") == 2


# ---------------------------------------------------------------- Трансформация


def test_transformation_becomes_another_card_without_a_replacement():
    g = Scenario.night(2)
    g.player("A", hand=[FILLER, "transformation", FILLER], deck=["letter"]).player("B")
    g.play("A", "transformation", into="pistol").resolve()
    assert g.hand("A") == [FILLER, FILLER, "pistol"]
    assert [c.card for c in g.p("A").deck] == ["letter"]


def test_transformation_card_is_discarded_last_this_phase():
    g = Scenario.night(2)
    g.player("A", hand=["transformation", FILLER, FILLER]).player("K", hand=["pistol", FILLER])
    g.play("A", "transformation", into="oracle")
    g.play("K", "pistol", target="A", pay_cards=[FILLER]).resolve()
    assert g.hand("A") == ["oracle"]


def test_transformation_by_day_costs_one_and_cannot_become_itself():
    g = Scenario.day(1)
    g.player("A", hand=["transformation", FILLER]).player("B")
    assert g.refusal("A", "play", card="transformation", into="pistol").code == "cost_unpayable"
    assert g.refusal("A", "play", card="transformation", into="transformation", pay_cards=[FILLER]).code == "bad_param"
    g.play("A", "transformation", into="pistol", pay_cards=[FILLER]).resolve()
    assert g.hand("A") == ["pistol"]


def test_transformation_mafia_payment_effect_on_the_law():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["transformation"]).player("B")
    g.play("M", "transformation", into="oracle", effect={"card": "payment", "params": {"target": 1}}).resolve()
    assert g.points("B") == 1
    assert g.hand("M") == ["oracle"]


def test_transformation_mafia_payment_effect_barred_on_mafia():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["transformation"]).player("K", secret="killer")
    effect = {"card": "payment", "params": {"target": 1}}
    assert g.refusal("M", "play", card="transformation", into="oracle", effect=effect).code == "invalid_target"


def test_transformation_mafia_warning_shot_only_tells_the_target():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["transformation", "pistol", FILLER, FILLER]).player("B", hand=6)
    g.play("M", "transformation", into="oracle", effect={"card": "warning_shot", "params": {"target": 1}}).resolve()
    assert g.events("warning_shot", to="B")[0].params["shooter"] == 0
    g.resolve()
    g.play("M", "pistol", target="B", pay_cards=[FILLER]).resolve()
    assert g.hand_size("B") == 4  # 2 damage, not doubled


def test_transformation_mafia_effect_must_be_a_cond_day_card_and_is_mafia_only():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["transformation"]).player("A", hand=["transformation"])
    pistol = {"card": "pistol", "params": {"target": 1}}
    assert g.refusal("M", "play", card="transformation", into="oracle", effect=pistol).code == "bad_param"
    testimony = {"card": "testimony", "params": {"target": 0}}
    assert g.refusal("A", "play", card="transformation", into="oracle", effect=testimony).code == "mafia_only"


# ---------------------------------------------------------------- Флэшмоб


def test_flashmob_plays_the_chosen_card_when_someone_else_plays_the_original():
    g = Scenario.day(1)
    g.player("A", hand=["flashmob", FILLER], points=1).player("B", hand=["correspondence", FILLER]).player("C")
    chosen = {"card": "correspondence", "params": {"targets": [2], "messages": ["from A"]}}
    g.play("A", "flashmob", play=chosen, pay_points=1)
    g.play("B", "correspondence", targets=["C"], messages=["from B"], pay_cards=[FILLER]).resolve()
    assert sorted((e.params["sender"], e.params["text"]) for e in g.events("card_message", to="C")) == [
        (0, "from A"), (1, "from B")]
    assert g.points("A") == 0
    assert g.events("flashmob_result", to="A")[0].params == {"card": "flashmob", "chosen": "correspondence", "ok": True}
    assert g.hand_size("A") == 2  # flashmob replaced


def test_flashmob_fails_without_an_original_and_costs_nothing():
    g = Scenario.day(1)
    g.player("A", hand=["flashmob", "letter"], deck=["coffee"], points=1).player("B").player("C")
    chosen = {"card": "correspondence", "params": {"targets": [2], "messages": ["from A"]}}
    g.play("A", "flashmob", play=chosen, pay_points=1).resolve()
    assert g.events("card_message", to="C") == []
    assert g.points("A") == 1
    assert g.hand("A") == ["letter", "coffee"]
    assert g.events("flashmob_result", to="A")[0].params["ok"] is False


def test_flashmob_own_original_does_not_count():
    g = Scenario.night(2)
    g.player("A", hand=["flashmob", "payment", FILLER]).player("B", hand=["coffee"]).player("M", secret="boss")
    g.play("B", "coffee", target="A").resolve().resolve()  # night 3: A may play 2 cards
    g.play("A", "payment", target="B").play("A", "flashmob", play={"card": "payment", "params": {"target": 1}})
    g.resolve()
    assert g.points("B") == 1
    assert g.events("flashmob_result", to="A")[0].params["ok"] is False


def test_flashmob_pays_the_chosen_cards_cost_and_conditions():
    g = Scenario.day(1)
    g.player("A", hand=["flashmob", FILLER, FILLER], points=3).player("B")
    pistol = {"card": "pistol", "params": {"target": 1}}
    assert g.refusal("A", "play", card="flashmob", play=pistol, pay_points=1).code == "wrong_phase"
    payment = {"card": "payment", "params": {"target": 1}}  # Условно дневная by day: cost 1
    assert g.refusal("A", "play", card="flashmob", play=payment).code == "cost_unpayable"
    itself = {"card": "flashmob", "params": {}}
    assert g.refusal("A", "play", card="flashmob", play=itself).code == "bad_param"


def test_flashmob_night_copy_of_a_cost_card_pays_with_cards():
    g = Scenario.night(2)
    g.player("A", hand=["flashmob", "letter", FILLER]).player("B", hand=["pistol", FILLER]).player("C", hand=5)
    pistol = {"card": "pistol", "params": {"target": 2}}
    g.play("A", "flashmob", play=pistol, pay_cards=["letter"])
    g.play("B", "pistol", target="C", pay_cards=[FILLER]).resolve()
    assert g.hand_size("C") == 1
    assert g.hand("A")[0] == FILLER and g.hand_size("A") == 2


# ---------------------------------------------------------------- Оплатить счёт


def test_pay_the_bill_returns_the_last_payment_card_this_phase():
    g = Scenario.night(2)
    g.player("A", hand=["pay_the_bill"]).player("B", hand=["tip_off_shot", "letter", "coffee", FILLER]).player("C")
    g.play("A", "pay_the_bill", target="B", cards=["tip_off_shot"])
    g.play("B", "tip_off_shot", target="C", pay_cards=["letter", "coffee"]).resolve()
    assert g.hand("B") == [FILLER, "coffee", FILLER]
    assert g.events("bill_paid", to="B")[0].params["card"] == "coffee"


def test_pay_the_bill_gives_a_point_when_paid_with_points_only_in_a_later_phase():
    g = Scenario.night(2)
    g.player("A", hand=["pay_the_bill"]).player("B", hand=["pistol", "pistol", FILLER], points=2).player("C", hand=6)
    g.player("M", secret="boss")
    g.play("A", "pay_the_bill", target="B", cards=["pistol"]).resolve().resolve()
    g.play("B", "pistol", target="C", pay_points=1).resolve()
    assert g.points("B") == 2
    g.resolve()
    g.play("B", "pistol", target="C", pay_points=1).resolve()  # only the first time
    assert g.points("B") == 1
    assert len(g.events("bill_paid", to="B")) == 1


def test_pay_the_bill_waits_for_a_play_that_paid_a_cost():
    g = Scenario.night(2)
    g.player("A", hand=["pay_the_bill"]).player("B", hand=["letter", "letter", FILLER, FILLER])
    g.player("C", hand=["fine"]).player("M", secret="boss")
    g.play("A", "pay_the_bill", target="B", cards=["letter"])
    g.play("C", "fine", target="B", cards=["letter", "pistol", "oracle", "coffee"])
    g.play("B", "letter", target="C", message="free").resolve()
    assert g.events("bill_paid", to="B") == []
    assert g.hand("B") == ["letter", FILLER, FILLER]  # Штраф: 1 damage cancelled the replacement
    g.play("B", "letter", target="C", message="paid", pay_cards=[FILLER]).resolve()  # fined: cost 1
    assert g.events("bill_paid", to="B")[0].params["card"] == FILLER
    assert g.hand_size("B") == 3  # the paid card came back, the letter was replaced


def test_pay_the_bill_only_for_the_named_card_of_the_target():
    g = Scenario.night(2)
    g.player("A", hand=["pay_the_bill"]).player("B", hand=["pistol", FILLER]).player("C", hand=["pistol", FILLER])
    g.play("A", "pay_the_bill", target="B", cards=["tip_off_shot"])
    g.play("B", "pistol", target="A", pay_cards=[FILLER])
    g.play("C", "pistol", target="A", pay_cards=[FILLER]).resolve()
    assert g.events("bill_paid") == []
    assert g.hand_size("B") == 1 and g.hand_size("C") == 1


def test_flashmob_of_parcel_cannot_give_the_flashmob_card_itself():
    g = Scenario.night(2)
    g.player("A", hand=["flashmob", "letter"]).player("B").build()
    uid = g.uid("A", "flashmob")
    chosen = {"card": "parcel", "params": {"target": 1, "give": [uid]}}
    with pytest.raises(Refusal) as refused:
        api.submit(g.state, 0, "play", card=uid, params={"play": chosen})
    assert refused.value.code == "card_used_twice"


def test_flashmob_of_parcel_gives_the_cards():
    g = Scenario.night(2)
    g.player("A", hand=["flashmob", "letter", FILLER]).player("B", hand=["parcel", "coffee"]).player("C", hand=2)
    letter = g.uid("A", "letter")
    g.play("A", "flashmob", play={"card": "parcel", "params": {"target": 2, "give": [letter]}})
    g.play("B", "parcel", target="C", give=["coffee"]).resolve()
    assert g.hand("C") == [FILLER, FILLER, "letter", "coffee"]
    assert g.hand_size("A") == 2
