"""The Вече cards (engine/rulesets/mafik/cards/veche.py; rulings: docs/rulings/mafik-veche.md).

Players default to law (Офицер) with the public role "(Другой)": a tie on votes goes to the name first in
the alphabet. Everyone votes in these tests (no vote would be a vote for oneself).
"""

from __future__ import annotations

from engine.core.state import Event
from tests.engine.mafik.conftest import MafikScenario


def in_stance(g: MafikScenario, name: str, which: str) -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def all_for_z(g: MafikScenario) -> MafikScenario:
    """A day where everyone else votes for Z (he has cards to spare)."""
    for name in g.names:
        if name != "Z" and g.alive(name) and not g.state.orders.get(g.pid(name)):
            g.vote(name, "Z")
    return g


def verdict(g: MafikScenario) -> Event:
    return g.public("council_verdict")[-1]


def punished(g: MafikScenario) -> int | None:
    value = verdict(g).params["punished"]
    return None if value is None else int(str(value))


def table(phase: MafikScenario, hand: list[str], *, actor_secret: str = "officer", others: int = 5,
          secrets: dict[str, str] | None = None) -> MafikScenario:
    """A (the player of the card, with 3 Пустышки in the Sleeve to pay) and B, C, D… with 8 cards each, and
    Z, a Киллер with 30 cards who keeps the game going and gives his vote to himself unless told."""
    g = phase.player("A", secret=actor_secret, hand=[*hand, "dummy"], sleeve=["dummy"] * 3)
    for name in "BCDEFG"[:others]:
        g.player(name, secret=(secrets or {}).get(name, "officer"), hand=8)
    return g.player("Z", secret="killer", hand=30)


# ---- Дипломатический перевес ----

def test_diplomatic_leverage_adds_2_votes_against_the_target_today():
    g = table(MafikScenario.day(1), ["diplomatic_leverage"])
    g.play("A", "diplomatic_leverage", target="E", pay_sleeve=["dummy", "dummy"])
    # B 2 votes, E 1 vote + 2 from the card = 3
    g.vote("A", "B").vote("C", "B").vote("B", "E").vote("D", "C").vote("E", "D").vote("F", "D").resolve()
    assert punished(g) == g.pid("E")
    assert g.hand_size("E") == 2  # казнь: 6 damage


def test_diplomatic_leverage_counts_against_a_target_nobody_voted_for():
    g = table(MafikScenario.day(1), ["diplomatic_leverage"])
    g.play("A", "diplomatic_leverage", target="B", pay_sleeve=["dummy", "dummy"])
    # F 2 votes; B none but 2 from the card, and B ranks first on a tie
    g.vote("A", "C").vote("B", "D").vote("C", "E").vote("D", "F").vote("E", "F").vote("F", "A").resolve()
    assert punished(g) == g.pid("B")


# ---- Все средства хороши ----

def test_any_means_the_target_cannot_vote_against_the_player_for_2_days_and_learns_it():
    g = table(MafikScenario.night(1), ["any_means"])
    g.play("A", "any_means", target="B", pay_sleeve=["dummy", "dummy"]).resolve()
    told = g.events("vote_ban", to="B")
    assert [(e.params["pid"], e.params["n"], e.params["phase"]) for e in told] == [(g.pid("A"), 2, 2)]
    assert g.refusal("B", "vote", target="A").code == "invalid_target"
    g.vote("B", "C")  # any other vote is fine
    g.order("C", "vote", target="A")  # only B is banned
    all_for_z(g).resolve()  # day 1 → night 2
    g.resolve()  # night 2 → day 2: still banned
    assert g.state.phase == 4
    assert g.refusal("B", "vote", target="A").code == "invalid_target"
    all_for_z(g).resolve()
    g.resolve()  # day 3: free again
    assert g.state.phase == 6
    g.order("B", "vote", target="A")


def test_any_means_blackmail_cannot_force_the_banned_vote():
    g = table(MafikScenario.night(1), ["any_means"]).player("H", hand=["blackmail", "dummy"], sleeve=["dummy"])
    g.play("A", "any_means", target="B", pay_sleeve=["dummy", "dummy"]).resolve()
    g.play("H", "blackmail", target="B", vote_for=g.pid("A"), pay_sleeve=["dummy"])
    g.vote("B", "C").resolve()
    votes = {r.voter: r.target for r in g.state.vote_log if r.phase == 2}
    assert votes[g.pid("B")] == g.pid("C")


# ---- Устрашение ----

def _intimidation(stance: str | None) -> MafikScenario:
    g = table(MafikScenario.night(1), ["intimidation"], others=6, secrets={"D": "boss", "E": "maniac", "F": "traitor"})
    if stance:
        in_stance(g, "A", stance)
    g.play("A", "intimidation", target="B").resolve()
    # B: C, D, E, F — 4 votes (punished); G: A, B
    g.vote("C", "B").vote("D", "B").vote("E", "B").vote("F", "B").vote("A", "G").vote("B", "G").vote("G", "C")
    return g.resolve()


def test_intimidation_each_law_voter_for_the_target_takes_2_damage_public():
    g = _intimidation(None)
    assert [e.params["target"] for e in g.public("intimidation")] == [g.pid("B")]
    assert g.hand_size("C") == 6
    assert [e.params["amount"] for e in g.events("intimidation_damage", to="C")] == [2]
    assert (g.hand_size("D"), g.hand_size("E"), g.hand_size("F")) == (8, 8, 8)  # Мафия, Маньяк, Предатель
    assert g.hand_size("G") == 8  # voted elsewhere


def test_intimidation_upper_stance_mafia_traitor_and_maniac_take_it_too():
    g = _intimidation("upper")
    assert (g.hand_size("C"), g.hand_size("D"), g.hand_size("E"), g.hand_size("F")) == (6, 6, 6, 6)


def test_intimidation_hits_a_vote_for_oneself():
    g = table(MafikScenario.night(1), ["intimidation"])
    g.play("A", "intimidation", target="B").resolve()
    g.vote("A", "C").vote("B", "B").vote("C", "D").vote("D", "C").vote("E", "C").vote("F", "C").resolve()
    assert g.hand_size("B") == 6


# ---- Смертная казнь ----

def test_death_penalty_not_in_the_first_two_nights():
    g = table(MafikScenario.night(2), ["death_penalty"])
    refusal = g.refusal("A", "play", card="death_penalty")
    assert (refusal.code, refusal.params["reason"]) == ("wrong_phase", "first_two_nights")


def _death_penalty() -> MafikScenario:
    g = table(MafikScenario.night(3), ["death_penalty"])
    g.play("A", "death_penalty").resolve()
    return g


def test_death_penalty_the_punished_dies_whatever_the_hand_public_and_no_bar():
    g = _death_penalty()
    assert [e.params["phase"] for e in g.public("death_sentence")] == [6]
    g.vote("A", "B").vote("C", "B").vote("B", "C").vote("D", "E").vote("E", "D").vote("F", "B", "torture").resolve()
    assert punished(g) == g.pid("B")
    assert (verdict(g).params["punishment"], verdict(g).params["decided_by"]) == ("death", "card")
    assert not g.alive("B")
    assert [e.params["cause"] for e in g.public("death")] == ["council"]
    assert g.public("torture_reveal") == []  # the open vote's choice is not applied
    assert g.state.effects_of("barred") == []  # «не идёт в счётчик вече»


def test_death_penalty_even_when_every_punishment_is_barred():
    g = _death_penalty()
    for punishment in ("execution", "auto_da_fe", "torture", "exile"):
        g.state.add_effect("barred", end=10, punishment=punishment)
    g.vote("A", "B").vote("C", "B").vote("B", "C").vote("D", "E").vote("E", "D").vote("F", "B").resolve()
    assert not g.alive("B")


# ---- Обнуление сроков ----

def test_term_reset_every_bar_ends_public():
    g = table(MafikScenario.night(2), ["term_reset"])
    g.build()
    g.state.add_effect("barred", end=8, punishment="execution")
    g.state.add_effect("barred", end=6, punishment="exile")
    g.play("A", "term_reset", pay_sleeve=["dummy", "dummy"]).resolve()
    assert g.state.effects_of("barred") == []
    assert len(g.public("bars_reset")) == 1
    g.order("B", "punishment", choice="execution")  # allowed again


# ---- Индульгенция ----

def test_indulgence_the_leaders_votes_pass_to_the_runner_up():
    g = table(MafikScenario.night(1), ["indulgence"])
    g.play("A", "indulgence", target="B").resolve()
    # B 3, C 2, D 1
    g.vote("A", "B").vote("E", "B").vote("F", "B").vote("B", "C").vote("D", "C").vote("C", "D").resolve()
    assert punished(g) == g.pid("C")
    assert g.hand_size("B") == 8 and g.hand_size("C") == 2


def test_indulgence_not_the_leader_nothing_changes():
    g = table(MafikScenario.night(1), ["indulgence"])
    g.play("A", "indulgence", target="C").resolve()
    g.vote("A", "B").vote("E", "B").vote("F", "B").vote("B", "C").vote("D", "C").vote("C", "D").resolve()
    assert punished(g) == g.pid("B")


def test_indulgence_no_runner_up_nobody_is_punished():
    g = table(MafikScenario.night(1), ["indulgence"])
    g.play("A", "indulgence", target="B").resolve()
    for name in "ACDEFZ":
        g.vote(name, "B")
    g.vote("B", "B").resolve()
    assert punished(g) is None and g.hand_size("B") == 8


def test_indulgence_mafia_cannot_choose_other_mafia():
    g = table(MafikScenario.night(1), ["indulgence"], actor_secret="boss", secrets={"B": "killer"})
    refusal = g.refusal("A", "play", card="indulgence", target="B")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "mafia_on_mafia")
    g.play("A", "indulgence", target="C")  # law is fine


def test_indulgence_law_may_choose_mafia():
    g = table(MafikScenario.night(1), ["indulgence"], secrets={"B": "killer"})
    g.play("A", "indulgence", target="B")


# ---- Подделка ----

def _forgery(actor: str) -> MafikScenario:
    g = table(MafikScenario.night(1), ["forgery"], actor_secret=actor, secrets={"B": "killer", "C": "maniac"})
    g.play("A", "forgery", pay_sleeve=["dummy", "dummy"]).resolve()
    return g


def test_forgery_mafia_next_day_the_votes_of_the_mafia_and_neutrals_count_1_more():
    g = _forgery("boss")
    # D: B (mafia) and C (maniac), 2 + 2 = 4; F: E 1 + A (mafia) 2 = 3; E: D, F = 2
    g.vote("B", "D").vote("C", "D").vote("D", "E").vote("E", "F").vote("F", "E").vote("A", "F").resolve()
    strengths = {r.voter: r.strength for r in g.state.vote_log}
    assert strengths == {g.pid("A"): 2, g.pid("B"): 2, g.pid("C"): 2, g.pid("D"): 1, g.pid("E"): 1, g.pid("F"): 1,
                         g.pid("Z"): 2}
    assert punished(g) == g.pid("D")


def test_forgery_law_the_votes_of_the_mafia_and_neutrals_count_1_less():
    g = _forgery("officer")
    # B (mafia) and C (maniac) vote E: 0, A votes E: 1; D, E vote F: 2; F votes D: 1
    g.vote("B", "E").vote("C", "E").vote("D", "F").vote("E", "F").vote("F", "D").vote("A", "E").resolve()
    strengths = {r.voter: r.strength for r in g.state.vote_log}
    assert (strengths[g.pid("B")], strengths[g.pid("C")], strengths[g.pid("A")]) == (0, 0, 1)
    assert punished(g) == g.pid("F")


def test_forgery_acts_only_the_next_day():
    g = _forgery("boss")
    g.resolve().resolve()  # day 1, night 2
    g.vote("B", "D").resolve()
    assert {r.strength for r in g.state.vote_log if r.phase == 4} == {1}


# ---- Шантаж ----

def _blackmail(g: MafikScenario) -> MafikScenario:
    # without the card: C 2 (B, E), E 2 (C, D), D 1 (A) → C; with B's vote made D's: D 2, E 2 → D
    return g.vote("A", "D").vote("B", "C").vote("C", "E").vote("D", "E").vote("E", "C").resolve()


def test_blackmail_the_target_votes_as_the_player_decided():
    g = table(MafikScenario.day(1), ["blackmail"], others=4)
    g.play("A", "blackmail", target="B", vote_for=g.pid("D"), pay_sleeve=["dummy"])
    _blackmail(g)
    assert {r.voter: r.target for r in g.state.vote_log}[g.pid("B")] == g.pid("D")
    assert punished(g) == g.pid("D")


def test_blackmail_without_it_the_vote_stands():
    g = table(MafikScenario.day(1), ["dummy"], others=4)
    _blackmail(g)
    assert punished(g) == g.pid("C")


def test_blackmail_several_on_one_character_a_random_one_each_equally_likely():
    outcomes = []
    for seed in range(40):
        g = MafikScenario(2, seed=seed).player("A", hand=["blackmail", "dummy"], sleeve=["dummy"]) \
            .player("H", hand=["blackmail", "dummy"], sleeve=["dummy"]) \
            .player("I", hand=["blackmail", "dummy"], sleeve=["dummy"]).player("B", hand=8).player("C", hand=8) \
            .player("Z", secret="killer", hand=30)
        for name, vote_for in (("A", "C"), ("H", "A"), ("I", "H")):
            g.play(name, "blackmail", target="B", vote_for=g.pid(vote_for), pay_sleeve=["dummy"])
        g.vote("B", "B").resolve()
        outcomes.append({r.voter: r.target for r in g.state.vote_log}[g.pid("B")])
    counts = sorted(outcomes.count(g.pid(n)) for n in "CAH")
    assert sum(counts) == 40 and counts[0] >= 5  # each of the three comes up


# ---- Право вето ----

def test_veto_gives_a_one_use_right_to_add_2_votes_on_a_day_of_ones_choice():
    g = table(MafikScenario.night(1), ["veto"])
    g.play("A", "veto", target="F").resolve()
    # day 1: not used — B leads with 2
    g.vote("A", "B").vote("C", "B").vote("B", "E").vote("D", "C").vote("E", "D").vote("F", "D").resolve()
    assert punished(g) == g.pid("B")
    assert g.refusal("A", "ability", ability="veto").code == "wrong_phase"  # night 2: by day only
    g.resolve()  # day 2
    g.order("A", "ability", ability="veto")
    # day 2: C 2 votes, F 1 + 2 = 3
    g.vote("A", "C").vote("B", "C").vote("C", "F").vote("D", "E").vote("E", "D").vote("F", "D").resolve()
    assert punished(g) == g.pid("F")
    all_for_z(g.resolve())  # night 3 → day 3
    assert g.refusal("A", "ability", ability="veto").code == "not_allowed"  # used up


def test_veto_not_stacking_while_the_previous_one_is_pending_told():
    g = table(MafikScenario.night(1), ["veto", "veto"])
    g.play("A", "veto", target="F").resolve()
    all_for_z(g).resolve().play("A", "veto", target="E").resolve()  # night 2: the day-1 right is still unused
    assert len(g.events("veto_pending", to="A")) == 1
    rights = [e for e in g.state.effects_of("ability", target=g.pid("A")) if e.params.get("card") == "veto"]
    assert [e.params["against"] for e in rights] == [g.pid("F")]


def test_veto_after_use_a_new_play_gives_a_new_right():
    g = table(MafikScenario.night(1), ["veto", "veto"])
    g.play("A", "veto", target="F").resolve()
    g.order("A", "ability", ability="veto")
    all_for_z(g).resolve().play("A", "veto", target="E").resolve()
    assert g.events("veto_pending", to="A") == []
    rights = [e for e in g.state.effects_of("ability", target=g.pid("A")) if e.params.get("card") == "veto"]
    assert [e.params["against"] for e in rights] == [g.pid("E")]


def test_veto_lower_stance_4_votes_at_the_nearest_vote():
    g = table(MafikScenario.night(1), ["veto"])
    in_stance(g, "A", "lower")
    g.play("A", "veto", target="F").resolve()
    assert not [e for e in g.state.effects_of("ability", target=g.pid("A")) if e.params.get("card") == "veto"]
    # B 3 votes, F 0 + 4
    g.vote("A", "B").vote("C", "B").vote("D", "B").vote("B", "E").vote("E", "D").vote("F", "D").resolve()
    assert punished(g) == g.pid("F")
