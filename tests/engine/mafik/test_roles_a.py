"""The perks of the first 20 public roles of Мафик (seeds/000_…, "==== Явные роли ===="), named
test_<role id>_….

Hands are 5 Пустышки unless stated; the Босс "M" (30 cards) keeps the game going, and by day every
character without a vote of its own votes for him, so that the Вече punishes nobody else. Damage comes from the
Маньяк's blood (night, no card) or from cards whose behaviour a test stubs (`stub`), so these tests
depend on no card's own implementation: Встреча в подворотне (night, cost 0), Средь бела дня (strict
day), Вендетта (cost 1), Город засыпает (cost 2), Под защитой (non-peaceful, cost 0).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.resolution import Play
from engine.core.state import DeckBuilding
from engine.rulesets.mafik import comms
from engine.rulesets.mafik.costs import stance
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.ruleset import deal
from tests.engine.mafik.conftest import MafikScenario

NIGHT_HIT = "back_alley_meeting"
DAY_HIT = "broad_daylight"
COST_1 = "vendetta"
COST_2 = "city_sleeps"
NON_PEACEFUL = "under_protection"


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Give a card a behaviour of the test's own for this test (a no-op unless told)."""

    def install(card: str, behaviour: Callable[[Play], None] | None = None) -> None:
        monkeypatch.setitem(REGISTRIES.cards.behaviours, card, behaviour or (lambda play: None))
        monkeypatch.setitem(REGISTRIES.cards.priorities, card, 50)

    return install


class Game(MafikScenario):
    def resolve(self) -> Game:
        self.build()
        if self.state.is_day and "M" in self.names:
            for player in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(player.pid, [])):
                    self.order(player.name, "vote", target="M")
        super().resolve()
        return self


def hits(amount: int) -> Callable[[Play], None]:
    return lambda play: play.damage(play.target, amount)


def boss(g: MafikScenario) -> MafikScenario:
    return g.player("M", secret="boss", hand=30)


def maniac(g: MafikScenario, blood: int = 6) -> MafikScenario:
    return g.player("K", secret="maniac", points=blood)


def verdict(g: MafikScenario) -> dict:
    (event,) = [e for e in g.state.events if e.to == "public" and "punished" in e.params]
    return event.params


def act(g: MafikScenario, name: str, action: str, **params: object) -> None:
    g.build()
    api.act(g.state, g.pid(name), action, dict(params))


def act_refusal(g: MafikScenario, name: str, action: str, **params: object) -> Refusal:
    g.build()
    before = g.state.model_dump_json()
    with pytest.raises(Refusal) as caught:
        api.act(g.state, g.pid(name), action, dict(params))
    assert g.state.model_dump_json() == before, "a refused action changed the state"
    return caught.value


def play_nth(g: MafikScenario, name: str, n: int, *, zone: str = "hand", **params: object) -> None:
    """Play the n-th card of a zone (for hands of several copies of one card)."""
    g.build()
    card = getattr(g.p(name), zone)[n].uid
    api.submit(g.state, g.pid(name), "play", card=card, params=dict(params))


def play_nth_refusal(g: MafikScenario, name: str, n: int, *, zone: str = "hand") -> Refusal:
    with pytest.raises(Refusal) as caught:
        play_nth(g, name, n, zone=zone)
    return caught.value


def dealt(role: str, cards: list[str], *, guaranteed: list[str] | None = None, seed: int = 7) -> MafikScenario:
    """A player of `role` dealt the first hand of a deck built of `cards`."""
    g = Game.night(1)
    g.state.rng = seed
    g.player("X", role=role, hand=0, deck=0, chose=cards)
    g.p("X").building = DeckBuilding(mode="choose", picks=list(cards), guaranteed=guaranteed or [], done=True)
    deal(g.state, g.p("X"))
    return g


DECK = [c.id for c in CATALOG if c.colour == "defence"][:15]


# ---------------------------------------------------------------- Мститель


def test_avenger_survives_losing_all_cards_with_a_card_from_his_deck():
    g = Game.night(2).player("X", role="avenger", hand=2, deck=["bunker", "dummy"])
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()
    assert g.alive("X")
    assert g.hand("X") == ["bunker"]
    assert [c.card for c in g.p("X").deck] == ["dummy"]
    (event,) = g.events("avenger_revenge", to="X")
    assert event.params == {"card": "bunker", "armor": 2}


def test_avenger_gets_two_armor_for_the_next_phase_only(stub):
    stub(DAY_HIT, hits(2))
    g = Game.night(2).player("X", role="avenger", hand=2, deck=["bunker", "dummy", "dummy"])
    maniac(g).player("S", hand=[DAY_HIT, DAY_HIT, "dummy"])
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()  # night 2: 0 cards, the perk
    g.play("S", DAY_HIT, target="X").resolve()  # day 2: 2 damage, 2 armor
    assert g.hand("X") == ["bunker"]
    assert g.alive("X")
    g.order("K", "blood", use="damage1", target="X")
    g.resolve()  # night 3: no armor any more
    assert not g.alive("X")


def test_avenger_perk_works_once_a_game():
    g = Game.night(2).player("X", role="avenger", hand=2, deck=3)
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve().resolve()  # night 2: the perk; day 2: nothing
    assert g.hand_size("X") == 1
    g.order("K", "blood", use="damage1", target="X")
    g.resolve()
    assert not g.alive("X")
    assert len(g.events("avenger_revenge", to="X")) == 1


def test_avenger_with_an_empty_deck_gets_a_dummy():
    g = Game.night(2).player("X", role="avenger", hand=2, deck=0)
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()
    assert g.alive("X")
    assert g.hand("X") == ["dummy"]


def test_avenger_other_roles_die_at_zero_cards():
    g = Game.night(2).player("X", hand=2)
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()
    assert not g.alive("X")


# ---------------------------------------------------------------- Культист


def test_cultist_pays_a_cost_with_hand_cards_which_are_not_replaced(stub):
    stub(COST_2)
    g = Game.night(2).player("X", role="cultist", hand=[COST_2, "bunker", "first_aid", "dummy"],
                                      deck=["dummy", "seek", "mulligan"])
    boss(g)
    g.play("X", COST_2, pay_cards=["bunker", "first_aid"]).resolve()
    assert g.hand("X") == ["dummy", "dummy"]  # the played card is replaced, the two paid are not
    assert {"bunker", "first_aid", COST_2} <= {c.card for c in g.p("X").discard}


def test_cultist_at_most_two_hand_cards_a_phase_over_all_plays(stub):
    stub(COST_2)
    stub(COST_1)
    g = Game.night(2).player("X", role="cultist", hand=[COST_2, "dummy", "dummy", "bunker", "seek"],
                                      sleeve=[COST_1, "mulligan"])
    boss(g)
    g.play("X", COST_2, pay_cards=["dummy", "dummy"])
    refusal = g.refusal("X", "play", card=COST_1, target="M", from_sleeve=True, pay_cards=["bunker"])
    assert refusal.code == "bad_payment_card"
    assert refusal.params["reason"] == "cultist_limit"
    g.play("X", COST_1, target="M", from_sleeve=True, pay_sleeve=["mulligan"])
    assert len(g.state.orders[g.pid("X")]) == 2


def test_cultist_three_hand_cards_for_one_cost_refused(stub):
    stub("unexpected_twist")
    g = Game.night(2).player("X", role="cultist", hand=["unexpected_twist", "dummy", "dummy", "bunker"])
    g.player("Y")
    boss(g)
    refusal = g.refusal("X", "play", card="unexpected_twist", target="Y", pay_cards=["dummy", "dummy", "bunker"])
    assert refusal.code == "bad_payment_card"


def test_cultist_other_roles_pay_only_from_the_sleeve(stub):
    stub(COST_1)
    g = Game.night(2).player("X", hand=[COST_1, "dummy"])
    g.player("Y")
    boss(g)
    refusal = g.refusal("X", "play", card=COST_1, target="Y", pay_cards=["dummy"])
    assert refusal.code == "bad_payment_card"
    assert refusal.params["reason"] == "not_in_sleeve"


# ---------------------------------------------------------------- Политик


def politician_day() -> MafikScenario:
    """P gets 3 votes (A, B, C), Q gets 2 (P, Q), M 1."""
    g = Game.day(1).player("P", role="politician", hand=8).player("Q", hand=8)
    g.player("A").player("B").player("C")
    boss(g)
    for name in ("A", "B", "C"):
        g.vote(name, "P")
    g.vote("P", "Q").vote("Q", "Q")
    return g


def test_politician_has_two_votes_fewer_on_the_day_he_activates_it():
    g = politician_day()
    g.order("P", "politician")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("Q")
    assert g.hand_size("Q") == 2 and g.hand_size("P") == 8  # execution: 6 damage


def test_politician_without_activating_leads_the_vote():
    g = politician_day().resolve()
    assert verdict(g)["punished"] == g.pid("P")


def politician_day_2(g: MafikScenario) -> MafikScenario:
    """Day 2: P 3 votes (A, B, C), M 3 (M, P, Q); a tie goes against P, the higher public role."""
    for name in ("A", "B", "C"):
        g.vote(name, "P")
    return g.vote("P", "M").vote("Q", "M")


def last_punished(g: MafikScenario) -> int:
    return [e.params["punished"] for e in g.state.events if e.to == "public" and "punished" in e.params][-1]


def test_politician_only_that_day():
    g = politician_day()
    g.order("P", "politician")
    g.resolve().resolve()  # day 1, night 2
    politician_day_2(g).resolve()
    assert last_punished(g) == g.pid("P")


def test_politician_every_day():
    g = politician_day()
    g.order("P", "politician")
    g.resolve().resolve()
    politician_day_2(g).order("P", "politician")
    g.resolve()
    assert last_punished(g) == g.pid("M")


def test_politician_exactly_two_votes_fewer():
    g = Game.day(1).player("P", role="politician", hand=8).player("Q", hand=8).player("A").player("B")
    boss(g)
    for name in ("Q", "A", "B", "M"):
        g.vote(name, "P")
    g.vote("P", "Q")
    g.order("P", "politician")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("P")  # 4 − 2 = 2 against Q's 1


def test_politician_votes_never_below_zero():
    g = Game.day(1).player("P", role="politician")
    boss(g).build()
    g.state.add_effect("politician", target=g.pid("P"), end=g.state.phase)
    assert REGISTRIES.queries.ask("votes_against", g.state, 1, target=g.pid("P")) == 0
    assert REGISTRIES.queries.ask("votes_against", g.state, 3, target=g.pid("P")) == 1
    assert REGISTRIES.queries.ask("votes_against", g.state, 3, target=g.pid("M")) == 3


def test_politician_only_by_day_and_only_the_politician():
    g = Game.night(2).player("P", role="politician").player("X")
    boss(g)
    assert g.refusal("P", "politician").code == "wrong_phase"
    g2 = Game.day(1).player("X")
    boss(g2)
    assert g2.refusal("X", "politician").code == "not_allowed"


# ---------------------------------------------------------------- Авторитет


def test_authority_vote_counts_two():
    # Y has the higher public role, so a 1–1 tie would punish Y; the Авторитет's 2 votes punish X.
    g = Game.day(1).player("A", role="authority").player("X", hand=8).player("Y", role="avenger", hand=8)
    boss(g)
    g.vote("A", "X").vote("Y", "Y").vote("X", "Y").vote("M", "X")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("X")


def test_authority_tie_without_authority_goes_to_the_higher_role():
    g = Game.day(1).player("A", role="other").player("X", hand=8).player("Y", role="avenger", hand=8)
    boss(g)
    g.vote("A", "X").vote("Y", "Y").vote("X", "Y").vote("M", "X")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("Y")


def test_authority_strength_counts_in_the_punishment_vote():
    g = Game.day(1).player("A", role="authority").player("B").player("X", hand=8)
    boss(g)
    g.vote("A", "X", "exile").vote("B", "X", "torture").vote("X", "X").vote("M", "X")
    g.resolve()
    assert verdict(g)["punishment"] == "exile"


# ---------------------------------------------------------------- Прокурор


def prosecutor_day() -> MafikScenario:
    """4 votes for Y; the Прокурор votes X."""
    g = Game.day(1).player("P", role="prosecutor").player("X", hand=8).player("Y", hand=8)
    g.player("A").player("B")
    boss(g)
    g.vote("P", "X")
    for name in ("Y", "A", "B", "M"):
        g.vote(name, "Y")
    return g


def test_prosecutor_gets_plus_four_vote_strength_that_day():
    g = prosecutor_day()
    g.order("P", "prosecutor")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("X")  # 5 votes against 4


def test_prosecutor_without_it_one_vote():
    g = prosecutor_day().resolve()
    assert verdict(g)["punished"] == g.pid("Y")


def test_prosecutor_once_a_game():
    g = prosecutor_day()
    g.order("P", "prosecutor")
    g.resolve().resolve()  # day 1, night 2
    refusal = g.refusal("P", "prosecutor")
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")
    g.vote("P", "X")
    for name in ("Y", "A", "B", "M"):
        g.vote(name, "Y")
    g.resolve()  # day 2: one vote again
    assert last_punished(g) == g.pid("Y")


def test_prosecutor_withdrawn_order_is_not_spent():
    g = prosecutor_day()
    order = g.order("P", "prosecutor")
    api.withdraw(g.state, g.pid("P"), order.oid)
    g.resolve().resolve()
    g.order("P", "prosecutor")


def test_prosecutor_only_by_day():
    g = Game.night(2).player("P", role="prosecutor")
    boss(g)
    assert g.refusal("P", "prosecutor").code == "wrong_phase"


# ---------------------------------------------------------------- Гик


def test_geek_draws_five_cards_instead_of_six():
    g = dealt("geek", DECK)
    assert g.hand_size("X") == 5
    assert len(g.p("X").deck) == 10
    assert g.sleeve("X") == []


def test_geek_gets_any_card_into_the_sleeve_once(stub):
    stub("oracle")
    g = Game.night(2).player("X", role="geek", sleeve=["dummy"])
    boss(g)
    act(g, "X", "geek_card", card="oracle")
    assert g.sleeve("X") == ["dummy", "oracle"]
    assert g.hand_size("X") == 5
    (event,) = g.events("geek_card", to="X")
    assert event.params == {"card": "oracle"}
    assert act_refusal(g, "X", "geek_card", card="dummy").code == "limit_reached"


def test_geek_card_at_any_moment_by_day_too():
    g = Game.day(3).player("X", role="geek")
    boss(g)
    act(g, "X", "geek_card", card="dummy")
    assert g.sleeve("X") == ["dummy"]


def test_geek_card_refusals(stub):
    g = Game.night(2).player("X", role="geek").player("Y")
    boss(g)
    assert act_refusal(g, "X", "geek_card", card="no_such_card").code == "unknown_card"
    unique = next(c.id for c in CATALOG if c.colour == "unique")
    assert act_refusal(g, "X", "geek_card", card=unique).code == "unknown_card"
    assert act_refusal(g, "Y", "geek_card", card="dummy").code == "not_allowed"
    g.state.add_effect("exile", target=g.pid("X"), end=g.state.phase)
    assert act_refusal(g, "X", "geek_card", card="dummy").params["reason"] == "exiled"


# ---------------------------------------------------------------- Шулер, Богач, Здоровяк, Инженер


def test_cardsharp_draws_one_card_into_the_sleeve():
    g = dealt("cardsharp", DECK)
    player = g.p("X")
    assert len(player.hand) == 6
    assert len(player.sleeve) == 1
    assert len(player.deck) == 8
    assert sorted([*g.hand("X"), *g.sleeve("X"), *(c.card for c in player.deck)]) == sorted(DECK)


def test_rich_gets_two_dummies_into_the_sleeve():
    g = dealt("rich", DECK)
    assert g.sleeve("X") == ["dummy", "dummy"]
    assert g.hand_size("X") == 6
    assert len(g.p("X").deck) == 9


def test_strongman_draws_one_extra_dummy():
    g = dealt("strongman", DECK)
    assert g.hand_size("X") == 7
    assert g.hand("X")[-1] == "dummy"
    assert sorted(g.hand("X")[:6] + [c.card for c in g.p("X").deck]) == sorted(DECK)


def test_other_role_is_dealt_six_cards_and_no_sleeve():
    g = dealt("other", DECK)
    assert g.hand_size("X") == 6 and g.sleeve("X") == []


@pytest.mark.parametrize("seed", range(12))
def test_engineer_picked_cards_are_among_the_first_six(seed):
    picks = [DECK[-1], DECK[-2]]
    g = dealt("engineer", DECK, guaranteed=picks, seed=seed)
    hand = g.hand("X")
    assert len(hand) == 6
    assert set(picks) <= set(hand)


NEUTRAL_DECK = [c for c in ("dummy", "mulligan", "seek", "concentration", "plan_b", "meditation", "true_balance",
                             "breach") for _ in range(2)][:15]


def neutral_game(stub, roles: list[str]):
    for card in set(NEUTRAL_DECK):
        if card not in REGISTRIES.cards.behaviours:
            stub(card)
    return api.new_game("mafik", [(f"P{i}", r) for i, r in enumerate(roles)], seed=5)


def test_engineer_pick_through_the_api(stub):
    roles = ["engineer", "geek", "cardsharp", "rich", "strongman", "avenger", "monk", "lawyer", "mentor",
             "looter", "gossip", "secretary"]
    state = neutral_game(stub, roles)
    api.act(state, 0, "engineer_pick", {"cards": ["breach", "plan_b"]})
    with pytest.raises(Refusal) as caught:
        api.act(state, 1, "engineer_pick", {"cards": ["breach", "plan_b"]})
    assert caught.value.code == "not_allowed"
    for pid in range(len(roles)):
        api.deck_build(state, pid, NEUTRAL_DECK)
    assert state.status == "running"
    hands = {p.public_role: [c.card for c in p.hand] for p in state.players}
    assert {"breach", "plan_b"} <= set(hands["engineer"])
    assert {role: len(hand) for role, hand in hands.items()} == {
        "engineer": 6, "geek": 5, "cardsharp": 6, "rich": 6, "strongman": 7, "avenger": 6, "monk": 6, "lawyer": 6,
        "mentor": 6, "looter": 6, "gossip": 6, "secretary": 6}
    sleeves = {p.public_role: [c.card for c in p.sleeve] for p in state.players if p.secret_role != "maniac"}
    assert sleeves["rich"] == ["dummy", "dummy"]
    assert len(sleeves["cardsharp"]) == 1
    assert all(not sleeve for role, sleeve in sleeves.items() if role not in ("rich", "cardsharp"))


def test_engineer_picks_must_be_in_the_deck(stub):
    state = neutral_game(stub, ["engineer"] + ["other"] * 11)
    api.act(state, 0, "engineer_pick", {"cards": ["oracle", "dummy"]})
    with pytest.raises(Refusal) as caught:
        api.deck_build(state, 0, NEUTRAL_DECK)
    assert caught.value.params["reason"] == "guaranteed_not_in_deck"


# ---------------------------------------------------------------- Сплетник


def test_gossip_sends_two_private_messages_a_day():
    g = Game.day(1).player("G", role="gossip").player("A").player("B")
    boss(g)
    assert comms.private_allowance(g.state, g.pid("G")) == 2
    act(g, "G", "private_message", to=g.pid("A"), text="one")
    act(g, "G", "private_message", to=g.pid("B"), text="two")
    assert [(e.who, e.params["sender"]) for e in g.events("private_message")] == [(g.pid("A"), g.pid("G")),
                                                                                  (g.pid("B"), g.pid("G"))]
    assert act_refusal(g, "G", "private_message", to=g.pid("A"), text="three").code == "limit_reached"


def test_gossip_other_roles_send_one():
    g = Game.day(1).player("G").player("A")
    boss(g)
    act(g, "G", "private_message", to=g.pid("A"), text="one")
    assert act_refusal(g, "G", "private_message", to=g.pid("A"), text="two").code == "limit_reached"


def test_gossip_two_again_the_next_day():
    g = Game.day(1).player("G", role="gossip").player("A")
    boss(g)
    act(g, "G", "private_message", to=g.pid("A"), text="one")
    act(g, "G", "private_message", to=g.pid("A"), text="two")
    g.resolve().resolve()
    act(g, "G", "private_message", to=g.pid("A"), text="three")
    act(g, "G", "private_message", to=g.pid("A"), text="four")


# ---------------------------------------------------------------- Адвокат


def test_lawyer_gets_two_armor_every_day():
    g = Game.day(1).player("L", role="lawyer", hand=8).player("A").player("B")
    boss(g)
    for name in ("A", "B", "M", "L"):
        g.vote(name, "L")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("L")
    assert g.hand_size("L") == 4  # execution's 6 damage, 2 absorbed


def test_lawyer_no_armor_at_night():
    g = Game.night(2).player("L", role="lawyer", hand=5)
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="L")
    g.resolve()
    assert g.hand_size("L") == 3


def test_lawyer_armor_again_the_next_day(stub):
    stub(DAY_HIT, hits(2))
    g = Game.day(1).player("L", role="lawyer", hand=5).player("S", hand=[DAY_HIT, DAY_HIT, "dummy"])
    boss(g)
    g.play("S", DAY_HIT, target="L").resolve().resolve()
    g.play("S", DAY_HIT, target="L").resolve()
    assert g.hand_size("L") == 5


# ---------------------------------------------------------------- Патрульный


def test_patrolman_learns_one_non_peaceful_card_played_tonight(stub):
    stub(NON_PEACEFUL)
    g = Game.night(2).player("P", role="patrolman").player("A", hand=[NON_PEACEFUL, "dummy"])
    g.player("B", hand=["dummy", "dummy"])
    boss(g)
    g.play("A", NON_PEACEFUL, target="B").play("B", "dummy").resolve()
    (event,) = g.events("patrol_card", to="P")
    assert event.params == {"card": NON_PEACEFUL}
    assert "pid" not in event.params and "actor" not in event.params


def test_patrolman_picks_at_random_among_them(stub):
    stub(NON_PEACEFUL)
    stub(NIGHT_HIT)
    seen = set()
    for seed in range(16):
        g = Game(3, seed=seed).player("P", role="patrolman").player("A", hand=[NON_PEACEFUL, "dummy"])
        g.player("B", hand=[NIGHT_HIT, "dummy"])
        boss(g)
        g.play("A", NON_PEACEFUL, target="B").play("B", NIGHT_HIT, target="A").resolve()
        (event,) = g.events("patrol_card", to="P")
        seen.add(event.params["card"])
    assert seen == {NON_PEACEFUL, NIGHT_HIT}


def test_patrolman_not_his_own_nor_peaceful_cards(stub):
    stub(NON_PEACEFUL)
    g = Game.night(2).player("P", role="patrolman", hand=[NON_PEACEFUL, "dummy"]).player("A", hand=["dummy"] * 3)
    boss(g)
    g.play("P", NON_PEACEFUL, target="A").play("A", "dummy").resolve()
    assert g.events("patrol_card") == []


def test_patrolman_nothing_by_day(stub):
    stub(DAY_HIT)
    g = Game.day(1).player("P", role="patrolman").player("A", hand=[DAY_HIT, "dummy"])
    boss(g)
    g.play("A", DAY_HIT, target="P").resolve()
    assert g.events("patrol_card") == []


# ---------------------------------------------------------------- Наставник


def test_mentor_starts_in_the_stance_he_chooses_for_two_phases():
    g = Game.night(1).player("X", role="mentor")
    boss(g)
    act(g, "X", "mentor_stance", stance="lower")
    x = g.pid("X")
    assert stance(g.state, x) == "lower"
    g.resolve()
    assert stance(g.state, x) == "lower"  # day 1
    g.resolve()
    assert stance(g.state, x) == "normal"  # night 2


def test_mentor_may_change_his_mind_during_the_first_night():
    g = Game.night(1).player("X", role="mentor")
    boss(g)
    act(g, "X", "mentor_stance", stance="lower")
    act(g, "X", "mentor_stance", stance="upper")
    assert stance(g.state, g.pid("X")) == "upper"
    act(g, "X", "mentor_stance", stance="normal")
    assert stance(g.state, g.pid("X")) == "normal"


def test_mentor_stance_gives_the_extra_hand_play(stub):
    stub(NIGHT_HIT)
    stub("kick")
    g = Game.night(1).player("X", role="mentor", hand=[NIGHT_HIT, "kick", "dummy"]).player("Y")
    boss(g)
    g.play("X", NIGHT_HIT, target="Y")
    assert g.refusal("X", "play", card="kick", target="M").code == "limit_reached"
    act(g, "X", "mentor_stance", stance="upper")  # Урон is an upper-stance colour
    g.play("X", "kick", target="M")
    assert len(g.state.orders[g.pid("X")]) == 2
    # Leaving the stance now would break those orders: refused, nothing changes.
    assert act_refusal(g, "X", "mentor_stance", stance="normal").code == "limit_reached"


def test_mentor_stance_only_on_the_first_night_and_only_the_mentor():
    g = Game.day(1).player("X", role="mentor").player("Y")
    boss(g)
    assert act_refusal(g, "X", "mentor_stance", stance="upper").code == "wrong_phase"
    g2 = Game.night(1).player("X", role="mentor").player("Y")
    boss(g2)
    assert act_refusal(g2, "Y", "mentor_stance", stance="upper").code == "not_allowed"
    assert act_refusal(g2, "X", "mentor_stance", stance="sideways").code == "bad_param"


# ---------------------------------------------------------------- Монах


@pytest.mark.parametrize(("before", "after"), [(1, 2), (2, 3), (3, 3), (5, 5)])
def test_monk_draws_with_one_or_two_cards_at_the_end_of_a_phase(before, after):
    g = Game.day(1).player("X", role="monk", hand=before, deck=["bunker"])
    boss(g)
    g.resolve()
    assert g.hand_size("X") == after
    if after > before:
        assert g.hand("X")[-1] == "bunker"


def test_monk_every_phase_not_once():
    g = Game.day(1).player("X", role="monk", hand=1, deck=3)
    boss(g)
    g.resolve().resolve()
    assert g.hand_size("X") == 3


def test_monk_after_damage():
    g = Game.night(2).player("X", role="monk", hand=4, deck=["bunker"])
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()
    assert g.hand("X") == ["dummy", "dummy", "bunker"]


def test_monk_with_no_cards_dies():
    g = Game.night(2).player("X", role="monk", hand=2, deck=3)
    maniac(g)
    boss(g)
    g.order("K", "blood", use="damage2", target="X")
    g.resolve()
    assert not g.alive("X")


# ---------------------------------------------------------------- Ищейка


def test_bloodhound_target_learns_and_its_next_phase_non_peaceful_plays_are_reported(stub):
    stub(DAY_HIT)
    g = Game.night(2).player("H", role="bloodhound").player("T", hand=[DAY_HIT, "dummy", "dummy"])
    g.player("Z")
    boss(g)
    g.order("H", "bloodhound", target="T")
    g.resolve()  # night 2: the choice
    (marked,) = g.events("bloodhound_marked", to="T")
    assert marked.params == {"by": g.pid("H")}
    assert g.events("bloodhound_report") == []
    g.play("T", DAY_HIT, target="Z").resolve()  # day 2
    (report,) = g.events("bloodhound_report", to="H")
    assert report.params == {"target": g.pid("T"), "plays": [{"card": DAY_HIT, "targets": [g.pid("Z")]}]}


def test_bloodhound_peaceful_cards_and_later_phases_are_not_reported(stub):
    stub(DAY_HIT)
    stub(NIGHT_HIT)
    g = Game.night(2).player("H", role="bloodhound").player("T", hand=[NIGHT_HIT, "dummy", "dummy"])
    g.player("Z")
    boss(g)
    g.order("H", "bloodhound", target="T")
    g.resolve()
    g.play("T", "dummy").resolve()  # day 2: only a peaceful card
    g.play("T", NIGHT_HIT, target="Z").resolve()  # night 3: no longer watched
    assert g.events("bloodhound_report") == []


def test_bloodhound_once_a_game():
    g = Game.night(2).player("H", role="bloodhound").player("T")
    boss(g)
    g.order("H", "bloodhound", target="T")
    g.resolve()
    refusal = g.refusal("H", "bloodhound", target="T")
    assert refusal.code == "limit_reached"


def test_bloodhound_refusals():
    g = Game.night(2).player("H", role="bloodhound").player("T")
    boss(g)
    assert g.refusal("H", "bloodhound", target="H").code == "invalid_target"
    assert g.refusal("T", "bloodhound", target="H").code == "not_allowed"


# ---------------------------------------------------------------- Бюрократ


def bureaucrat_day() -> MafikScenario:
    """A and B vote X, C votes Y; everyone else one vote each elsewhere."""
    g = Game.day(1).player("U", role="bureaucrat").player("X", hand=8).player("Y", hand=8)
    g.player("A").player("B").player("C")
    boss(g)
    g.vote("A", "X").vote("B", "X").vote("C", "Y").vote("U", "A").vote("X", "B").vote("Y", "C").vote("M", "U")
    return g


def test_bureaucrat_makes_a_player_vote_for_his_target():
    g = bureaucrat_day()
    g.order("U", "bureaucrat", voter=g.pid("B"), target="Y")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("Y")  # Y: C and B; X: A


def test_bureaucrat_without_it():
    g = bureaucrat_day().resolve()
    assert verdict(g)["punished"] == g.pid("X")


def test_bureaucrat_ignores_other_forcing_effects(monkeypatch):
    def force_b_to_x(state, chosen, **_):
        return {**chosen, 4: 1}  # B → X

    entries = [*REGISTRIES.queries._modifiers.get("forced_votes", []), (50, 999, force_b_to_x)]
    monkeypatch.setitem(REGISTRIES.queries._modifiers, "forced_votes", sorted(entries, key=lambda e: (e[0], e[1])))
    g = bureaucrat_day()
    assert (g.pid("B"), g.pid("X")) == (4, 1)
    g.order("U", "bureaucrat", voter=g.pid("B"), target="Y")
    g.resolve()
    assert verdict(g)["punished"] == g.pid("Y")


def test_bureaucrat_once_a_game_by_day():
    g = bureaucrat_day()
    g.order("U", "bureaucrat", voter=g.pid("B"), target="Y")
    g.resolve()
    assert g.refusal("U", "bureaucrat", voter=g.pid("A"), target="Y").code == "wrong_phase"
    g.resolve()
    assert g.refusal("U", "bureaucrat", voter=g.pid("A"), target="Y").code == "limit_reached"


def test_bureaucrat_needs_a_living_voter_and_target():
    g = Game.day(1).player("U", role="bureaucrat").player("A").player("D")
    boss(g)
    g.p("D").alive = False
    assert g.refusal("U", "bureaucrat", voter=g.pid("D"), target="A").code == "invalid_target"
    assert g.refusal("U", "bureaucrat", voter=g.pid("A"), target="D").code == "invalid_target"
    assert g.refusal("A", "bureaucrat", voter=g.pid("U"), target="A").code == "not_allowed"


# ---------------------------------------------------------------- Мародер


def test_looter_copies_a_dead_characters_sleeve_into_his_own():
    g = Game.night(2).player("L", role="looter", sleeve=["dummy"]).player("D", sleeve=["oracle", "bunker"])
    boss(g)
    g.p("D").alive = False
    act(g, "L", "loot", target=g.pid("D"))
    assert g.sleeve("L") == ["dummy", "oracle", "bunker"]
    assert g.sleeve("D") == ["oracle", "bunker"]  # copies: the corpse keeps its cards
    assert {c.uid for c in g.p("L").sleeve[1:]}.isdisjoint({c.uid for c in g.p("D").sleeve})
    (event,) = g.events("looted", to="L")
    assert event.params == {"target": g.pid("D"), "cards": ["oracle", "bunker"]}


def test_looter_once_a_game():
    g = Game.day(1).player("L", role="looter").player("D", sleeve=["oracle"]).player("E", sleeve=["bunker"])
    boss(g)
    g.p("D").alive = False
    g.p("E").alive = False
    act(g, "L", "loot", target=g.pid("D"))
    assert act_refusal(g, "L", "loot", target=g.pid("E")).code == "limit_reached"


def test_looter_refusals():
    g = Game.night(2).player("L", role="looter").player("A", sleeve=["oracle"]).player("D", sleeve=["oracle"])
    boss(g)
    g.p("D").alive = False
    assert act_refusal(g, "L", "loot", target=g.pid("A")).params["reason"] == "alive"
    assert act_refusal(g, "A", "loot", target=g.pid("D")).code == "not_allowed"
    g.state.add_effect("exile", target=g.pid("L"), end=g.state.phase)
    assert act_refusal(g, "L", "loot", target=g.pid("D")).params["reason"] == "exiled"


# ---------------------------------------------------------------- Горец


def test_highlander_takes_at_most_six_damage_a_night_from_others_cards(stub):
    stub(NIGHT_HIT, hits(4))
    g = Game.night(2).player("H", role="highlander", hand=9)
    g.player("A", hand=[NIGHT_HIT, "dummy"]).player("B", hand=[NIGHT_HIT, "dummy"])
    boss(g)
    g.play("A", NIGHT_HIT, target="H").play("B", NIGHT_HIT, target="H").resolve()
    assert g.hand_size("H") == 3  # 8 damage capped at 6


def test_highlander_cap_is_before_armor(stub):
    stub(NIGHT_HIT, hits(4))
    stub(NON_PEACEFUL, lambda play: play.armor(play.target, 2))
    g = Game.night(2).player("H", role="highlander", hand=9)
    g.player("A", hand=[NIGHT_HIT, "dummy"]).player("B", hand=[NIGHT_HIT, "dummy"])
    g.player("C", hand=[NON_PEACEFUL, "dummy"])
    boss(g)
    g.play("A", NIGHT_HIT, target="H").play("B", NIGHT_HIT, target="H").play("C", NON_PEACEFUL, target="H")
    g.resolve()
    assert g.hand_size("H") == 5  # 6 after the cap, 2 absorbed


def test_highlander_damage_not_from_cards_is_not_capped(stub):
    stub(NIGHT_HIT, hits(6))
    g = Game.night(2).player("H", role="highlander", hand=10).player("A", hand=[NIGHT_HIT, "dummy"])
    maniac(g)
    boss(g)
    g.play("A", NIGHT_HIT, target="H")
    g.order("K", "blood", use="damage2", target="H")
    g.resolve()
    assert g.hand_size("H") == 2  # 6 from the card + 2 from blood


def test_highlander_not_capped_by_day(stub):
    stub(DAY_HIT, hits(4))
    g = Game.day(2).player("H", role="highlander", hand=9)
    g.player("A", hand=[DAY_HIT, "dummy"]).player("B", hand=[DAY_HIT, "dummy"])
    boss(g)
    g.play("A", DAY_HIT, target="H").play("B", DAY_HIT, target="H").resolve()
    assert g.hand_size("H") == 1


def test_highlander_other_roles_not_capped(stub):
    stub(NIGHT_HIT, hits(4))
    g = Game.night(2).player("H", hand=9)
    g.player("A", hand=[NIGHT_HIT, "dummy"]).player("B", hand=[NIGHT_HIT, "dummy"])
    boss(g)
    g.play("A", NIGHT_HIT, target="H").play("B", NIGHT_HIT, target="H").resolve()
    assert g.hand_size("H") == 1


# ---------------------------------------------------------------- Секретарша


def test_secretary_plays_one_extra_card_once_from_the_third_night():
    g = Game.night(3).player("S", role="secretary", hand=["dummy"] * 4, deck=["bunker", "seek"])
    boss(g)
    play_nth(g, "S", 0)
    assert play_nth_refusal(g, "S", 1).code == "limit_reached"
    act(g, "S", "secretary")
    play_nth(g, "S", 1)
    assert play_nth_refusal(g, "S", 2).code == "limit_reached"  # one extra card, not two
    g.resolve()
    assert g.hand("S") == ["dummy", "dummy", "bunker", "seek"]  # both played cards replaced
    g.resolve().resolve()  # night 4
    assert act_refusal(g, "S", "secretary").code == "limit_reached"


def test_secretary_extra_card_from_the_sleeve():
    g = Game.day(3).player("S", role="secretary", hand=["dummy"] * 3, sleeve=["dummy", "dummy"])
    boss(g)
    play_nth(g, "S", 0)
    play_nth(g, "S", 0, zone="sleeve")
    assert play_nth_refusal(g, "S", 1, zone="sleeve").code == "limit_reached"
    act(g, "S", "secretary")
    play_nth(g, "S", 1, zone="sleeve")
    assert len(g.state.orders[g.pid("S")]) == 3
    g.resolve()
    assert g.sleeve("S") == []


def test_secretary_not_before_the_third_day_and_night():
    g = Game.day(2).player("S", role="secretary")
    boss(g)
    assert act_refusal(g, "S", "secretary").code == "wrong_phase"
    g.resolve()  # night 3
    act(g, "S", "secretary")


def test_secretary_only_for_this_phase():
    g = Game.night(3).player("S", role="secretary", hand=["dummy"] * 4)
    boss(g)
    act(g, "S", "secretary")
    g.resolve()
    play_nth(g, "S", 0)
    assert play_nth_refusal(g, "S", 1).code == "limit_reached"


def test_secretary_may_take_it_back_the_same_phase():
    g = Game.night(3).player("S", role="secretary", hand=["dummy"] * 4)
    boss(g)
    act(g, "S", "secretary")
    play_nth(g, "S", 0)
    play_nth(g, "S", 1)
    assert act_refusal(g, "S", "secretary", active=False).code == "limit_reached"  # the second play needs it
    order = g.state.orders[g.pid("S")][-1]
    api.withdraw(g.state, g.pid("S"), order.oid)
    act(g, "S", "secretary", active=False)
    g.resolve().resolve()
    act(g, "S", "secretary")  # not spent


def test_secretary_only_the_secretary():
    g = Game.night(3).player("S")
    boss(g)
    assert act_refusal(g, "S", "secretary").code == "not_allowed"
