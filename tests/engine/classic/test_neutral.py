"""The neutrals (5.2): Адвокат, Маньяк, Уличный воришка, Отморозок, Аферист, Вышибала, Депутат — what the text
says of each, move by move."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.rulesets.classic.model import Citizen, become, new_item
from tests.engine.classic.conftest import (
    CITIZEN,
    GREEN_1,
    RED_1,
    RED_2,
    RED_BOSS,
    SHERIFF,
    Game,
)

X = 8  # the role under test
Y = 9  # another citizen


def at(role: str, *, arises: bool = False, extra: int = 1) -> Game:
    """A game with the role at seat 8 (a role that «изначально не существует» is become) and citizens after."""
    g = Game(["citizen" if arises else role, *["citizen"] * extra])
    if arises:
        become(g.state, X, role)
    for player in g.state.players:  # the citizens' random start items set aside
        with edit(Citizen, player) as me:
            me.items = [i for i in me.items if i.kind == "vest"]
    return g


def vote(g: Game, votes: dict[int, int]) -> Game:
    """The day's ballots (yesterday's penalties for not voting set aside: the tally is the ballots')."""
    for player in g.state.players:
        with edit(Citizen, player) as me:
            me.penalty = 0
    for voter, target in votes.items():
        g.order(voter, "vote", target=target)
    return g.resolve()


def refused(g: Game, kind: str, reason: str, **params: object) -> bool:
    """The seat-8 character's order is refused for `reason`."""
    with pytest.raises(Refusal) as why:
        api.submit(g.state, X, kind, params=dict(params))
    return reason in repr(why.value)


def tally(g: Game) -> dict[int, int]:
    return {t["pid"]: t["n"] for t in g.public("vote_tally")[-1]["tally"]}


# ---------------------------------------------------------------- Маньяк

def test_maniac_kill_ignores_the_vest() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_kill", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF), "«При убийствах игнорирует бронежилет»"
    assert g.result(X) == "ok"
    assert not g.public("bloody_murder"), "«Маньяк улик не оставляет»"


def test_maniac_bloody_kill_is_announced_to_the_town() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_bloody_kill", target=Y).resolve()
    assert not g.alive(Y)
    assert g.public("bloody_murder") == [{"pid": Y}]
    assert g.state.player(Y).flags.get("bloody"), "the Ведьмак and the Реаниматор cannot help him"


def test_maniac_torture_takes_the_vote_and_leaves_him_alive() -> None:
    g = at("maniac", arises=True, extra=2)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    assert g.alive(Y)
    vote(g, {Y: RED_1, X: RED_2})
    assert tally(g).get(RED_1, 0) == 0, "«лишился голоса на дневном голосовании»"
    assert tally(g)[RED_2] == 1


def test_maniac_torture_takes_the_last_item_and_sells_it() -> None:
    g = at("maniac", arises=True)
    new_item(g.state, Y, "diploma")
    new_item(g.state, Y, "siren", bought=True)
    before = g.coins(X)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items").resolve()
    assert g.items(Y) == ["diploma"], "the last bought is taken"
    assert "siren" not in g.items(X)
    assert g.coins(X) == before + 2 + 2, "sold for 2, and the move's 2"
    assert g.events("torture_items", X)


def test_maniac_torture_keeps_one_item_once_a_game() -> None:
    g = at("maniac", arises=True, extra=2)
    new_item(g.state, Y, "siren")
    new_item(g.state, Y + 1, "icon")
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items_keep").resolve()
    assert "siren" in g.items(X)
    g.to_night().order(X, "maniac_torture", target=Y + 1, learn="torture_items_keep").resolve()
    assert "icon" not in g.items(X), "«Один раз за игру может оставить себе»"


def test_maniac_torture_without_items_beats() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_items").resolve()
    assert g.events("tortured_beaten", Y)
    assert g.state.effects_of("blocked", target=Y), "no day moves"


def test_maniac_torture_sees_a_pistol() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=RED_1, learn="torture_items").resolve()
    assert g.events("torture_pistol", X)


def test_maniac_cannot_torture_the_priest() -> None:
    g = at("maniac", arises=True)
    g.state.player(Y).secret_role = "priest"
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    assert g.result(X) == "interfered"
    assert not g.state.effects_of("voiceless", target=Y)


def test_maniac_torture_not_twice_on_one() -> None:
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").resolve()
    g.to_night()
    assert refused(g, "maniac_torture", "twice_on_target", target=Y, learn="torture_visits"), \
        "«Не может пытать одного и того же персонажа более одного раза за игру»"


# ---------------------------------------------------------------- Уличный воришка, Отморозок

def test_thief_steals_the_last_item_and_gets_two_coins() -> None:
    g = at("thief")
    new_item(g.state, Y, "diploma")
    new_item(g.state, Y, "icon", bought=True)
    before = g.coins(X)
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.items(Y) == ["diploma"]
    assert g.coins(X) == before + 2 + 2
    assert g.events("stole_item", X)


def test_thief_steals_a_third_of_the_coins_rounded_down() -> None:
    g = at("thief")
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.coins(Y) == 4 - 1, "4 // 3 = 1"


def test_thief_takes_only_the_mirror_and_keeps_it() -> None:
    g = at("thief")
    new_item(g.state, Y, "mirror")
    new_item(g.state, Y, "icon", bought=True)
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").resolve()
    assert g.items(Y) == ["icon"]
    assert "mirror" in g.items(X)


def test_thief_steals_the_pistol_of_a_mafioso_and_becomes_a_thug() -> None:
    g = at("thief")
    g.to_night().order(X, "thief_steal", target=RED_1, pistol="pistol_thug").resolve()
    assert g.events("pistol_stolen", RED_1)
    assert g.state.player(X).secret_role == "thug"
    assert g.state.player(X).faction == "thug"


def test_thief_sells_a_cops_pistol_and_stays() -> None:
    g = at("thief")
    before = g.coins(X)
    g.to_night().order(X, "thief_steal", target=SHERIFF, pistol="pistol_sell").resolve()
    assert g.state.player(X).secret_role == "thief"
    assert g.coins(X) == before + 4
    assert g.items(SHERIFF) == ["vest"], "«влияния на мафа/копа нет»"


def test_thug_shot_kills() -> None:
    g = at("thug", arises=True)
    g.to_night().order(X, "thug_shot", target=Y, thief="thief_kill").resolve()
    assert not g.alive(Y)


def test_thug_shooting_the_thief_founds_the_clan() -> None:
    g = at("thug", arises=True)
    g.state.player(Y).secret_role = "thief"
    g.state.player(Y).faction = "neutral"
    g.to_night().order(X, "thug_shot", target=Y, thief="thief_clan").resolve()
    assert g.alive(Y)
    assert g.state.player(Y).secret_role == "thug"
    assert g.state.player(Y).faction == "thug"


# ---------------------------------------------------------------- Аферист

def test_swindler_copy_makes_the_target_vote_as_he_does() -> None:
    g = at("swindler", extra=2)
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    vote(g, {X: RED_1, Y: RED_2})
    assert tally(g)[RED_1] == 2
    assert tally(g).get(RED_2, 0) == 0


def test_swindler_copy_nothing_when_he_does_not_vote() -> None:
    g = at("swindler", extra=2)
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    vote(g, {Y: RED_2})
    assert tally(g)[RED_2] == 1


def test_swindler_copy_not_twice_running() -> None:
    g = at("swindler")
    g.to_night().order(X, "swindler_copy", target=Y).resolve()
    g.to_night()
    assert refused(g, "swindler_copy", "two_phases_running", target=Y), "«Нельзя выбирать одного и того же игрока два раза подряд»"


def test_swindler_copy_not_more_than_twice_a_game() -> None:
    g = at("swindler")
    for target in (Y, CITIZEN, Y):
        g.to_night().order(X, "swindler_copy", target=target).resolve()
    g.to_night().order(X, "swindler_copy", target=CITIZEN).resolve()
    g.to_night()
    assert refused(g, "swindler_copy", "twice_a_game", target=Y), "«более двух раз за игру»"


# ---------------------------------------------------------------- Адвокат

def test_lawyer_take_vote_makes_the_target_vote_as_he_does() -> None:
    g = at("lawyer", extra=2)
    g.to_night().order(X, "lawyer_take_vote", target=Y).resolve()
    vote(g, {X: RED_1, Y: RED_2})
    assert tally(g)[RED_1] == 2


def test_lawyer_take_vote_twice_a_game_and_once_a_player() -> None:
    g = at("lawyer", extra=2)
    g.to_night().order(X, "lawyer_take_vote", target=Y).resolve()
    g.to_night()
    assert refused(g, "lawyer_take_vote", "twice_on_target", target=Y), \
        "«Не может забирать голос у одного и того же персонажа более одного раза»"
    g.order(X, "lawyer_take_vote", target=Y + 1).resolve()
    g.to_night()
    assert refused(g, "lawyer_take_vote", "limit_reached", target=CITIZEN), "«Два раза за игру»"


def test_lawyer_releases_a_sinless_cop_automatically() -> None:
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, Y: SHERIFF})
    assert not g.jailed(SHERIFF)
    assert g.public("released")


def test_lawyer_does_not_release_a_cop_who_killed_a_citizen() -> None:
    g = at("lawyer", extra=3)
    g.to_night().order(SHERIFF, "sheriff_shot", target=Y).resolve()
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, X: SHERIFF})
    assert g.jailed(SHERIFF)


def test_lawyer_releases_himself_once() -> None:
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: X, RED_1: X, Y: X})
    assert not g.jailed(X)
    g.to_night().resolve()
    vote(g, {RED_BOSS: X, RED_1: X, Y: X})
    assert g.jailed(X), "«не может выпускать из тюрьмы если игрок уже выпускался ранее»"


# ---------------------------------------------------------------- Вышибала

def test_bouncer_beat_blocks_and_kills_after_the_next_night() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_beat", target=Y).resolve()
    assert g.alive(Y)
    assert g.events("beaten", Y)
    g.to_night().order(Y, "stake", target=RED_1).resolve()
    assert g.result(Y) == "interfered", "«не может совершить ход без лечения»"
    assert not g.alive(Y), "«без лечения умрет после следующей ночи»"


def test_bouncer_beating_an_armed_one_is_shot() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_beat", target=RED_1).resolve()
    assert not g.alive(X)
    assert g.alive(RED_1)


def test_bouncer_wreck_closes_the_shop_for_a_day() -> None:
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_wreck").order(Y, "buy", item="buy_icon").resolve()
    assert "icon" not in g.items(Y)
    assert g.public("shop_wrecked")


# ---------------------------------------------------------------- Депутат

def test_deputy_gag_takes_the_next_days_vote() -> None:
    g = at("deputy", extra=2)
    g.to_night().order(X, "deputy_gag", target=Y).resolve()
    vote(g, {Y: RED_1})
    assert tally(g).get(RED_1, 0) == 0


def test_deputy_block_fails_the_move() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"


def test_deputy_not_the_same_two_nights_running() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=Y).resolve()
    g.to_night()
    assert refused(g, "deputy_gag", "two_phases_running", target=Y), "«Нельзя воздействовать на одного игрока две ночи подряд»"


def test_deputy_each_act_once_a_game_on_one() -> None:
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=Y).resolve()
    g.to_night().order(X, "deputy_block", target=CITIZEN).resolve()
    g.to_night()
    assert refused(g, "deputy_block", "twice_on_target", target=Y), \
        "«Нельзя использовать каждое воздействие на одного игрока более одного раза»"


def test_deputy_corruption_doubles_his_vote_twice_a_game() -> None:
    g = at("deputy", extra=2)
    g.order(X, "deputy_corruption", target=RED_1)
    vote(g, {X: RED_1})
    assert tally(g)[RED_1] == 2
    g.to_night().resolve()
    g.order(X, "deputy_corruption", target=RED_2).resolve()
    g.to_night().resolve()
    assert refused(g, "deputy_corruption", "limit_reached", target=RED_1), "«два раза за игру»"


def test_deputy_church_only_with_a_priest_and_untouchable() -> None:
    g = at("deputy")
    g.to_night()
    assert refused(g, "deputy_church", "no_church"), "«если священник в игре»"
    g.state.player(Y).secret_role = "priest"
    g.order(X, "deputy_church").order(GREEN_1, "soldier_kill", target=X).resolve()
    assert g.alive(X)
    assert g.result(GREEN_1) == "interfered"
