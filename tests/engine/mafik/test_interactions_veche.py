"""Interaction cases of the Вече cards (iv1…): where Шантаж, Все средства хороши, Устрашение, Смертная
казнь, Обнуление сроков, Индульгенция, Подделка, Дипломатический перевес and Право вето meet each other and
the Вече's other hooks (Бюрократ, Социопат, Мститель, Адвокатская защита, Неожиданный поворот).
Rulings: docs/rulings/mafik-veche.md.

Players are law (Офицер) with the public role "(Другой)"; "Z" is a mafia Киллер with a big hand who keeps
the game going and takes every vote a case does not give.
"""

from __future__ import annotations

from engine.core.state import Event
from tests.engine.mafik.conftest import MafikScenario


def case(phase: MafikScenario, **hands: list[str]) -> MafikScenario:
    """Players A… with the cards given (and a Пустышка), 3 Пустышки in the Sleeve, 8 cards for the rest
    of B…F; Z as above."""
    for name in "ABCDEF":
        hand = [*hands[name], "dummy"] if name in hands else 8
        phase.player(name, hand=hand, sleeve=["dummy"] * 3)
    return phase.player("Z", secret="killer", hand=40)


def votes(g: MafikScenario, **given: str) -> MafikScenario:
    for name in g.names:
        if g.alive(name):
            g.vote(name, given.get(name, "Z"))
    return g


def verdict(g: MafikScenario) -> Event:
    return g.public("council_verdict")[-1]


def cast(g: MafikScenario) -> dict[int, int]:
    return {r.voter: r.target for r in g.state.vote_log if r.phase == g.state.phase - 1}


def test_iv1_bureaucrat_overrides_blackmail():
    """«Этот игрок проголосует в ту цель, игнорируя все другие подобные эффекты»: the Бюрократ's forced
    vote wins over a Шантаж on the same voter."""
    g = case(MafikScenario.day(1), A=["blackmail"])
    g.p("C").public_role = "bureaucrat"
    g.play("A", "blackmail", target="B", vote_for=g.pid("D"), pay_sleeve=["dummy"])
    g.order("C", "bureaucrat", voter=g.pid("B"), target=g.pid("E"))
    votes(g).resolve()
    assert cast(g)[g.pid("B")] == g.pid("E")


def test_iv2_any_means_refuses_a_bureaucrat_forcing_the_banned_vote():
    """Все средства хороши bans the vote itself: the Бюрократ may not put it there either."""
    g = case(MafikScenario.night(1), A=["any_means"])
    g.play("A", "any_means", target="B", pay_sleeve=["dummy", "dummy"]).resolve()
    g.p("C").public_role = "bureaucrat"
    refusal = g.refusal("C", "bureaucrat", voter=g.pid("B"), target=g.pid("A"))
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "immune")


def test_iv3_blackmail_no_forced_vote_against_a_character_nobody_may_vote_against():
    """A Шантаж making its target vote for the target of a Неожиданный поворот leaves the target's own vote
    (a Социопат on day 1 cannot even be named: no card may target him)."""
    g = case(MafikScenario.night(1), A=["blackmail"], C=["unexpected_twist"])
    g.play("C", "unexpected_twist", target="D", pay_sleeve=["dummy"] * 3).resolve()
    g.play("A", "blackmail", target="B", vote_for=g.pid("D"), pay_sleeve=["dummy"])
    votes(g, B="C").resolve()
    assert cast(g)[g.pid("B")] == g.pid("C")


def test_iv4_intimidation_hits_a_voter_blackmailed_into_the_vote():
    """Устрашение counts the votes as cast after forced votes: B, made by Шантаж to vote for the target,
    takes 2 damage like C, who chose to."""
    g = case(MafikScenario.night(1), A=["intimidation", "blackmail"])
    g.play("A", "intimidation", target="D").resolve()
    g.play("A", "blackmail", target="B", vote_for=g.pid("D"), pay_sleeve=["dummy"])
    votes(g, B="Z", C="D").resolve()
    assert cast(g)[g.pid("B")] == g.pid("D")
    assert (g.hand_size("B"), g.hand_size("C"), g.hand_size("E")) == (6, 6, 8)


def test_iv5_death_penalty_with_indulgence_the_runner_up_dies():
    """Индульгенция passes the leader's votes on first; Смертная казнь then kills the one punished."""
    g = case(MafikScenario.night(3), A=["death_penalty"], B=["indulgence"])
    g.play("A", "death_penalty").play("B", "indulgence", target="C").resolve()
    votes(g, A="C", B="C", D="C", E="F", F="E")  # C 3, Z 2 (C's and Z's own), E 1, F 1
    g.resolve()
    assert verdict(g).params["punished"] == g.pid("Z")
    assert not g.alive("Z") and g.alive("C")


def test_iv6_death_penalty_the_avenger_dies_anyway():
    """The Мститель's «потеряв все карты из руки, получает 1 карту» does not save him: Смертная казнь's death
    is no loss of cards."""
    g = case(MafikScenario.night(3), A=["death_penalty"])
    g.p("B").public_role = "avenger"
    g.play("A", "death_penalty").resolve()
    votes(g, A="B", C="B", D="B", Z="B").resolve()
    assert not g.alive("B") and g.hand_size("B") == 8


def test_iv7_term_reset_after_a_punishment_every_choice_is_open():
    """The day's execution bars it for 3 days; Обнуление сроков that night opens it again."""
    g = case(MafikScenario.day(1), A=["term_reset"])
    votes(g).resolve()
    assert g.state.effects_of("barred")
    g.play("A", "term_reset", pay_sleeve=["dummy", "dummy"]).resolve()
    g.order("B", "punishment", choice="execution")


def test_iv8_forgery_by_the_law_on_a_mafia_authority():
    """Подделка (Закон) takes 1 from each mafia vote: the Авторитет's 2 become 1."""
    g = case(MafikScenario.night(1), A=["forgery"])
    g.p("Z").public_role = "authority"
    g.play("A", "forgery", pay_sleeve=["dummy", "dummy"]).resolve()
    votes(g, Z="B").resolve()
    assert {r.voter: r.strength for r in g.state.vote_log}[g.pid("Z")] == 1


def test_iv9_diplomatic_leverage_and_legal_defence_cancel_out():
    """+2 (Дипломатический перевес) and −2 (Адвокатская защита) against one target: its own votes only."""
    g = case(MafikScenario.day(1), A=["diplomatic_leverage"], B=["legal_defence"])
    g.play("A", "diplomatic_leverage", target="F", pay_sleeve=["dummy", "dummy"])
    g.play("B", "legal_defence", target="F", pay_sleeve=["dummy"])
    votes(g, A="F", B="F", C="D", D="E", E="D", F="B", Z="Z").resolve()  # F 2 (+2 −2), D 2, E 1, B 1, Z 1
    assert verdict(g).params["punished"] == g.pid("D")  # the tie to D: F neither 4 nor 0


def test_iv10_lower_veto_meets_unexpected_twist_no_votes_count():
    """Неожиданный поворот («против этого персонажа нельзя голосовать»): the veto's 4 votes do not count
    either."""
    g = case(MafikScenario.night(1), A=["veto"], B=["unexpected_twist"])
    g.build()
    g.state.add_effect("stance", target=g.pid("A"), stance="lower")
    g.play("A", "veto", target="C").play("B", "unexpected_twist", target="C", pay_sleeve=["dummy"] * 3).resolve()
    votes(g, A="D", B="E", C="D", D="E", E="F", F="B").resolve()  # D 2, E 2, F 1, B 1, Z 1; C 0, not 4
    assert verdict(g).params["punished"] == g.pid("D")


def test_iv11_intimidation_the_target_executed_by_death_penalty_still_hurts_its_voters():
    """The Устрашение is on no character: its target's death at the Вече does not spare its voters."""
    g = case(MafikScenario.night(3), A=["death_penalty"], B=["intimidation"])
    g.play("A", "death_penalty").play("B", "intimidation", target="C").resolve()
    votes(g, D="C", E="C", F="C", Z="C").resolve()  # C 4, Z 4 (A, B, C, his own): the tie to C
    assert not g.alive("C")
    assert (g.hand_size("D"), g.hand_size("E"), g.hand_size("F"), g.hand_size("Z")) == (6, 6, 6, 40)  # Z: mafia
