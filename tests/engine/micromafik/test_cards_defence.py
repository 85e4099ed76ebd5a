"""Rule tests for the 11 cards of the colour Защита (seeds/002, "==== Защита ====").

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


def keeps_sniper_after(g: Scenario, name: str, target: str) -> None:
    """`name` (mafia, a Снайперская винтовка in hand) guesses right: the rifle returns to the end
    of the hand during the effects, unprotected — after any card a lower seat made it draw."""
    chose = g.p(target).deck_choice[:3]
    g.play(name, "sniper_rifle", target=target, pay_cards=[F, F], cards=chose)


# ---------------------------------------------------------------- Блок


def test_block_gives_the_target_one_armor_for_this_phase_only():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("pistol", "assault")).player("B").player("C", hand=hand("block"))
    g.play("C", "block", target="B").play("A", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 4
    g.play("A", "assault", target="B").resolve()
    assert g.hand_size("B") == 3


def test_block_mafia_may_add_a_call():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("block")).player("B").player("C", hand=hand("pistol"))
    g.play("A", "block", target="B", extra="call", message="привет")
    g.play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 4
    (message,) = g.events("card_message", to="B")
    assert (message.params["text"], message.params["sender"]) == ("привет", None)


def test_block_mafia_call_needs_a_message_and_a_message_needs_the_call():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("block")).player("B")
    assert g.refusal("A", "play", card="block", target="B", extra="call").code == "bad_param"
    assert g.refusal("A", "play", card="block", target="B", extra="feedback", message="hi").code == "bad_param"


def test_block_mafia_may_add_feedback_the_target_replies_next_phase():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=hand("block")).player("B").player("C")
    g.play("A", "block", target="B", extra="feedback").resolve()
    assert [e.params["to"] for e in g.events("may_reply", to="B")] == [g.pid("A")]
    assert g.refusal("C", "message", to=g.pid("A"), text="и я").code == "not_allowed"
    g.order("B", "message", to=g.pid("A"), text="спасибо")
    g.resolve()
    (message,) = g.events("card_message", to="A")
    assert (message.params["text"], message.params["sender"]) == ("спасибо", g.pid("B"))


def test_block_extras_are_mafia_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("block")).player("B")
    assert g.refusal("A", "play", card="block", target="B", extra="feedback").code == "mafia_only"
    assert g.refusal("A", "play", card="block", target="B", extra="call", message="hi").code == "mafia_only"


def test_block_is_free_and_night_only():
    assert night_only("block", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("block"), points=1).player("B")
    assert g.refusal("A", "play", card="block", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Бункер


def test_bunker_by_day_gives_the_player_one_armor():
    g = Scenario.day(1)
    g.player("A", hand=hand("bunker")).player("B", hand=hand("assault"))
    g.play("A", "bunker").play("B", "assault", target="A").resolve()
    assert g.hand_size("A") == 5


def test_bunker_by_night_gives_the_player_one_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("bunker")).player("B", hand=hand("pistol"))
    g.play("A", "bunker").play("B", "pistol", target="A", pay_cards=[F]).resolve()
    assert g.hand_size("A") == 4  # 1 damage cancels the bunker's refill


def test_bunker_mafia_may_also_get_one_armor_in_the_next_phase_only():
    g = Scenario.day(1)
    g.player("A", secret="killer", hand=hand("bunker")).player("B", hand=[F, F, F, "pistol", "assault"])
    g.play("A", "bunker", next_phase=True).resolve()
    g.play("B", "pistol", target="A", pay_cards=[F]).resolve()
    assert g.hand_size("A") == 4
    g.play("B", "assault", target="A").resolve()
    assert g.hand_size("A") == 3


def test_bunker_next_phase_option_is_mafia_only_and_the_card_is_free():
    g = Scenario.day(1)
    g.player("A", hand=hand("bunker"), points=1).player("B")
    assert g.refusal("A", "play", card="bunker", next_phase=True).code == "mafia_only"
    assert g.refusal("A", "play", card="bunker", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Народная защита


def test_peoples_defense_gives_a_lawman_two_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("peoples_defense")).player("B").player("C", secret="killer", hand=hand("pistol"))
    g.play("A", "peoples_defense", target="B", pay_cards=[F])
    g.play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 5
    assert g.hand_size("A") == 4


def test_peoples_defense_gives_mafia_nothing():
    g = Scenario.night(2)
    g.player("A", hand=hand("peoples_defense")).player("B", secret="boss").player("C", hand=hand("pistol"))
    g.play("A", "peoples_defense", target="B", pay_cards=[F])
    g.play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 3


def test_peoples_defense_costs_one_and_is_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("peoples_defense"), points=2).player("B")
    assert g.refusal("A", "play", card="peoples_defense", target="B").code == "cost_unpayable"
    assert g.refusal("A", "play", card="peoples_defense", target="B", pay_points=2).code == "cost_unpayable"
    assert night_only("peoples_defense", target="B", pay_points=1) == "wrong_phase"


# ---------------------------------------------------------------- Первая помощь


def test_first_aid_target_draws_one_card():
    g = Scenario.night(2)
    g.player("A", hand=hand("first_aid")).player("B", deck=["bunker", F])
    g.play("A", "first_aid", target="B", pay_cards=[F, F]).resolve()
    assert g.hand("B") == [F, F, F, F, F, "bunker"]
    assert g.p("B").deck[0].card == F
    assert g.hand_size("A") == 3


def test_first_aid_card_is_discarded_last_for_damage_tonight():
    g = Scenario.night(2)
    g.player("C", hand=hand("first_aid"))  # the lower seat: its card resolves first
    g.player("A", secret="killer", hand=hand("sniper_rifle"), deck=["bunker", F])
    g.player("B", chose=["pistol", "block", "letter"])
    g.player("D", hand=hand("pistol")).player("E", hand=hand("assault"))
    g.play("C", "first_aid", target="A", pay_cards=[F, F])
    keeps_sniper_after(g, "A", "B")
    g.play("D", "pistol", target="A", pay_cards=[F]).play("E", "assault", target="A").resolve()
    # A: [F, F] + drawn bunker (protected) + the kept rifle; 3 damage spares the bunker
    assert g.hand("A") == ["bunker"]


def test_first_aid_costs_two_and_is_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("first_aid"), points=1).player("B")
    assert g.refusal("A", "play", card="first_aid", target="B", pay_cards=[F]).code == "cost_unpayable"
    assert g.refusal("A", "play", card="first_aid", target="B", pay_points=1).code == "cost_unpayable"
    assert night_only("first_aid", target="B", pay_points=2) == "wrong_phase"


# ---------------------------------------------------------------- Город может спать спокойно


def test_city_sleeps_gives_every_lawman_one_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("city_sleeps")).player("B", hand=7).player("C", secret="boss")
    g.player("D", secret="killer", hand=hand("pistol")).player("E", hand=hand("pistol"))
    g.play("A", "city_sleeps", pay_cards=[F, F]).play("E", "pistol", target="A", pay_cards=[F])
    g.order("D", "kill_vote", target="B")
    g.play("D", "pistol", target="C", pay_cards=[F]).resolve()
    assert g.hand_size("A") == 2  # 2 − 1 armor: cancels the refill
    assert g.hand_size("B") == 4  # 4 − 1 armor
    assert g.hand_size("C") == 3  # mafia: no armor


def test_city_sleeps_costs_two_and_is_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("city_sleeps"), points=1).player("B")
    assert g.refusal("A", "play", card="city_sleeps", pay_points=1).code == "cost_unpayable"
    assert g.refusal("A", "play", card="city_sleeps", pay_points=1, pay_cards=[F, F]).code == "cost_unpayable"
    assert night_only("city_sleeps", pay_points=2) == "wrong_phase"


# ---------------------------------------------------------------- Охранное агентство


def test_security_agency_gives_one_armor_every_phase_from_the_next():
    g = Scenario.day(1)
    g.player("A", hand=hand("security_agency")).player("B", hand=8)
    g.player("C", secret="killer", hand=[F, F, F, F, "assault", "pistol"])
    g.play("A", "security_agency", target="B", pay_cards=[F, F]).play("C", "assault", target="B").resolve()
    assert g.hand_size("B") == 7  # not in the phase it is played
    g.play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 6
    g.resolve()
    g.order("C", "kill_vote", target="B")
    g.resolve()
    assert g.hand_size("B") == 3


def test_security_agency_does_not_stack():
    g = Scenario.night(2)
    g.player("A", hand=hand("security_agency")).player("B", hand=8).player("C", hand=hand("security_agency"))
    g.player("D", secret="killer", hand=hand("pistol"))
    g.play("A", "security_agency", target="B", pay_cards=[F, F])  # a day card, also playable by night
    g.play("C", "security_agency", target="B", pay_cards=[F, F])
    g.play("D", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 6  # no armor yet
    g.resolve()
    g.order("D", "kill_vote", target="B")
    g.resolve()
    assert g.hand_size("B") == 3  # 4 − 1 armor, not 4 − 2


def test_security_agency_costs_two():
    g = Scenario.day(1)
    g.player("A", hand=hand("security_agency"), points=1).player("B")
    assert g.refusal("A", "play", card="security_agency", target="B", pay_points=1).code == "cost_unpayable"
    g.play("A", "security_agency", target="B", pay_points=1, pay_cards=[F]).resolve()
    assert (g.points("A"), g.hand_size("A")) == (0, 4)


# ---------------------------------------------------------------- Персональная охрана


def test_personal_guard_prevents_all_damage_tonight_only():
    g = Scenario.night(2)
    g.player("A", secret="killer", hand=[F, F, F, "pistol", "assault"]).player("B")
    g.player("C", hand=hand("personal_guard"), points=4).player("D", hand=hand("sniper_rifle"))
    g.order("A", "kill_vote", target="B")
    g.play("A", "pistol", target="B", pay_cards=[F]).play("C", "personal_guard", target="B", pay_points=4)
    g.play("D", "sniper_rifle", target="B", pay_cards=[F, F]).resolve()
    assert g.hand_size("B") == 5
    g.play("A", "assault", target="B").resolve()
    assert g.hand_size("B") == 4


def test_personal_guard_may_be_played_on_yourself():
    g = Scenario.night(2)
    g.player("A", hand=hand("personal_guard"), points=4).player("B", hand=hand("pistol"))
    g.play("A", "personal_guard", target="A", pay_points=4).play("B", "pistol", target="A", pay_cards=[F]).resolve()
    assert (g.hand_size("A"), g.points("A")) == (5, 0)


def test_personal_guard_costs_four_and_is_night_only():
    g = Scenario.night(2)
    g.player("A", hand=hand("personal_guard"), points=3).player("B")
    assert g.refusal("A", "play", card="personal_guard", target="B", pay_points=3).code == "cost_unpayable"
    assert night_only("personal_guard", target="B", pay_points=4) == "wrong_phase"


# ---------------------------------------------------------------- Шипы


def test_spikes_public_status_hurts_whoever_targets_the_character_in_the_next_two_phases():
    g = Scenario.night(2)
    g.player("A", hand=hand("spikes")).player("B", hand=9)
    g.player("C", secret="killer", hand=[F, F, F, F, F, "pistol", "assault", "block", "assault"])
    g.play("A", "spikes", target="B").play("C", "pistol", target="B", pay_cards=[F]).resolve()  # night 2
    (status,) = g.public("spikes")
    assert (status.params["target"], status.params["until"]) == (g.pid("B"), 5)
    assert (g.hand_size("B"), g.hand_size("C")) == (7, 8)  # not yet in the phase it is played
    g.play("C", "assault", target="B").resolve()  # day 2
    assert (g.hand_size("B"), g.hand_size("C")) == (6, 6)
    g.play("C", "block", target="B").resolve()  # night 3: any card, not only attacks
    assert (g.hand_size("B"), g.hand_size("C")) == (6, 4)
    g.play("C", "assault", target="B").resolve()  # day 3: over
    assert (g.hand_size("B"), g.hand_size("C")) == (5, 4)


def test_spikes_hurt_each_player_who_targets():
    g = Scenario.day(1)
    g.player("A", secret="killer").player("B").player("C", hand=hand("assault")).player("D", hand=hand("letter"))
    g.build()
    g.state.add_effect("spikes", target=g.pid("B"), source=g.pid("A"), start=2, end=3)
    g.play("C", "assault", target="B").play("D", "letter", target="B", message="hi").resolve()
    assert (g.hand_size("B"), g.hand_size("C"), g.hand_size("D")) == (4, 3, 3)


def test_spikes_is_free_and_night_only():
    assert night_only("spikes", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("spikes"), points=1).player("B")
    assert g.refusal("A", "play", card="spikes", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Адреналин


def test_adrenaline_moves_unabsorbed_damage_to_the_next_day():
    g = Scenario.night(2)
    g.player("A", hand=hand("adrenaline")).player("B").player("C", secret="killer", hand=hand("pistol"))
    g.player("D", hand=hand("block"))
    g.play("A", "adrenaline", target="B").play("C", "pistol", target="B", pay_cards=[F])
    g.play("D", "block", target="B").resolve()
    assert g.hand_size("B") == 5
    assert [e.params["amount"] for e in g.events("damage_deferred", to="B")] == [1]
    g.resolve()
    assert g.hand_size("B") == 4


def test_adrenaline_deferred_damage_meets_the_next_days_armor():
    g = Scenario.night(2)
    g.player("A", hand=hand("adrenaline")).player("B", hand=hand("bunker"))
    g.player("C", secret="killer", hand=hand("pistol"))
    g.play("A", "adrenaline", target="B").play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand_size("B") == 5
    g.play("B", "bunker").resolve()
    assert g.hand_size("B") == 4  # 2 deferred − 1 armor cancels the bunker's refill


def test_adrenaline_does_not_move_sniper_damage_or_what_personal_guard_cancels():
    g = Scenario.night(2)
    g.player("A", hand=hand("adrenaline")).player("B", hand=7).player("C", secret="killer", hand=hand("sniper_rifle"))
    g.player("D", hand=hand("adrenaline")).player("E", hand=hand("personal_guard"), points=4)
    g.player("G").player("H", hand=hand("pistol"))
    g.play("A", "adrenaline", target="B").play("C", "sniper_rifle", target="B", pay_cards=[F, F])
    g.play("D", "adrenaline", target="G").play("E", "personal_guard", target="G", pay_points=4)
    g.play("H", "pistol", target="G", pay_cards=[F]).resolve()
    assert (g.hand_size("B"), g.hand_size("G")) == (4, 5)
    assert g.events("damage_deferred") == []
    g.resolve()
    assert (g.hand_size("B"), g.hand_size("G")) == (4, 5)


def test_adrenaline_is_free_and_night_only():
    assert night_only("adrenaline", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("adrenaline"), points=1).player("B")
    assert g.refusal("A", "play", card="adrenaline", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Прилив энергии


def test_energy_surge_draws_two_now_and_the_next_day_discards_two_without_it_being_damage():
    g = Scenario.night(2)
    g.player("A", hand=hand("energy_surge"))
    g.player("B", hand=["letter", "block", F, F, F], deck=["bunker", "spikes", "pistol"])
    g.player("C", secret="killer")
    g.play("A", "energy_surge", target="B").resolve()
    assert g.hand("B") == ["letter", "block", F, F, F, "bunker", "spikes"]
    assert len(g.events("energy_surge", to="B")) == 1
    g.play("B", "letter", target="A", message="hi").resolve()
    assert g.hand("B") == [F, F, "bunker", "spikes", "pistol"]  # the letter's refill is still drawn
    assert g.events("surge_discard", to="B")[0].params["cards"] == ["block", F]
    g.resolve()
    assert g.hand_size("B") == 5  # only once


def test_energy_surge_discard_comes_at_the_end_of_the_next_days_resolution():
    g = Scenario.night(2)
    g.player("A", hand=hand("energy_surge"))
    g.player("B", hand=["insurance", F, F, F, "letter"], deck=["bunker", "spikes"])
    g.player("C", secret="killer", hand=hand("assault"))
    g.play("A", "energy_surge", target="B").resolve()
    g.play("C", "assault", target="B").resolve()
    # the day's damage takes Страховка first (1 point); then 2 cards go in hand order
    assert g.points("B") == 1
    assert g.hand("B") == [F, "letter", "bunker", "spikes"]
    assert g.events("surge_discard", to="B")[0].params["cards"] == [F, F]


def test_energy_surge_discards_one_if_only_one_card():
    g = Scenario.night(2)
    g.player("A", hand=hand("energy_surge")).player("B", hand=[F], deck=["bunker", "spikes"])
    g.player("C", secret="killer", hand=hand("pistol"))
    g.play("A", "energy_surge", target="B").play("C", "pistol", target="B", pay_cards=[F]).resolve()
    assert g.hand("B") == ["spikes"]  # the drawn cards went last
    g.resolve()
    assert g.events("surge_discard", to="B")[0].params["cards"] == ["spikes"]
    assert not g.alive("B")


def test_energy_surge_cards_are_discarded_last_for_damage_tonight():
    g = Scenario.night(2)
    g.player("C", hand=hand("energy_surge"))  # the lower seat: its card resolves first
    g.player("A", secret="killer", hand=hand("sniper_rifle"), deck=["bunker", "spikes", F])
    g.player("B", chose=["pistol", "block", "letter"])
    g.player("D", hand=hand("pistol")).player("E", hand=hand("assault"))
    g.play("C", "energy_surge", target="A")
    keeps_sniper_after(g, "A", "B")
    g.play("D", "pistol", target="A", pay_cards=[F]).play("E", "assault", target="A").resolve()
    assert g.hand("A") == ["bunker", "spikes"]


def test_energy_surge_is_free_and_night_only():
    assert night_only("energy_surge", target="B") == "wrong_phase"
    g = Scenario.night(2)
    g.player("A", hand=hand("energy_surge"), points=1).player("B")
    assert g.refusal("A", "play", card="energy_surge", target="B", pay_points=1).code == "cost_unpayable"


# ---------------------------------------------------------------- Аутопсия


def test_autopsy_learns_the_side_of_a_dead_character():
    g = Scenario.night(2)
    g.player("A", hand=hand("autopsy")).player("B").player("C", secret="boss").player("D").player("E", secret="killer")
    g.p("C").alive = False
    g.p("D").alive = False
    g.play("A", "autopsy", target="C").play("B", "autopsy", target="D").resolve()
    assert [e.params["side"] for e in g.events("autopsy", to="A")] == ["mafia"]
    assert [e.params["side"] for e in g.events("autopsy", to="B")] == ["law"]


def test_autopsy_needs_a_dead_target_is_free_and_night_only():
    g = Scenario.night(2)
    g.player("A", points=1).player("B").player("C")
    g.p("C").alive = False
    refusal = g.refusal("A", "play", card="autopsy", target="B")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "alive")
    assert g.refusal("A", "play", card="autopsy", target="C", pay_points=1).code == "cost_unpayable"
    g2 = Scenario.day(1)
    g2.player("A").player("B").player("C")
    g2.p("C").alive = False
    assert g2.refusal("A", "play", card="autopsy", target="C").code == "wrong_phase"
