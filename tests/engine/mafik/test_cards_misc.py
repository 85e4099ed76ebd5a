"""Контроль, Хаос, Поддержка, Усиление (issue 13, misc): a test per card and per variant, exact numbers.

Players hold Пустышки (dummy) unless a test says otherwise; a character who plays a card from the Hand
draws its replacement at the end of the phase. Phases: night(2) is phase 3, the day after it phase 4.
Where a day passes, everyone votes for Z (a killer with a large hand), who takes the Вече's 6 damage.
"""

from __future__ import annotations

from engine.core import api
from engine.core.state import PlayRecord
from tests.engine.mafik.conftest import MafikScenario


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def council(g: MafikScenario, target: str = "Z") -> MafikScenario:
    for player in g.state.living():
        g.vote(player.name, target)
    return g


def damage_taken(g: MafikScenario, name: str) -> list[int]:
    return [int(e.params["amount"]) for e in g.events("damage_taken", to=name)]


def spans(g: MafikScenario, kind: str) -> list[tuple[int | None, int | None, int | None]]:
    return [(e.target, e.start, e.end) for e in g.state.effects if e.kind == kind]


# ---- Куратор спецслужб ----

def test_secret_service_handler_actor_learns_the_targets_hand_plays_for_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["secret_service_handler", "dummy"]) \
        .player("B", hand=["martial_arts", "bunker", "bunker", "bunker", "dummy"], sleeve=["bunker"]) \
        .player("C", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "secret_service_handler", target="B")
    g.play("B", "martial_arts", target="C").resolve()  # this phase: not watched yet
    assert [e.params["card"] for e in g.events("handler_targeted", to="B")] == ["secret_service_handler"]
    assert not g.events("handler_play")
    council(g.play("B", "bunker").play("B", "bunker", from_sleeve=True)).resolve()  # phase 4: the Hand card only
    assert [(e.params["pid"], e.params["card"]) for e in g.events("handler_play", to="A")] == [(g.pid("B"), "bunker")]
    g.play("B", "bunker").resolve()  # phase 5: the second phase
    assert len(g.events("handler_play", to="A")) == 2
    council(g.play("B", "bunker")).resolve()  # phase 6: over
    assert len(g.events("handler_play")) == 2


def test_secret_service_handler_boss_the_whole_mafia_learns():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["secret_service_handler", "dummy"]) \
        .player("B", hand=["bunker", "dummy"]).player("K", secret="killer", hand=30)
    g.play("A", "secret_service_handler", target="B").resolve()
    council(g.play("B", "bunker"), "K").resolve()
    [seen] = g.events("handler_play")
    assert (seen.to, seen.who, seen.params["pid"], seen.params["card"]) == ("faction", "mafia", g.pid("B"), "bunker")


def test_secret_service_handler_accusation_the_target_is_not_told():
    g = MafikScenario.night(2).player("A", hand=["secret_service_handler", "dummy"]).player("B", hand=5) \
        .player("Z", secret="killer", hand=30)
    played_before(g, "B", "bunker")
    g.play("A", "secret_service_handler", target="B", accuse=["bunker"]).resolve()
    assert not g.events("handler_targeted")
    assert spans(g, "watch") == [(g.pid("B"), 4, 5)]


def test_secret_service_handler_accusation_missed_the_target_is_told():
    g = MafikScenario.night(2).player("A", hand=["secret_service_handler", "dummy"]).player("B", hand=5) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "secret_service_handler", target="B", accuse=["bunker"]).resolve()
    assert len(g.events("handler_targeted", to="B")) == 1


# ---- Перехват ----

def test_interception_copies_every_card_but_interception_played_on_the_target_this_phase():
    g = MafikScenario.night(2).player("A", hand=["interception", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=8).player("C", hand=["martial_arts", "dummy"]) \
        .player("D", hand=["pistol", "dummy"], sleeve=["shiv"]) \
        .player("E", hand=["interception", "dummy"], sleeve=["dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "interception", target="B", pay_sleeve=["dummy"])
    g.play("C", "martial_arts", target="B")
    g.play("D", "pistol", target="B").play("D", "shiv", target="C", from_sleeve=True)
    g.play("E", "interception", target="B", pay_sleeve=["dummy"]).resolve()
    assert sorted(g.sleeve("A")) == ["martial_arts", "pistol"]
    assert sorted(g.sleeve("E")) == ["martial_arts", "pistol"]
    [told] = g.events("interception", to="A")
    assert sorted(told.params["cards"]) == ["martial_arts", "pistol"] and told.params["target"] == g.pid("B")


def test_interception_is_turned_back_by_reflection_like_any_card():
    """Отражение on the target turns Перехват back on its player: he intercepts the cards played on himself."""
    g = MafikScenario.night(2).player("A", hand=["interception", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["reflection"] + ["dummy"] * 7, sleeve=["dummy", "dummy"]) \
        .player("C", hand=["martial_arts", "pistol", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "interception", target="B", pay_sleeve=["dummy"])
    g.play("B", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("C", "martial_arts", target="B").resolve()
    assert g.sleeve("A") == [] and [e.params["target"] for e in g.events("interception", to="A")] == [g.pid("A")]


def test_interception_costs_1():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["interception", "dummy"]).player("B", hand=5)
    g.build()
    uid = g.uid("A", "interception")
    assert api.play_cost(g.state, g.pid("A"), uid, {"target": g.pid("B")}) == 1
    assert g.refusal("A", "play", card="interception", target="B").code == "cost_unpayable"


def test_interception_mafia_accusation_instead_of_the_cost_works_when_it_hits():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["interception", "dummy"]) \
        .player("B", hand=8).player("C", hand=["martial_arts", "dummy"])
    played_before(g, "B", "bunker")
    uid = g.uid("A", "interception")
    assert api.play_cost(g.state, g.pid("A"), uid, {"target": g.pid("B"), "accuse": ["bunker"]}) == 0
    g.play("A", "interception", target="B", accuse=["bunker"])
    g.play("C", "martial_arts", target="B").resolve()
    assert g.sleeve("A") == ["martial_arts"]


def test_interception_mafia_accusation_missed_does_nothing():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["interception", "dummy"]) \
        .player("B", hand=8).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "interception", target="B", accuse=["bunker"])
    g.play("C", "martial_arts", target="B").resolve()
    assert g.sleeve("A") == [] and not g.events("interception")


def test_interception_accusation_is_the_mafias_only():
    g = MafikScenario.night(2).player("A", hand=["interception", "dummy"]).player("B", hand=8)
    played_before(g, "B", "bunker")
    assert g.refusal("A", "play", card="interception", target="B", accuse=["bunker"]).code == "mafia_only"


# ---- Шипы ----

def test_spikes_every_card_aimed_at_the_target_costs_2_damage_for_the_next_4_phases_public():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]).player("B", hand=8) \
        .player("C", hand=["broad_daylight", "broad_daylight", "dummy", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "spikes", target="B").resolve()
    [public] = g.public("spikes")
    assert public.params["target"] == g.pid("B")
    assert spans(g, "spikes") == [(g.pid("B"), 4, 7)]
    council(g.play("C", "broad_daylight", target="B")).resolve()
    assert damage_taken(g, "C") == [2]
    assert damage_taken(g, "B") == [1]


def test_spikes_do_not_act_in_the_phase_they_are_played():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]).player("B", hand=8) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "spikes", target="B").play("C", "martial_arts", target="B").resolve()
    assert not damage_taken(g, "C")


def test_spikes_hurt_per_card_not_the_spiked_player_himself():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]).player("B", hand=8, sleeve=["spikes"]) \
        .player("C", hand=["pistol", "dummy"], sleeve=["shiv"]).player("Z", secret="killer", hand=30)
    g.play("A", "spikes", target="B").resolve()
    council(g).resolve()
    g.play("C", "pistol", target="B").play("C", "shiv", target="B", from_sleeve=True)
    g.play("B", "spikes", target="B", from_sleeve=True).resolve()
    assert damage_taken(g, "C") == [4]
    assert damage_taken(g, "B") == [2]  # C's two cards; his own card on himself costs him nothing


def test_spikes_a_card_turned_back_by_reflection_was_still_aimed_at_the_spiked_player():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]) \
        .player("B", hand=["reflection"] + ["dummy"] * 7, sleeve=["dummy", "dummy"]) \
        .player("C", hand=["pistol", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "spikes", target="B").resolve()
    council(g).resolve()
    g.play("B", "reflection", pay_sleeve=["dummy", "dummy"]).play("C", "pistol", target="B").resolve()
    assert damage_taken(g, "C") == [3] and not damage_taken(g, "B")  # 2 for the spikes, 1 from his own card


def test_spikes_upper_stance_nobody_is_told():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]).player("B", hand=8)
    in_stance(g, "A", "upper")
    g.play("A", "spikes", target="B").resolve()
    assert not g.public("spikes")
    assert [e.params["target"] for e in g.events("spikes_secret", to="A")] == [g.pid("B")]
    assert spans(g, "spikes") == [(g.pid("B"), 4, 7)]


def test_spikes_may_be_played_on_oneself():
    g = MafikScenario.night(2).player("A", hand=["spikes", "dummy"]).player("B", hand=8)
    g.play("A", "spikes", target="A").resolve()
    assert spans(g, "spikes") == [(g.pid("A"), 4, 7)]


# ---- Зеркальное Измерение ----

def test_mirror_dimension_turns_every_targeted_card_back_on_its_player():
    g = MafikScenario.day(1).player("A", hand=["mirror_dimension", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=["broad_daylight", "dummy", "dummy", "dummy", "dummy"]).player("C", hand=5) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "mirror_dimension", pay_sleeve=["dummy"] * 3)
    council(g.play("B", "broad_daylight", target="C")).resolve()
    assert damage_taken(g, "B") == [1] and not damage_taken(g, "C")


def test_mirror_dimension_a_player_gets_its_effect_once_a_game():
    g = MafikScenario.day(1).player("A", hand=["mirror_dimension", "mirror_dimension", "dummy"],
                                    sleeve=["dummy"] * 6) \
        .player("B", hand=["broad_daylight"] * 2 + ["dummy"] * 4).player("C", hand=6).player("Z", secret="killer", hand=30)
    g.play("A", "mirror_dimension", pay_sleeve=["dummy"] * 3)
    council(g.play("B", "broad_daylight", target="C")).resolve()
    assert damage_taken(g, "B") == [1]
    g.resolve()  # the night
    g.play("A", "mirror_dimension", pay_sleeve=["dummy"] * 3)
    council(g.play("B", "broad_daylight", target="C")).resolve()
    assert damage_taken(g, "C") == [1] and damage_taken(g, "B") == [1]


def test_mirror_dimension_does_not_shield_a_player_on_steroids():
    g = MafikScenario.night(2).player("A", hand=["mirror_dimension", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=["pistol", "dummy", "dummy", "dummy", "dummy"]) \
        .player("C", hand=["steroids", "dummy", "dummy", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "mirror_dimension", pay_sleeve=["dummy"] * 3).play("C", "steroids")
    g.play("B", "pistol", target="C").resolve()
    assert damage_taken(g, "C") == [1] and not damage_taken(g, "B")


# ---- Разыскная ориентировка ----

def wanted(lower: bool = False, survives: bool = False) -> MafikScenario:
    """A puts the notice on B at night 2; at night 3 C and D damage B (1 card, or 8), E damages F."""
    g = MafikScenario.night(2).player("A", hand=["wanted_notice", "dummy"]).player("B", hand=8 if survives else 1) \
        .player("C", hand=["martial_arts", "dummy"]).player("D", hand=["pistol", "dummy"]) \
        .player("E", hand=["martial_arts", "dummy"]).player("F", hand=8).player("Z", secret="killer", hand=30)
    if lower:
        in_stance(g, "A", "lower")
    g.play("A", "wanted_notice", target="B").resolve()
    council(g).resolve()
    g.play("C", "martial_arts", target="B").play("D", "pistol", target="B").play("E", "martial_arts", target="F")
    return g.resolve()


def test_wanted_notice_everyone_learns_the_target_in_the_morning():
    g = MafikScenario.night(2).player("A", hand=["wanted_notice", "dummy"]).player("B", hand=5)
    g.play("A", "wanted_notice", target="B").resolve()
    [public] = g.public("wanted_notice")
    assert public.params["target"] == g.pid("B") and public.phase == 3


def test_wanted_notice_those_who_damaged_the_target_draw_2_into_the_sleeve_if_it_dies_the_next_night():
    g = wanted()
    assert not g.alive("B")
    assert g.sleeve("C") == ["dummy", "dummy"] and g.sleeve("D") == ["dummy", "dummy"]
    assert g.sleeve("E") == [] and g.sleeve("A") == []
    assert [e.params["n"] for e in g.events("wanted_reward", to="C")] == [2]
    assert not g.events("wanted_damagers")


def test_wanted_notice_nothing_if_the_target_survives():
    g = wanted(survives=True)
    assert g.alive("B") and g.sleeve("C") == [] and g.sleeve("D") == []


def test_wanted_notice_lower_stance_learn_who_damaged_the_target():
    g = wanted(lower=True, survives=True)
    [told] = g.events("wanted_damagers", to="A")
    assert told.params["pids"] == [g.pid("C"), g.pid("D")] and told.params["target"] == g.pid("B")


def test_wanted_notice_damage_in_the_night_it_is_played_does_not_count():
    g = MafikScenario.night(2).player("A", hand=["wanted_notice", "dummy"]).player("B", hand=1) \
        .player("C", hand=["martial_arts", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "wanted_notice", target="B").play("C", "martial_arts", target="B").resolve()
    assert not g.alive("B") and g.sleeve("C") == []


# ---- Знакомства ----

def test_acquaintances_a_random_other_character_and_the_player_learn_each_others_plays_for_2_phases():
    g = MafikScenario.night(2).player("A", hand=["acquaintances", "bunker", "bunker", "bunker"], sleeve=["dummy", "bunker"]) \
        .player("B", hand=["bunker", "bunker", "dummy"]).player("Z", secret="killer", hand=["bunker"] + ["dummy"] * 29)
    g.play("A", "acquaintances", pay_sleeve=["dummy"]).play("A", "bunker").resolve()
    [told] = g.events("acquaintances", to="A")
    other = told.params["pid"]
    assert other in (g.pid("B"), g.pid("Z"))
    assert [e.params["pid"] for e in g.events("acquaintances", to=other)] == [g.pid("A")]
    assert not g.events("acquaintance_play")  # from the next phase
    g.play("A", "bunker").play("A", "bunker", from_sleeve=True).play("B", "bunker").play("Z", "bunker")
    council(g, "B").resolve()
    assert [e.params["card"] for e in g.events("acquaintance_play", to=other)] == ["bunker", "bunker"]
    assert [(e.params["pid"], e.params["card"]) for e in g.events("acquaintance_play", to="A")] == [(other, "bunker")]


def test_acquaintances_last_two_phases_never_pairs_the_player_with_himself():
    for seed in range(6):
        g = MafikScenario(3, seed=seed).player("A", hand=["acquaintances", "dummy"], sleeve=["dummy"]) \
            .player("B", hand=5).player("C", hand=5)
        g.play("A", "acquaintances", pay_sleeve=["dummy"]).resolve()
        watches = sorted((e.target, e.source, e.start, e.end) for e in g.state.effects if e.kind == "watch")
        [told] = g.events("acquaintances", to="A")
        other = told.params["pid"]
        assert other != g.pid("A")
        assert watches == sorted([(other, g.pid("A"), 4, 5), (g.pid("A"), other, 4, 5)])


def test_acquaintances_is_free():
    g = MafikScenario.night(2).player("A", hand=["acquaintances", "martial_arts", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5)
    g.play("A", "acquaintances", pay_sleeve=["dummy"]).play("A", "martial_arts", target="B").resolve()
    assert damage_taken(g, "B") == [1]


# ---- Повестка ----

def test_summons_sends_a_message_and_next_phase_copies_the_cards_the_target_plays_on_the_player():
    g = MafikScenario.day(1).player("A", hand=["summons", "dummy"]) \
        .player("B", hand=["martial_arts", "dummy", "dummy", "dummy", "dummy", "dummy"], sleeve=["shiv", "shiv"]) \
        .player("C", hand=8).player("Z", secret="killer", hand=30)
    council(g.play("A", "summons", target="B", message="явиться в комиссариат")).resolve()
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "явиться в комиссариат"
    g.play("B", "martial_arts", target="A").play("B", "shiv", target="C", from_sleeve=True).resolve()
    assert g.sleeve("A") == ["martial_arts"]
    assert [e.params["cards"] for e in g.events("summons_copies", to="A")] == [["martial_arts"]]


def test_summons_only_the_next_phase():
    g = MafikScenario.day(1).player("A", hand=["summons"] + ["dummy"] * 7) \
        .player("B", hand=["broad_daylight", "martial_arts", "martial_arts", "dummy", "dummy", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "summons", target="B", message="x").play("B", "broad_daylight", target="A")
    council(g).resolve()
    assert g.sleeve("A") == []
    g.play("B", "martial_arts", target="A").resolve()
    council(g).resolve()
    g.play("B", "martial_arts", target="A").resolve()
    assert g.sleeve("A") == ["martial_arts"]


# ---- Counter ----

def counter_game(lower: bool = False) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["counter", "broad_daylight", "dummy", "dummy", "dummy", "dummy"]) \
        .player("B", hand=["broad_daylight", "dummy", "dummy"]).player("C", hand=["broad_daylight", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    if lower:
        in_stance(g, "A", "lower")
    return g.play("A", "counter").resolve()


def test_counter_from_the_next_phase_an_attack_with_a_card_in_the_hand_gives_2_armor():
    g = counter_game()
    played_before(g, "A", "counter", "bunker")
    g.play("B", "broad_daylight", target="A", accuse=["counter", "bunker"])  # 3 damage
    council(g).resolve()
    [told] = g.events("counter_armor", to="A")
    assert told.params["n"] == 2 and told.params["cards"] == ["broad_daylight"]
    assert damage_taken(g, "A") == [1]


def test_counter_each_attacking_card_gives_its_armor():
    g = counter_game()
    council(g.play("B", "broad_daylight", target="A").play("C", "broad_daylight", target="A")).resolve()
    assert [e.params["n"] for e in g.events("counter_armor", to="A")] == [4]
    assert not damage_taken(g, "A")


def test_counter_lower_stance_3_armor():
    g = counter_game(lower=True)
    council(g.play("B", "broad_daylight", target="A")).resolve()
    assert [e.params["n"] for e in g.events("counter_armor", to="A")] == [3]


def test_counter_a_card_not_in_the_hand_gives_nothing_nor_in_the_phase_it_is_played():
    g = MafikScenario.night(2).player("A", hand=["counter", "martial_arts", "dummy"]) \
        .player("B", hand=["martial_arts", "dummy"]).player("C", hand=["pistol", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "counter").play("B", "martial_arts", target="A").resolve()
    assert not g.events("counter_armor")
    council(g).resolve()
    g.play("C", "pistol", target="A").resolve()
    assert not g.events("counter_armor") and damage_taken(g, "A") == [1, 1]


# ---- Стероиды ----

def test_steroids_plus_1_base_damage_to_every_card_played_this_phase():
    g = MafikScenario.night(2).player("A", hand=["steroids", "martial_arts", "dummy"], sleeve=["shiv"]) \
        .player("B", hand=8).player("C", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "steroids").play("A", "martial_arts", target="B").play("A", "shiv", target="C", from_sleeve=True)
    g.resolve()
    assert damage_taken(g, "B") == [2] and damage_taken(g, "C") == [2]


def test_steroids_no_armor_this_phase_and_the_next():
    g = MafikScenario.night(2).player("A", hand=["steroids", "martial_arts", "bunker", "dummy", "dummy"]) \
        .player("B", hand=["pistol", "dummy"]).player("C", hand=["broad_daylight", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "steroids").play("A", "martial_arts", target="Z").play("B", "pistol", target="A").resolve()
    assert damage_taken(g, "A") == [1]  # his own Боевое искусство's armor is lost
    council(g.play("A", "bunker").play("C", "broad_daylight", target="A")).resolve()
    assert damage_taken(g, "A") == [1, 1]  # Бункер's 3 armor too


def test_steroids_reflection_and_other_defence_cards_do_not_act_on_the_player():
    g = MafikScenario.night(2).player("A", hand=["steroids", "reflection", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["pistol", "dummy"]).player("C", hand=["first_aid", "dummy"]) \
        .player("D", hand=["martial_arts", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "steroids").play("A", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("B", "pistol", target="A").play("C", "first_aid", target="A").play("D", "martial_arts", target="A").resolve()
    # Отражение does nothing: B's Пистолет hits A; Первая помощь (A has 1 card in hand as the effects
    # begin) gives him no card; Боевое искусство, a Защита card too, does nothing to him either
    assert damage_taken(g, "A") == [1] and not damage_taken(g, "B") and not damage_taken(g, "D")
    assert g.hand_size("A") == 2  # 1 + the two replacements − 1 damage


def test_steroids_is_free():
    g = MafikScenario.night(2).player("A", hand=["steroids", "martial_arts", "dummy"]).player("B", hand=8)
    g.play("A", "steroids").play("A", "martial_arts", target="B").resolve()
    assert damage_taken(g, "B") == [2]


def test_interception_mafia_can_open_it_with_nothing_to_pay_the_law_cannot():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["interception", "dummy"]) \
        .player("B", hand=["interception", "dummy"])
    g.build()
    assert api.playable(g.state, g.pid("A"), g.uid("A", "interception")) is None
    refusal = api.playable(g.state, g.pid("B"), g.uid("B", "interception"))
    assert refusal is not None and refusal.code == "cost_unpayable"
