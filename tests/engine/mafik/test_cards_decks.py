"""Cards that act on decks (engine/rulesets/mafik/cards/decks.py): a test per card and per variant, with
the exact cards, numbers and events the texts give (readings: docs/rulings/mafik-decks.md).

Players are Офицеры (Закон: Защита, Разведка, Маскировка) unless a test says otherwise; a Босс keeps the
game running. A new deck is built with `rebuild` from NEUTRAL_DECK (legal for every role).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.checks import learn
from engine.core.refusal import Refusal
from engine.core.rng import Rng
from engine.core.state import DeckBuilding, PlayRecord
from engine.rulesets.mafik.deck import deck_colours, deck_limits, max_copies
from engine.rulesets.mafik.ruleset import Mafik, deal
from tests.engine.mafik.conftest import MafikScenario

BOSS: dict[str, Any] = {"secret": "boss"}
NEUTRAL_DECK = ["dummy", "dummy", "mulligan", "mulligan", "seek", "seek", "concentration", "concentration",
                "plan_b", "plan_b", "meditation", "meditation", "true_balance", "true_balance", "breach"]


def deck(g: MafikScenario, name: str) -> list[str]:
    return [c.card for c in g.p(name).deck]


def stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def rebuild(g: MafikScenario, name: str, cards: list[str] | None = None, **params: Any) -> None:
    """`name` builds a new deck (allowed as by Второй шанс)."""
    g.build()
    g.state.add_effect("may_rebuild", target=g.pid(name))
    api.act(g.state, g.pid(name), "rebuild_deck", {"cards": cards or NEUTRAL_DECK, **params})


def play_card(g: MafikScenario, name: str, card_id: str, /, **params: Any) -> MafikScenario:
    """Play a card whose own parameter is called `card` (Иллюзия обмана, Наследие, Дежавю)."""
    g.build()
    api.submit(g.state, g.pid(name), "play", card=g.uid(name, card_id), params=g._params(params))
    return g


def day_with_council(g: MafikScenario, victim: str = "Z") -> MafikScenario:
    """By day everyone votes for `victim` (a filler player), so the Вече takes nobody the test is about."""
    for player in g.state.living():
        if player.name != victim:
            g.vote(player.name, victim)
    return g


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


# ---- Обыск ----

def test_house_search_gives_a_dummy_without_accusation():
    g = MafikScenario.night(2).player("A", hand=["house_search", "dummy"]).player("B", deck=["tank"] * 4)
    g.player("M", **BOSS)
    g.play("A", "house_search", target="B").resolve()
    assert g.sleeve("A") == ["dummy"]
    assert not g.events("house_search", to="A")


def test_house_search_accusation_copies_a_card_of_the_targets_deck():
    g = MafikScenario.night(2).player("A", hand=["house_search", "dummy"]).player("B", deck=["tank"] * 4)
    g.player("M", **BOSS)
    played_before(g, "B", "bunker")
    g.play("A", "house_search", target="B", accuse=["bunker"]).resolve()
    assert g.sleeve("A") == ["tank"]
    assert deck(g, "B") == ["tank"] * 4  # a copy: the target's deck keeps its card
    assert g.events("house_search", to="A")[0].params["named"] == "tank"


def test_house_search_wrong_accusation_gives_a_dummy():
    g = MafikScenario.night(2).player("A", hand=["house_search", "dummy"]).player("B", deck=["tank"] * 4)
    g.player("M", **BOSS)
    played_before(g, "B", "bunker")
    g.play("A", "house_search", target="B", accuse=["lamp"]).resolve()
    assert g.sleeve("A") == ["dummy"]


def test_house_search_upper_stance_needs_no_accusation():
    g = MafikScenario.night(2).player("A", hand=["house_search", "dummy"]).player("B", deck=["lamp"] * 3)
    g.player("M", **BOSS)
    stance(g, "A", "upper")
    g.play("A", "house_search", target="B").resolve()
    assert g.sleeve("A") == ["lamp"]


# ---- Маска, Карнавал ----

def test_mask_allows_3_copies_of_the_chosen_colour_at_rebuilds():
    g = MafikScenario.day(1).player("A", hand=["mask", "dummy"]).player("M", **BOSS).player("Z")
    day_with_council(g.play("A", "mask", colour="defence")).resolve()
    pid = g.pid("A")
    assert max_copies(g.state, pid, "tank") == 3  # Танк: Защита
    assert max_copies(g.state, pid, "house_search") == 2  # Разведка: not chosen
    cards = ["tank"] * 3 + NEUTRAL_DECK[3:]
    rebuild(g, "A", cards)
    assert deck(g, "A").count("tank") == 3


def test_mask_lower_stance_allows_4_and_does_not_stack():
    g = MafikScenario.day(1).player("A", hand=["mask", "dummy"]).player("M", **BOSS).player("Z")
    stance(g, "A", "lower")
    day_with_council(g.play("A", "mask", colour="defence")).resolve()
    assert max_copies(g.state, g.pid("A"), "tank") == 4
    g.state.add_effect("mask", target=g.pid("A"), colour="defence", copies=3)  # a later one in a normal stance
    assert max_copies(g.state, g.pid("A"), "tank") == 4


def test_mask_several_colours_may_be_chosen():
    g = MafikScenario.day(1).player("A", hand=["mask", "mask", "dummy"]).player("M", **BOSS).player("Z").player("Y")
    day_with_council(g.play("A", "mask", colour="defence")).resolve()
    g.resolve()  # the night
    day_with_council(g.play("A", "mask", colour="intel"), "Y").resolve()
    assert max_copies(g.state, g.pid("A"), "tank") == 3
    assert max_copies(g.state, g.pid("A"), "house_search") == 3


def test_mask_refuses_a_colour_not_of_the_role():
    g = MafikScenario.day(1).player("A", hand=["mask", "dummy"]).player("M", **BOSS)
    refusal = g.refusal("A", "play", card="mask", colour="damage")
    assert refusal.params["reason"] == "not_role_colour"


def test_carnival_lets_any_sleeve_card_be_played_as_mask():
    g = MafikScenario.night(2).player("A", hand=["carnival", "dummy"], sleeve=["dummy", "tank"])
    g.player("M", **BOSS).player("Z")
    g.play("A", "carnival", pay_sleeve=["dummy"]).resolve()
    assert [e.params["card"] for e in g.state.effects_of("play_as", target=g.pid("A"))] == ["mask"]
    g.order("A", "play", card="tank", from_sleeve=True, colour="intel", **{"as": "mask"})  # by day: Дневная
    day_with_council(g).resolve()
    assert max_copies(g.state, g.pid("A"), "house_search") == 3


# ---- Смена IP, Шизофрения, Карьерный рост ----

def test_ip_change_replaces_a_colour_at_the_next_build_only():
    g = MafikScenario.night(2).player("A", hand=["ip_change", "dummy"]).player("M", **BOSS)
    g.play("A", "ip_change", old="intel", new="damage").resolve()
    assert deck_colours(g.state, g.pid("A")) == ("defence", "damage", "disguise")
    rebuild(g, "A", ["pistol"] * 2 + NEUTRAL_DECK[2:])  # 2 Пистолета: Урон is the player's now
    assert deck(g, "A").count("pistol") == 2
    assert deck_colours(g.state, g.pid("A")) == ("defence", "intel", "disguise")  # spent


def test_ip_change_refuses_a_colour_the_player_has():
    g = MafikScenario.night(2).player("A", hand=["ip_change", "dummy"]).player("M", **BOSS)
    assert g.refusal("A", "play", card="ip_change", old="intel", new="defence").params["reason"] == "own_colour"
    assert g.refusal("A", "play", card="ip_change", old="damage", new="chaos").params["reason"] == "not_role_colour"


def test_schizophrenia_all_colours_and_a_maniac_until_the_next_build():
    g = MafikScenario.night(2).player("A", hand=["schizophrenia", "dummy"], sleeve=["dummy"] * 3)
    g.player("B").player("M", **BOSS)
    g.play("A", "schizophrenia", pay_sleeve=["dummy"] * 3).resolve()
    assert set(deck_colours(g.state, g.pid("A"))) == {"damage", "defence", "intel", "disguise", "control",
                                                       "chaos", "support", "boost"}
    assert learn(g.ruleset, g.state, g.pid("B"), g.pid("A"), "secret_role") == "maniac"
    rebuild(g, "A", ["pistol"] * 2 + ["counter"] * 2 + NEUTRAL_DECK[4:])  # 4 cards of colours not the role's
    assert learn(g.ruleset, g.state, g.pid("B"), g.pid("A"), "secret_role") == "officer"


def test_career_growth_law_adds_a_colour():
    g = MafikScenario.night(2).player("A", hand=["career_growth", "dummy"]).player("M", **BOSS)
    g.play("A", "career_growth", colour="damage").resolve()
    assert deck_colours(g.state, g.pid("A")) == ("defence", "intel", "disguise", "damage")


def test_career_growth_mafia_replaces_a_colour_of_the_role():
    g = MafikScenario.night(2).player("M", hand=["career_growth", "dummy"], sleeve=["dummy"], **BOSS)
    g.player("A")
    g.play("M", "career_growth", colour="damage", old="chaos", pay_sleeve=["dummy"]).resolve()
    assert deck_colours(g.state, g.pid("M")) == ("control", "damage")


def test_career_growth_maniac_does_nothing_and_is_free():
    g = MafikScenario.night(2).player("X", secret="maniac", hand=["career_growth", "dummy"]).player("A")
    g.player("M", **BOSS)
    g.build()
    before = deck_colours(g.state, g.pid("X"))
    g.play("X", "career_growth").resolve()
    assert deck_colours(g.state, g.pid("X")) == before
    assert g.ruleset.catalog["career_growth"].has("free") is False  # Свободная only for the Маньяк:
    assert any("free" in t.tags for t in g.ruleset.catalog["career_growth"].tags_by)


# ---- Убеждение ----

def test_persuasion_exact_top_two_before_the_draws():
    g = MafikScenario.night(2).player("A", hand=["persuasion", "dummy"], sleeve=["dummy"])
    g.player("B", hand=["dummy"], deck=["tank", "lamp", "bunker"]).player("M", **BOSS)
    g.play("A", "persuasion", target="B", cards=["pistol", "mask"], pay_sleeve=["dummy"]).resolve()
    assert deck(g, "B") == ["pistol", "mask", "bunker"]  # B played nothing: no draw


def test_persuasion_upper_stance_turns_4_and_may_target_self():
    g = MafikScenario.night(2).player("A", hand=["persuasion", "dummy"], sleeve=["dummy"],
                                      deck=["tank"] * 5).player("M", **BOSS)
    stance(g, "A", "upper")
    g.play("A", "persuasion", target="A", cards=["pistol", "mask", "lamp", "seek"], pay_sleeve=["dummy"]).resolve()
    assert deck(g, "A") == ["mask", "lamp", "seek", "tank"]  # the Пистолет it made on top is the refill
    assert g.hand("A") == ["dummy", "pistol"]


def test_persuasion_two_on_one_target_only_one_works():
    g = MafikScenario.night(2).player("A", hand=["persuasion", "dummy"], sleeve=["dummy"])
    g.player("C", hand=["persuasion", "dummy"], sleeve=["dummy"])
    g.player("B", hand=["dummy"], deck=["tank", "tank", "tank"]).player("M", **BOSS)
    g.play("A", "persuasion", target="B", cards=["pistol", "mask"], pay_sleeve=["dummy"])
    g.play("C", "persuasion", target="B", cards=["lamp", "seek"], pay_sleeve=["dummy"]).resolve()
    assert deck(g, "B")[:2] in (["pistol", "mask"], ["lamp", "seek"])
    assert deck(g, "B")[2] == "tank"


# ---- Промывание мозгов ----

def test_brainwashing_destroys_every_card_of_the_colour_and_tells_it():
    g = MafikScenario.night(2).player("A", hand=["brainwashing", "dummy"], sleeve=["dummy"])
    g.player("B", hand=["dummy"], deck=["tank", "house_search", "bunker", "pistol"]).player("M", **BOSS)
    g.play("A", "brainwashing", target="B", colour="defence", pay_sleeve=["dummy"]).resolve()
    assert deck(g, "B") == ["house_search", "pistol"]
    assert g.events("brainwashing_destroyed", to="A")[0].params["colour"] == "defence"
    assert not g.events("brainwashing_none", to="A")


def test_brainwashing_nothing_of_the_colour():
    g = MafikScenario.night(2).player("A", hand=["brainwashing", "dummy"], sleeve=["dummy"])
    g.player("B", hand=["dummy"], deck=["house_search"]).player("M", **BOSS)
    g.play("A", "brainwashing", target="B", colour="defence", pay_sleeve=["dummy"]).resolve()
    assert deck(g, "B") == ["house_search"]
    assert g.events("brainwashing_none", to="A")[0].params["colour"] == "defence"
    assert not g.events("brainwashing_destroyed", to="A")


# ---- Рестарт ----

def test_restart_everyone_may_rebuild_in_the_next_phase_and_all_learn_who():
    g = MafikScenario.night(2).player("A", hand=["restart", "dummy"], sleeve=["dummy"] * 3)
    g.player("B", deck=["tank"] * 5).player("M", **BOSS)
    g.play("A", "restart", pay_sleeve=["dummy"] * 3).resolve()
    assert g.public("restart")[0].params["actor"] == g.pid("A")
    for name in ("A", "B", "M"):
        assert api.may_rebuild(g.state, g.pid(name))
    api.act(g.state, g.pid("B"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert sorted(deck(g, "B")) == sorted(NEUTRAL_DECK)
    g.resolve()
    assert not api.may_rebuild(g.state, g.pid("A"))  # only in the next phase


def test_restart_once_per_player():
    g = MafikScenario.night(2).player("A", hand=["restart", "dummy"], sleeve=["dummy"] * 3).player("M", **BOSS)
    played_before(g, "A", "restart")
    assert g.refusal("A", "play", card="restart", pay_sleeve=["dummy"] * 3).code == "limit_reached"


# ---- Иллюзия обмана ----

@pytest.mark.parametrize(("coin", "drawn"), [(0, "tank"), (1, "lamp")])
def test_illusion_of_deception_the_named_card_comes_next_with_50_percent(monkeypatch, coin, drawn):
    g = MafikScenario.night(2).player("A", hand=["illusion_of_deception", "dummy"], deck=["lamp", "seek"])
    g.player("M", **BOSS)
    play_card(g, "A", "illusion_of_deception", card="tank")
    monkeypatch.setattr(Rng, "below", lambda self, n: coin)
    g.resolve()
    assert g.hand("A") == ["dummy", drawn]  # free: the Hand card it was refills
    assert not g.state.effects_of("illusion", target=g.pid("A"))  # only the next card


def _coin(monkeypatch: pytest.MonkeyPatch, side: int) -> bool:
    monkeypatch.setattr(Rng, "below", lambda self, n: side)
    return True


def test_illusion_of_deception_takes_the_named_card_from_the_deck_when_there(monkeypatch):
    g = MafikScenario.night(2).player("A", hand=["illusion_of_deception", "dummy"], deck=["lamp", "seek", "tank"])
    g.player("M", **BOSS)
    g.build()
    g.state.add_effect("illusion", target=g.pid("A"), named="tank")
    card = Mafik().draw_one(g.state, g.p("A")) if _coin(monkeypatch, 0) else None
    assert card.card == "tank"
    assert deck(g, "A") == ["lamp", "seek"]


# ---- Кредит ----

def test_credit_drawn_into_the_hand_becomes_a_debt_and_a_dummy_to_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["dummy", "dummy"], deck=["credit", "lamp"]).player("M", **BOSS)
    g.play("A", "dummy").resolve()
    assert g.hand("A") == ["dummy", "debt"]
    assert g.sleeve("A") == ["dummy"]
    assert g.events("credit_debt", to="A")


def test_credit_dealt_into_the_first_hand_becomes_a_debt():
    g = MafikScenario.night(1).player("A", deck=[], hand=[]).player("M", **BOSS)
    g.build()
    player = g.p("A")
    player.deck_choice = ["credit"] + ["seek"] * 14
    player.building = DeckBuilding(mode="choose", guaranteed=["credit"], done=True)  # on top, as the Инженер's
    deal(g.state, player)
    assert sorted(g.hand("A")) == ["debt"] + ["seek"] * 5
    assert g.sleeve("A") == ["dummy"]


def test_credit_drawn_into_the_sleeve_stays_credit():
    g = MafikScenario.night(2).player("A", deck=["credit", "lamp"]).player("M", **BOSS)
    g.build()
    from engine.rulesets.mafik.deck import draw

    assert draw(g.state, g.p("A"), "sleeve").card == "credit"


def test_credit_played_shuffles_a_new_credit_into_the_deck():
    g = MafikScenario.night(2).player("A", hand=["credit", "dummy"], deck=["lamp"] * 4).player("M", **BOSS)
    g.play("A", "credit").resolve()
    assert deck(g, "A").count("credit") + g.hand("A").count("debt") == 1
    assert len(deck(g, "A")) + g.hand("A").count("debt") + g.hand("A").count("lamp") == 5


# ---- Хитрый план ----

def test_cunning_plan_shuffles_sleeve_cards_into_the_deck_as_free():
    g = MafikScenario.night(2).player("A", hand=["cunning_plan", "dummy"], sleeve=["tank", "lamp", "seek"],
                                      deck=["bunker"] * 4).player("M", **BOSS)
    g.build()
    uids = [g.uid("A", "tank", zone="sleeve"), g.uid("A", "lamp", zone="sleeve")]
    g.play("A", "cunning_plan", sleeve=uids).resolve()
    assert g.sleeve("A") == ["seek"]
    moved = [c for c in g.p("A").deck + g.p("A").hand if c.uid in uids]
    assert sorted(c.card for c in moved) == ["lamp", "tank"] and all(c.free for c in moved)
    assert not g.state.effects_of("stance", target=g.pid("A"))


def test_cunning_plan_upper_stance_for_2_phases():
    g = MafikScenario.night(2).player("A", hand=["cunning_plan", "dummy"], sleeve=["tank"]).player("M", **BOSS)
    g.build()
    g.play("A", "cunning_plan", sleeve=[g.uid("A", "tank", zone="sleeve")], upper_stance=True).resolve()
    effect = g.state.effects_of("stance", target=g.pid("A"))[0]
    assert (effect.start, effect.end, effect.params["stance"]) == (4, 5, "upper")


# ---- Наследие ----

def test_legacy_a_copy_to_the_sleeve_after_each_rebuild():
    g = MafikScenario.night(2).player("A", hand=["legacy", "dummy"]).player("M", **BOSS)
    play_card(g, "A", "legacy", card="tank").resolve()
    assert g.sleeve("A") == []
    rebuild(g, "A")
    assert g.sleeve("A") == ["tank"]
    assert g.events("legacy", to="A")[0].params == {"named": "tank", "count": 1}
    rebuild(g, "A")  # the third deck: the role's unique card comes too
    assert g.sleeve("A").count("tank") == 2


def test_legacy_upper_stance_two_copies():
    g = MafikScenario.night(2).player("A", hand=["legacy", "dummy"]).player("M", **BOSS)
    stance(g, "A", "upper")
    play_card(g, "A", "legacy", card="tank").resolve()
    rebuild(g, "A")
    assert g.sleeve("A") == ["tank", "tank"]


# ---- Let's get dangerous ----

DANGEROUS_DECK = ["pistol"] * 5 + ["broad_daylight"] * 3 + NEUTRAL_DECK[:7]


def test_lets_get_dangerous_unlimited_copies_at_the_next_build():
    g = MafikScenario.night(2).player("A", secret="judge", hand=["lets_get_dangerous", "dummy"])
    g.player("M", **BOSS)
    g.build()
    assert max_copies(g.state, g.pid("A"), "pistol") == 2
    g.play("A", "lets_get_dangerous").resolve()
    assert max_copies(g.state, g.pid("A"), "pistol") == 15
    assert max_copies(g.state, g.pid("A"), "sniper_rifle") == 15
    assert max_copies(g.state, g.pid("A"), "tank") == 2
    rebuild(g, "A", DANGEROUS_DECK)
    assert deck(g, "A").count("pistol") == 5
    assert max_copies(g.state, g.pid("A"), "pistol") == 2  # that build only


def test_lets_get_dangerous_copies_of_that_deck_deal_1_more_base_damage():
    g = MafikScenario.night(2).player("A", secret="judge", hand=["lets_get_dangerous", "dummy"])
    g.player("B", hand=6).player("M", **BOSS)
    g.play("A", "lets_get_dangerous").resolve()
    rebuild(g, "A", DANGEROUS_DECK)
    g.state.phase = 5
    pistol = next(c for c in g.p("A").deck if c.card == "pistol")
    g.p("A").deck.remove(pistol)
    g.p("A").hand.append(pistol)
    g.p("A").hand.append(g.state.new_card("pistol"))  # an ordinary Пистолет
    api.submit(g.state, g.pid("A"), "play", card=pistol.uid, params={"target": g.pid("B")})
    g.resolve()
    assert g.hand_size("B") == 4  # 1 + 1


def test_lets_get_dangerous_an_ordinary_pistol_deals_1():
    g = MafikScenario.night(2).player("A", secret="judge", hand=["pistol", "dummy"]).player("B", hand=6)
    g.player("M", **BOSS)
    g.build()
    g.state.add_effect("dangerous_copies", target=g.pid("A"), uids=[9999])
    g.play("A", "pistol", target="B").resolve()
    assert g.hand_size("B") == 5


# ---- Кейкаку ----

def test_keikaku_three_chosen_cards_of_the_next_deck_become_free():
    g = MafikScenario.night(2).player("A", hand=["keikaku", "dummy"], sleeve=["dummy"]).player("M", **BOSS)
    g.play("A", "keikaku", pay_sleeve=["dummy"]).resolve()
    rebuild(g, "A", free=["seek", "breach", "mulligan"])
    free = sorted(c.card for c in g.p("A").deck if c.free)
    assert free == ["breach", "mulligan", "seek"]
    assert not g.state.effects_of("keikaku", target=g.pid("A"))


def test_keikaku_unchosen_the_top_three_become_free_and_more_is_refused():
    g = MafikScenario.night(2).player("A", hand=["keikaku", "dummy"], sleeve=["dummy"]).player("M", **BOSS)
    g.play("A", "keikaku", pay_sleeve=["dummy"]).resolve()
    g.state.add_effect("may_rebuild", target=g.pid("A"))
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK, "free": ["seek"] * 4})
    rebuild(g, "A")
    assert [c.free for c in g.p("A").deck[:4]] == [True, True, True, False]


def test_keikaku_not_played_no_free_picks():
    g = MafikScenario.night(2).player("A").player("M", **BOSS)
    g.state.add_effect("may_rebuild", target=0)
    g.build()
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK, "free": ["seek"]})


# ---- Интуиция ----

def test_intuition_law_sees_the_top_3():
    g = MafikScenario.night(2).player("A", hand=["intuition", "dummy"], deck=["tank", "lamp", "seek", "bunker"])
    g.player("M", **BOSS)
    g.play("A", "intuition").resolve()
    view = g.ruleset.private_view(g.state, g.pid("A"))
    assert view["deck_top"] == deck(g, "A")[:3]
    assert "deck_bottom" not in view
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "discard_deck_bottom")


def test_intuition_mafia_sees_top_and_bottom_and_discards_the_bottom_once_a_phase():
    g = MafikScenario.night(2).player("M", hand=["intuition", "dummy"], sleeve=["dummy"],
                                      deck=["tank", "lamp", "seek", "bunker"], **BOSS).player("A")
    g.play("M", "intuition", pay_sleeve=["dummy"]).resolve()
    view = g.ruleset.private_view(g.state, g.pid("M"))
    assert view["deck_top"] == deck(g, "M")[:1] and view["deck_bottom"] == ["bunker"]
    api.act(g.state, g.pid("M"), "discard_deck_bottom")
    assert deck(g, "M")[-1] == "seek"
    assert g.events("deck_bottom_discarded", to="M")[0].params["card"] == "bunker"
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("M"), "discard_deck_bottom")


# ---- Гений ----

def test_genius_card_new_decks_are_3_cards_smaller():
    g = MafikScenario.night(2).player("A", hand=["genius", "dummy"]).player("M", **BOSS)
    g.play("A", "genius").resolve()
    assert deck_limits(g.state, g.pid("A"))["size"] == 12
    rebuild(g, "A", NEUTRAL_DECK[:12])
    assert len(deck(g, "A")) == 12
    with pytest.raises(Refusal):
        rebuild(g, "A", NEUTRAL_DECK)


def test_genius_card_cannot_be_played_if_the_new_deck_would_hold_at_most_3():
    g = MafikScenario.night(2).player("A", hand=["genius", "dummy"]).player("M", **BOSS)
    g.build()
    for _ in range(3):
        g.state.add_effect("genius", target=g.pid("A"), less=3)  # 15 − 9 = 6: 6 − 3 = 3 is too few
    assert g.refusal("A", "play", card="genius").params["reason"] == "deck_too_small"
    g.state.effects.pop()
    g.play("A", "genius")  # 9 − 3 = 6


# ---- Дежавю ----

def test_deja_vu_a_card_played_before_goes_on_top_of_the_deck():
    g = MafikScenario.night(2).player("A", hand=["deja_vu", "dummy"], deck=["lamp"] * 3).player("B")
    g.player("M", **BOSS)
    played_before(g, "B", "tank")
    play_card(g, "A", "deja_vu", card="tank").resolve()
    assert g.hand("A") == ["dummy", "tank"]  # on top: the refill for Дежавю draws it


def test_deja_vu_never_played_is_refused():
    g = MafikScenario.night(2).player("A", hand=["deja_vu", "dummy"]).player("M", **BOSS)
    g.build()
    with pytest.raises(Refusal) as refused:
        api.submit(g.state, g.pid("A"), "play", card=g.uid("A", "deja_vu"), params={"card": "tank"})
    assert refused.value.params["reason"] == "never_played"


# ---- Оптимизм ----

def test_optimism_all_right_tells_the_cards():
    g = MafikScenario.night(2).player("A", hand=["optimism", "dummy"], deck=["tank", "lamp", "pistol", "seek"])
    g.player("M", **BOSS)
    g.play("A", "optimism", first="defence", second="defence", third="damage").resolve()
    assert g.events("optimism_right", to="A")[0].params["cards"] == ["tank", "lamp", "pistol"]


def test_optimism_misses_tells_only_how_many():
    g = MafikScenario.night(2).player("A", hand=["optimism", "dummy"], deck=["tank", "lamp", "pistol", "seek"])
    g.player("M", **BOSS)
    g.play("A", "optimism", first="defence", second="intel", third="intel").resolve()
    assert g.events("optimism_misses", to="A")[0].params["n"] == 2
    assert not g.events("optimism_right", to="A")


def test_optimism_lower_stance_tells_the_cards_of_the_right_colours():
    g = MafikScenario.night(2).player("A", hand=["optimism", "dummy"], deck=["tank", "lamp", "pistol", "seek"])
    g.player("M", **BOSS)
    stance(g, "A", "lower")
    g.play("A", "optimism", first="defence", second="intel", third="damage").resolve()
    event = g.events("optimism_misses_cards", to="A")[0]
    assert (event.params["n"], event.params["cards"]) == (1, ["tank", "pistol"])


def test_optimism_an_empty_place_is_a_dummy_whose_colour_cannot_be_named():
    g = MafikScenario.night(2).player("A", hand=["optimism", "dummy"], deck=["tank"]).player("M", **BOSS)
    stance(g, "A", "lower")
    g.play("A", "optimism", first="defence", second="defence", third="defence").resolve()
    event = g.events("optimism_misses_cards", to="A")[0]
    assert (event.params["n"], event.params["cards"]) == (2, ["tank"])


def test_career_growth_traitor_adds_a_colour():
    g = MafikScenario.night(2).player("T", secret="traitor", hand=["career_growth", "dummy"]).player("A")
    g.player("M", **BOSS)
    g.build()
    before = deck_colours(g.state, g.pid("T"))
    g.play("T", "career_growth", colour="support").resolve()
    assert deck_colours(g.state, g.pid("T")) == (*before, "support")


@pytest.mark.parametrize("card", ["illusion_of_deception", "optimism"])
def test_free_deck_cards_do_not_count_toward_the_hand_limit(card):
    """Иллюзия обмана, Оптимизм: «Свободная» — played besides the phase's one Hand card."""
    g = MafikScenario.night(2).player("A", hand=[card, "house_search", "dummy"]).player("B").player("M", **BOSS)
    params = {"card": "tank"} if card == "illusion_of_deception" else \
        {"first": "defence", "second": "defence", "third": "defence"}
    play_card(g, "A", card, **params)
    g.play("A", "house_search", target="B")
    assert len(g.state.orders[g.pid("A")]) == 2
