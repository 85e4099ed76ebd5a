"""api.catalog names everything a rule set has; api.actions says what a player can do now, and an action
it calls unavailable is refused for the same reason when it is tried anyway (one check, not two)."""

from __future__ import annotations

import gc

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState

MAFIK_CAST = ["politician", "prosecutor", "alien", "paranoiac", "guard", "scientist", "ripper", "bloodhound",
              "bureaucrat", "revolutionary", "geek", "looter", "mentor"]
MICRO_CAST = ["businessman", "paranoiac", "croupier", "alien"]


def game(ruleset: str, cast: list[str], *, day: bool = False) -> GameState:
    state = api.new_game(ruleset, [(f"Персонаж {i + 1}", r) for i, r in enumerate(cast)], seed=5)
    api.deck_auto_all(state)
    if day:
        api.resolve(state)
    return state


def by_role(state: GameState, role: str) -> int:
    return next(p.pid for p in state.players if p.public_role == role)


@pytest.mark.parametrize("ruleset", ["mafik", "micromafik"])
def test_catalog_names_cards_roles_and_colours_in_both_languages(ruleset: str) -> None:
    catalog = api.catalog(ruleset)
    assert catalog is api.catalog(ruleset), "read once per rule set"
    assert catalog.cards and all(c.name and c.name_en and c.text and c.text_en for c in catalog.cards.values())
    assert {c.colour for c in catalog.cards.values()} >= set(catalog.colours)
    secret = [r for r in catalog.roles.values() if r.secret]
    public = [r for r in catalog.roles.values() if not r.secret]
    assert secret and public and all(r.name and r.name_en and r.faction for r in secret)
    assert catalog.secret_roles("mafia") and set(catalog.secret_roles("mafia")) < set(catalog.secret_roles())


def test_catalog_has_mafiks_abilities_with_their_own_params() -> None:
    abilities = api.catalog("mafik").abilities
    assert abilities["credit_card_knife"].params != api.catalog("mafik").cards["credit_card_knife"].params


@pytest.mark.parametrize(("ruleset", "cast"), [("mafik", MAFIK_CAST), ("micromafik", MICRO_CAST)])
def test_actions_list_every_held_card_as_a_play_hand_first(ruleset: str, cast: list[str]) -> None:
    state = game(ruleset, cast)
    for player in state.players:
        plays = [a for a in api.actions(state, player.pid) if a.kind == "play"]
        assert [a.card for a in plays] == [c.uid for c in [*player.hand, *player.sleeve]]
        for play in plays:
            assert play.available == (api.playable(state, player.pid, play.card) is None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("ruleset", "cast", "day"), [("mafik", MAFIK_CAST, False), ("mafik", MAFIK_CAST, True),
                                                     ("micromafik", MICRO_CAST, False), ("micromafik", MICRO_CAST, True)])
def test_an_unavailable_perk_without_params_is_refused_for_the_reason_it_gives(ruleset: str, cast: list[str],
                                                                               day: bool) -> None:
    state = game(ruleset, cast, day=day)
    checked = 0
    for player in state.players:
        for action in api.actions(state, player.pid):
            if action.source != "role" or action.params or action.instant or action.available:
                continue
            assert action.why is not None
            with pytest.raises(Refusal) as refused:
                api.submit(state, player.pid, action.kind)
            assert (refused.value.code, refused.value.params) == (action.why.code, action.why.params), action.id
            checked += 1
    assert checked


def test_a_perk_spent_is_no_longer_available() -> None:
    state = game("mafik", MAFIK_CAST, day=True)
    pid = by_role(state, "prosecutor")
    assert next(a for a in api.actions(state, pid) if a.id == "prosecutor").available
    state.player(pid).flags["used_prosecutor"] = 1
    why = next(a for a in api.actions(state, pid) if a.id == "prosecutor").why
    assert why is not None and why.code == "limit_reached"


def test_the_maniacs_blood_offers_only_day_uses_by_day() -> None:
    night = game("mafik", [*MAFIK_CAST, "lucky", "addict", "secretary"])
    day = game("mafik", [*MAFIK_CAST, "lucky", "addict", "secretary"], day=True)
    maniac = next(p.pid for p in night.players if p.secret_role == "maniac")
    uses = {name: next(a for a in api.actions(s, maniac) if a.id == "blood").params[0].choices
            for name, s in (("night", night), ("day", day))}
    assert "damage1" in uses["night"] and "damage1" not in uses["day"] and "draw_hand" in uses["day"]


def test_a_dead_player_can_do_nothing() -> None:
    state = game("micromafik", MICRO_CAST)
    state.player(0).alive = False
    assert api.actions(state, 0) == []


def test_may_rebuild_says_what_the_deck_rules_say() -> None:
    """api.may_rebuild (a panel asks it on every click) answers as deck_rules(...).rebuild, more cheaply."""
    from engine.sim import GameRunner

    for ruleset, players in (("micromafik", 8), ("mafik", 12)):
        runner = GameRunner(ruleset, players, 3)
        while runner.running and runner.state.phase < 4:
            for p in runner.state.players:
                assert api.may_rebuild(runner.state, p.pid) == api.deck_rules(runner.state, p.pid).rebuild
            runner.step()
    game = GameRunner("mafik", 12, 3)
    while game.state.phase < 2:
        game.step()
    player = next(p for p in game.state.players if p.alive)
    player.deck = []
    assert api.may_rebuild(game.state, player.pid) and api.deck_rules(game.state, player.pid).rebuild


@pytest.mark.parametrize(("ruleset", "cast", "day"), [("mafik", MAFIK_CAST, False), ("mafik", MAFIK_CAST, True),
                                                     ("micromafik", MICRO_CAST, False), ("micromafik", MICRO_CAST, True)])
def test_describing_what_a_player_can_do_leaves_nothing_for_the_garbage_collector(ruleset: str, cast: list[str],
                                                                                  day: bool) -> None:
    """An unavailable action keeps its refusal without the traceback (Refusal.kept): kept with it, every
    verdict was a cycle of frames that only the collector frees, and its pass cost a press 25 ms."""
    state = game(ruleset, cast, day=day)
    unavailable = 0
    for player in state.players:  # once first: whatever a first call builds to keep is not garbage
        actions = api.actions(state, player.pid)
        unavailable += sum(1 for a in actions if a.why is not None)
        assert all(a.why.__traceback__ is None for a in actions if a.why is not None)
    assert unavailable
    gc.collect()
    gc.disable()
    try:
        for player in state.players:
            for action in api.actions(state, player.pid):
                if action.kind == "play":
                    api.playable(state, player.pid, action.card)  # type: ignore[arg-type]
        assert gc.collect() == 0
    finally:
        gc.enable()
