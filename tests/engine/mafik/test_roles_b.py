"""The perks of Мафик's public roles 21–40 (seeds/000_…, "==== Явные роли ====") and "(Другой)",
named test_<role id>_….

Players are law (Офицер) with the public role "(Другой)" and 5 Пустышки unless stated. The Маньяк
"M" deals damage with his blood (2 damage for 3 points: fixed, but armor stops it) and keeps the
game going. Cards other helpers implement are replaced by no-ops where a test needs one played.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import api
from engine.core.checked import changed
from engine.core.refusal import Refusal
from engine.core.state import GameState, PlayerState
from engine.core.views import player_view
from engine.rulesets.mafik import roles
from engine.rulesets.mafik.deck import deck_limits
from engine.rulesets.mafik.registry import CATALOG, NEUTRAL, REGISTRIES
from engine.rulesets.mafik.roles import PUBLIC_ROLES
from tests.engine.mafik.conftest import MafikScenario

TARGETED = "under_protection"  # Под защитой: cost 0, a target; a no-op here
COSTLY = "buyer_protection"  # Защита покупателя: cost 2, no params; a no-op here
CHEAP = "arsenal"  # cost 0, a target


def deck_problem(state, pid: int, cards: list[str]) -> dict | None:
    """The engine's reason a deck is not legal, as its params (None when it is)."""
    refusal = api.deck_problem(state, pid, cards)
    return None if refusal is None else refusal.params


@pytest.fixture
def noop(monkeypatch: pytest.MonkeyPatch):
    """Give cards a behaviour that does nothing, for this test only."""

    def register(*ids: str) -> None:
        for card_id in ids:
            monkeypatch.setitem(REGISTRIES.cards.behaviours, card_id, lambda play: None)
            monkeypatch.setitem(REGISTRIES.cards.priorities, card_id, 50)

    return register


@pytest.fixture
def implemented(monkeypatch: pytest.MonkeyPatch):
    """Make sure cards count as implemented (deck rules refuse cards without behaviour)."""

    def register(*ids: str) -> None:
        for card_id in ids:
            if card_id not in REGISTRIES.cards.behaviours:
                monkeypatch.setitem(REGISTRIES.cards.behaviours, card_id, lambda play: None)
                monkeypatch.setitem(REGISTRIES.cards.priorities, card_id, 50)

    return register


def maniac(g: MafikScenario, name: str = "M") -> MafikScenario:
    return g.player(name, secret="maniac", points=6, hand=20)


def quiet_day(g: MafikScenario) -> MafikScenario:
    """Resolve a day on which everyone votes for the Маньяк (20 cards), so nobody else is punished."""
    assert g.state.is_day
    for player in g.state.living():
        g.order(player.name, "vote", target="M")
    return g.resolve()


def play_uid(g: MafikScenario, name: str, uid: int, sleeve: list[int] | None = None, **params) -> None:
    """Play the card with this uid, paying with these Sleeve cards (uids)."""
    api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(params), payment={"cards": sleeve or []})


def play_uid_refused(g: MafikScenario, name: str, uid: int, sleeve: list[int] | None = None, **params) -> Refusal:
    with pytest.raises(Refusal) as info:
        play_uid(g, name, uid, sleeve, **params)
    return info.value


def blood(g: MafikScenario, target: str, damage: int = 2, name: str = "M") -> MafikScenario:
    """The Маньяк's blood: 2 damage (or 1) to the target this night."""
    g.order(name, "blood", use=f"damage{damage}", target=target)
    return g


def refused(g: MafikScenario, name: str, kind: str, **params) -> Refusal:
    return g.refusal(name, kind, **params)


def act(g: MafikScenario, name: str, action: str, **params) -> None:
    g.build()
    api.act(g.state, g.pid(name), action, params)


def act_refused(g: MafikScenario, name: str, action: str, **params) -> Refusal:
    g.build()
    before = g.state.model_dump_json()
    with pytest.raises(Refusal) as info:
        api.act(g.state, g.pid(name), action, params)
    assert g.state.model_dump_json() == before
    return info.value


def uids(g: MafikScenario, name: str, cards: list[str], zone: str = "hand") -> list[int]:
    out: list[int] = []
    for card in cards:
        out.append(g.uid(name, card, skip=set(out), zone=zone))
    return out


def council(g: MafikScenario) -> dict:
    (result,) = g.public("council_verdict")
    return result.params


# ---------------------------------------------------------------- Пришелец


def test_alien_credits_card_is_credit():
    assert CATALOG["credit"].name == "Кредит"
    assert CATALOG["debt"].name == "Долг"


def test_alien_credits_adds_two_credits_to_the_hand():
    g = maniac(MafikScenario.night(2).player("A", role="alien", deck=3))
    g.order("A", "alien_credits")
    g.resolve()
    assert g.hand("A") == ["dummy"] * 5 + ["credit", "credit"]
    assert len(g.p("A").deck) == 3  # added, not drawn
    (event,) = g.events("alien_credits", to="A")
    assert event.params == {"card": "credit", "count": 2}


def test_alien_credits_once_a_game():
    """A spent perk is refused with the one reason every once-a-game perk gives (perks_common.once)."""
    g = maniac(MafikScenario.night(2).player("A", role="alien"))
    g.order("A", "alien_credits")
    g.resolve()
    refusal = refused(g, "A", "alien_credits")
    assert (refusal.code, refusal.params["reason"]) == ("limit_reached", "once_a_game")


def test_alien_credits_instead_of_a_sleeve_play():
    g = maniac(MafikScenario.night(2).player("A", role="alien", sleeve=["dummy"]))
    g.play("A", "dummy", from_sleeve=True)
    refusal = refused(g, "A", "alien_credits")
    assert (refusal.code, refusal.params["what"]) == ("limit_reached", "plays")


def test_alien_credits_with_a_hand_play():
    g = maniac(MafikScenario.night(2).player("A", role="alien"))
    g.play("A", "dummy")
    g.order("A", "alien_credits")
    g.resolve()
    assert Counter(g.hand("A")) == {"dummy": 5, "credit": 2}  # 4 left + 1 refill, 2 credits


def test_alien_credits_only_for_the_alien():
    g = maniac(MafikScenario.night(2).player("A", role="geek"))
    assert refused(g, "A", "alien_credits").code == "not_allowed"


# ---------------------------------------------------------------- Медиум


def test_medium_learns_colour_of_the_last_card_discarded_for_damage():
    g = maniac(MafikScenario.night(2).player("D", role="medium").player("V", hand=["dummy", "oracle"]))
    blood(g, "V").resolve()
    assert not g.alive("V")
    (event,) = g.events("medium_colour", to="D")
    assert event.params == {"pid": g.pid("V"), "colour": "intel"}


def test_medium_skips_debts():
    g = maniac(MafikScenario.night(2).player("D", role="medium").player("V", hand=["oracle", "debt"]))
    blood(g, "V").resolve()
    assert not g.alive("V")
    (event,) = g.events("medium_colour", to="D")
    assert event.params["colour"] == "intel"  # the debt went last but is not counted


def test_medium_remembers_a_discard_of_an_earlier_phase():
    g = maniac(MafikScenario.night(2).player("D", role="medium").player("V", hand=["pistol", "dummy"], deck=0))
    blood(g, "V", damage=1).resolve()  # night 2: Пистолет (damage) discarded
    assert g.hand("V") == ["dummy"]
    g.order("M", "vote", target="V")
    g.order("D", "vote", target="V")
    g.resolve()  # day 2: executed, Пустышка (neutral) discarded
    assert not g.alive("V")
    (event,) = g.events("medium_colour", to="D")
    assert event.params["colour"] == NEUTRAL


def test_medium_no_discard_when_the_dead_never_discarded_for_damage():
    g = maniac(MafikScenario.night(2).player("D", role="medium").player("V", hand=0))
    g.resolve()
    assert not g.alive("V")
    assert not g.events("medium_colour")
    (event,) = g.events("medium_no_discard", to="D")
    assert event.params == {"pid": g.pid("V")}


def test_medium_told_once_per_dead_and_only_the_medium():
    g = maniac(MafikScenario.night(2).player("D", role="medium").player("V", hand=["oracle"]).player("X"))
    blood(g, "V").resolve()
    quiet_day(g)
    assert len(g.events("medium_colour")) == 1
    assert not g.events("medium_colour", to="X")


# ---------------------------------------------------------------- Параноик


def test_paranoiac_armor_three_armor_at_night():
    g = maniac(MafikScenario.night(2).player("P", role="paranoiac"))
    blood(g, "P")
    blood(g, "P")  # 4 damage
    g.order("P", "paranoiac_armor")
    g.resolve()
    assert g.hand_size("P") == 4  # 3 of 4 stopped


def test_paranoiac_armor_night_only():
    g = maniac(MafikScenario.day(2).player("P", role="paranoiac"))
    assert refused(g, "P", "paranoiac_armor").code == "wrong_phase"


def test_paranoiac_armor_once_per_game():
    g = maniac(MafikScenario.night(2).player("P", role="paranoiac"))
    g.order("P", "paranoiac_armor")
    quiet_day(g.resolve())  # night 2, day 2
    assert g.state.phase == 5
    assert refused(g, "P", "paranoiac_armor").code == "limit_reached"


def test_paranoiac_armor_only_for_the_paranoiac():
    g = maniac(MafikScenario.night(2).player("P"))
    assert refused(g, "P", "paranoiac_armor").code == "not_allowed"


# ---------------------------------------------------------------- Наркоман


def test_addict_move_any_number_of_sleeve_cards_to_the_hand():
    g = maniac(MafikScenario.day(2).player("N", role="addict", hand=["dummy"], sleeve=["pistol", "oracle", "credit"]))
    act(g, "N", "addict_move", cards=uids(g, "N", ["pistol", "credit"], zone="sleeve"))
    assert g.hand("N") == ["dummy", "pistol", "credit"]
    assert g.sleeve("N") == ["oracle"]
    (event,) = g.events("addict_moved", to="N")
    assert event.params == {"cards": ["pistol", "credit"]}


def test_addict_move_once_per_game():
    g = maniac(MafikScenario.night(2).player("N", role="addict", sleeve=["pistol", "oracle"]))
    act(g, "N", "addict_move", cards=uids(g, "N", ["pistol"], zone="sleeve"))
    assert act_refused(g, "N", "addict_move", cards=uids(g, "N", ["oracle"], zone="sleeve")).code == "limit_reached"


def test_addict_move_not_a_card_in_an_order():
    g = maniac(MafikScenario.night(2).player("N", role="addict", sleeve=["dummy", "oracle"]))
    g.play("N", "dummy", from_sleeve=True)
    refusal = act_refused(g, "N", "addict_move", cards=uids(g, "N", ["dummy"], zone="sleeve"))
    assert refusal.code == "card_used_twice"


def test_addict_move_only_sleeve_cards_and_at_least_one():
    g = maniac(MafikScenario.night(2).player("N", role="addict", sleeve=["oracle"]))
    assert act_refused(g, "N", "addict_move", cards=[]).code == "bad_param"
    assert act_refused(g, "N", "addict_move", cards=[g.uid("N", "dummy")]).code == "card_not_in_hand"


def test_addict_move_only_for_the_addict():
    g = maniac(MafikScenario.night(2).player("N", sleeve=["oracle"]))
    assert act_refused(g, "N", "addict_move", cards=uids(g, "N", ["oracle"], zone="sleeve")).code == "not_allowed"


# ---------------------------------------------------------------- Воин


def test_warrior_first_two_damage_discards_go_to_the_sleeve():
    g = maniac(MafikScenario.night(2).player("W", role="warrior", hand=["pistol", "oracle", "dummy", "dummy"]))
    blood(g, "W").resolve()
    assert g.hand("W") == ["dummy", "dummy"]
    assert g.sleeve("W") == ["pistol", "oracle"]
    assert g.p("W").discard == []
    assert [e.params["card"] for e in g.events("warrior_saved", to="W")] == ["pistol", "oracle"]


def test_warrior_only_the_first_two_of_the_game():
    g = maniac(MafikScenario.night(2).player("W", role="warrior", hand=["pistol", "oracle", "shiv", "dummy", "dummy"]))
    blood(g, "W", damage=1).resolve()  # night 2: 1 card saved
    assert g.sleeve("W") == ["pistol"]
    quiet_day(g)  # day 2
    blood(g, "W").resolve()  # night 3: the second saved, the third discarded
    assert g.sleeve("W") == ["pistol", "oracle"]
    assert [c.card for c in g.p("W").discard] == ["shiv"]
    assert g.hand("W") == ["dummy", "dummy"]


def test_warrior_exiled_discards_and_the_card_counts():
    g = maniac(MafikScenario.night(2).player("W", role="warrior", hand=["pistol", "oracle", "dummy"]))
    g.build()
    g.state.add_effect("exile", target=g.pid("W"), end=g.state.phase)
    blood(g, "W").resolve()
    assert g.sleeve("W") == []
    assert [c.card for c in g.p("W").discard] == ["pistol", "oracle"]
    assert g.p("W").flags["warrior_cards"] == 2


def test_warrior_saved_cards_are_not_discards_for_the_medium():
    g = maniac(MafikScenario.night(2).player("W", role="warrior", hand=["pistol", "oracle"])).player("D", role="medium")
    blood(g, "W").resolve()
    assert not g.alive("W")  # both cards went to the Sleeve: 0 cards in hand
    assert g.sleeve("W") == ["pistol", "oracle"]
    (event,) = g.events("medium_no_discard", to="D")
    assert event.params == {"pid": g.pid("W")}


def test_warrior_perk_only_for_the_warrior():
    g = maniac(MafikScenario.night(2).player("W", hand=["pistol", "oracle", "dummy"]))
    blood(g, "W").resolve()
    assert g.sleeve("W") == []
    assert g.hand("W") == ["dummy"]


# ---------------------------------------------------------------- Революционер


def revolution_day(role_c: str = "cardsharp") -> MafikScenario:
    """Day 2: C has 3 votes (R, D, E), B has 1 (C). C's public role is listed, so C wins a tie with B."""
    g = MafikScenario.day(2)
    g.player("R", role="revolutionary", hand=8).player("B").player("C", role=role_c).player("D").player("E")
    maniac(g)
    for voter in ("R", "D", "E"):
        g.vote(voter, "C")
    g.vote("C", "B").vote("B", "D").vote("M", "D")
    return g


def test_revolutionary_adds_votes_two_cards_each():
    g = revolution_day()
    g.order("R", "revolution", target="B", cards=[c.uid for c in g.p("R").hand[:4]])
    g.resolve()
    (event,) = g.public("revolution_votes")
    assert event.params == {"pid": g.pid("R"), "target": g.pid("B"), "votes": 2}
    assert g.hand_size("R") == 4  # 4 discarded, not replaced
    assert len(g.p("R").discard) == 4
    # B: 1 + 2 = 3 = C's 3; C has the higher public role and is punished (no double counting)
    assert council(g)["punished"] == g.pid("C")


def test_revolutionary_three_votes_outvote():
    g = revolution_day()
    g.order("R", "revolution", target="B", cards=[c.uid for c in g.p("R").hand[:6]])
    g.resolve()
    assert g.public("revolution_votes")[0].params["votes"] == 3
    assert council(g)["punished"] == g.pid("B")  # 4 > 3
    assert g.hand_size("R") == 2


def test_revolutionary_votes_against_someone_nobody_voted_for():
    g = revolution_day()
    g.order("R", "revolution", target="E", cards=[c.uid for c in g.p("R").hand[:6]])
    g.resolve()
    assert g.pid("E") in council(g)["targets"]
    assert council(g)["punished"] == g.pid("C")  # E: 3, C: 3, C ranks higher


def test_revolutionary_two_cards_per_vote_up_to_three():
    g = revolution_day()
    hand = [c.uid for c in g.p("R").hand]
    for count in (0, 1, 3, 8):
        refusal = refused(g, "R", "revolution", target="B", cards=hand[:count])
        assert (refusal.code, refusal.params["reason"]) == ("bad_param", "count")


def test_revolutionary_cannot_discard_debts():
    g = MafikScenario.day(2).player("R", role="revolutionary", hand=["dummy", "debt", "dummy"]).player("B")
    maniac(g)
    refusal = refused(g, "R", "revolution", target="B", cards=uids(g, "R", ["dummy", "debt"]))
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", "undiscardable")


def test_revolutionary_by_day_only():
    g = maniac(MafikScenario.night(2).player("R", role="revolutionary").player("B"))
    assert refused(g, "R", "revolution", target="B", cards=uids(g, "R", ["dummy", "dummy"])).code == "wrong_phase"


def test_revolutionary_once_a_day_and_cards_not_twice():
    g = revolution_day()
    hand = [c.uid for c in g.p("R").hand]
    g.order("R", "revolution", target="B", cards=hand[:2])
    assert refused(g, "R", "revolution", target="B", cards=hand[2:4]).code == "limit_reached"


def test_revolutionary_only_for_the_revolutionary():
    g = revolution_day()
    assert refused(g, "B", "revolution", target="C", cards=uids(g, "B", ["dummy", "dummy"])).code == "not_allowed"


# ---------------------------------------------------------------- Охранник


def test_guard_learns_cards_played_on_the_target_every_night_from_the_next(noop):
    noop(TARGETED, CHEAP)
    g = MafikScenario.night(2).player("G", role="guard").player("T").player("X", hand=[TARGETED, CHEAP, "dummy"])
    maniac(g)
    g.order("G", "guard", target="T")
    g.play("X", TARGETED, target="T")
    g.resolve()  # night 2: chosen; this night is not watched
    assert not g.events("guard_report")
    (chosen,) = g.events("guard_set", to="G")
    assert chosen.params == {"target": g.pid("T")}
    quiet_day(g)  # day 2: days are not watched
    assert not g.events("guard_report")
    g.play("X", CHEAP, target="T")
    g.resolve()  # night 3
    (report,) = g.events("guard_report", to="G")
    assert report.params == {"target": g.pid("T"), "cards": [CHEAP]}
    quiet_day(g).resolve()  # day 3, night 4: nothing played on T
    assert [e.params["cards"] for e in g.events("guard_report", to="G")] == [[CHEAP], []]


def test_guard_may_choose_himself(noop):
    noop(TARGETED)
    g = MafikScenario.night(2).player("G", role="guard").player("X", hand=[TARGETED, "dummy"])
    maniac(g)
    g.order("G", "guard", target="G")
    quiet_day(g.resolve())
    g.play("X", TARGETED, target="G")
    g.resolve()
    (report,) = g.events("guard_report", to="G")
    assert report.params == {"target": g.pid("G"), "cards": [TARGETED]}


def test_guard_instead_of_sleeve_plays_night_only_once():
    g = maniac(MafikScenario.night(2).player("G", role="guard", sleeve=["dummy"]).player("T"))
    g.play("G", "dummy", from_sleeve=True)
    assert refused(g, "G", "guard", target="T").code == "limit_reached"
    g = maniac(MafikScenario.day(2).player("G", role="guard").player("T"))
    assert refused(g, "G", "guard", target="T").code == "wrong_phase"
    g = maniac(MafikScenario.night(2).player("G", role="guard").player("T"))
    g.order("G", "guard", target="T")
    quiet_day(g.resolve())
    assert refused(g, "G", "guard", target="T").code == "limit_reached"


def test_guard_only_for_the_guard():
    g = maniac(MafikScenario.night(2).player("G").player("T"))
    assert refused(g, "G", "guard", target="T").code == "not_allowed"


# ---------------------------------------------------------------- Гений


def _officer_deck(size: int, free: int = 0, other: int = 0) -> list[str]:
    """A deck for an Офицер (Защита, Разведка, Маскировка): `size` own non-free cards (2 copies each),
    `free` free cards, `other` non-free cards of other colours."""
    own = [c.id for c in CATALOG if c.colour in ("defence", "intel", "disguise") and not c.has("free")]
    frees = [c.id for c in CATALOG if c.colour in ("defence", "intel", "disguise") and c.has("free")]
    others = [c.id for c in CATALOG if c.colour in ("damage", "control", "chaos") and not c.has("free")]
    cards = [own[i // 2] for i in range(size - other)] + others[:other] + [frees[i // 2] for i in range(free)]
    return cards


def _deck_state(role: str) -> GameState:
    g = maniac(MafikScenario.night(2).player("P", role=role, deck=0))
    g.build()
    return g.state


def test_genius_deck_is_12_cards_and_5_free(implemented):
    state = _deck_state("genius")
    assert deck_limits(state, 0) == {"size": 12, "free": 5, "other": 2}
    implemented(*_officer_deck(15, free=6))
    assert deck_problem(state, 0, _officer_deck(12, free=5)) is None
    assert deck_problem(state, 0, _officer_deck(15)) == {"reason": "deck_size", "have": 15, "need": 12}
    assert deck_problem(state, 0, _officer_deck(12, free=6)) == {"reason": "too_many_free", "have": 6, "max": 5}


def test_genius_limits_not_for_others(implemented):
    state = _deck_state("other")
    implemented(*_officer_deck(15, free=4))
    assert deck_problem(state, 0, _officer_deck(12)) == {"reason": "deck_size", "have": 12, "need": 15}
    assert deck_problem(state, 0, _officer_deck(15, free=4)) == {"reason": "too_many_free", "have": 4, "max": 3}


# ---------------------------------------------------------------- Учёный


def test_scientist_discard_two_and_draw_even_while_playing():
    g = maniac(MafikScenario.night(2).player("S", role="scientist", hand=["dummy", "oracle", "pistol", "dummy"],
                                             deck=["shiv", "sniper", "kick", "mugging"]))
    g.play("S", "dummy")
    g.order("S", "scientist_discard", cards=uids(g, "S", ["oracle", "pistol"]))
    g.resolve()
    assert g.hand("S") == ["dummy", "shiv", "sniper", "kick"]
    assert sorted(c.card for c in g.p("S").discard) == ["dummy", "oracle", "pistol"]


def test_scientist_night_discard_of_others_excludes_plays():
    g = maniac(MafikScenario.night(2).player("S", hand=["dummy", "oracle", "pistol"]))
    g.play("S", "dummy")
    assert refused(g, "S", "night_discard", cards=uids(g, "S", ["oracle", "pistol"])).code == "not_allowed"
    assert refused(g, "S", "scientist_discard", cards=uids(g, "S", ["oracle", "pistol"])).code == "not_allowed"


def test_scientist_discard_night_only_once_two_cards():
    g = maniac(MafikScenario.day(2).player("S", role="scientist"))
    assert refused(g, "S", "scientist_discard", cards=uids(g, "S", ["dummy", "dummy"])).code == "wrong_phase"
    g = maniac(MafikScenario.night(2).player("S", role="scientist"))
    assert refused(g, "S", "scientist_discard", cards=uids(g, "S", ["dummy"])).code == "bad_param"
    assert refused(g, "S", "scientist_discard", cards=uids(g, "S", ["dummy"] * 3)).code == "bad_param"
    g.order("S", "scientist_discard", cards=uids(g, "S", ["dummy", "dummy"]))
    quiet_day(g.resolve())
    assert refused(g, "S", "scientist_discard", cards=uids(g, "S", ["dummy", "dummy"])).code == "limit_reached"


# ---------------------------------------------------------------- Мот


def spendthrift(role: str = "spendthrift") -> MafikScenario:
    g = MafikScenario.night(2).player("S", role=role, hand=[COSTLY, COSTLY, "dummy", CHEAP], sleeve=4).player("X")
    return maniac(g).build()


def test_spendthrift_cards_costing_two_do_not_count_toward_the_limit(noop):
    noop(COSTLY, CHEAP)
    g = spendthrift()
    hand, sleeve = [c.uid for c in g.p("S").hand], [c.uid for c in g.p("S").sleeve]
    play_uid(g, "S", hand[0], sleeve[:2])
    play_uid(g, "S", hand[1], sleeve[2:])
    play_uid(g, "S", hand[2])  # the one counted Hand card
    assert len(g.state.orders[g.pid("S")]) == 3
    assert play_uid_refused(g, "S", hand[3], target="X").code == "limit_reached"
    g.resolve()
    assert len(g.p("S").discard) == 7


def test_spendthrift_cheaper_cards_still_count(noop):
    noop(COSTLY, CHEAP)
    g = spendthrift()
    hand, sleeve = [c.uid for c in g.p("S").hand], [c.uid for c in g.p("S").sleeve]
    play_uid(g, "S", hand[3], target="X")  # cost 0
    assert play_uid_refused(g, "S", hand[2]).code == "limit_reached"
    play_uid(g, "S", hand[0], sleeve[:2])


def test_spendthrift_only_for_the_spendthrift(noop):
    noop(COSTLY, CHEAP)
    g = spendthrift("other")
    hand, sleeve = [c.uid for c in g.p("S").hand], [c.uid for c in g.p("S").sleeve]
    play_uid(g, "S", hand[2])
    assert play_uid_refused(g, "S", hand[0], sleeve[:2]).code == "limit_reached"


# ---------------------------------------------------------------- Везунчик


def lucky() -> MafikScenario:
    hand = ["pistol", "oracle", "shiv", "kick", "sniper", "mugging"]
    return maniac(MafikScenario.night(1).player("L", role="lucky", hand=hand, deck=6))


def test_lucky_redraw_returns_the_six_shuffles_and_draws_six():
    g = lucky()
    before = Counter(g.hand("L") + ["dummy"] * 6)
    act(g, "L", "lucky_redraw")
    assert g.hand_size("L") == 6
    assert len(g.p("L").deck) == 6
    assert Counter(g.hand("L") + [c.card for c in g.p("L").deck]) == before
    assert g.p("L").hand_at_phase_start == g.hand("L")
    (event,) = g.events("lucky_redraw", to="L")
    assert event.params == {"hand": g.hand("L"), "left": 1}


def test_lucky_redraw_up_to_twice():
    g = lucky()
    act(g, "L", "lucky_redraw")
    act(g, "L", "lucky_redraw")
    assert act_refused(g, "L", "lucky_redraw").code == "limit_reached"


def test_lucky_redraw_first_night_only():
    g = lucky()
    g.resolve()
    assert act_refused(g, "L", "lucky_redraw").code == "wrong_phase"


def test_lucky_redraw_not_with_orders_submitted():
    g = lucky()
    g.order("L", "night_discard", cards=uids(g, "L", ["pistol", "oracle"]))
    assert act_refused(g, "L", "lucky_redraw").code == "not_allowed"


def test_lucky_redraw_tells_the_mafia_the_new_hand():
    g = MafikScenario.night(1).player("L", role="lucky", secret="boss", hand=6, deck=["pistol"] * 6).player("K", secret="killer")
    act(g, "L", "lucky_redraw")
    (intel,) = g.events("mafia_intel")
    assert intel.to == "faction" and intel.who == "mafia"
    assert intel.params["hand"] == g.hand("L")


def test_lucky_redraw_only_for_the_lucky():
    g = maniac(MafikScenario.night(1).player("L", hand=6))
    assert act_refused(g, "L", "lucky_redraw").code == "not_allowed"


# ---------------------------------------------------------------- Потрошитель


def test_ripper_kills_a_character_with_one_card():
    g = maniac(MafikScenario.night(2).player("R", role="ripper").player("T", hand=1))
    g.order("R", "ripper", target="T")
    g.resolve()
    assert not g.alive("T")
    (death,) = g.public("death")
    assert death.params == {"pid": g.pid("T"), "cause": "ripper"}


def test_ripper_in_any_phase():
    g = maniac(MafikScenario.day(2).player("R", role="ripper").player("T", hand=1))
    g.order("R", "ripper", target="T")
    g.resolve()
    assert not g.alive("T")


def test_ripper_only_a_character_with_one_card():
    g = maniac(MafikScenario.night(2).player("R", role="ripper").player("T", hand=2))
    refusal = refused(g, "R", "ripper", target="T")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "hand_size")
    assert refused(g, "R", "ripper", target="R").code == "invalid_target"


def test_ripper_once_per_game():
    g = maniac(MafikScenario.night(2).player("R", role="ripper").player("T", hand=1).player("U", hand=1))
    g.order("R", "ripper", target="T")
    g.resolve()
    assert refused(g, "R", "ripper", target="U").code == "limit_reached"


def test_ripper_dropped_when_the_target_no_longer_has_one_card():
    g = maniac(MafikScenario.night(2).player("R", role="ripper").player("T", hand=1))
    g.order("R", "ripper", target="T")
    g.p("T").hand.append(g.state.new_card("dummy"))  # e.g. an instant action gave T a card
    changed(g.state)  # as the instant action, through the API, would say (engine/core/checked.py)
    g.resolve()
    assert g.alive("T")
    assert g.events("order_dropped", to="R")
    assert not g.p("R").flags.get("used_ripper")


def test_ripper_only_for_the_ripper():
    g = maniac(MafikScenario.night(2).player("R").player("T", hand=1))
    assert refused(g, "R", "ripper", target="T").code == "not_allowed"


# ---------------------------------------------------------------- Крупье


def test_croupier_four_cards_of_other_colours(implemented):
    state = _deck_state("croupier")
    assert deck_limits(state, 0) == {"size": 15, "free": 3, "other": 4}
    implemented(*_officer_deck(15, other=5))
    assert deck_problem(state, 0, _officer_deck(15, other=4)) is None
    assert deck_problem(state, 0, _officer_deck(15, other=5)) == {"reason": "other_colours", "have": 5, "max": 4}


def test_croupier_limit_not_for_others(implemented):
    state = _deck_state("other")
    implemented(*_officer_deck(15, other=3))
    assert deck_problem(state, 0, _officer_deck(15, other=2)) is None
    assert deck_problem(state, 0, _officer_deck(15, other=3)) == {"reason": "other_colours", "have": 3, "max": 2}


# ---------------------------------------------------------------- Гадалка


def test_fortune_teller_three_cards_one_played_last_phase(noop):
    noop(TARGETED)
    g = MafikScenario.night(2).player("F", role="fortune_teller").player("T", hand=[TARGETED, "dummy"]).player("X")
    maniac(g)
    g.play("T", TARGETED, target="X")
    g.resolve()  # night 2: T plays
    g.order("F", "fortune", target="T")
    g.resolve()  # day 2: F looks back at night 2
    (event,) = g.events("fortune", to="F")
    cards = event.params["cards"]
    assert event.params["target"] == g.pid("T")
    assert len(cards) == 3 and len(set(cards)) == 3 and cards == sorted(cards)
    assert TARGETED in cards
    assert all(c in CATALOG and CATALOG[c].colour != "unique" for c in cards)


def test_fortune_teller_nothing_played_last_phase():
    g = maniac(MafikScenario.day(2).player("F", role="fortune_teller").player("T"))
    g.order("F", "fortune", target="T")
    g.resolve()
    (event,) = g.events("fortune_nothing", to="F")
    assert event.params == {"target": g.pid("T")}


def test_fortune_teller_not_herself_instead_of_sleeve_once():
    g = maniac(MafikScenario.night(2).player("F", role="fortune_teller", sleeve=["dummy"]).player("T"))
    assert refused(g, "F", "fortune", target="F").code == "invalid_target"
    g.play("F", "dummy", from_sleeve=True)
    assert refused(g, "F", "fortune", target="T").code == "limit_reached"
    g = maniac(MafikScenario.night(2).player("F", role="fortune_teller").player("T"))
    g.order("F", "fortune", target="T")
    g.resolve()
    assert refused(g, "F", "fortune", target="T").code == "limit_reached"


def test_fortune_teller_only_for_the_fortune_teller():
    g = maniac(MafikScenario.night(2).player("F").player("T"))
    assert refused(g, "F", "fortune", target="T").code == "not_allowed"


# ---------------------------------------------------------------- Фокусник


def test_magician_first_rebuild_makes_the_top_two_cards_free(implemented):
    g = maniac(MafikScenario.night(2).player("F", role="magician", deck=0))
    cards = _officer_deck(15)
    implemented(*cards)
    act(g, "F", "rebuild_deck", cards=cards)
    assert [c.free for c in g.p("F").deck] == [True, True] + [False] * 13
    assert g.events("magician_free", to="F")[0].params == {"count": 2}
    g.p("F").deck = []
    act(g, "F", "rebuild_deck", cards=cards)  # the second rebuild: nothing
    assert not any(c.free for c in g.p("F").deck)
    assert len(g.events("magician_free")) == 1


def test_magician_free_card_does_not_count_toward_the_limit():
    g = maniac(MafikScenario.night(2).player("F", role="magician", hand=["dummy", "dummy", "dummy"]))
    g.build()
    g.p("F").hand[0].free = True
    hand = [c.uid for c in g.p("F").hand]
    play_uid(g, "F", hand[0])
    play_uid(g, "F", hand[1])  # the free one and one more
    assert play_uid_refused(g, "F", hand[2]).code == "limit_reached"
    shown = player_view(g.state, g.pid("F"))["me"]["hand"]
    assert [c["free"] for c in shown] == [True, False, False]  # a card shows whether it is Free


def test_magician_only_for_the_magician(implemented):
    g = maniac(MafikScenario.night(2).player("F", deck=0))
    cards = _officer_deck(15)
    implemented(*cards)
    act(g, "F", "rebuild_deck", cards=cards)
    assert not any(c.free for c in g.p("F").deck)


# ---------------------------------------------------------------- Лентяй


def test_lazybones_three_armor_on_a_night_without_plays():
    g = maniac(MafikScenario.night(2).player("L", role="lazybones"))
    blood(g, "L").order("M", "blood", use="damage1", target="L")  # 3 damage
    g.resolve()
    assert g.hand_size("L") == 5


def test_lazybones_no_armor_after_playing():
    g = maniac(MafikScenario.night(2).player("L", role="lazybones", deck=3))
    g.play("L", "dummy")
    blood(g, "L").order("M", "blood", use="damage1", target="L")  # 3 damage: the refill and 2 cards
    g.resolve()
    assert g.hand_size("L") == 2


def test_lazybones_sleeve_play_is_playing():
    g = maniac(MafikScenario.night(2).player("L", role="lazybones", sleeve=["dummy"]))
    g.play("L", "dummy", from_sleeve=True)
    blood(g, "L")
    g.resolve()
    assert g.hand_size("L") == 3


def test_lazybones_discarding_is_not_playing():
    g = maniac(MafikScenario.night(2).player("L", role="lazybones", deck=2))
    g.order("L", "night_discard", cards=uids(g, "L", ["dummy", "dummy"]))
    blood(g, "L")
    g.resolve()
    assert g.hand_size("L") == 5  # the 2 damage were stopped: both replacements drawn


def test_lazybones_not_by_day():
    g = MafikScenario.day(2).player("L", role="lazybones", hand=8).player("B")
    maniac(g)
    for voter in ("L", "B", "M"):
        g.vote(voter, "L", punishment="execution")
    g.resolve()
    assert g.hand_size("L") == 2  # 6 damage, no armor


def test_lazybones_only_for_the_lazybones():
    g = maniac(MafikScenario.night(2).player("L"))
    blood(g, "L").resolve()
    assert g.hand_size("L") == 3


# ---------------------------------------------------------------- Банкир


def test_banker_draws_a_card_of_the_new_deck_into_the_sleeve(implemented):
    g = maniac(MafikScenario.night(2).player("B", role="banker", deck=0))
    cards = _officer_deck(15)
    implemented(*cards)
    act(g, "B", "rebuild_deck", cards=cards)
    assert len(g.p("B").sleeve) == 1
    assert len(g.p("B").deck) == 14
    assert Counter(g.sleeve("B") + [c.card for c in g.p("B").deck]) == Counter(cards)


def test_banker_every_rebuild(implemented):
    g = maniac(MafikScenario.night(2).player("B", role="banker", deck=0))
    cards = _officer_deck(15)
    implemented(*cards)
    act(g, "B", "rebuild_deck", cards=cards)
    g.p("B").deck = []
    act(g, "B", "rebuild_deck", cards=cards)
    assert len(g.p("B").sleeve) == 2 + 1  # one a deck, and the third deck's unique card
    assert sum(1 for c in g.sleeve("B") if CATALOG[c].colour == "unique") == 1


def test_banker_not_under_exile_nor_for_others(implemented):
    cards = _officer_deck(15)
    implemented(*cards)
    g = maniac(MafikScenario.night(2).player("B", role="banker", deck=0))
    g.build()
    g.state.add_effect("exile", target=g.pid("B"), end=g.state.phase)
    act(g, "B", "rebuild_deck", cards=cards)
    assert g.sleeve("B") == []
    g = maniac(MafikScenario.night(2).player("B", deck=0))
    act(g, "B", "rebuild_deck", cards=cards)
    assert g.sleeve("B") == []


# ---------------------------------------------------------------- Экстрасенс


def test_psychic_always_sees_the_top_three_cards_of_the_deck():
    g = maniac(MafikScenario.night(2).player("P", role="psychic", deck=["pistol", "oracle", "shiv", "kick"]))
    g.build()
    assert player_view(g.state, g.pid("P"))["me"]["deck_top"] == ["pistol", "oracle", "shiv"]
    g.play("P", "dummy")
    g.resolve()  # the refill takes the Пистолет
    assert player_view(g.state, g.pid("P"))["me"]["deck_top"] == ["oracle", "shiv", "kick"]


def test_psychic_only_for_the_psychic():
    g = maniac(MafikScenario.night(2).player("P", deck=["pistol", "oracle", "shiv"]))
    g.build()
    assert "deck_top" not in player_view(g.state, g.pid("P"))["me"]


# ---------------------------------------------------------------- Гробовщик


def undertaker_game() -> MafikScenario:
    g = MafikScenario.day(3).player("U", role="undertaker").player("A", secret="boss").player("B").player("C", secret="traitor")
    g.player("D")
    maniac(g)
    g.build()
    for name in ("A", "B", "C"):
        g.p(name).alive = False
    return g


def test_undertaker_learns_the_side_of_three_chosen_corpses():
    g = undertaker_game()
    act(g, "U", "undertaker", targets=[g.pid("A"), g.pid("B"), g.pid("C")])
    sides = {e.params["pid"]: e.params["side"] for e in g.events("undertaker_side", to="U")}
    assert sides == {g.pid("A"): "mafia", g.pid("B"): "law", g.pid("C"): "traitor"}


def test_undertaker_once_per_game_and_up_to_three():
    g = undertaker_game()
    g.p("D").alive = False
    all_four = [g.pid(n) for n in ("A", "B", "C", "D")]
    assert act_refused(g, "U", "undertaker", targets=all_four).code == "bad_param"
    assert act_refused(g, "U", "undertaker", targets=[]).code == "bad_param"
    act(g, "U", "undertaker", targets=[g.pid("A")])
    assert act_refused(g, "U", "undertaker", targets=[g.pid("B")]).code == "limit_reached"


def test_undertaker_only_corpses_and_only_the_undertaker():
    g = undertaker_game()
    refusal = act_refused(g, "U", "undertaker", targets=[g.pid("A"), g.pid("D")])
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "alive")
    assert act_refused(g, "D", "undertaker", targets=[g.pid("A")]).code == "not_allowed"


# ---------------------------------------------------------------- Социопат


def test_sociopath_cannot_be_the_target_of_cards_on_night_1(noop):
    noop(TARGETED)
    g = MafikScenario.night(1).player("S", role="sociopath", hand=[TARGETED, "dummy"]).player("X", hand=[TARGETED, "dummy"])
    maniac(g)
    refusal = refused(g, "X", "play", card=TARGETED, target="S")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")
    assert refused(g, "M", "blood", use="damage2", target="S").code == "invalid_target"
    g.play("S", TARGETED, target="X")  # he may target others


def test_sociopath_may_be_targeted_from_night_2(noop):
    noop(TARGETED)
    g = maniac(MafikScenario.night(2).player("S", role="sociopath").player("X", hand=[TARGETED, "dummy"]))
    g.play("X", TARGETED, target="S")


def test_sociopath_cannot_be_voted_for_on_day_1():
    g = maniac(MafikScenario.day(1).player("S", role="sociopath").player("X").player("R", role="revolutionary", hand=4))
    refusal = refused(g, "X", "vote", target="S")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")
    assert refused(g, "S", "vote", target="S").code == "invalid_target"
    assert refused(g, "R", "revolution", target="S", cards=uids(g, "R", ["dummy", "dummy"])).code == "invalid_target"


def test_sociopath_own_default_vote_does_not_count_on_day_1():
    # nobody votes: each votes for himself; the tie goes to the highest public role — not the Социопат
    g = maniac(MafikScenario.day(1).player("S", role="sociopath").player("X").player("Y"))
    g.resolve()
    result = council(g)
    assert g.pid("S") not in result["targets"]
    assert result["punished"] != g.pid("S")


def test_sociopath_may_be_voted_for_on_day_2():
    g = maniac(MafikScenario.day(2).player("S", role="sociopath", hand=8).player("X"))
    g.vote("X", "S").vote("M", "S")
    g.resolve()
    assert council(g)["punished"] == g.pid("S")


# ---------------------------------------------------------------- (Другой)


def _p(name: str, role: str) -> PlayerState:
    return PlayerState(pid=0, name=name, public_role=role)


def test_other_is_the_last_public_role_without_a_perk():
    assert PUBLIC_ROLES[-1].id == "other"
    assert PUBLIC_ROLES[-1].name == "(Другой)"
    assert [r.id for r in PUBLIC_ROLES[20:40]] == [
        "alien", "medium", "paranoiac", "addict", "warrior", "revolutionary", "guard", "genius", "scientist",
        "spendthrift", "lucky", "ripper", "croupier", "fortune_teller", "magician", "lazybones", "banker",
        "psychic", "undertaker", "sociopath",
    ]


def test_other_ties_go_alphabetically_after_the_listed_roles():
    ranked = sorted([_p("boris", "other"), _p("Zed", "sociopath"), _p("Anna", "other"), _p("Ann", "other"),
                     _p("Yan", "alien")], key=roles.priority)
    assert [p.name for p in ranked] == ["Yan", "Zed", "Ann", "Anna", "boris"]


def test_other_tie_in_the_council_goes_alphabetically():
    g = maniac(MafikScenario.day(2).player("Vera", hand=8).player("anton", hand=8).player("Boris", hand=8))
    g.vote("Vera", "anton").vote("anton", "Boris").vote("Boris", "Vera").vote("M", "M")
    g.resolve()
    assert council(g)["punished"] == g.pid("anton")  # anton < Boris < Vera, casefolded


def test_other_has_no_perk():
    g = maniac(MafikScenario.night(2).player("O", deck=10, sleeve=["dummy"]).player("T", hand=1))
    for kind, params in (("alien_credits", {}), ("paranoiac_armor", {}), ("guard", {"target": "T"}),
                         ("ripper", {"target": "T"}), ("fortune", {"target": "T"}),
                         ("scientist_discard", {"cards": uids(g, "O", ["dummy", "dummy"])})):
        assert refused(g, "O", kind, **params).code == "not_allowed", kind
    for action in ("addict_move", "lucky_redraw", "undertaker"):
        assert act_refused(g, "O", action).code == "not_allowed", action
    blood(g, "O")
    g.resolve()
    assert g.hand_size("O") == 3  # no Лентяй armor, no Воин Sleeve
    assert g.sleeve("O") == ["dummy"]
