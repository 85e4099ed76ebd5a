"""Урон: a test per card and per variant (Обвинение, Верхняя стойка, roles), with exact numbers.

Players hold Пустышки (dummy) unless a test says otherwise; a character who plays a card from the
Hand draws its replacement at the end of the phase, so its hand size stays the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import PlayRecord
from tests.engine.mafik.conftest import MafikScenario as BaseScenario


class MafikScenario(BaseScenario):
    """Adds "Z" (mafia, a big hand) whom everyone without a vote votes for by day, so that days pass
    quietly and the game goes on."""

    def build(self) -> MafikScenario:
        if not self._built and "Z" not in self.names:
            self.player("Z", secret="boss", hand=40)
        super().build()
        return self

    def resolve(self) -> MafikScenario:
        self.build()
        if self.state.is_day:
            for p in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(p.pid, [])):
                    self.order(p.name, "vote", target="Z")
        super().resolve()
        return self


def deck_problem(state, pid: int, cards: list[str]) -> dict | None:
    """The engine's reason a deck is not legal, as its params (None when it is)."""
    refusal = api.deck_problem(state, pid, cards)
    return None if refusal is None else refusal.params


def play_naming(g: MafikScenario, name: str, card: str, named: str, **params: Any) -> None:
    """Play a card whose own parameter is called `card` (Нож в спину, Убийство)."""
    g.build()
    api.submit(g.state, g.pid(name), "play", card=g.uid(name, card), params={**g._params(params), "card": named})


def refuse_naming(g: MafikScenario, name: str, card: str, named: str, **params: Any) -> Refusal:
    g.build()
    with pytest.raises(Refusal) as info:
        play_naming(g, name, card, named, **params)
    return info.value


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    """`name` has played these cards in an earlier phase (what an Обвинение looks at)."""
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=1, actor=g.pid(name), card=card))


def in_stance(g: MafikScenario, name: str, stance: str = "upper") -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=stance)


def armor_each_phase(g: MafikScenario, name: str, amount: int) -> None:
    g.build()
    g.state.add_effect("armor_each_phase", target=g.pid(name), amount=amount)


def ability(g: MafikScenario, name: str, card: str, **params: object) -> None:
    g.order(name, "ability", ability=card, **params)


# ---- Пистолет ----

def test_pistol_deals_1():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=5)
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 4
    assert g.hand_size("A") == 2  # the Pistol is replaced


def test_pistol_mafia_deals_2():
    g = MafikScenario.night(2).player("A", secret="spy", hand=["pistol", "dummy"]).player("B", hand=5)
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 3


def test_pistol_accusation_2_more_for_each_named_card():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=7)
    played_before(g, "B", "shiv", "kick")
    g.play("A", "pistol", target="B", accuse=["shiv", "kick"]).resolve()
    assert g.hand_size("B") == 2  # 1 + 2 × 2


def test_pistol_accusation_misses_unless_every_named_card_was_played():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=7)
    played_before(g, "B", "shiv")
    g.play("A", "pistol", target="B", accuse=["shiv", "kick"]).resolve()
    assert g.hand_size("B") == 6


def test_pistol_accusation_does_not_work_against_the_traitor():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", secret="traitor", hand=7)
    played_before(g, "B", "shiv")
    g.play("A", "pistol", target="B", accuse=["shiv"]).resolve()
    assert g.hand_size("B") == 6


def test_pistol_is_peaceful_and_cannot_be_named():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=5)
    refusal = g.refusal("A", "play", card="pistol", target="B", accuse=["pistol"])
    assert refusal.code == "bad_param" and refusal.params["reason"] == "peaceful"


def test_pistol_killer_may_take_five_copies():
    g = MafikScenario.night(2).player("A", secret="killer").player("B", secret="judge").build()
    deck = ["pistol"] * 5 + ["kick", "poison", "murder", "mana_burn", "equalizer"] * 2
    assert deck_problem(g.state, g.pid("A"), deck) is None
    six = ["pistol"] * 6 + ["kick", "poison", "murder", "mana_burn"] * 2 + ["equalizer"]
    assert deck_problem(g.state, g.pid("A"), six)["reason"] == "too_many_copies"
    assert deck_problem(g.state, g.pid("B"), deck)["reason"] == "too_many_copies"


# ---- Заказ ----

def test_contract_gives_the_target_a_pistol_in_the_sleeve_and_an_anonymous_message():
    g = MafikScenario.night(2).player("A", hand=["contract", "dummy"]).player("B", hand=5)
    g.play("A", "contract", target="B", message="стреляй в C").resolve()
    assert g.sleeve("B") == ["pistol"]
    assert g.hand_size("B") == 5
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "стреляй в C" and message.params["sender"] is None


def test_contract_without_a_message_sends_none():
    g = MafikScenario.night(2).player("A", hand=["contract", "dummy"]).player("B", hand=5)
    g.play("A", "contract", target="B").resolve()
    assert g.sleeve("B") == ["pistol"] and not g.events("card_message")


# ---- Встреча в подворотне ----

def test_back_alley_meeting_deals_2():
    g = MafikScenario.night(2).player("A", hand=["back_alley_meeting", "dummy"]).player("B", hand=5, sleeve=["shiv"])
    g.play("A", "back_alley_meeting", target="B").resolve()
    assert g.hand_size("B") == 3 and g.sleeve("B") == ["shiv"]


def test_back_alley_meeting_accusation_takes_a_sleeve_card():
    g = MafikScenario.night(2).player("A", hand=["back_alley_meeting", "dummy"]).player("B", hand=5, sleeve=["shiv"])
    played_before(g, "B", "kick")
    g.play("A", "back_alley_meeting", target="B", accuse=["kick"]).resolve()
    assert g.hand_size("B") == 3
    assert g.sleeve("B") == [] and g.sleeve("A") == ["shiv"]
    assert g.events("sleeve_card_lost", to="B")[0].params["cards"] == ["shiv"]


# ---- Средь бела дня ----

def test_broad_daylight_deals_1_by_day():
    g = MafikScenario.day(1).player("A", hand=["broad_daylight", "dummy"]).player("B", hand=5)
    g.play("A", "broad_daylight", target="B").resolve()
    assert g.hand_size("B") == 4


def test_broad_daylight_accusation_1_more_for_each_named_card():
    g = MafikScenario.day(1).player("A", hand=["broad_daylight", "dummy"]).player("B", hand=5)
    played_before(g, "B", "shiv", "kick")
    g.play("A", "broad_daylight", target="B", accuse=["shiv", "kick"]).resolve()
    assert g.hand_size("B") == 2


def test_broad_daylight_is_strictly_day():
    g = MafikScenario.night(2).player("A", hand=["broad_daylight", "dummy"]).player("B", hand=5)
    assert g.refusal("A", "play", card="broad_daylight", target="B").params["reason"] == "day_only"


# ---- Заточка ----

def test_shiv_deals_1_and_is_free():
    g = MafikScenario.night(2).player("A", hand=["shiv", "pistol", "dummy"]).player("B", hand=5)
    g.play("A", "shiv", target="B").play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 3


# ---- Снайперская винтовка ----

def test_sniper_rifle_mafia_guessing_the_role_deals_30():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["sniper_rifle", "dummy"])
    g.player("B", secret="judge", hand=5)
    g.play("A", "sniper_rifle", target="B", role="judge").resolve()
    assert g.hand_size("B") == 0 and not g.alive("B")


def test_sniper_rifle_wrong_guess_does_nothing():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["sniper_rifle", "dummy"])
    g.player("B", secret="judge", hand=5)
    g.play("A", "sniper_rifle", target="B", role="sheriff").resolve()
    assert g.hand_size("B") == 5


def test_sniper_rifle_maniac_may_name_the_role():
    g = MafikScenario.night(2).player("A", secret="maniac", hand=["sniper_rifle", "dummy"])
    g.player("B", secret="spy", hand=5)
    g.play("A", "sniper_rifle", target="B", role="spy").resolve()
    assert not g.alive("B")


def test_sniper_rifle_does_nothing_for_the_law():
    g = MafikScenario.night(2).player("A", hand=["sniper_rifle", "dummy"]).player("B", secret="spy", hand=5)
    assert g.refusal("A", "play", card="sniper_rifle", target="B", role="spy").code == "mafia_only"
    g.play("A", "sniper_rifle").resolve()
    assert g.hand_size("B") == 5 and g.hand_size("A") == 2


# ---- Кровавая баня ----

def _bloodbath_game(secret: str) -> MafikScenario:
    g = MafikScenario.night(2).player("A", secret=secret, hand=["blood_bath", "dummy"])
    g.player("B", secret="judge", hand=7).player("C", secret="sheriff", hand=7).player("D", secret="spy", hand=7)
    return g


def test_blood_bath_killer_guessing_all_deals_6_to_each():
    g = _bloodbath_game("killer")
    g.play("A", "blood_bath", targets=["B", "C", "D"], roles=["judge", "sheriff", "spy"]).resolve()
    assert [g.hand_size(n) for n in "BCD"] == [1, 1, 1]


def test_blood_bath_one_wrong_guess_does_nothing():
    g = _bloodbath_game("killer")
    g.play("A", "blood_bath", targets=["B", "C", "D"], roles=["judge", "sheriff", "boss"]).resolve()
    assert [g.hand_size(n) for n in "BCD"] == [7, 7, 7]


def test_blood_bath_maniac_may_use_it_and_needs_three_targets():
    g = _bloodbath_game("maniac")
    assert g.refusal("A", "play", card="blood_bath", targets=["B", "C"], roles=["judge", "sheriff"]).code == "bad_param"
    g.play("A", "blood_bath", targets=["B", "C", "D"], roles=["judge", "sheriff", "spy"]).resolve()
    assert [g.hand_size(n) for n in "BCD"] == [1, 1, 1]


def test_blood_bath_does_nothing_for_others():
    g = _bloodbath_game("spy")
    refusal = g.refusal("A", "play", card="blood_bath", targets=["B", "C", "D"], roles=["judge", "sheriff", "spy"])
    assert refusal.code == "mafia_only"


# ---- Солдат ----

def test_soldier_any_sleeve_card_plays_as_a_pistol_until_the_end_of_the_game():
    g = MafikScenario.night(2).player("A", hand=["soldier", "dummy"], sleeve=["dummy", "dummy"]).player("B", hand=5)
    assert g.refusal("A", "play", card="dummy", from_sleeve=True, target="B", **{"as": "pistol"}).code == "not_allowed"
    g.play("A", "soldier").resolve()
    g.resolve()  # the day
    g.play("A", "dummy", from_sleeve=True, target="B", **{"as": "pistol"}).resolve()
    assert g.hand_size("B") == 4 and g.sleeve("A") == ["dummy"]


# ---- Снайпер ----

def test_sniper_costs_1_and_sleeve_cards_play_as_sniper_rifles():
    g = MafikScenario.night(2).player("A", secret="spy", hand=["sniper", "dummy"], sleeve=["dummy", "dummy"])
    g.player("B", secret="judge", hand=5)
    assert g.refusal("A", "play", card="sniper").code == "cost_unpayable"
    g.play("A", "sniper", pay_sleeve=["dummy"]).resolve().resolve()
    g.play("A", "dummy", from_sleeve=True, target="B", role="judge", **{"as": "sniper_rifle"}).resolve()
    assert not g.alive("B")


def test_sniper_killer_and_maniac_cost_0():
    for secret in ("killer", "maniac"):
        g = MafikScenario.night(2).player("A", secret=secret, hand=["sniper", "dummy"]).player("B", hand=5)
        g.play("A", "sniper").resolve()
        assert any(e.params["card"] == "sniper_rifle" for e in g.state.effects_of("play_as", target=0))


# ---- Уравнитель ----

def test_equalizer_deals_5_when_behind():
    g = MafikScenario.night(2).player("A", hand=["equalizer", "dummy", "dummy"]).player("B", hand=6)
    g.play("A", "equalizer", target="B").resolve()
    assert g.hand_size("B") == 1  # A holds 2 < 3 once it is played, B 6 > 3


def test_equalizer_deals_1_otherwise():
    g = MafikScenario.night(2).player("A", hand=["equalizer", "dummy", "dummy", "dummy"]).player("B", hand=6)
    g.play("A", "equalizer", target="B").resolve()
    assert g.hand_size("B") == 5
    g = MafikScenario.night(2).player("A", hand=["equalizer", "dummy"]).player("B", hand=3)
    g.play("A", "equalizer", target="B").resolve()
    assert g.hand_size("B") == 2


def _punished_yesterday() -> MafikScenario:
    g = MafikScenario.day(1).player("A", hand=["dummy"] * 9 + ["equalizer"]).player("B", hand=6).player("C", hand=6)
    for name in "ABC":
        g.vote(name, "A", "execution")
    g.resolve()
    assert g.hand_size("A") == 4
    return g


def test_equalizer_cannot_be_played_the_phase_after_the_council_punished_you():
    g = _punished_yesterday()
    refusal = g.refusal("A", "play", card="equalizer", target="B")
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "council_target"


def test_equalizer_upper_stance_can_be_played_after_the_council():
    g = _punished_yesterday()
    in_stance(g, "A")
    g.play("A", "equalizer", target="B").resolve()
    assert g.hand_size("B") == 5



def test_equalizer_may_be_played_again_two_phases_after_the_council():
    """«в предыдущей фазе»: only the phase right after the punishment bars it (the check reads no further back)."""
    g = _punished_yesterday()
    g.resolve().resolve()  # the night after the punishment, then the next day
    g.play("A", "equalizer", target="B").resolve()
    assert g.hand_size("B") == 5

# ---- Резня бензопилой ----

def test_chainsaw_massacre_x_hits_of_2_on_one_target():
    g = MafikScenario.night(2).player("A", hand=["chainsaw_massacre", "dummy"], sleeve=["dummy"] * 3)
    g.player("B", hand=7)
    g.play("A", "chainsaw_massacre", x=3, targets=["B", "B", "B"], pay_sleeve=["dummy"] * 3).resolve()
    assert g.hand_size("B") == 1 and g.sleeve("A") == []


def test_chainsaw_massacre_hits_may_go_to_different_targets():
    g = MafikScenario.night(2).player("A", hand=["chainsaw_massacre", "dummy"], sleeve=["dummy"] * 3)
    g.player("B", hand=7).player("C", hand=7)
    assert g.refusal("A", "play", card="chainsaw_massacre", x=3, targets=["B", "C"],
                     pay_sleeve=["dummy"] * 3).code == "bad_param"
    assert g.refusal("A", "play", card="chainsaw_massacre", x=3, targets=["B", "C", "C"],
                     pay_sleeve=["dummy"] * 2).code == "cost_unpayable"
    g.play("A", "chainsaw_massacre", x=3, targets=["B", "C", "C"], pay_sleeve=["dummy"] * 3).resolve()
    assert (g.hand_size("B"), g.hand_size("C")) == (5, 3)


# ---- Удар ногой ----

def test_kick_deals_1():
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    g.play("A", "kick", target="B").resolve()
    assert g.hand_size("B") == 4


def test_kick_upper_stance_deals_2():
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    in_stance(g, "A")
    g.play("A", "kick", target="B").resolve()
    assert g.hand_size("B") == 3


@pytest.mark.parametrize(("at_start", "taken", "expected_hand"), [("normal", "upper", 4), ("upper", "lower", 3)])
def test_damage_card_reads_the_stance_as_the_phase_began_not_one_taken_this_phase(
    monkeypatch: pytest.MonkeyPatch, at_start: str, taken: str, expected_hand: int,
) -> None:
    """A stance taken during this phase's resolution does not change what a damage card reads this
    phase: the seed (000, «Правила»): "Эффекты карт вступают в силу одновременно, по окончании фазы, в
    которую были сыграны", and «Стойка»: "Для доп. эффекта нужна определённая стойка"; docs/rulings.md:
    "Stance variants use the stance the player is in as the effects begin" — the same snapshot the
    defence cards read (cards/common.py `in_stance`). Пинок: 1 damage, 2 in the upper stance."""
    from engine.rulesets.mafik.cards.common import set_stance
    from engine.rulesets.mafik.registry import REGISTRIES

    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    in_stance(g, "A", at_start)

    def takes_a_stance_before_the_effects(res: Any) -> None:  # as a card resolving earlier would
        set_stance(res.state, g.pid("A"), taken, 2)

    monkeypatch.setattr(REGISTRIES, "targeting", [*REGISTRIES.targeting, takes_a_stance_before_the_effects])
    g.play("A", "kick", target="B").resolve()
    assert g.hand_size("B") == expected_hand


def test_kick_accusation_the_target_gets_no_armor_this_night():
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5).player("C", hand=["pistol", "dummy"])
    armor_each_phase(g, "B", 5)
    played_before(g, "B", "shiv")
    g.play("A", "kick", target="B", accuse=["shiv"]).play("C", "pistol", target="B").resolve()
    assert g.hand_size("B") == 3
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    armor_each_phase(g, "B", 5)
    g.play("A", "kick", target="B").resolve()
    assert g.hand_size("B") == 5


# ---- Пулемёт ----

def test_machine_gun_deals_0_without_accusation():
    g = MafikScenario.night(2).player("A", hand=["machine_gun", "dummy"]).player("B", hand=5)
    g.play("A", "machine_gun", target="B").resolve()
    assert g.hand_size("B") == 5


def test_machine_gun_accusation_1_armor_ignoring_per_named_card():
    g = MafikScenario.night(2).player("A", hand=["machine_gun", "dummy"]).player("B", hand=5)
    armor_each_phase(g, "B", 5)
    played_before(g, "B", "shiv", "kick")
    g.play("A", "machine_gun", target="B", accuse=["shiv", "kick"]).resolve()
    assert g.hand_size("B") == 3


# ---- Нож в спину ----

def test_backstab_20_damage_if_the_target_plays_the_named_card_this_phase():
    g = MafikScenario.day(1).player("A", hand=["backstab", "dummy"]).player("B", hand=["broad_daylight"] + ["dummy"] * 20)
    g.player("C", hand=5)
    play_naming(g, "A", "backstab", "broad_daylight", target="B")
    g.play("B", "broad_daylight", target="C").resolve()
    assert g.hand_size("B") == 1  # 20 cards left after the play; the replacement is cancelled, 19 discarded
    assert g.hand_size("C") == 4


def test_backstab_nothing_if_the_target_does_not_play_it():
    g = MafikScenario.day(1).player("A", hand=["backstab", "dummy"]).player("B", hand=["broad_daylight"] + ["dummy"] * 4)
    play_naming(g, "A", "backstab", "broad_daylight", target="B")
    g.resolve()
    assert g.hand_size("B") == 5


def test_backstab_cannot_name_peaceful_cards():
    g = MafikScenario.day(1).player("A", hand=["backstab", "dummy"]).player("B", hand=5)
    refusal = refuse_naming(g, "A", "backstab", "pistol", target="B")
    assert refusal.code == "bad_param" and refusal.params["reason"] == "peaceful"


def test_backstab_advisor_light_mode_is_free_and_deals_3():
    for secret in ("advisor", "traitor"):
        g = MafikScenario.day(1).player("A", secret=secret, hand=["backstab", "broad_daylight", "dummy"])
        g.player("B", hand=["broad_daylight"] + ["dummy"] * 5).player("C", hand=5)
        play_naming(g, "A", "backstab", "broad_daylight", target="B", mode="free_light")
        g.play("A", "broad_daylight", target="C")  # free: a second Hand card this phase
        g.play("B", "broad_daylight", target="C").resolve()
        assert g.hand_size("B") == 3  # 5 after the play, no replacement, 2 discarded
        assert g.hand_size("C") == 3


def test_backstab_light_mode_only_for_advisor_and_traitor():
    g = MafikScenario.day(1).player("A", hand=["backstab", "dummy"]).player("B", hand=5)
    assert refuse_naming(g, "A", "backstab", "shiv", target="B", mode="free_light").code == "mafia_only"


def test_backstab_deadly_mode_is_not_free():
    g = MafikScenario.day(1).player("A", secret="advisor", hand=["backstab", "broad_daylight", "dummy"]).player("B", hand=5)
    play_naming(g, "A", "backstab", "broad_daylight", target="B")
    assert g.refusal("A", "play", card="broad_daylight", target="B").code == "limit_reached"


# ---- Mana Burn ----

def test_mana_burn_3_against_a_full_sleeve():
    g = MafikScenario.night(2).player("A", hand=["mana_burn", "dummy"]).player("B", hand=5, sleeve=3)
    g.play("A", "mana_burn", target="B").resolve()
    assert g.hand_size("B") == 2


def test_mana_burn_1_otherwise_and_against_the_maniac():
    g = MafikScenario.night(2).player("A", hand=["mana_burn", "dummy"]).player("B", hand=5, sleeve=2)
    g.play("A", "mana_burn", target="B").resolve()
    assert g.hand_size("B") == 4
    g = MafikScenario.night(2).player("A", hand=["mana_burn", "dummy"]).player("B", secret="maniac", hand=5, sleeve=3)
    g.play("A", "mana_burn", target="B").resolve()
    assert g.hand_size("B") == 4


def test_mana_burn_killer_may_make_it_free_for_1_less():
    g = MafikScenario.night(2).player("A", secret="killer", hand=["mana_burn", "pistol", "dummy"])
    g.player("B", hand=7, sleeve=3)
    g.play("A", "mana_burn", target="B", free=True).play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 3  # 2 + 2
    g = MafikScenario.night(2).player("A", hand=["mana_burn", "dummy"]).player("B", hand=5, sleeve=3)
    assert g.refusal("A", "play", card="mana_burn", target="B", free=True).code == "mafia_only"


# ---- Обрез под столом ----

def test_sawn_off_under_the_table_deals_4_if_the_target_uses_a_card_on_you():
    g = MafikScenario.night(2).player("A", hand=["sawn_off_under_the_table", "dummy"]).player("B", hand=["pistol"] + ["dummy"] * 5)
    g.play("A", "sawn_off_under_the_table", target="B").play("B", "pistol", target="A").resolve()
    assert g.hand_size("B") == 2  # 5 after the play: the replacement is cancelled, 3 discarded
    assert g.hand_size("A") == 1


def test_sawn_off_under_the_table_nothing_if_the_target_uses_cards_on_others():
    g = MafikScenario.night(2).player("A", hand=["sawn_off_under_the_table", "dummy"]).player("B", hand=["pistol"] + ["dummy"] * 5)
    g.player("C", hand=5)
    g.play("A", "sawn_off_under_the_table", target="B").play("B", "pistol", target="C").resolve()
    assert g.hand_size("B") == 6


def test_sawn_off_under_the_table_upper_stance_deals_6():
    g = MafikScenario.night(2).player("A", hand=["sawn_off_under_the_table", "dummy"]).player("B", hand=["shiv"] + ["dummy"] * 7)
    in_stance(g, "A")
    g.play("A", "sawn_off_under_the_table", target="B").play("B", "shiv", target="A").resolve()
    assert g.hand_size("B") == 2


# ---- Яд ----

def _after_day(g: MafikScenario) -> None:
    g.resolve()  # the night the card is played
    g.resolve()  # the day: no poison
    g.resolve()  # the next night


def test_poison_1_this_night_and_every_night():
    g = MafikScenario.night(2).player("A", hand=["poison", "dummy"]).player("B", hand=8)
    g.play("A", "poison", target="B").resolve()
    assert g.hand_size("B") == 7
    g.resolve()
    assert g.hand_size("B") == 7
    g.resolve()
    assert g.hand_size("B") == 6


def test_poison_accusation_2_a_night():
    g = MafikScenario.night(2).player("A", hand=["poison", "dummy"]).player("B", hand=8)
    played_before(g, "B", "shiv")
    g.play("A", "poison", target="B", accuse=["shiv"])
    _after_day(g)
    assert g.hand_size("B") == 4


def test_poison_upper_stance_2_and_3_with_accusation():
    g = MafikScenario.night(2).player("A", hand=["poison", "dummy"]).player("B", hand=8)
    in_stance(g, "A")
    g.play("A", "poison", target="B")
    _after_day(g)
    assert g.hand_size("B") == 4
    g = MafikScenario.night(2).player("A", hand=["poison", "dummy"]).player("B", hand=8)
    in_stance(g, "A")
    played_before(g, "B", "shiv")
    g.play("A", "poison", target="B", accuse=["shiv"])
    _after_day(g)
    assert g.hand_size("B") == 2


# ---- Coup de Grâce ----

def test_coup_de_grace_3_to_a_target_with_2_cards_or_fewer():
    g = MafikScenario.night(2).player("A", hand=["coup_de_grace", "dummy"]).player("B", hand=2)
    g.play("A", "coup_de_grace", target="B").resolve()
    assert not g.alive("B")


def test_coup_de_grace_nothing_against_3_cards():
    g = MafikScenario.night(2).player("A", hand=["coup_de_grace", "dummy"]).player("B", hand=3)
    g.play("A", "coup_de_grace", target="B").resolve()
    assert g.hand_size("B") == 3


def test_coup_de_grace_accusation_3_more_per_card_and_free():
    g = MafikScenario.night(2).player("A", hand=["coup_de_grace", "pistol", "dummy"]).player("B", hand=2)
    played_before(g, "B", "shiv")
    g.play("A", "coup_de_grace", target="B", accuse=["shiv"]).play("A", "pistol", target="B").resolve()
    packets = [e for e in g.events("damage_taken", to="B")]
    assert packets[0].params["amount"] == 7  # 6 + the Pistol's 1
    assert not g.alive("B")


# ---- Уличная драка ----

def test_street_fight_deals_the_chosen_amount_to_both():
    g = MafikScenario.night(2).player("A", hand=["street_fight", "pistol"] + ["dummy"] * 4).player("B", hand=6)
    g.play("A", "street_fight", target="B", amount=3).play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 2  # 3 + 1
    assert g.hand_size("A") == 3  # 4 after the plays; 2 replacements cancelled, 1 discarded


def test_street_fight_amount_from_1_to_3():
    g = MafikScenario.night(2).player("A", hand=["street_fight", "dummy"]).player("B", hand=6)
    assert g.refusal("A", "play", card="street_fight", target="B", amount=4).code == "bad_param"
    assert g.refusal("A", "play", card="street_fight", target="B", amount=0).code == "bad_param"


def test_street_fight_one_a_phase():
    g = MafikScenario.night(2).player("A", hand=["street_fight", "street_fight", "dummy"]).player("B", hand=6)
    g.play("A", "street_fight", target="B", amount=1)
    second = g.uid("A", "street_fight", skip={g.state.orders[0][0].card})
    with pytest.raises(Refusal) as info:
        api.submit(g.state, 0, "play", card=second, params={"target": 1, "amount": 1})
    assert info.value.code == "limit_reached"


# ---- Арсенал ----

def test_arsenal_gives_two_pistols_in_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["arsenal", "dummy"]).player("B", hand=5)
    g.play("A", "arsenal", target="B").resolve()
    assert g.sleeve("B") == ["pistol", "pistol"]


def test_arsenal_boss_spy_advisor_cost_1():
    for secret in ("boss", "spy", "advisor"):
        g = MafikScenario.night(2).player("A", secret=secret, hand=["arsenal", "dummy"], sleeve=["dummy"]).player("B")
        assert g.refusal("A", "play", card="arsenal", target="B").code == "cost_unpayable"
        g.play("A", "arsenal", target="B", pay_sleeve=["dummy"]).resolve()
        assert g.sleeve("B") == ["pistol", "pistol"] and g.sleeve("A") == []


# ---- Трассирующие пули ----

def test_tracer_rounds_cost_1_and_2_damage_on_a_right_guess():
    g = MafikScenario.night(2).player("A", hand=["tracer_rounds", "dummy"], sleeve=["dummy"]).player("B", secret="judge", hand=5)
    assert g.refusal("A", "play", card="tracer_rounds", target="B", role="judge").code == "cost_unpayable"
    g.play("A", "tracer_rounds", target="B", role="judge", pay_sleeve=["dummy"]).resolve()
    assert g.hand_size("B") == 3


def test_tracer_rounds_wrong_guess_nothing():
    g = MafikScenario.night(2).player("A", hand=["tracer_rounds", "dummy"], sleeve=["dummy"]).player("B", secret="judge", hand=5)
    g.play("A", "tracer_rounds", target="B", role="sheriff", pay_sleeve=["dummy"]).resolve()
    assert g.hand_size("B") == 5


def test_tracer_rounds_maniac_and_traitor_cost_0_and_free():
    for secret in ("maniac", "traitor"):
        g = MafikScenario.night(2).player("A", secret=secret, hand=["tracer_rounds", "pistol", "dummy"])
        g.player("B", secret="judge", hand=5)
        g.play("A", "tracer_rounds", target="B", role="judge").play("A", "pistol", target="B").resolve()
        assert g.hand_size("B") == 2


def test_tracer_rounds_mafia_learns_the_play():
    g = MafikScenario.night(2).player("A", secret="spy", hand=["tracer_rounds", "dummy"], sleeve=["dummy"])
    g.player("B", secret="judge", hand=5)
    g.play("A", "tracer_rounds", target="B", role="sheriff", pay_sleeve=["dummy"]).resolve()
    [event] = g.events("tracer_rounds")
    assert (event.to, event.who) == ("faction", "mafia")
    assert event.params == {"actor": 0, "target": 1, "secret_role": "sheriff"}
    g = MafikScenario.night(2).player("A", hand=["tracer_rounds", "dummy"], sleeve=["dummy"]).player("B", hand=5)
    g.play("A", "tracer_rounds", target="B", role="sheriff", pay_sleeve=["dummy"]).resolve()
    assert not g.events("tracer_rounds")


# ---- Метание карты ----

def test_card_throw_2_damage_and_up_to_two_cards_replaced():
    g = MafikScenario.night(2).player("A", hand=["card_throw", "shiv", "kick", "dummy"], deck=["poison"] * 5)
    g.player("B", hand=5)
    g.build()
    cards = [g.uid("A", "shiv"), g.uid("A", "kick")]
    g.play("A", "card_throw", target="B", cards=cards).resolve()
    assert g.hand_size("B") == 3
    assert sorted(g.hand("A")) == ["dummy", "poison", "poison", "poison"]
    assert {c.card for c in g.p("A").discard} == {"card_throw", "shiv", "kick"}


def test_card_throw_three_cards_only_in_the_upper_stance():
    g = MafikScenario.night(2).player("A", hand=["card_throw", "shiv", "kick", "pistol"], deck=["poison"] * 5)
    g.player("B", hand=5)
    g.build()
    cards = [g.uid("A", "shiv"), g.uid("A", "kick"), g.uid("A", "pistol")]
    assert g.refusal("A", "play", card="card_throw", target="B", cards=cards).code == "bad_param"
    in_stance(g, "A")
    g.play("A", "card_throw", target="B", cards=cards).resolve()
    assert g.hand("A") == ["poison"] * 4


# ---- Демоническая форма ----

def _demonic(upper: bool = False) -> MafikScenario:
    g = MafikScenario.day(1).player("A", hand=["demonic_form", "demonic_form", "dummy"], sleeve=["dummy"] * 3)
    g.player("B", hand=7).player("C", hand=7)
    g.play("A", "demonic_form", pay_sleeve=["dummy"] * 3, upper=upper).resolve()
    return g


def test_demonic_form_costs_3_and_lets_you_deal_2_every_night():
    g = _demonic()
    assert g.sleeve("A") == []
    ability(g, "A", "demonic_form", target="B")
    g.resolve()
    assert g.hand_size("B") == 5
    g.resolve()
    ability(g, "A", "demonic_form", target="C")
    g.resolve()
    assert (g.hand_size("B"), g.hand_size("C")) == (5, 5)


def test_demonic_form_only_at_night():
    g = _demonic()
    g.resolve()
    assert g.state.is_day
    assert g.refusal("A", "ability", ability="demonic_form", target="B").code == "wrong_phase"


def test_demonic_form_accusation_1_more_per_named_card():
    g = _demonic()
    played_before(g, "B", "shiv", "kick")
    ability(g, "A", "demonic_form", target="B", accuse=["shiv", "kick"])
    g.resolve()
    assert g.hand_size("B") == 3


def test_demonic_form_does_not_stack():
    g = MafikScenario.day(1).player("A", hand=["demonic_form", "dummy"], sleeve=["dummy"] * 3)
    g.player("B", hand=7)
    g.build()
    g.state.add_effect("ability", target=0, source=0, card="demonic_form", nights_only=True, instead_of=None)
    g.play("A", "demonic_form", pay_sleeve=["dummy"] * 3).resolve()
    assert len(g.state.effects_of("ability", target=0)) == 1
    ability(g, "A", "demonic_form", target="B")
    assert g.refusal("A", "ability", ability="demonic_form", target="B").code == "limit_reached"


def test_demonic_form_may_go_to_the_upper_stance_for_2_phases():
    from engine.rulesets.mafik.costs import stance

    g = _demonic(upper=True)
    assert stance(g.state, 0) == "upper"
    g.resolve()
    assert stance(g.state, 0) == "upper"
    g.resolve()
    assert stance(g.state, 0) == "normal"
    g = _demonic()
    assert stance(g.state, 0) == "normal"


def test_demonic_form_is_unusable_without_the_card():
    g = MafikScenario.night(2).player("A").player("B")
    assert g.refusal("A", "ability", ability="demonic_form", target="B").code == "not_allowed"


# ---- Миротворческая операция ----

def _peacekeeper(**kwargs: object) -> MafikScenario:
    g = MafikScenario.night(2).player("A", hand=["peacekeeping_operation", "pistol", "dummy"], sleeve=["dummy"], **kwargs)
    g.player("B", hand=6).player("C", hand=["pistol", "dummy"])
    g.play("A", "peacekeeping_operation", pay_sleeve=["dummy"]).resolve().resolve()
    return g


def test_peacekeeping_operation_damage_becomes_armor():
    g = _peacekeeper()
    assert g.sleeve("A") == []
    g.play("A", "pistol", target="B", armor_instead=True).play("C", "pistol", target="B").resolve()
    assert g.hand_size("B") == 6  # the Pistol's 1 damage became 1 armor, which stopped C's Pistol


def test_peacekeeping_operation_needs_the_card_and_the_night():
    g = MafikScenario.night(2).player("A", hand=["pistol", "dummy"]).player("B", hand=6)
    assert g.refusal("A", "play", card="pistol", target="B", armor_instead=True).code == "not_allowed"


def test_peacekeeping_operation_no_accusation_unless_upper_stance():
    g = _peacekeeper()
    played_before(g, "B", "shiv")
    refusal = g.refusal("A", "play", card="pistol", target="B", armor_instead=True, accuse=["shiv"])
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "armor_instead"
    in_stance(g, "A")
    g.play("A", "pistol", target="B", armor_instead=True, accuse=["shiv"]).resolve()
    assert g.hand_size("B") == 6
    assert g.state.players[1].alive


# ---- Берсерк ----

def test_berserk_double_damage_dealt_and_taken_no_armor_free():
    g = MafikScenario.night(2).player("A", hand=["berserk", "pistol"] + ["dummy"] * 8, sleeve=["dummy"] * 2)
    g.player("B", hand=8).player("C", hand=["pistol", "dummy"])
    armor_each_phase(g, "A", 5)
    g.play("A", "berserk", pay_sleeve=["dummy"] * 2).play("A", "pistol", target="B")
    g.play("C", "pistol", target="A").resolve()
    assert g.hand_size("B") == 6  # 1 × 2
    assert g.hand_size("A") == 8  # 8 after the plays; 2 damage (1 × 2) cancel both replacements, armor is void


def test_berserk_lasts_4_phases():
    g = MafikScenario.night(2).player("A", hand=["berserk"] + ["dummy"] * 5, sleeve=["dummy"] * 2)
    g.player("B", hand=9)
    g.play("A", "berserk", pay_sleeve=["dummy"] * 2).resolve()
    assert len(g.state.effects_of("berserk", target=0)) == 1
    g.resolve().resolve()
    assert g.state.phase == 6 and len(g.state.effects_of("berserk", target=0)) == 1  # the 4th phase
    g.resolve()
    assert not g.state.effects_of("berserk", target=0)


# ---- Вендетта ----

def test_vendetta_free_damage_cards_on_someone_who_hurt_you():
    g = MafikScenario.night(2).player("A", hand=["dummy", "dummy", "vendetta", "pistol", "kick"], sleeve=["dummy"])
    g.player("B", hand=["shiv"] + ["dummy"] * 8)
    g.play("B", "shiv", target="A").resolve()  # B hurts A on night 2
    g.resolve()
    g.play("A", "vendetta", target="B", pay_sleeve=["dummy"]).resolve()  # night 3
    assert g.events("vendetta_confirmed", to="A")
    g.resolve()
    g.play("A", "pistol", target="B").play("A", "kick", target="B").resolve()  # night 4: both free
    assert g.hand_size("B") == 7


def test_vendetta_nothing_if_the_target_never_hurt_you():
    g = MafikScenario.night(2).player("A", hand=["vendetta", "pistol", "kick", "dummy"], sleeve=["dummy"])
    g.player("B", hand=8)
    g.play("A", "vendetta", target="B", pay_sleeve=["dummy"]).resolve()
    assert g.events("vendetta_denied", to="A")
    g.resolve()
    g.play("A", "pistol", target="B")
    assert g.refusal("A", "play", card="kick", target="B").code == "limit_reached"


def test_vendetta_upper_stance_target_has_no_armor_next_night():
    g = MafikScenario.night(2).player("A", hand=["vendetta", "pistol", "dummy"], sleeve=["dummy"]).player("B", hand=8)
    in_stance(g, "A")
    g.play("A", "vendetta", target="B", pay_sleeve=["dummy"]).resolve().resolve()
    armor_each_phase(g, "B", 5)
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 7


# ---- Отравленный клинок ----

def test_poisoned_blade_deals_2():
    g = MafikScenario.night(2).player("A", hand=["poisoned_blade", "dummy"]).player("B", hand=8)
    g.play("A", "poisoned_blade", target="B").resolve()
    assert g.hand_size("B") == 6
    g.resolve()
    assert g.hand_size("B") == 6


def test_poisoned_blade_accusation_1_in_each_of_the_next_two_phases():
    g = MafikScenario.night(2).player("A", hand=["poisoned_blade", "dummy"]).player("B", hand=8)
    played_before(g, "B", "shiv")
    g.play("A", "poisoned_blade", target="B", accuse=["shiv"]).resolve()
    assert g.hand_size("B") == 6
    g.resolve()
    assert g.hand_size("B") == 5
    g.resolve()
    assert g.hand_size("B") == 4
    g.resolve()
    assert g.hand_size("B") == 4


# ---- Нож-кредитка ----

def test_credit_card_knife_1_damage_every_night_instead_of_the_sleeve_card():
    g = MafikScenario.day(1).player("A", hand=["credit_card_knife", "dummy"], sleeve=["shiv", "dummy"]).player("B", hand=7)
    g.play("A", "credit_card_knife").resolve()
    ability(g, "A", "credit_card_knife", target="B")
    assert g.refusal("A", "play", card="dummy", from_sleeve=True).code == "limit_reached"
    g.resolve()
    assert g.hand_size("B") == 6
    g.resolve()
    ability(g, "A", "credit_card_knife", target="B")
    g.resolve()
    assert g.hand_size("B") == 5


def test_credit_card_knife_upper_stance_2_damage_that_remains():
    g = MafikScenario.day(1).player("A", hand=["credit_card_knife", "dummy"]).player("B", hand=7)
    in_stance(g, "A")
    g.play("A", "credit_card_knife").resolve()
    g.state.effects = [e for e in g.state.effects if e.kind != "stance"]  # back to the normal stance
    ability(g, "A", "credit_card_knife", target="B")
    g.resolve()
    assert g.hand_size("B") == 5


def test_credit_card_knife_does_not_stack():
    g = MafikScenario.day(1).player("A", hand=["credit_card_knife", "credit_card_knife", "dummy"]).player("B", hand=7)
    g.play("A", "credit_card_knife").resolve().resolve().play("A", "credit_card_knife").resolve()
    ability(g, "A", "credit_card_knife", target="B")
    assert g.refusal("A", "ability", ability="credit_card_knife", target="B").code == "limit_reached"
    g.resolve()
    assert g.hand_size("B") == 6


# ---- Убийство ----

def test_murder_3_if_the_target_holds_the_card_and_does_not_play_it():
    g = MafikScenario.night(2).player("A", hand=["murder", "dummy"]).player("B", hand=["kick"] + ["dummy"] * 5)
    play_naming(g, "A", "murder", "kick", target="B")
    g.resolve()
    assert g.hand_size("B") == 3


def test_murder_nothing_if_the_target_plays_it_or_lacks_it():
    g = MafikScenario.night(2).player("A", hand=["murder", "dummy"]).player("B", hand=["kick"] + ["dummy"] * 5)
    g.player("C", hand=5)
    play_naming(g, "A", "murder", "kick", target="B")
    g.play("B", "kick", target="C").resolve()
    assert g.hand_size("B") == 6
    g = MafikScenario.night(2).player("A", hand=["murder", "dummy"]).player("B", hand=6)
    play_naming(g, "A", "murder", "kick", target="B")
    g.resolve()
    assert g.hand_size("B") == 6


def test_murder_names_a_non_peaceful_card():
    g = MafikScenario.night(2).player("A", hand=["murder", "dummy"]).player("B", hand=6)
    assert refuse_naming(g, "A", "murder", "pistol", target="B").params["reason"] == "peaceful"


# ---- Гоп-стоп ----

def test_mugging_1_damage_and_a_sleeve_card_if_the_colour_was_missing():
    g = MafikScenario.night(2).player("A", hand=["mugging", "dummy"], deck=["shiv", "dummy"]).player("B", hand=5)
    g.play("A", "mugging", target="B", colours=["damage"]).resolve()
    assert g.hand_size("B") == 4 and g.sleeve("A") == ["shiv"]


def test_mugging_nothing_if_the_target_had_that_colour_at_night_start():
    g = MafikScenario.night(2).player("A", hand=["mugging", "dummy"]).player("B", hand=["kick"] + ["dummy"] * 4)
    g.player("C", hand=5)
    g.play("A", "mugging", target="B", colours=["damage"]).play("B", "kick", target="C").resolve()
    assert g.hand_size("B") == 5 and g.sleeve("A") == []


def test_mugging_two_colours_only_in_the_upper_stance_and_one_missing_is_enough():
    g = MafikScenario.night(2).player("A", hand=["mugging", "dummy"], deck=["shiv", "dummy"]).player("B", hand=["kick"] + ["dummy"] * 4)
    assert g.refusal("A", "play", card="mugging", target="B", colours=["damage", "intel"]).code == "bad_param"
    in_stance(g, "A")
    g.play("A", "mugging", target="B", colours=["damage", "intel"]).resolve()
    assert g.hand_size("B") == 4 and g.sleeve("A") == ["shiv"]


# ---- Мирная: these cannot be named in an Обвинение ----

def _peaceful_refused(card: str) -> None:
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    refusal = g.refusal("A", "play", card="kick", target="B", accuse=[card])
    assert refusal.code == "bad_param" and refusal.params["reason"] == "peaceful"


def test_contract_is_peaceful():
    _peaceful_refused("contract")


def test_sniper_rifle_is_peaceful():
    _peaceful_refused("sniper_rifle")


def test_backstab_is_peaceful():
    _peaceful_refused("backstab")


def test_berserk_is_peaceful():
    _peaceful_refused("berserk")


def test_shiv_can_be_named():
    g = MafikScenario.night(2).player("A", hand=["kick", "dummy"]).player("B", hand=5)
    played_before(g, "B", "shiv")
    g.play("A", "kick", target="B", accuse=["shiv"]).resolve()
    assert g.hand_size("B") == 4
