"""Cards as objects, one copy at a time (issue 14, inst): a test per card and per variant, with exact
numbers. Players hold Пустышки (dummy) unless a test says otherwise; decks are 10 Пустышки.
Rulings: docs/rulings/mafik-copies.md.
"""

from __future__ import annotations

from typing import Any

from engine.core import api
from engine.core.durations import UNTIL_END
from engine.core.refusal import Refusal
from engine.core.state import PlayRecord
from engine.rulesets.mafik.cards.common import transform
from engine.rulesets.mafik.costs import card_cost, stance
from engine.rulesets.mafik.registry import CATALOG
from tests.engine.mafik.conftest import MafikScenario


def submit(g: MafikScenario, name: str, card: str, params: dict[str, Any] | None = None, *,
           pay_sleeve: list[str] | None = None, from_sleeve: bool = False, pay_points: int = 0) -> None:
    """Play `card` (its own params may include one named "card", which Scenario.play cannot pass)."""
    g.build()
    pid = g.pid(name)
    uid = g.uid(name, card, zone="sleeve" if from_sleeve else "hand")
    paid: list[int] = []
    for c in pay_sleeve or []:
        paid.append(g.uid(name, c, skip={uid, *paid}, zone="sleeve"))
    api.submit(g.state, pid, "play", card=uid, params=g._params(params or {}),
               payment={"points": pay_points, "cards": paid})


def refused(g: MafikScenario, name: str, card: str, params: dict[str, Any] | None = None, **kw: Any) -> Refusal:
    before = g.build().state.model_dump_json()
    try:
        submit(g, name, card, params, **kw)
    except Refusal as refusal:
        assert g.state.model_dump_json() == before
        return refusal
    raise AssertionError(f"{card} by {name} was accepted")


def armor(g: MafikScenario, name: str, phase: int) -> int:
    return sum(r.amount for r in g.state.armor_log if r.pid == g.pid(name) and r.phase == phase)


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), during=UNTIL_END, stance=which)


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def votes_for(g: MafikScenario, victim: str) -> MafikScenario:
    """By day everyone votes for `victim` (else each votes for oneself and a tie punishes someone)."""
    for player in g.build().state.living():
        g.vote(player.name, victim)
    return g


def may_play_as(g: MafikScenario, name: str, card: str) -> None:
    g.build()
    g.state.add_effect("play_as", target=g.pid(name), during=UNTIL_END, card=card)


# ---------------------------------------------------------------- Защита покупателя

def test_buyer_protection_3_armor_per_card_paid_from_the_next_phase():
    g = MafikScenario.night(1).player("A", hand=["buyer_protection", "debt", "dummy"], sleeve=4).player("B") \
        .player("M", secret="killer").player("X")
    submit(g, "A", "buyer_protection", pay_sleeve=["dummy", "dummy"])
    g.resolve()
    assert armor(g, "A", 1) == 0  # its own payment came before it resolved
    submit(g, "A", "debt", {"mode": "cost_1_nothing"}, pay_sleeve=["dummy"])
    votes_for(g, "X").resolve()
    assert armor(g, "A", 2) == 3


def test_buyer_protection_blood_is_no_card():
    g = MafikScenario.night(1).player("A", secret="maniac", hand=["buyer_protection", "sabotage", "dummy"],
                                      sleeve=2, points=2).player("B").player("K", secret="killer").player("X")
    submit(g, "A", "buyer_protection", pay_sleeve=["dummy", "dummy"])
    votes_for(g.resolve(), "X").resolve()  # night 1, day 1
    submit(g, "A", "sabotage", {"target": g.pid("B")}, pay_points=2)
    g.resolve()
    assert armor(g, "A", 3) == 0


# ---------------------------------------------------------------- Саботаж

def test_sabotage_three_random_hand_cards_become_dummies():
    g = MafikScenario.night(2).player("A", hand=["sabotage", "dummy"], sleeve=1).player("B", hand=["pistol"] * 5)
    submit(g, "A", "sabotage", {"target": g.pid("B")}, pay_sleeve=["dummy"])
    g.resolve()
    assert sorted(g.hand("B")) == ["dummy"] * 3 + ["pistol"] * 2
    assert g.events("sabotaged", to="B")[-1].params["n"] == 3


def test_sabotage_never_changes_a_debt():
    g = MafikScenario.night(2).player("A", hand=["sabotage", "dummy"], sleeve=1) \
        .player("B", hand=["debt", "pistol", "pistol"])
    submit(g, "A", "sabotage", {"target": g.pid("B")}, pay_sleeve=["dummy"])
    g.resolve()
    assert g.hand("B") == ["dummy", "dummy", "debt"]


def test_sabotage_accusation_all_hand_cards():
    g = MafikScenario.night(2).player("A", hand=["sabotage", "dummy"], sleeve=1).player("B", hand=["bunker"] * 5)
    played_before(g, "B", "bunker")
    submit(g, "A", "sabotage", {"target": g.pid("B"), "accuse": ["bunker"]}, pay_sleeve=["dummy"])
    g.resolve()
    assert g.hand("B") == ["dummy"] * 5


def test_sabotage_upper_stance_for_2_phases_by_choice():
    g = MafikScenario.night(2).player("A", hand=["sabotage", "dummy"], sleeve=1).player("B").player("M", secret="killer")
    submit(g, "A", "sabotage", {"target": g.pid("B"), "upper_stance": True}, pay_sleeve=["dummy"])
    g.resolve()
    assert stance(g.state, g.pid("A")) == "upper"
    g.resolve()
    assert stance(g.state, g.pid("A")) == "normal"


# ---------------------------------------------------------------- Даркнет

def test_darknet_every_living_character_gets_an_rsvp_that_cannot_pay_nor_be_played_as():
    g = MafikScenario.night(2).player("A", hand=["darknet", "sabotage", "dummy"]).player("B") \
        .player("C", secret="killer").player("X")
    g.play("A", "darknet").resolve()
    assert [g.sleeve(n) for n in "ABCX"] == [["rsvp"]] * 4
    assert g.p("B").sleeve[0].tags == ("no_pay", "no_as")
    assert g.public("darknet")
    votes_for(g, "X").resolve()  # the day
    refusal = refused(g, "A", "sabotage", {"target": g.pid("B")}, pay_sleeve=["rsvp"])
    assert (refusal.code, refusal.params["reason"]) == ("bad_payment_card", "no_pay")
    may_play_as(g, "B", "pistol")
    refusal = refused(g, "B", "rsvp", {"as": "pistol", "target": g.pid("C")}, from_sleeve=True)
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", "no_as")


def test_darknet_no_rsvp_in_exile():
    g = MafikScenario.night(2).player("A", hand=["darknet", "dummy"]).player("B")
    g.build().state.add_effect("exile", target=g.pid("B"), during=UNTIL_END)
    g.play("A", "darknet").resolve()
    assert g.sleeve("B") == [] and g.sleeve("A") == ["rsvp"]


# ---------------------------------------------------------------- Долг

def test_debt_cost_0_every_card_with_a_cost_costs_1_more_to_the_end():
    g = MafikScenario.day(1).player("A", hand=["debt", "debt", "dummy"]).player("B").player("M", secret="killer") \
        .player("X").player("Y")
    g.play("A", "debt", mode="cost_0_penalty")
    votes_for(g, "X").resolve()
    pid = g.pid("A")
    assert card_cost(g.state, pid, CATALOG["sabotage"]) == 2
    assert card_cost(g.state, pid, CATALOG["epiphany"]) == 4
    assert card_cost(g.state, pid, CATALOG["pistol"]) == 0  # no Цена
    assert card_cost(g.state, g.pid("B"), CATALOG["sabotage"]) == 1
    g.resolve()
    g.play("A", "debt", mode="cost_0_penalty")
    votes_for(g, "Y").resolve()
    assert card_cost(g.state, pid, CATALOG["sabotage"]) == 3  # each such Долг adds 1


def test_debt_cost_1_does_nothing_and_costs_1():
    g = MafikScenario.day(1).player("A", hand=["debt", "dummy"], sleeve=1).player("B").player("X")
    votes_for(g, "X")
    refusal = g.refusal("A", "play", card="debt", mode="cost_1_nothing")
    assert refusal.code == "cost_unpayable"
    g.play("A", "debt", mode="cost_1_nothing", pay_sleeve=["dummy"]).resolve()
    assert card_cost(g.state, g.pid("A"), CATALOG["sabotage"]) == 1
    assert not g.state.effects_of("debt_penalty")


def test_debt_cannot_be_discarded_from_the_hand():
    g = MafikScenario.night(2).player("A", role="cultist", hand=["debt", "dummy", "card_throw", "mulligan", "sabotage"]) \
        .player("B")
    debt = g.uid("A", "debt")
    refusal = g.refusal("A", "night_discard", cards=[debt, g.uid("A", "dummy")])
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", "undiscardable")
    refusal = g.refusal("A", "play", card="card_throw", target="B", cards=[debt])
    assert refusal.params["reason"] == "undiscardable"
    refusal = g.refusal("A", "play", card="mulligan", cards=[debt])
    assert refusal.params["reason"] == "undiscardable"
    refusal = g.refusal("A", "play", card="sabotage", target="B", pay_cards=["debt"])  # the Культист's payment
    assert (refusal.code, refusal.params["reason"]) == ("bad_payment_card", "undiscardable")


def test_debt_cannot_be_played_as_another_card_nor_transformed():
    g = MafikScenario.night(2).player("A", hand=2, sleeve=["debt"]).player("B")
    may_play_as(g, "A", "pistol")
    refusal = refused(g, "A", "debt", {"as": "pistol", "target": g.pid("B")}, from_sleeve=True)
    assert refusal.params["reason"] == "no_as"
    debt = g.p("A").sleeve[0]
    assert not transform(g.state, debt, "dummy") and debt.card == "debt"


def test_debt_always_at_the_bottom_of_the_hand():
    g = MafikScenario.night(2).player("A", hand=["debt", "bunker", "pistol"]).player("B")
    pid = g.pid("A")
    hand = g.p("A").hand
    api.reorder_hand(g.state, pid, [hand[0].uid, hand[2].uid, hand[1].uid])
    assert g.hand("A") == ["pistol", "bunker", "debt"]


def test_debt_is_discarded_last_for_damage():
    g = MafikScenario.night(2).player("A", hand=["debt", "bunker", "pistol"]) \
        .player("B", hand=["martial_arts", "dummy"])
    g.play("B", "martial_arts", target="A").resolve()
    assert g.hand("A") == ["pistol", "debt"]


# ---------------------------------------------------------------- Зарплата

def test_salary_two_dummies_to_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["salary", "dummy"]).player("B")
    g.play("A", "salary").resolve()
    assert g.sleeve("A") == ["dummy", "dummy"]


def test_salary_upper_stance_three():
    g = MafikScenario.night(2).player("A", hand=["salary", "dummy"]).player("B")
    in_stance(g, "A", "upper")
    g.play("A", "salary").resolve()
    assert g.sleeve("A") == ["dummy"] * 3


def test_salary_mafia_right_guess_the_other_mafia_get_a_dummy_each():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["salary", "dummy"]).player("K", secret="killer") \
        .player("S", secret="spy").player("B", secret="sheriff")
    g.play("A", "salary", target="B", role="sheriff").resolve()
    assert (g.sleeve("A"), g.sleeve("K"), g.sleeve("S"), g.sleeve("B")) == (["dummy"] * 2, ["dummy"], ["dummy"], [])
    assert g.events("salary_bonus")[0].params["secret_role"] == "sheriff"


def test_salary_mafia_wrong_guess_nothing_more():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["salary", "dummy"]).player("K", secret="killer") \
        .player("B", secret="sheriff")
    g.play("A", "salary", target="B", role="judge").resolve()
    assert (g.sleeve("A"), g.sleeve("K")) == (["dummy"] * 2, [])


def test_salary_mafia_guess_not_a_mafia_role_and_not_without_a_target():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["salary", "dummy"]).player("B")
    assert g.refusal("A", "play", card="salary", target="B", role="killer").params["reason"] == "role"
    assert g.refusal("A", "play", card="salary", role="sheriff").params["reason"] == "missing"


# ---------------------------------------------------------------- Озарение, MacGyver, Полимат

def test_epiphany_4_cards_of_choice_to_the_sleeve_for_cost_3():
    g = MafikScenario.night(2).player("A", hand=["epiphany", "dummy"], sleeve=3).player("B")
    cards = ["pistol", "bunker", "sabotage", "lamp"]
    submit(g, "A", "epiphany", {"cards": cards}, pay_sleeve=["dummy"] * 3)
    g.resolve()
    assert g.sleeve("A") == cards


def test_epiphany_no_role_unique_card():
    g = MafikScenario.night(2).player("A", hand=["epiphany", "dummy"], sleeve=3).player("B")
    refusal = refused(g, "A", "epiphany", {"cards": ["pistol", "bunker", "sabotage", "spy_undercover"]},
                      pay_sleeve=["dummy"] * 3)
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", "outside_collection")


def test_macgyver_any_card_to_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["macgyver", "dummy"]).player("B")
    submit(g, "A", "macgyver", {"card": "sniper_rifle"})
    g.resolve()
    assert g.sleeve("A") == ["sniper_rifle"]


def test_polymath_sleeve_cards_played_as_macgyver():
    g = MafikScenario.night(2).player("A", hand=["polymath", "dummy"], sleeve=["pistol"]).player("B") \
        .player("M", secret="killer").player("X")
    votes_for(g.play("A", "polymath").resolve(), "X").resolve()
    submit(g, "A", "pistol", {"as": "macgyver", "card": "bunker"}, from_sleeve=True)
    g.resolve()
    assert g.sleeve("A") == ["bunker"]


# ---------------------------------------------------------------- Апофеоз

def test_apotheosis_every_card_costs_1_less_and_does_not_stack():
    g = MafikScenario.night(2).player("A", hand=["apotheosis", "apotheosis", "dummy"], sleeve=10).player("B") \
        .player("M", secret="killer").player("X")
    submit(g, "A", "apotheosis", pay_sleeve=["dummy"] * 5)
    g.resolve()
    pid = g.pid("A")
    assert card_cost(g.state, pid, CATALOG["epiphany"]) == 2
    assert card_cost(g.state, pid, CATALOG["sabotage"]) == 0
    votes_for(g, "X").resolve()
    submit(g, "A", "apotheosis", pay_sleeve=["dummy"] * 4)
    g.resolve()
    assert card_cost(g.state, pid, CATALOG["epiphany"]) == 2


# ---------------------------------------------------------------- Мародёрство

LOOT = ["pistol", "bunker", "sabotage", "lamp", "poison", "tank", "blessing", "doctor", "reflection", "oracle"]


def test_looting_10_minus_the_dead_cards_one_random_to_the_sleeve_and_2_armor():
    g = MafikScenario.night(2).player("A", hand=["looting", "dummy"]).player("B").player("C").player("D")
    g.build()
    for name in "CD":
        g.p(name).alive = False
    assert refused(g, "A", "looting", {"cards": LOOT}).params["reason"] == "count"
    submit(g, "A", "looting", {"cards": LOOT[:8]})
    g.resolve()
    assert len(g.sleeve("A")) == 1 and g.sleeve("A")[0] in LOOT[:8]
    assert g.events("looting_card", to="A")[0].params["chosen"] == g.sleeve("A")[0]
    assert armor(g, "A", 3) == 2


def test_looting_never_fewer_than_1_card():
    g = MafikScenario.night(2).player("A", hand=["looting", "dummy"]).player("B")
    for i in range(11):
        g.player(f"D{i}")
    g.build()
    for i in range(11):
        g.p(f"D{i}").alive = False
    assert api.param_span(g.state, g.pid("A"), CATALOG["looting"], CATALOG["looting"].params[0])[1] == 1
    submit(g, "A", "looting", {"cards": ["tank"]})
    g.resolve()
    assert g.sleeve("A") == ["tank"]


# ---------------------------------------------------------------- Скрытое ношение, Дубликат

def test_concealed_carry_a_copy_of_a_hand_card_to_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["concealed_carry", "sniper_rifle"]).player("B")
    submit(g, "A", "concealed_carry", {"card": [g.uid("A", "sniper_rifle")]})
    g.resolve()
    assert g.sleeve("A") == ["sniper_rifle"] and "sniper_rifle" in g.hand("A")


def test_duplicate_a_copy_into_the_hand_made_public_without_whose():
    g = MafikScenario.night(2).player("A", hand=["duplicate", "sniper_rifle"]).player("B")
    submit(g, "A", "duplicate", {"card": [g.uid("A", "sniper_rifle")]})
    g.resolve()
    assert g.hand("A").count("sniper_rifle") == 2
    event = g.public("duplicated")[0]
    assert event.params == {"chosen": "sniper_rifle"}


# ---------------------------------------------------------------- Эксгумация

def test_exhumation_copies_of_the_corpse_sleeve_not_twice_on_one_corpse():
    g = MafikScenario.night(2).player("A", hand=["exhumation", "exhumation", "dummy"]) \
        .player("B").player("C", sleeve=["pistol", "bunker"]).player("M", secret="killer").player("X")
    g.build()
    g.p("C").alive = False
    g.play("A", "exhumation", target="C").resolve()
    assert g.sleeve("A") == ["pistol", "bunker"] and g.sleeve("C") == ["pistol", "bunker"]
    assert g.events("exhumed", to="A")[0].params["cards"] == ["pistol", "bunker"]
    votes_for(g, "X").resolve()
    refusal = g.refusal("A", "play", card="exhumation", target="C")
    assert refusal.params["reason"] == "card_twice_on_target"


# ---------------------------------------------------------------- Подготовка

def test_preparation_draws_a_card_to_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["preparation", "dummy"], deck=["tank"] + ["dummy"] * 5).player("B")
    g.play("A", "preparation").resolve()
    assert g.sleeve("A") == ["tank"]
    assert armor(g, "A", 3) == 0


def test_preparation_lower_stance_2_armor():
    g = MafikScenario.night(2).player("A", hand=["preparation", "dummy"]).player("B")
    in_stance(g, "A", "lower")
    g.play("A", "preparation").resolve()
    assert armor(g, "A", 3) == 2


def test_preparation_right_guess_free_beside_another_hand_card():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["preparation", "salary", "dummy"],
                                      deck=["tank"] + ["dummy"] * 5).player("B", secret="sheriff")
    g.play("A", "preparation", target="B", role="sheriff").play("A", "salary").resolve()
    assert sorted(g.sleeve("A")) == ["dummy", "dummy", "tank"]


def test_preparation_wrong_guess_over_the_limit_does_nothing():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=["preparation", "salary", "dummy"],
                                      deck=["tank"] + ["dummy"] * 5).player("B", secret="sheriff")
    g.play("A", "preparation", target="B", role="judge").play("A", "salary").resolve()
    assert g.sleeve("A") == ["dummy", "dummy"]
    assert g.events("preparation_void", to="A")


def test_preparation_wrong_guess_alone_still_draws():
    g = MafikScenario.night(2).player("A", secret="traitor", hand=["preparation", "dummy"],
                                      deck=["tank"] + ["dummy"] * 5).player("B", secret="sheriff")
    g.play("A", "preparation", target="B", role="judge").resolve()
    assert g.sleeve("A") == ["tank"]


def test_preparation_law_cannot_guess():
    g = MafikScenario.night(2).player("A", hand=["preparation", "dummy"]).player("B")
    assert g.refusal("A", "play", card="preparation", target="B", role="judge").code == "mafia_only"


# ---------------------------------------------------------------- Анализ слабостей

def test_weakness_analysis_discard_up_to_3_and_draw_replacements():
    g = MafikScenario.night(2).player("A", hand=["weakness_analysis", "pistol", "pistol", "bunker"], sleeve=1,
                                      deck=["tank"] * 6).player("B")
    chosen = [c.uid for c in g.p("A").hand if c.card == "pistol"]
    submit(g, "A", "weakness_analysis", {"cards": chosen}, pay_sleeve=["dummy"])
    g.resolve()
    assert sorted(g.hand("A")) == ["bunker", "tank", "tank", "tank"]


def test_weakness_analysis_not_a_debt():
    g = MafikScenario.night(2).player("A", hand=["weakness_analysis", "debt", "pistol"], sleeve=1).player("B")
    refusal = refused(g, "A", "weakness_analysis", {"cards": [g.uid("A", "debt")]}, pay_sleeve=["dummy"])
    assert refusal.params["reason"] == "undiscardable"


def test_weakness_analysis_lower_stance_cost_0_and_debts_allowed():
    g = MafikScenario.night(2).player("A", hand=["weakness_analysis", "debt", "pistol"],
                                      deck=["tank"] * 6).player("B")
    in_stance(g, "A", "lower")
    assert card_cost(g.state, g.pid("A"), CATALOG["weakness_analysis"]) == 0
    submit(g, "A", "weakness_analysis", {"cards": [g.uid("A", "debt")]})
    g.resolve()
    assert sorted(g.hand("A")) == ["pistol", "tank", "tank"]


# ---------------------------------------------------------------- Улучшение

def test_upgrade_the_copy_becomes_peaceful_and_everyone_learns_it():
    g = MafikScenario.night(2).player("A", hand=["upgrade", "pistol"], sleeve=1).player("B")
    submit(g, "A", "upgrade", {"card": [g.uid("A", "pistol")]}, pay_sleeve=["dummy"])
    g.resolve()
    card = next(c for c in g.p("A").hand if c.card == "pistol")
    assert card.tags == ("peaceful",)
    assert g.public("upgraded")[0].params["pid"] == g.pid("A")
    assert g.public("upgraded")[0].params["chosen"] == "pistol"


def test_upgrade_lower_stance_nobody_learns():
    g = MafikScenario.night(2).player("A", hand=["upgrade", "pistol"], sleeve=1).player("B")
    in_stance(g, "A", "lower")
    submit(g, "A", "upgrade", {"card": [g.uid("A", "pistol")]}, pay_sleeve=["dummy"])
    g.resolve()
    assert not g.public("upgraded")
    assert "peaceful" in next(c for c in g.p("A").hand if c.card == "pistol").tags


def test_upgrade_an_accusation_does_not_count_the_peaceful_copy():
    g = MafikScenario.night(2).player("A", hand=["upgrade", "bunker", "bunker"], sleeve=1).player("B", hand=10) \
        .player("C", secret="killer", hand=["sabotage", "sabotage", "dummy"], sleeve=2, deck=["dummy"] * 10) \
        .player("X").player("Y")
    submit(g, "A", "upgrade", {"card": [g.uid("A", "bunker")]}, pay_sleeve=["dummy"])
    votes_for(g.resolve(), "X").resolve()
    peaceful = next(c for c in g.p("A").hand if "peaceful" in c.tags)
    api.submit(g.state, g.pid("A"), "play", card=peaceful.uid, params={})
    votes_for(g.resolve(), "Y").resolve()
    assert g.state.history[-1].peaceful and g.state.history[-1].card == "bunker"
    submit(g, "C", "sabotage", {"target": g.pid("A"), "accuse": ["bunker"]}, pay_sleeve=["dummy"])
    g.resolve()
    assert g.hand("A").count("dummy") == 3  # 3 random, not all: the Обвинение missed
