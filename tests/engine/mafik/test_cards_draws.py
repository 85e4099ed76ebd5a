"""The cards about drawing and gaining cards (issue 14, `draw`): a test per card and per variant, exact numbers.

Players hold Пустышки (dummy) unless a test says otherwise; a card played from the Hand is replaced at the
end of the phase unless something stops it. Damage comes from Боевое искусство (1 damage, 1 armor to its
player), or from `hit` (1 + 1 per card its Обвинение names correctly)."""

from __future__ import annotations

from engine.core.state import PlayRecord
from engine.rulesets.mafik.gains import may_draw
from tests.engine.mafik.conftest import MafikScenario as BaseScenario

ACCUSABLE = ["bunker", "tank", "blessing", "lamp", "doctor"]


class MafikScenario(BaseScenario):  # type: ignore[no-redef]
    """A position that keeps the game running: a spare character Z (mafia when no one else is, with a
    deep hand) takes every day's vote, and a law-abiding Y is added when no one is, so no side wins and
    no one else is punished by the Вече."""

    def build(self) -> MafikScenario:
        if not self._built:
            factions = {p.faction for p in self.state.players}
            self.player("Z", secret="officer" if "mafia" in factions else "boss", hand=60)
            if "law" not in factions:
                self.player("Y", hand=9)
        super().build()
        return self

    def resolve(self) -> MafikScenario:
        self.build()
        if self.state.is_day:
            for player in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(player.pid, [])):
                    self.vote(player.name, "Z")
        super().resolve()
        return self


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def hit(g: MafikScenario, attacker: str, target: str, amount: int) -> MafikScenario:
    named = ACCUSABLE[:amount - 1]
    played_before(g, target, *named)
    return g.play(attacker, "martial_arts", target=target, accuse=named or None)


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def discard_two(g: MafikScenario, name: str) -> None:
    hand = g.p(name).hand
    g.order(name, "night_discard", cards=[hand[-1].uid, hand[-2].uid])


def ability(g: MafikScenario, name: str, card: str, **params: object) -> None:
    g.order(name, "ability", ability=card, **params)


# ---- Кровотечение ----

def _bleeding(accuse: list[str] | None = None) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["bleeding", "dummy"]).player("B", hand=5).player("C", hand=5)
    if accuse:
        played_before(g, "B", *accuse)
    g.play("A", "bleeding", target="B", accuse=accuse).resolve()
    return g


def test_bleeding_no_refills_for_the_next_two_phases_and_the_target_is_told():
    g = _bleeding()
    assert [e.params["n"] for e in g.events("bleeding", to="B")] == [2]
    g.resolve()  # day 2: the first phase
    discard_two(g, "B")
    g.resolve()  # night 3: the second — the two discards are not replaced
    assert g.hand_size("B") == 3
    g.resolve()  # day 3
    discard_two(g, "B")
    g.resolve()  # night 4: over
    assert g.hand_size("B") == 3


def test_bleeding_damage_discards_from_the_hand_when_no_refill_is_coming():
    g = _bleeding()
    g.resolve()
    discard_two(g, "B")
    g.p("A").hand.append(g.state.new_card("martial_arts"))
    g.play("A", "martial_arts", target="B").resolve()
    assert g.hand_size("B") == 2  # 5 − 2 discarded − 1 damage (no refill to cancel)


def test_bleeding_accusation_two_more_phases_per_named_card_and_the_target_is_not_told():
    g = _bleeding(accuse=["bunker"])
    assert g.events("bleeding", to="B") == []
    effect = next(e for e in g.state.effects if e.kind == "no_refills")
    assert (effect.start, effect.end) == (4, 7)  # days 2, 3 and nights 3, 4


# ---- Супергерой ----

def _superhero(upper: bool = False) -> MafikScenario:
    g = MafikScenario.day(1).player("A", hand=["superhero"] + ["dummy"] * 4, sleeve=3, deck=["pistol", "bunker", "tank"])
    if upper:
        in_stance(g, "A", "upper")
    g.play("A", "superhero", pay_sleeve=["dummy"] * 3).resolve()
    return g


def test_superhero_draws_one_card_as_each_night_begins():
    g = _superhero()
    assert g.hand_size("A") == 6  # 5 after the refill (pistol), + bunker as night 2 began
    assert g.hand("A")[-2:] == ["pistol", "bunker"]
    g.resolve()  # night 2 → day 2: no draw by day
    assert g.hand_size("A") == 6
    g.resolve()  # day 2 → night 3: tank
    assert g.hand_size("A") == 7


def test_superhero_upper_stance_draws_as_every_phase_begins():
    g = _superhero(upper=True)
    assert g.hand_size("A") == 6
    g.resolve()
    assert g.hand_size("A") == 7


# ---- Покалечить ----

def test_cripple_law_1_damage_and_armor_equal_to_the_targets_sleeve():
    g = MafikScenario.night(2).player("A", hand=["cripple", "dummy"]).player("B", hand=5, sleeve=3) \
        .player("C", hand=["martial_arts", "dummy"])
    played_before(g, "A", "bunker", "tank")
    g.play("A", "cripple", target="B")
    g.play("C", "martial_arts", target="A", accuse=["bunker", "tank"]).resolve()
    assert g.hand_size("B") == 4
    assert g.hand_size("A") == 2  # 3 damage, 3 armor (B's 3 Sleeve cards): the refill comes


def test_cripple_mafia_armor_counts_the_sleeve_after_the_nights_effects():
    g = MafikScenario.night(2).player("A", secret="boss", hand=["cripple", "dummy"]).player("B", hand=5, sleeve=1) \
        .player("C", hand=["arsenal", "dummy"]).player("D", hand=["martial_arts", "martial_arts", "dummy"])
    played_before(g, "A", "bunker", "tank")
    g.play("C", "arsenal", target="B")  # two Пистолеты into B's Sleeve this night
    g.play("A", "cripple", target="B")
    g.play("D", "martial_arts", target="A", accuse=["bunker", "tank"]).resolve()
    assert len(g.p("B").sleeve) == 3
    assert g.hand_size("A") == 2  # 3 armor


def test_cripple_maniac_accusation_discards_the_whole_sleeve():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=["cripple", "dummy"]) \
        .player("B", hand=5, sleeve=["pistol", "bunker"])
    played_before(g, "B", "tank")
    g.play("A", "cripple", target="B", accuse=["tank"]).resolve()
    assert g.sleeve("B") == []
    assert [e.params["lost"] for e in g.events("cripple_sleeve_lost", to="B")] == [["pistol", "bunker"]]
    assert g.hand_size("B") == 4


def test_cripple_traitor_accusation_miss_keeps_the_sleeve_and_gives_no_armor():
    g = MafikScenario.night(2).player("A", secret="traitor", hand=["cripple", "dummy"]) \
        .player("B", hand=5, sleeve=["pistol"]).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "cripple", target="B", accuse=["tank"])
    g.play("C", "martial_arts", target="A").resolve()
    assert g.sleeve("B") == ["pistol"]
    assert g.hand_size("A") == 1  # 1 damage, no armor: the refill is cancelled


# ---- Вивисекция ----

def _vivisection(lower: bool) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["vivisection", "martial_arts", "dummy"]) \
        .player("B", hand=["bunker", "pistol", "testimony", "dummy", "dummy", "dummy"]) \
        .player("C", hand=["martial_arts", "dummy"])
    if lower:
        in_stance(g, "A", "lower")
    g.play("A", "vivisection", target="B").resolve()
    g.resolve()  # day 2
    g.play("A", "martial_arts", target="B")
    played_before(g, "B", "tank")
    g.play("C", "martial_arts", target="B", accuse=["tank"]).resolve()  # 3 damage in all
    return g


def test_vivisection_tells_the_colours_the_target_discarded_for_damage():
    g = _vivisection(lower=False)
    told = g.events("vivisection_colours", to="A")
    assert [(e.params["target"], e.params["colours"]) for e in told] == [(g.pid("B"), ["defence", "damage", "intel"])]
    assert g.sleeve("A") == []


def test_vivisection_lower_stance_half_of_those_cards_rounded_down_to_the_sleeve():
    g = _vivisection(lower=True)
    assert g.sleeve("A") == ["bunker"]
    assert "bunker" not in [c.card for c in g.p("B").discard]


def test_vivisection_nothing_in_a_phase_the_player_deals_no_damage_to_the_target():
    g = MafikScenario.night(2).player("A", hand=["vivisection", "dummy"]).player("B", hand=5) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "vivisection", target="B").resolve()
    g.resolve()
    g.play("C", "martial_arts", target="B").resolve()
    assert g.events("vivisection_colours") == []


# ---- Большой брат ----

def test_big_brother_copies_of_the_cards_paid_as_costs_in_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["big_brother", "dummy"], sleeve=["lamp", "tank"]) \
        .player("B", hand=["superhero", "dummy"], sleeve=["pistol", "bunker", "shiv"]) \
        .player("C", hand=["size_matters", "dummy"], sleeve=["doctor"])
    g.play("A", "big_brother", pay_sleeve=["lamp", "tank"])
    g.play("C", "size_matters", pay_sleeve=["doctor"]).resolve()
    assert g.sleeve("A") == []  # not this phase (its own payment included)
    g.play("B", "superhero", pay_sleeve=["pistol", "bunker", "shiv"]).resolve()  # day 2
    assert g.sleeve("A") == ["pistol", "bunker", "shiv"]
    assert g.events("big_brother_copies", to="A")[0].params["cards"] == ["pistol", "bunker", "shiv"]


def test_big_brother_ends_after_two_phases():
    g = MafikScenario.night(2).player("A", hand=["big_brother", "dummy"], sleeve=2) \
        .player("B", hand=["size_matters", "size_matters", "size_matters", "dummy"], sleeve=3)
    g.play("A", "big_brother", pay_sleeve=["dummy"] * 2).resolve()
    g.resolve()  # day 2
    g.play("B", "size_matters", pay_sleeve=["dummy"]).resolve()  # night 3: the second phase
    assert len(g.sleeve("A")) == 1
    g.resolve()  # day 3
    g.play("B", "size_matters", pay_sleeve=["dummy"]).resolve()  # night 4: over
    assert len(g.sleeve("A")) == 1


# ---- Безумие ----

def test_madness_two_more_hand_cards_this_phase_not_replaced():
    g = MafikScenario.night(2).player("A", hand=["madness", "martial_arts", "pistol", "dummy", "dummy"]) \
        .player("B", hand=6)
    g.play("A", "madness")
    g.play("A", "martial_arts", target="B")
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 4
    assert g.hand_size("A") == 3  # 5 − 3 played + 1 (Безумие's own replacement)


def test_madness_allows_no_third_extra_card_and_nothing_without_it():
    g = MafikScenario.night(2).player("A", hand=["madness", "martial_arts", "pistol", "blessing", "dummy"]) \
        .player("B", hand=6)
    g.play("A", "martial_arts", target="B")
    assert g.refusal("A", "play", card="pistol", target="B").code == "limit_reached"
    g.play("A", "madness")
    g.play("A", "pistol", target="B")
    assert g.refusal("A", "play", card="blessing").code == "limit_reached"


def test_madness_lower_stance_4_armor():
    g = MafikScenario.night(2).player("A", hand=["madness", "dummy", "dummy"]).player("B", hand=["martial_arts", "dummy"])
    in_stance(g, "A", "lower")
    played_before(g, "A", "bunker", "tank", "blessing")
    g.play("A", "madness")
    g.play("B", "martial_arts", target="A", accuse=["bunker", "tank", "blessing"]).resolve()
    assert g.hand_size("A") == 3  # 4 damage, 4 armor


# ---- Психопат ----

def test_psychopath_sleeve_card_played_as_madness_allows_two_more_hand_cards():
    g = MafikScenario.night(2).player("A", hand=["psychopath", "martial_arts", "pistol", "cripple", "dummy"],
                                      sleeve=["dummy"]).player("B", hand=8)
    g.play("A", "psychopath").resolve()
    g.resolve()  # day 2
    g.order("A", "play", card="dummy", from_sleeve=True, **{"as": "madness"})
    for card in ("martial_arts", "pistol", "cripple"):
        g.play("A", card, target="B")
    g.resolve()
    assert g.hand_size("B") == 5
    assert g.hand_size("A") == 3  # 5 − 3 + 1: the first Hand card is replaced, the two extra ones not


def test_psychopath_without_it_a_sleeve_card_cannot_be_played_as_madness():
    g = MafikScenario.night(2).player("A", hand=5, sleeve=["dummy"])
    assert g.refusal("A", "play", card="dummy", from_sleeve=True, **{"as": "madness"}).code == "not_allowed"


# ---- Кофе ----

def _coffee(upper: bool) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["coffee", "dummy"]) \
        .player("B", hand=["martial_arts", "pistol", "cripple", "bleeding", "dummy", "dummy"]).player("C", hand=10)
    if upper:
        in_stance(g, "A", "upper")
    g.play("A", "coffee", target="B").resolve()
    return g


def test_coffee_one_more_hand_card_next_night_and_the_target_is_told():
    g = _coffee(upper=False)
    assert [e.params["n"] for e in g.events("coffee_extra_play", to="B")] == [1]
    g.resolve()  # day 2
    g.play("B", "martial_arts", target="C")
    g.play("B", "pistol", target="C")
    assert g.refusal("B", "play", card="cripple", target="C").code == "limit_reached"
    g.resolve()
    assert g.hand_size("C") == 8
    g.resolve()  # day 3
    g.play("B", "cripple", target="C")  # night 4: no more
    assert g.refusal("B", "play", card="bleeding", target="C").code == "limit_reached"


def test_coffee_upper_stance_the_next_two_nights():
    g = _coffee(upper=True)
    assert [e.params["n"] for e in g.events("coffee_extra_play", to="B")] == [2]
    g.resolve()  # day 2
    g.play("B", "martial_arts", target="C")
    g.play("B", "pistol", target="C")
    g.resolve()  # night 3
    g.resolve()  # day 3
    g.play("B", "cripple", target="C")
    g.play("B", "bleeding", target="C")
    g.resolve()  # night 4: the second night
    assert g.hand_size("C") == 7  # 1 + 1, then 1 (Кровотечение deals none)


def test_coffee_may_be_played_on_oneself():
    g = MafikScenario.night(2).player("A", hand=["coffee", "dummy"]).player("B", hand=5)
    g.play("A", "coffee", target="A").resolve()
    assert g.events("coffee_extra_play", to="A")


# ---- Размер имеет значение ----

def test_size_matters_one_more_card_into_the_hand():
    g = MafikScenario.night(2).player("A", hand=["size_matters"] + ["dummy"] * 4, sleeve=1)
    g.play("A", "size_matters", pay_sleeve=["dummy"]).resolve()
    assert g.hand_size("A") == 6


def test_size_matters_upper_stance_two_more():
    g = MafikScenario.night(2).player("A", hand=["size_matters"] + ["dummy"] * 4, sleeve=2)
    in_stance(g, "A", "upper")  # Поддержка in the upper stance: Цена +0 (upper colours cost no more)
    g.play("A", "size_matters", pay_sleeve=["dummy"]).resolve()
    assert g.hand_size("A") == 7


# ---- Unlimited blade works ----

def test_unlimited_blade_works_a_shiv_at_the_end_of_each_day_unless_one_is_there():
    g = MafikScenario.night(2).player("A", hand=["unlimited_blade_works", "dummy", "dummy"], sleeve=1)
    g.play("A", "unlimited_blade_works", pay_sleeve=["dummy"]).resolve()
    assert g.sleeve("A") == []  # not at night
    g.resolve()  # day 2
    assert g.sleeve("A") == ["shiv"]
    g.resolve()
    g.resolve()  # day 3: one is there already
    assert g.sleeve("A") == ["shiv"]
    g.play("A", "shiv", from_sleeve=True, target="Z")
    g.resolve()  # night 4 … by day 4 a new one
    g.resolve()
    assert g.sleeve("A") == ["shiv"]


def test_unlimited_blade_works_several_plays_do_not_stack():
    g = MafikScenario.night(2).player("A", hand=["unlimited_blade_works", "dummy", "dummy"], sleeve=2, deck=["unlimited_blade_works"])
    g.play("A", "unlimited_blade_works", pay_sleeve=["dummy"]).resolve()
    g.resolve()
    g.play("A", "unlimited_blade_works", pay_sleeve=["dummy"]).resolve()
    assert sum(1 for e in g.state.effects if e.kind == "card_each_phase") == 1


# ---- Независимый доход ----

def test_independent_income_a_dummy_into_the_targets_sleeve_as_each_night_begins():
    g = MafikScenario.night(2).player("A", hand=["independent_income", "dummy"], sleeve=1).player("B", hand=5)
    g.play("A", "independent_income", target="B", pay_sleeve=["dummy"]).resolve()
    assert g.sleeve("B") == []  # day 2 began
    g.resolve()
    assert g.sleeve("B") == ["dummy"]  # night 3 began
    g.resolve()
    g.resolve()
    assert g.sleeve("B") == ["dummy", "dummy"]


def test_independent_income_may_be_played_on_oneself():
    g = MafikScenario.night(2).player("A", hand=["independent_income", "dummy"], sleeve=1)
    g.play("A", "independent_income", target="A", pay_sleeve=["dummy"]).resolve()
    g.resolve()
    assert g.sleeve("A") == ["dummy"]


def test_boss_all_under_control_stops_a_cards_draw_too():
    g = MafikScenario.day(2).player("A", secret="boss", hand=5, sleeve=["boss_all_under_control"]) \
        .player("B", hand=["size_matters"] + ["dummy"] * 4, sleeve=1)
    g.play("A", "boss_all_under_control", from_sleeve=True)
    g.resolve()
    g.play("B", "size_matters", pay_sleeve=["dummy"]).resolve()  # night 3: nothing drawn, not even the refill
    assert g.hand_size("B") == 4


def _income_twice(upper: bool) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["independent_income", "dummy"], sleeve=1) \
        .player("C", hand=["independent_income", "dummy"], sleeve=1).player("B", hand=5)
    if upper:
        in_stance(g, "C", "upper")
    g.play("A", "independent_income", target="B", pay_sleeve=["dummy"]).resolve()
    g.resolve()
    g.play("C", "independent_income", target="B", pay_sleeve=["dummy"]).resolve()  # night 3
    g.resolve()  # → night 4
    return g


def test_independent_income_several_plays_do_not_stack():
    assert _income_twice(upper=False).sleeve("B") == ["dummy", "dummy"]  # nights 3 and 4, one each


def test_independent_income_upper_stance_they_stack():
    assert _income_twice(upper=True).sleeve("B") == ["dummy", "dummy", "dummy"]


# ---- Гуманитарная помощь ----

def test_humanitarian_aid_two_dummies_to_a_target_with_3_cards():
    g = MafikScenario.night(2).player("A", hand=["humanitarian_aid", "dummy"]).player("B", hand=3)
    g.play("A", "humanitarian_aid", target="B").resolve()
    assert g.sleeve("B") == ["dummy", "dummy"]


def test_humanitarian_aid_nothing_to_a_target_with_4_cards():
    g = MafikScenario.night(2).player("A", hand=["humanitarian_aid", "dummy"]).player("B", hand=4)
    g.play("A", "humanitarian_aid", target="B").resolve()
    assert g.sleeve("B") == []
    assert [e.params["n"] for e in g.events("humanitarian_aid_refused", to="A")] == [4]


def test_humanitarian_aid_cost_1_two_cards_of_choice():
    g = MafikScenario.night(2).player("A", hand=["humanitarian_aid", "dummy"], sleeve=1).player("B", hand=2)
    assert g.refusal("A", "play", card="humanitarian_aid", target="B", cards=["pistol", "bunker"]).code \
        == "cost_unpayable"
    g.play("A", "humanitarian_aid", target="B", cards=["pistol", "bunker"], pay_sleeve=["dummy"]).resolve()
    assert g.sleeve("B") == ["pistol", "bunker"]


# ---- Маэстро ----

def _maestro(lower: bool = False) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["maestro", "martial_arts"] + ["dummy"] * 4, sleeve=4,
                                      deck=["pistol", "bunker", "tank", "lamp", "doctor"]).player("B", hand=6)
    g.play("A", "maestro", pay_sleeve=["dummy"] * 4).resolve()
    g.resolve()  # day 2 → night 3
    if lower:
        in_stance(g, "A", "lower")
    return g


def test_maestro_each_phase_discards_2_hand_cards_with_replacements_besides_a_play():
    g = _maestro()
    hand = [c.uid for c in g.p("A").hand if c.card == "dummy"]
    g.play("A", "martial_arts", target="B")
    ability(g, "A", "maestro", cards=hand[:2])
    g.resolve()
    assert g.hand_size("A") == 6
    assert g.hand("A")[-3:] == ["bunker", "tank", "lamp"]  # pistol replaced the Маэстро itself
    assert g.hand_size("B") == 5


def test_maestro_two_cards_not_three_outside_the_lower_stance():
    g = _maestro()
    hand = [c.uid for c in g.p("A").hand if c.card == "dummy"]
    assert g.refusal("A", "ability", ability="maestro", cards=hand[:3]).code == "bad_param"


def test_maestro_lower_stance_three_cards():
    g = _maestro(lower=True)
    hand = [c.uid for c in g.p("A").hand if c.card == "dummy"]
    ability(g, "A", "maestro", cards=hand[:3])
    g.resolve()
    assert g.hand_size("A") == 6
    assert g.hand("A")[-3:] == ["bunker", "tank", "lamp"]


def test_maestro_a_card_played_cannot_be_discarded_too():
    g = _maestro()
    g.play("A", "martial_arts", target="B")
    uid = g.uid("A", "martial_arts")
    other = g.uid("A", "dummy")
    assert g.refusal("A", "ability", ability="maestro", cards=[uid, other]).code == "card_used_twice"


# ---- Алкоголь ----

def test_alcohol_draws_a_card_now_and_discards_the_top_hand_card_next_night():
    g = MafikScenario.night(2).player("A", hand=["alcohol", "pistol", "dummy", "dummy"], deck=["bunker", "tank", "lamp"])
    g.play("A", "alcohol").resolve()
    assert g.hand("A") == ["pistol", "dummy", "dummy", "bunker", "tank"]  # the draw, then the replacement
    g.resolve()  # day 2: nothing
    assert g.hand_size("A") == 5
    g.resolve()  # night 3: the top card goes
    assert g.hand("A") == ["dummy", "dummy", "bunker", "tank"]
    assert g.events("alcohol_discard", to="A")[0].params["lost"] == ["pistol"]


# ---- Все под контролем (Босс) ----

def _under_control(mafia_draws: bool = False) -> MafikScenario:
    g = MafikScenario.day(2).player("A", secret="boss", hand=["superhero", "dummy"], sleeve=["boss_all_under_control"] + ["dummy"] * 3) \
        .player("B", hand=5).player("C", secret="spy", hand=5)
    g.play("A", "boss_all_under_control", from_sleeve=True, mafia_draws=mafia_draws or None)
    g.play("A", "superhero", pay_sleeve=["dummy"] * 3)
    g.resolve()
    return g


def test_boss_all_under_control_nobody_draws_this_phase_and_the_next():
    g = _under_control()
    assert g.public("all_under_control")
    assert g.hand_size("A") == 1  # Супергерой not replaced, nor drawn as night 3 began
    discard_two(g, "B")
    discard_two(g, "C")
    g.resolve()  # night 3
    assert (g.hand_size("B"), g.hand_size("C")) == (3, 3)
    assert g.hand_size("A") == 1


def test_boss_all_under_control_ends_after_the_next_phase():
    g = _under_control()
    g.resolve()  # night 3 → day 3
    assert may_draw(g.state, g.pid("B"), "refill")
    assert g.hand_size("A") == 1  # night 3 began without a draw; day 3: Супергерой draws only at night
    g.resolve()  # night 4 begins: the draw comes
    assert g.hand_size("A") == 2


def test_boss_all_under_control_option_the_mafia_still_draws():
    g = _under_control(mafia_draws=True)
    assert g.events("all_under_control_mafia")
    discard_two(g, "B")
    discard_two(g, "C")
    g.resolve()
    assert (g.hand_size("B"), g.hand_size("C")) == (3, 5)


# ---- Ад на земле (Киллер) ----

def test_killer_hell_on_earth_everyone_loses_the_first_2_hand_cards():
    g = MafikScenario.day(2).player("A", secret="killer", hand=["pistol", "bunker", "dummy"], sleeve=["killer_hell_on_earth"]) \
        .player("B", hand=["tank", "lamp", "dummy", "dummy"]).player("C", hand=["doctor"])
    g.play("A", "killer_hell_on_earth", from_sleeve=True).resolve()
    assert (g.hand("A"), g.hand("B"), g.hand("C")) == (["dummy"], ["dummy", "dummy"], [])
    assert not g.alive("C")
    assert g.events("hell_on_earth_hand", to="B")[0].params["lost"] == ["tank", "lamp"]


def test_killer_hell_on_earth_option_everyone_loses_the_top_2_sleeve_cards():
    g = MafikScenario.day(2).player("A", secret="killer", hand=3, sleeve=["killer_hell_on_earth", "pistol"]) \
        .player("B", hand=4, sleeve=["tank", "lamp", "doctor"])
    g.play("A", "killer_hell_on_earth", from_sleeve=True, sleeve=True).resolve()
    assert (g.sleeve("A"), g.sleeve("B")) == ([], ["doctor"])
    assert g.hand_size("B") == 4
    assert g.events("hell_on_earth_sleeve", to="A")[0].params["lost"] == ["pistol"]

