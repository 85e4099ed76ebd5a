"""The Вече's shortcuts answer as the long way does: the modifiers skipped while the state holds no effect of their
kinds (`only_while`), the Социопат's modifiers that look at the phase first, the leader found without ranking
everyone (`leading`) and the punishment's vote strengths taken from the count (`punishment(res, strengths)`)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pytest import MonkeyPatch

from engine.core.presence import presence_pass
from engine.core.queries import WHILE
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, Order
from engine.rulesets.mafik.council import DEATH, leading, punishable, punishment, ranked, tally
from engine.rulesets.mafik.orders import PUNISHMENTS
from engine.rulesets.mafik.perks_b import SHIELDED_PHASES, sociopath, sociopath_default_vote, sociopath_votes
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.roles import OTHER, PUBLIC_ORDER
from tests.engine.random_games import acted_resolution, runner_at

SLOW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VECHE = ("vote_strength", "votes_against", "forced_votes", "leader", "forced_punishment", "can_target")


def _marked(query: str) -> list[tuple[frozenset[str], Any]]:
    return [(getattr(fn, WHILE), fn) for _layer, _order, fn in REGISTRIES.queries._modifiers.get(query, [])
            if getattr(fn, WHILE, None) is not None]


def _questions(state: GameState, query: str) -> list[tuple[Any, dict[str, Any]]]:
    """Every kind of question the Вече asks of `query` about this state, for each living character."""
    living = [p.pid for p in state.living()]
    votes = {pid: 1 + pid % 3 for pid in living}
    asked: dict[str, list[tuple[Any, dict[str, Any]]]] = {
        "vote_strength": [(v, {"pid": pid}) for pid in living for v in (0, 1, 3)],
        "votes_against": [(v, {"target": pid}) for pid in living for v in (0, 2, 5)],
        "forced_votes": [({pid: living[(i + 1) % len(living)] for i, pid in enumerate(living)}, {})],
        "leader": [(pid, {"votes": votes}) for pid in living] + [(None, {"votes": votes})],
        "forced_punishment": [(p, {"target": pid}) for pid in living for p in (None, *PUNISHMENTS, DEATH)],
        "can_target": [(True, {"actor": a, "target": t, "by": by}) for a in living[:3] for t in living
                       for by in ("card", "vote", "perk")],
    }
    return asked[query]


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=14))
def test_every_veche_modifier_marked_only_while_answers_its_value_with_no_effect_of_its_kinds(seed: int,
                                                                                           phases: int) -> None:
    """Skipping a marked modifier when the state holds none of its kinds is what running it would do: in a random
    game's state with every effect of those kinds taken out, it gives back the value it was asked with."""
    state = runner_at("mafik", 16, seed, phases).state
    for query in VECHE:
        for kinds, fn in _marked(query):
            bare = state.model_copy(deep=True)
            bare.effects = [e for e in bare.effects if e.kind not in kinds]
            for value, context in _questions(bare, query):
                assert fn(bare, value, **context) == value, (query, fn.__name__, value, context)


def test_the_veche_modifiers_of_cards_and_perks_that_act_through_effects_are_marked() -> None:
    """Each of these acts only through effects of its kind (the card's or the perk's), and says so."""
    marked = {fn.__name__: kinds for query in VECHE for kinds, fn in _marked(query)}
    assert marked["_forged_strength"] == {"forged_votes"}
    assert marked["_blackmailed_votes"] == {"blackmailed"}
    assert marked["_votes_passed_on"] == {"indulgence"}
    assert marked["_death_sentence"] == {"death_sentence"}
    assert marked["_censored_votes"] == {"censored_vote"}
    assert marked["prosecutor"] == {"prosecutor"}


def test_the_authority_and_the_prosecutor_run_one_after_the_other_in_one_layer() -> None:
    """Split from one modifier: nothing of vote_strength runs between them (both add, as the one did)."""
    chain = [(layer, fn.__name__) for layer, _order, fn in REGISTRIES.queries._modifiers["vote_strength"]]
    at = chain.index((50, "authority"))
    assert chain[at + 1] == (50, "prosecutor")


def test_the_sociopath_is_shielded_exactly_on_night_1_and_day_1() -> None:
    """The phases the Социопат's modifiers look at first are those of day_number 1."""
    for phase in range(0, 30):
        state = GameState(ruleset="mafik", seed=1, rng=1, phase=phase)
        assert (phase in SHIELDED_PHASES) == (state.day_number == 1), phase


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=8))
def test_the_sociopath_modifiers_answer_as_the_rule_says(seed: int, phases: int) -> None:
    """Night 1 and day 1: no card and no vote targets a Социопат, no vote counts against him; after: nothing
    changes — with a random game's characters made Социопаты every third one."""
    state = runner_at("mafik", 16, seed, phases).state
    for player in state.players[::3]:
        player.public_role = "sociopath"
    shielded = state.day_number == 1
    living = [p.pid for p in state.living()]
    votes = {pid: living[(i + 1) % len(living)] for i, pid in enumerate(living)}
    for pid in living:
        is_him = shielded and state.player(pid).public_role == "sociopath"
        assert sociopath(state, True, actor=living[0], target=pid, by="vote") is not is_him
        assert sociopath(state, True, actor=living[0], target=pid, by="perk") is True
        assert sociopath_votes(state, 4, target=pid) == (0 if is_him else 4)
    assert sociopath_default_vote(state, votes) == {
        v: t for v, t in votes.items() if not (shielded and state.player(t).public_role == "sociopath")}


@settings(max_examples=200, deadline=None)
@given(votes=st.dictionaries(st.integers(0, 15), st.integers(1, 4), min_size=1),
       roles=st.lists(st.sampled_from([*sorted(PUBLIC_ORDER)[:4], OTHER]), min_size=16, max_size=16))
def test_the_leader_is_the_first_of_the_veche_order(votes: dict[int, int], roles: list[str]) -> None:
    """`leading` is `ranked(...)[0]`, ties of votes and of public roles included."""
    state = runner_at("mafik", 16, 1, 0).state
    for player, role in zip(state.players, roles, strict=True):
        player.public_role = role
    assert leading(state, votes) == ranked(state, votes)[0]


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), day=st.integers(min_value=1, max_value=5),
       choices=st.lists(st.sampled_from(PUNISHMENTS), min_size=16, max_size=16))
def test_the_punishment_with_the_counted_strengths_is_the_punishment_asking_each(seed: int, day: int,
                                                                              choices: list[str]) -> None:
    """The open vote weighs each voter by the strength the secret vote's count found: the same verdict as asking
    each voter's strength again — every living character choosing a punishment, and the count's strengths
    given with one voter left out (he is asked)."""
    res = acted_resolution("mafik", 16, seed, 2 * day)
    if res is None:  # the game ended before
        reject()
    state, ruleset = res.state, res.ruleset
    res.scratch["orders"] = {p.pid: [*state.orders.get(p.pid, []),
                                     Order(oid=900 + p.pid, kind="punishment", params={"choice": choices[p.pid]})]
                             for p in state.living()}
    with presence_pass(state, ruleset.presence):
        _votes, _chosen, strengths = tally(res)
        asked = punishment(res)
        assert punishment(res, strengths) == asked
        assert punishment(res, dict(list(strengths.items())[1:])) == asked


def _punishable_asking_each(state: GameState, votes: dict[int, int]) -> dict[int, int]:
    return {t: v for t, v in votes.items() if v > 0 and state.player(t).alive
            and REGISTRIES.queries.ask("can_be_punished", state, True, target=t)}


@SLOW
@given(seed=st.integers(min_value=0, max_value=10_000), phases=st.integers(min_value=0, max_value=12),
       votes=st.dictionaries(st.integers(0, 15), st.integers(0, 4)),
       dead_for_a_day=st.lists(st.integers(0, 15), max_size=3))
def test_the_punishable_are_those_can_be_punished_lets_through(seed: int, phases: int, votes: dict[int, int],
                                                               dead_for_a_day: list[int]) -> None:
    """`punishable`: the same characters as asking `can_be_punished` of each, in random games with random
    Временная смерть effects (the query's modifier) in force."""
    state = runner_at("mafik", 16, seed, phases).state
    for pid in dead_for_a_day:
        state.add_effect("temporary_death", target=pid, start=state.phase, end=state.phase)
        votes[pid] = votes.get(pid, 0) + 1  # votes against each of them
    assert punishable(state, votes) == _punishable_asking_each(state, votes)
    with presence_pass(state, get_ruleset("mafik").presence):
        assert punishable(state, votes) == _punishable_asking_each(state, votes)


def test_the_punishable_are_asked_while_a_modifier_of_can_be_punished_waits_for_nothing(
        monkeypatch: MonkeyPatch) -> None:
    """A modifier of `can_be_punished` that waits for no effect makes `punishable` ask it of every target."""
    state = runner_at("mafik", 16, 3, 2).state
    queries = REGISTRIES.queries
    votes = {p.pid: 1 for p in state.living()}
    assert queries.idle(state, ("can_be_punished",)) and punishable(state, votes) == votes

    def nobody(state: GameState, value: bool, **_: object) -> bool:
        return False

    monkeypatch.setitem(queries.waits, "can_be_punished", None)
    monkeypatch.setitem(queries._modifiers, "can_be_punished",
                        [*queries._modifiers.get("can_be_punished", []), (99, 10**6, nobody)])
    assert punishable(state, votes) == _punishable_asking_each(state, votes) == {}
