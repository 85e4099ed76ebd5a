"""Мафик's resolution order, case by case — a numbered interaction suite in the spirit of the
Diplomacy DATC: each case states one interaction (name and docstring) and asserts exact outcomes.

The order the cases rely on (engine/rulesets/mafik/steps.py, order.py): orders are committed (costs
paid, cards leave the Hand, refills owed; the play history is written) → lasting effects tick → the
targets each play was aimed at are kept as chosen (Шипы, Повестка read them) → Стероиды take effect
and void the Защита cards of their player → targeting reactions (Отражение, Зеркальное Измерение,
Лампа) → card effects, by priority then seat: the cards that change this phase's checks — Подмена,
Зеркало, Темнота, Укрытие and the disguises — act first (priority 10), then the checks, each read
through `check_target` (Подмена before Зеркало) and `appearance` (randomisers below disguises; the
Оракул only through the Предатель, Толпа and Безликий) and recorded → triggers (Шипы) → the Вече
(by day) → the armor of the phase recorded (Расписание охраны reads it here, before any of it
absorbs) → damage folded through replacements (Стероиды +1 at 13 → Берсерк ×2 at 20 → Паранойя 45 →
Миротворческая операция / Двойник 55 → Горец's cap 59 → armor 60, which also records the damage
"dealt" for the Маньяк's blood) → the damage recorded (Орлиный взор, Что меня не убивает read it) →
the Долг put at the bottom of the Hand → discards (damage first cancels the refills owed, then
discards in hand order) and draws → deaths (0 cards, unless a rule says otherwise) → reactions to
the phase's checks (Подмена / Зеркало / Темнота reports, Пути отступления, Мимикрия: by the
character a check was aimed at) → end of phase, win check.

Players are law (Офицер) with the public role "(Другой)" and hold Пустышки unless a case says
otherwise. "Z" is a mafia Босс with a big hand whom everyone without a vote votes for by day (with
no punishment vote the Вече executes), so the game goes on quietly.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.checks import inspect
from engine.core.state import PlayRecord
from engine.rulesets.mafik.roles import LAW_ROLES
from tests.engine.mafik.conftest import MafikScenario as BaseScenario


class Scenario(BaseScenario):
    """Adds the mafia Босс "Z" (40 cards), who collects every vote not given by the case."""

    def build(self) -> Scenario:
        if not self._built and "Z" not in self.names:
            self.player("Z", secret="boss", hand=40)
        super().build()
        return self

    def resolve(self) -> Scenario:
        self.build()
        if self.state.is_day:
            for p in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(p.pid, [])):
                    self.order(p.name, "vote", target="Z")
        super().resolve()
        return self


def night(n: int = 1) -> Scenario:
    return Scenario(2 * n - 1)


def day(n: int = 1) -> Scenario:
    return Scenario(2 * n)


def stance(g: Scenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def played_before(g: Scenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def everyone_votes(g: Scenario, target: str, punishment: str) -> None:
    g.build()
    for p in g.state.living():
        g.vote(p.name, target, punishment)


# ================================================================ armor and the Вече


def test_i01_armor_of_the_day_absorbs_the_execution_armor_of_the_night_before_does_not():
    """Казнь deals 6 ordinary damage at the end of the day: armor gained that day absorbs it (a
    Бункер played by day: 3), armor of the night before has expired (armor does not carry over)."""
    g = night().player("B", hand=["bunker", "bunker"] + ["dummy"] * 8, deck=10)
    g.play("B", "bunker").resolve()  # night 1: 3 armor, no damage, the Бункер is replaced
    assert g.hand_size("B") == 10
    g.play("B", "bunker")
    everyone_votes(g, "B", "execution")
    g.resolve()  # day 1: 6 − 3 = 3: the Бункер's replacement and 2 cards
    [verdict] = g.public("council_verdict")
    assert verdict.params["punished"] == g.pid("B") and verdict.params["punishment"] == "execution"
    assert g.hand_size("B") == 7
    [taken] = g.events("damage_taken", to="B")
    assert taken.params == {"amount": 3, "refills_cancelled": 1, "discarded": ["dummy", "dummy"]}

    g2 = day().player("B", role="lawyer", hand=10)  # Адвокат: 2 armor every day
    everyone_votes(g2, "B", "execution")
    g2.resolve()
    assert g2.hand_size("B") == 6


# ================================================================ damage, refills, death


def test_i02_poison_ticks_only_at_night_and_kills_at_zero_cards():
    """Яд: 1 damage the night it is played and every night after; nothing by day. The night the
    target's hand reaches 0 it dies, and the poison (an effect on it) ends with it."""
    g = night().player("A", hand=["poison", "dummy"]).player("B", hand=2)
    g.play("A", "poison", target="B").resolve()
    assert g.hand_size("B") == 1
    g.resolve()  # day 1: no poison
    assert g.hand_size("B") == 1 and g.alive("B")
    g.resolve()  # night 2
    assert not g.alive("B")
    [death] = g.public("death")
    assert death.params == {"pid": g.pid("B"), "cause": "cards"}
    assert not g.state.effects_of("damage_each_phase", target=g.pid("B"))


def test_i03_playing_the_last_card_while_poisoned_kills_first_aid_on_an_empty_hand_draws_nothing():
    """A card played from the Hand is replaced only at the end of the phase, after damage: 1 poison
    damage cancels the replacement of one's last card and the hand ends at 0 — death. Первая помощь
    (draws resolve before damage) cannot help: "effects that draw do not work on a target with 0
    cards" — the hand was empty when it resolved. With one card left in hand it does save him."""
    g = night(2).player("B", hand=["dummy"], deck=5).player("D", hand=["first_aid", "dummy"], deck=5)
    g.build()
    g.state.add_effect("damage_each_phase", target=g.pid("B"), amount=1, nights_only=True, card="poison",
                       colour="damage")
    g.play("B", "dummy").play("D", "first_aid", target="B").resolve()
    assert not g.alive("B")

    g2 = night(2).player("B", hand=["dummy", "dummy"], deck=5).player("D", hand=["first_aid", "dummy"], deck=5)
    g2.build()
    g2.state.add_effect("damage_each_phase", target=g2.pid("B"), amount=2, nights_only=True, card="poison",
                        colour="damage")
    g2.play("B", "dummy").play("D", "first_aid", target="B").resolve()
    # 1 card as the effects begin → First aid draws 1 (2 cards); 2 damage: the refill, then 1 card
    assert g2.alive("B") and g2.hand_size("B") == 1


def test_i04_damage_cancels_every_refill_owed_before_discarding():
    """Damage first cancels the replacements owed — for the played card and for the cards Метание
    карты discards "as if played" — and only then discards from the Hand in hand order."""
    g = night().player("A", hand=["card_throw", "shiv", "kick", "seek", "breach"], deck=["mulligan"] * 5)
    g.player("B", hand=5).player("K", secret="killer", hand=["pistol", "dummy"])
    g.build()
    g.play("A", "card_throw", target="B", cards=[g.uid("A", "shiv"), g.uid("A", "kick")])
    g.play("K", "pistol", target="A").resolve()  # 2 damage (mafia)
    assert g.hand("A") == ["seek", "breach", "mulligan"]  # 3 refills owed, 2 cancelled
    [taken] = g.events("damage_taken", to="A")
    assert taken.params == {"amount": 2, "refills_cancelled": 2, "discarded": []}
    assert g.hand_size("B") == 3


def test_i05_night_discard_of_two_then_damage():
    """The night discard owes two replacements; 3 damage cancels both and discards one more card
    (the first in hand order). The discard excludes playing any non-free card that night."""
    g = night().player("A", hand=["seek", "breach", "meditation", "mulligan"], deck=["plan_b"] * 3)
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("C", hand=["pistol", "dummy"])
    g.build()
    g.order("A", "night_discard", cards=[g.uid("A", "seek"), g.uid("A", "breach")])
    assert g.refusal("A", "play", card="meditation").code == "not_allowed"
    g.play("K", "pistol", target="A").play("C", "pistol", target="A").resolve()
    assert g.hand("A") == ["mulligan"]
    [taken] = g.events("damage_taken", to="A")
    assert taken.params == {"amount": 3, "refills_cancelled": 2, "discarded": ["meditation"]}


# ================================================================ stances and costs


def test_i06_upper_stance_lower_colour_costs_one_more_paid_from_the_sleeve():
    """Верхняя стойка: a Защита card (a lower colour) costs 1 more — paid only from the Sleeve — and a
    second Hand card is allowed because the other one (Пистолет, Урон) is of the stance's colours.
    The Sleeve payment is not replaced; both Hand cards are."""
    g = night().player("A", hand=["pistol", "bunker", "dummy"], sleeve=["dummy", "seek"], deck=["breach"] * 3)
    g.player("B", hand=5)
    stance(g, "A", "upper")
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "bunker")) == 1
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "pistol")) == 0
    g.play("A", "pistol", target="B")
    assert g.refusal("A", "play", card="bunker").code == "cost_unpayable"
    refusal = g.refusal("A", "play", card="bunker", pay_cards=["dummy"])
    assert refusal.code == "bad_payment_card" and refusal.params["reason"] == "not_in_sleeve"
    g.play("A", "bunker", pay_sleeve=["dummy"])
    g.resolve()
    assert g.hand_size("B") == 4
    assert g.hand("A") == ["dummy", "breach", "breach"] and g.sleeve("A") == ["seek"]


def test_i07_lower_stance_two_hand_cards_need_one_of_its_colours_and_upper_colours_cost_more():
    """Нижняя стойка: Пистолет (an upper colour) costs 1 (from the Sleeve); Пистолет + Бункер (a
    lower colour) are two Hand cards allowed; Пистолет + Удар ногой (both upper) are not."""
    g = night().player("A", hand=["pistol", "kick", "bunker", "dummy"], sleeve=["dummy", "seek"])
    g.player("B", hand=5)
    stance(g, "A", "lower")
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "pistol")) == 1
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "bunker")) == 0
    g.play("A", "pistol", target="B", pay_sleeve=["dummy"])
    refusal = g.refusal("A", "play", card="kick", target="B", pay_sleeve=["seek"])
    assert refusal.code == "limit_reached"
    g.play("A", "bunker").resolve()
    assert g.hand_size("B") == 4 and g.sleeve("A") == ["seek"]


# ================================================================ Обвинение


def test_i08_accusation_counts_cards_played_earlier_and_in_this_same_phase():
    """Обвинение asks whether the target has played the named cards "ever during the game". The play
    history is written when orders are committed, before any effect, so a card the target plays in
    this same phase already counts (effects are simultaneous at the end of the phase); a card it
    played in an earlier phase counts too. One named card never played: no extra effect at all."""
    g = night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=["shiv", "dummy"] + ["dummy"] * 6)
    g.player("C", hand=5)
    played_before(g, "B", "kick")
    g.play("B", "shiv", target="C")  # this phase
    g.play("A", "pistol", target="B", accuse=["kick", "shiv"]).resolve()
    assert g.hand_size("B") == 8 - 1 - 4  # 1 + 2 × 2 = 5: the Заточка's refill and 4 cards
    g2 = night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=8)
    played_before(g2, "B", "kick")
    g2.play("A", "pistol", target="B", accuse=["kick", "shiv"]).resolve()
    assert g2.hand_size("B") == 7  # shiv was never played: 1


def test_i09_accusation_never_works_against_the_traitor():
    """"Против предателя не работает обвинение": the Предатель played the named card, still only the
    base damage (Мафия's Пистолет: 2)."""
    g = night(2).player("K", secret="killer", hand=["pistol", "dummy"]).player("T", secret="traitor", hand=8)
    played_before(g, "T", "kick")
    g.play("K", "pistol", target="T", accuse=["kick"]).resolve()
    assert g.hand_size("T") == 6
    g2 = night(2).player("K", secret="killer", hand=["pistol", "dummy"]).player("T", hand=8)
    played_before(g2, "T", "kick")
    g2.play("K", "pistol", target="T", accuse=["kick"]).resolve()
    assert g2.hand_size("T") == 4  # a law target: 2 + 2


# ================================================================ targeting: Отражение, В молоко


def test_i10_reflection_turns_damage_cards_back_including_one_hit_of_a_multi_target_card():
    """Отражение (cost 2, Sleeve): a Пистолет aimed at the holder hits its player instead; of a
    Резня бензопилой's hits only those aimed at the holder come back."""
    g = night(2).player("R", hand=["reflection", "dummy"], sleeve=["dummy", "dummy"], deck=5)
    g.player("K", secret="killer", hand=["pistol"] + ["dummy"] * 5)
    g.player("A", hand=["chainsaw_massacre"] + ["dummy"] * 7, sleeve=["dummy"] * 2).player("C", hand=6)
    g.play("R", "reflection", pay_sleeve=["dummy", "dummy"])
    g.play("K", "pistol", target="R")
    g.play("A", "chainsaw_massacre", x=2, targets=["R", "C"], pay_sleeve=["dummy"] * 2).resolve()
    assert g.hand_size("R") == 2  # untouched (its Отражение replaced)
    assert g.hand_size("K") == 6 - 2  # its own 2: the refill and 1 card
    assert g.hand_size("A") == 8 - 2  # its own hit of 2
    assert g.hand_size("C") == 4


def test_i11_reflection_against_sawn_off_under_the_table():
    """Обрез под столом watches the plays as they resolve, after Отражение. (a) The Обрез's holder has
    Отражение: the Пистолет aimed at him goes back to its player, so no card is "played on him" —
    the Обрез does not fire, the shooter takes only his own Пистолет. (b) The Обрез is aimed at an
    Отражение's holder: it turns back on its player, where it watches for cards he plays on
    himself — a card never counts as played on him by itself, so it does nothing; the Пистолет
    the Отражение's holder plays on him hits as usual."""
    g = night(2).player("A", hand=["sawn_off_under_the_table", "dummy"], sleeve=["reflection", "dummy", "dummy"])
    g.player("B", hand=["pistol"] + ["dummy"] * 7)
    g.play("A", "sawn_off_under_the_table", target="B")
    g.play("A", "reflection", from_sleeve=True, pay_sleeve=["dummy", "dummy"])
    g.play("B", "pistol", target="A").resolve()
    assert g.hand_size("A") == 2
    assert g.hand_size("B") == 7  # 1 (its own Пистолет), not 4 more

    g2 = night(2).player("A", hand=["sawn_off_under_the_table", "dummy", "dummy", "dummy"])
    g2.player("B", hand=["pistol", "dummy"], sleeve=["reflection", "dummy", "dummy"])
    g2.play("A", "sawn_off_under_the_table", target="B")
    g2.play("B", "reflection", from_sleeve=True, pay_sleeve=["dummy", "dummy"])
    g2.play("B", "pistol", target="A").resolve()
    assert g2.hand_size("A") == 3  # only the Пистолет's 1 (its Обрез's refill)
    assert g2.hand_size("B") == 2


def test_i12_wide_of_the_mark_forbids_targeting_the_player_the_next_night_only():
    """В молоко (night 1, A on B): B learns it; during night 1 and day 1 B may still target A; on
    night 2 no card of B (nor an ability, nor the Маньяк's blood damage) may target A — refused at
    submission; other targets are fine; night 3 it is over. A may not use it on B twice in a row."""
    g = night().player("A", hand=["wide_of_the_mark"] + ["dummy"] * 8 + ["wide_of_the_mark"])
    g.player("B", secret="maniac", hand=["pistol", "pistol", "pistol", "broad_daylight"] + ["dummy"] * 6, points=6)
    g.player("C", hand=10)
    g.play("A", "wide_of_the_mark", target="B")
    g.play("B", "pistol", target="A").resolve()  # night 1: still allowed
    assert g.hand_size("A") == 9
    [told] = g.events("wide_of_the_mark", to="B")
    assert told.params["actor"] == g.pid("A") and told.params["phase"] == 3
    g.play("B", "broad_daylight", target="A").resolve()  # day 1: allowed
    assert g.hand_size("A") == 8
    refusal = g.refusal("B", "play", card="pistol", target="A")
    assert refusal.code == "invalid_target" and refusal.params["reason"] == "immune"
    assert g.refusal("B", "blood", use="damage1", target="A").code == "invalid_target"
    assert g.refusal("A", "play", card="wide_of_the_mark", target="B").params["reason"] == "twice_in_a_row"
    g.play("B", "pistol", target="C").resolve()  # night 2
    assert g.hand_size("C") == 9
    g.resolve()  # day 2
    g.play("B", "pistol", target="A").resolve()  # night 3: allowed again
    assert g.hand_size("A") == 7


# ================================================================ damage replacements


def test_i13_berserk_doubles_before_armor_and_voids_its_own_armor_but_not_fixed_damage():
    """Берсерк (free, cost 2): its holder's card damage ×2 (the target's armor then absorbs as usual),
    card damage to the holder ×2, and the holder has no armor (Стиснуть зубы is void); the Маньяк's
    blood damage is not a card and "cannot be increased": not doubled."""
    g = night(2).player("A", hand=["berserk", "pistol", "grit_your_teeth"] + ["dummy"] * 5,
                        sleeve=["dummy", "dummy"])
    g.player("B", hand=["grit_your_teeth"] + ["dummy"] * 7).player("C", hand=["pistol", "dummy"])
    g.player("N", secret="maniac", hand=5, points=2)
    g.play("A", "berserk", pay_sleeve=["dummy", "dummy"]).play("A", "pistol", target="B")
    g.play("A", "grit_your_teeth")
    g.play("B", "grit_your_teeth")
    g.play("C", "pistol", target="A")
    g.order("N", "blood", use="damage1", target="A")
    g.resolve()
    assert g.hand_size("B") == 8 - 1  # 1 × 2 − 1 armor = 1: the Стиснуть зубы' refill
    # A: 8 − 3 played = 5; 2 (C's Пистолет × 2) + 1 (blood) = 3 cancel all 3 refills, no armor
    assert g.hand_size("A") == 5


def test_i14_highlander_caps_card_damage_from_several_attackers_at_6_before_armor():
    """Горец: at most 6 damage a night from other characters' cards, however many attack him
    (4 Мафия Пистолеты = 8 → 6); the Маньяк's blood damage is no card and comes on top; his armor
    (Бункер, 3) then absorbs from what is left."""
    g = night(2).player("H", role="highlander", hand=["bunker"] + ["dummy"] * 9)
    for i, secret in enumerate(("killer", "spy", "advisor")):
        g.player(f"M{i}", secret=secret, hand=["pistol", "dummy"])
    g.player("Z", secret="boss", hand=["pistol"] + ["dummy"] * 39)
    g.player("N", secret="maniac", hand=5, points=3)
    g.play("H", "bunker")
    for name in ("M0", "M1", "M2", "Z"):
        g.play(name, "pistol", target="H")
    g.order("N", "blood", use="damage2", target="H")
    g.resolve()
    # 6 + 2 − 3 = 5: the Бункер's refill and 4 cards of the 9 left
    assert g.hand_size("H") == 5
    [taken] = g.events("damage_taken", to="H")
    assert taken.params["amount"] == 5


def test_i15_highlander_cap_comes_after_berserk_doubling_and_spares_his_own_cards():
    """Горец under Берсерк: 2 Мафия Пистолеты doubled (2 × 4 = 8) are capped at 6; the damage of his own
    Уличная драка is not "from other characters' cards" and comes on top — and a berserker's own card
    hitting himself is doubled twice (dealt by a berserker, taken by a berserker): 1 → 4."""
    g = night(2).player("H", role="highlander", hand=["berserk", "street_fight"] + ["dummy"] * 18,
                        sleeve=["dummy", "dummy"])
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("S", secret="spy", hand=["pistol", "dummy"])
    g.player("C", hand=20)
    g.play("H", "berserk", pay_sleeve=["dummy", "dummy"]).play("H", "street_fight", target="C", amount=1)
    g.play("K", "pistol", target="H").play("S", "pistol", target="H").resolve()
    # 18 after the two free plays; 6 + 4 = 10: both refills and 8 cards
    assert g.hand_size("H") == 18 - 8
    assert g.hand_size("C") == 20 - 2


@pytest.mark.parametrize(("extra", "lower", "left"), [
    (0, False, 10 - 1 - 7),  # exactly 8: not more than 8, all of it (the refill and 7 cards)
    (1, False, 10),  # 9 > 8: none of it
    (0, True, 10),  # lower stance: 8 > 6: none of it
])
def test_i16_body_double_prevents_all_damage_only_above_its_threshold(extra, lower, left):
    """Двойник (cost 1): "this night all damage, if more than 8 (lower stance: 6), deals no damage" —
    the total counts every source, armor does not reduce it, and at the threshold nothing is
    prevented."""
    g = night(2).player("B", hand=["body_double"] + ["dummy"] * 9, sleeve=["dummy"], deck=5)
    g.player("A", hand=["chainsaw_massacre", "dummy"], sleeve=["dummy"] * 4)
    g.player("C", hand=["pistol", "dummy"])
    if lower:
        stance(g, "B", "lower")
    g.play("B", "body_double", pay_sleeve=["dummy"])
    g.play("A", "chainsaw_massacre", x=4, targets=["B"] * 4, pay_sleeve=["dummy"] * 4)
    if extra:
        g.play("C", "pistol", target="B")
    g.resolve()
    assert g.hand_size("B") == left


def test_i17_berserk_doubling_counts_toward_body_double():
    """Берсерк doubles before Двойник sums up: 5 card damage to a berserker is 10 > 8 — prevented;
    4 is 8 — taken in full (no armor for a berserker)."""
    for hits, left in ((5, 12), (4, 12 - 2 - 6)):
        g = night(2).player("B", hand=["berserk", "body_double"] + ["dummy"] * 10, sleeve=["dummy", "dummy", "seek"], deck=5)
        g.player("A", hand=["chainsaw_massacre", "dummy"], sleeve=["dummy"] * 2)
        g.player("C", hand=["shiv", "dummy"])
        g.play("B", "berserk", pay_sleeve=["dummy", "dummy"]).play("B", "body_double", pay_sleeve=["seek"])
        g.play("A", "chainsaw_massacre", x=2, targets=["B", "B"], pay_sleeve=["dummy"] * 2)  # 4
        if hits == 5:
            g.play("C", "shiv", target="B")
        g.resolve()
        assert g.hand_size("B") == left, hits


def test_i18_peacekeeping_turns_a_damage_card_into_armor_that_absorbs_other_damage():
    """Миротворческая операция (from the next phase): a Мафия Пистолет with armor_instead gives its
    target 2 armor instead of 2 damage, which absorbs another player's Пистолет the same night.
    Only at night; no Обвинение with it outside the upper stance."""
    g = night().player("K", secret="killer", hand=["peacekeeping_operation", "pistol", "dummy"],
                       sleeve=["dummy"])
    g.player("B", hand=6).player("C", hand=["pistol", "pistol", "dummy"])
    played_before(g, "B", "kick")
    g.play("K", "peacekeeping_operation", pay_sleeve=["dummy"]).resolve()
    assert g.refusal("K", "play", card="pistol", target="B", armor_instead=True).code == "wrong_phase"
    g.resolve()  # day 1
    refusal = g.refusal("K", "play", card="pistol", target="B", armor_instead=True, accuse=["kick"])
    assert refusal.params["reason"] == "armor_instead"
    g.play("K", "pistol", target="B", armor_instead=True).play("C", "pistol", target="B").resolve()
    assert g.hand_size("B") == 6


# ================================================================ the Вече's punishments


def test_i19_torture_reveals_the_role_and_the_hand_plays_of_the_next_four_phases():
    """Пытки: the secret role is announced; for the next 4 phases everyone learns the cards the target
    plays from the Hand — not from the Sleeve — and no longer after that."""
    g = day().player("B", secret="judge", hand=["pistol"] * 3 + ["dummy"] * 12,
                     sleeve=["dummy"] * 5, deck=["pistol"] * 10).player("C", hand=20)
    everyone_votes(g, "B", "torture")
    g.resolve()
    [reveal] = g.public("torture_reveal")
    assert reveal.params == {"pid": g.pid("B"), "secret_role": "judge"}
    for phase in range(3, 8):  # night 2 … night 4
        if g.state.is_night:
            g.play("B", "pistol", target="C")
        else:
            g.play("B", "dummy")
        g.play("B", "dummy", from_sleeve=True)
        g.resolve()
        assert g.state.phase == phase + 1
    shown = [(e.phase, e.params["card"]) for e in g.public("torture_play")]
    assert shown == [(3, "pistol"), (4, "dummy"), (5, "pistol"), (6, "dummy")]


def test_i20_torture_of_the_traitor_shows_a_random_law_role():
    """Пытки learn the exact role: the Предатель shows a random law role."""
    g = day().player("T", secret="traitor", hand=20)
    everyone_votes(g, "T", "torture")
    g.resolve()
    [reveal] = g.public("torture_reveal")
    assert reveal.params["secret_role"] in LAW_ROLES


def test_i21_exile_blocks_sleeve_plays_payments_and_gains_for_two_nights():
    """Изгнание (chosen on day 1): from night 2 to the end of night 3 the target may not play from the
    Sleeve (not even "as" a Пистолет after Солдат), pay a cost from it, or receive cards into it
    (a Заказ's Пистолет is lost) — the day between the two nights included ("на то же время"); from
    day 3 on the Sleeve works again."""
    g = night().player("B", hand=["soldier", "bunker", "body_double"] + ["dummy"] * 17,
                       sleeve=["dummy", "dummy"], deck=20)
    g.player("A", hand=["contract"] + ["dummy"] * 9).player("C", hand=20)
    g.play("B", "soldier").resolve()
    everyone_votes(g, "B", "exile")
    g.resolve()
    for _ in range(3):  # night 2, day 2, night 3
        assert g.refusal("B", "play", card="dummy", from_sleeve=True).params["reason"] == "exiled"
        assert g.refusal("B", "play", card="dummy", from_sleeve=True, target="C",
                         **{"as": "pistol"}).params["reason"] == "exiled"
        if g.state.is_night:
            refusal = g.refusal("B", "play", card="body_double", pay_sleeve=["dummy"])
            assert refusal.code == "bad_payment_card" and refusal.params["reason"] == "exiled"
        if g.state.phase == 3:
            g.play("A", "contract", target="B")
        g.resolve()
    assert g.sleeve("B") == ["dummy", "dummy"]  # no Пистолет arrived
    assert g.state.phase == 6  # day 3: the Sleeve is back
    g.play("B", "dummy", from_sleeve=True).resolve()
    g.play("B", "dummy", from_sleeve=True, target="C", **{"as": "pistol"}).resolve()  # night 4
    assert g.hand_size("C") == 19 and g.sleeve("B") == []


# ================================================================ neutral and public roles


def test_i22_maniac_blood_counts_damage_before_armor_and_is_capped_at_6():
    """The Маньяк gains 1 blood per damage his cards deal before armor (a Пистолет on a Бункер: +1
    though nothing is discarded), at most 6 from one card and 6 in all; his blood damage makes none."""
    g = night(2).player("N", secret="maniac", hand=["pistol", "dummy"], points=2)
    g.player("B", hand=["bunker"] + ["dummy"] * 4)
    g.play("N", "pistol", target="B").play("B", "bunker").resolve()
    assert g.points("N") == 3 and g.hand_size("B") == 5

    g2 = night(2).player("N", secret="maniac", hand=["chainsaw_massacre", "dummy"], sleeve=["dummy"] * 4, points=5)
    g2.player("B", hand=12)
    g2.play("N", "chainsaw_massacre", x=4, targets=["B"] * 4, pay_sleeve=["dummy"] * 4)
    g2.order("N", "blood", use="damage2", target="B")
    g2.resolve()
    assert g2.hand_size("B") == 12 - 8 - 2
    assert g2.points("N") == 6  # 5 − 3 spent + min(6, 8) → capped at 6


def test_i23_maniac_blood_from_his_poison_on_later_nights():
    """The Маньяк's Яд keeps dealing his card's damage every night: each later night's damage makes
    blood too ("за каждую нанесённую единицу урона")."""
    g = night().player("N", secret="maniac", hand=["poison", "dummy"], points=0).player("B", hand=10)
    g.play("N", "poison", target="B").resolve()
    assert g.points("N") == 1
    g.resolve()  # day 1: no poison, no blood
    assert g.points("N") == 1
    g.resolve()  # night 2
    assert g.points("N") == 2 and g.hand_size("B") == 8


def test_i24_avenger_survives_zero_cards_once_with_2_armor_the_next_phase():
    """Мститель: the first time he ends a phase with 0 cards he draws 1 from his deck and lives, with
    2 armor for the next phase; the second time he dies."""
    g = night().player("V", role="avenger", hand=2, deck=["seek", "breach"])
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("C", hand=["pistol", "dummy"])
    g.play("K", "pistol", target="V").play("C", "pistol", target="V").resolve()
    assert g.alive("V") and g.hand("V") == ["seek"]
    [revenge] = g.events("avenger_revenge", to="V")
    assert revenge.params == {"card": "seek", "armor": 2}
    everyone_votes(g, "V", "execution")
    g.resolve()  # day 1: 6 − 2 = 4 on 1 card
    assert not g.alive("V")


def test_i25_a_sleeve_card_played_as_a_pistol_is_a_pistol():
    """After Солдат any Sleeve card may be played "as" a Пистолет: it costs what a Пистолет costs (an
    Отражение, cost 2, for nothing), deals the Пистолет's damage (Мафия: 2, with Обвинение), counts as
    the Sleeve's card of the phase (a Hand Пистолет besides is fine) and enters the history as a
    Пистолет. Before Солдат, and from the Hand, it is refused."""
    g = night().player("K", secret="killer", hand=["soldier", "pistol", "dummy"], sleeve=["reflection", "dummy"])
    g.player("B", hand=12)
    assert g.refusal("K", "play", card="reflection", from_sleeve=True, target="B",
                     **{"as": "pistol"}).code == "not_allowed"
    g.play("K", "soldier").resolve().resolve()
    assert g.refusal("K", "play", card="dummy", target="B", **{"as": "pistol"}).code == "bad_param"
    played_before(g, "B", "kick")
    uid = g.uid("K", "reflection", zone="sleeve")
    assert api.play_cost(g.state, g.pid("K"), uid, {"as": "pistol"}) == 0
    g.play("K", "reflection", from_sleeve=True, target="B", accuse=["kick"], **{"as": "pistol"})
    g.play("K", "pistol", target="B")
    g.resolve()
    assert g.hand_size("B") == 12 - 4 - 2
    assert [r.card for r in g.state.history if r.actor == g.pid("K") and r.phase == 3] == ["pistol", "pistol"]
    assert g.sleeve("K") == ["dummy"]


# ================================================================ the end


def test_i26_mafia_win_with_the_traitor_alive_and_the_law_cannot_win_while_he_lives():
    """Мафия win when no law or Маньяк lives — the living Предатель wins with them. While the
    Предатель lives the law has not won."""
    g = BaseScenario.night(2)
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("T", secret="traitor", hand=5)
    g.player("L", hand=2)
    g.play("K", "pistol", target="L").resolve()
    assert g.state.status == "finished" and g.state.winners == ["mafia", "traitor"]
    [over] = g.public("game_over")
    assert over.params["winners"] == ["mafia", "traitor"]
    assert over.params["roles"][str(g.pid("T"))] == {"secret_role": "traitor", "faction": "traitor"}

    g2 = BaseScenario.night(2)
    g2.player("K", secret="killer", hand=2).player("T", secret="traitor", hand=5)
    g2.player("L", hand=["pistol"] * 3, deck=5).player("L2", hand=["pistol"] * 3, deck=5)
    g2.play("L", "pistol", target="K").play("L2", "pistol", target="K").resolve()
    assert not g2.alive("K") and g2.state.status == "running"


def test_i27_everyone_dead_nobody_wins():
    """The last mafioso and the last law character shoot each other with their last cards: the damage
    cancels both replacements, both end at 0 cards and die — nobody wins."""
    g = BaseScenario.night(2)
    g.player("K", secret="killer", hand=["pistol"], deck=5).player("L", hand=["pistol"], deck=5)
    g.play("K", "pistol", target="L").play("L", "pistol", target="K").resolve()
    assert not g.alive("K") and not g.alive("L")
    assert g.state.status == "finished" and g.state.winners == []
    [over] = g.public("game_over")
    assert over.params["winners"] == []


# ================================================================ checks meet disguises (issue 13)


def told(g: Scenario, kind: str, name: str) -> list[dict[str, Any]]:
    """What `name` was told (without the `card` every play's message carries)."""
    return [{k: v for k, v in e.params.items() if k != "card"} for e in g.events(kind, to=name)]


def cast(g: Scenario, name: str, card_id: str, *, from_sleeve: bool = False, **params: Any) -> Scenario:
    """A play whose own params include one named `card` (Флешбек, Досмотр), paid with nothing."""
    g.build()
    uid = g.uid(name, card_id, zone="sleeve" if from_sleeve else "hand")
    api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(params), payment={"cards": []})
    return g


ORACLE = {"hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 4}


def oracle(g: Scenario, name: str, target: str) -> None:
    g.play(name, "oracle", target=target, pay_sleeve=["dummy"] * 4)


def test_i28_oracle_is_not_deceived_by_disguise_nor_makeup():
    """Оракул: «Нельзя обмануть ничем, кроме способности предателя, безликого и толпы». A Грим (played by
    day, acting the next night) and a Маскировка (played this night, acting before the checks) show
    their role to an ordinary role check — and the Оракул reads the true roles through both."""
    g = day().player("B", secret="judge", hand=["makeup", "dummy"]).player("C", secret="sheriff",
                                                                            hand=["disguise", "dummy"], sleeve=["dummy"])
    g.player("A", **ORACLE).player("D", **ORACLE)
    g.play("B", "makeup", role="commissar").resolve()  # day 1: the Грим acts on night 2
    assert inspect(g.ruleset, g.state, g.pid("A"), g.pid("B"), "secret_role", record=False) == "commissar"
    g.play("C", "disguise", role="policeman", pay_sleeve=["dummy"])
    oracle(g, "A", "B")
    oracle(g, "D", "C")
    g.resolve()
    assert [e["secret_role"] for e in told(g, "oracle_role", "A")] == ["judge"]
    assert [e["secret_role"] for e in told(g, "oracle_role", "D")] == ["sheriff"]
    assert inspect(g.ruleset, g.state, g.pid("A"), g.pid("C"), "secret_role", record=False) == "policeman"


def test_i29_oracle_meets_the_three_it_names_faceless_crowd_traitor():
    """The three exceptions of the Оракул act on it: Безликий («нельзя узнать вашу тайную роль») — it
    learns nothing (None), even the night Безликий is played; Толпа — B shows the next member's (C's)
    true role; the Предатель — a random law role."""
    g = night(2).player("F", secret="killer", hand=["faceless", "dummy"], sleeve=["dummy"] * 3)
    g.player("M", hand=["crowd", "dummy"]).player("B", secret="boss").player("C", secret="judge")
    g.player("T", secret="traitor")
    g.player("A", **ORACLE).player("D", **ORACLE).player("E", **ORACLE)
    g.play("F", "faceless", pay_sleeve=["dummy"] * 3)
    g.play("M", "crowd", targets=["B", "C"])
    oracle(g, "A", "F")
    oracle(g, "D", "B")
    oracle(g, "E", "T")
    g.resolve()
    assert [e["secret_role"] for e in told(g, "oracle_role", "A")] == [None]
    assert [e["secret_role"] for e in told(g, "oracle_role", "D")] == ["judge"]
    [seen] = told(g, "oracle_role", "E")
    assert seen["secret_role"] in LAW_ROLES


def test_i30_randomisers_and_redirects_do_not_act_on_the_oracle():
    """Темнота on the Оракул's player, Укрытие on its target, Подмена or Зеркало on its target: none
    of them is among the three exceptions, so the Оракул reads the true role of the character it was
    aimed at (the record: aimed at and read are the same)."""
    g = night(2).player("A", **ORACLE).player("X", hand=["darkness", "dummy"])
    g.player("B", secret="judge", hand=["shelter", "dummy"], sleeve=["dummy"])
    g.player("D", **ORACLE).player("S", secret="sheriff", hand=["substitution", "dummy"]).player("C", secret="boss")
    g.player("E", **ORACLE).player("R", secret="commissar", hand=["mirror", "dummy"])
    g.play("X", "darkness", target="A").play("B", "shelter", pay_sleeve=["dummy"])
    g.play("S", "substitution", target="C").play("R", "mirror")
    oracle(g, "A", "B")
    oracle(g, "D", "S")
    oracle(g, "E", "R")
    g.resolve()
    assert [e["secret_role"] for e in told(g, "oracle_role", "A")] == ["judge"]
    assert [e["secret_role"] for e in told(g, "oracle_role", "D")] == ["sheriff"]
    assert [e["secret_role"] for e in told(g, "oracle_role", "E")] == ["commissar"]
    assert all(c.read == c.aimed_at for c in g.state.checks if c.card == "oracle")


def test_i31_substitution_and_mirror_on_the_same_player_the_substitution_applies():
    """Подмена (read the chosen character) and Зеркало (read the checker) on the same player: the
    Подмена acts first (check_target layer 40 before 60) — the check reads the chosen C, whose hand is
    all Защита; the checker's own hand (all Урон) is not read. The record keeps both: aimed at S, read C."""
    g = night(2).player("S", hand=["substitution", "dummy"], sleeve=["mirror"])
    g.player("A", hand=["testimony"] + ["pistol"] * 4).player("C", hand=["bunker"] * 4)
    g.play("S", "substitution", target="C").play("S", "mirror", from_sleeve=True)
    g.play("A", "testimony", target="S").resolve()
    assert [e["colours"] for e in told(g, "testimony_colours", "A")] == [["defence", "defence"]]
    [record] = [c for c in g.state.checks if c.card == "testimony"]
    assert (record.aimed_at, record.read) == (g.pid("S"), g.pid("C"))


def test_i32_mirror_reads_the_checker_with_the_checkers_own_disguise():
    """Зеркало: «как если бы проверяли» the checker — the checker's truth *and* his disguises. A Киллер
    (Урон, Усиление) under Поддельные документы (Офицер: Защита, Разведка, Маскировка) checks the colours
    of a mirrored player with Психоанализ: he is shown one of the Офицер's colours, never his own."""
    g = night().player("K", secret="killer", hand=["forged_documents", "psychoanalysis", "dummy"],
                       sleeve=["dummy"] * 3)
    g.player("R", secret="sheriff", hand=["dummy", "mirror", "dummy"])
    g.play("K", "forged_documents", role="officer", pay_sleeve=["dummy", "dummy"]).resolve()
    g.resolve()  # day 1
    g.play("R", "mirror").play("K", "psychoanalysis", target="R", pay_sleeve=["dummy"]).resolve()
    [seen] = told(g, "psychoanalysis_colour", "K")
    assert seen["target"] == g.pid("R") and seen["colour"] in ("defence", "intel", "disguise")
    [record] = [c for c in g.state.checks if c.card == "psychoanalysis"]
    assert (record.aimed_at, record.read) == (g.pid("R"), g.pid("K"))


def test_i33_lamp_cancels_darkness_on_its_holder():
    """Лампа: cards that alter the holder's own checks do not act on him — a Темнота aimed at the holder
    is cancelled: his Взятие показаний is true (two Урон cards), and the Темнота's player, in the lower
    stance, is told nothing (the card did not act). Without the Лампа the same Темнота acts and reports."""
    for lamp in (True, False):
        g = night(2).player("L", hand=["testimony", "dummy"], sleeve=["lamp"] if lamp else [])
        g.player("X", hand=["darkness", "dummy"]).player("B", hand=["pistol"] * 4)
        stance(g, "X", "lower")
        if lamp:
            g.build()
            g.state.add_effect("lamp", target=g.pid("L"), source=g.pid("L"))
        g.play("X", "darkness", target="L").play("L", "testimony", target="B").resolve()
        if lamp:
            assert [e["colours"] for e in told(g, "testimony_colours", "L")] == [["damage", "damage"]]
            assert told(g, "darkness_checked", "X") == []
        else:
            assert told(g, "darkness_checked", "X") == [{"target": g.pid("L")}]


def test_i34_mimicry_and_escape_routes_react_to_the_check_aimed_at_them_though_redirected():
    """A check redirected by Подмена was still aimed at its player («вас хотел проверить»): his Мимикрия
    tells the colour of a card of the checker's Hand (Урон), his Пути отступления hit the checker with 2
    damage the next phase; the chosen character, whose truth was read, reacts to nothing."""
    g = night().player("M", hand=["mimicry", "escape_routes", "dummy"], sleeve=["substitution"])
    g.player("A", hand=["testimony"] + ["pistol"] * 5).player("C", hand=["bunker"] * 4, sleeve=["mimicry"])
    g.play("M", "mimicry").play("C", "mimicry", from_sleeve=True).resolve()
    g.resolve()  # day 1
    g.play("M", "escape_routes", target="A").play("M", "substitution", from_sleeve=True, target="C")
    g.play("A", "testimony", target="M").resolve()  # night 2
    assert [e["colours"] for e in told(g, "testimony_colours", "A")] == [["defence", "defence"]]
    assert told(g, "mimicry_colour", "M") == [{"colour": "damage"}]
    assert told(g, "mimicry_colour", "C") == []
    assert g.hand_size("A") == 6
    g.resolve()  # day 2: the Пути отступления's 2
    assert g.hand_size("A") == 4


# ================================================================ checks and damage meet Отражение


def test_i35_reflection_turns_a_check_card_back_on_its_player():
    """Отражение: «Всё целевые карты … направленные на вас перенаправляются на использовавшего их» — a
    check card is a targeted card: Взятие показаний aimed at the holder checks its own player (his hand
    is all Защита), the holder's hand (all Урон) is never read."""
    g = night(2).player("R", hand=["reflection"] + ["pistol"] * 4, sleeve=["dummy", "dummy"])
    g.player("C", hand=["testimony"] + ["bunker"] * 4)
    g.play("R", "reflection", pay_sleeve=["dummy", "dummy"]).play("C", "testimony", target="R").resolve()
    assert [e["colours"] for e in told(g, "testimony_colours", "C")] == [["defence", "defence"]]
    [record] = g.state.checks
    assert (record.observer, record.aimed_at, record.read) == (g.pid("C"), g.pid("C"), g.pid("C"))  # rulings: mafik-checks.md


def test_i36_steroids_void_the_players_own_reflection_but_not_anothers():
    """Стероиды: «на вас не работает отражение, как и любые другие защитные карты» and no armor. (a) The
    player's own Отражение does nothing: the Мафия Пистолет aimed at him hits (2); his Пистолет (1 + 1)
    aimed at another's Отражение is turned back on him (2): that Отражение is its holder's protection,
    which Стероиды do not take away. (b) Зеркальное Измерение: everyone reflects but him — his Пистолет on B
    comes back (2), the Мафия Пистолет on him hits (2), C's Пистолет on B comes back to C (1)."""
    g = night(2).player("S", hand=["steroids", "pistol"] + ["dummy"] * 8, sleeve=["reflection", "dummy", "dummy"])
    g.player("K", secret="killer", hand=["pistol"] + ["dummy"] * 5)
    g.player("R", hand=["reflection"] + ["dummy"] * 4, sleeve=["dummy", "dummy"])
    g.play("S", "steroids").play("S", "pistol", target="R")
    g.play("S", "reflection", from_sleeve=True, pay_sleeve=["dummy", "dummy"])
    g.play("R", "reflection", pay_sleeve=["dummy", "dummy"]).play("K", "pistol", target="S").resolve()
    assert g.hand_size("S") == 8 - 2  # 4: both refills and 2 cards
    assert g.hand_size("R") == 5 and g.hand_size("K") == 6

    g2 = night(2).player("S", hand=["steroids", "pistol"] + ["dummy"] * 8)
    g2.player("K", secret="killer", hand=["pistol"] + ["dummy"] * 5)
    g2.player("D", hand=["mirror_dimension", "dummy"], sleeve=["dummy"] * 3)
    g2.player("B", hand=5).player("C", hand=["pistol"] + ["dummy"] * 4)
    g2.play("D", "mirror_dimension", pay_sleeve=["dummy"] * 3)
    g2.play("S", "steroids").play("S", "pistol", target="B").play("K", "pistol", target="S")
    g2.play("C", "pistol", target="B").resolve()
    assert g2.hand_size("S") == 8 - 2
    assert g2.hand_size("B") == 5 and g2.hand_size("C") == 4 and g2.hand_size("K") == 6


def test_i37_spikes_hurt_who_aims_at_the_spiked_though_reflection_turns_the_card_back():
    """Шипы: «всякий, кто выбирает цель целью карты, получает 2 урона» — the target as chosen, before
    Отражение: a Мафия Пистолет aimed at a spiked holder of Отражение comes back to its player (2) and
    its player takes the Шипы' 2 as well; the spiked holder takes nothing."""
    g = night().player("Y", hand=["spikes", "dummy"]).player("X", hand=["reflection"] + ["dummy"] * 5,
                                                              sleeve=["dummy", "dummy"])
    g.player("K", secret="killer", hand=["pistol"] + ["dummy"] * 7)
    g.play("Y", "spikes", target="X").resolve()
    g.resolve()  # day 1: the Шипы act from here for 4 phases
    g.play("X", "reflection", pay_sleeve=["dummy", "dummy"]).play("K", "pistol", target="X").resolve()
    assert g.hand_size("X") == 6
    assert g.hand_size("K") == 8 - 4  # 4: the refill and 3 cards
    [taken] = g.events("damage_taken", to="K")
    assert taken.params["amount"] == 4


def test_i38_eagle_eye_and_what_doesnt_kill_me_after_reflection():
    """Орлиный взор: «копии всех карт, которые наносили вам урон этой ночью». A Пистолет turned back by
    Отражение damaged its own player — his Орлиный взор copies it; the holder of the Отражение was not
    damaged — his gets nothing. Что меня не убивает asks «если вы получали урон»: the holder took none, so
    nothing."""
    g = night(2).player("R", hand=["reflection"] + ["dummy"] * 4, sleeve=["eagle_eye", "dummy", "dummy"])
    g.player("K", secret="killer", hand=["pistol"] + ["dummy"] * 5, sleeve=["eagle_eye"])
    g.build()
    g.state.add_effect("unbroken", target=g.pid("R"), source=g.pid("R"), card="what_doesnt_kill_me")
    g.play("R", "reflection", pay_sleeve=["dummy", "dummy"]).play("R", "eagle_eye", from_sleeve=True)
    g.play("K", "pistol", target="R").play("K", "eagle_eye", from_sleeve=True).resolve()
    assert told(g, "eagle_eye_copies", "K") == [{"cards": ["pistol"]}] and g.sleeve("K") == ["pistol"]
    assert told(g, "eagle_eye_copies", "R") == [{"cards": []}] and g.sleeve("R") == []
    assert told(g, "unbroken_copies", "R") == []


# ================================================================ records, accusations and guesses


def test_i39_covering_tracks_fakes_count_for_flashback_and_the_accusation_only_the_look_is_told():
    """Заметание следов: the fake play (a Удар ногой on day 1) counts as real for every reader — a Босс's
    Флешбек on that phase hits (every living mafioso gets 2 copies into the Sleeve), a Мафия Пистолет's
    Обвинение naming it works (2 + 2). The faker is told of the Флешбек and who played it («карты,
    проверяющие, что вы делали фазы назад»); an Обвинение is no check (a guess of GSS) — not told."""
    g = night(3).player("A", hand=["covering_tracks"] + ["dummy"] * 11, sleeve=["dummy"])
    g.player("B", secret="boss", hand=["flashback"] + ["dummy"] * 4).player("K", secret="killer",
                                                                             hand=["pistol"] + ["dummy"] * 4)
    g.play("A", "covering_tracks", phases=[2], cards=["kick"], pay_sleeve=["dummy"]).resolve()  # night 3
    g.resolve()  # day 3
    cast(g, "B", "flashback", target="A", phase=2, card="kick")
    g.play("K", "pistol", target="A", accuse=["kick"]).resolve()  # night 4
    assert told(g, "flashback_played", "B") == [{"target": g.pid("A"), "phase": 2, "named": "kick"}]
    assert g.sleeve("K") == ["kick", "kick"] and g.sleeve("B") == ["kick", "kick"]
    assert g.hand_size("A") == 12 - 4
    assert [e["pid"] for e in told(g, "tracks_looked", "A")] == [g.pid("B")]


def test_i40_faceless_refuses_guess_cards_and_voids_the_inspections_accusation():
    """Безликий: «к вам нельзя применить карты, требующие угадать тайную роль» — Табельное naming a role is
    refused at submission; «обвинения против вас не срабатывают» — a Босс's Досмотр finds the named card
    in the Sleeve (a check of the Sleeve, not of the role: told truly) but its Обвинение fails, so no 3
    copies; the same Досмотр on a player without Безликий gets them."""
    g = night().player("F", hand=["faceless", "dummy"], sleeve=["dummy"] * 3 + ["bunker"])
    g.player("G", sleeve=["bunker"])
    g.player("B", secret="boss", hand=["inspection", "dummy"] + ["dummy"] * 3)
    g.player("S", secret="spy", hand=["inspection", "service_weapon", "dummy"])
    g.play("F", "faceless", pay_sleeve=["dummy"] * 3).resolve()
    played_before(g, "F", "kick")
    played_before(g, "G", "kick")
    g.resolve()  # day 1
    refusal = g.refusal("S", "play", card="service_weapon", target="F", role="officer")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "unguessable")
    cast(g, "B", "inspection", target="F", card="bunker", accuse=["kick"])
    cast(g, "S", "inspection", target="G", card="bunker", accuse=["kick"]).resolve()  # night 2
    assert told(g, "inspection_found", "B") == [{"target": g.pid("F"), "named": "bunker"}]
    assert g.sleeve("B") == []
    assert g.sleeve("S") == ["bunker"] * 3


def test_i41_celebrity_voids_an_accusation_naming_any_card_of_the_announced_colour():
    """Известная личность (an Офицер announces Защита): «вас нельзя обвинять по картам этого цвета» — an
    Обвинение naming a Бункер (Защита) and a Взятие показаний (Разведка) fails whole (only the Пистолет's
    2); one naming only the Взятие показаний works (2 + 2)."""
    g = night().player("C", hand=["celebrity"] + ["dummy"] * 19)
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("S", secret="spy", hand=["pistol", "dummy"])
    g.play("C", "celebrity", colour="defence").resolve()
    assert [e.params["colour"] for e in g.public("celebrity")] == ["defence"]
    played_before(g, "C", "bunker", "testimony")
    g.resolve()  # day 1
    g.play("K", "pistol", target="C", accuse=["bunker", "testimony"])
    g.play("S", "pistol", target="C", accuse=["testimony"]).resolve()
    assert g.hand_size("C") == 20 - 2 - 4


# ================================================================ one copy's properties and the zones (issue 14)


def test_i42_deductive_method_never_turns_a_debt_its_damage_and_anothers_discard_the_debt_last():
    """Дедуктивный метод: «превратите 1 любую карту из вашей руки в Пустышку (кроме пустышки и долга); если
    не можете — получите 1 урон». A hand of a Долг and Пустышки: nothing can change, so 1 damage; with a
    Мафия Пистолет's 2 that is 3 — the card's refill is cancelled and the two Пустышки go; the Долг
    («всегда лежит внизу руки») is discarded last and stays."""
    g = night(2).player("A", hand=["deductive_method", "debt", "dummy", "dummy"], deck=5)
    g.player("B", hand=["pistol"] * 4).player("K", secret="killer", hand=["pistol", "dummy"])
    g.play("A", "deductive_method", target="B").play("K", "pistol", target="A").resolve()
    assert told(g, "deductive_dummy", "A") == [{"named": None}]
    assert [e["colours"] for e in told(g, "deductive_colours", "A")] == [["damage"]]
    assert g.hand("A") == ["debt"] and g.sleeve("A") == ["testimony"]
    [taken] = g.events("damage_taken", to="A")
    assert taken.params == {"amount": 3, "refills_cancelled": 1, "discarded": ["dummy", "dummy"]}


def test_i43_exile_keeps_a_gift_out_of_the_sleeve_until_it_ends():
    """Изгнание: «получать карты в рукав» is forbidden from night 2 to the end of night 3 — a Подарок to
    the exile on day 2 passes nothing (the card stays with its giver, who is told); on day 3 it passes."""
    g = day().player("B", hand=20).player("A", hand=["gift", "bunker", "gift", "pistol"] + ["dummy"] * 6)
    everyone_votes(g, "B", "exile")
    g.resolve()  # day 1
    g.resolve()  # night 2
    g.play("A", "gift", target="B", cards=[g.uid("A", "bunker")]).resolve()  # day 2
    assert g.sleeve("B") == [] and "bunker" in g.hand("A")
    assert told(g, "sleeve_closed", "A") == [{"target": g.pid("B")}]
    g.resolve()  # night 3
    g.play("A", "gift", target="B", cards=[g.uid("A", "pistol")]).resolve()  # day 3
    assert g.sleeve("B") == ["pistol"]


def test_i44_guard_schedule_counts_the_armor_before_it_absorbs_damage():
    """Расписание охраны: «сколько брони было на цели в эту фазу» — all the armor the target got (a
    Бункер's 3), counted before the Мафия Пистолет's 2 used it up in part."""
    g = night(2).player("C", hand=["bunker"] + ["dummy"] * 4)
    g.player("K", secret="killer", hand=["pistol", "dummy"])
    g.player("A", hand=["guard_schedule", "dummy"], sleeve=["dummy"])
    g.play("C", "bunker").play("K", "pistol", target="C")
    g.play("A", "guard_schedule", target="C", pay_sleeve=["dummy"]).resolve()
    assert told(g, "guard_schedule_armor", "A") == [{"target": g.pid("C"), "phase": 3, "n": 3}]
    assert g.hand_size("C") == 5


def test_i45_prison_forbids_playing_a_sleeve_card_as_mirror_after_shadow():
    """Тень: «any Sleeve card may be played as Зеркало» to the end of the game; Тюрьма (the next 2 phases):
    «нельзя … играть карты из рукава … как другую карту» — refused in those phases, allowed after."""
    g = night().player("B", hand=["shadow"] + ["dummy"] * 4, sleeve=["dummy", "dummy"])
    g.player("A", hand=["prison", "dummy"], sleeve=["dummy"])
    g.play("B", "shadow").play("A", "prison", target="B", pay_sleeve=["dummy"]).resolve()  # night 1
    g.resolve()  # day 1: the first phase of the Тюрьма
    refusal = g.refusal("B", "play", card="dummy", from_sleeve=True, **{"as": "mirror"})  # night 2: the second
    assert (refusal.code, refusal.params["reason"]) == ("not_allowed", "imprisoned")
    g.resolve()  # night 2
    g.resolve()  # day 2
    g.play("B", "dummy", from_sleeve=True, **{"as": "mirror"}).resolve()  # night 3
    assert g.sleeve("B") == ["dummy"]
