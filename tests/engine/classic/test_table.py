"""Set-up (5.6: «2 клана по 3 человека изначально (1+2). У каждого клана в начале игры есть диплом»; 3:
purses; «Всем МЖ без роли в начале партии раздаются случайные предметы»; the Зеркало to a random player)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import ARISES, CLANS, cit
from engine.rulesets.classic.setup import IMPLEMENTED, TRAIT_SEATS, check_table, default_table
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_1, RED_BOSS, SHERIFF, Game


def test_the_game_begins_with_night_one() -> None:
    state = Game(night_one=True).state
    assert (state.status, state.phase, state.is_night, state.day_number) == ("running", 1, True, 1)


def test_default_table_at_the_most_players_deals_every_single_role_of_the_text() -> None:
    """At 32 the default table deals the Дух and the Внебрачный ребёнок too, the last of its order."""
    assert {"spirit", "bastard", "athlete"} <= set(default_table(32))
    assert "spirit" in default_table(31) and "bastard" not in default_table(31)


@pytest.mark.parametrize("players", [8, 12, 20, 30, 32])
def test_default_table_has_two_clans_of_three_and_deals_only_implemented_roles(players: int) -> None:
    roles = default_table(players)
    assert len(roles) == players
    assert roles.count("boss") == 2
    assert sum(1 for r in roles if r in ("recruiter", "soldier")) == 4
    assert set(roles) <= IMPLEMENTED | set(TRAIT_SEATS)
    check_table(roles, players)


def test_each_clan_is_a_boss_and_two_sharing_a_common_fund_of_eight() -> None:
    g = Game()
    state = g.state
    for clan, boss in zip(CLANS, (RED_BOSS, GREEN_BOSS), strict=True):
        members = [p.pid for p in state.players if p.faction == clan]
        assert members == [boss, boss + 1, boss + 2]
        assert all(cit(state, pid).purse == clan for pid in members)
        assert g.coins(boss) == 8 and g.coins(boss + 1) == 8


def test_each_clan_starts_with_a_diploma_held_by_its_boss_and_the_boss_with_a_vest() -> None:
    g = Game()
    assert sorted(k for k in g.items(RED_BOSS) if k != "mirror") == ["diploma", "vest"]
    assert "diploma" not in g.items(RED_1)


def test_singles_start_with_four_coins_and_the_sheriff_with_a_vest() -> None:
    g = Game()
    assert g.coins(SHERIFF) == 4 and g.coins(CITIZEN) == 4
    assert "vest" in g.items(SHERIFF)


def test_a_plain_citizen_gets_a_random_item_and_someone_the_mirror() -> None:
    g = Game(["citizen", "citizen"])
    state = g.state
    for pid in (CITIZEN, 8, 9):
        assert [k for k in g.items(pid) if k != "mirror"], "«Всем МЖ без роли … случайные предметы»"
    assert sum(g.items(p.pid).count("mirror") for p in state.players) == 1


def test_a_table_of_one_clan_is_refused() -> None:
    with pytest.raises(Refusal) as err:
        check_table(["boss", "soldier", "soldier", "sheriff", "citizen", "citizen", "citizen", "citizen"], 8)
    assert err.value.params["why"] == "two_clans"


def test_a_clan_without_its_two_is_refused() -> None:
    with pytest.raises(Refusal) as err:
        check_table(["boss", "soldier", "boss", "soldier", "sheriff", "citizen", "citizen", "citizen"], 8)
    assert err.value.params["why"] == "clan_of_three"


@pytest.mark.parametrize("role", sorted(ARISES))
def test_a_role_that_only_arises_is_never_dealt(role: str) -> None:
    roles = [*default_table(8)[:-1], role]
    with pytest.raises(Refusal) as err:
        check_table(roles, 8)
    assert err.value.params["why"] == "arises"


def test_a_single_role_twice_is_refused() -> None:
    with pytest.raises(Refusal) as err:
        check_table([*default_table(8)[:-1], "sheriff"], 8)
    assert err.value.params["why"] == "twice"


def test_a_refused_table_says_its_sides_counts() -> None:
    with pytest.raises(Refusal) as err:
        check_table(["boss", "soldier", "soldier", "sheriff", "citizen", "citizen", "citizen", "citizen"], 8)
    assert (err.value.params["reason"], err.value.params["mafia"], err.value.params["law"]) == ("table", 3, 5)


def test_a_table_in_the_card_games_form_is_refused() -> None:
    with pytest.raises(Refusal) as err:
        api.new_game("classic", [(f"P{i}", "") for i in range(8)], seed=1, settings={"table": {"mafia": 2, "neutral": 0}})
    assert err.value.params["why"] == "role_list"


def test_a_table_for_another_number_of_players_is_refused() -> None:
    with pytest.raises(Refusal):
        api.new_game("classic", [(f"P{i}", "") for i in range(9)], seed=1, settings={"table": default_table(8)})


def test_fewer_than_eight_players_cannot_start() -> None:
    with pytest.raises(Refusal):
        api.new_game("classic", [(f"P{i}", "") for i in range(7)], seed=1)


def test_from_ten_players_two_citizens_are_husband_and_wife_with_a_family_budget_of_eight() -> None:
    table = ["boss", "soldier", "soldier", "boss", "soldier", "soldier", "sheriff", *["citizen"] * 5]
    state = api.new_game("classic", [(f"P{i}", "") for i in range(12)], seed=3, settings={"table": table})
    spouses = [p.pid for p in state.players if "spouse" in cit(state, p.pid).traits]
    assert len(spouses) == 2
    assert all(state.player(pid).secret_role == "citizen" for pid in spouses)
    from engine.rulesets.classic.economy import balance

    assert balance(state, spouses[0]) == balance(state, spouses[1]) == 8


def test_the_clans_and_the_cops_learn_their_members() -> None:
    g = Game()
    told = {e.who: e.params for e in g.events("team_members")}
    assert told[RED_BOSS]["pids"] == [RED_1, RED_1 + 1] and told[RED_BOSS]["team"] == "mafia_red"
    assert SHERIFF in told
