"""Разведка (and Розыгрыш), the role-unique cards that learn, and the param kinds they brought: a count
by stance (upper_count), by role (count_by), one accusation per target (accusations). Exact numbers,
cards and events as the texts say (rulings: docs/rulings/mafik-intel.md).

Players are Офицеры (law; colours defence, intel, disguise) holding Пустышки unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import PlayRecord
from engine.rulesets.mafik.registry import REGISTRIES
from tests.engine.mafik.conftest import MafikScenario


def stance_of(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def told(g: MafikScenario, kind: str, to: str) -> list[dict[str, Any]]:
    """What `to` was told, without the card that told it (a play's events carry its `card`)."""
    return [{k: v for k, v in e.params.items() if k != "card"} for e in g.events(kind, to=to)]


def told_all(g: MafikScenario, kind: str, to: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in g.events(kind, to=to)]


def rebuilt(g: MafikScenario, name: str) -> None:
    """What follows a rebuild of the deck (ruleset.rebuild_deck ends with the on_rebuild hooks)."""
    for hook in REGISTRIES.on_rebuild:
        hook(g.state, g.pid(name))


def council_on(g: MafikScenario, name: str) -> None:
    """Everyone alive votes for `name`, so the Вече's choice is known."""
    for player in g.state.living():
        g.vote(player.name, name)


def mafia_heard(g: MafikScenario, kind: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in g.state.events if e.kind == kind and (e.to, e.who) == ("faction", "mafia")]


def play_with(g: MafikScenario, name: str, card_id: str, params: dict[str, Any]) -> MafikScenario:
    """A play whose params include one named `card` (the scenario's `card` is the card played)."""
    g.build()
    api.submit(g.state, g.pid(name), "play", card=g.uid(name, card_id), params=g._params(params))
    return g


def refused(g: MafikScenario, name: str, card_id: str, params: dict[str, Any]) -> str:
    with pytest.raises(Refusal) as caught:
        play_with(g, name, card_id, params)
    return caught.value.code


def dead(g: MafikScenario, *names: str) -> None:
    g.build()
    for name in names:
        g.p(name).alive = False


# ---- the param kinds ----

def test_crushing_the_kulaks_takes_2_targets_and_4_in_the_upper_stance():
    g = MafikScenario.night(2).player("A", hand=["crushing_the_kulaks", "dummy"])
    for who in "BCDE":
        g.player(who)
    assert g.refusal("A", "play", card="crushing_the_kulaks", targets=["B", "C", "D", "E"]).code == "bad_param"
    assert g.refusal("A", "play", card="crushing_the_kulaks", targets=["B"]).code == "bad_param"
    spec = g.ruleset.catalog["crushing_the_kulaks"]
    assert api.param_span(g.state, g.pid("A"), spec, spec.param("targets")) == (2, 2)
    stance_of(g, "A", "upper")
    assert api.param_span(g.state, g.pid("A"), spec, spec.param("targets")) == (4, 4)
    assert g.refusal("A", "play", card="crushing_the_kulaks", targets=["B", "C"]).code == "bad_param"
    g.play("A", "crushing_the_kulaks", targets=["B", "C", "D", "E"])


def test_criminalist_up_to_3_dead_and_5_for_the_traitor():
    g = MafikScenario.night(3).player("A", hand=["criminalist", "dummy"], sleeve=["dummy"]) \
        .player("T", secret="traitor", hand=["criminalist", "dummy"], sleeve=["dummy"])
    for who in "BCDEF":
        g.player(who)
    dead(g, *"BCDEF")
    four = ["B", "C", "D", "E"]
    assert g.refusal("A", "play", card="criminalist", targets=four, pay_sleeve=["dummy"]).code == "bad_param"
    assert g.refusal("T", "play", card="criminalist", targets=[*four, "F", "A"], pay_sleeve=["dummy"]).code \
        == "bad_param"  # 6
    assert g.refusal("T", "play", card="criminalist", targets=[*four, "A"], pay_sleeve=["dummy"]).code \
        == "invalid_target"  # A is alive
    g.play("T", "criminalist", targets=[*four, "F"], pay_sleeve=["dummy"])
    g.play("A", "criminalist", targets=["B", "C", "D"], pay_sleeve=["dummy"]).resolve()
    assert [e["pid"] for e in told(g, "criminalist_role", "A")] == [g.pid(x) for x in "BCD"]
    assert all(e["secret_role"] == "officer" for e in told(g, "criminalist_role", "A"))
    assert len(told(g, "criminalist_role", "T")) == 5


def test_accusations_are_one_per_target():
    g = MafikScenario.night(2).player("A", hand=["crushing_the_kulaks", "dummy"]).player("B").player("C")
    assert g.refusal("A", "play", card="crushing_the_kulaks", targets=["B", "C"], accuse=[["pistol"]]).code \
        == "bad_param"
    assert g.refusal("A", "play", card="crushing_the_kulaks", targets=["B", "C"],
                     accuse=[["pistol"], ["dummy"]]).code in ("bad_param", "unknown_card")
    g.play("A", "crushing_the_kulaks", targets=["B", "C"], accuse=[["bunker"], ["tank"]])


# ---- Аутопсия ----

def test_autopsy_learns_the_side_of_a_dead_character():
    g = MafikScenario.night(2).player("A", hand=["autopsy", "dummy"]).player("K", secret="killer") \
        .player("M", secret="maniac").player("B", hand=["autopsy", "dummy"])
    dead(g, "K", "M")
    assert g.refusal("A", "play", card="autopsy", target="B").code == "invalid_target"
    g.play("A", "autopsy", target="K").play("B", "autopsy", target="M").resolve()
    assert told(g, "autopsy_side", "A") == [{"pid": g.pid("K"), "side": "mafia"}]
    assert told(g, "autopsy_side", "B") == [{"pid": g.pid("M"), "side": "neutral"}]


def test_autopsy_upper_learns_the_exact_role():
    g = MafikScenario.night(2).player("A", hand=["autopsy", "dummy"]).player("K", secret="killer").player("B")
    dead(g, "K")
    stance_of(g, "A", "upper")
    g.play("A", "autopsy", target="K").resolve()
    assert told(g, "autopsy_role", "A") == [{"pid": g.pid("K"), "secret_role": "killer"}]
    assert told(g, "autopsy_side", "A") == []


# ---- Уполномочить ----

def test_deputize_gives_the_target_a_testimony_and_a_message():
    g = MafikScenario.night(2).player("A", hand=["deputize", "dummy"]).player("B") \
        .player("D", hand=["deputize", "dummy"]).player("C")
    g.play("A", "deputize", target="B").play("D", "deputize", target="C", message="проверь Б").resolve()
    assert g.sleeve("B") == ["testimony"]
    assert told_all(g, "card_to_sleeve", "B") == [{"card": "testimony"}]
    assert g.sleeve("C") == ["testimony"]
    assert any(e.params.get("text") == "проверь Б" for e in g.state.events if e.to == "player" and e.who == g.pid("C"))


# ---- Разгром кулаков. ----

def test_crushing_the_kulaks_learns_who_paid_a_cost_this_phase():
    g = MafikScenario.night(2).player("A", hand=["crushing_the_kulaks", "dummy"]) \
        .player("B", hand=["criminalist", "dummy"], sleeve=["dummy"]).player("C", hand=["autopsy", "dummy"]) \
        .player("D")
    dead(g, "D")
    g.play("B", "criminalist", targets=["D"], pay_sleeve=["dummy"])
    g.play("C", "autopsy", target="D")
    g.play("A", "crushing_the_kulaks", targets=["B", "C"]).resolve()
    assert told(g, "kulaks_paid", "A") == [{"target": g.pid("B")}]
    assert told(g, "kulaks_unpaid", "A") == [{"target": g.pid("C")}]
    assert g.events("kulaks_colours", to="A") == []


def test_crushing_the_kulaks_accusation_learns_the_colours_for_each_target_it_holds_for():
    g = MafikScenario.night(2).player("A", hand=["crushing_the_kulaks", "dummy"]) \
        .player("B", hand=["autopsy", "dummy"]).player("C", hand=["autopsy", "dummy"]).player("D")
    dead(g, "D")
    for name, card in (("B", "bunker"), ("C", "tank")):
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))
    g.play("B", "autopsy", target="D")
    g.play("C", "autopsy", target="D")
    g.play("A", "crushing_the_kulaks", targets=["B", "C"], accuse=[["bunker"], ["bunker"]]).resolve()
    assert told(g, "kulaks_colours", "A") == [{"target": g.pid("B"), "colours": ["intel"]}]


def test_crushing_the_kulaks_upper_4_targets_4_accusations():
    g = MafikScenario.night(2).player("A", hand=["crushing_the_kulaks", "dummy"])
    for who in "BCDE":
        g.player(who)
        g.build()
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(who), card="bunker"))
    stance_of(g, "A", "upper")
    g.play("A", "crushing_the_kulaks", targets=list("BCDE"), accuse=[["bunker"]] * 4).resolve()
    assert len(told(g, "kulaks_unpaid", "A")) == 4
    assert [e["colours"] for e in told(g, "kulaks_colours", "A")] == [[]] * 4


# ---- Свидетель, Сеть агентов ----

def test_witness_copies_a_non_peaceful_card_played_this_night():
    g = MafikScenario.night(2).player("A", hand=["witness", "dummy"]).player("B", hand=["bunker", "dummy"]) \
        .player("C", hand=["pistol", "dummy"]).player("D")
    g.play("B", "bunker").play("C", "pistol", target="D").play("A", "witness").resolve()
    assert g.sleeve("A") == ["bunker"]  # Пистолет is peaceful
    assert told(g, "witness_suspects", "A") == []


def test_witness_nothing_played():
    g = MafikScenario.night(2).player("A", hand=["witness", "dummy"]).player("B")
    g.play("A", "witness").resolve()
    assert g.sleeve("A") == [] and len(told(g, "witness_nothing", "A")) == 1


def test_witness_upper_also_learns_3_living_players_one_of_whom_played_it():
    g = MafikScenario.night(2).player("A", hand=["witness", "dummy"]).player("B", hand=["bunker", "dummy"])
    for who in "CDE":
        g.player(who)
    stance_of(g, "A", "upper")
    g.play("B", "bunker").play("A", "witness").resolve()
    assert g.sleeve("A") == ["bunker"]
    [event] = told_all(g, "witness_suspects", "A")
    assert event["card"] == "bunker" and len(event["pids"]) == 3 and g.pid("B") in event["pids"]
    assert g.pid("A") not in event["pids"]


def test_agent_network_plays_sleeve_cards_as_witness():
    g = MafikScenario.night(2).player("A", hand=["agent_network", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["bunker", "bunker"] + ["dummy"] * 8).player("K", secret="killer", hand=10)
    g.play("A", "agent_network").resolve()
    council_on(g, "K")
    g.resolve()  # the day passes
    g.play("B", "bunker").play("A", "dummy", from_sleeve=True, **{"as": "witness"}).resolve()
    assert g.sleeve("A") == ["bunker"]


# ---- Патрулирование улиц ----

def test_street_patrol_lists_5_distinct_others_one_of_them_not_law_every_night():
    g = MafikScenario.night(2).player("A", hand=["street_patrol"] + ["dummy"] * 10).player("K", secret="killer")
    for who in "BCDEFG":
        g.player(who)
    dead(g, "G")
    g.play("A", "street_patrol").resolve()
    [listed] = [e["pids"] for e in told(g, "street_patrol_list", "A")]
    assert len(set(listed)) == 5 and g.pid("A") not in listed and g.pid("K") in listed  # the only non-law
    council_on(g, "B")
    g.resolve()  # a day: no list
    assert len(told(g, "street_patrol_list", "A")) == 1
    g.resolve()  # the next night: a new list
    assert len(told(g, "street_patrol_list", "A")) == 2


def test_street_patrol_mafia_learns_when_on_a_list():
    g = MafikScenario.night(2).player("A", hand=["street_patrol", "dummy"]) \
        .player("K", secret="killer", hand=["street_patrol", "dummy"]).player("B")
    g.play("K", "street_patrol").play("A", "street_patrol").resolve()
    assert told(g, "street_patrol_list", "K") == []
    assert len(told(g, "street_patrol_alert_set", "K")) == 1
    assert len(told(g, "street_patrol_spotted", "K")) == 1  # K is the only non-law on A's list
    assert told(g, "street_patrol_spotted", "B") == []


# ---- Камера наблюдения ----

def test_surveillance_camera_reports_cards_played_on_the_target_each_night():
    g = MafikScenario.night(2).player("A", hand=["surveillance_camera", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=10).player("C", hand=["pistol", "pistol"] + ["dummy"] * 8).player("K", secret="killer", hand=10)
    g.play("C", "pistol", target="B").play("A", "surveillance_camera", targets=["B"], pay_sleeve=["dummy"]).resolve()
    assert told(g, "camera_report", "A") == [{"actor": g.pid("A"), "target": g.pid("B"),
                                              "cards": ["surveillance_camera", "pistol"]}]
    council_on(g, "K")
    g.resolve()  # by day: no report
    assert len(told(g, "camera_report", "A")) == 1
    g.resolve()
    assert told(g, "camera_report", "A")[-1]["cards"] == []


def test_surveillance_camera_on_self_and_upper_2_targets():
    g = MafikScenario.night(2).player("A", hand=["surveillance_camera", "dummy"], sleeve=["dummy"]).player("B")
    assert g.refusal("A", "play", card="surveillance_camera", targets=["A", "B"], pay_sleeve=["dummy"]).code \
        == "bad_param"
    stance_of(g, "A", "upper")
    g.play("A", "surveillance_camera", targets=["A", "B"], pay_sleeve=["dummy"]).resolve()
    assert sorted(e["target"] for e in told(g, "camera_report", "A")) == [g.pid("A"), g.pid("B")]


def test_surveillance_camera_spy_the_mafia_learns_too():
    g = MafikScenario.night(2).player("S", secret="spy", hand=["surveillance_camera", "dummy"], sleeve=["dummy"]) \
        .player("K", secret="killer").player("B")
    g.play("S", "surveillance_camera", targets=["B"], pay_sleeve=["dummy"]).resolve()
    assert mafia_heard(g, "camera_report") == [{"actor": g.pid("S"), "target": g.pid("B"),
                                                "cards": ["surveillance_camera"]}]


# ---- Великий детектив ----

def great_detective_game(secret: str = "officer") -> MafikScenario:
    g = MafikScenario.night(2).player("A", secret=secret, hand=["great_detective", "dummy"], sleeve=["dummy"] * 4,
                                      deck=0).player("K", secret="killer").player("B")
    return g


def test_great_detective_learns_the_role_at_each_rebuild():
    g = great_detective_game()
    g.play("A", "great_detective", target="K", pay_sleeve=["dummy"] * 4).resolve()
    assert told(g, "great_detective_role", "A") == []
    rebuilt(g, "A")
    assert told(g, "great_detective_role", "A") == [{"actor": g.pid("A"), "pid": g.pid("K"), "secret_role": "killer"}]
    rebuilt(g, "A")
    assert len(told(g, "great_detective_role", "A")) == 2


def test_great_detective_upper_may_rebuild_at_once():
    g = great_detective_game()
    g.p("A").deck = [g.state.new_card("dummy")]
    stance_of(g, "A", "upper")
    g.play("A", "great_detective", target="K", rebuild_now=True, pay_sleeve=["dummy"] * 4).resolve()
    assert g.state.effects_of("may_rebuild", target=g.pid("A"))


def test_great_detective_rebuild_now_needs_the_upper_stance():
    g = great_detective_game()
    g.p("A").deck = [g.state.new_card("dummy")]
    g.play("A", "great_detective", target="K", rebuild_now=True, pay_sleeve=["dummy"] * 4).resolve()
    assert not g.state.effects_of("may_rebuild", target=g.pid("A"))


def test_great_detective_spy_the_mafia_learns_too():
    g = great_detective_game("spy")
    g.play("A", "great_detective", target="B", pay_sleeve=["dummy"] * 4).resolve()
    rebuilt(g, "A")
    assert mafia_heard(g, "great_detective_role") == [{"actor": g.pid("A"), "pid": g.pid("B"), "secret_role": "officer"}]


# ---- Опытный взгляд ----

@pytest.mark.parametrize("which", ["normal", "upper", "lower"])
def test_trained_eye_learns_the_stance(which):
    g = MafikScenario.night(2).player("A", hand=["trained_eye", "dummy"]).player("B")
    if which != "normal":
        stance_of(g, "B", which)
    g.play("A", "trained_eye", target="B").resolve()
    assert told(g, f"trained_eye_{which}", "A") == [{"target": g.pid("B")}]


def test_trained_eye_is_free():
    g = MafikScenario.night(2).player("A", hand=["trained_eye", "bunker", "dummy"]).player("B")
    g.play("A", "trained_eye", target="B").play("A", "bunker").resolve()
    assert len(told(g, "trained_eye_normal", "A")) == 1


# ---- Розыгрыш ----

def test_raffle_players_of_the_named_card_next_night_get_a_card_into_the_sleeve():
    g = MafikScenario.night(2).player("A", hand=["raffle"] + ["dummy"] * 9).player("K", secret="killer", hand=10) \
        .player("B", hand=["bunker"] + ["dummy"] * 9, deck=["tank", "tank"]).player("C", hand=["tank"] + ["dummy"] * 9)
    g.play("A", "raffle", cards=["bunker"]).resolve()
    council_on(g, "A")
    g.resolve()
    g.play("B", "bunker").play("C", "tank").resolve()
    assert g.sleeve("B") == ["tank"] and g.sleeve("C") == []
    assert told_all(g, "raffle_prize", "B") == [{"card": "bunker"}]


def test_raffle_only_the_next_night():
    g = MafikScenario.night(2).player("A", hand=["raffle", "dummy"]).player("B", hand=["bunker", "bunker", "dummy"])
    g.play("A", "raffle", cards=["bunker"]).play("B", "bunker").resolve()
    assert g.sleeve("B") == []


def test_raffle_upper_2_cards():
    g = MafikScenario.night(2).player("A", hand=["raffle"] + ["dummy"] * 9).player("K", secret="killer", hand=10) \
        .player("B", hand=["bunker"] + ["dummy"] * 9).player("C", hand=["tank"] + ["dummy"] * 9)
    assert g.refusal("A", "play", card="raffle", cards=["bunker", "tank"]).code == "bad_param"
    stance_of(g, "A", "upper")
    g.play("A", "raffle", cards=["bunker", "tank"]).resolve()
    council_on(g, "A")
    g.resolve()
    g.play("B", "bunker").play("C", "tank").resolve()
    assert len(g.sleeve("B")) == 1 and len(g.sleeve("C")) == 1


# ---- role-unique ----

def test_spy_undercover_learns_one_role_colour_of_3_targets():
    g = MafikScenario.day(1).player("S", secret="spy", hand=["spy_undercover", "dummy"]) \
        .player("K", secret="killer").player("B").player("C")
    g.play("S", "spy_undercover", targets=["K", "B", "C"]).resolve()
    seen = {e["target"]: e["colour"] for e in told(g, "role_colour", "S")}
    assert seen[g.pid("K")] in ("damage", "boost")
    assert seen[g.pid("B")] in ("defence", "intel", "disguise") and len(seen) == 3
    assert g.sleeve("B") == []


def test_spy_undercover_option_adds_the_chosen_card_to_each_sleeve_as_well():
    g = MafikScenario.day(1).player("S", secret="spy", hand=["spy_undercover", "dummy"]) \
        .player("K", secret="killer").player("B").player("C")
    assert g.refusal("S", "play", card="spy_undercover", targets=["K", "B", "C"], give_card=True).code == "bad_param"
    assert refused(g, "S", "spy_undercover", {"targets": ["K", "B", "C"], "card": "bunker"}) == "bad_param"
    assert refused(g, "S", "spy_undercover", {"targets": ["K", "B", "C"], "give_card": True,
                                             "card": "spy_undercover"}) == "bad_param"  # not a role's unique card
    play_with(g, "S", "spy_undercover", {"targets": ["K", "B", "C"], "give_card": True, "card": "bunker"}).resolve()
    assert g.sleeve("K") == g.sleeve("B") == g.sleeve("C") == ["bunker"]
    assert len(told(g, "role_colour", "S")) == 3


def test_sheriff_wild_west_learns_2_colours_and_deals_2_damage_to_2_others():
    g = MafikScenario.day(1).player("S", secret="sheriff", hand=["sheriff_wild_west", "dummy"]) \
        .player("K", secret="killer").player("B").player("C", hand=5).player("D", hand=5).player("E", hand=10)
    g.play("S", "sheriff_wild_west", targets=["K", "B", "C", "D"])
    council_on(g, "E")
    g.resolve()
    assert sorted(e["target"] for e in told(g, "role_colour", "S")) == [g.pid("K"), g.pid("B")]
    assert g.hand_size("C") == g.hand_size("D") == 3 and g.hand_size("B") == g.hand_size("K") == 5


def test_sheriff_wild_west_option_a_card_into_each_of_the_4_sleeves():
    g = MafikScenario.day(1).player("S", secret="sheriff", hand=["sheriff_wild_west", "dummy"])
    for who in "KBCDE":
        g.player(who)
    play_with(g, "S", "sheriff_wild_west", {"targets": list("KBCD"), "give_card": True, "card": "tank"})
    council_on(g, "E")
    g.resolve()
    assert [g.sleeve(x) for x in "KBCD"] == [["tank"]] * 4
    assert g.hand_size("C") == 3


def test_detective_elementary_learns_2_colours_each_target_does_not_have():
    g = MafikScenario.day(1).player("S", secret="detective", hand=["detective_elementary", "dummy"]) \
        .player("K", secret="killer").player("B")
    g.play("S", "detective_elementary", targets=["K", "B"]).resolve()
    events = told(g, "colours_absent", "S")
    assert [e["target"] for e in events] == [g.pid("K"), g.pid("B")]
    assert all(len(e["colours"]) == 2 for e in events)
    assert not set(events[0]["colours"]) & {"damage", "boost"}
    assert not set(events[1]["colours"]) & {"defence", "intel", "disguise"}


def test_detective_elementary_option_sends_each_target_an_anonymous_message():
    g = MafikScenario.day(1).player("S", secret="detective", hand=["detective_elementary", "dummy"]) \
        .player("K", secret="killer").player("B")
    with pytest.raises(Refusal):
        g.order("S", "play", card="detective_elementary", targets=["K", "B"], send_messages=True)
    g.play("S", "detective_elementary", targets=["K", "B"], send_messages=True, messages=["я знаю", "ты чист"]).resolve()
    texts = {e.who: e.params.get("text") for e in g.state.events if e.to == "player" and e.params.get("text")}
    assert texts[g.pid("K")] == "я знаю" and texts[g.pid("B")] == "ты чист"
    assert len(told(g, "colours_absent", "S")) == 2


def test_traitor_intuition_learns_the_living_mafiosi():
    g = MafikScenario.day(1).player("T", secret="traitor", hand=["traitor_intuition", "dummy"]) \
        .player("K", secret="killer").player("P", secret="boss").player("X", secret="spy").player("B")
    dead(g, "X")
    g.play("T", "traitor_intuition").resolve()
    assert told(g, "living_mafiosi", "T") == [{"pids": [g.pid("K"), g.pid("P")]}]
    assert g.sleeve("K") == []


def test_traitor_intuition_option_a_card_into_each_mafioso_sleeve():
    g = MafikScenario.day(1).player("T", secret="traitor", hand=["traitor_intuition", "dummy"]) \
        .player("K", secret="killer").player("P", secret="boss").player("B")
    play_with(g, "T", "traitor_intuition", {"give_card": True, "card": "dummy"}).resolve()
    assert g.sleeve("K") == g.sleeve("P") == ["dummy"] and g.sleeve("B") == []
