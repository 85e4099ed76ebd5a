"""The stance cards and the officials' exiles (issue 15, stances): a test per card and per variant, exact
numbers. Players hold Пустышки (dummy) unless a test says otherwise. Phases: night(2) is phase 3, day(2)
is phase 4. A stance «на 2 фазы» a card gives is the two phases after the one it is played in. Rulings:
docs/rulings/mafik-stances.md.
"""

from __future__ import annotations

from engine.core.checks import checks_of
from engine.core.state import PlayRecord
from engine.rulesets.mafik.costs import card_cost, exiled, stance
from engine.rulesets.mafik.panel import panel_facts
from engine.rulesets.mafik.registry import CATALOG
from tests.engine.mafik.conftest import MafikScenario


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def council(g: MafikScenario, target: str = "Z") -> MafikScenario:
    """Everyone votes for `target` (Z: a killer with a large hand takes the Вече's 6 damage)."""
    for player in g.state.living():
        g.vote(player.name, target)
    return g


def stances(g: MafikScenario, name: str, phases: int) -> list[str]:
    """The player's stance in this phase and the next `phases - 1` (nights without plays; days with the
    Вече on Z)."""
    seen = []
    for i in range(phases):
        if i:
            (council(g) if g.state.is_day else g).resolve()
        seen.append(stance(g.state, g.pid(name)))
    return seen


# ---- Передняя передача, Задняя передача ----

def test_forward_gear_upper_stance_for_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["forward_gear", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "forward_gear").resolve()
    assert stances(g, "A", 3) == ["upper", "upper", "normal"]


def test_reverse_gear_lower_stance_for_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["reverse_gear", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "reverse_gear").resolve()
    assert stances(g, "A", 3) == ["lower", "lower", "normal"]


# ---- Сенсей ----

def test_sensei_sees_every_players_stance_as_each_phase_begins():
    g = MafikScenario.night(2).player("A", hand=["sensei", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B").player("C").player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")
    in_stance(g, "C", "lower")
    g.play("A", "sensei", pay_sleeve=["dummy", "dummy"]).resolve()
    a, b, c, z = (g.pid(n) for n in "ABCZ")
    assert [e.params["pids"] for e in g.events("sensei_upper", to="A")] == [[b]]
    assert [e.params["pids"] for e in g.events("sensei_lower", to="A")] == [[c]]
    assert [e.params["pids"] for e in g.events("sensei_normal", to="A")] == [[z]]
    assert sorted(r.aimed_at for r in checks_of(g.state, observer=a)) == [b, c, z]  # checks, recorded
    keys = [f.key for f in panel_facts(g.state, a)]
    assert {"panel_mafik.sensei_upper", "panel_mafik.sensei_lower", "panel_mafik.sensei_normal"} <= set(keys)
    council(g).resolve()  # to the end of the game: again as the next phase begins
    assert len(g.events("sensei_upper", to="A")) == 2


def test_sensei_may_go_into_any_stance_for_two_phases():
    g = MafikScenario.night(2).player("A", hand=["sensei", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "sensei", stance="lower", pay_sleeve=["dummy", "dummy"]).resolve()
    assert stances(g, "A", 3) == ["lower", "lower", "normal"]


def test_sensei_costs_two():
    g = MafikScenario.night(2).player("A", hand=["sensei", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("Z", secret="killer", hand=30)
    assert g.refusal("A", "play", card="sensei", pay_sleeve=["dummy"]).code == "cost_unpayable"


# ---- Посредственность ----

def test_mediocrity_every_check_sees_the_normal_stance():
    g = MafikScenario.night(2).player("A", hand=["trained_eye", "dummy"]) \
        .player("B", hand=["mediocrity", "dummy"], sleeve=["dummy", "dummy"]).player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")  # Маскировка in the upper stance: Цена 1 + 1
    g.play("B", "mediocrity", pay_sleeve=["dummy", "dummy"]).play("A", "trained_eye", target="B").resolve()
    assert len(g.events("trained_eye_normal", to="A")) == 1
    assert stance(g.state, g.pid("B")) == "upper"  # the truth stays: his limits and costs are the upper stance's


def test_mediocrity_cards_do_not_change_the_players_stance_his_own_included():
    g = MafikScenario.night(2).player("A", hand=["bragging", "dummy"]) \
        .player("B", hand=["mediocrity", "forward_gear", "dummy"], sleeve=["dummy"]) \
        .player("C").player("Z", secret="killer", hand=30)
    g.play("B", "mediocrity", pay_sleeve=["dummy"]).resolve()
    council(g).resolve()
    g.play("A", "bragging", to_upper=g.pid("C"), to_lower=g.pid("B")).play("B", "forward_gear").resolve()
    assert stance(g.state, g.pid("B")) == "normal"
    assert stance(g.state, g.pid("C")) == "upper"


def test_mediocrity_costs_one():
    g = MafikScenario.night(2).player("B", hand=["mediocrity", "dummy"]).player("Z", secret="killer", hand=30)
    assert g.refusal("B", "play", card="mediocrity").code == "cost_unpayable"


# ---- Обесценивание заслуг ----

def test_discrediting_normal_stance_at_once_and_locked_for_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]) \
        .player("B", hand=["forward_gear", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")  # until the end of the game
    g.play("A", "discrediting", target="B").resolve()  # phase 4
    assert stance(g.state, g.pid("B")) == "normal"
    council(g).resolve()  # phase 5: still locked
    g.play("B", "forward_gear").resolve()  # upper for phases 6 and 7; phase 6 is free again
    assert stances(g, "B", 3) == ["upper", "upper", "normal"]


def test_discrediting_a_stance_card_during_the_lock_does_nothing_while_it_lasts():
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]) \
        .player("B", hand=["forward_gear", "dummy", "dummy"]).player("Z", secret="killer", hand=30)
    g.play("A", "discrediting", target="B").play("B", "forward_gear").resolve()
    assert stances(g, "B", 2) == ["normal", "normal"]


def test_discrediting_accusation_two_more_phases_per_card():
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    played_before(g, "B", "bunker", "tank")
    in_stance(g, "B", "lower")
    g.play("A", "discrediting", target="B", accuse=["bunker", "tank"]).resolve()
    [lock] = g.state.effects_of("stance_lock", target=g.pid("B"), phase=4)
    assert (lock.start, lock.end) == (4, 9)  # 2 + 2 × 2 phases


def test_discrediting_wrong_accusation_two_phases():
    g = MafikScenario.night(2).player("A", hand=["discrediting", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    g.play("A", "discrediting", target="B", accuse=["bunker"]).resolve()
    [lock] = g.state.effects_of("stance_lock", target=g.pid("B"), phase=4)
    assert (lock.start, lock.end) == (4, 5)


# ---- Побоище ----

def test_brawl_every_living_player_a_random_non_normal_stance_for_two_phases():
    g = MafikScenario.night(2).player("A", hand=["brawl", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B").player("C").player("D").player("Z", secret="killer", hand=30)
    g.play("A", "brawl", pay_sleeve=["dummy", "dummy"]).resolve()
    now = [stance(g.state, p.pid) for p in g.state.living()]
    assert len(now) == 5 and set(now) == {"upper", "lower"}  # seed 7: both drawn
    council(g).resolve()
    assert [stance(g.state, p.pid) for p in g.state.living()] == now
    g.resolve()
    assert {stance(g.state, p.pid) for p in g.state.living()} == {"normal"}


def test_brawl_cost_3_the_chosen_stance():
    g = MafikScenario.night(2).player("A", hand=["brawl", "dummy"], sleeve=["dummy", "dummy", "dummy"]) \
        .player("B").player("Z", secret="killer", hand=30)
    assert g.refusal("A", "play", card="brawl", stance="upper", pay_sleeve=["dummy", "dummy"]).code == \
        "cost_unpayable"
    g.play("A", "brawl", stance="upper", pay_sleeve=["dummy", "dummy", "dummy"]).resolve()
    assert [stance(g.state, p.pid) for p in g.state.living()] == ["upper"] * 3


# ---- Наставничество ----

def test_mentorship_the_target_takes_the_chosen_stance_for_two_phases():
    g = MafikScenario.night(2).player("A", hand=["mentorship", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    g.play("A", "mentorship", target="B", stance="lower").resolve()
    assert stances(g, "B", 3) == ["lower", "lower", "normal"]


def test_mentorship_target_already_in_a_stance_a_random_non_normal_one():
    g = MafikScenario.night(2).player("A", hand=["mentorship", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    in_stance(g, "B", "upper")
    g.play("A", "mentorship", target="B", stance="normal").resolve()
    assert stance(g.state, g.pid("B")) in ("upper", "lower")
    [given] = [e for e in g.state.effects if e.kind == "stance" and e.target == g.pid("B") and e.start == 4]
    assert given.params["stance"] != "normal"


def test_mentorship_another_stance_card_on_the_target_a_random_non_normal_one():
    g = MafikScenario.night(2).player("A", hand=["mentorship", "dummy"]).player("C", hand=["bragging", "dummy"]) \
        .player("B").player("D").player("Z", secret="killer", hand=30)
    g.play("A", "mentorship", target="B", stance="normal") \
        .play("C", "bragging", to_upper=g.pid("D"), to_lower=g.pid("B")).resolve()
    assert stance(g.state, g.pid("B")) in ("upper", "lower")


def test_mentorship_two_on_one_target_both_random():
    g = MafikScenario.night(2).player("A", hand=["mentorship", "dummy"]).player("C", hand=["mentorship", "dummy"]) \
        .player("B").player("Z", secret="killer", hand=30)
    g.play("A", "mentorship", target="B", stance="normal").play("C", "mentorship", target="B", stance="normal")
    g.resolve()
    given = [e.params["stance"] for e in g.state.effects if e.kind == "stance" and e.target == g.pid("B")]
    assert len(given) == 2 and "normal" not in given


# ---- Похвальба ----

def test_bragging_one_target_upper_the_other_lower_for_two_phases():
    g = MafikScenario.night(2).player("A", hand=["bragging", "dummy"]).player("B").player("C") \
        .player("Z", secret="killer", hand=30)
    g.play("A", "bragging", to_upper=g.pid("B"), to_lower=g.pid("C")).resolve()
    assert stance(g.state, g.pid("C")) == "lower"
    assert stances(g, "B", 3) == ["upper", "upper", "normal"]
    assert stance(g.state, g.pid("C")) == "normal"


def test_bragging_two_different_targets():
    g = MafikScenario.night(2).player("A", hand=["bragging", "dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    refused = g.refusal("A", "play", card="bragging", to_upper=g.pid("B"), to_lower=g.pid("B"))
    assert (refused.code, refused.params.get("reason")) == ("invalid_target", "same_target")


# ---- Курсы ----

def test_courses_in_the_chosen_stance_two_more_hand_cards_of_its_colours():
    g = MafikScenario.night(2).player("A", hand=["courses", "pistol", "coffee", "stimulant_shot", "equalizer", "dummy"],
                                      sleeve=["dummy"] * 3).player("B", hand=8).player("Z", secret="killer", hand=30)
    g.play("A", "courses", stance="upper", pay_sleeve=["dummy"] * 3).resolve()
    council(g).resolve()
    in_stance(g, "A", "upper")
    g.play("A", "pistol", target="B").play("A", "coffee", target="B").play("A", "stimulant_shot", target="B")
    assert g.refusal("A", "play", card="equalizer", target="B").code == "limit_reached"  # the 4th: 1 + 2 only


def test_courses_the_other_stances_colours_cost_2_more():
    g = MafikScenario.night(2).player("A", hand=["courses", "bunker", "dummy"], sleeve=["dummy"] * 3) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "courses", stance="upper", pay_sleeve=["dummy"] * 3).resolve()
    in_stance(g, "A", "upper")
    a = g.pid("A")
    assert card_cost(g.state, a, CATALOG["bunker"]) == 2
    in_stance(g, "A", "lower")  # another stance: the plain surcharge
    assert card_cost(g.state, a, CATALOG["pistol"]) == 1


def test_courses_without_it_one_more_hand_card_of_the_stance():
    g = MafikScenario.night(2).player("A", hand=["pistol", "coffee", "stimulant_shot", "dummy"]).player("B", hand=8) \
        .player("Z", secret="killer", hand=30)
    in_stance(g, "A", "upper")
    g.play("A", "pistol", target="B").play("A", "coffee", target="B")
    assert g.refusal("A", "play", card="stimulant_shot", target="B").code == "limit_reached"


def test_courses_costs_three():
    g = MafikScenario.night(2).player("A", hand=["courses", "dummy"], sleeve=["dummy"] * 3) \
        .player("Z", secret="killer", hand=30)
    assert g.refusal("A", "play", card="courses", stance="upper", pay_sleeve=["dummy"] * 2).code == "cost_unpayable"


# ---- Военкомат ----

def test_draft_office_any_sleeve_card_as_a_summons_until_the_end():
    g = MafikScenario.night(2).player("A", hand=["draft_office", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B").player("Z", secret="killer", hand=30)
    g.play("A", "draft_office").resolve()
    g.play("A", "dummy", from_sleeve=True, target="B", message="явиться", **{"as": "summons"})
    council(g).resolve()
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "явиться"
    assert g.state.effects_of("summons", target=g.pid("B"))  # the next phase: copies of what B plays on A


def test_draft_office_not_before_it_is_played():
    g = MafikScenario.day(2).player("A", hand=["dummy"], sleeve=["dummy"]).player("B") \
        .player("Z", secret="killer", hand=30)
    refused = g.refusal("A", "play", card="dummy", from_sleeve=True, target="B", message="x", **{"as": "summons"})
    assert refused.code == "not_allowed"


# ---- Виновен! (Офицер) ----

def test_officer_guilty_three_targets_into_exile():
    g = MafikScenario.day(2).player("A", hand=["officer_guilty", "dummy"]).player("B").player("C").player("D") \
        .player("Z", secret="killer", hand=30)
    council(g.play("A", "officer_guilty", targets=["B", "C", "D"])).resolve()  # phase 5
    for name in "BCD":
        assert exiled(g.state, g.pid(name))
        assert len(g.events("exiled_by_card", to=name)) == 1
        [effect] = g.state.effects_of("exile", target=g.pid(name))
        assert (effect.start, effect.end) == (5, 7)  # as the Вече's: two nights and the day between
    assert g.hand_size("B") == 5  # no damage without the option


def test_officer_guilty_option_2_damage_to_the_targets():
    g = MafikScenario.day(2).player("A", hand=["officer_guilty", "dummy"]).player("B").player("C").player("D") \
        .player("Z", secret="killer", hand=30)
    council(g.play("A", "officer_guilty", targets=["B", "C", "D"], damage=True)).resolve()
    assert [g.hand_size(n) for n in "BCD"] == [3, 3, 3]


# ---- Весы преступлений (Судья) ----

def test_judge_scales_of_crime_exile_one_release_another_4_damage_to_a_third():
    g = MafikScenario.day(2).player("A", secret="judge", hand=["judge_scales_of_crime", "dummy"]) \
        .player("B").player("C").player("D", hand=6).player("Z", secret="killer", hand=30)
    g.build()
    g.state.add_effect("exile", target=g.pid("C"), start=3, end=5)
    g.play("A", "judge_scales_of_crime", exile_target=g.pid("B"), release_target=g.pid("C"), damage_target=g.pid("D"))
    council(g).resolve()  # phase 5
    assert exiled(g.state, g.pid("B")) and not exiled(g.state, g.pid("C"))
    assert len(g.events("released_from_exile", to="C")) == 1
    assert g.hand_size("D") == 2
    assert g.sleeve("A") == []  # no Sleeves taken without the option


def test_judge_scales_of_crime_option_takes_every_card_of_the_targets_sleeves():
    g = MafikScenario.day(2).player("A", secret="judge", hand=["judge_scales_of_crime", "dummy"]) \
        .player("B", sleeve=["pistol"]).player("C", sleeve=["bunker", "tank"]).player("D", sleeve=["shiv"]) \
        .player("Z", secret="killer", hand=30)
    g.play("A", "judge_scales_of_crime", exile_target=g.pid("B"), release_target=g.pid("C"), damage_target=g.pid("D"), take_sleeves=True)
    council(g).resolve()
    assert sorted(g.sleeve("A")) == ["bunker", "pistol", "shiv", "tank"]
    assert g.sleeve("B") == g.sleeve("C") == g.sleeve("D") == []
    [taken] = g.events("scales_sleeves_taken", to="A")
    assert sorted(taken.params["cards"]) == ["bunker", "pistol", "shiv", "tank"]


def test_judge_scales_of_crime_three_different_targets():
    g = MafikScenario.day(2).player("A", secret="judge", hand=["judge_scales_of_crime", "dummy"]) \
        .player("B").player("C").player("Z", secret="killer", hand=30)
    refused = g.refusal("A", "play", card="judge_scales_of_crime", exile_target=g.pid("B"), release_target=g.pid("C"),
                        damage_target=g.pid("B"))
    assert (refused.code, refused.params.get("reason")) == ("invalid_target", "same_target")
