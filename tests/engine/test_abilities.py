"""The ability catalogue's one validator (engine/core/abilities.py): each tag the rule texts use refuses
what its rule forbids, with the refusal codes the engine already gives; the data is checked as it is
loaded; Мафик's and Микромафик's perks and granted abilities come from their catalogues."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.abilities import AbilityCatalogue, Tag
from engine.core.refusal import Refusal
from engine.core.rng import seed_state
from engine.core.state import GameState, Order, PlayerState
from engine.rulesets.mafik.actions import ABILITIES as MAFIK
from engine.rulesets.mafik.blood import BLOOD_USES
from engine.rulesets.micromafik.abilities import ABILITIES as MICRO


def catalogue(*tags: str, holder: str = 'public_role = "seer"', params: str = "", rules: dict | None = None,
              extra: str = "") -> AbilityCatalogue:
    """One ability "look" (and a second, "glance", with the same tags) held as `holder` says."""
    body = "".join(f'[[ability]]\nid = "{ident}"\n{holder}\ntags = {list(tags)!r}\n{params}\n{extra}\n'
                   for ident in ("look", "glance"))
    return AbilityCatalogue.from_toml("test", body.replace("'", '"'), rules=rules or {})


def game(phase: int = 1, roles: tuple[str, ...] = ("seer", "citizen", "citizen")) -> GameState:
    state = GameState(ruleset="test", seed=1, rng=seed_state(1), status="running", phase=phase)
    state.players = [PlayerState(pid=i, name=f"P{i}", public_role=r, faction="law") for i, r in enumerate(roles)]
    return state


def refused(fn, *args, **kw) -> Refusal:  # type: ignore[no-untyped-def]
    with pytest.raises(Refusal) as caught:
        fn(*args, **kw)
    return caught.value


def test_an_ability_of_a_public_role_is_refused_to_another_role() -> None:
    abilities, state = catalogue(), game()
    abilities.check(state, 0, "look")
    why = refused(abilities.check, state, 1, "look")
    assert (why.code, why.params) == ("not_allowed", {"what": "look", "reason": "role"})


def test_a_secret_roles_and_a_factions_ability_is_refused_to_others() -> None:
    state = game()
    state.players[0].secret_role = "maniac"
    assert refused(catalogue(holder='secret_role = "maniac"').check, state, 1, "look").params["reason"] == "role"
    catalogue(holder='secret_role = "maniac"').check(state, 0, "look")
    state.players[2].faction = "mafia"
    assert refused(catalogue(holder='faction = "law"').check, state, 2, "look").params["reason"] == "faction"


def test_a_day_ability_is_refused_at_night_and_a_night_one_by_day() -> None:
    assert refused(catalogue("day").check, game(phase=1), 0, "look").params == {"what": "look", "reason": "day_only"}
    assert refused(catalogue("night").check, game(phase=2), 0, "look").params["reason"] == "night_only"
    catalogue("day").check(game(phase=2), 0, "look")
    catalogue("night").check(game(phase=3), 0, "look")


def test_a_first_night_ability_is_refused_later_and_a_not_first_night_one_on_the_first() -> None:
    assert refused(catalogue("first_night").check, game(phase=3), 0, "look").params["reason"] == "first_night_only"
    assert refused(catalogue("not_first_night").check, game(phase=1), 0, "look").params["reason"] == "not_first_night"
    catalogue("first_night").check(game(phase=1), 0, "look")
    catalogue("not_first_night").check(game(phase=3), 0, "look")


def test_an_ability_from_day_n_is_refused_before_it() -> None:
    abilities = catalogue("from_day:3")
    why = refused(abilities.check, game(phase=4), 0, "look")  # day 2
    assert (why.code, why.params["reason"]) == ("wrong_phase", "from_day_3")
    abilities.check(game(phase=5), 0, "look")  # night 3


def test_once_a_game_ability_is_refused_the_second_time() -> None:
    abilities, state = catalogue("once_a_game", extra='once_key = "look"'), game()
    abilities.check(state, 0, "look")
    abilities.record(state, 0, "look")
    why = refused(abilities.check, state, 0, "look")
    assert (why.code, why.params["reason"]) == ("limit_reached", "once_a_game")
    assert state.players[0].flags == {"used_look": 1}, "spent as every once-a-game perk is: used_<key>"


def test_an_ability_limited_to_n_a_game_is_refused_after_n_uses() -> None:
    abilities, state = catalogue("at_most:looks:2"), game()
    for _ in range(2):
        abilities.check(state, 0, "look")
        abilities.record(state, 0, "look")
    assert refused(abilities.check, state, 0, "look").params == {"what": "look", "max": 2}


def test_an_ability_needing_a_dead_character_is_refused_while_all_live() -> None:
    abilities, state = catalogue("someone_dead"), game()
    assert refused(abilities.check, state, 0, "look").params["reason"] == "nobody_dead"
    state.players[2].alive = False
    abilities.check(state, 0, "look")


def test_an_ability_needing_cards_is_refused_without_them() -> None:
    abilities, state = catalogue("holds:hand:2"), game()
    assert refused(abilities.check, state, 0, "look").params == {"what": "look", "reason": "no_hand_cards", "least": 2}


def test_an_ability_needing_an_effect_is_refused_without_it_and_one_excluding_it_with_it() -> None:
    state = game()
    assert refused(catalogue("effect:lit").check, state, 0, "look").params["reason"] == "no_lit"
    state.add_effect("lit", target=0)
    catalogue("effect:lit").check(state, 0, "look")
    assert refused(catalogue("no_effect:lit").check, state, 0, "look").params["reason"] == "already_lit"


def test_a_code_only_requirement_is_named_in_the_data_and_raises_its_own_refusal() -> None:
    def sober(state: GameState, pid: int, what: str) -> None:
        if state.player(pid).points:
            raise Refusal("not_allowed", what=what, reason="drunk")

    abilities, state = catalogue("rule:sober", rules={"sober": sober}), game()
    abilities.check(state, 0, "look")
    state.players[0].points = 1
    assert refused(abilities.check, state, 0, "look").params == {"what": "look", "reason": "drunk"}


def test_at_most_one_alternative_ability_a_phase() -> None:
    abilities, state = catalogue("alternative"), game()
    abilities.check_orders(state, 0, [Order(oid=1, kind="look")])
    why = refused(abilities.check_orders, state, 0, [Order(oid=1, kind="look"), Order(oid=2, kind="glance")])
    assert (why.code, why.params["reason"]) == ("limit_reached", "alternative")


def test_a_once_a_phase_ability_twice_in_one_phase_is_refused() -> None:
    abilities, state = catalogue("once_a_phase"), game()
    abilities.check_orders(state, 0, [Order(oid=1, kind="look"), Order(oid=2, kind="glance")])
    why = refused(abilities.check_orders, state, 0, [Order(oid=1, kind="look"), Order(oid=2, kind="look")])
    assert (why.code, why.params["reason"]) == ("limit_reached", "once_per_phase")


def test_an_ability_may_not_be_used_twice_on_one_target() -> None:
    abilities = catalogue("not_twice_on_target", params='params = [{ name = "target", kind = "target" }]')
    state = game()
    abilities.check(state, 0, "look", {"target": 1})
    abilities.record(state, 0, "look", [1])
    state.phase = 3
    why = refused(abilities.check, state, 0, "look", {"target": 1})
    assert (why.code, why.params) == ("invalid_target", {"target": 1, "reason": "twice_on_target"})
    abilities.check(state, 0, "look", {"target": 2})
    abilities.check(state, 0, "glance", {"target": 1})  # another ability's uses do not count


def test_an_ability_may_not_be_used_two_phases_running() -> None:
    abilities, state = catalogue("not_two_phases_running"), game(phase=1)
    abilities.record(state, 0, "look")
    state.phase = 2
    assert refused(abilities.check, state, 0, "look").params["reason"] == "two_phases_running"
    state.phase = 3
    abilities.check(state, 0, "look")


def test_only_the_abilities_whose_tags_look_back_keep_their_uses() -> None:
    state = game()
    catalogue("once_a_game").record(state, 0, "look")
    assert state.uses == []
    catalogue("not_two_phases_running").record(state, 0, "look")
    assert [(u.pid, u.ability, u.phase) for u in state.uses] == [(0, "look", 1)]
    assert GameState.model_validate_json(state.model_dump_json()).uses == state.uses


def test_a_granted_ability_is_refused_without_its_grant_naming_its_card() -> None:
    abilities, state = catalogue(holder='card = "knife"'), game()
    why = refused(abilities.check, state, 0, "look")
    assert (why.code, why.params) == ("not_allowed", {"what": "ability", "card": "knife"})
    state.add_effect("ability", target=0, card="knife")
    abilities.check(state, 0, "look")


@pytest.mark.parametrize(("toml", "problem"), [
    ('[[ability]]\nid = "a"\ntags = ["sometimes"]\n', "unknown ability tag"),
    ('[[ability]]\nid = "a"\ntags = ["from_day"]\n', "unknown ability tag"),
    ('[[ability]]\nid = "a"\ncolour = "red"\n', "unknown fields"),
    ('[[ability]]\nid = "a"\npublic_role = "x"\nfaction = "y"\n', "more than one holder"),
    ('[[ability]]\nid = "a"\ntags = ["rule:nobody_knows"]\n', "unknown rule"),
    ('[[ability]]\nid = "a"\n[[ability]]\nid = "a"\n', "declared twice"),
])
def test_a_catalogue_with_a_mistake_is_refused_as_it_is_loaded(toml: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        AbilityCatalogue.from_toml("test", toml)


def test_tags_parse_with_their_arguments() -> None:
    assert Tag.parse("holds:hand:2") == Tag("holds", ("hand", "2"))


# ---------------------------------------------------------------- the rule sets' catalogues


def test_every_role_perk_of_mafik_and_micromafik_is_offered_from_its_catalogue() -> None:
    for ruleset, abilities in (("mafik", MAFIK), ("micromafik", MICRO)):
        offered = [a for a in api.catalog(ruleset).actions if a in abilities]
        assert offered == [a.id for a in abilities if a.holder != "card"]


def test_the_catalog_lists_every_ability_of_the_data_with_who_has_it() -> None:
    for ruleset, abilities in (("mafik", MAFIK), ("micromafik", MICRO)):
        listed = api.catalog(ruleset).ability_defs
        assert list(listed) == [a.id for a in abilities]
    assert api.catalog("mafik").ability_defs["guard"].holder_name == "guard"
    assert api.catalog("mafik").ability_defs["nerves_of_steel"].holder == "card"


def test_mafiks_granted_abilities_are_the_catalogues_with_the_cards_texts() -> None:
    granted = api.catalog("mafik").abilities
    assert list(granted) == [a.id for a in MAFIK.granted()] == ["demonic_form", "credit_card_knife", "nerves_of_steel",
                                                                  "maestro", "anonymity", "revenge", "action_hero", "veto",
                                                                  "rsvp", "unlimited_plan"]
    for card_id, spec in granted.items():
        assert spec.params == MAFIK[card_id].params and spec.text == api.catalog("mafik").cards[card_id].text


def test_the_blood_uses_in_the_data_are_the_maniacs() -> None:
    assert MAFIK["blood"].params[0].choices == tuple(BLOOD_USES)


def test_a_grant_that_disagrees_with_the_catalogue_is_a_bug_not_a_game() -> None:
    from engine.rulesets.mafik.cards.common import grant_ability

    class FakePlay:
        spec = api.catalog("mafik").cards["demonic_form"]

    with pytest.raises(ValueError, match="disagree"):
        grant_ability(FakePlay(), during=None, nights_only=False)  # type: ignore[arg-type]


def test_a_mafik_perk_once_a_phase_is_no_longer_offered_once_ordered_and_is_refused_for_that_reason() -> None:
    state = api.new_game("mafik", [(f"Персонаж {i + 1}", r) for i, r in enumerate(
        ["paranoiac", "politician", "prosecutor", "alien", "guard", "scientist", "ripper", "bloodhound",
         "bureaucrat", "revolutionary", "geek", "looter"])], seed=5)
    api.deck_auto_all(state)
    offered = {a.id: a for a in api.actions(state, 0)}
    assert offered["paranoiac_armor"].available
    api.submit(state, 0, "paranoiac_armor")
    why = {a.id: a for a in api.actions(state, 0)}["paranoiac_armor"].why
    with pytest.raises(Refusal) as again:
        api.submit(state, 0, "paranoiac_armor")
    assert why is not None and (why.code, why.params) == (again.value.code, again.value.params)
    assert why.params["reason"] == "once_per_phase"


@pytest.mark.parametrize(("ability", "submit"), [
    ("blood", lambda state, pid: api.submit(state, pid, "blood", params={"use": "armor"})),
    ("traitor_colours", lambda state, pid: api.submit(state, pid, "traitor_colours",
                                                      params={"colours": ["red", "blue", "green"]})),
    ("traitor_discard", lambda state, pid: api.submit(state, pid, "traitor_discard",
                                                      params={"cards": [state.player(pid).hand[0].uid]})),
    ("swap", lambda state, pid: api.act(state, pid, "swap", {"hand": state.player(pid).hand[0].uid,
                                                            "sleeve": state.player(pid).sleeve[0].uid})),
])
def test_the_neutral_roles_orders_are_checked_by_the_catalogue(monkeypatch: pytest.MonkeyPatch, ability: str,
                                                               submit) -> None:  # type: ignore[no-untyped-def]
    """The Маньяк's and the Предатель's powers pass the one validator: a tag put on one in the data
    (here: by day only) refuses it at night."""
    from dataclasses import replace

    state = api.new_game("mafik", [(f"Персонаж {i + 1}", "other") for i in range(12)], seed=5)
    api.deck_auto_all(state)
    pid, player = 0, state.player(0)
    player.secret_role = "maniac" if ability in ("blood", "swap") else "traitor"
    player.sleeve = player.sleeve or [player.hand.pop()]
    monkeypatch.setitem(MAFIK._by_id, ability, replace(MAFIK[ability], tags=(*MAFIK[ability].tags, Tag("day"))))
    why = refused(submit, state, pid)
    assert (why.code, why.params["reason"]) == ("wrong_phase", "day_only")
