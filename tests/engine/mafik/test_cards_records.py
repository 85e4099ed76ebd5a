"""The records (plays, damage, armor, votes) and the cards that look back: a test per card and per variant,
with the exact cards, players and numbers the text says. Rulings: docs/rulings/mafik-records.md.

Damage is dealt with Боевое искусство (1 damage to the target, 1 armor to the player: colour Защита) and
Пистолет (1; 2 by the mafia: colour Урон); armor with Под защитой (3 to the target)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import ArmorRecord, PlayRecord
from engine.rulesets.mafik.history import armor_had, damage_in, past_plays
from tests.engine.mafik.conftest import MafikScenario


def said(g: MafikScenario, kind: str, to: str) -> list[dict]:
    return [e.params for e in g.events(kind, to=to)]


def played(g: MafikScenario, name: str, card: str, phase: int, *targets: str) -> None:
    g.build()
    g.state.history.append(PlayRecord(phase=phase, actor=g.pid(name), card=card,
                                      targets=[g.pid(t) for t in targets]))


def cast(g: MafikScenario, name: str, card_id: str, *, from_sleeve: bool = False, pay_sleeve: tuple[str, ...] = (),
         **params: object) -> MafikScenario:
    """A play whose own params include one named `card` (which the scenario's `play` takes for the card played)."""
    g.build()
    uid = g.uid(name, card_id, zone="sleeve" if from_sleeve else "hand")
    used = {uid}
    paid = []
    for c in pay_sleeve:
        paid.append(g.uid(name, c, skip=used, zone="sleeve"))
        used.add(paid[-1])
    api.submit(g.state, g.pid(name), "play", card=uid, params=g._params(params), payment={"cards": paid})
    return g


def kill(g: MafikScenario, name: str, phase: int) -> None:
    g.build()
    g.p(name).alive = False
    g.p(name).died = phase


# ---- the records ----

def test_records_keep_zone_printed_paid_and_order_of_resolution():
    g = MafikScenario.night(2).player("A", hand=["martial_arts", "dummy"], sleeve=["pistol", "dummy"]) \
        .player("B", hand=["pistol", "dummy"]).player("C", hand=5)
    g.play("A", "martial_arts", target="C")
    g.play("A", "pistol", target="C", from_sleeve=True)
    g.play("B", "pistol", target="C").resolve()
    records = [r for r in g.state.history if r.phase == 3]
    assert [(r.actor, r.card, r.zone) for r in records] == [(0, "martial_arts", "hand"), (0, "pistol", "sleeve"),
                                                           (1, "pistol", "hand")]
    assert sorted(r.seq for r in records) == [1, 2, 3]
    assert all(r.printed is None and r.paid == [] and not r.fake for r in records)


def test_records_damage_dealt_and_absorbed_per_source_and_card():
    g = MafikScenario.night(2).player("A", hand=["martial_arts", "dummy"]).player("B", hand=["pistol", "dummy"]) \
        .player("C", hand=["under_protection", "dummy"]).player("D", hand=5)
    g.play("A", "martial_arts", target="D")
    g.play("B", "pistol", target="D")
    g.play("C", "under_protection", target="D").resolve()
    got = {(r.source, r.card): (r.dealt, r.absorbed) for r in damage_in(g.state, 3, target=g.pid("D"))}
    assert got == {(0, "martial_arts"): (1, 1), (1, "pistol"): (1, 1)}
    assert armor_had(g.state, g.pid("D"), 3) == 3  # before absorbing
    assert armor_had(g.state, g.pid("A"), 3) == 1


def test_records_votes_of_the_council_and_the_phase_a_character_died():
    g = MafikScenario.day(2).player("A", hand=1).player("B", hand=5).player("C", hand=5)
    g.vote("B", "A").vote("C", "A").resolve()  # A votes for nobody: a vote for oneself; execution kills A
    assert [(v.phase, v.voter, v.target, v.strength) for v in g.state.vote_log] == [(4, 0, 0, 1), (4, 1, 0, 1),
                                                                                   (4, 2, 0, 1)]
    assert not g.alive("A") and g.p("A").died == 4


def test_records_blood_armor_of_the_maniac_is_not_counted():
    g = MafikScenario.night(2).player("M", secret="maniac", hand=5, points=4).player("B", hand=["under_protection", "dummy"])
    g.play("B", "under_protection", target="M")
    g.order("M", "blood", use="armor")
    g.resolve()
    assert armor_had(g.state, g.pid("M"), 3) == 3


# ---- Флешбек ----

def test_flashback_learns_the_target_played_the_card_in_that_phase():
    g = MafikScenario.night(3).player("A", hand=["flashback", "flashback"]).player("B", hand=5)
    played(g, "B", "martial_arts", 2, "A")
    cast(g, "A", "flashback", phase=2, target="B", card="martial_arts").resolve()
    assert said(g, "flashback_played", "A") == [{"card": "flashback", "target": 1, "phase": 2, "named": "martial_arts"}]
    assert g.sleeve("A") == []  # law: no copies


def test_flashback_another_phase_or_card_is_a_miss():
    g = MafikScenario.night(3).player("A", hand=["flashback", "dummy"]).player("B", hand=5)
    played(g, "B", "martial_arts", 1, "A")
    played(g, "B", "pistol", 2, "A")
    cast(g, "A", "flashback", phase=2, target="B", card="martial_arts").resolve()
    assert said(g, "flashback_played", "A") == []
    assert said(g, "flashback_not_played", "A") == [{"card": "flashback", "target": 1, "phase": 2,
                                                     "named": "martial_arts"}]


def test_flashback_refuses_a_phase_not_yet_past():
    g = MafikScenario.night(3).player("A", hand=["flashback", "dummy"]).player("B", hand=5)
    with pytest.raises(Refusal) as refused:
        cast(g, "A", "flashback", phase=5, target="B", card="martial_arts")
    assert refused.value.params.get("reason") == "not_a_past_phase"


def test_flashback_mafia_every_member_gets_two_copies_on_a_hit():
    g = MafikScenario.night(3).player("A", secret="boss", hand=["flashback", "dummy"]) \
        .player("K", secret="killer", hand=5).player("B", hand=5).player("C", hand=5)
    played(g, "B", "martial_arts", 3, "K")
    cast(g, "A", "flashback", phase=3, target="B", card="martial_arts").resolve()
    assert g.sleeve("A") == ["martial_arts", "martial_arts"]
    assert g.sleeve("K") == ["martial_arts", "martial_arts"]
    assert g.sleeve("B") == []
    assert [e.params["n"] for e in g.events("flashback_copies") if e.to == "faction"] == [2]


def test_flashback_mafia_not_twice_on_one_target_but_the_law_may():
    g = MafikScenario.night(3).player("A", secret="boss", hand=["flashback", "dummy"]) \
        .player("L", hand=["flashback", "dummy"]).player("B", hand=5)
    played(g, "A", "flashback", 3, "B")
    played(g, "L", "flashback", 3, "B")
    with pytest.raises(Refusal) as refused:
        cast(g, "A", "flashback", phase=3, target="B", card="martial_arts")
    assert refused.value.params.get("reason") == "card_twice_on_target"
    cast(g, "L", "flashback", phase=3, target="B", card="martial_arts")


def test_flashback_mafia_refused_on_a_mafia_target_with_its_reason():
    g = MafikScenario.night(3).player("A", secret="boss", hand=["flashback", "dummy"]).player("K", secret="killer", hand=5)
    with pytest.raises(Refusal) as refused:
        cast(g, "A", "flashback", phase=3, target="K", card="martial_arts")
    assert refused.value.params.get("reason") == "mafia_member"


# ---- Дактилоскопия ----

def dactyloscopy_game(secret: str = "officer") -> MafikScenario:
    """Night 2: B hits D with Боевое искусство and Пистолет over two plays; D dies at the night's end."""
    g = MafikScenario.night(2).player("A", secret=secret, hand=["dactyloscopy", "dummy"]) \
        .player("B", secret="sheriff", hand=["martial_arts", "dummy"], sleeve=["pistol"]).player("C", hand=5) \
        .player("D", hand=1).player("M", secret="killer", hand=5)
    g.play("B", "martial_arts", target="D")
    g.play("B", "pistol", target="D", from_sleeve=True).resolve()
    assert not g.alive("D") and g.p("D").died == 3
    return g


def test_dactyloscopy_learns_the_target_damaged_last_nights_dead():
    g = dactyloscopy_game()
    g.play("A", "dactyloscopy", target="B", dead=g.pid("D")).resolve()
    assert said(g, "dactyloscopy_damaged", "A") == [{"card": "dactyloscopy", "target": 1, "pid": 3}]


def test_dactyloscopy_no_damage_is_a_no():
    g = dactyloscopy_game()
    g.play("A", "dactyloscopy", target="C", dead=g.pid("D")).resolve()
    assert said(g, "dactyloscopy_damaged", "A") == []
    assert said(g, "dactyloscopy_not_damaged", "A") == [{"card": "dactyloscopy", "target": 2, "pid": 3}]


def test_dactyloscopy_only_who_died_last_night_and_only_by_day():
    g = MafikScenario.day(2).player("A", hand=["dactyloscopy", "dummy"]).player("B", hand=5).player("D", hand=0)
    kill(g, "D", 1)  # died at the end of night 1, not last night (night 2)
    refusal = g.refusal("A", "play", card="dactyloscopy", target="B", dead=g.pid("D"))
    assert refusal.params.get("reason") == "not_last_night"
    night = MafikScenario.night(2).player("A", hand=["dactyloscopy", "dummy"]).player("B", hand=5).player("D", hand=0)
    kill(night, "D", 1)
    assert night.refusal("A", "play", card="dactyloscopy", target="B", dead=night.pid("D")).code == "wrong_phase"


def test_dactyloscopy_mafia_right_role_gives_copies_of_the_damaging_cards():
    g = dactyloscopy_game(secret="boss")
    g.play("A", "dactyloscopy", target="B", dead=g.pid("D"), role="sheriff").resolve()
    assert sorted(g.sleeve("A")) == ["martial_arts", "pistol"]
    assert said(g, "dactyloscopy_copies", "A")[0]["cards"] == ["martial_arts", "pistol"]


def test_dactyloscopy_mafia_wrong_role_gives_nothing():
    g = dactyloscopy_game(secret="boss")
    g.play("A", "dactyloscopy", target="B", dead=g.pid("D"), role="judge").resolve()
    assert g.sleeve("A") == [] and said(g, "dactyloscopy_copies", "A") == []


def test_dactyloscopy_mafia_may_not_name_a_mafia_role():
    g = dactyloscopy_game(secret="boss")
    refusal = g.refusal("A", "play", card="dactyloscopy", target="B", dead=g.pid("D"), role="killer")
    assert refusal.params.get("reason") == "mafia_role"


# ---- Пропускной контроль ----

def test_checkpoint_learns_who_else_played_a_card_this_day():
    g = MafikScenario.day(2).player("A", hand=["checkpoint", "dummy"]).player("B", hand=["bunker", "dummy"]) \
        .player("C", hand=5).player("D", hand=["bunker", "dummy"])
    g.play("A", "checkpoint").play("B", "bunker").play("D", "bunker").resolve()
    assert said(g, "checkpoint_report", "A") == [{"card": "checkpoint", "actor": 0, "pids": [1, 3]}]


def test_checkpoint_spy_the_other_mafia_learn_it_too():
    g = MafikScenario.day(2).player("S", secret="spy", hand=["checkpoint", "dummy"]).player("B", hand=["bunker", "dummy"]) \
        .player("K", secret="killer", hand=5)
    g.play("S", "checkpoint").play("B", "bunker").resolve()
    faction = [e for e in g.events("checkpoint_report") if e.to == "faction" and e.who == "mafia"]
    assert [e.params["pids"] for e in faction] == [[1]]
    assert said(g, "checkpoint_report", "S") == []


# ---- Поднять архивы ----

def test_pull_the_archives_learns_the_plays_five_phases_back_now_and_every_phase():
    g = MafikScenario.night(4).player("A", hand=["pull_the_archives", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5).player("M", secret="killer", hand=5)
    played(g, "B", "martial_arts", 2, "A")  # phase 7 - 5 = 2
    played(g, "B", "pistol", 3, "A")
    g.play("A", "pull_the_archives", target="B", pay_sleeve=["dummy"]).resolve()
    g.resolve()  # phase 8: 5 phases back is 3
    reports = [(e["phase"], e["cards"]) for e in said(g, "archives_report", "A")]
    assert reports == [(2, ["martial_arts"]), (3, ["pistol"])]


def test_pull_the_archives_before_phase_six_tells_nothing_yet():
    g = MafikScenario.night(2).player("A", hand=["pull_the_archives"] + ["dummy"] * 11, sleeve=["dummy"]) \
        .player("B", hand=12).player("M", secret="killer", hand=12)
    g.play("A", "pull_the_archives", target="B", pay_sleeve=["dummy"]).resolve()
    g.resolve().resolve()  # phases 4 and 5: 5 phases back is before the game
    assert len(said(g, "archives_nothing_yet", "A")) == 1  # at the play only
    assert said(g, "archives_report", "A") == []
    g.resolve()  # phase 6: 5 back is night 1, when B played nothing
    assert [(e["phase"], e["cards"]) for e in said(g, "archives_report", "A")] == [(1, [])]


# ---- Шпионский автомат ----

def voted_game() -> MafikScenario:
    """Day 1: A→C, B→C, C→B, D→B, X and M for themselves; then it is night 2."""
    g = MafikScenario.day(1).player("A", hand=8).player("B", hand=8).player("C", hand=8).player("D", hand=8) \
        .player("X", hand=["spy_machine", "spy_machine", "dummy"], sleeve=["dummy", "dummy", "dummy"]) \
        .player("M", secret="killer", hand=5)
    g.vote("A", "C").vote("B", "C").vote("C", "B").vote("D", "B").vote("X", "X").vote("M", "M").resolve()
    return g


def test_spy_machine_whom_the_target_voted_for_at_the_previous_vote():
    g = voted_game()
    g.play("X", "spy_machine", target="A", mode="their_vote").resolve()
    assert said(g, "spy_machine_vote", "X") == [{"card": "spy_machine", "target": 0, "phase": 2, "to": 2}]


def test_spy_machine_cost_1_an_earlier_vote():
    g = voted_game()
    g.resolve()  # night 2
    g.vote("A", "D").resolve()  # day 2: A votes for D; now night 3
    assert api.play_cost(g.state, g.pid("X"), g.uid("X", "spy_machine"),
                         {"target": 0, "mode": "earlier_vote", "vote": 2}) == 1
    g.play("X", "spy_machine", target="A", mode="earlier_vote", vote=2, pay_sleeve=["dummy"]).resolve()
    assert said(g, "spy_machine_vote", "X")[-1]["to"] == 2  # day 1: C, not day 2's D


def test_spy_machine_cost_3_who_voted_for_the_target():
    g = voted_game()
    assert api.play_cost(g.state, g.pid("X"), g.uid("X", "spy_machine"), {"target": 1, "mode": "votes_for_them"}) == 3
    g.play("X", "spy_machine", target="B", mode="votes_for_them", pay_sleeve=["dummy", "dummy", "dummy"]).resolve()
    assert said(g, "spy_machine_voters", "X") == [{"card": "spy_machine", "target": 1, "phase": 2, "pids": [2, 3]}]


def test_spy_machine_without_a_vote_yet():
    g = MafikScenario.night(1).player("X", hand=["spy_machine", "dummy"]).player("A", hand=5)
    g.play("X", "spy_machine", target="A", mode="their_vote").resolve()
    assert said(g, "spy_machine_no_vote", "X") == [{"card": "spy_machine", "target": 1}]


# ---- Журнал Посещений ----

def test_visit_log_everyone_who_played_cards_on_the_dead_target():
    g = MafikScenario.night(3).player("A", hand=["visit_log", "dummy"], sleeve=["dummy"]).player("B", hand=5) \
        .player("C", hand=5).player("D", hand=0).player("E", hand=5)
    played(g, "B", "pistol", 1, "D")
    played(g, "E", "bunker", 2)
    played(g, "C", "martial_arts", 3, "D")
    kill(g, "D", 3)
    g.play("A", "visit_log", target=g.pid("D"), pay_sleeve=["dummy"]).resolve()
    assert said(g, "visit_log_report", "A")[0]["pids"] == [1, 2]


# ---- Расписание охраны ----

def test_guard_schedule_armor_the_target_had_this_phase():
    g = MafikScenario.night(2).player("A", hand=["guard_schedule", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["under_protection", "dummy"]).player("C", hand=["martial_arts", "dummy"])
    g.play("B", "under_protection", target="C").play("C", "martial_arts", target="B")
    g.play("A", "guard_schedule", target="C", pay_sleeve=["dummy"]).resolve()
    assert [(e["phase"], e["n"]) for e in said(g, "guard_schedule_armor", "A")] == [(3, 4)]  # 3 + 1 of its own
    assert said(g, "guard_schedule_plays", "A") == []  # law: no play count


def test_guard_schedule_maniacs_blood_armor_is_not_counted():
    g = MafikScenario.night(2).player("A", hand=["guard_schedule", "dummy"], sleeve=["dummy"]) \
        .player("M", secret="maniac", hand=5, points=4)
    g.order("M", "blood", use="armor")
    g.play("A", "guard_schedule", target="M", pay_sleeve=["dummy"]).resolve()
    assert [e["n"] for e in said(g, "guard_schedule_armor", "A")] == [0]


def test_guard_schedule_upper_this_phase_and_the_last():
    g = MafikScenario.night(3).player("A", hand=["guard_schedule", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("C", hand=5)
    g.build()
    g.state.armor_log.append(ArmorRecord(phase=4, pid=1, amount=2))
    g.state.add_effect("stance", target=g.pid("A"), stance="upper")
    g.play("A", "guard_schedule", target="C", pay_sleeve=["dummy"]).resolve()
    assert [(e["phase"], e["n"]) for e in said(g, "guard_schedule_armor", "A")] == [(5, 0), (4, 2)]


def test_guard_schedule_mafia_and_traitor_learn_how_many_cards_the_target_played():
    for secret in ("boss", "traitor"):
        g = MafikScenario.night(3).player("A", secret=secret, hand=["guard_schedule", "dummy"], sleeve=["dummy"]) \
            .player("C", hand=["martial_arts", "dummy"])
        played(g, "C", "pistol", 4, "A")
        played(g, "C", "martial_arts", 3, "A")  # night 2: not counted
        g.play("C", "martial_arts", target="A").play("A", "guard_schedule", target="C", pay_sleeve=["dummy"]).resolve()
        assert [e["n"] for e in said(g, "guard_schedule_plays", "A")] == [2], secret


# ---- Орлиный взор ----

def test_eagle_eye_copies_of_the_cards_that_damaged_the_player_this_night():
    g = MafikScenario.night(2).player("A", hand=["eagle_eye", "dummy", "dummy", "dummy"]) \
        .player("B", hand=["pistol", "dummy"]).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "eagle_eye").play("B", "pistol", target="A").play("C", "martial_arts", target="A").resolve()
    assert sorted(g.sleeve("A")) == ["martial_arts", "pistol"]
    assert said(g, "eagle_eye_sources", "A") == []


def test_eagle_eye_upper_learns_who_dealt_it():
    g = MafikScenario.night(2).player("A", hand=["eagle_eye", "dummy", "dummy"]).player("B", hand=["pistol", "dummy"])
    g.build()
    g.state.add_effect("stance", target=g.pid("A"), stance="upper")
    g.play("A", "eagle_eye").play("B", "pistol", target="A").resolve()
    assert said(g, "eagle_eye_sources", "A")[0]["plays"] == [{"card": "pistol", "targets": [1]}]


# ---- Что меня не убивает... ----

def test_what_doesnt_kill_me_from_the_next_night_all_absorbed_gives_copies():
    g = MafikScenario.night(2).player("A", hand=["what_doesnt_kill_me", "dummy", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("B", secret="killer", hand=["pistol", "pistol", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("C", hand=12)
    g.play("A", "what_doesnt_kill_me").play("B", "pistol", target="A").resolve()
    assert g.sleeve("A") == []  # this night the effect has not begun
    g.vote("A", "C").vote("B", "C").resolve()  # day 2
    g.play("B", "pistol", target="A").resolve()  # night 3: 2 damage (the mafia's Пистолет), no armor: through
    assert g.sleeve("A") == [] and said(g, "unbroken_copies", "A") == []


def test_what_doesnt_kill_me_copies_when_armor_blocks_everything():
    g = MafikScenario.night(2).player("A", hand=["what_doesnt_kill_me", "dummy", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("B", hand=["pistol", "pistol", "dummy", "dummy", "dummy", "dummy"]) \
        .player("C", hand=["under_protection", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("M", secret="killer", hand=9)
    g.play("A", "what_doesnt_kill_me").resolve()
    g.resolve()  # day 2
    g.play("B", "pistol", target="A").play("C", "under_protection", target="A").resolve()  # night 3
    assert g.sleeve("A") == ["pistol"]
    assert said(g, "unbroken_copies", "A")[0]["cards"] == ["pistol"]


def test_what_doesnt_kill_me_lower_from_this_night():
    g = MafikScenario.night(2).player("A", hand=["what_doesnt_kill_me", "dummy", "dummy", "dummy", "dummy", "dummy", "dummy"]) \
        .player("B", hand=["pistol", "dummy"]).player("C", hand=["under_protection", "dummy"])
    g.build()
    g.state.add_effect("stance", target=g.pid("A"), stance="lower")
    g.play("A", "what_doesnt_kill_me").play("B", "pistol", target="A").play("C", "under_protection", target="A")
    g.resolve()
    assert g.sleeve("A") == ["pistol"]


# ---- Эмпатия ----

def test_empathy_counts_the_players_who_played_the_colour_including_you():
    g = MafikScenario.night(2).player("A", hand=["empathy", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=["martial_arts", "dummy"]).player("C", hand=["pistol", "dummy"]).player("D", hand=5)
    g.play("A", "empathy", colour="boost", pay_sleeve=["dummy"])
    g.play("B", "martial_arts", target="D").play("C", "pistol", target="D").resolve()
    assert said(g, "empathy_count", "A")[0]["n"] == 1  # A's Эмпатия is Усиление
    assert g.sleeve("A") == []


def test_empathy_nobody_a_dummy_into_the_sleeve_and_the_lower_stance():
    g = MafikScenario.night(2).player("A", hand=["empathy", "dummy"], sleeve=["dummy"]).player("B", hand=5)
    g.play("A", "empathy", colour="chaos", lower_stance=True, pay_sleeve=["dummy"]).resolve()
    assert said(g, "empathy_count", "A")[0]["n"] == 0
    assert g.sleeve("A") == ["dummy"]
    stances = [(e.start, e.end) for e in g.state.effects if e.kind == "stance" and e.target == 0]
    assert stances == [(4, 5)]


# ---- Отпечатки пальцев (Комиссар) ----

def test_commissar_fingerprints_every_card_played_this_phase_and_the_last():
    g = MafikScenario.day(2).player("A", secret="commissar", hand=3, sleeve=["commissar_fingerprints"]) \
        .player("B", hand=["bunker", "dummy"]).player("C", hand=5)
    played(g, "C", "pistol", 3, "B")
    played(g, "C", "martial_arts", 2, "B")  # day 1: too early
    g.play("A", "commissar_fingerprints", from_sleeve=True).play("B", "bunker").resolve()
    assert said(g, "fingerprints_report", "A")[0]["cards"] == ["bunker", "pistol"]


def test_commissar_fingerprints_option_3_damage_to_who_played_the_named_card():
    g = MafikScenario.day(2).player("A", secret="commissar", hand=3, sleeve=["commissar_fingerprints"]) \
        .player("B", hand=5).player("C", hand=5)
    played(g, "C", "pistol", 3, "B")
    cast(g, "A", "commissar_fingerprints", from_sleeve=True, punish=True, card="pistol").resolve()
    assert g.hand_size("C") == 2 and g.hand_size("B") == 5
    assert said(g, "fingerprints_punished", "A")[0]["pids"] == [2]


# ---- Место преступления (Полицейский) ----

def test_policeman_crime_scene_cards_played_on_each_target_in_resolution_order():
    g = MafikScenario.day(2).player("A", secret="policeman", hand=3, sleeve=["policeman_crime_scene"]) \
        .player("B", hand=5).player("C", hand=5).player("D", hand=["bunker", "dummy"])
    g.build()
    g.state.history += [PlayRecord(phase=1, actor=3, card="pistol", targets=[1], seq=2),
                        PlayRecord(phase=1, actor=2, card="martial_arts", targets=[1], seq=1),
                        PlayRecord(phase=3, actor=3, card="under_protection", targets=[2], seq=1)]
    g.play("A", "policeman_crime_scene", from_sleeve=True, targets=["B", "C"]).resolve()
    reports = {e["target"]: e["plays"] for e in said(g, "crime_scene_report", "A")}
    assert reports == {1: [{"card": "martial_arts", "targets": [1]}, {"card": "pistol", "targets": [1]}],
                       2: [{"card": "under_protection", "targets": [2]}]}
    assert g.hand_size("B") == 5


def test_policeman_crime_scene_option_2_damage_to_the_targets():
    g = MafikScenario.day(2).player("A", secret="policeman", hand=3, sleeve=["policeman_crime_scene"]) \
        .player("B", hand=5).player("C", hand=5)
    g.play("A", "policeman_crime_scene", from_sleeve=True, targets=["B", "C"], damage=True).resolve()
    assert (g.hand_size("B"), g.hand_size("C")) == (3, 3)


# ---- Улики найдены (Следователь) ----

def test_investigator_evidence_found_who_played_the_colours_this_phase_and_the_last():
    g = MafikScenario.day(2).player("A", secret="investigator", hand=3, sleeve=["investigator_evidence_found"]) \
        .player("B", hand=["bunker", "dummy"]).player("C", hand=5).player("D", hand=5)
    played(g, "C", "pistol", 3, "B")
    played(g, "D", "pistol", 2, "B")  # day 1: too early
    g.play("B", "bunker")
    g.play("A", "investigator_evidence_found", from_sleeve=True, colours=["damage", "defence", "chaos", "boost"])
    g.resolve()
    assert said(g, "evidence_report", "A")[0]["pids"] == [1, 2]
    assert said(g, "evidence_native", "A") == []


def test_investigator_evidence_found_option_which_colours_are_native():
    g = MafikScenario.day(2).player("A", secret="investigator", hand=3, sleeve=["investigator_evidence_found"]) \
        .player("B", secret="commissar", hand=5).player("C", secret="sheriff", hand=5)
    played(g, "B", "pistol", 3, "A")  # Комиссар: Урон, Защита, Поддержка
    played(g, "C", "pistol", 3, "A")  # Шериф: Усиление, Хаос, Поддержка
    g.play("A", "investigator_evidence_found", from_sleeve=True, colours=["damage", "defence", "chaos", "boost"],
           native=True).resolve()
    assert {e["pid"]: e["colours"] for e in said(g, "evidence_native", "A")} == {1: ["damage"], 2: []}


def test_past_plays_is_the_one_reader_and_sees_fake_records():
    g = MafikScenario.day(2).player("A", hand=5).player("B", hand=5)
    g.build()
    g.state.history.append(PlayRecord(phase=1, actor=1, card="pistol", targets=[0], fake=True))
    assert [r.card for r in past_plays(g.state, 0, actor=1, phases=[1])] == ["pistol"]
