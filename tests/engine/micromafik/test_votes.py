"""The mafia's night kill vote and the day's Вече (seeds/002_…, "Мафия" and "Вече").

Kill vote: Киллер 2 votes, Босс 1; the top target takes 4 damage; each of them may add +1 by
paying cost 1 (a point or a card); no votes, no damage; a tie deals none either.
Вече: a vote for a character plus a vote on the punishment; 5 damage for execution, 2 for beating
(and everyone learns the colour of what the beaten one plays or discards the next night); a split
punishment is execution; two leaders take 2 each; three or more, nothing. Политик counts 1.5,
a mortally wounded Мститель 0.5. Hands are 5 filler cards unless stated.
"""

from tests.engine.scenario import FILLER, Scenario


def mafia(g: Scenario, *, killer_points: int = 0, boss_points: int = 0) -> Scenario:
    return g.player("K", secret="killer", points=killer_points).player("Bo", secret="boss", points=boss_points)


def council(g: Scenario) -> dict:
    (result,) = g.public("council_result")
    return result.params


def pids(g: Scenario, *names: str) -> list[int]:
    return [g.pid(n) for n in names]


# ---------------------------------------------------------------- the mafia's kill vote


def test_kill_vote_top_target_takes_four_damage():
    g = mafia(Scenario.night(2)).player("V", hand=6).player("W")
    g.order("K", "kill_vote", target="V")
    g.order("Bo", "kill_vote", target="V")
    g.resolve()
    assert g.hand_size("V") == 2
    assert g.hand_size("W") == 5


def test_kill_vote_killer_has_two_votes_boss_one():
    g = mafia(Scenario.night(2)).player("V", hand=6).player("W", hand=6)
    g.order("K", "kill_vote", target="V")
    g.order("Bo", "kill_vote", target="W")
    g.resolve()
    assert g.hand_size("V") == 2
    assert g.hand_size("W") == 6
    (kill,) = g.events("mafia_kill")
    assert kill.params["votes"] == {str(g.pid("V")): 2, str(g.pid("W")): 1}
    assert kill.params["target"] == g.pid("V")
    assert kill.params["amount"] == 4


def test_kill_vote_boss_alone_decides_when_the_killer_does_not_vote():
    g = mafia(Scenario.night(2)).player("V", hand=6).player("W")
    g.order("Bo", "kill_vote", target="V")
    g.resolve()
    assert g.hand_size("V") == 2


def test_kill_vote_result_is_told_to_the_mafia_only():
    g = mafia(Scenario.night(2)).player("V", hand=6)
    g.order("K", "kill_vote", target="V")
    g.resolve()
    (kill,) = g.events("mafia_kill")
    assert (kill.to, kill.who) == ("faction", "mafia")


def test_kill_boost_adds_one_damage_each():
    g = mafia(Scenario.night(2), killer_points=1, boss_points=1).player("V", hand=7)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_points=1)
    g.order("Bo", "kill_boost", pay_points=1)
    g.resolve()
    assert g.hand_size("V") == 1  # 4 + 1 + 1
    assert (g.points("K"), g.points("Bo")) == (0, 0)


def test_kill_boost_paid_with_a_card_is_not_refilled():
    g = Scenario.night(2)
    g.player("K", secret="killer", hand=["letter", FILLER, FILLER], deck=["bunker"])
    g.player("Bo", secret="boss").player("V", hand=6)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_cards=["letter"])
    g.resolve()
    assert g.hand_size("V") == 1  # 4 + 1
    assert g.hand("K") == [FILLER, FILLER]
    assert [c.card for c in g.p("K").deck] == ["bunker"]


def test_kill_boost_costs_exactly_one():
    g = mafia(Scenario.night(2), killer_points=3).player("V")
    assert g.refusal("K", "kill_boost").code == "cost_unpayable"
    assert g.refusal("K", "kill_boost", pay_points=2).code == "cost_unpayable"


def test_kill_boost_once_a_night_each():
    g = mafia(Scenario.night(2), killer_points=2).player("V", hand=7)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_boost", pay_points=1)
    g.order("K", "kill_boost", pay_points=1)  # replaces the first
    g.resolve()
    assert g.points("K") == 1
    assert g.hand_size("V") == 2  # 4 + 1


def test_no_kill_votes_no_damage():
    g = mafia(Scenario.night(2), killer_points=1).player("V")
    g.order("K", "kill_boost", pay_points=1)
    g.resolve()
    assert g.hand_size("V") == 5
    assert all(p.hand and len(p.hand) == 5 for p in g.state.players)
    assert g.events("damage_taken") == []


def test_kill_vote_tie_deals_no_damage():
    # Impossible with the default Киллер + Босс (2 against 1); two killers make the tie.
    g = Scenario.night(2)
    g.player("K1", secret="killer").player("K2", secret="killer").player("V").player("W")
    g.order("K1", "kill_vote", target="V")
    g.order("K2", "kill_vote", target="W")
    g.resolve()
    assert (g.hand_size("V"), g.hand_size("W")) == (5, 5)
    (kill,) = g.events("mafia_kill")
    assert kill.params["target"] is None


def test_kill_vote_can_be_changed():
    g = mafia(Scenario.night(2)).player("V", hand=6).player("W", hand=6)
    g.order("K", "kill_vote", target="V")
    g.order("K", "kill_vote", target="W")
    assert len(g.state.orders[g.pid("K")]) == 1
    g.resolve()
    assert (g.hand_size("V"), g.hand_size("W")) == (6, 2)


def test_kill_vote_is_for_the_mafia_only():
    g = mafia(Scenario.night(2)).player("L").player("V")
    refusal = g.refusal("L", "kill_vote", target="V")
    assert (refusal.code, refusal.params["reason"]) == ("not_allowed", "mafia_only")
    assert g.refusal("L", "kill_boost", pay_points=0).code == "not_allowed"


def test_kill_vote_only_at_night():
    g = mafia(Scenario.day(2)).player("V")
    refusal = g.refusal("K", "kill_vote", target="V")
    assert (refusal.code, refusal.params["reason"]) == ("wrong_phase", "night_only")


def test_kill_vote_not_for_oneself():
    g = mafia(Scenario.night(2)).player("V")
    refusal = g.refusal("K", "kill_vote", target="K")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "self")


def test_kill_damage_is_absorbed_by_armor():
    g = mafia(Scenario.night(2)).player("C", hand=["block", FILLER]).player("V", hand=6)
    g.order("K", "kill_vote", target="V")
    g.play("C", "block", target="V").resolve()
    assert g.hand_size("V") == 3


# ---------------------------------------------------------------- the Вече


def day_table(g: Scenario, *names: str, hand: int = 6) -> Scenario:
    for name in names:
        g.player(name, hand=hand)
    return g.player("M", secret="boss")


def test_council_execution_deals_five_damage():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V", "execution").vote("B", "V", "execution").resolve()
    assert g.hand_size("V") == 1
    assert council(g)["outcome"] == "execution"


def test_council_beating_deals_two_damage():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V", "beating").vote("B", "V", "beating").resolve()
    assert g.hand_size("V") == 4
    assert council(g)["outcome"] == "beating"


def test_council_majority_decides_the_punishment():
    g = day_table(Scenario.day(2), "A", "B", "C", "V")
    g.vote("A", "V", "beating").vote("B", "V", "beating").vote("C", "V", "execution").resolve()
    assert g.hand_size("V") == 4


def test_council_split_punishment_means_execution():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V", "beating").vote("B", "V", "execution").resolve()
    assert g.hand_size("V") == 1
    assert council(g)["outcome"] == "execution"


def test_council_no_punishment_votes_means_execution():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V").vote("B", "V").resolve()
    assert g.hand_size("V") == 1
    assert (council(g)["execution"], council(g)["beating"]) == (0, 0)


def test_council_punishment_votes_of_non_voters_count():
    g = day_table(Scenario.day(2), "A", "B", "C", "V")
    g.vote("A", "V", "execution")
    g.order("B", "punishment", choice="beating")
    g.order("C", "punishment", choice="beating")
    g.resolve()
    assert g.hand_size("V") == 4


def test_council_two_leaders_take_two_damage_each():
    g = day_table(Scenario.day(2), "A", "B", "V", "W")
    g.vote("A", "V", "execution").vote("B", "W", "execution").resolve()
    assert (g.hand_size("V"), g.hand_size("W")) == (4, 4)
    assert council(g)["outcome"] == "two_leaders"
    assert council(g)["leaders"] == pids(g, "V", "W")


def test_council_two_leaders_are_not_beaten():
    g = day_table(Scenario.day(2), "A", "B", "V", "W")
    g.vote("A", "V", "beating").vote("B", "W", "beating").resolve()
    assert (g.hand_size("V"), g.hand_size("W")) == (4, 4)
    assert g.state.effects_of("beaten", phase=g.state.phase) == []


def test_council_three_leaders_nothing_happens():
    g = day_table(Scenario.day(2), "A", "B", "C", "V", "W", "X")
    g.vote("A", "V", "execution").vote("B", "W", "execution").vote("C", "X", "execution").resolve()
    assert (g.hand_size("V"), g.hand_size("W"), g.hand_size("X")) == (6, 6, 6)
    assert council(g)["outcome"] == "none"
    assert g.events("damage_taken") == []


def test_council_without_votes_nothing_happens():
    g = day_table(Scenario.day(2), "A", "V")
    g.resolve()
    assert g.hand_size("V") == 6
    assert council(g)["outcome"] == "none"
    assert council(g)["votes"] == {}


def test_council_any_living_character_may_be_voted_for_oneself_included():
    g = day_table(Scenario.day(2), "A", "B", "C")
    g.vote("A", "A", "execution").vote("B", "A").resolve()
    assert g.hand_size("A") == 1


def test_council_result_announces_votes_per_target_and_per_punishment():
    g = day_table(Scenario.day(2), "A", "B", "C", "V", "W")
    g.vote("A", "V", "beating").vote("B", "V", "execution").vote("C", "W", "beating")
    g.order("V", "punishment", choice="beating")
    g.resolve()
    result = council(g)
    (event,) = g.public("council_result")
    assert event.to == "public"
    assert result["votes"] == {str(g.pid("V")): 2.0, str(g.pid("W")): 1.0}
    assert (result["execution"], result["beating"]) == (1.0, 3.0)
    assert result["leaders"] == pids(g, "V")
    assert g.hand_size("V") == 4


def test_council_vote_can_be_changed():
    g = day_table(Scenario.day(2), "A", "V", "W")
    g.vote("A", "V", "execution")
    g.vote("A", "W", "beating")
    assert sorted(o.kind for o in g.state.orders[g.pid("A")]) == ["punishment", "vote"]
    g.resolve()
    assert (g.hand_size("V"), g.hand_size("W")) == (6, 4)


def test_council_vote_only_by_day():
    g = day_table(Scenario.night(2), "A", "V")
    assert g.refusal("A", "vote", target="V").code == "wrong_phase"
    assert g.refusal("A", "punishment", choice="execution").code == "wrong_phase"


def test_council_punishment_is_execution_or_beating():
    g = day_table(Scenario.day(2), "A", "V")
    refusal = g.refusal("A", "punishment", choice="exile")
    assert (refusal.code, refusal.params["param"]) == ("bad_param", "choice")


def test_council_damage_is_absorbed_by_armor():
    g = day_table(Scenario.day(2), "A", "B")
    g.player("V", hand=["bunker", FILLER, FILLER, FILLER, FILLER, FILLER])
    g.vote("A", "V", "execution").vote("B", "V", "execution")
    g.play("V", "bunker").resolve()
    assert g.hand_size("V") == 2  # bunker played (refill owed), 5 − 1 armor = 4: refill + 3 cards


# ---------------------------------------------------------------- beating: the colour next night


def test_beating_reveals_the_colour_played_the_next_night():
    g = day_table(Scenario.day(2), "A", "B")
    g.player("V", hand=[FILLER, FILLER, FILLER, FILLER, "compensation"])
    g.vote("A", "V", "beating").vote("B", "V", "beating").resolve()
    assert g.public("beaten_colours") == []
    g.play("V", "compensation", target="A").resolve()
    (reveal,) = g.public("beaten_colours")
    assert reveal.params == {"target": g.pid("V"), "played": ["attack"], "discarded": []}
    assert reveal.phase == 5


def test_beating_reveals_the_colour_discarded_the_next_night():
    g = day_table(Scenario.day(2), "A", "B")
    g.player("V", hand=[FILLER, FILLER, FILLER, FILLER, "letter"])
    g.vote("A", "V", "beating").vote("B", "V", "beating").resolve()
    g.order("V", "discard", card="letter")
    g.resolve()
    (reveal,) = g.public("beaten_colours")
    assert reveal.params == {"target": g.pid("V"), "played": [], "discarded": ["info"]}


def test_beating_reveal_lasts_one_night_only():
    g = day_table(Scenario.day(2), "A", "B")
    g.player("V", hand=[FILLER, FILLER, FILLER, "compensation", "poison"])
    g.vote("A", "V", "beating").vote("B", "V", "beating").resolve()
    g.play("V", "compensation", target="A").resolve()  # night 3
    g.resolve()  # day 3
    g.play("V", "poison", target="A").resolve()  # night 4
    assert [e.phase for e in g.public("beaten_colours")] == [5]


def test_execution_reveals_nothing():
    g = day_table(Scenario.day(2), "A", "B")
    g.player("V", hand=[FILLER, FILLER, FILLER, FILLER, FILLER, FILLER, "compensation"])
    g.vote("A", "V", "execution").vote("B", "V", "execution").resolve()
    g.play("V", "compensation", target="A").resolve()
    assert g.public("beaten_colours") == []


# ---------------------------------------------------------------- vote weights


def test_politician_vote_counts_one_and_a_half_for_the_character_and_the_punishment():
    g = Scenario.day(2)
    g.player("P", role="politician").player("A").player("V", hand=6).player("W", hand=6)
    g.player("M", secret="boss")
    g.vote("P", "V", "beating").vote("A", "W", "execution").resolve()
    result = council(g)
    assert result["votes"] == {str(g.pid("V")): 1.5, str(g.pid("W")): 1.0}
    assert (result["execution"], result["beating"]) == (1.0, 1.5)
    assert (g.hand_size("V"), g.hand_size("W")) == (4, 6)  # V alone leads and is beaten


def test_politician_vote_is_less_than_two_votes():
    g = Scenario.day(2)
    g.player("P", role="politician").player("A").player("B").player("V", hand=6).player("W", hand=6)
    g.player("M", secret="boss")
    g.vote("P", "V", "beating").vote("A", "W", "execution").vote("B", "W", "execution").resolve()
    assert council(g)["votes"] == {str(g.pid("V")): 1.5, str(g.pid("W")): 2.0}
    assert (g.hand_size("V"), g.hand_size("W")) == (6, 1)


def wound_avenger(g: Scenario) -> Scenario:
    """Night 2: Мститель "R" loses both his cards to a pistol and is mortally wounded for day 2 and night 3."""
    g.play("S", "pistol", target="R", pay_points=1).resolve()
    assert g.alive("R") and g.hand_size("R") == 0
    return g


def avenger_table() -> Scenario:
    g = Scenario.night(2)
    g.player("R", role="avenger", hand=2, deck=0).player("S", hand=["pistol", FILLER], points=1)
    g.player("A").player("V", hand=6).player("W", hand=6).player("M", secret="boss")
    return g


def test_mortally_wounded_avenger_vote_counts_half():
    g = wound_avenger(avenger_table())
    g.vote("R", "V", "beating").vote("A", "W", "execution").resolve()
    result = council(g)
    assert result["votes"] == {str(g.pid("V")): 0.5, str(g.pid("W")): 1.0}
    assert (result["execution"], result["beating"]) == (1.0, 0.5)
    assert (g.hand_size("V"), g.hand_size("W")) == (6, 1)


def test_mortally_wounded_avenger_cannot_be_voted_for():
    g = wound_avenger(avenger_table())
    refusal = g.refusal("A", "vote", target="R")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_hero_vote_counts_one():
    g = day_table(Scenario.day(2), "A", "V", "W")
    g.vote("A", "V", "beating").resolve()
    assert council(g)["votes"] == {str(g.pid("V")): 1.0}
    assert council(g)["beating"] == 1.0


def test_council_punishment_tie_is_execution_and_says_it_was_a_tie():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V", "execution").vote("B", "V", "beating").resolve()
    assert (council(g)["outcome"], council(g)["decided_by"]) == ("execution", "tie")


def test_council_without_punishment_votes_is_execution_by_default():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V").vote("B", "V").resolve()
    assert (council(g)["outcome"], council(g)["decided_by"]) == ("execution", "default")


def test_council_punishment_majority_is_said_to_be_decided_by_votes():
    g = day_table(Scenario.day(2), "A", "B", "V")
    g.vote("A", "V", "beating").vote("B", "V", "beating").resolve()
    assert (council(g)["outcome"], council(g)["decided_by"]) == ("beating", "votes")
