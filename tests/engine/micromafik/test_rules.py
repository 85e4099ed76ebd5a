"""The general rules of Микромафик (seeds/002_…): playing, discarding, refills, costs, damage, armor,
death, the first night, submissions, the win and the public hand counts.

Every scenario keeps a mafia member alive (unless the test is about the win), so that the game goes
on after a resolution. The filler card (Аутопсия) does nothing in hand; Письмо, Бункер, Обратная
связь and Кофе are also inert while they stay in hand and name the cards whose order matters.
"""

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.views import public_players as api_public_players
from tests.engine.scenario import FILLER, Scenario


def table(g: Scenario, *names: str, hand: int = 5) -> Scenario:
    """Plain law characters with `hand` filler cards, plus the Босс "M" who keeps the game going."""
    for name in names:
        g.player(name, hand=hand)
    return g.player("M", secret="boss")


def last_counts(g: Scenario) -> dict[str, int]:
    return g.public("hand_counts")[-1].params["counts"]


# ---------------------------------------------------------------- playing cards


def test_one_card_per_phase():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", "poison", FILLER])
    table(g, "B")
    g.play("A", "compensation", target="B")
    refusal = g.refusal("A", "play", card="poison", target="B")
    assert refusal.code == "limit_reached"
    assert refusal.params["limit"] == 1


def test_one_card_per_phase_by_day_too():
    g = Scenario.day(2)
    g.player("A", hand=["assault", "insurance", FILLER])
    table(g, "B")
    g.play("A", "assault", target="B")
    assert g.refusal("A", "play", card="insurance").code == "limit_reached"


def test_card_without_day_tag_cannot_be_played_by_day():
    g = Scenario.day(2)
    g.player("A", hand=["compensation", FILLER])
    table(g, "B")
    refusal = g.refusal("A", "play", card="compensation", target="B")
    assert refusal.code == "wrong_phase"
    assert refusal.params["reason"] == "night_only"


def test_day_card_can_be_played_by_day():
    g = Scenario.day(2)
    g.player("A", hand=["assault", FILLER])
    table(g, "B")
    g.play("A", "assault", target="B").resolve()
    assert g.hand_size("B") == 4
    assert g.hand_size("A") == 2  # played and replaced


def test_day_card_can_also_be_played_by_night():
    g = Scenario.night(2)
    g.player("A", hand=["assault", FILLER])
    table(g, "B")
    g.play("A", "assault", target="B").resolve()
    assert g.hand_size("B") == 4


def test_conditional_day_card_costs_one_more_by_day():
    night = Scenario.night(2)
    night.player("A", hand=["payment", FILLER])
    table(night, "B")
    night.play("A", "payment", target="B").resolve()  # free by night
    assert night.points("B") == 1

    day = Scenario.day(2)
    day.player("A", hand=["payment", FILLER], points=1)
    table(day, "B")
    assert day.refusal("A", "play", card="payment", target="B").code == "cost_unpayable"
    day.play("A", "payment", target="B", pay_points=1).resolve()
    assert day.points("B") == 1
    assert day.points("A") == 0


def test_card_target_cannot_be_oneself():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER])
    table(g, "B")
    refusal = g.refusal("A", "play", card="compensation", target="A")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "self")


def test_card_target_oneself_where_the_card_says_so():
    g = Scenario.night(2)
    g.player("A", hand=["personal_guard", FILLER], points=4).player("K", secret="killer").player("B")
    g.play("A", "personal_guard", target="A", pay_points=4)
    g.order("K", "kill_vote", target="A")
    g.resolve()
    assert g.hand_size("A") == 2


def test_points_are_kept_across_phases():
    g = Scenario.night(2)
    g.player("A", hand=["payment", FILLER])
    table(g, "B")
    g.play("A", "payment", target="B").resolve()
    g.resolve().resolve()
    assert g.points("B") == 1


# ---------------------------------------------------------------- discarding instead of playing


def test_night_discard_is_refilled():
    g = Scenario.night(2)
    g.player("A", hand=["letter", FILLER, FILLER], deck=["bunker", FILLER])
    table(g)
    g.order("A", "discard", card="letter")
    g.resolve()
    assert g.hand("A") == [FILLER, FILLER, "bunker"]
    assert [c.card for c in g.p("A").discard] == ["letter"]
    assert len(g.p("A").deck) == 1


def test_night_discard_instead_of_playing_not_both():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", "letter", FILLER])
    table(g, "B")
    g.order("A", "discard", card="letter")
    refusal = g.refusal("A", "play", card="compensation", target="B")
    assert refusal.code == "not_allowed"
    assert refusal.params["what"] == "discard_and_play"


def test_play_then_discard_refused_too():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", "letter", FILLER])
    table(g, "B")
    g.play("A", "compensation", target="B")
    assert g.refusal("A", "discard", card="letter").code == "not_allowed"


def test_only_one_discard_a_night_a_new_one_replaces_it():
    g = Scenario.night(2)
    g.player("A", hand=["letter", "bunker", FILLER], deck=[FILLER, FILLER])
    table(g)
    g.order("A", "discard", card="letter")
    g.order("A", "discard", card="bunker")
    assert [o.kind for o in g.state.orders[g.pid("A")]] == ["discard"]
    g.resolve()
    assert [c.card for c in g.p("A").discard] == ["bunker"]
    assert g.hand_size("A") == 3


def test_discard_by_day_refused():
    g = Scenario.day(2)
    g.player("A", hand=["letter", FILLER])
    table(g)
    refusal = g.refusal("A", "discard", card="letter")
    assert refusal.code == "wrong_phase"
    assert refusal.params["reason"] == "night_only"


# ---------------------------------------------------------------- refills


def test_played_card_refilled_cost_cards_not():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", "letter", FILLER, FILLER], deck=["bunker", "coffee", FILLER])
    table(g, "B")
    g.play("A", "pistol", target="B", pay_cards=["letter"]).resolve()
    assert g.hand("A") == [FILLER, FILLER, "bunker"]  # pistol replaced, letter not
    assert len(g.p("A").deck) == 2
    assert sorted(c.card for c in g.p("A").discard) == ["letter", "pistol"]


def test_empty_deck_draws_nothing():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER, FILLER], deck=0)
    table(g, "B")
    g.play("A", "compensation", target="B").resolve()
    assert g.hand("A") == [FILLER, FILLER]
    assert g.alive("A")


# ---------------------------------------------------------------- costs


def test_cost_paid_with_points():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=2)
    table(g, "B")
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert g.points("A") == 1
    assert g.hand_size("A") == 2
    assert g.hand_size("B") == 3


def test_cost_paid_with_cards():
    g = Scenario.night(2)
    g.player("A", hand=["tip_off_shot", "letter", "bunker", FILLER])
    table(g, "B")
    g.play("A", "tip_off_shot", target="B", pay_cards=["letter", "bunker"]).resolve()
    assert g.hand("A") == [FILLER, FILLER]  # the shot replaced by a filler from the deck
    assert g.hand_size("B") == 4  # law: 1 damage


def test_cost_paid_partly_with_points_partly_with_cards():
    g = Scenario.night(2)
    g.player("A", hand=["tip_off_shot", "letter", FILLER], points=3)
    table(g, "B")
    g.play("A", "tip_off_shot", target="B", pay_points=1, pay_cards=["letter"]).resolve()
    assert g.points("A") == 2
    assert g.hand_size("A") == 2
    assert g.hand_size("B") == 4


def test_cost_must_be_paid_exactly():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", "letter", FILLER], points=3)
    table(g, "B")
    assert g.refusal("A", "play", card="pistol", target="B").code == "cost_unpayable"
    assert g.refusal("A", "play", card="pistol", target="B", pay_points=2).code == "cost_unpayable"
    over = g.refusal("A", "play", card="pistol", target="B", pay_points=1, pay_cards=["letter"])
    assert over.code == "cost_unpayable"
    assert over.params["offered"] == 2


def test_cost_needs_the_points_the_player_has():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=0)
    table(g, "B")
    refusal = g.refusal("A", "play", card="pistol", target="B", pay_points=1)
    assert refusal.code == "cost_unpayable"
    assert (refusal.params["have"], refusal.params["need"]) == (0, 1)


def test_played_card_cannot_pay_its_own_cost():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER])
    table(g, "B")
    pistol = g.uid("A", "pistol")
    with_raised = None
    try:
        api.submit(g.state, g.pid("A"), "play", card=pistol, params={"target": g.pid("B")},
                   payment={"cards": [pistol]})
    except Refusal as refusal:
        with_raised = refusal
    assert with_raised is not None and with_raised.code == "card_used_twice"


def test_payment_card_must_be_in_hand():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER])
    table(g, "B")
    foreign = g.p("B").hand[0].uid
    try:
        api.submit(g.state, g.pid("A"), "play", card=g.uid("A", "pistol"), params={"target": g.pid("B")},
                   payment={"cards": [foreign]})
    except Refusal as refusal:
        assert refusal.code == "bad_payment_card"
        assert refusal.params["reason"] == "not_in_hand"
    else:
        raise AssertionError("paying with another player's card was accepted")


# ---------------------------------------------------------------- damage


def test_damage_discards_in_hand_order():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    g.player("B", hand=["letter", "bunker", "feedback", "coffee", FILLER])
    table(g)
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert g.hand("B") == ["feedback", "coffee", FILLER]
    assert [c.card for c in g.p("B").discard] == ["letter", "bunker"]


def test_reorder_hand_changes_which_cards_damage_discards():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    g.player("B", hand=["letter", "bunker", "feedback", "coffee", FILLER])
    table(g)
    g.play("A", "pistol", target="B", pay_points=1)
    hand = g.p("B").hand
    api.reorder_hand(g.state, g.pid("B"), [c.uid for c in reversed(hand)])
    g.resolve()
    assert g.hand("B") == ["feedback", "bunker", "letter"]
    assert [c.card for c in g.p("B").discard] == [FILLER, "coffee"]


def test_reorder_hand_must_be_a_permutation_of_the_hand():
    g = Scenario.night(2)
    table(g, "B")
    g.build()
    uids = [c.uid for c in g.p("B").hand]
    try:
        api.reorder_hand(g.state, g.pid("B"), uids[:-1])
    except Refusal as refusal:
        assert refusal.code == "bad_order"
    else:
        raise AssertionError("a partial hand order was accepted")


def test_damage_first_cancels_refills():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    g.player("B", hand=["compensation", "letter", "bunker", "feedback"], deck=["coffee"])
    table(g)
    g.play("A", "pistol", target="B", pay_points=1)
    g.play("B", "compensation", target="A").resolve()
    assert g.hand("B") == ["bunker", "feedback"]  # 1 damage ate the refill, 1 discarded the letter
    assert [c.card for c in g.p("B").deck] == ["coffee"]
    (taken,) = g.events("damage_taken", to="B")
    assert taken.params["amount"] == 2
    assert taken.params["refills_cancelled"] == 1
    assert taken.params["discarded"] == ["letter"]


def test_armor_cancels_one_damage_per_point():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    g.player("C", hand=["block", FILLER])
    table(g, "B")
    g.play("A", "pistol", target="B", pay_points=1)
    g.play("C", "block", target="B").resolve()
    assert g.hand_size("B") == 4


def test_armor_does_not_carry_over_to_the_next_phase():
    g = Scenario.night(2)
    g.player("A", hand=["assault", FILLER])
    g.player("C", hand=["block", FILLER])
    table(g, "B")
    g.play("C", "block", target="B").resolve()  # armor, no damage tonight
    assert g.hand_size("B") == 5
    g.play("A", "assault", target="B").resolve()  # by day
    assert g.hand_size("B") == 4


def test_armor_beyond_the_damage_is_wasted():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER])
    g.player("C", hand=["peoples_defense", FILLER], points=1)
    table(g, "B")
    g.play("A", "compensation", target="B")
    g.play("C", "peoples_defense", target="B", pay_points=1).resolve()
    assert g.hand_size("B") == 5


# ---------------------------------------------------------------- death


def test_zero_cards_at_the_end_of_a_phase_is_death():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    table(g, "B", hand=2)
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert not g.alive("B")
    (death,) = g.public("death")
    assert death.params["pid"] == g.pid("B")


def test_one_card_at_the_end_of_a_phase_is_life():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    table(g, "B", hand=3)
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert g.alive("B")
    assert g.hand_size("B") == 1
    assert g.public("death") == []


def test_dying_by_paying_costs_with_the_last_cards():
    g = Scenario.night(2)
    g.player("A", hand=["tip_off_shot", "letter", "bunker"], deck=0)
    table(g, "B")
    g.play("A", "tip_off_shot", target="B", pay_cards=["letter", "bunker"]).resolve()
    assert not g.alive("A")


def test_the_dead_cannot_act():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", "letter"])
    table(g, "B")
    g.p("A").alive = False
    assert g.refusal("A", "play", card="compensation", target="B").code == "dead"
    assert g.refusal("A", "discard", card="letter").code == "dead"
    try:
        api.reorder_hand(g.state, g.pid("A"), [c.uid for c in reversed(g.p("A").hand)])
    except Refusal as refusal:
        assert refusal.code == "dead"
    else:
        raise AssertionError("a dead character reordered the hand")


def test_the_dead_cannot_be_targeted_by_cards():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER])
    table(g, "B")
    g.p("B").alive = False
    refusal = g.refusal("A", "play", card="compensation", target="B")
    assert refusal.code == "invalid_target"
    assert refusal.params["reason"] == "dead"


def test_the_dead_cannot_be_voted_for():
    g = Scenario.day(2)
    table(g, "A", "B")
    g.p("B").alive = False
    refusal = g.refusal("A", "vote", target="B")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "dead")


def test_the_dead_cannot_be_chosen_by_the_mafia_kill_vote():
    g = Scenario.night(2)
    g.player("K", secret="killer")
    table(g, "B")
    g.p("B").alive = False
    refusal = g.refusal("K", "kill_vote", target="B")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "dead")


def test_effects_on_a_character_end_when_it_dies():
    g = Scenario.night(2)
    g.player("A", hand=["poison", FILLER])
    g.player("C", hand=["pistol", FILLER], points=1)
    table(g, "B", hand=2)
    g.play("A", "poison", target="B")
    g.play("C", "pistol", target="B", pay_points=1).resolve()
    assert not g.alive("B")
    assert [e for e in g.state.effects if e.target == g.pid("B")] == []


# ---------------------------------------------------------------- the first night


def test_first_night_caps_the_mafia_kill_with_boosts_at_four():
    g = Scenario.night(1)
    g.player("K", secret="killer", points=1).player("Bo", secret="boss", points=1)
    g.player("V", hand=6)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_points=1)
    g.order("Bo", "kill_vote", target="V")
    g.order("Bo", "kill_boost", pay_points=1)
    g.resolve()
    assert g.hand_size("V") == 2  # 6 damage, only 4 count
    (taken,) = g.events("damage_taken", to="V")
    assert taken.params["amount"] == 4


def test_first_night_caps_card_damage_at_four():
    g = Scenario.night(1)
    for name in ("A", "C", "D"):
        g.player(name, hand=["pistol", FILLER], points=1)
    g.player("V", hand=6).player("M", secret="boss")
    for name in ("A", "C", "D"):
        g.play(name, "pistol", target="V", pay_points=1)
    g.resolve()
    assert g.hand_size("V") == 2


def test_first_night_cap_counts_the_mafia_kill_and_cards_together():
    g = Scenario.night(1)
    g.player("K", secret="killer").player("A", hand=["pistol", FILLER], points=1).player("V", hand=6)
    g.order("K", "kill_vote", target="V")
    g.play("A", "pistol", target="V", pay_points=1).resolve()
    assert g.hand_size("V") == 2


def test_no_damage_cap_after_the_first_night():
    g = Scenario.night(2)
    g.player("K", secret="killer", points=1).player("Bo", secret="boss", points=1)
    g.player("V", hand=7)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_points=1)
    g.order("Bo", "kill_boost", pay_points=1)
    g.resolve()
    assert g.hand_size("V") == 1


def test_first_night_cap_does_not_cover_cards_paid_for_costs():
    g = Scenario.night(1)
    g.player("K", secret="killer", points=1).player("Bo", secret="boss", points=1)
    g.player("V", hand=["tip_off_shot", "letter", "bunker", FILLER, FILLER, FILLER])
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_points=1)
    g.play("V", "tip_off_shot", target="Bo", pay_cards=["letter", "bunker"]).resolve()
    # 5 damage capped at 4: the shot's refill is cancelled and the 3 fillers discarded.
    assert g.hand_size("V") == 0
    assert not g.alive("V")


# ---------------------------------------------------------------- submissions


def test_a_submission_can_be_changed_until_resolution():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER])
    table(g, "B", "C")
    first = g.order("A", "play", card="compensation", target="B")
    api.submit(g.state, g.pid("A"), "play", card=g.uid("A", "compensation"), params={"target": g.pid("C")},
               replace=first.oid)
    assert len(g.state.orders[g.pid("A")]) == 1
    g.resolve()
    assert g.hand_size("B") == 5
    assert g.hand_size("C") == 4


def test_a_submission_can_be_withdrawn_until_resolution():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER], deck=["letter"])
    table(g, "B")
    order = g.order("A", "play", card="compensation", target="B")
    api.withdraw(g.state, g.pid("A"), order.oid)
    assert g.state.orders[g.pid("A")] == []
    g.resolve()
    assert g.hand_size("B") == 5
    assert g.hand("A") == ["compensation", FILLER]
    assert [c.card for c in g.p("A").deck] == ["letter"]


def test_withdrawing_an_unknown_submission_refused():
    g = Scenario.night(2)
    table(g, "A")
    g.build()
    try:
        api.withdraw(g.state, g.pid("A"), 999)
    except Refusal as refusal:
        assert refusal.code == "unknown_order"
    else:
        raise AssertionError("withdrawing nothing was accepted")


def test_an_order_that_became_invalid_is_dropped_at_resolution():
    g = Scenario.night(2)
    g.player("A", hand=["compensation", FILLER], deck=["letter"])
    table(g, "B")
    order = g.order("A", "play", card="compensation", target="B")
    api.modkill(g.state, g.pid("B"))  # the target dies before the deadline
    g.resolve()
    (dropped,) = g.events("order_dropped", to="A")
    assert dropped.params["oid"] == order.oid
    assert dropped.params["code"] == "invalid_target"
    assert g.hand("A") == ["compensation", FILLER]  # nothing played, nothing drawn
    assert [c.card for c in g.p("A").deck] == ["letter"]


# ---------------------------------------------------------------- the win


def test_law_wins_when_only_law_lives():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1).player("B").player("M", secret="boss", hand=2)
    g.play("A", "pistol", target="M", pay_points=1).resolve()
    assert g.state.status == "finished"
    assert g.state.winners == ["law"]
    (over,) = g.public("game_over")
    assert over.params["winners"] == ["law"]
    assert over.params["roles"][str(g.pid("M"))] == {"secret_role": "boss", "faction": "mafia"}


def test_mafia_wins_when_only_mafia_lives():
    g = Scenario.night(2)
    g.player("K", secret="killer").player("M", secret="boss").player("V", hand=4)
    g.order("K", "kill_vote", target="V")
    g.resolve()
    assert not g.alive("V")
    assert g.state.winners == ["mafia"]
    assert g.public("game_over")[0].params["winners"] == ["mafia"]


def test_nobody_wins_when_everybody_dies():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1).player("M", secret="boss", hand=["pistol", FILLER], points=1)
    g.play("A", "pistol", target="M", pay_points=1)
    g.play("M", "pistol", target="A", pay_points=1).resolve()
    assert not g.alive("A") and not g.alive("M")
    assert g.state.status == "finished"
    assert g.state.winners == []
    assert g.public("game_over")[0].params["winners"] == []


def test_game_goes_on_while_both_sides_live():
    g = Scenario.night(2)
    table(g, "A")
    g.resolve()
    assert g.state.status == "running"
    assert g.state.phase == 4
    assert g.public("game_over") == []


def test_a_finished_game_does_not_resolve_again():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1).player("M", secret="boss", hand=2)
    g.play("A", "pistol", target="M", pay_points=1).resolve()
    try:
        api.resolve(g.state)
    except Refusal as refusal:
        assert refusal.code == "game_not_running"
    else:
        raise AssertionError("a finished game resolved")


# ---------------------------------------------------------------- public hand counts


def test_hand_counts_are_announced_every_phase():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    table(g, "B")
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert last_counts(g) == {str(g.pid("A")): 2, str(g.pid("B")): 3, str(g.pid("M")): 5}
    g.resolve()
    counts = g.public("hand_counts")
    assert [e.phase for e in counts] == [3, 4]
    assert counts[-1].params["counts"] == {str(g.pid("A")): 2, str(g.pid("B")): 3, str(g.pid("M")): 5}


def test_deck_sizes_are_not_announced():
    g = Scenario.night(2)
    table(g, "A")
    g.resolve()
    assert all(set(e.params) == {"counts"} for e in g.public("hand_counts"))
    public = api_public_players(g.state)
    assert all("deck_size" not in p and "deck" not in p for p in public)
    assert [p["hand_size"] for p in public] == [5, 5]


def test_hand_counts_leave_out_the_dead():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER], points=1)
    table(g, "B", hand=2)
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert last_counts(g) == {str(g.pid("A")): 2, str(g.pid("M")): 5}
