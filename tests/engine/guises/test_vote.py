"""The day vote: secret, any living target, the most voted dies, ties by the order of public roles,
strengths, and the public list of who voted for whom."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal


def day(game, *seats):
    return game(*seats, phase=2)


def test_the_most_voted_dies_and_the_list_is_public(game) -> None:
    g = day(game, ("hero", "boss"), ("hero", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "vote", target=0).do(2, "vote", target=0).do(0, "vote", target=1).resolve()
    assert not g.alive(0)
    assert g.public("ballots")[0]["ballots"] == [{"pid": 0, "target": 1}, {"pid": 1, "target": 0},
                                                 {"pid": 2, "target": 0}]


def test_votes_only_by_day_against_the_living(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"))
    with pytest.raises(Refusal):
        g.do(0, "vote", target=1)


def test_a_tie_goes_to_the_public_role_listed_first(game) -> None:
    g = day(game, ("cook", "boss"), ("authority", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(2, "vote", target=0).do(3, "vote", target=1).resolve()
    assert not g.alive(1) and g.alive(0)  # Авторитет is listed before Повар


def test_authority_counts_twice(game) -> None:
    g = day(game, ("authority", "boss"), ("hero", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(0, "vote", target=1).do(1, "vote", target=2).do(3, "vote", target=2).do(2, "vote", target=1)
    g.resolve()
    assert not g.alive(1) and g.alive(2)  # 2 + 1 against Сыщик, 2 against Присяжный


def test_politician_goes_to_prison_instead_of_dying(game) -> None:
    g = day(game, ("politician", "boss"), ("hero", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "vote", target=0).resolve()
    assert g.alive(0) and g.state.effects_of("prison", target=0)
    effect = g.state.effects_of("prison", target=0)[0]
    assert (effect.start, effect.end) == (3, 6)


def test_lawyer_cancels_his_execution_once(game) -> None:
    g = day(game, ("lawyer", "boss"), ("hero", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "vote", target=0).resolve()
    assert g.alive(0) and g.public("acquitted")
    g.resolve()
    g.do(1, "vote", target=0).resolve()
    assert not g.alive(0)


def test_gossip_banks_a_vote_when_not_voting_and_spends_it(game) -> None:
    g = day(game, ("gossip", "forensic"), ("hero", "boss"), ("hero", "juror"), ("hero", "officer"))
    g.resolve()
    assert g.char(0).bank == 1
    g.resolve()
    g.do(0, "vote", target=1).do(0, "dirt", amount=1).do(2, "vote", target=3).do(3, "vote", target=2)
    g.resolve()
    assert not g.alive(1) and g.char(0).bank == 0


@pytest.mark.parametrize("role", ["oppositionist", "berserk"])
def test_oppositionist_and_berserk_vote_from_prison(game, role: str) -> None:
    g = game((role, "forensic"), ("hero", "juror"), ("hero", "policeman"), ("hero", "boss"))
    g.do(2, "arrest", target=0).resolve()
    assert g.state.effects_of("prison", target=0)
    g.do(0, "vote", target=3)


def test_prison_takes_the_vote(game) -> None:
    g = game(("hero", "forensic"), ("hero", "juror"), ("hero", "policeman"), ("hero", "boss"))
    g.do(2, "arrest", target=0).resolve()
    with pytest.raises(Refusal):
        g.do(0, "vote", target=3)


def test_millionaire_stronger_voters_count_once_against_him(game) -> None:
    g = day(game, ("millionaire", "boss"), ("authority", "forensic"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "vote", target=0).do(2, "vote", target=3).do(0, "vote", target=3).resolve()
    assert g.alive(0) and not g.alive(3)  # the Авторитет's vote counts 1 against him, not 2


def test_millionaire_cannot_be_the_target_of_day_abilities(game) -> None:
    g = day(game, ("millionaire", "boss"), ("cook", "forensic"))
    with pytest.raises(Refusal):
        g.do(1, "cook", target=0)


def test_revolutionary_riot_adds_one_and_a_half_votes_next_day(game) -> None:
    g = day(game, ("revolutionary", "forensic"), ("hero", "boss"), ("hero", "juror"), ("hero", "officer"))
    g.do(0, "riot", target=1).resolve()
    assert g.public("riot_target")
    g.resolve()
    g.do(2, "vote", target=3).resolve()
    assert not g.alive(1)


def test_ambassador_three_extra_falling_by_one_each_day(game) -> None:
    from engine.rulesets.guises.steps import strength

    g = day(game, ("ambassador", "forensic"), ("hero", "boss"))
    assert strength(g.state, 0) == 8
    g.resolve().resolve()
    assert strength(g.state, 0) == 6


def test_maniac_slippery_one_vote_and_a_half_per_dead_off(game) -> None:
    g = day(game, ("hero", "maniac"), ("hero", "boss"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "vote", target=0).resolve()
    assert g.alive(0) and g.public("vote_nobody")


def test_journalist_instead_of_voting_learns_the_guise_after_the_next_night(game) -> None:
    g = day(game, ("journalist", "forensic"), ("hero", "boss"))
    with pytest.raises(Refusal):
        g.do(0, "vote", target=1).do(0, "investigate", target=1)
    g = day(game, ("journalist", "forensic"), ("hero", "boss"))
    g.do(0, "investigate", target=1).resolve()
    assert g.public("investigation_target")
    g.resolve()
    assert [e["guise"] for e in g.told(0, "guise_learned")] == ["boss"]


def test_medium_learns_a_guise_of_each_killed_last_night(game) -> None:
    g = game(("medium", "forensic"), ("hero", "killer"), ("hero", "juror"), ("hero", "officer"))
    g.do(1, "shotgun", target=2).resolve()
    g.do(0, "seance").resolve()
    assert [e["target"] for e in g.told(0, "guise_learned")] == [2]


def test_ambassador_bonus_counts_the_days_from_taking_the_role(game) -> None:
    """Переговоры: +3, falling by one after each day — the Посол's days, not the game's: a Лентяй who
    becomes the Посол on day 2 votes with +3 on day 3, +2 on day 4."""
    from engine.rulesets.guises.steps import strength

    g = day(game, ("idler", "forensic"), ("hero", "boss"))
    g.resolve().resolve()  # day 1 and night 2 pass: the game's bonus would be +2 by now
    g.do(0, "job_change", public="ambassador").resolve().resolve()  # day 2: the change; night 3
    assert g.state.player(0).public_role == "ambassador"
    assert strength(g.state, 0) == 8, "his first day as the Посол: 1 + 3"
    g.resolve().resolve()
    assert strength(g.state, 0) == 6
