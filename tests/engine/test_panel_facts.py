"""A player's panel lines are the rule set's facts (api.panel_facts), built from what the player may
know: Мафик's statuses are those the player was told of or caused, its day lines say what a silent voter
does; Микромафик's statuses are a set, and a mafioso sees the partners' kill votes by night."""

from __future__ import annotations

from functools import cache

from engine.core import api
from engine.core.profile import PanelFact
from engine.core.state import GameState

MAFIK_ROLES = ["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
               "paranoiac", "bloodhound", "guard", "scientist", "undertaker", "addict", "looter"]
MICRO_ROLES = ["businessman", "paranoiac", "croupier", "alien", "magician", "banker"]


@cache
def _running(ruleset: str, roles: tuple[str, ...]) -> str:
    state = api.new_game(ruleset, [(f"Игрок {i + 1}", r) for i, r in enumerate(roles)], seed=5)
    api.deck_auto_all(state)
    return api.dump(state)


def running(ruleset: str) -> GameState:
    """A fresh copy of one running game (the first night)."""
    return api.load(_running(ruleset, tuple(MAFIK_ROLES if ruleset == "mafik" else MICRO_ROLES)))


def keys(facts: list[PanelFact]) -> list[str]:
    return [f.key for f in facts]


def statuses(facts: list[PanelFact]) -> object:
    return next((f.params["statuses"] for f in facts if f.key == "ui.statuses"), None)


def test_mafik_shows_a_status_told_whoever_caused_it_and_an_own_one_only_if_self_caused() -> None:
    state = running("mafik")
    state.add_effect("exile", target=0, source=3, start=state.phase, end=state.phase)
    state.add_effect("berserk", target=0, source=3, start=state.phase, end=state.phase)
    assert statuses(api.panel_facts(state, 0)) == ["exile"]
    state.add_effect("berserk", target=0, source=0, start=state.phase, end=state.phase)
    assert statuses(api.panel_facts(state, 0)) == ["berserk", "exile"]


def test_mafik_says_by_day_that_a_silent_voter_votes_against_themselves_until_they_vote() -> None:
    state = running("mafik")
    assert "ui.vote_self_default" not in keys(api.panel_facts(state, 0)), "a night has no vote"
    api.resolve(state)
    assert keys(api.panel_facts(state, 0))[-2:] == ["panel_mafik.private_left", "ui.vote_self_default"]
    api.submit(state, 0, "vote", params={"target": 1})
    assert "ui.vote_self_default" not in keys(api.panel_facts(state, 0))


def test_mafik_tells_only_the_maniac_of_blood_and_words_the_phase_limits_as_one_line() -> None:
    state = running("mafik")
    blood = {p.pid for p in state.players if "panel_mafik.blood" in keys(api.panel_facts(state, p.pid))}
    assert blood == {p.pid for p in state.players if p.secret_role == "maniac"}
    limits = api.panel_facts(state, 0)[2]
    assert limits.key in ("panel_mafik.limits", "panel_mafik.limits_exiled")
    assert PanelFact("panel_mafik.night_discard") in limits.params["more"]


def test_micromafik_statuses_are_a_set_and_a_mafioso_sees_the_partners_kill_votes_at_night() -> None:
    state = running("micromafik")
    mafia = [p.pid for p in state.players if p.faction == "mafia"]
    law = next(p.pid for p in state.players if p.faction != "mafia")
    api.submit(state, mafia[1], "kill_vote", params={"target": law})
    partner = [f for f in api.panel_facts(state, mafia[0]) if f.key.startswith("panel_micromafik.partner")]
    assert PanelFact("panel_micromafik.partner_kill_vote", {"pid": mafia[1], "target": law}) in partner
    assert not any(f.key.startswith("panel_micromafik.partner") for f in api.panel_facts(state, law))
    state.add_effect("spikes", target=law, source=mafia[0], start=state.phase, end=state.phase + 1)
    assert statuses(api.panel_facts(state, law)) == frozenset({"spikes"})


def test_no_panel_lines_before_the_game_runs() -> None:
    state = api.new_game("mafik", [(f"Игрок {i + 1}", r) for i, r in enumerate(MAFIK_ROLES)], seed=5)
    assert api.panel_facts(state, 0) == []
