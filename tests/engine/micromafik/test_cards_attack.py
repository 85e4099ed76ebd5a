"""Rule tests for the 11 cards of the colour Атака (seeds/002, "==== Атака ====").

Every test is named after the card it is about. Hands are padded with the scenario's inert filler
(Аутопсия), which also serves as payment. Remember: a card played from hand is refilled from the
deck at the end of the phase, a card paid is not, and damage first cancels the refills owed.
"""

from tests.engine.scenario import FILLER as F
from tests.engine.scenario import Scenario


def hand(*cards: str, size: int = 5) -> list[str]:
    return [*cards, *[F] * (size - len(cards))]


def night_only(card: str, **params: object) -> str:
    """The refusal code for playing `card` by day (with points enough for any cost)."""
    g = Scenario.day(1)
    g.player("A", hand=hand(card), points=5).player("B").player("C")
    return g.refusal("A", "play", card=card, **params).code


def coffee(g: Scenario, name: str) -> None:
    """Give `name` one more play this phase (as Кофе of the previous phase would)."""
    g.build()
    g.state.add_effect("coffee", target=g.pid(name), start=g.state.phase, end=g.state.phase)


def damage(g: Scenario, name: str) -> int:
    return sum(int(e.params["amount"]) for e in g.events("damage_taken", to=name))


# ---------------------------------------------------------------- Пистолет


def test_pistol_deals_two_damage():
    g = Scenario.night(2)
    g.player("A", hand=hand("pistol")).player("B")
    g.play("A", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 3
    assert g.hand_size("A") == 4  # played (refilled) + paid (not refilled)
    assert damage(g, "B") == 2


def test_pistol_cost_must_be_paid():
    g = Scenario.night(2)
    g.player("A", hand=hand("pistol"), points=2).player("B")
    assert g.refusal("A", "play", card="pistol", target="B").code == "cost_unpayable"
    assert g.refusal("A", "play", card="pistol", target="B", pay_points=2).code == "cost_unpayable"
    assert g.refusal("A", "play", card="pistol", target="B", pay_points=1, pay_cards=[F]).code == "cost_unpayable"
    g.play("A", "pistol", target="B", pay_points=1).resolve()
    assert (g.points("A"), g.hand_size("A"), g.hand_size("B")) == (1, 5, 3)


def test_pistol_is_night_only():
    assert night_only("pistol", target="B", pay_points=1) == "wrong_phase"


def test_pistol_damage_first_cancels_the_targets_refills():
    g = Scenario.night(2)
    g.player("A", hand=hand("pistol")).player("B", hand=["letter", "block", F, F, F], deck=["spikes", *[F] * 5])
    g.order("B", "discard", card=F)
    g.play("A", "pistol", target="B", pay_cards=[F]).resolve()
    # the discarded filler's refill (Шипы) is cancelled, then one card goes in hand order
    assert g.hand("B") == ["block", F, F]


# ---------------------------------------------------------------- Нападение


def test_assault_by_day_deals_one_damage_and_names_the_player_publicly():
    g = Scenario.day(1)
    g.player("A", hand=hand("assault")).player("B").player("C")
    g.play("A", "assault", target="B").resolve()
    assert (g.hand_size("A"), g.hand_size("B"), g.hand_size("C")) == (5, 4, 5)
    (event,) = g.public("assault_by_day")
    assert event.params == {"card": "assault", "actor": g.pid("A")}  # the target is not told


def test_assault_by_night_deals_one_damage_secretly():
    g = Scenario.night(2)
    g.player("A", hand=hand("assault")).player("B")
    g.play("A", "assault", target="B").resolve()
    assert g.hand_size("B") == 4
    assert g.public("assault_by_day") == []


def test_assault_has_no_cost():
    g = Scenario.day(1)
    g.player("A", hand=hand("assault"), points=1).player("B")
    assert g.refusal("A", "play", card="assault", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Компенсация ущерба


def test_compensation_law_target_takes_one_damage_and_gets_a_point():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("compensation")).player("B")
    g.play("A", "compensation", target="B").resolve()
    assert (g.hand_size("B"), g.points("B")) == (4, 1)
    assert g.events("targeted_by", to="B") == []


def test_compensation_mafia_target_learns_of_each_play():
    g = Scenario.night(2)
    g.player("A", hand=hand("compensation")).player("B", secret="boss").player("C", hand=hand("compensation"))
    g.play("A", "compensation", target="B").play("C", "compensation", target="B").resolve()
    assert (g.hand_size("B"), g.points("B")) == (3, 0)
    assert [e.params["card"] for e in g.events("targeted_by", to="B")] == ["compensation", "compensation"]


def test_compensation_is_free_and_night_only():
    assert night_only("compensation", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("compensation"), points=1).player("B")
    assert g.refusal("A", "play", card="compensation", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Раскулачивание


def test_dekulakization_deals_the_points_the_target_had_at_the_start_of_the_night():
    g = Scenario.night(2)
    g.player("A", hand=hand("dekulakization")).player("B", hand=hand("pistol"), points=3).player("C")
    g.play("B", "pistol", target="C", pay_points=1)  # B has 2 points when the cards take effect
    g.play("A", "dekulakization", target="B").resolve()
    assert (g.points("B"), g.hand_size("B")) == (2, 2)  # 3 damage: the refill and 2 cards


def test_dekulakization_without_points_does_nothing():
    g = Scenario.night(2)
    g.player("A", hand=hand("dekulakization")).player("B")
    g.play("A", "dekulakization", target="B").resolve()
    assert g.hand_size("B") == 5
    assert g.events("damage_taken", to="B") == []


def test_dekulakization_is_free_and_night_only():
    assert night_only("dekulakization", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("dekulakization")).player("B")
    assert g.refusal("A", "play", card="dekulakization", target="B", pay_cards=[F]).code == "cost_unpayable"


# ---------------------------------------------------------------- Выстрел по наводке


def test_tip_off_shot_deals_two_to_mafia_and_one_to_law():
    g = Scenario.night(2)
    g.player("A", hand=hand("tip_off_shot")).player("B", secret="killer")
    g.player("C", hand=hand("tip_off_shot")).player("D")
    g.play("A", "tip_off_shot", target="B", pay_cards=[F, F])
    g.play("C", "tip_off_shot", target="D", pay_points=0, pay_cards=[F, F]).resolve()
    assert (g.hand_size("B"), g.hand_size("D")) == (3, 4)
    assert g.hand_size("A") == 3


def test_tip_off_shot_costs_two():
    g = Scenario.night(2)
    g.player("A", hand=hand("tip_off_shot"), points=1).player("B")
    assert g.refusal("A", "play", card="tip_off_shot", target="B", pay_cards=[F]).code == "cost_unpayable"
    assert g.refusal("A", "play", card="tip_off_shot", target="B", pay_points=1).code == "cost_unpayable"
    g.play("A", "tip_off_shot", target="B", pay_points=1, pay_cards=[F]).resolve()
    assert (g.points("A"), g.hand_size("A"), g.hand_size("B")) == (0, 4, 4)


def test_tip_off_shot_is_night_only():
    assert night_only("tip_off_shot", target="B", pay_points=2) == "wrong_phase"


# ---------------------------------------------------------------- Снайперская винтовка


def test_sniper_rifle_deals_three_damage_ignoring_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("sniper_rifle")).player("B").player("C", hand=hand("block"))
    g.play("C", "block", target="B")
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F]).resolve()
    assert g.hand_size("B") == 2
    assert g.hand_size("A") == 3


def test_sniper_rifle_damage_cannot_be_changed_by_weakness_doubling_or_adrenaline():
    g = Scenario.day(1)
    g.player("A", secret="killer", hand=hand("warning_shot", "sniper_rifle", size=7)).player("B", hand=7)
    g.player("C", hand=hand("adrenaline")).player("D", hand=hand("weakness"))
    g.play("A", "warning_shot", target="B", pay_cards=[F]).resolve()
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F])
    g.play("C", "adrenaline", target="B").play("D", "weakness", target="A", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 4  # exactly 3: not −1, not ×2, nothing deferred
    assert g.events("damage_deferred", to="B") == []
    g.resolve()  # the next day brings nothing
    assert g.hand_size("B") == 4


def test_sniper_rifle_at_most_three_damage_per_target_per_night():
    g = Scenario.night(2)
    g.player("A", hand=hand("sniper_rifle")).player("B", hand=7).player("C", hand=hand("sniper_rifle"))
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F])
    g.play("C", "sniper_rifle", target="B", pay_cards=[F, F]).resolve()
    assert g.hand_size("B") == 4


def test_sniper_rifle_first_night_cap_applies():
    g = Scenario.night(1)
    g.player("A", secret="killer").player("B", hand=8).player("C", hand=hand("sniper_rifle"))
    g.order("A", "kill_vote", target="B")
    g.play("C", "sniper_rifle", target="B", pay_cards=[F, F]).resolve()
    assert g.hand_size("B") == 4  # 4 + 3 damage, at most 4 on the first night


def test_sniper_rifle_is_stopped_by_personal_guard():
    g = Scenario.night(2)
    g.player("A", hand=hand("sniper_rifle")).player("B").player("C", hand=hand("personal_guard"), points=4)
    g.play("C", "personal_guard", target="B", pay_points=4)
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F]).resolve()
    assert g.hand_size("B") == 5


def test_sniper_rifle_mafia_guessing_all_three_cards_gets_two_points_and_keeps_the_card():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("sniper_rifle")).player("B", chose=["pistol", "block", "letter", "oracle"])
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F], cards=["letter", "pistol", "block"]).resolve()
    assert g.points("A") == 2
    assert sorted(g.hand("A")) == sorted([F, F, "sniper_rifle"])  # kept, and no replacement drawn
    assert len(g.p("A").deck) == 10
    assert g.hand_size("B") == 2
    assert g.events("sniper_guess", to="A")[0].params["hit"] is True


def test_sniper_rifle_mafia_wrong_guess_gets_nothing():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("sniper_rifle")).player("B", chose=["pistol", "block", "letter"])
    g.play("A", "sniper_rifle", target="B", pay_cards=[F, F], cards=["letter", "pistol", "oracle"]).resolve()
    assert g.points("A") == 0
    assert g.hand("A") == [F, F, F]
    assert len(g.p("A").deck) == 9
    assert g.hand_size("B") == 2


def test_sniper_rifle_guess_is_mafia_only_and_needs_three_different_cards():
    g = Scenario.night(2)
    g.player("A", hand=hand("sniper_rifle")).player("B", secret="killer", hand=hand("sniper_rifle")).player("C")
    refusal = g.refusal("A", "play", card="sniper_rifle", target="C", pay_cards=[F, F], cards=["pistol", "block", "letter"])
    assert refusal.code == "mafia_only"
    refusal = g.refusal("B", "play", card="sniper_rifle", target="C", pay_cards=[F, F], cards=["pistol", "pistol", "letter"])
    assert refusal.code == "bad_param"


def test_sniper_rifle_costs_two_and_is_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("sniper_rifle"), points=1).player("B")
    assert g.refusal("A", "play", card="sniper_rifle", target="B", pay_points=1).code == "cost_unpayable"
    assert night_only("sniper_rifle", target="B", pay_points=2) == "wrong_phase"


# ---------------------------------------------------------------- Яд


def test_poison_deals_one_damage_every_phase_from_the_next():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("poison")).player("B")
    g.play("A", "poison", target="B").resolve()
    assert g.hand_size("B") == 5
    assert len(g.events("poisoned", to="B")) == 1
    g.resolve()
    assert g.hand_size("B") == 4
    g.resolve()
    assert g.hand_size("B") == 3


def test_poison_is_doubled_by_the_poisoners_warning_shot_and_not_reduced_by_weakness():
    g = Scenario.day(1)
    g.player("A", secret="killer", hand=hand("warning_shot", "poison", size=6)).player("B", hand=8)
    g.player("C", hand=hand("weakness"))
    g.play("A", "warning_shot", target="B", pay_cards=[F]).resolve()  # day 1
    g.play("A", "poison", target="B").resolve()  # night 2
    assert g.hand_size("B") == 8
    g.resolve()  # day 2
    assert g.hand_size("B") == 6
    g.play("C", "weakness", target="A", pay_cards=[F]).resolve()  # night 3
    assert g.hand_size("B") == 4


def test_poison_lasts_after_the_poisoner_dies():
    g = Scenario.night(2)
    g.player("A", hand=["poison"], deck=0).player("B").player("C", secret="killer")
    g.play("A", "poison", target="B").resolve()
    assert not g.alive("A")
    g.resolve()
    assert g.hand_size("B") == 4


def test_poison_is_free_and_night_only():
    assert night_only("poison", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("poison"), points=1).player("B")
    assert g.refusal("A", "play", card="poison", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Точный удар


def test_precise_strike_discards_named_cards_in_hand_ignoring_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike")).player("B", hand=["pistol", F, "letter", "pistol", F])
    g.player("C", hand=hand("block"))
    g.play("C", "block", target="B")
    g.play("A", "precise_strike", target="B", cards=["pistol", "letter", "oracle"]).resolve()
    assert g.hand("B") == [F, F]
    assert sorted(g.events("precise_strike", to="B")[0].params["lost"]) == ["letter", "pistol", "pistol"]


def test_precise_strike_played_named_card_is_not_replaced():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike")).player("B", hand=hand("pistol")).player("C")
    g.play("B", "pistol", target="C", pay_cards=[F])
    g.play("A", "precise_strike", target="B", cards=["pistol", "letter", "oracle"]).resolve()
    assert g.hand_size("B") == 3  # 5 − played − paid, and no refill
    assert g.hand_size("C") == 3


def test_precise_strike_named_card_spent_on_a_cost_deals_one_damage_ignoring_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike")).player("B", hand=hand("pistol", "letter"))
    g.player("C").player("D", hand=hand("block"))
    g.play("D", "block", target="B")
    g.play("B", "pistol", target="C", pay_cards=["letter"])
    g.play("A", "precise_strike", target="B", cards=["letter", "oracle", "bunker"]).resolve()
    assert g.hand_size("B") == 3  # the 1 damage cancels the pistol's refill despite the armor


def test_precise_strike_damage_is_not_doubled_or_deferred():
    g = Scenario.day(1)
    g.player("A", secret="killer", hand=hand("warning_shot", "precise_strike", size=6)).player("B", hand=hand("pistol", "letter"))
    g.player("C", hand=hand("adrenaline"))
    g.play("A", "warning_shot", target="B", pay_cards=[F]).resolve()  # day 1
    g.play("B", "pistol", target="C", pay_cards=["letter"])
    g.play("C", "adrenaline", target="B")
    g.play("A", "precise_strike", target="B", cards=["letter", "oracle", "bunker"]).resolve()  # night 2
    assert g.hand_size("B") == 3  # 1 damage (not 2) cancels the pistol's refill; nothing deferred
    assert g.events("damage_deferred", to="B") == []
    g.resolve()
    assert g.hand_size("B") == 3


def test_precise_strike_on_the_first_night_losses_count_toward_the_cap_first():
    g = Scenario.night(1)
    g.player("A", secret="killer", hand=hand("precise_strike"))
    g.player("B", hand=["pistol", "letter", "block", F, F, F, F])
    g.order("A", "kill_vote", target="B")
    g.play("A", "precise_strike", target="B", cards=["pistol", "letter", "block"]).resolve()
    assert g.hand("B") == [F, F, F]  # 3 cards lost, then only 1 of the 4 kill damage


def test_precise_strike_on_the_first_night_loses_at_most_four_cards():
    g = Scenario.night(1)
    g.player("A", hand=hand("precise_strike"))
    g.player("B", hand=["pistol", "letter", "block", "pistol", "letter", F])
    g.play("A", "precise_strike", target="B", cards=["pistol", "letter", "block"]).resolve()
    assert g.hand("B") == ["letter", F]


def test_precise_strike_discarded_named_card_is_not_replaced():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike")).player("B", hand=hand("letter"))
    g.order("B", "discard", card="letter")
    g.play("A", "precise_strike", target="B", cards=["letter", "oracle", "bunker"]).resolve()
    assert g.hand_size("B") == 4


def test_precise_strike_is_stopped_by_personal_guard():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike")).player("B", hand=hand("pistol", "letter"))
    g.player("C", hand=hand("personal_guard"), points=4)
    g.play("C", "personal_guard", target="B", pay_points=4)
    g.play("A", "precise_strike", target="B", cards=["pistol", "letter", "oracle"]).resolve()
    assert g.hand("B") == ["pistol", "letter", F, F, F]


def test_precise_strike_names_three_different_cards_and_is_free_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("precise_strike"), points=1).player("B")
    refusal = g.refusal("A", "play", card="precise_strike", target="B", cards=["pistol", "pistol", "letter"])
    assert refusal.code == "bad_param"
    refusal = g.refusal("A", "play", card="precise_strike", target="B", cards=["pistol", "letter"])
    assert refusal.code == "bad_param"
    refusal = g.refusal("A", "play", card="precise_strike", target="B", cards=["pistol", "letter", "block"],
                        pay_points=1)
    assert refusal.code == "cost_unpayable"
    assert night_only("precise_strike", target="B", cards=["pistol", "letter", "block"]) == "wrong_phase"


# ---------------------------------------------------------------- Предупредительный выстрел


def test_warning_shot_doubles_the_shooters_attack_damage_from_the_next_phase():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("warning_shot", "assault")).player("B", hand=7).player("C", hand=hand("assault"))
    g.play("A", "warning_shot", target="B").resolve()
    assert g.hand_size("B") == 7
    assert [e.params["shooter"] for e in g.events("warning_shot", to="B")] == [g.pid("A")]
    g.play("A", "assault", target="B").play("C", "assault", target="B").resolve()
    assert g.hand_size("B") == 4  # 2 from the shooter, 1 from C


def test_warning_shot_does_not_double_in_the_phase_it_is_played():
    g = Scenario.night(2)
    g.player("A", hand=hand("warning_shot", "pistol")).player("B")
    coffee(g, "A")
    g.play("A", "warning_shot", target="B").play("A", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 3


def test_warning_shot_does_not_double_the_mafia_kill():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("warning_shot")).player("B", hand=8)
    g.play("A", "warning_shot", target="B").resolve()
    g.resolve()
    g.order("A", "kill_vote", target="B")
    g.resolve()
    assert g.hand_size("B") == 4


def test_warning_shot_by_day_costs_one_and_by_night_nothing():
    g = Scenario.day(1)
    g.player("A", hand=hand("warning_shot"), points=1).player("B")
    assert g.refusal("A", "play", card="warning_shot", target="B").code == "cost_unpayable"
    g.play("A", "warning_shot", target="B", pay_points=1).resolve()
    assert g.points("A") == 0
    assert len(g.events("warning_shot", to="B")) == 1
    g2 = Scenario.night(2)
    g2.player("A", hand=hand("warning_shot"), points=1).player("B")
    assert g2.refusal("A", "play", card="warning_shot", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Контратака


def test_counterattack_hits_everyone_who_played_an_attack_card_on_you_this_phase():
    g = Scenario.day(1)
    g.player("A", hand=hand("counterattack"), deck=[F] * 3)
    g.player("B", hand=hand("assault")).player("C", hand=hand("assault")).player("D", hand=hand("letter"))
    g.player("E", hand=hand("assault"))
    g.play("B", "assault", target="A").play("C", "assault", target="A").play("E", "assault", target="D")
    g.play("D", "letter", target="A", message="hi").play("A", "counterattack").resolve()
    assert (g.hand_size("B"), g.hand_size("C"), g.hand_size("D"), g.hand_size("E")) == (4, 4, 4, 5)
    assert g.hand_size("A") == 3


def test_counterattack_hits_each_attacker_once():
    g = Scenario.night(2)
    g.player("A", hand=hand("counterattack")).player("B", hand=hand("pistol", "mugging", size=7))
    coffee(g, "B")
    g.play("B", "pistol", target="A", pay_cards=[F]).play("B", "mugging", target="A", cards=["oracle"])
    g.play("A", "counterattack").resolve()
    assert g.hand_size("B") == 5  # 4 left, 2 refills owed, 1 damage cancels one


def test_counterattack_is_free_and_playable_by_night():
    g = Scenario.night(2)
    g.player("A", hand=hand("counterattack"), points=1).player("B", hand=hand("assault"))
    assert g.refusal("A", "play", card="counterattack", pay_points=1).code == "cost_unpayable"
    g.play("A", "counterattack").play("B", "assault", target="A").resolve()
    assert (g.hand_size("A"), g.hand_size("B")) == (4, 4)


# ---------------------------------------------------------------- Гоп-стоп


def test_mugging_hit_deals_one_damage_and_gives_a_point():
    g = Scenario.night(2)
    g.player("A", hand=hand("mugging")).player("B", hand=hand("letter")).player("C")
    g.play("B", "letter", target="C", message="hi")  # B held the letter when the night began
    g.play("A", "mugging", target="B", cards=["letter"]).resolve()
    assert (g.points("A"), g.hand_size("B")) == (1, 4)


def test_mugging_miss_does_nothing():
    g = Scenario.night(2)
    g.player("A", hand=hand("mugging")).player("B", hand=hand("letter"))
    g.play("A", "mugging", target="B", cards=["pistol"]).resolve()
    assert (g.points("A"), g.hand_size("B")) == (0, 5)


def test_mugging_is_free_and_night_only():
    assert night_only("mugging", target="B", cards=["pistol"]) == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("mugging")).player("B")
    assert g.refusal("A", "play", card="mugging", target="B", cards=["pistol"], pay_cards=[F]).code == "cost_unpayable"
