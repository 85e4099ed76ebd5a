"""Goals and counters (issue 15): Цель, Властный голос, Психолог, Gangstalking — a test per card and per
variant, with the exact numbers of the texts (docs/rulings/mafik-goals.md).

Players default to law (Офицер); V is a bystander the Вече punishes every day, so that a day's council is
known; a played Hand card is replaced at the end of the phase.
"""

from __future__ import annotations

from typing import Any

from engine.core import api
from engine.core.profile import PanelFact
from engine.core.state import PlayRecord
from tests.engine.mafik.conftest import MafikScenario


def told(g: MafikScenario, kind: str, to: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.params.items() if k != "card"} for e in g.events(kind, to=to)]


def council_on(g: MafikScenario, name: str = "V") -> MafikScenario:
    for player in g.state.living():
        g.vote(player.name, name)
    return g


def next_phase(g: MafikScenario) -> MafikScenario:
    """Resolve the phase (by day, the Вече punishes V)."""
    g.build()
    if g.state.is_day:
        council_on(g)
    return g.resolve()


def trackers(g: MafikScenario) -> list[Any]:
    return [e for e in g.state.effects if e.kind == "tracker"]


def free_hand(g: MafikScenario, name: str) -> None:
    g.build()
    for card in g.p(name).hand:
        card.free = True


# ---------------------------------------------------------------- Цель

ACCUSED = ["bunker", "tank"]  # cards B has played before: Боевое искусство's Обвинение deals 3


def goal_game(goal: str, *, hand: list[str], sleeve: list[str] | None = None, secret: str = "officer") -> MafikScenario:
    """K plays Цель (`goal`) on night 2 (phase 3); the window begins with day 2 (phase 4)."""
    g = MafikScenario.night(2).player("K", secret=secret, hand=["goal", *hand], sleeve=sleeve or [],
                                      deck=["dummy"] * 20) \
        .player("B", hand=30).player("V", hand=30).player("W", hand=30).player("M", secret="killer", hand=30)
    g.build()
    g.state.history += [PlayRecord(phase=0, actor=g.pid("B"), card=c) for c in ACCUSED]
    g.play("K", "goal", goal=goal).resolve()
    return g


def play_n(g: MafikScenario, name: str, card: str, n: int, **params: Any) -> None:
    """`name` plays `n` copies of `card` from the Hand."""
    uids = [c.uid for c in g.p(name).hand if c.card == card][:n]
    assert len(uids) == n
    for uid in uids:
        api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(dict(params)))


def test_goal_sets_the_window_from_the_next_phase():
    g = goal_game("deal_6_damage", hand=["dummy"] * 5)
    [effect] = trackers(g)
    assert (effect.start, effect.end) == (4, 7)  # «за 2 суток»: the next 4 phases
    assert told(g, "goal_set_deal_6_damage", "K") == [{"until": 7}]
    g2 = goal_game("play_4_in_a_day", hand=["dummy"] * 5)
    assert [(e.start, e.end) for e in trackers(g2)] == [(4, 5)]  # «за сутки»: the next 2
    g3 = goal_game("play_4_in_a_phase", hand=["dummy"] * 5)
    assert [(e.start, e.end) for e in trackers(g3)] == [(4, 4)]  # «за 1 фазу»: the next one


def test_goal_deal_6_damage_adds_up_over_the_window_4_cards_to_the_sleeve():
    g = goal_game("deal_6_damage", hand=["martial_arts", "pistol"] + ["dummy"] * 4, sleeve=["pistol"], secret="killer")
    next_phase(g)  # day 2: nothing
    g.play("K", "martial_arts", target="B", accuse=ACCUSED)  # 3 on night 3
    next_phase(g)
    next_phase(g)  # day 3: nothing
    assert trackers(g) and g.sleeve("K") == ["pistol"]
    g.play("K", "pistol", target="B").play("K", "pistol", target="B", from_sleeve=True).resolve()  # 2 + 2 (Мафия)
    assert trackers(g) == []
    assert g.sleeve("K") == ["dummy"] * 4
    assert told(g, "goal_met", "K") == [{"n": 4}]
    assert g.events("goal_failed") == []


def test_goal_deal_6_damage_met_early_damage_armor_absorbed_counts():
    g = goal_game("deal_6_damage", hand=["martial_arts"] + ["dummy"] * 4, sleeve=["martial_arts"])
    next_phase(g)
    g.state.add_effect("armor_each_phase", target=g.pid("B"), amount=10)  # B blocks everything
    g.play("K", "martial_arts", target="B", accuse=ACCUSED)
    g.play("K", "martial_arts", target="B", accuse=ACCUSED, from_sleeve=True)
    next_phase(g)  # night 3 (phase 5): 3 + 3, the window runs to phase 7
    assert g.hand_size("B") == 30 and told(g, "goal_met", "K") == [{"n": 4}]
    assert trackers(g) == []


def test_goal_deal_6_damage_failed_loses_the_sleeve_and_3_damage_through_armor():
    g = goal_game("deal_6_damage", hand=["tank", "martial_arts"] + ["dummy"] * 8, sleeve=["dummy", "dummy"])
    next_phase(g)
    g.play("K", "martial_arts", target="B", accuse=ACCUSED)  # 3 of 6
    next_phase(g)
    next_phase(g)
    assert trackers(g) and g.sleeve("K") == ["dummy", "dummy"]
    g.play("K", "tank").resolve()  # phase 7, the window's last: the Танк's 5 armor does not block the 3
    assert trackers(g) == []
    assert g.sleeve("K") == []
    assert [c.card for c in g.p("K").discard].count("dummy") >= 2
    assert told(g, "goal_failed", "K") == [{"n": 2, "damage": 3}]
    # 11 cards; the Танк played: its replacement cancelled and 2 cards discarded for the 3 damage
    assert g.hand_size("K") == 11 - 1 - 2
    assert g.events("goal_met") == []


def test_goal_block_6_counts_armor_given_met_at_once():
    g = goal_game("block_6", hand=["bunker"] + ["dummy"] * 5, sleeve=["bunker"])
    g.play("K", "bunker").play("K", "bunker", from_sleeve=True)  # 3 + 3 on day 2
    next_phase(g)
    assert trackers(g) == []
    assert told(g, "goal_met", "K") == [{"n": 4}] and len(g.sleeve("K")) == 4


def test_goal_block_6_armor_on_others_and_lasting_shares_count():
    g = goal_game("block_6", hand=["under_protection"] + ["dummy"] * 5, sleeve=["take_cover_and_roll"])
    next_phase(g)
    g.play("K", "under_protection", target="B")  # 3 on B
    g.play("K", "take_cover_and_roll", from_sleeve=True)  # 1 now, 1 on day 3, 1 on night 4
    next_phase(g)
    next_phase(g)
    assert trackers(g) and g.events("goal_met") == []  # 5 so far
    next_phase(g)
    assert told(g, "goal_met", "K") == [{"n": 4}]


def test_goal_block_6_not_reached_fails():
    g = goal_game("block_6", hand=["bunker"] + ["dummy"] * 9)
    g.play("K", "bunker")
    for _ in range(4):
        next_phase(g)
    assert told(g, "goal_failed", "K") == [{"n": 0, "damage": 3}]


def test_goal_play_4_in_a_day_met_on_the_second_phase():
    g = goal_game("play_4_in_a_day", hand=["tank"] + ["dummy"] * 6, sleeve=["tank", "dummy"])
    g.play("K", "dummy").play("K", "dummy", from_sleeve=True)
    next_phase(g)
    assert trackers(g)
    g.play("K", "tank").play("K", "tank", from_sleeve=True)
    next_phase(g)
    assert told(g, "goal_met", "K") == [{"n": 4}]


def test_goal_play_4_in_a_day_3_plays_fail():
    g = goal_game("play_4_in_a_day", hand=["tank"] + ["dummy"] * 6, sleeve=["tank", "dummy"])
    g.play("K", "dummy").play("K", "dummy", from_sleeve=True)
    next_phase(g)
    g.play("K", "tank")
    next_phase(g)
    assert told(g, "goal_failed", "K") == [{"n": 1, "damage": 3}]
    assert trackers(g) == []


def test_goal_one_colour_for_2_days_met_when_the_window_ends():
    g = goal_game("one_colour_for_2_days", hand=["bunker", "bunker", "tank", "tank"] + ["dummy"] * 3)
    for phase, card in ((4, "bunker"), (5, "tank"), (6, "bunker")):
        g.play("K", card)
        next_phase(g)
        assert trackers(g), phase
    assert g.events("goal_met") == []
    g.play("K", "tank")
    next_phase(g)  # phase 7: only Защита for 2 days
    assert told(g, "goal_met", "K") == [{"n": 4}]


def test_goal_one_colour_second_colour_fails_at_once():
    g = goal_game("one_colour_for_2_days", hand=["tank"] + ["dummy"] * 9, sleeve=["martial_arts"])
    g2 = goal_game("one_colour_for_2_days", hand=["tank", "shiv"] + ["dummy"] * 9)
    next_phase(g)
    next_phase(g2)
    g.play("K", "tank").play("K", "martial_arts", target="B", from_sleeve=True)  # Защита and Защита: one
    g2.play("K", "tank").play("K", "shiv", target="B")  # Защита and Урон: two
    next_phase(g)
    next_phase(g2)
    assert trackers(g) and g.events("goal_failed") == []
    assert trackers(g2) == []
    assert told(g2, "goal_failed", "K") == [{"n": 0, "damage": 3}]


def test_goal_one_colour_neutral_cards_are_no_colour_and_none_played_fails():
    g = goal_game("one_colour_for_2_days", hand=["dummy"] * 9)
    g.play("K", "dummy")  # a Пустышка is of no colour: it neither breaks nor meets the goal
    for _ in range(4):
        next_phase(g)
    assert told(g, "goal_failed", "K") == [{"n": 0, "damage": 3}]


def test_goal_play_4_in_a_phase_with_free_cards():
    g = goal_game("play_4_in_a_phase", hand=["dummy"] * 8)
    free_hand(g, "K")
    play_n(g, "K", "dummy", 4)
    next_phase(g)
    assert told(g, "goal_met", "K") == [{"n": 4}]


def test_goal_play_4_in_a_phase_3_fail_and_the_goals_own_phase_does_not_count():
    g = MafikScenario.night(2).player("K", hand=["goal"] + ["dummy"] * 4 + ["tank"] * 4, deck=["dummy"] * 20) \
        .player("B", hand=30).player("V", hand=30).player("M", secret="killer", hand=30)
    free_hand(g, "K")
    g.play("K", "goal", goal="play_4_in_a_phase")
    play_n(g, "K", "tank", 4)
    g.resolve()  # 5 plays in the Цель's own phase: not the window
    assert trackers(g) and g.events("goal_met") == []
    free_hand(g, "K")
    play_n(g, "K", "dummy", 3)
    next_phase(g)
    assert told(g, "goal_failed", "K") == [{"n": 0, "damage": 3}]


def test_goal_ends_with_its_player():
    g = goal_game("deal_6_damage", hand=["dummy"] * 5, sleeve=["dummy"])
    g.p("K").alive = False
    g.state.effects = [e for e in g.state.effects if e.target != g.pid("K")]  # as phase.kill does
    for _ in range(4):
        next_phase(g)
    assert g.events("goal_failed") == [] and g.sleeve("K") == ["dummy"]


# ---------------------------------------------------------------- Властный голос

def voice_game() -> MafikScenario:
    g = MafikScenario.day(2).player("A", hand=["commanding_voice"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("B", hand=["pistol", "tank"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("C", hand=["pistol", "tank"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("D", hand=["pistol", "tank"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("V", hand=30).player("W", hand=30).player("M", secret="killer", hand=30)
    g.play("A", "commanding_voice", targets=["B", "C", "D"], message="Играйте красное")
    next_phase(g)
    return g


def test_commanding_voice_sends_an_anonymous_message_to_each_target():
    g = voice_game()
    for name in "BCD":
        assert told(g, "card_message", name) == [{"text": "Играйте красное", "sender": None,
                                                  "via": "commanding_voice"}]


def test_commanding_voice_all_play_one_colour_card_to_hand_and_sleeve_for_all():
    g = voice_game()
    for name in "BCD":
        g.play(name, "pistol", target="W")
    g.resolve()
    for name in "ABCD":
        assert g.sleeve(name) == ["bunker"], name
        assert told(g, "commanding_voice_met", name) == [{"n": 1}]
    assert g.hand_size("A") == 7  # 6 + 1
    assert g.hand_size("B") == 8  # the pistol replaced, + 1
    assert g.events("commanding_voice_failed") == []


def test_commanding_voice_one_same_colour_for_all():
    g = voice_game()
    g.play("B", "pistol", target="W").play("C", "tank").play("D", "pistol", target="W").resolve()
    assert g.sleeve("A") == [] and g.sleeve("B") == []
    assert told(g, "commanding_voice_failed", "A") == [{"n": 0, "damage": 0}]


def test_commanding_voice_a_recipient_playing_nothing_fails():
    g = voice_game()
    g.play("B", "pistol", target="W").play("C", "pistol", target="W").resolve()
    assert g.sleeve("A") == [] and g.events("commanding_voice_met") == []


def test_commanding_voice_common_colour_among_several_plays():
    g = voice_game()
    g.p("B").sleeve.append(g.state.new_card("pistol"))
    g.play("B", "tank").play("B", "pistol", target="W", from_sleeve=True)
    g.play("C", "pistol", target="W").play("D", "pistol", target="W").resolve()
    assert told(g, "commanding_voice_met", "A") == [{"n": 1}]


def test_commanding_voice_only_the_next_phase():
    g = voice_game()
    next_phase(g)
    for name in "BCD":
        g.p(name).hand.append(g.state.new_card("bunker"))
        g.play(name, "bunker")
    next_phase(g)
    assert g.events("commanding_voice_met") == []


def test_commanding_voice_is_a_day_card_for_3_to_5_living_others():
    g = MafikScenario.day(2).player("A", hand=["commanding_voice", "dummy"]).player("B").player("C") \
        .player("D").player("E").player("F").player("G", secret="killer")
    assert g.refusal("A", "play", card="commanding_voice", targets=["B", "C"], message="x").code == "bad_param"
    assert g.refusal("A", "play", card="commanding_voice", targets=list("BCDEFG"), message="x").code == "bad_param"
    assert g.refusal("A", "play", card="commanding_voice", targets=["A", "B", "C"], message="x").code \
        == "invalid_target"
    g.play("A", "commanding_voice", targets=list("BCDEF"), message="x")


# ---------------------------------------------------------------- Психолог

def test_psychologist_sleeve_cards_played_as_commanding_voice():
    g = MafikScenario.night(2).player("A", hand=["psychologist"] + ["dummy"] * 5, sleeve=["tank"],
                                      deck=["bunker"] * 5) \
        .player("B", hand=["pistol"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("C", hand=["pistol"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("D", hand=["pistol"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("V", hand=30).player("W", hand=30).player("M", secret="killer", hand=30)
    assert g.refusal("A", "play", card="tank", from_sleeve=True, targets=["B", "C", "D"], message="x",
                     **{"as": "commanding_voice"}).code == "not_allowed"
    g.play("A", "psychologist").resolve()
    assert api.panel_facts(g.state, g.pid("A"))  # the panel lists what Sleeve cards may be played as
    g.play("A", "tank", from_sleeve=True, targets=["B", "C", "D"], message="x", **{"as": "commanding_voice"})
    next_phase(g)
    assert told(g, "card_message", "B")[0]["via"] == "commanding_voice"
    for name in "BCD":
        g.play(name, "pistol", target="W")
    g.resolve()
    assert told(g, "commanding_voice_met", "A") == [{"n": 1}]


# ---------------------------------------------------------------- Gangstalking

def stalk_game(**roles: str) -> MafikScenario:
    g = MafikScenario.night(2)
    for name in "ABCT":
        g.player(name, secret=roles.get(name, "officer"), hand=["gangstalking"] * 2 + ["dummy"] * 4)
    return g.player("K", secret="killer").player("V", hand=30)


def points(g: MafikScenario, name: str) -> int:
    return int(g.p(name).flags.get("gangstalking_points", 0))


def test_gangstalking_2_points_and_no_role_below_6():
    g = stalk_game()
    g.play("A", "gangstalking", mode="add_points", target="K").play("B", "gangstalking", mode="add_points", target="K")
    g.resolve()
    assert points(g, "K") == 4
    assert g.events("gangstalking_role") == []


def test_gangstalking_at_6_those_who_played_it_on_the_target_this_night_learn_its_role():
    g = stalk_game()
    g.play("A", "gangstalking", mode="add_points", target="K").play("B", "gangstalking", mode="add_points", target="K")
    g.resolve()
    next_phase(g)  # day 3: nothing
    g.play("C", "gangstalking", mode="add_points", target="K").resolve()
    assert points(g, "K") == 6
    assert told(g, "gangstalking_role", "C") == [{"target": g.pid("K"), "n": 6, "secret_role": "killer"}]
    assert g.events("gangstalking_role", to="A") == [] and g.events("gangstalking_role", to="B") == []
    assert [c.card for c in g.state.checks] == ["gangstalking"]  # a check of the role


def test_gangstalking_three_on_one_night_all_learn():
    g = stalk_game()
    for name in "ABC":
        g.play(name, "gangstalking", mode="add_points", target="K")
    g.resolve()
    assert points(g, "K") == 6
    assert {e.who for e in g.events("gangstalking_role")} == {g.pid(n) for n in "ABC"}


def test_gangstalking_clear_removes_points_and_blocks_this_nights_whatever_the_order():
    g = stalk_game()
    g.build()
    g.p("K").flags["gangstalking_points"] = 4
    g.play("C", "gangstalking", mode="clear_points", target="K")  # C sits after A: resolves later
    g.play("A", "gangstalking", mode="add_points", target="K").resolve()
    assert points(g, "K") == 0 and g.events("gangstalking_role") == []
    g2 = stalk_game()
    g2.build()
    g2.p("K").flags["gangstalking_points"] = 4
    g2.play("A", "gangstalking", mode="clear_points", target="K")
    g2.play("C", "gangstalking", mode="add_points", target="K").resolve()
    assert points(g2, "K") == 0


def test_gangstalking_clear_on_oneself_allowed_adding_to_oneself_refused():
    g = stalk_game()
    g.build()
    g.p("A").flags["gangstalking_points"] = 2
    assert g.refusal("A", "play", card="gangstalking", mode="add_points", target="A").code == "invalid_target"
    g.play("A", "gangstalking", mode="clear_points", target="A").resolve()
    assert points(g, "A") == 0


def test_gangstalking_spread_two_copies_into_three_decks_self_included():
    g = stalk_game()
    before = {n: len(g.p(n).deck) for n in "ABC"}
    in_hand = g.hand("A").count("gangstalking") - 1
    assert g.refusal("A", "play", card="gangstalking", mode="spread", targets=["A", "B"]).code == "bad_param"
    assert g.refusal("A", "play", card="gangstalking", mode="spread", target="B").code == "bad_param"
    g.play("A", "gangstalking", mode="spread", targets=["A", "B", "C"]).resolve()
    for name in "BC":
        assert [c.card for c in g.p(name).deck].count("gangstalking") == 2, name
    mine = [c.card for c in g.p("A").deck + g.p("A").hand]
    assert mine.count("gangstalking") == in_hand + 2  # the refill may have drawn one of them
    assert len(g.p("B").deck) == before["B"] + 2  # B played nothing: no refill drawn
    assert told(g, "gangstalking_spread", "A") == [{"pids": [g.pid(n) for n in "ABC"]}]


def test_gangstalking_spy_and_traitor_see_everyones_points():
    g = stalk_game(A="spy", B="traitor")
    g.play("C", "gangstalking", mode="add_points", target="K").play("T", "gangstalking", mode="add_points", target="V")
    g.resolve()
    line = PanelFact("panel_goals.gangstalking", {"pid": g.pid("K"), "n": 2})
    for name in "AB":
        facts = api.panel_facts(g.state, g.pid(name))
        assert line in facts and PanelFact("panel_goals.gangstalking", {"pid": g.pid("V"), "n": 2}) in facts
    assert not [f for f in api.panel_facts(g.state, g.pid("C")) if f.key == "panel_goals.gangstalking"]
    assert ("gangstalking_points", {"n": 2}) in g.ruleset.counters(g.state, g.pid("K"))
