"""The core rules of Мафик (seeds/000_…): decks, the deal, the mafia's knowledge, play limits, stances,
costs, the night discard, the Sleeve, damage and death, hand counts, the win.

Cards of other colours get a stand-in behaviour (`fake`) so that these tests depend on no card's own
implementation: Информаторы / Сеть агентов (Разведка, night, no params), Телохранитель (Защита),
Посредственность (Маскировка, cost 1), Суета (Хаос, Свободная).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.resolution import Play
from engine.core.state import GameState
from engine.core.views import events_for
from engine.rulesets.mafik.cards.common import set_stance
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.ruleset import win_check
from engine.sim import GameRunner
from tests.engine.mafik.conftest import MafikScenario

INTEL, INTEL_2 = "informants", "agent_network"  # upper-stance colour, night, no params
DEFENCE = "bodyguard"  # lower-stance colour, night, no params
COST_1 = "mediocrity"  # Маскировка, cost 1, no params
FREE_CHAOS = "sweeping_z"  # Хаос, Свободная
NEUTRAL_DECK = ["dummy", "dummy", "mulligan", "mulligan", "seek", "seek", "concentration", "concentration",
                "plan_b", "plan_b", "meditation", "meditation", "true_balance", "true_balance", "breach"]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    """Give a card a behaviour of the test's own for this test (a no-op unless told)."""

    def install(card: str, behaviour: Callable[[Play], None] | None = None) -> str:
        monkeypatch.setitem(REGISTRIES.cards.behaviours, card, behaviour or (lambda play: None))
        monkeypatch.setitem(REGISTRIES.cards.priorities, card, 50)
        return card

    return install


def game(n: int = 12, seed: int = 5) -> GameState:
    return api.new_game("mafik", [(f"P{i}", "other") for i in range(n)], seed=seed)


def pid_of(state: GameState, secret: str) -> int:
    return next(p.pid for p in state.players if p.secret_role == secret)


def refused(fn: Callable[..., Any], *args: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        fn(*args)
    return caught.value


def second(g: MafikScenario, name: str, card: str, zone: str = "hand") -> int:
    """The uid of the second copy of a card (Scenario.play always takes the first)."""
    g.build()
    first = g.uid(name, card, zone=zone)
    return g.uid(name, card, skip={first}, zone=zone)


def submit(g: MafikScenario, name: str, uid: int, **params: Any) -> None:
    api.submit(g.state, g.pid(name), "play", card=uid, params=params)


def scenario(phase: str = "night", n: int = 1) -> MafikScenario:
    return MafikScenario.night(n) if phase == "night" else MafikScenario.day(n)


def with_boss(g: MafikScenario) -> MafikScenario:
    """The Босс "M" keeps the game going; by day everyone votes for him (20 cards)."""
    return g.player("M", secret="boss", role="avenger", hand=20)


def resolve(g: MafikScenario) -> MafikScenario:
    g.build()
    if g.state.is_day:
        for player in g.state.living():
            if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
                g.order(player.name, "vote", target="M")
    return g.resolve()


# ================================================================ decks

def test_deck_of_fifteen_neutral_cards_is_legal():
    state = game()
    boss = pid_of(state, "boss")
    api.deck_build(state, boss, NEUTRAL_DECK)
    assert state.player(boss).deck_choice == NEUTRAL_DECK


@pytest.mark.parametrize(("cards", "reason", "extra"), [
    (NEUTRAL_DECK[:-1], "deck_size", {"have": 14, "need": 15}),
    ([*NEUTRAL_DECK, "breach"], "deck_size", {"have": 16, "need": 15}),
    ([*NEUTRAL_DECK[:-1], "dummy"], "too_many_copies", {"card": "dummy", "max": 2}),
    ([*NEUTRAL_DECK, "phone_call", "phone_call", FREE_CHAOS, FREE_CHAOS], "too_many_free", {"have": 4, "max": 3}),
    ([*NEUTRAL_DECK[:-1], "boss_all_under_control"], "unknown_card", {"card": "boss_all_under_control"}),
    ([*NEUTRAL_DECK[:-1], "no_such_card"], "unknown_card", {"card": "no_such_card"}),
])
def test_deck_rules_refusals(fake, cards, reason, extra):
    fake(FREE_CHAOS)
    state = game()
    refusal = refused(api.deck_build, state, pid_of(state, "boss"), cards)
    assert refusal.code == "deck_invalid"
    assert refusal.params == {"reason": reason, **extra}


def test_deck_up_to_three_free_cards_outside_the_fifteen(fake):
    fake(FREE_CHAOS)
    state = game()
    api.deck_build(state, pid_of(state, "boss"), [*NEUTRAL_DECK, "phone_call", "phone_call", FREE_CHAOS])


def test_deck_own_colours_unlimited_other_colours_two_in_all(fake):
    own = [c.id for c in CATALOG if c.colour in ("control", "chaos") and not c.has("free")][:8]
    other = [c.id for c in CATALOG if c.colour == "damage" and not c.has("free")][:3]
    for card in own + other:
        fake(card)
    state = game()
    boss = pid_of(state, "boss")
    api.deck_build(state, boss, [*own, *own[:7]])  # 15 cards of the Босс's colours
    state = game()
    boss = pid_of(state, "boss")
    api.deck_build(state, boss, [*NEUTRAL_DECK[:13], *other[:2]])
    state = game()
    refusal = refused(api.deck_build, state, pid_of(state, "boss"), [*NEUTRAL_DECK[:12], *other])
    assert refusal.params == {"reason": "other_colours", "have": 3, "max": 2}


def test_deck_refuses_cards_without_behaviour(monkeypatch):
    card = next(c.id for c in CATALOG if c.colour == "control")
    monkeypatch.delitem(REGISTRIES.cards.behaviours, card, raising=False)
    state = game()
    refusal = refused(api.deck_build, state, pid_of(state, "boss"), [*NEUTRAL_DECK[:-1], card])
    assert refusal.params == {"reason": "not_implemented", "card": card}


def test_deal_six_cards_and_the_first_night_begins():
    state = game()
    api.deck_auto_all(state)
    assert state.status == "running" and state.phase == 1 and state.is_night
    for player in state.players:
        assert len(player.hand) == 6
        assert len(player.deck) == len(player.deck_choice) - 6 or player.secret_role == "maniac"
        assert sum(not CATALOG[c].has("free") for c in player.deck_choice) == 15  # + up to 3 Свободные


def test_an_automatic_deck_has_15_paid_cards_and_the_simulators_decks_take_free_ones_besides():
    """A deck is 15 non-free cards plus up to 3 Свободные (engine/rulesets/mafik/deck.py). The bot's automatic
    deck (a player who does not build) takes only the 15; the simulator's agents add Свободные, as a player
    would, so that cards like Псевдоним or Запрет come into play in simulated games too."""
    state = game()
    api.deck_auto_all(state)
    assert all(not any(CATALOG[c].has("free") for c in p.deck_choice) for p in state.players)
    runner = GameRunner("mafik", 16, 1)
    while runner.state.phase < 1:
        runner.step()
    free = [sum(CATALOG[c].has("free") for c in p.deck_choice) for p in runner.state.players]
    assert all(n <= 3 for n in free) and sum(free) > 0


def test_mafia_learn_each_other_at_once_and_their_cards_at_the_start_of_night_one():
    state = game()
    mafia = sorted(p.pid for p in state.players if p.faction == "mafia")
    assert len(mafia) == 4
    [team] = [e for e in state.events if e.kind == "mafia_team"]
    assert team.to == "faction" and team.who == "mafia" and team.phase == 0
    assert sorted(m["pid"] for m in team.params["members"]) == mafia
    assert {m["secret_role"] for m in team.params["members"]} == {"boss", "advisor", "spy", "killer"}
    assert not [e for e in state.events if e.kind == "mafia_intel"]
    api.deck_auto_all(state)
    intel = [e for e in state.events if e.kind == "mafia_intel"]
    assert sorted(e.params["pid"] for e in intel) == mafia
    for event in intel:
        player = state.player(int(event.params["pid"]))
        assert event.to == "faction" and event.who == "mafia" and event.phase == 1
        assert event.params["hand"] == [c.card for c in player.hand]
        assert event.params["deck"] == sorted(c.card for c in player.deck)
        assert event.params["sleeve"] == [c.card for c in player.sleeve]
    law = next(p.pid for p in state.players if p.faction == "law")
    assert not [e for e in events_for(state, law) if e.kind in ("mafia_team", "mafia_intel")]
    assert len([e for e in events_for(state, mafia[0]) if e.kind == "mafia_intel"]) == 4


def test_an_empty_deck_gives_dummies():
    g = with_boss(scenario("day"))
    g.player("A", hand=["meditation", "seek"], deck=[])
    g.play("A", "meditation")
    resolve(g)
    assert g.hand("A") == ["seek", "dummy"]


# ---------------------------------------------------------------- new decks

def test_rebuild_deck_only_when_the_deck_is_empty():
    g = with_boss(scenario("day"))
    g.player("A", deck=["seek"]).player("B", deck=[])
    g.build()
    refusal = refused(api.act, g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "deck_not_empty"
    refusal = refused(api.act, g.state, g.pid("B"), "rebuild_deck", {"cards": NEUTRAL_DECK[:-1]})
    assert refusal.code == "deck_invalid" and refusal.params["reason"] == "deck_size"
    api.act(g.state, g.pid("B"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert sorted(c.card for c in g.p("B").deck) == sorted(NEUTRAL_DECK)
    [event] = g.events("deck_rebuilt", to="B")
    assert event.params["deck"] == 2
    assert g.sleeve("B") == []


def test_rebuild_deck_the_third_deck_brings_the_roles_unique_card_to_the_sleeve():
    g = with_boss(scenario("night", 2))
    g.player("A", secret="officer", deck=[])
    g.build()
    api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    g.p("A").deck = []
    assert g.sleeve("A") == []
    api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert g.sleeve("A") == ["officer_guilty"]
    assert g.events("unique_card", to="A")[0].params["card"] == "officer_guilty"
    g.p("A").deck = []
    api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})  # the fourth brings nothing
    assert g.sleeve("A") == ["officer_guilty"]


# ================================================================ limits

def test_one_card_from_the_hand_and_one_from_the_sleeve_a_phase():
    g = with_boss(scenario("day"))
    g.player("A", hand=["dummy", "dummy", "dummy"], sleeve=["dummy", "dummy"])
    g.play("A", "dummy").play("A", "dummy", from_sleeve=True)
    refusal = refused(submit, g, "A", second(g, "A", "dummy"))
    assert refusal.code == "limit_reached" and refusal.params == {"what": "plays", "hand": 1, "sleeve": 1}
    assert refused(submit, g, "A", second(g, "A", "dummy", "sleeve")).code == "limit_reached"
    resolve(g)
    assert g.hand_size("A") == 3 and g.sleeve("A") == ["dummy"]


def test_free_cards_are_outside_the_limit(fake):
    fake(FREE_CHAOS)
    g = with_boss(scenario("night"))
    g.player("A", secret="boss", hand=["dummy", FREE_CHAOS, FREE_CHAOS], sleeve=["dummy", "phone_call"])
    g.player("B")
    g.play("A", "dummy").play("A", FREE_CHAOS)
    submit(g, "A", second(g, "A", FREE_CHAOS))
    g.play("A", "dummy", from_sleeve=True).play("A", "phone_call", from_sleeve=True, target="B", message="да")
    resolve(g)
    assert g.hand_size("A") == 3 and g.sleeve("A") == []


# ---------------------------------------------------------------- stances

def stance_game(stance: str, fake: Callable[..., str]) -> MafikScenario:
    for card in (INTEL, INTEL_2, DEFENCE, COST_1):
        fake(card)
    g = with_boss(scenario("night"))
    g.player("A", hand=[INTEL, INTEL_2, DEFENCE, "dummy", "dummy"], sleeve=["dummy", "dummy"])
    g.build()
    if stance != "normal":
        set_stance(g.state, g.pid("A"), stance, None)
    return g


def test_stance_normal_allows_one_hand_card(fake):
    g = stance_game("normal", fake)
    g.play("A", INTEL)
    assert g.refusal("A", "play", card=INTEL_2).code == "limit_reached"


def test_stance_upper_allows_an_extra_hand_card_of_its_colours(fake):
    g = stance_game("upper", fake)
    g.play("A", "dummy").play("A", INTEL)
    assert g.refusal("A", "play", card=INTEL_2).code == "limit_reached"  # three
    g = stance_game("upper", fake)
    g.play("A", "dummy")
    assert refused(submit, g, "A", second(g, "A", "dummy")).code == "limit_reached"  # neither of its colours
    assert g.refusal("A", "play", card=DEFENCE, pay_sleeve=["dummy"]).code == "limit_reached"  # a lower colour
    g = stance_game("upper", fake)
    g.play("A", INTEL).play("A", INTEL_2)
    resolve(g)
    assert g.hand_size("A") == 5


def test_stance_lower_allows_an_extra_hand_card_of_its_colours(fake):
    g = stance_game("lower", fake)
    g.play("A", "dummy").play("A", DEFENCE)
    g = stance_game("lower", fake)
    g.play("A", "dummy")
    assert g.refusal("A", "play", card=INTEL, pay_sleeve=["dummy"]).code == "limit_reached"


@pytest.mark.parametrize(("stance", "costs"), [
    ("normal", {INTEL: 0, DEFENCE: 0}),
    ("upper", {INTEL: 0, DEFENCE: 1}),
    ("lower", {INTEL: 1, DEFENCE: 0}),
])
def test_stance_makes_the_other_stances_colours_cost_one_more(fake, stance, costs):
    g = stance_game(stance, fake)
    for card, cost in costs.items():
        assert api.play_cost(g.state, g.pid("A"), g.uid("A", card)) == cost
    dearer = next((card for card, cost in costs.items() if cost), None)
    if dearer is not None:
        assert g.refusal("A", "play", card=dearer).code == "cost_unpayable"
        g.play("A", dearer, pay_sleeve=["dummy"])


# ---------------------------------------------------------------- costs

def test_costs_are_paid_from_the_sleeve_only(fake):
    fake(COST_1)
    g = with_boss(scenario("night"))
    g.player("A", hand=[COST_1, "dummy", "dummy"], sleeve=["seek", "breach"], deck=["plan_b", "mulligan"])
    refusal = g.refusal("A", "play", card=COST_1)
    assert refusal.code == "cost_unpayable" and refusal.params == {"cost": 1, "offered": 0}
    refusal = g.refusal("A", "play", card=COST_1, pay_cards=["dummy"])
    assert refusal.code == "bad_payment_card" and refusal.params["reason"] == "not_in_sleeve"
    assert g.refusal("A", "play", card=COST_1, pay_sleeve=["seek", "breach"]).code == "cost_unpayable"
    refusal = g.refusal("A", "play", card=COST_1, pay_points=2)
    assert refusal.code == "cost_unpayable" and refusal.params["reason"] == "no_blood"
    g.play("A", COST_1, pay_sleeve=["seek"])
    resolve(g)
    assert g.sleeve("A") == ["breach"]  # the payment is not replaced
    assert g.hand("A") == ["dummy", "dummy", "plan_b"]  # the played card is
    assert [c.card for c in g.p("A").discard] == ["seek", COST_1]


# ---------------------------------------------------------------- the night discard

def test_night_discard_of_two_cards_instead_of_playing_is_refilled():
    g = with_boss(scenario("night"))
    g.player("A", hand=["seek", "breach", "dummy"], deck=["plan_b", "mulligan", "meditation"])
    g.build()
    g.order("A", "night_discard", cards=[g.uid("A", "seek"), g.uid("A", "breach")])
    resolve(g)
    assert g.hand("A") == ["dummy", "plan_b", "mulligan"]
    assert [c.card for c in g.p("A").discard] == ["seek", "breach"]


def test_night_discard_excludes_playing(fake):
    g = with_boss(scenario("night"))
    g.player("A", secret="spy", hand=["seek", "breach", "dummy", "phone_call"], sleeve=["dummy"]).player("B")
    g.build()
    g.order("A", "night_discard", cards=[g.uid("A", "seek"), g.uid("A", "breach")])
    refusal = g.refusal("A", "play", card="dummy")
    assert refusal.code == "not_allowed" and refusal.params == {"what": "discard_and_play"}
    assert g.refusal("A", "play", card="dummy", from_sleeve=True).code == "not_allowed"
    g.play("A", "phone_call", target="B", message="свободная карта")  # a free card is not a play


def test_night_discard_needs_two_hand_cards_by_night():
    g = with_boss(scenario("night"))
    g.player("A", hand=["seek", "breach"], sleeve=["dummy"])
    g.build()
    refusal = g.refusal("A", "night_discard", cards=[g.uid("A", "seek")])
    assert refusal.code == "bad_param" and refusal.params["reason"] == "two_cards"
    refusal = g.refusal("A", "night_discard", cards=[g.uid("A", "seek"), g.uid("A", "dummy", zone="sleeve")])
    assert refusal.code == "card_not_in_hand"
    g2 = with_boss(scenario("day"))
    g2.player("A", hand=["seek", "breach"])
    g2.build()
    refusal = g2.refusal("A", "night_discard", cards=[g2.uid("A", "seek"), g2.uid("A", "breach")])
    assert refusal.code == "wrong_phase"


def test_sleeve_cards_are_not_replaced():
    g = with_boss(scenario("day"))
    g.player("A", hand=["seek"], sleeve=["dummy", "breach"], deck=["plan_b"])
    g.play("A", "dummy", from_sleeve=True)
    resolve(g)
    assert g.sleeve("A") == ["breach"] and g.hand("A") == ["seek"] and len(g.p("A").deck) == 1


# ================================================================ damage and death

def hit(victim: int, amount: int) -> Callable[[Play], None]:
    return lambda play: play.damage(victim, amount)


def test_damage_cancels_the_refills_first_then_discards_in_hand_order(fake):
    g = with_boss(scenario("night"))
    g.player("A", hand=["dummy", "seek", "breach", "plan_b"], deck=["mulligan"]).player("B", hand=[INTEL, "dummy"])
    g.build()
    fake(INTEL, hit(g.pid("A"), 2))
    g.play("A", "dummy").play("B", INTEL)
    resolve(g)
    assert g.hand("A") == ["breach", "plan_b"]  # the replacement and "seek"
    [taken] = g.events("damage_taken", to="A")
    assert taken.params == {"amount": 2, "refills_cancelled": 1, "discarded": ["seek"]}


def test_damage_order_of_the_hand_may_be_changed():
    g = with_boss(scenario("night"))
    g.player("A", hand=["seek", "breach", "plan_b"]).player("N", secret="maniac", points=2)
    g.build()
    api.reorder_hand(g.state, g.pid("A"), [g.uid("A", c) for c in ("plan_b", "seek", "breach")])
    g.order("N", "blood", use="damage1", target="A")
    resolve(g)
    assert g.hand("A") == ["seek", "breach"]


def test_armor_prevents_one_discard_each_and_does_not_last(fake):
    g = with_boss(scenario("night"))
    g.player("A", hand=[DEFENCE, "seek", "breach", "plan_b", "dummy"], deck=["mulligan"] * 3)
    g.player("B", hand=[INTEL, INTEL, "dummy"])
    g.build()
    fake(DEFENCE, lambda play: play.armor(play.actor, 2))
    fake(INTEL, hit(g.pid("A"), 4))
    g.play("A", DEFENCE).play("B", INTEL)
    resolve(g)  # 4 damage − 2 armor = 2: the replacement and "seek"
    assert g.hand("A") == ["breach", "plan_b", "dummy"]
    resolve(g)  # day
    g.play("B", INTEL)
    resolve(g)  # night 2: no armor left
    assert g.hand_size("A") == 0 and not g.alive("A")


def test_death_at_zero_cards():
    g = with_boss(scenario("night"))
    g.player("A", hand=["seek", "breach"]).player("N", secret="maniac", points=3)
    g.order("N", "blood", use="damage2", target="A")
    resolve(g)
    assert not g.alive("A")
    [death] = g.public("death")
    assert death.params == {"pid": g.pid("A"), "cause": "cards"}
    assert refused(api.submit, g.state, g.pid("A"), "vote").code == "dead"


def test_hand_sizes_are_announced_every_phase():
    g = with_boss(scenario("night"))
    g.player("A", hand=["seek", "breach", "dummy"]).player("B", hand=2)
    g.play("A", "dummy")
    resolve(g)
    resolve(g)
    counts = g.public("hand_counts")
    assert [e.phase for e in counts] == [1, 2]
    assert counts[0].params["counts"] == {str(g.pid("M")): 20, str(g.pid("A")): 3, str(g.pid("B")): 2}


# ================================================================ the win

@pytest.mark.parametrize(("alive", "winners"), [
    ({"law"}, ["law"]),
    ({"law", "mafia"}, None),
    ({"law", "traitor"}, None),
    ({"law", "maniac"}, None),
    ({"mafia"}, ["mafia"]),
    ({"mafia", "traitor"}, ["mafia", "traitor"]),
    ({"mafia", "maniac"}, None),
    ({"traitor"}, ["traitor"]),
    ({"maniac"}, ["maniac"]),
    ({"maniac", "traitor"}, None),
    (set(), []),
])
def test_win_conditions(alive, winners):
    g = scenario("night")
    for secret in ("officer", "sheriff", "boss", "killer", "maniac", "traitor"):
        g.player(secret, secret=secret)
    g.build()
    for player in g.state.players:
        player.alive = player.faction in alive
    assert win_check(g.state) == winners


def test_win_is_announced_when_the_last_enemy_dies():
    g = scenario("night")
    g.player("A", hand=["seek", "breach"]).player("M", secret="boss", hand=["dummy"])
    g.player("N", secret="maniac", points=3, hand=["dummy"])
    g.order("N", "blood", use="damage1", target="M")
    g.resolve()
    assert g.state.status == "running"  # the Маньяк lives
    g2 = scenario("night")
    g2.player("A", hand=["seek", "breach"]).player("M", secret="boss", hand=["dummy"])
    g2.player("N", secret="maniac", points=6, hand=["dummy"])
    g2.order("N", "blood", use="damage1", target="M")
    g2.order("N", "blood", use="damage2", target="A")
    g2.resolve()
    [over] = g2.public("game_over")
    assert over.params["winners"] == ["maniac"] and g2.state.status == "finished"
    assert g2.state.winners == ["maniac"]
