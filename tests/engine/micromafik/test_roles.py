"""The perks of Микромафик's 15 public roles (seeds/002_…, "Явные роли"), named test_<role id>_….

Hands are 5 filler cards unless stated; the Босс "M" keeps the game going. Pistol (cost 1, 2
damage) paid with a point and Нападение (day, 1 damage) are the usual sources of damage.
"""

from engine.core import api
from engine.core.views import player_view
from engine.rulesets.micromafik.costs import card_cost
from engine.rulesets.micromafik.registry import CATALOG
from tests.engine.scenario import FILLER, Scenario


def shooter(g: Scenario, name: str = "S", card: str = "pistol") -> Scenario:
    return g.player(name, hand=[card, FILLER, FILLER], points=2)


def boss(g: Scenario) -> Scenario:
    return g.player("M", secret="boss")


def shoot(g: Scenario, target: str, name: str = "S") -> Scenario:
    return g.play(name, "pistol", target=target, pay_points=1)


def council(g: Scenario) -> dict:
    (result,) = g.public("council_result")
    return result.params


# ---------------------------------------------------------------- Пришелец


def test_alien_starts_with_six_cards():
    roles = ["alien", "businessman", "lazybones", "strongman", "politician", "paranoiac", "avenger", "psychic"]
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(roles)], seed=3)
    api.deck_auto_all(state)
    sizes = {p.public_role: len(p.hand) for p in state.players}
    assert sizes["alien"] == 6
    assert {r: n for r, n in sizes.items() if r != "alien"} == {r: 5 for r in roles[1:]}
    alien = state.players[0]
    assert len(alien.hand) + len(alien.deck) == len(alien.deck_choice)


def test_alien_dies_with_one_card():
    g = shooter(Scenario.night(2)).player("X", role="alien", hand=3)
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 1
    assert not g.alive("X")


def test_alien_lives_with_two_cards():
    g = shooter(Scenario.night(2)).player("X", role="alien", hand=4)
    boss(g)
    shoot(g, "X").resolve()
    assert g.alive("X")


def test_alien_dies_with_one_card_without_damage():
    g = Scenario.night(2)
    g.player("X", role="alien", hand=["tip_off_shot", "letter", "bunker"], deck=0).player("B")
    boss(g)
    g.play("X", "tip_off_shot", target="B", pay_cards=["letter", "bunker"]).resolve()
    assert not g.alive("X")


# ---------------------------------------------------------------- Бизнесмен


def test_businessman_gets_one_point_at_night_instead_of_playing():
    g = Scenario.night(2).player("X", role="businessman", deck=[FILLER])
    boss(g)
    g.order("X", "businessman_point")
    g.resolve()
    assert g.points("X") == 1
    assert g.hand_size("X") == 5
    assert len(g.p("X").deck) == 1


def test_businessman_point_once_a_game():
    g = Scenario.night(2).player("X", role="businessman")
    boss(g)
    g.order("X", "businessman_point")
    g.resolve().resolve()  # night 2, day 2
    refusal = g.refusal("X", "businessman_point")
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")


def test_businessman_point_not_by_day():
    g = Scenario.day(2).player("X", role="businessman")
    boss(g)
    assert g.refusal("X", "businessman_point").code == "wrong_phase"


def test_businessman_point_not_together_with_a_play_or_a_discard():
    g = Scenario.night(2).player("X", role="businessman", hand=["compensation", "letter", FILLER]).player("B")
    boss(g)
    g.order("X", "businessman_point")
    assert g.refusal("X", "play", card="compensation", target="B").code == "not_allowed"
    assert g.refusal("X", "discard", card="letter").code == "not_allowed"


def test_businessman_point_for_businessman_only():
    g = Scenario.night(2).player("X", role="hero")
    boss(g)
    refusal = g.refusal("X", "businessman_point")
    assert (refusal.code, refusal.params["reason"]) == ("not_allowed", "role")


# ---------------------------------------------------------------- Лентяй


def test_lazybones_gets_one_armor_on_a_night_without_a_play():
    g = shooter(Scenario.night(2)).player("X", role="lazybones")
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 4


def test_lazybones_discarding_is_not_playing():
    g = shooter(Scenario.night(2)).player("X", role="lazybones", hand=["letter", FILLER, FILLER, FILLER, FILLER])
    boss(g)
    shoot(g, "X")
    g.order("X", "discard", card="letter")
    g.resolve()
    assert g.hand_size("X") == 4  # 2 damage − 1 armor: only the refill is lost


def test_lazybones_no_armor_on_a_night_with_a_play():
    g = shooter(Scenario.night(2)).player("X", role="lazybones", hand=["compensation", FILLER, FILLER, FILLER, FILLER])
    boss(g)
    shoot(g, "X")
    g.play("X", "compensation", target="S").resolve()
    assert g.hand_size("X") == 3  # refill lost and one card discarded


def test_lazybones_no_armor_by_day():
    g = shooter(Scenario.day(2), card="assault").player("X", role="lazybones")
    boss(g)
    g.play("S", "assault", target="X").resolve()
    assert g.hand_size("X") == 4


# ---------------------------------------------------------------- Здоровяк


def test_strongman_gets_one_armor_every_phase_until_damaged():
    g = shooter(Scenario.night(2), card="assault").player("X", role="strongman")
    boss(g)
    g.resolve()  # night 2: no damage
    g.play("S", "assault", target="X").resolve()  # day 2
    assert g.hand_size("X") == 5


def test_strongman_armor_absorbs_one_of_two():
    g = shooter(Scenario.night(2)).player("X", role="strongman")
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 4


def test_strongman_loses_the_perk_after_damage_even_when_armor_absorbed_it():
    g = Scenario.night(2).player("S", hand=["compensation", "assault", FILLER]).player("X", role="strongman")
    boss(g)
    g.play("S", "compensation", target="X").resolve()  # 1 damage, absorbed
    assert g.hand_size("X") == 5
    g.play("S", "assault", target="X").resolve()  # day 2: no armor any more
    assert g.hand_size("X") == 4
    assert len(g.events("perk_lost", to="X")) == 1


def test_strongman_loses_the_perk_after_cards_lost_to_precise_strike():
    # Точный удар's losses "считаются нанесением урона" and ignore armor.
    g = Scenario.night(2).player("S", hand=["precise_strike", "assault", FILLER])
    g.player("X", role="strongman", hand=["letter", FILLER, FILLER, FILLER, FILLER])
    boss(g)
    g.play("S", "precise_strike", target="X", cards=["letter", "bunker", "coffee"]).resolve()
    assert g.hand_size("X") == 4
    g.play("S", "assault", target="X").resolve()  # day 2: no armor any more
    assert g.hand_size("X") == 3


def test_strongman_keeps_the_perk_when_personal_guard_stops_the_damage():
    g = Scenario.night(2).player("S", hand=["pistol", "assault", FILLER], points=1)
    g.player("G", hand=["personal_guard", FILLER], points=4).player("X", role="strongman")
    boss(g)
    g.play("G", "personal_guard", target="X", pay_points=4)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 5
    g.play("S", "assault", target="X").resolve()  # day 2: still 1 armor
    assert g.hand_size("X") == 5


# ---------------------------------------------------------------- Политик


def test_politician_vote_counts_one_and_a_half():
    g = Scenario.day(2).player("P", role="politician").player("A").player("V", hand=6).player("W", hand=6)
    boss(g)
    g.vote("P", "V", "beating").vote("A", "W", "execution").resolve()
    assert council(g)["votes"] == {str(g.pid("V")): 1.5, str(g.pid("W")): 1.0}
    assert (council(g)["execution"], council(g)["beating"]) == (1.0, 1.5)
    assert (g.hand_size("V"), g.hand_size("W")) == (4, 6)


# ---------------------------------------------------------------- Параноик


def test_paranoiac_turns_points_into_armor_at_night():
    g = shooter(Scenario.night(2)).player("X", role="paranoiac", points=3)
    boss(g)
    shoot(g, "X")
    g.order("X", "paranoid_armor", amount=2, pay_points=2)
    g.resolve()
    assert g.hand_size("X") == 5
    assert g.points("X") == 1


def test_paranoiac_turns_points_into_armor_by_day():
    g = shooter(Scenario.day(2), card="assault").player("X", role="paranoiac", points=1)
    boss(g)
    g.play("S", "assault", target="X")
    g.order("X", "paranoid_armor", amount=1, pay_points=1)
    g.resolve()
    assert g.hand_size("X") == 5
    assert g.points("X") == 0


def test_paranoiac_armor_lasts_the_phase_only():
    g = shooter(Scenario.night(2), card="assault").player("X", role="paranoiac", points=1)
    boss(g)
    g.order("X", "paranoid_armor", amount=1, pay_points=1)
    g.resolve()
    g.play("S", "assault", target="X").resolve()
    assert g.hand_size("X") == 4


def test_paranoiac_pays_with_points_only():
    g = Scenario.night(2).player("X", role="paranoiac", hand=["letter", FILLER], points=1)
    boss(g)
    refusal = g.refusal("X", "paranoid_armor", amount=1, pay_cards=["letter"])
    assert (refusal.code, refusal.params["reason"]) == ("cost_unpayable", "points_only")
    assert g.refusal("X", "paranoid_armor", amount=2, pay_points=1).code == "cost_unpayable"


def test_paranoiac_cannot_spend_more_points_than_he_has():
    g = Scenario.night(2).player("X", role="paranoiac", points=1)
    boss(g)
    refusal = g.refusal("X", "paranoid_armor", amount=2, pay_points=2)
    assert (refusal.code, refusal.params["have"], refusal.params["need"]) == ("cost_unpayable", 1, 2)


def test_paranoiac_armor_for_paranoiac_only():
    g = Scenario.night(2).player("X", role="hero", points=1)
    boss(g)
    assert g.refusal("X", "paranoid_armor", amount=1, pay_points=1).code == "not_allowed"


# ---------------------------------------------------------------- Мститель


def avenger_night() -> Scenario:
    """Night 2 (phase 3): Мститель "R" with 2 cards and an empty deck; S shoots him down to 0."""
    g = Scenario.night(2)
    g.player("R", role="avenger", hand=2, deck=0).player("S", hand=["pistol", "parcel", FILLER, FILLER], points=1)
    g.player("A").player("V", hand=6)
    return boss(g)


def test_avenger_at_zero_cards_is_mortally_wounded_instead_of_dying():
    g = avenger_night()
    shoot(g, "R").resolve()
    assert g.alive("R")
    assert g.hand_size("R") == 0
    (wound,) = g.public("mortally_wounded")
    assert wound.params == {"pid": g.pid("R"), "until": 5}


def test_avenger_lives_through_the_next_phase_with_zero_cards():
    g = avenger_night()
    shoot(g, "R").resolve()
    g.resolve()  # day 2, still 0 cards
    assert g.alive("R")


def test_avenger_dies_at_the_end_of_the_second_phase_whatever_his_hand():
    g = avenger_night()
    shoot(g, "R").resolve()
    g.play("S", "parcel", target="R", give=[FILLER, FILLER]).resolve()  # day 2: R gets 2 cards
    assert g.alive("R") and g.hand_size("R") == 2
    g.resolve()  # night 3
    assert not g.alive("R")
    (death,) = g.public("death")
    assert (death.phase, death.params["pid"]) == (5, g.pid("R"))


def test_avenger_mortally_wounded_cannot_be_voted_for():
    g = avenger_night()
    shoot(g, "R").resolve()
    refusal = g.refusal("A", "vote", target="R")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_avenger_wounded_by_day_cannot_be_voted_for_the_day_after_and_then_dies():
    g = Scenario.day(2).player("R", role="avenger", hand=1, deck=0).player("S", hand=["assault", FILLER]).player("A")
    boss(g)
    g.play("S", "assault", target="R").resolve()  # day 2 (phase 4): wounded for night 3 and day 3
    assert g.public("mortally_wounded")[0].params["until"] == 6
    g.resolve()  # night 3
    refusal = g.refusal("A", "vote", target="R")  # day 3
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")
    g.resolve()
    assert not g.alive("R")


def test_avenger_mortally_wounded_vote_counts_half():
    g = avenger_night()
    shoot(g, "R").resolve()
    g.vote("R", "V", "beating").resolve()
    assert council(g)["votes"] == {str(g.pid("V")): 0.5}
    assert council(g)["beating"] == 0.5
    assert g.hand_size("V") == 4


def test_avenger_not_wounded_votes_one_and_may_be_voted_for():
    g = Scenario.day(2).player("R", role="avenger").player("A")
    boss(g)
    g.vote("R", "A", "beating").vote("A", "R", "beating").vote("M", "R", "beating").resolve()
    assert council(g)["votes"] == {str(g.pid("A")): 1.0, str(g.pid("R")): 2.0}
    assert g.hand_size("R") == 3


# ---------------------------------------------------------------- Экстрасенс


def test_psychic_knows_the_top_two_cards_of_his_deck():
    g = Scenario.night(2).player("X", role="psychic", deck=["pistol", "letter", "bunker"]).player("Y", deck=["pistol"])
    boss(g)
    g.build()
    assert player_view(g.state, g.pid("X"))["me"]["deck_top"] == ["pistol", "letter"]
    assert "deck_top" not in player_view(g.state, g.pid("Y"))["me"]


def test_psychic_sees_the_new_top_after_drawing():
    g = Scenario.night(2).player("X", role="psychic", hand=["letter", FILLER], deck=["pistol", "bunker", "coffee"])
    boss(g)
    g.order("X", "discard", card="letter")
    g.resolve()
    assert player_view(g.state, g.pid("X"))["me"]["deck_top"] == ["bunker", "coffee"]


# ---------------------------------------------------------------- Мазохист


def test_masochist_first_discard_for_damage_gives_one_point():
    g = shooter(Scenario.night(2)).player("X", role="masochist")
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 3
    assert g.points("X") == 1


def test_masochist_point_only_the_first_time():
    g = Scenario.night(2).player("S", hand=["assault", "assault", FILLER]).player("X", role="masochist")
    boss(g)
    g.play("S", "assault", target="X").resolve()  # night 2
    g.play("S", "assault", target="X").resolve()  # day 2
    assert g.hand_size("X") == 3
    assert g.points("X") == 1


def test_masochist_lost_refill_is_not_a_discard():
    g = shooter(Scenario.night(2), card="compensation").player("X", role="masochist", hand=["letter", FILLER, FILLER])
    boss(g)
    g.play("S", "compensation", target="X")
    g.order("X", "discard", card="letter")
    g.resolve()
    assert g.hand_size("X") == 2  # the refill is lost, nothing discarded
    assert g.points("X") == 1  # from Компенсация ущерба only (law target)


# ---------------------------------------------------------------- Фокусник


def test_magician_copy_replaces_the_refill():
    g = Scenario.night(2).player("X", role="magician", hand=["pistol", FILLER], deck=["letter"], points=1)
    g.player("B")
    boss(g)
    g.play("X", "pistol", target="B", pay_points=1, magician_copy=True).resolve()
    assert g.hand("X") == [FILLER, "pistol"]
    assert [c.card for c in g.p("X").deck] == ["letter"]
    assert g.hand_size("B") == 3


def test_magician_copy_even_from_an_empty_deck():
    g = Scenario.night(2).player("X", role="magician", hand=["compensation", FILLER], deck=0).player("B")
    boss(g)
    g.play("X", "compensation", target="B", magician_copy=True).resolve()
    assert g.hand("X") == [FILLER, "compensation"]


def test_magician_copy_costs_one_more():
    g = Scenario.night(2).player("X", role="magician", hand=["pistol", FILLER], points=1).player("B")
    boss(g)
    g.play("X", "pistol", target="B", pay_points=1, magician_copy=True).resolve()
    copy = g.p("X").hand[-1]
    assert copy.card == "pistol" and copy.cost_mod == 1
    assert card_cost(g.state, g.pid("X"), CATALOG["pistol"], copy) == 2


def test_magician_copy_once_a_game():
    g = Scenario.night(2).player("X", role="magician", hand=["compensation", "poison", FILLER]).player("B")
    boss(g)
    g.play("X", "compensation", target="B", magician_copy=True).resolve()
    g.resolve()  # day 2
    refusal = g.refusal("X", "play", card="poison", target="B", magician_copy=True)
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")


def test_magician_copy_once_even_with_two_plays_in_one_phase():
    g = Scenario.night(2).player("X", role="magician", hand=["compensation", "poison", FILLER]).player("B")
    boss(g)
    g.state.add_effect("coffee", target=g.pid("X"), start=3, end=3)  # two plays tonight
    g.play("X", "compensation", target="B", magician_copy=True)
    refusal = g.refusal("X", "play", card="poison", target="B", magician_copy=True)
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")


def test_magician_copy_for_magician_only():
    g = Scenario.night(2).player("X", role="hero", hand=["compensation", FILLER]).player("B")
    boss(g)
    refusal = g.refusal("X", "play", card="compensation", target="B", magician_copy=True)
    assert (refusal.code, refusal.params["reason"]) == ("not_allowed", "role")


def test_magician_damage_cancels_plain_refills_before_the_copy():
    g = Scenario.night(2)
    g.player("X", role="magician", hand=["compensation", "poison", FILLER], deck=["letter", "bunker"])
    g.player("B", hand=["assault", FILLER])
    boss(g)
    g.state.add_effect("coffee", target=g.pid("X"), start=3, end=3)  # two plays tonight
    g.play("X", "compensation", target="B", magician_copy=True)
    g.play("X", "poison", target="B")
    g.play("B", "assault", target="X").resolve()
    assert g.hand("X") == [FILLER, "compensation"]
    assert [c.card for c in g.p("X").deck] == ["letter", "bunker"]


def test_magician_damage_can_cancel_the_copy_too():
    g = Scenario.night(2).player("X", role="magician", hand=["compensation", FILLER, FILLER], deck=["letter"])
    g.player("B", hand=["assault", FILLER])
    boss(g)
    g.play("X", "compensation", target="B", magician_copy=True)
    g.play("B", "assault", target="X").resolve()
    assert g.hand("X") == [FILLER, FILLER]


# ---------------------------------------------------------------- Банкир


def test_banker_gets_two_armor_with_the_first_paid_play():
    g = Scenario.night(2).player("X", role="banker", hand=["pistol", FILLER], points=1)
    shooter(g)
    boss(g)
    g.play("X", "pistol", target="S", pay_points=1)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 2  # the pistol replaced; 2 damage, 2 armor


def test_banker_armor_only_the_first_time():
    g = Scenario.night(2).player("X", role="banker", hand=["pistol", "tip_off_shot", FILLER, FILLER], points=3)
    g.player("S", hand=[FILLER, FILLER, FILLER, "assault"])
    boss(g)
    g.play("X", "pistol", target="S", pay_points=1).resolve()  # night 2: perk used
    g.resolve()  # day 2
    g.play("X", "tip_off_shot", target="S", pay_points=2)
    g.play("S", "assault", target="X").resolve()  # night 3
    assert g.hand_size("X") == 3  # 1 damage ate the refill


def test_banker_free_play_does_not_use_the_perk():
    g = Scenario.night(2).player("X", role="banker", hand=["compensation", FILLER, FILLER, FILLER, "pistol"], points=1)
    g.player("S", hand=["pistol", "pistol", FILLER], points=2)
    boss(g)
    g.play("X", "compensation", target="S")
    g.play("S", "pistol", target="X", pay_points=1).resolve()  # night 2: no armor
    assert g.hand_size("X") == 3
    g.resolve()  # day 2
    g.play("X", "pistol", target="S", pay_points=1)
    g.play("S", "pistol", target="X", pay_points=1).resolve()  # night 3: 2 armor now
    assert g.hand_size("X") == 3


# ---------------------------------------------------------------- Крупье


def test_croupier_swaps_a_card_even_while_playing():
    g = Scenario.night(2).player("X", role="croupier", hand=["compensation", "letter", FILLER],
                                 deck=["bunker", "coffee", FILLER])
    g.player("B")
    boss(g)
    g.play("X", "compensation", target="B")
    g.order("X", "croupier_swap", card="letter")
    g.resolve()
    assert g.hand("X") == [FILLER, "bunker", "coffee"]
    assert sorted(c.card for c in g.p("X").discard) == ["compensation", "letter"]


def test_croupier_swaps_even_while_discarding():
    g = Scenario.night(2).player("X", role="croupier", hand=["letter", "bunker", FILLER], deck=["coffee", "feedback"])
    boss(g)
    g.order("X", "discard", card="letter")
    g.order("X", "croupier_swap", card="bunker")
    g.resolve()
    assert g.hand("X") == [FILLER, "coffee", "feedback"]


def test_croupier_swap_once_a_game():
    g = Scenario.night(2).player("X", role="croupier", hand=["letter", "bunker", FILLER])
    boss(g)
    g.order("X", "croupier_swap", card="letter")
    g.resolve()
    refusal = g.refusal("X", "croupier_swap", card="bunker")
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")


def test_croupier_swap_for_croupier_only():
    g = Scenario.night(2).player("X", role="hero", hand=["letter", FILLER])
    boss(g)
    assert g.refusal("X", "croupier_swap", card="letter").code == "not_allowed"


def test_croupier_swap_card_cannot_also_be_played():
    g = Scenario.night(2).player("X", role="croupier", hand=["compensation", FILLER]).player("B")
    boss(g)
    g.play("X", "compensation", target="B")
    assert g.refusal("X", "croupier_swap", card="compensation").code == "card_used_twice"


# ---------------------------------------------------------------- Социопат


def test_sociopath_cannot_be_targeted_by_cards_on_night_one():
    g = Scenario.night(1).player("A", hand=["compensation", FILLER]).player("X", role="sociopath")
    boss(g)
    refusal = g.refusal("A", "play", card="compensation", target="X")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_sociopath_cannot_be_targeted_by_cards_on_day_one():
    g = Scenario.day(1).player("A", hand=["assault", FILLER]).player("X", role="sociopath")
    boss(g)
    assert g.refusal("A", "play", card="assault", target="X").code == "invalid_target"


def test_sociopath_cannot_be_voted_for_on_day_one():
    g = Scenario.day(1).player("A").player("X", role="sociopath")
    boss(g)
    refusal = g.refusal("A", "vote", target="X")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")
    assert g.refusal("X", "vote", target="X").code == "invalid_target"


def test_sociopath_cannot_be_the_mafia_kill_target_on_night_one():
    g = Scenario.night(1).player("K", secret="killer").player("X", role="sociopath")
    boss(g)
    refusal = g.refusal("K", "kill_vote", target="X")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_sociopath_is_a_target_again_from_night_two():
    g = Scenario.night(2).player("K", secret="killer").player("A", hand=["compensation", FILLER])
    g.player("X", role="sociopath", hand=6)
    boss(g)
    g.order("K", "kill_vote", target="X")
    g.play("A", "compensation", target="X").resolve()
    assert g.hand_size("X") == 1
    g.vote("A", "X", "beating").resolve()  # day 2
    assert council(g)["votes"] == {str(g.pid("X")): 1.0}


# ---------------------------------------------------------------- Монах


def test_monk_draws_one_the_first_time_he_ends_a_phase_with_one_card():
    g = shooter(Scenario.night(2)).player("X", role="monk", hand=3, deck=["letter"])
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand("X") == [FILLER, "letter"]


def test_monk_draws_once_a_game():
    g = Scenario.night(2).player("S", hand=["pistol", "assault", FILLER], points=1)
    g.player("X", role="monk", hand=3, deck=["letter", "bunker"])
    boss(g)
    shoot(g, "X").resolve()  # night 2: 3 → 1, draws to 2
    g.play("S", "assault", target="X").resolve()  # day 2: 2 → 1, no draw
    assert g.hand("X") == ["letter"]
    assert g.alive("X")
    assert [c.card for c in g.p("X").deck] == ["bunker"]


def test_monk_does_not_draw_at_two_cards():
    g = shooter(Scenario.night(2)).player("X", role="monk", hand=4, deck=["letter"])
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 2
    assert [c.card for c in g.p("X").deck] == ["letter"]


def test_monk_at_zero_cards_dies():
    g = shooter(Scenario.night(2)).player("X", role="monk", hand=2, deck=["letter"])
    boss(g)
    shoot(g, "X").resolve()
    assert not g.alive("X")


# ---------------------------------------------------------------- Герой


def test_hero_vote_weighs_one():
    g = Scenario.day(2).player("X", role="hero").player("V")
    boss(g)
    g.vote("X", "V", "beating").resolve()
    assert council(g)["votes"] == {str(g.pid("V")): 1.0}
    assert council(g)["beating"] == 1.0


def test_hero_gets_no_armor():
    g = shooter(Scenario.night(2)).player("X", role="hero")
    boss(g)
    shoot(g, "X").resolve()
    assert g.hand_size("X") == 3
