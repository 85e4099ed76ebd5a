"""Заметание следов — «Цена 1. До конца игры вы узнаёте о картах, проверяющих, что вы делали фазы назад и то, кто
их применял. Когда применили эту карту, можете выбрать до 5 фаз и карты, что вы в эти фазы "применяли"».
A test per rule (docs/rulings/mafik-checks.md, "Заметание следов")."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.state import PlayRecord
from engine.rulesets.mafik.history import past_plays
from tests.engine.mafik.conftest import MafikScenario


def said(g: MafikScenario, kind: str, to: str) -> list[dict]:
    return [e.params for e in g.events(kind, to=to)]


def played(g: MafikScenario, name: str, card: str, phase: int, *targets: str) -> None:
    g.build()
    g.state.history.append(PlayRecord(phase=phase, actor=g.pid(name), card=card, targets=[g.pid(t) for t in targets]))


def cast(g: MafikScenario, name: str, card_id: str, *, from_sleeve: bool = False, **params: object) -> MafikScenario:
    """A play whose own params include one named `card` (which the scenario's `play` takes for the card played)."""
    g.build()
    uid = g.uid(name, card_id, zone="sleeve" if from_sleeve else "hand")
    api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(params), payment={"cards": []})
    return g


def covered(g: MafikScenario, phases: list[int], cards: list[str]) -> MafikScenario:
    """A plays Заметание следов (paying its Цена 1 with a Sleeve Пустышка) and the phase resolves."""
    g.play("A", "covering_tracks", phases=phases, cards=cards, pay_sleeve=["dummy"])
    return g.resolve()


def tracks_game(phase: int = 5, **others: dict) -> MafikScenario:
    g = MafikScenario(phase).player("A", hand=["covering_tracks"] + ["dummy"] * 8, sleeve=["dummy"])
    for name, kwargs in {**others, "M": {"secret": "killer", "hand": 12}}.items():
        g.player(name, **kwargs)
    return g


def looked(g: MafikScenario) -> list[tuple[str, int]]:
    return [(e["card"], e["pid"]) for e in said(g, "tracks_looked", "A")]


# ---- the fake records ----

def test_covering_tracks_adds_a_fake_record_per_chosen_phase_and_the_real_plays_stay():
    g = tracks_game(B={"hand": 5})
    played(g, "A", "martial_arts", 2, "B")  # A really played Боевое искусство on day 1
    covered(g, [2, 4], ["pistol", "bunker"])
    fakes = [r for r in g.state.history if r.fake]
    assert [(r.phase, r.actor, r.card, r.zone, r.targets) for r in fakes] == [(2, 0, "pistol", "hand", []),
                                                                             (4, 0, "bunker", "hand", [])]
    assert [r.card for r in past_plays(g.state, 1, actor=0, phases=[2])] == ["martial_arts", "pistol"]
    assert said(g, "tracks_covered", "A") == [{"card": "covering_tracks", "n": 2}]


def test_covering_tracks_costs_1():
    g = tracks_game(B={"hand": 5})
    g.build()
    params = {"phases": [2], "cards": ["pistol"]}
    assert api.play_cost(g.state, 0, g.uid("A", "covering_tracks"), params) == 1
    covered(g, [2], ["pistol"])
    assert g.sleeve("A") == []


def test_covering_tracks_up_to_5_phases_refused_beyond():
    g = MafikScenario.night(4).player("A", hand=["covering_tracks", "dummy"], sleeve=["dummy"]).player("B", hand=5)
    six = g.refusal("A", "play", card="covering_tracks", phases=[1, 2, 3, 4, 5, 6], cards=["pistol"] * 6,
                    pay_sleeve=["dummy"])
    assert (six.code, six.params["reason"]) == ("bad_param", "count")
    g.play("A", "covering_tracks", phases=[1, 2, 3, 4, 5], cards=["pistol", "bunker", "pistol", "bunker", "pistol"],
           pay_sleeve=["dummy"]).resolve()
    assert len([r for r in g.state.history if r.fake]) == 5


@pytest.mark.parametrize(("phases", "cards", "reason"), [
    ([5], ["pistol"], "not_a_past_phase"),  # the phase it is played in is not past
    ([2, 2], ["pistol", "bunker"], "count"),  # distinct phases
    ([2, 3], ["pistol"], "one_per_phase"),  # a card for each chosen phase
    ([2], ["commissar_fingerprints"], "card_not_offered"),  # a role's unique card is not of the collection
])
def test_covering_tracks_refuses_what_is_not_a_past_phase_with_its_card(phases, cards, reason):
    g = tracks_game(B={"hand": 5})
    refusal = g.refusal("A", "play", card="covering_tracks", phases=phases, cards=cards, pay_sleeve=["dummy"])
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", reason)


def test_covering_tracks_with_no_phase_only_watches():
    g = tracks_game(B={"hand": ["flashback", "dummy"]})
    g.play("A", "covering_tracks", pay_sleeve=["dummy"]).resolve()
    assert not any(r.fake for r in g.state.history)
    assert said(g, "tracks_covered", "A") == [{"card": "covering_tracks", "n": 0}]
    g.resolve()  # day 3 → night 4
    cast(g, "B", "flashback", phase=2, target="A", card="martial_arts").resolve()
    assert said(g, "flashback_not_played", "B")[0]["named"] == "martial_arts"
    assert looked(g) == [("flashback", 1)]


def test_covering_tracks_fakes_do_not_count_for_the_players_own_limits():
    """«Эту карту нельзя применить более 1 раза» (Известная личность) reads what the player really played."""
    g = tracks_game(B={"hand": 5})
    g.p("A").hand.append(g.state.new_card("celebrity"))
    covered(g, [2], ["celebrity"]).resolve()  # → night 4
    g.play("A", "celebrity", colour=g.ruleset.aspect(g.state, 0, "colours")[0]).resolve()
    assert [r.card for r in g.state.history if r.actor == 0 and not r.fake][-1] == "celebrity"


# ---- the player is told who looked back, and with which card ----

def test_covering_tracks_flashback_finds_the_fake_and_the_player_learns_who_looked():
    g = tracks_game(B={"hand": ["flashback", "dummy"]})
    covered(g, [2], ["martial_arts"]).resolve()  # night 3 → day 3 → night 4
    cast(g, "B", "flashback", phase=2, target="A", card="martial_arts").resolve()
    assert said(g, "flashback_played", "B") == [{"card": "flashback", "target": 0, "phase": 2, "named": "martial_arts"}]
    assert said(g, "tracks_looked", "A") == [{"card": "flashback", "pid": 1}]


def test_covering_tracks_pull_the_archives_finds_the_fake_five_phases_back():
    g = tracks_game(7, B={"hand": ["pull_the_archives", "dummy"], "sleeve": ["dummy"]})
    covered(g, [4], ["bunker"]).resolve()  # night 4 → day 4 → night 5 (phase 9): 5 back is 4
    g.play("B", "pull_the_archives", target="A", pay_sleeve=["dummy"]).resolve()
    assert [(e["phase"], e["cards"]) for e in said(g, "archives_report", "B")] == [(4, ["bunker"])]
    assert looked(g) == [("pull_the_archives", 1)]
    g.resolve()  # phase 10: the archives look again (5 back: phase 5), and A is told again
    assert looked(g) == [("pull_the_archives", 1), ("pull_the_archives", 1)]


def test_covering_tracks_visit_log_a_real_play_on_the_dead_tells_the_player_the_fake_has_no_target():
    g = tracks_game(B={"hand": ["visit_log", "dummy"], "sleeve": ["dummy"]}, D={"hand": 0})
    played(g, "A", "martial_arts", 3, "D")
    g.p("D").alive, g.p("D").died = False, 4
    covered(g, [2], ["pistol"]).resolve()  # → night 4
    g.play("B", "visit_log", target=g.pid("D"), pay_sleeve=["dummy"]).resolve()
    assert said(g, "visit_log_report", "B")[0]["pids"] == [0]
    assert looked(g) == [("visit_log", 1)]


def test_covering_tracks_commissar_fingerprints_find_the_fake_of_the_last_phase():
    g = tracks_game(B={"secret": "commissar", "hand": 3, "sleeve": ["commissar_fingerprints"]})
    g.play("A", "covering_tracks", phases=[4], cards=["bunker"], pay_sleeve=["dummy"])  # night 3 fakes day 2
    g.play("B", "commissar_fingerprints", from_sleeve=True).resolve()
    assert said(g, "fingerprints_report", "B")[0]["cards"] == ["bunker", "covering_tracks"]
    assert looked(g) == [("commissar_fingerprints", 1)]


def test_covering_tracks_policeman_crime_scene_tells_of_a_real_earlier_play_on_the_target():
    g = tracks_game(B={"secret": "policeman", "hand": 3, "sleeve": ["policeman_crime_scene"]},
                    C={"hand": 5}, D={"hand": 5})
    played(g, "A", "martial_arts", 3, "C")
    covered(g, [2], ["pistol"])  # night 3 → day 3
    g.play("B", "policeman_crime_scene", from_sleeve=True, targets=["C", "D"]).resolve()
    reports = {e["target"]: e["plays"] for e in said(g, "crime_scene_report", "B")}
    assert reports[2] == [{"card": "martial_arts", "targets": [2]}]
    assert looked(g) == [("policeman_crime_scene", 1)]


def test_covering_tracks_spy_machine_on_the_player_tells_them():
    g = MafikScenario.night(1).player("A", hand=["covering_tracks"] + ["dummy"] * 8, sleeve=["dummy"]) \
        .player("X", hand=["spy_machine"] + ["dummy"] * 8).player("C", hand=8).player("M", secret="killer", hand=8)
    g.play("A", "covering_tracks", pay_sleeve=["dummy"]).resolve()  # night 1: no past phase yet
    g.vote("A", "C").vote("C", "A").vote("X", "X").vote("M", "M").resolve()  # now night 2
    g.play("X", "spy_machine", target="A", mode="their_vote").resolve()
    assert said(g, "spy_machine_vote", "X")[0]["to"] == 2
    assert looked(g) == [("spy_machine", 1)]


# ---- what the player is not told of ----

def test_covering_tracks_not_told_of_checks_that_do_not_look_into_the_past():
    """Пропускной контроль looks at this day only; Взятие показаний checks the Hand, not what A did."""
    g = tracks_game(B={"hand": ["checkpoint", "dummy"]}, C={"hand": ["testimony", "dummy"]})
    played(g, "A", "martial_arts", 4, "B")
    covered(g, [2], ["pistol"])  # → day 3, where A plays again
    g.play("B", "checkpoint").play("C", "testimony", target="A").resolve()
    assert said(g, "checkpoint_report", "B") != [] and said(g, "testimony_colours", "C") != []
    assert looked(g) == []


def test_covering_tracks_not_told_of_a_look_that_finds_nothing_of_theirs_in_an_earlier_phase():
    g = tracks_game(B={"secret": "commissar", "hand": 3, "sleeve": ["commissar_fingerprints"]})
    covered(g, [2], ["pistol"]).resolve()  # night 3 → day 3 → night 4: the fake is far back
    # the fingerprints look at phases 6 and 7 only, where A did nothing
    g.play("B", "commissar_fingerprints", from_sleeve=True).resolve()
    assert looked(g) == []
