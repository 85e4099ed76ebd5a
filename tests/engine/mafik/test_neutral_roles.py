"""The neutral secret roles of Мафик (seeds/000_…, "Нейтралы"): the Маньяк and the Предатель, and when
they appear.

Damage from cards comes from stand-in behaviours (`fake`) of cards of other colours, so these tests
depend on no card's own implementation: Информаторы / Сеть агентов (Разведка, night, no params),
Посредственность (Маскировка, cost 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.cardgame.play import side_of
from engine.core import api
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.ruleset import get_ruleset
from engine.core.state import PlayRecord
from engine.core.views import player_view
from engine.rulesets.mafik.cards.common import accusation_hits, role_of
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import LAW_ROLES, colours_of
from tests.engine.mafik.conftest import MafikScenario

HIT, HIT_2 = "informants", "agent_network"
COST_1 = "mediocrity"


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    def install(card: str, behaviour: Callable[[Play], None] | None = None) -> str:
        monkeypatch.setitem(REGISTRIES.cards.behaviours, card, behaviour or (lambda play: None))
        monkeypatch.setitem(REGISTRIES.cards.priorities, card, 50)
        return card

    return install


def hit(victim: int, amount: int) -> Callable[[Play], None]:
    return lambda play: play.damage(victim, amount)


def refused(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        fn(*args, **kwargs)
    return caught.value


def night(points: int = 2, **maniac: Any) -> MafikScenario:
    """Night 2: N the Маньяк, A and B law, M the Босс."""
    g = MafikScenario.night(2)
    g.player("N", secret="maniac", points=points, **{"hand": 8, **maniac})
    g.player("A", hand=8).player("B", hand=8).player("M", secret="boss", hand=30)
    return g.build()


def end_day(g: MafikScenario) -> MafikScenario:
    for player in g.state.living():
        if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
            g.order(player.name, "vote", target="M")
    return g.resolve()


# ================================================================ the setup

@pytest.mark.parametrize(("players", "maniac", "traitor"), [(12, 0, 0), (13, 1, 0), (15, 1, 0), (16, 1, 1), (18, 1, 1)])
def test_neutral_roles_appear_from_13_and_16_players(players, maniac, traitor):
    state = api.new_game("mafik", [(f"P{i}", "other") for i in range(players)], seed=players)
    factions = Counter(p.faction for p in state.players)
    assert factions["mafia"] == 4
    assert factions["maniac"] == maniac and factions["traitor"] == traitor
    assert factions["law"] == players - 4 - maniac - traitor


# ================================================================ the Маньяк

def test_maniac_starts_with_a_sleeve_card_and_two_blood():
    state = api.new_game("mafik", [(f"P{i}", "other") for i in range(13)], seed=3)
    api.deck_auto_all(state)
    maniac = next(p for p in state.players if p.secret_role == "maniac")
    assert len(maniac.hand) == 6 and len(maniac.sleeve) == 1 and len(maniac.deck) == len(maniac.deck_choice) - 7
    assert maniac.points == 2
    assert player_view(state, maniac.pid)["me"]["blood"] == 2
    assert player_view(state, (maniac.pid + 1) % 13)["me"]["blood"] is None


def test_maniac_swap_is_instant():
    g = night(hand=["seek", "breach"], sleeve=["plan_b", "mulligan"])
    api.act(g.state, g.pid("N"), "swap", {"hand": g.uid("N", "breach"), "sleeve": g.uid("N", "plan_b", zone="sleeve")})
    assert g.hand("N") == ["seek", "plan_b"] and g.sleeve("N") == ["breach", "mulligan"]
    refusal = refused(api.act, g.state, g.pid("A"), "swap", {"hand": g.uid("A", "dummy"), "sleeve": 0})
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "role"
    assert refused(api.act, g.state, g.pid("N"), "swap", {"hand": 12345, "sleeve": g.uid("N", "breach", zone="sleeve")}
                   ).code == "card_not_in_hand"


def test_maniac_swap_refused_for_cards_in_orders_and_in_exile(fake):
    fake(COST_1)
    g = night(hand=[COST_1, "seek"], sleeve=["plan_b", "mulligan"])
    g.play("N", COST_1, pay_sleeve=["plan_b"])
    refusal = refused(api.act, g.state, g.pid("N"), "swap", {"hand": g.uid("N", "seek"),
                                                              "sleeve": g.uid("N", "plan_b", zone="sleeve")})
    assert refusal.code == "card_used_twice"
    refusal = refused(api.act, g.state, g.pid("N"), "swap", {"hand": g.uid("N", COST_1),
                                                              "sleeve": g.uid("N", "mulligan", zone="sleeve")})
    assert refusal.code == "card_used_twice"
    g.state.add_effect("exile", target=g.pid("N"))
    refusal = refused(api.act, g.state, g.pid("N"), "swap", {"hand": g.uid("N", "seek"),
                                                              "sleeve": g.uid("N", "mulligan", zone="sleeve")})
    assert refusal.params["reason"] == "exiled"


# ---------------------------------------------------------------- blood

def test_maniac_blood_one_per_damage_dealt(fake):
    g = night(points=2, hand=[HIT, "dummy", "dummy"])
    fake(HIT, hit(g.pid("A"), 3))
    g.play("N", HIT).resolve()
    assert g.points("N") == 5
    assert g.hand_size("A") == 5


def test_maniac_blood_counts_damage_absorbed_by_armor(fake):
    g = night(points=0, hand=[HIT, "dummy"])
    g.p("B").hand = [g.state.new_card(HIT_2), *g.p("B").hand]
    fake(HIT, hit(g.pid("A"), 3))
    fake(HIT_2, lambda play: play.armor(g.pid("A"), 2))
    g.play("N", HIT).play("B", HIT_2).resolve()
    assert g.points("N") == 3 and g.hand_size("A") == 7


def test_maniac_blood_at_most_six_from_one_card_and_six_in_all(fake):
    g = night(points=0, hand=[HIT, "dummy"])
    fake(HIT, hit(g.pid("A"), 8))
    g.play("N", HIT).resolve()
    assert g.points("N") == 6
    g2 = night(points=5, hand=[HIT, "dummy"])
    fake(HIT, hit(g2.pid("A"), 3))
    g2.play("N", HIT).resolve()
    assert g2.points("N") == 6


def test_maniac_blood_from_two_cards_in_one_phase(fake):
    g = night(points=0, hand=[HIT, "dummy"], sleeve=[HIT_2])
    fake(HIT, hit(g.pid("A"), 2))
    fake(HIT_2, hit(g.pid("B"), 2))
    g.play("N", HIT).play("N", HIT_2, from_sleeve=True).resolve()
    assert g.points("N") == 4


def test_maniac_blood_damage_makes_no_blood_and_other_players_make_none(fake):
    g = night(points=3)
    g.order("N", "blood", use="damage2", target="A")
    g.p("B").hand = [g.state.new_card(HIT), *g.p("B").hand]
    fake(HIT, hit(g.pid("A"), 2))
    g.play("B", HIT).resolve()
    assert g.points("N") == 0 and g.points("B") == 0
    assert g.hand_size("A") == 4


@pytest.mark.parametrize(("use", "price"), [("armor", 1), ("damage1", 2), ("draw_sleeve", 2), ("draw_hand", 3),
                                            ("damage2", 3)])
def test_maniac_blood_prices(use, price):
    g = night(points=price)
    params = {"target": "A"} if use.startswith("damage") else {}
    g.order("N", "blood", use=use, **params)
    g.resolve()
    assert g.points("N") == 0
    g2 = night(points=price - 1)
    refusal = g2.refusal("N", "blood", use=use, **params)
    assert refusal.code == "cost_unpayable" and refusal.params == {"reason": "blood", "have": price - 1, "need": price}


def test_maniac_blood_armor_this_night(fake):
    g = night(points=2)
    g.p("A").hand = [g.state.new_card(HIT), *g.p("A").hand]
    fake(HIT, hit(g.pid("N"), 2))
    g.order("N", "blood", use="armor")
    g.order("N", "blood", use="armor")
    g.play("A", HIT).resolve()
    assert g.hand_size("N") == 8 and g.points("N") == 0


@pytest.mark.parametrize(("use", "amount"), [("damage1", 1), ("damage2", 2)])
def test_maniac_blood_damage(use, amount):
    g = night(points=3)
    g.order("N", "blood", use=use, target="A")
    g.resolve()
    assert g.hand_size("A") == 8 - amount


def test_maniac_blood_draws_at_the_start_of_the_next_phase():
    g = MafikScenario.day(1)
    g.player("N", secret="maniac", points=5, hand=8, deck=["seek", "breach", "plan_b"])
    g.player("M", secret="boss", hand=30).build()
    g.order("N", "blood", use="draw_sleeve")
    g.order("N", "blood", use="draw_hand")
    end_day(g)
    assert g.sleeve("N") == ["seek"] and g.hand("N")[-1] == "breach" and g.hand_size("N") == 9
    assert g.points("N") == 0


def test_maniac_blood_night_uses_are_refused_by_day_and_to_others():
    g = MafikScenario.day(1)
    g.player("N", secret="maniac", points=6).player("A").player("M", secret="boss", hand=30).build()
    for use in ("armor", "damage1", "damage2"):
        refusal = g.refusal("N", "blood", use=use, target="A")
        assert refusal.code == "wrong_phase" and refusal.params["reason"] == "night_only"
    assert g.refusal("A", "blood", use="draw_hand").params["reason"] == "role"
    assert g.refusal("N", "blood", use="fly").code == "bad_param"


def test_maniac_blood_sleeve_draw_refused_in_exile():
    g = night(points=2)
    g.state.add_effect("exile", target=g.pid("N"), start=g.state.phase + 1, end=g.state.phase + 2)
    refusal = g.refusal("N", "blood", use="draw_sleeve")
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "exiled"


def test_maniac_blood_pays_a_cost_two_points_a_cost(fake):
    fake(COST_1)
    g = night(points=3, hand=[COST_1, "dummy"])
    refusal = g.refusal("N", "play", card=COST_1, pay_points=1)
    assert refusal.code == "cost_unpayable" and refusal.params["reason"] == "blood_in_pairs"
    g.play("N", COST_1, pay_points=2)
    assert g.refusal("N", "blood", use="damage1", target="A").params == {"reason": "blood", "have": 3, "need": 4}
    g.order("N", "blood", use="armor")
    g.resolve()
    assert g.points("N") == 0


# ================================================================ the Предатель

def traitor_game(phase: str = "day") -> MafikScenario:
    g = MafikScenario.day(1) if phase == "day" else MafikScenario.night(2)
    g.player("T", secret="traitor", hand=["seek", "breach", "plan_b", "dummy"], deck=["mulligan", "meditation"] * 3)
    g.player("A", secret="judge", hand=8).player("B", secret="officer", hand=8)
    g.player("M", secret="boss", hand=30).player("K", secret="killer", hand=8)
    return g.build()


def test_traitor_learns_a_character_who_began_as_law_at_the_end_of_each_day():
    g = traitor_game()
    end_day(g)
    [lead] = g.events("traitor_learns", to="T")
    assert lead.params["pid"] in (g.pid("A"), g.pid("B"))
    g.resolve()  # a night: nothing
    assert len(g.events("traitor_learns", to="T")) == 1
    leads = set()
    for _ in range(8):
        end_day(g).resolve()
        leads |= {e.params["pid"] for e in g.events("traitor_learns", to="T")}
    assert leads == {g.pid("A"), g.pid("B")}  # the same one may come again; never a non-law
    assert not [e for e in g.state.events if e.kind == "traitor_learns" and e.to != "player"]


def test_traitor_changes_colours_from_the_next_phase():
    g = traitor_game()
    assert colours_of(g.state, g.pid("T")) == ("chaos", "control", "damage")
    g.order("T", "traitor_colours", colours=["defence", "intel", "boost"])
    assert colours_of(g.state, g.pid("T")) == ("chaos", "control", "damage")
    end_day(g)
    assert colours_of(g.state, g.pid("T")) == ("defence", "intel", "boost")
    assert player_view(g.state, g.pid("T"))["me"]["colours"] == ["defence", "intel", "boost"]
    g.order("T", "traitor_colours", colours=["support", "chaos", "disguise"])  # again, any phase
    g.resolve()
    assert colours_of(g.state, g.pid("T")) == ("support", "chaos", "disguise")


def test_traitor_colours_refusals():
    g = traitor_game()
    assert g.refusal("A", "traitor_colours", colours=["defence", "intel", "boost"]).params["reason"] == "role"
    assert g.refusal("T", "traitor_colours", colours=["defence", "intel"]).params["reason"] == "three_colours"
    assert g.refusal("T", "traitor_colours", colours=["defence", "intel", "neutral"]).params["reason"] == "three_colours"


def test_traitor_discards_any_number_with_refill_and_still_plays():
    g = traitor_game("night")
    g.order("T", "traitor_discard", cards=[g.uid("T", "seek"), g.uid("T", "breach"), g.uid("T", "plan_b")])
    g.play("T", "dummy")
    g.resolve()
    assert g.hand("T") == ["mulligan", "meditation", "mulligan", "meditation"]
    assert sorted(c.card for c in g.p("T").discard) == ["breach", "dummy", "plan_b", "seek"]
    assert g.refusal("A", "traitor_discard", cards=[g.uid("A", "dummy")]).params["reason"] == "role"


def test_traitor_discard_cannot_take_a_played_card():
    g = traitor_game("night")
    g.play("T", "dummy")
    assert g.refusal("T", "traitor_discard", cards=[g.uid("T", "dummy")]).code == "card_used_twice"


def make_play(g: MafikScenario, actor: str, card: str, **params: Any) -> Play:
    return Play(Resolution(g.state, get_ruleset("mafik")), g.pid(actor), CATALOG[card], params)


def test_traitor_accusation_does_not_work_against_him():
    g = traitor_game("night")
    for name in ("T", "A"):
        g.state.history.append(PlayRecord(phase=1, actor=g.pid(name), card="seek"))
    assert accusation_hits(make_play(g, "M", "pistol", target=g.pid("A"), accuse=["seek"])) == 1
    assert accusation_hits(make_play(g, "M", "pistol", target=g.pid("T"), accuse=["seek"])) == 0


def test_traitor_exact_role_checks_see_a_random_law_role():
    g = traitor_game("night")
    play = make_play(g, "A", "dummy")
    seen = {role_of(play, g.pid("T")) for _ in range(40)}
    assert seen <= set(LAW_ROLES) and len(seen) > 1
    assert role_of(play, g.pid("B")) == "officer"
    assert side_of(play, g.pid("T")) == "traitor"
