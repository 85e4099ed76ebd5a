"""What a parameter may be given, from the engine (api.param_choices, api.may_give): the dialogue offers
exactly the pool the validation judges against, and asks a parameter only of whom its card gives it."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState

MAFIK_ROLES = ["paranoiac", "politician", "prosecutor", "alien", "guard", "scientist", "ripper", "bloodhound",
               "bureaucrat", "revolutionary", "geek", "looter"]


def mafik() -> GameState:
    state = api.new_game("mafik", [(f"Персонаж {i + 1}", r) for i, r in enumerate(MAFIK_ROLES)], seed=5)
    api.deck_auto_all(state)
    return state


def micromafik() -> GameState:
    roles = [r["id"] for r in get_ruleset("micromafik").public_roles()[:8]]
    state = api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(roles)], seed=3)
    api.deck_auto_all(state)
    return state


def test_the_geeks_card_of_the_collection_is_any_implemented_card_but_the_roles_unique_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Гик: «…может получить в Рукав любую карту» — of the collection, which the roles' unique cards are not
    (with every card implemented, as the unique ones are not yet)."""
    state = mafik()
    monkeypatch.setattr(type(get_ruleset("mafik")), "is_implemented", lambda self, card_id: True)
    ability = api.catalog("mafik").ability_defs["geek_card"]
    geek = api.catalog("mafik").cards["pistol"]  # the card it is asked under is left out, as a card_name's is
    pool = api.param_choices(state, 10, geek, ability.params[0])
    cards = api.catalog("mafik").cards
    assert set(pool) == {c for c in cards if cards[c].colour != "unique"} - {"pistol"} and len(pool) < len(cards)


def test_a_card_effect_names_another_card_that_may_be_played_by_day() -> None:
    """Трансформация: «(Мафия: …примените эффект любой карты с условием «днём»)» — its own card left out."""
    state = micromafik()
    spec = api.catalog("micromafik").cards["transformation"]
    pool = api.param_choices(state, 0, spec, spec.param("effect"))
    cards = api.catalog("micromafik").cards
    assert pool and "transformation" not in pool and all(cards[c].has("cond_day") for c in pool)


def test_a_peaceful_card_cannot_be_named_where_the_parameter_wants_a_non_peaceful_one() -> None:
    state = mafik()
    for spec in api.catalog("mafik").cards.values():
        for param in spec.params:
            if param.kind == "accusation" or param.of == "non_peaceful":
                pool = api.param_choices(state, 0, spec, param)
                assert not any(api.catalog("mafik").cards[c].has("peaceful") for c in pool)


def test_a_mafia_only_parameter_is_asked_only_of_the_mafia() -> None:
    state = micromafik()
    spec = api.catalog("micromafik").cards["transformation"]
    mafioso = next(p.pid for p in state.players if p.faction == "mafia")
    citizen = next(p.pid for p in state.players if p.faction != "mafia")
    assert api.may_give(state, mafioso, spec, spec.param("effect"))
    assert not api.may_give(state, citizen, spec, spec.param("effect"))
    assert api.may_give(state, citizen, spec, spec.param("into"))


def test_a_parameter_with_a_who_list_is_asked_only_of_those_roles_and_sides() -> None:
    """Снайперская винтовка: «(Мафия и Маньяк: по желанию назовите Тайную роль цели…)»."""
    state = mafik()
    spec = api.catalog("mafik").cards["sniper_rifle"]
    for player in state.players:
        named = player.faction == "mafia" or player.secret_role == "maniac"
        assert api.may_give(state, player.pid, spec, spec.param("role")) is named


def test_every_stance_parameter_offers_the_stances_the_engine_accepts() -> None:
    stances = api.catalog("mafik").ability_defs["mentor_stance"].params[0].choices
    assert stances == ("normal", "upper", "lower")
    params = [p for c in api.catalog("mafik").cards.values() for p in c.params if p.kind == "stance"]
    # a card may offer fewer (Курсы, Побоище: «верхнюю или нижнюю»), never one the engine does not know
    assert params and all(p.choices and set(p.choices) <= set(stances) for p in params)
