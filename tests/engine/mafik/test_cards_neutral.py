"""Нейтральные: a test per card, each role variant (Звонок, Пролом) included."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.mafik.council import vote_strength
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from tests.engine.mafik.conftest import MafikScenario

# The Босс "M" keeps the game going; with the highest public role and 20 cards he takes the Вече's
# punishment on a day when nobody votes (everyone votes for himself, the tie goes to the higher role).
BOSS: dict[str, Any] = {"secret": "boss", "role": "avenger", "hand": 20}


@pytest.fixture
def fake_card(monkeypatch):
    """Give a card of another colour a stand-in behaviour for one test (restored afterwards)."""

    def register(card_id: str, fn: Any = None) -> str:
        monkeypatch.setitem(REGISTRIES.cards.behaviours, card_id, fn or (lambda play: None))
        monkeypatch.setitem(REGISTRIES.cards.priorities, card_id, 50)
        return card_id

    return register


def uids(g: MafikScenario, name: str, cards: list[str], zone: str = "hand") -> list[int]:
    g.build()
    out: list[int] = []
    for card in cards:
        out.append(g.uid(name, card, skip=set(out), zone=zone))
    return out


def deck(g: MafikScenario, name: str) -> list[str]:
    return [c.card for c in g.p(name).deck]


def discard(g: MafikScenario, name: str) -> list[str]:
    return [c.card for c in g.p(name).discard]


def play_named(g: MafikScenario, name: str, card: str, named: str, *, from_sleeve: bool = False) -> MafikScenario:
    """Play a card whose own parameter is called "card" (Поиск, Истинный баланс)."""
    uid = uids(g, name, [card], "sleeve" if from_sleeve else "hand")[0]
    api.submit(g.state, g.pid(name), "play", card=uid, params={"card": named})
    return g


# ---------------------------------------------------------------- Пустышка

def test_dummy_does_nothing_and_is_replaced():
    g = MafikScenario.day(1)
    g.player("A", hand=["dummy", "seek", "seek"], deck=["mulligan", "meditation"]).player("M", **BOSS)
    g.play("A", "dummy").resolve()
    assert g.hand("A") == ["seek", "seek", "mulligan"]
    assert deck(g, "A") == ["meditation"]
    assert discard(g, "A") == ["dummy"]


def test_dummy_may_be_played_by_night():
    g = MafikScenario.night(1)
    g.player("A", hand=["dummy", "seek"], deck=["mulligan"]).player("M", **BOSS)
    g.play("A", "dummy").resolve()
    assert g.hand("A") == ["seek", "mulligan"]


# ---------------------------------------------------------------- Звонок

def test_phone_call_sends_an_anonymous_message_at_the_end_of_the_phase():
    g = MafikScenario.day(1)
    g.player("A", hand=["phone_call", "dummy"]).player("B").player("M", **BOSS)
    g.play("A", "phone_call", target="B", message="Я знаю, кто ты")
    assert not g.events("card_message", to="B")
    g.resolve()
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "Я знаю, кто ты"
    assert message.params["sender"] is None
    [copy] = g.events("card_message_sent")
    assert copy.to == "master" and copy.params["sender"] == g.pid("A") and copy.params["to"] == g.pid("B")


def test_phone_call_is_free_and_does_not_use_the_hand_play():
    g = MafikScenario.day(1)
    g.player("A", hand=["phone_call", "dummy", "seek"]).player("B").player("M", **BOSS)
    g.play("A", "phone_call", target="B", message="привет").play("A", "dummy").resolve()
    assert len(g.events("card_message", to="B")) == 1
    assert g.hand_size("A") == 3  # both replaced


def test_phone_call_is_strictly_day_for_law():
    g = MafikScenario.night(1)
    g.player("A", secret="officer", hand=["phone_call", "dummy"]).player("B").player("M", **BOSS)
    refusal = g.refusal("A", "play", card="phone_call", target="B", message="ночью")
    assert refusal.code == "wrong_phase" and refusal.params["reason"] == "day_only"


def test_phone_call_is_strictly_day_for_the_maniac():
    g = MafikScenario.night(1)
    g.player("N", secret="maniac", hand=["phone_call", "dummy"]).player("B").player("M", **BOSS)
    refusal = g.refusal("N", "play", card="phone_call", target="B", message="ночью")
    assert refusal.code == "wrong_phase" and refusal.params["reason"] == "day_only"


@pytest.mark.parametrize("secret", ["boss", "traitor"])
def test_phone_call_may_be_played_by_night_by_mafia_and_traitor(secret):
    g = MafikScenario.night(1)
    g.player("A", secret=secret, hand=["phone_call", "dummy"]).player("B").player("M", secret="killer")
    g.play("A", "phone_call", target="B", message="ночной звонок").resolve()
    [message] = g.events("card_message", to="B")
    assert message.params["text"] == "ночной звонок" and message.params["sender"] is None


# ---------------------------------------------------------------- Маллиган

def test_mulligan_discards_the_chosen_cards_and_draws_as_many():
    g = MafikScenario.day(1)
    g.player("A", hand=["mulligan", "seek", "meditation", "breach"], deck=["plan_b", "true_balance", "dummy", "seek"])
    g.player("M", **BOSS)
    chosen = uids(g, "A", ["seek", "meditation"])
    g.play("A", "mulligan", cards=chosen).resolve()
    # the two drawn by Маллиган, then the replacement of Маллиган itself
    assert g.hand("A") == ["breach", "plan_b", "true_balance", "dummy"]
    assert discard(g, "A") == ["mulligan", "seek", "meditation"]
    assert deck(g, "A") == ["seek"]


def test_mulligan_of_the_whole_hand_still_draws():
    g = MafikScenario.night(1)
    g.player("A", hand=["mulligan", "seek"], deck=["plan_b", "breach"]).player("M", **BOSS)
    g.play("A", "mulligan", cards=uids(g, "A", ["seek"])).resolve()
    assert g.alive("A")
    assert g.hand("A") == ["plan_b", "breach"]


def test_mulligan_cards_cannot_be_played_too():
    g = MafikScenario.day(1)
    g.player("A", hand=["mulligan", "dummy", "seek"]).player("M", **BOSS)
    g.play("A", "mulligan", cards=uids(g, "A", ["seek"]))
    with pytest.raises(Refusal) as twice:
        play_named(g, "A", "seek", "breach")
    assert twice.value.code == "card_used_twice"
    assert g.refusal("A", "play", card="dummy").code == "limit_reached"


def test_mulligan_from_an_empty_deck_draws_dummies():
    g = MafikScenario.day(1)
    g.player("A", hand=["mulligan", "seek", "breach"], deck=[]).player("M", **BOSS)
    g.play("A", "mulligan", cards=uids(g, "A", ["seek", "breach"])).resolve()
    assert g.hand("A") == ["dummy", "dummy", "dummy"]


# ---------------------------------------------------------------- Поиск

def test_seek_replacement_is_the_named_card():
    g = MafikScenario.day(1)
    g.player("A", hand=["seek", "dummy"], deck=["mulligan", "meditation", "breach", "plan_b"]).player("M", **BOSS)
    play_named(g, "A", "seek", "breach").resolve()
    assert g.hand("A") == ["dummy", "breach"]
    assert deck(g, "A") == ["mulligan", "meditation", "plan_b"]


def test_seek_of_a_card_not_in_the_deck_draws_the_top():
    g = MafikScenario.day(1)
    g.player("A", hand=["seek", "dummy"], deck=["mulligan", "meditation"]).player("M", **BOSS)
    play_named(g, "A", "seek", "breach").resolve()
    assert g.hand("A") == ["dummy", "mulligan"]


def test_seek_fails_when_damage_cancels_the_replacement():
    g = MafikScenario.night(2)
    g.player("A", hand=["seek", "dummy", "dummy"], deck=["mulligan", "breach"])
    g.player("N", secret="maniac", points=2).player("M", **BOSS)
    play_named(g, "A", "seek", "breach")
    g.order("N", "blood", use="damage1", target="A")
    g.resolve()
    assert g.hand("A") == ["dummy", "dummy"]
    assert deck(g, "A") == ["mulligan", "breach"]


def test_seek_played_from_the_sleeve_does_nothing():
    g = MafikScenario.day(1)
    g.player("A", hand=["dummy"], sleeve=["seek"], deck=["mulligan", "breach"]).player("M", **BOSS)
    play_named(g, "A", "seek", "breach", from_sleeve=True).resolve()
    assert g.hand("A") == ["dummy"]
    assert deck(g, "A") == ["mulligan", "breach"]


# ---------------------------------------------------------------- Концентрация

def test_concentration_puts_copies_on_top_of_the_deck():
    g = MafikScenario.day(1)
    g.player("A", hand=["concentration", "breach", "seek"], sleeve=["plan_b"], deck=["dummy"]).player("M", **BOSS)
    g.build()
    g.play("A", "concentration", hand=uids(g, "A", ["breach", "seek"]), sleeve=uids(g, "A", ["plan_b"], "sleeve"))
    g.resolve()
    # copies on top in the order given; the replacement of Концентрация draws the first of them
    assert g.hand("A") == ["breach", "seek", "breach"]
    assert g.sleeve("A") == ["plan_b"]
    assert deck(g, "A") == ["seek", "plan_b", "dummy"]


def test_concentration_takes_at_most_three_cards():
    g = MafikScenario.day(1)
    g.player("A", hand=["concentration", "breach", "seek", "plan_b"], sleeve=["mulligan"]).player("M", **BOSS)
    refusal = g.refusal("A", "play", card="concentration", hand=uids(g, "A", ["breach", "seek", "plan_b"]),
                        sleeve=uids(g, "A", ["mulligan"], "sleeve"))
    assert refusal.code == "bad_param" and refusal.params["reason"] == "count"
    assert g.refusal("A", "play", card="concentration").code == "bad_param"


def test_concentration_cannot_use_the_sleeve_in_exile():
    g = MafikScenario.day(2)
    g.player("A", hand=["concentration", "breach"], sleeve=["plan_b"]).player("M", **BOSS)
    g.build()
    g.state.add_effect("exile", target=g.pid("A"), start=g.state.phase - 1, end=g.state.phase + 1)
    refusal = g.refusal("A", "play", card="concentration", sleeve=uids(g, "A", ["plan_b"], "sleeve"))
    assert refusal.code == "not_allowed" and refusal.params["reason"] == "exiled"


# ---------------------------------------------------------------- План В

OFFICER_DEFENCE = [c.id for c in CATALOG if c.colour == "defence"][:10]


def test_plan_b_shuffles_ten_own_colour_cards_into_the_deck(fake_card):
    for card in OFFICER_DEFENCE:
        fake_card(card)
    g = MafikScenario.night(1)
    g.player("A", secret="officer", hand=["plan_b", "dummy"], deck=["breach", "seek"]).player("M", **BOSS)
    g.play("A", "plan_b", cards=OFFICER_DEFENCE).resolve()
    # 12 cards, one of them drawn as the replacement
    assert len(g.p("A").deck) == 11
    assert sorted([*deck(g, "A"), g.hand("A")[1]]) == sorted([*OFFICER_DEFENCE, "breach", "seek"])


def test_plan_b_refuses_cards_of_other_colours(fake_card):
    pistols = [c.id for c in CATALOG if c.colour == "damage"][:10]
    for card in pistols:
        fake_card(card)
    g = MafikScenario.night(1)
    g.player("A", secret="officer", hand=["plan_b", "dummy"]).player("M", **BOSS)
    refusal = g.refusal("A", "play", card="plan_b", cards=pistols)
    assert refusal.code == "bad_param" and refusal.params["reason"] == "not_own_colour"
    # the Маньяк's colours are all eight
    g2 = MafikScenario.night(1)
    g2.player("N", secret="maniac", hand=["plan_b", "dummy"]).player("M", **BOSS)
    g2.play("N", "plan_b", cards=pistols).resolve()
    assert len(g2.p("N").deck) == 10 + 10 - 1


def test_plan_b_uses_the_traitors_current_colours(fake_card):
    for card in OFFICER_DEFENCE:
        fake_card(card)
    g = MafikScenario.night(1)
    g.player("T", secret="traitor", hand=["plan_b", "dummy"]).player("M", **BOSS)
    assert g.refusal("T", "play", card="plan_b", cards=OFFICER_DEFENCE).params["reason"] == "not_own_colour"
    g.state.add_effect("colours", target=g.pid("T"), colours=["defence", "intel", "boost"])
    g.play("T", "plan_b", cards=OFFICER_DEFENCE).resolve()
    assert len(g.p("T").deck) == 19


def test_plan_b_is_a_night_card():
    g = MafikScenario.day(1)
    g.player("A", hand=["plan_b", "dummy"]).player("M", **BOSS)
    assert g.refusal("A", "play", card="plan_b", cards=OFFICER_DEFENCE).code == "wrong_phase"


# ---------------------------------------------------------------- Медитация

def test_meditation_tells_the_deck_order_and_allows_one_shuffle_next_phase():
    g = MafikScenario.day(1)
    cards = ["seek", "breach", "plan_b", "mulligan", "true_balance", "concentration", "dummy", "second_chance"]
    g.player("A", hand=["meditation", "dummy"], deck=cards).player("M", **BOSS)
    g.build()
    with pytest.raises(Refusal) as early:
        api.act(g.state, g.pid("A"), "shuffle_deck")
    assert early.value.params["reason"] == "no_effect"
    g.play("A", "meditation").resolve()
    [told] = g.events("deck_order", to="A")
    assert told.params["cards"] == cards[1:]  # after the replacement was drawn
    api.act(g.state, g.pid("A"), "shuffle_deck")
    assert sorted(deck(g, "A")) == sorted(cards[1:])
    assert len(g.events("deck_shuffled", to="A")) == 1
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "shuffle_deck")


def test_meditation_shuffle_is_only_for_the_next_phase():
    g = MafikScenario.day(1)
    g.player("A", hand=["meditation", "dummy"], deck=8).player("M", **BOSS)
    g.play("A", "meditation").resolve().resolve()
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "shuffle_deck")


# ---------------------------------------------------------------- Второй шанс

NEUTRAL_DECK = ["dummy", "dummy", "mulligan", "mulligan", "seek", "seek", "concentration", "concentration",
                "plan_b", "plan_b", "meditation", "meditation", "true_balance", "true_balance", "breach"]


def test_second_chance_allows_a_rebuild_of_a_full_deck_next_phase():
    g = MafikScenario.day(1)
    g.player("A", hand=["second_chance", "dummy"], deck=["seek"] * 5).player("M", **BOSS)
    g.build()
    with pytest.raises(Refusal) as before:
        api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert before.value.params["reason"] == "deck_not_empty"
    g.play("A", "second_chance").resolve()
    assert g.events("rebuild_allowed", to="A")
    api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})
    assert sorted(deck(g, "A")) == sorted(NEUTRAL_DECK)
    with pytest.raises(Refusal):  # one rebuild
        api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})


def test_second_chance_expires_after_the_next_phase():
    g = MafikScenario.day(1)
    g.player("A", hand=["second_chance", "dummy"], deck=["seek"] * 5).player("M", **BOSS)
    g.play("A", "second_chance").resolve().resolve()
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "rebuild_deck", {"cards": NEUTRAL_DECK})


def test_second_chance_once_per_game():
    g = MafikScenario.day(1)
    g.player("A", hand=["second_chance", "dummy", "dummy"], sleeve=["second_chance"], deck=["second_chance"] * 3)
    g.player("M", **BOSS)
    g.build()
    g.play("A", "second_chance")
    refusal = g.refusal("A", "play", card="second_chance", from_sleeve=True)
    assert refusal.code == "limit_reached" and refusal.params["what"] == "once_per_game"
    g.resolve().resolve()  # to day 2
    refusal = g.refusal("A", "play", card="second_chance")
    assert refusal.code == "limit_reached" and refusal.params["what"] == "once_per_game"


# ---------------------------------------------------------------- Истинный баланс

def test_true_balance_counts_the_copies_in_the_first_decks():
    g = MafikScenario.night(1)
    g.player("A", hand=["true_balance", "dummy"], chose=["seek", "seek", "breach"])
    g.player("B", chose=["seek", "plan_b"]).player("M", secret="boss", chose=["mulligan"])
    play_named(g, "A", "true_balance", "seek").resolve()
    [told] = g.events("true_balance", to="A")
    assert told.params["named"] == "seek" and told.params["count"] == 3


def test_true_balance_ignores_rebuilt_decks_and_is_a_night_card():
    g = MafikScenario.night(1)
    g.player("A", hand=["true_balance", "dummy"], chose=["breach"], deck=["breach", "breach"])
    g.player("M", secret="boss", chose=[])
    play_named(g, "A", "true_balance", "breach").resolve()
    assert g.events("true_balance", to="A")[0].params["count"] == 1
    g2 = MafikScenario.day(1)
    g2.player("A", hand=["true_balance", "dummy"]).player("M", **BOSS)
    with pytest.raises(Refusal) as by_day:
        play_named(g2, "A", "true_balance", "seek")
    assert by_day.value.code == "wrong_phase"


# ---------------------------------------------------------------- Пролом

def breach_game() -> MafikScenario:
    g = MafikScenario.night(2)
    hand = ["breach"] + ["dummy"] * 9
    g.player("Boss", secret="boss", hand=hand).player("Killer", secret="killer", hand=hand)
    g.player("Off", secret="officer", hand=hand).player("Sher", secret="sheriff", hand=hand)
    g.player("Man", secret="maniac", hand=hand).player("Tra", secret="traitor", hand=hand)
    g.build()
    return g


def roles(g: MafikScenario, **named: str) -> dict[int, str]:
    return {g.pid(name): role for name, role in named.items()}


def test_breach_mafia_naming_every_living_law_member_gives_the_mafia_three_votes():
    g = breach_game()
    g.play("Boss", "breach", law_roles=roles(g, Off="officer", Sher="sheriff")).resolve()
    [event] = [e for e in g.events("breach_success") if e.to == "faction"]
    assert event.who == "mafia" and event.params["by"] == g.pid("Boss")
    assert vote_strength(g.state, g.pid("Boss")) == 4 and vote_strength(g.state, g.pid("Killer")) == 4
    assert vote_strength(g.state, g.pid("Off")) == 1


@pytest.mark.parametrize("guess", [
    {"Off": "officer", "Sher": "judge"},  # a wrong role
    {"Off": "officer"},  # a law member missing
    {"Off": "officer", "Sher": "sheriff", "Tra": "officer"},  # the Предатель is not law
])
def test_breach_mafia_wrong_guess_does_nothing(guess):
    g = breach_game()
    g.play("Boss", "breach", law_roles=roles(g, **guess)).resolve()
    assert not g.events("breach_success")
    assert vote_strength(g.state, g.pid("Boss")) == 1


def test_breach_law_success_tells_the_player_only_and_weakens_the_mafia():
    g = breach_game()
    g.play("Off", "breach", mafia_roles=roles(g, Boss="boss", Killer="killer")).resolve()
    [event] = g.events("breach_success")
    assert event.to == "player" and event.who == g.pid("Off")
    assert vote_strength(g.state, g.pid("Boss")) == 0 and vote_strength(g.state, g.pid("Killer")) == 0


def test_breach_law_wrong_guess_does_nothing():
    g = breach_game()
    g.play("Off", "breach", mafia_roles=roles(g, Boss="killer", Killer="boss")).resolve()
    assert not g.events("breach_success")
    assert vote_strength(g.state, g.pid("Boss")) == 1


def every_role(g: MafikScenario, but: str) -> dict[int, str]:
    truth = {"Boss": "boss", "Killer": "killer", "Off": "officer", "Sher": "sheriff", "Man": "maniac", "Tra": "traitor"}
    return roles(g, **{k: v for k, v in truth.items() if k != but})


@pytest.mark.parametrize("who", ["Man", "Tra"])
def test_breach_maniac_and_traitor_success_removes_four_votes_every_day(who):
    g = breach_game()
    g.play(who, "breach", all_roles=every_role(g, who)).resolve()
    [event] = g.events("breach_success")
    assert event.to == "player" and event.who == g.pid(who)
    assert REGISTRIES.queries.ask("votes_against", g.state, 5, target=g.pid(who)) == 1
    g.resolve().resolve()  # still in force two phases later
    assert REGISTRIES.queries.ask("votes_against", g.state, 5, target=g.pid(who)) == 1


def test_breach_maniac_shield_counts_at_the_council():
    g = breach_game()
    g.play("Man", "breach", all_roles=every_role(g, "Man")).resolve()  # now day 2
    for name in ("Boss", "Killer", "Off", "Sher"):
        g.vote(name, "Man")
    g.vote("Tra", "Off").vote("Man", "Off")
    g.resolve()
    [verdict] = g.public("council_verdict")
    assert verdict.params["punished"] == g.pid("Off")  # Off 2 votes; Man 4 − 4 = 0
    assert g.pid("Man") in verdict.params["targets"]


def test_breach_maniac_wrong_guess_does_nothing():
    g = breach_game()
    guess = every_role(g, "Man")
    guess[g.pid("Tra")] = "officer"  # the Предатель named as what he shows
    g.play("Man", "breach", all_roles=guess).resolve()
    assert not g.events("breach_success")


def test_breach_succeeds_once_per_faction():
    g = breach_game()
    guess = roles(g, Boss="boss", Killer="killer")
    g.play("Off", "breach", mafia_roles=guess).play("Sher", "breach", mafia_roles=guess).resolve()
    assert [e.who for e in g.events("breach_success")] == [g.pid("Off")]
    assert vote_strength(g.state, g.pid("Boss")) == 0  # −1 once
    g.resolve()  # night 3
    g.state.player(g.pid("Off")).hand.append(g.state.new_card("breach"))
    g.play("Off", "breach", mafia_roles=guess).resolve()
    assert len(g.events("breach_success")) == 1 and vote_strength(g.state, g.pid("Boss")) == 0
    # another faction still may
    g2 = breach_game()
    g2.play("Off", "breach", mafia_roles=roles(g2, Boss="boss", Killer="killer"))
    g2.play("Boss", "breach", law_roles=roles(g2, Off="officer", Sher="sheriff")).resolve()
    assert len(g2.events("breach_success")) == 2
    assert vote_strength(g2.state, g2.pid("Boss")) == 1 + 3 - 1


def test_breach_ignores_disguises(monkeypatch):
    def disguise(state: GameState, value: Any, *, aspect: str, **_: Any) -> Any:
        return "judge" if aspect == "secret_role" else value

    modifiers = REGISTRIES.queries._modifiers.setdefault("appearance", [])
    monkeypatch.setitem(REGISTRIES.queries._modifiers, "appearance", [*modifiers, (99, 99, disguise)])
    g = breach_game()
    g.play("Boss", "breach", law_roles=roles(g, Off="officer", Sher="sheriff"))
    g.play("Man", "breach", all_roles=every_role(g, "Man")).resolve()
    assert {e.params["by"] for e in g.events("breach_success")} == {g.pid("Boss"), g.pid("Man")}


def test_breach_param_of_another_faction_is_refused():
    g = breach_game()
    assert g.refusal("Off", "play", card="breach", law_roles=roles(g, Sher="sheriff")).code == "mafia_only"
    refusal = g.refusal("Off", "play", card="breach")
    assert refusal.code == "bad_param" and refusal.params["reason"] == "missing"
    refusal = g.refusal("Off", "play", card="breach", mafia_roles=roles(g, Boss="officer"))
    assert refusal.code == "bad_param" and refusal.params["reason"] == "role"


def test_breach_survives_a_save_and_load():
    g = breach_game()
    g.order("Boss", "play", card="breach", law_roles=roles(g, Off="officer", Sher="sheriff"))
    g.state = api.load(api.dump(g.state))
    g.resolve()
    assert len(g.events("breach_success")) == 1
