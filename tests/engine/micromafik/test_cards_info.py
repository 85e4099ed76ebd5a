"""Rule tests of the 11 Информация (info) cards, one or more per card, named after the card id.

Hands are 5 cards unless stated; the filler card (Аутопсия, defence) does nothing. A card played
from hand is replaced from the deck at the end of the phase; cards paid for a cost are not.
Games that run past one phase have a mafia member (M) so that they do not end at once.
"""

from tests.engine.scenario import FILLER, Scenario


def messages_to(g: Scenario, name: str) -> list[tuple[int | None, str]]:
    """(sender, text) of every card message a player received, in order."""
    return [(e.params["sender"], e.params["text"]) for e in g.events("card_message", to=name)]


# ---------------------------------------------------------------- Алиби


def test_alibi_is_announced_in_the_morning_and_free_for_the_law():
    g = Scenario.night(2)
    g.player("A", hand=["alibi", FILLER]).player("B")
    assert g.refusal("A", "play", card="alibi", pay_cards=[FILLER]).code == "cost_unpayable"
    g.play("A", "alibi").resolve()
    assert [e.params["subject"] for e in g.public("claim_alibi")] == [0]
    assert g.hand_size("A") == 2


def test_alibi_costs_one_for_the_mafia():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["alibi", FILLER]).player("B")
    assert g.refusal("M", "play", card="alibi").code == "cost_unpayable"
    g.play("M", "alibi", pay_cards=[FILLER]).resolve()
    assert [e.params["subject"] for e in g.public("claim_alibi")] == [0]
    assert g.hand_size("M") == 1


def test_alibi_cannot_be_played_on_the_first_night():
    g = Scenario.night(1)
    g.player("A", hand=["alibi"]).player("B")
    assert g.refusal("A", "play", card="alibi").code == "first_night"


def test_alibi_is_night_only():
    g = Scenario.day(1)
    g.player("A", hand=["alibi"]).player("B")
    assert g.refusal("A", "play", card="alibi").code == "wrong_phase"


# ---------------------------------------------------------------- Письмо


def test_letter_sends_an_anonymous_message_by_day():
    g = Scenario.day(1)
    g.player("A", hand=["letter"]).player("B")
    g.play("A", "letter", target="B", message="I know").resolve()
    assert messages_to(g, "B") == [(None, "I know")]
    assert g.events("card_message", to="A") == []
    assert g.hand_size("A") == 1


def test_letter_by_night_too():
    g = Scenario.night(2)
    g.player("A", hand=["letter"]).player("B").player("C")
    g.play("A", "letter", target="C", message="psst").resolve()
    assert messages_to(g, "C") == [(None, "psst")]
    assert messages_to(g, "B") == []


def test_letter_needs_a_message():
    g = Scenario.day(1)
    g.player("A", hand=["letter"]).player("B")
    assert g.refusal("A", "play", card="letter", target="B").code == "bad_param"
    assert g.refusal("A", "play", card="letter", target="B", message="  ").code == "bad_param"


# ---------------------------------------------------------------- Обратная связь


def feedback_given() -> Scenario:
    """Night 2: A plays Обратная связь on B; the scenario is left at day 2."""
    g = Scenario.night(2)
    g.player("A", hand=["feedback"]).player("B").player("C").player("M", secret="boss")
    g.play("A", "feedback", target="B").resolve()
    return g


def test_feedback_tells_the_target_who_played_it():
    g = feedback_given()
    assert [e.params["to"] for e in g.events("may_reply", to="B")] == [0]
    assert g.events("may_reply", to="C") == []


def test_feedback_lets_the_target_send_one_message_next_phase():
    g = feedback_given()
    assert g.refusal("B", "message", to=2, text="wrong person").code == "not_allowed"
    assert g.refusal("C", "message", to=0, text="no right").code == "not_allowed"
    g.order("B", "message", to=0, text="thanks")
    assert g.refusal("B", "message", to=0, text="twice").code == "not_allowed"
    g.resolve()
    assert messages_to(g, "A") == [(1, "thanks")]


def test_feedback_right_lasts_only_the_next_phase():
    g = feedback_given()
    g.resolve()
    assert g.refusal("B", "message", to=0, text="late").code == "not_allowed"


def test_feedback_is_night_only():
    g = Scenario.day(1)
    g.player("A", hand=["feedback"]).player("B")
    assert g.refusal("A", "play", card="feedback", target="B").code == "wrong_phase"


# ---------------------------------------------------------------- Переписка


def test_correspondence_sends_signed_messages_and_allows_replies():
    g = Scenario.day(1)
    g.player("A", hand=["correspondence", FILLER], points=1).player("B").player("C").player("D")
    g.player("M", secret="boss")
    g.play("A", "correspondence", targets=["B", "C"], messages=["to B", "to C"], pay_points=1).resolve()
    assert messages_to(g, "B") == [(0, "to B")]
    assert messages_to(g, "C") == [(0, "to C")]
    assert messages_to(g, "D") == []
    assert g.points("A") == 0
    g.order("B", "message", to=0, text="from B")
    g.order("C", "message", to=0, text="from C")
    assert g.refusal("D", "message", to=0, text="from D").code == "not_allowed"
    g.resolve()
    assert messages_to(g, "A") == [(1, "from B"), (2, "from C")]


def test_correspondence_costs_one():
    g = Scenario.day(1)
    g.player("A", hand=["correspondence", FILLER, FILLER]).player("B")
    assert g.refusal("A", "play", card="correspondence", targets=["B"], messages=["x"]).code == "cost_unpayable"
    assert g.refusal("A", "play", card="correspondence", targets=["B"], messages=["x"],
                     pay_cards=[FILLER, FILLER]).code == "cost_unpayable"


def test_correspondence_up_to_three_targets_one_message_each():
    g = Scenario.night(2)
    g.player("A", hand=["correspondence", FILLER]).player("B").player("C").player("D").player("E")
    four = ["B", "C", "D", "E"]
    assert g.refusal("A", "play", card="correspondence", targets=four, messages=["1", "2", "3", "4"],
                     pay_cards=[FILLER]).code == "bad_param"
    assert g.refusal("A", "play", card="correspondence", targets=["B", "C"], messages=["1"],
                     pay_cards=[FILLER]).code == "bad_param"
    g.play("A", "correspondence", targets=["B", "C", "D"], messages=["1", "2", "3"], pay_cards=[FILLER]).resolve()
    assert [messages_to(g, n) for n in "BCDE"] == [[(0, "1")], [(0, "2")], [(0, "3")], []]
    assert g.hand_size("A") == 1


# ---------------------------------------------------------------- Общительность


def test_sociability_pays_every_second_message_from_the_next_phase():
    g = Scenario.day(1)
    g.player("A", hand=["sociability", "letter", "letter", "letter"]).player("B", hand=["correspondence", FILLER])
    g.player("M", secret="boss")
    g.play("B", "correspondence", targets=["A"], messages=["hi"], pay_cards=[FILLER]).resolve()
    # night 2: A plays Общительность and replies — the reply is sent before it is active
    g.play("A", "sociability").order("A", "message", to=1, text="reply")
    g.resolve()
    assert g.points("A") == 0
    g.play("A", "letter", target="B", message="one").resolve()
    assert g.points("A") == 0
    g.play("A", "letter", target="B", message="two").resolve()
    assert g.points("A") == 1
    g.play("A", "letter", target="B", message="three").resolve()
    assert g.points("A") == 1
    assert len(g.events("card_message", to="B")) == 4


def test_sociability_counts_replies_and_stacks():
    g = Scenario.night(2)
    g.player("A", hand=["sociability", "sociability", "correspondence", "correspondence", FILLER, FILLER])
    g.player("B").player("C").player("M", secret="boss")
    g.play("A", "sociability").resolve()
    g.play("A", "correspondence", targets=["B", "C"], messages=["1", "2"], pay_cards=[FILLER]).resolve()
    assert g.points("A") == 1  # 2 messages: one point
    g.play("A", "sociability").resolve()
    g.play("A", "correspondence", targets=["B", "C"], messages=["3", "4"], pay_cards=[FILLER]).resolve()
    assert g.points("A") == 3  # the 4th message, with 2 Общительности: 2 points


def test_sociability_counts_replies_to_other_players_cards():
    g = Scenario.night(2)
    g.player("A", hand=["sociability", FILLER]).player("B", hand=["feedback", "feedback", FILLER])
    g.player("M", secret="boss")
    g.play("A", "sociability").play("B", "feedback", target="A").resolve()
    g.order("A", "message", to=1, text="one")
    g.resolve()
    assert g.points("A") == 0
    g.play("B", "feedback", target="A").resolve()  # night 3
    g.order("A", "message", to=1, text="two")
    g.resolve()
    assert g.points("A") == 1


# ---------------------------------------------------------------- Гласность


def test_glasnost_announces_the_card_and_its_plays_next_phase():
    g = Scenario.day(1)
    g.player("A", hand=["glasnost", FILLER]).player("B", hand=["letter", "letter"]).player("C", hand=["letter"])
    g.player("M", secret="boss")
    g.play("A", "glasnost", cards=["letter"], pay_cards=[FILLER])
    g.play("C", "letter", target="A", message="same phase").resolve()
    assert [e.params["subject"] for e in g.public("claim_glasnost")] == ["letter"]
    assert g.public("glasnost_play") == []
    g.play("B", "letter", target="A", message="next phase").resolve()
    assert [(e.params["actor"], e.params["card"]) for e in g.public("glasnost_play")] == [(1, "letter")]
    g.play("B", "letter", target="A", message="too late").resolve()
    assert len(g.public("glasnost_play")) == 1


def test_glasnost_costs_one_and_names_one_card():
    g = Scenario.day(1)
    g.player("A", hand=["glasnost", FILLER], points=2).player("B")
    assert g.refusal("A", "play", card="glasnost", cards=["letter"]).code == "cost_unpayable"
    assert g.refusal("A", "play", card="glasnost", cards=["letter", "pistol"], pay_points=1).code == "bad_param"


# ---------------------------------------------------------------- Дезинформация


def test_disinformation_imitates_an_alibi_announced_once_with_the_count():
    g = Scenario.night(2)
    g.player("A", hand=["alibi"]).player("B", hand=["disinformation"]).player("C", hand=["disinformation"])
    g.play("A", "alibi")
    g.play("B", "disinformation", imitate="alibi", subject="A")
    g.play("C", "disinformation", imitate="alibi", subject="C").resolve()
    assert sorted(e.params["subject"] for e in g.public("claim_alibi")) == [0, 2]
    assert [e.params["count"] for e in g.public("disinformation_count")] == [2]


def test_disinformation_and_a_real_glasnost_of_the_same_card_are_announced_once():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation"]).player("B", hand=["glasnost", FILLER]).player("M", secret="boss")
    g.play("A", "disinformation", imitate="glasnost", cards=["pistol"])
    g.play("B", "glasnost", cards=["pistol"], pay_cards=[FILLER]).resolve()
    assert [e.params["subject"] for e in g.public("claim_glasnost")] == ["pistol"]
    assert [e.params["count"] for e in g.public("disinformation_count")] == [1]


def test_disinformation_alone_only_announces_the_count():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation"]).player("B", hand=["disinformation"]).player("M", secret="boss")
    g.play("A", "disinformation").play("B", "disinformation", imitate="glasnost", cards=["letter"]).resolve()
    assert [e.params["count"] for e in g.public("disinformation_count")] == [2]
    assert [e.params["subject"] for e in g.public("claim_glasnost")] == ["letter"]
    assert g.public("claim_alibi") == []


def test_disinformation_glasnost_has_no_real_effect():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation"]).player("B", hand=["letter"]).player("M", secret="boss")
    g.play("A", "disinformation", imitate="glasnost", cards=["letter"]).resolve()
    g.play("B", "letter", target="A", message="unseen").resolve()
    assert g.public("glasnost_play") == []


# ---------------------------------------------------------------- Слежка


def test_surveillance_shows_the_cards_the_target_plays_next_phase():
    g = Scenario.night(2)
    g.player("A", hand=["surveillance"]).player("B", hand=["letter", "insurance"]).player("M", secret="boss")
    g.play("A", "surveillance", target="B").play("B", "insurance").resolve()
    assert len(g.events("watched", to="B")) == 1
    assert g.events("surveillance", to="A") == []  # not this phase's plays
    g.play("B", "letter", target="A", message="hi").resolve()
    assert [e.params["cards"] for e in g.events("surveillance", to="A")] == [["letter"]]
    g.resolve()
    assert len(g.events("surveillance", to="A")) == 1


def test_surveillance_by_day_costs_one():
    g = Scenario.day(1)
    g.player("A", hand=["surveillance", FILLER]).player("B", hand=["pistol", FILLER]).player("M", secret="boss")
    assert g.refusal("A", "play", card="surveillance", target="B").code == "cost_unpayable"
    g.play("A", "surveillance", target="B", pay_cards=[FILLER]).resolve()
    g.play("B", "pistol", target="M", pay_cards=[FILLER]).resolve()
    assert [e.params["cards"] for e in g.events("surveillance", to="A")] == [["pistol"]]


# ---------------------------------------------------------------- Оракул


def test_oracle_shows_the_hand_at_the_start_of_the_night():
    g = Scenario.night(2)
    g.player("A", hand=["oracle", FILLER, FILLER, FILLER, FILLER]).player("B", hand=["pistol", "letter", "coffee"])
    g.player("C")
    g.play("A", "oracle", target="B", pay_cards=[FILLER] * 4)
    g.play("B", "pistol", target="C", pay_cards=["letter"]).resolve()
    assert g.events("oracle", to="A")[0].params["cards"] == ["pistol", "letter", "coffee"]
    assert g.hand_size("A") == 1


def test_oracle_costs_four():
    g = Scenario.night(2)
    g.player("A", hand=["oracle", FILLER, FILLER], points=4).player("B")
    assert g.refusal("A", "play", card="oracle", target="B", pay_points=3).code == "cost_unpayable"
    assert g.refusal("A", "play", card="oracle", target="B", pay_points=3, pay_cards=[FILLER, FILLER]).code == "cost_unpayable"
    g.play("A", "oracle", target="B", pay_points=2, pay_cards=[FILLER, FILLER]).resolve()
    assert g.events("oracle", to="A")[0].params["cards"] == [FILLER] * 5
    assert (g.points("A"), g.hand_size("A")) == (2, 1)


def test_oracle_is_night_only():
    g = Scenario.day(1)
    g.player("A", hand=["oracle"], points=4).player("B")
    assert g.refusal("A", "play", card="oracle", target="B", pay_points=4).code == "wrong_phase"


# ---------------------------------------------------------------- Декларация о доходах


def test_income_declaration_compares_points_at_the_start_of_the_night():
    g = Scenario.night(2)
    g.player("A", hand=["income_declaration"], points=2).player("B", points=2)
    g.player("C", hand=["payment"])
    g.play("A", "income_declaration", target="B", pay_points=1).play("C", "payment", target="B").resolve()
    assert g.events("income_declaration", to="A")[0].params["equal"] is True
    assert (g.points("A"), g.points("B")) == (1, 3)


def test_income_declaration_unequal():
    g = Scenario.night(2)
    g.player("A", hand=["income_declaration", FILLER], points=1).player("B", points=0)
    g.player("C", hand=["payment"])
    g.play("A", "income_declaration", target="B", pay_cards=[FILLER]).play("C", "payment", target="B").resolve()
    assert g.events("income_declaration", to="A")[0].params["equal"] is False


def test_income_declaration_costs_one():
    g = Scenario.night(2)
    g.player("A", hand=["income_declaration"], points=2).player("B")
    assert g.refusal("A", "play", card="income_declaration", target="B").code == "cost_unpayable"


# ---------------------------------------------------------------- Взятие показаний


def test_testimony_names_the_most_common_colour():
    g = Scenario.night(2)
    g.player("A", hand=["testimony"]).player("B", hand=["letter", "pistol", "oracle", FILLER, "payment"])
    g.play("A", "testimony", target="B").resolve()
    assert g.events("testimony", to="A")[0].params["colour"] == "info"


def test_testimony_tie_names_the_colour_higher_in_the_list():
    g = Scenario.night(2)
    g.player("A", hand=["testimony"]).player("B", hand=["letter", "oracle", "payment", "coffee", FILLER])
    g.player("C", hand=["testimony"]).player("D", hand=["letter", "pistol", FILLER])
    g.play("A", "testimony", target="B").play("C", "testimony", target="D").resolve()
    assert g.events("testimony", to="A")[0].params["colour"] == "support"
    assert g.events("testimony", to="C")[0].params["colour"] == "attack"


def test_testimony_looks_at_the_hand_at_the_start_of_the_phase():
    g = Scenario.night(2)
    g.player("A", hand=["testimony"]).player("B", hand=["parcel", "letter", "oracle", "pistol"])
    g.play("A", "testimony", target="B").play("B", "parcel", target="A", give=["letter", "oracle"]).resolve()
    assert g.events("testimony", to="A")[0].params["colour"] == "info"


def test_testimony_by_day_costs_one():
    g = Scenario.day(1)
    g.player("A", hand=["testimony"], points=1).player("B", hand=["pistol"])
    assert g.refusal("A", "play", card="testimony", target="B").code == "cost_unpayable"
    g.play("A", "testimony", target="B", pay_points=1).resolve()
    assert g.events("testimony", to="A")[0].params["colour"] == "attack"
    assert g.points("A") == 0


def test_disinformation_imitation_needs_its_subject():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation"]).player("B")
    assert g.refusal("A", "play", card="disinformation", imitate="glasnost").code == "bad_param"
    assert g.refusal("A", "play", card="disinformation", imitate="alibi").code == "bad_param"
    assert g.refusal("A", "play", card="disinformation", imitate="alibi", cards=["pistol"], subject="B").code == "bad_param"
    assert g.refusal("A", "play", card="disinformation", subject="B").code == "bad_param"


def test_surveillance_tells_nothing_to_a_dead_watcher():
    g = Scenario.night(2)
    g.player("A", hand=["surveillance"]).player("B", hand=["letter"]).player("K", secret="killer").player("C")
    g.play("A", "surveillance", target="B").order("K", "kill_vote", target="A")
    g.resolve()
    assert not g.alive("A")
    g.play("B", "letter", target="C", message="hi").resolve()
    assert g.events("surveillance") == []
