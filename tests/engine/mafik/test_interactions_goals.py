"""Interactions of the goals area (issue 15): where Цель, Властный голос, Психолог and Gangstalking meet each
other and the cards already done (docs/rulings/mafik-goals.md). Numbered ig1…"""

from __future__ import annotations

from engine.rulesets.mafik.roles import SECRET_ROLES
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.mafik.test_cards_goals import next_phase, points, told, trackers


def test_ig1_reflection_turns_a_gangstalking_add_back_on_its_player():
    """Отражение: «все целевые карты … перенаправляются на использовавшего их» — the add-points Gangstalking
    refused on oneself at submission still lands on its player when reflected."""
    g = MafikScenario.night(2).player("A", hand=["gangstalking", "dummy"]) \
        .player("R", hand=["reflection", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("K", secret="killer", hand=10).player("V", hand=10)
    g.play("R", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("A", "gangstalking", mode="add_points", target="R").resolve()
    assert points(g, "A") == 2 and points(g, "R") == 0


def test_ig2_goal_counts_berserk_doubled_damage():
    """Берсерк «вы наносите двойной урон картами»: Цель's damage is what reached the armor, doubled."""
    g = MafikScenario.night(2).player("K", secret="killer", hand=["goal", "berserk", "pistol"] + ["dummy"] * 6,
                                      sleeve=["dummy"] * 2, deck=["dummy"] * 20) \
        .player("B", hand=30).player("V", hand=30).player("W", hand=30)
    g.play("K", "goal", goal="deal_6_damage").resolve()
    next_phase(g)  # day 2
    g.p("K").hand.append(g.state.new_card("pistol"))
    g.play("K", "berserk", pay_sleeve=["dummy"] * 2).play("K", "pistol", target="B").resolve()  # 2 × 2 = 4
    assert trackers(g) and g.events("goal_met") == []
    next_phase(g)  # day 3
    g.play("K", "pistol", target="B").resolve()  # night 4: 4 more, within the window (phases 4–7)
    assert told(g, "goal_met", "K") == [{"n": 4}]


def test_ig3_goal_one_colour_counts_a_card_played_as_another_as_that_card():
    """Солдат: a Sleeve Танк played «как» Пистолет is a Пистолет (Урон) for «карты лишь 1 цвета»."""
    g = MafikScenario.night(2).player("K", secret="killer", hand=["goal", "soldier", "pistol", "pistol"] + ["dummy"] * 4,
                                      sleeve=["tank"], deck=["dummy"] * 20) \
        .player("B", hand=30).player("V", hand=30).player("W", hand=30)
    g.play("K", "soldier").resolve()  # night 2: Солдат
    next_phase(g)
    g.play("K", "goal", goal="one_colour_for_2_days").resolve()  # night 3 → window: phases 6–9
    next_phase(g)  # day 3: nothing
    g.play("K", "pistol", target="B").play("K", "tank", target="B", from_sleeve=True, **{"as": "pistol"})
    g.resolve()
    assert trackers(g) and g.events("goal_failed") == []  # a Пистолет and a Танк-as-Пистолет: one colour


def test_ig4_gangstalking_role_through_the_traitors_disguise():
    """The role learned at 6 points is a check: the Предатель shows a law role (his appearance)."""
    g = MafikScenario.night(2)
    for name in "ABC":
        g.player(name, hand=["gangstalking", "dummy"])
    g.player("T", secret="traitor", hand=10).player("K", secret="killer", hand=10).player("V", hand=10)
    for name in "ABC":
        g.play(name, "gangstalking", mode="add_points", target="T")
    g.resolve()
    seen = {e.params["secret_role"] for e in g.events("gangstalking_role")}
    assert len(g.events("gangstalking_role")) == 3
    assert "traitor" not in seen and all(SECRET_ROLES[str(r)].faction == "law" for r in seen)


def test_ig5_psychologists_voice_and_a_goal_of_the_recipient():
    """A recipient of a Властный голос (played through Психолог) holds a Цель «4 карты за сутки»: the cards played
    for the voice count for the goal too, and both rewards come (4 + 1 cards to the Sleeve)."""
    g = MafikScenario.night(2).player("A", hand=["psychologist"] + ["dummy"] * 5, sleeve=["tank"],
                                      deck=["bunker"] * 5) \
        .player("B", hand=["goal", "pistol", "bunker"] + ["dummy"] * 5, sleeve=["dummy", "pistol"],
                deck=["bunker"] * 9) \
        .player("C", hand=["pistol"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("D", hand=["pistol"] + ["dummy"] * 5, deck=["bunker"] * 5) \
        .player("V", hand=30).player("W", hand=30).player("M", secret="killer", hand=30)
    g.play("A", "psychologist").play("B", "goal", goal="play_4_in_a_day").resolve()  # B's window: phases 4–5
    g.play("A", "tank", from_sleeve=True, targets=["B", "C", "D"], message="x", **{"as": "commanding_voice"})
    g.play("B", "bunker").play("B", "dummy", from_sleeve=True)
    next_phase(g)  # night 3: the voice's phase and the goal's last
    for name in "CD":
        g.play(name, "pistol", target="W")
    g.play("B", "pistol", target="W").play("B", "pistol", target="W", from_sleeve=True).resolve()
    assert told(g, "commanding_voice_met", "A") == [{"n": 1}]
    assert told(g, "goal_met", "B") == [{"n": 4}] and told(g, "commanding_voice_met", "B") == [{"n": 1}]
    assert len(g.sleeve("B")) == 5
