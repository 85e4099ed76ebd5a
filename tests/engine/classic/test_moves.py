"""Moves (1.7, 1.9, 3.1, 4.3): one move a cycle; «сижу дома» and the bar; +2 coins a move, failed or not; a
blocked move or one of a character already down is «неудачно, кто-то или что-то помешало»."""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.moves import block
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, RED_BOSS, SHERIFF, Game


def test_one_move_a_night(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1)
    with pytest.raises(Refusal) as err:
        game.order(SHERIFF, "buy", item="buy_vest")
    assert err.value.params["reason"] == "one_move"


def test_a_new_order_of_the_same_move_replaces_the_old(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).order(SHERIFF, "sheriff_shot", target=GREEN_1)
    assert [o.params["target"] for o in game.state.orders[SHERIFF]] == [GREEN_1]


def test_no_night_move_by_day(game: Game) -> None:
    with pytest.raises(Refusal) as err:
        game.order(SHERIFF, "sheriff_shot", target=RED_1)
    assert err.value.params["reason"] == "night_only"


def test_a_move_earns_two_coins(game: Game) -> None:
    game.to_night().order(CITIZEN, "stake", target=RED_1).resolve()
    assert game.coins(CITIZEN) == 4 + 2


def test_a_failed_move_earns_two_coins_too(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1)
    block(game.state, SHERIFF)
    game.resolve()
    assert game.result(SHERIFF) == "interfered"
    assert game.coins(SHERIFF) == 4 + 2
    assert game.alive(RED_1)


def test_staying_at_home_earns_nothing(game: Game) -> None:
    game.to_night().order(CITIZEN, "home").resolve()
    assert game.coins(CITIZEN) == 4
    assert game.result(CITIZEN) == "ok"


def test_no_move_earns_nothing(game: Game) -> None:
    game.to_night().resolve()
    assert game.coins(CITIZEN) == 4


def test_the_bar_costs_two_coins_and_earns_nothing(game: Game) -> None:
    game.to_night().order(CITIZEN, "bar").resolve()
    assert game.coins(CITIZEN) == 2


def test_in_the_bar_nobody_can_act_on_him(game: Game) -> None:
    game.to_night().order(CITIZEN, "bar").order(SHERIFF, "sheriff_shot", target=CITIZEN).resolve()
    assert game.alive(CITIZEN)
    assert game.result(SHERIFF) == "interfered"


def test_everyone_learns_in_the_morning_who_was_in_the_bar(game: Game) -> None:
    game.to_night().order(CITIZEN, "bar").resolve()
    assert game.public("morning")[-1]["bar"] == [CITIZEN]


def test_not_more_than_twice_a_game_to_the_bar() -> None:
    g = Game(["citizen"])
    for _ in range(2):
        g.to_night().order(CITIZEN, "bar").resolve()
    g.to_night()
    with pytest.raises(Refusal) as err:
        g.order(CITIZEN, "bar")
    assert err.value.params["max"] == 2


def test_no_bar_without_two_coins(game: Game) -> None:
    game.to_night().order(CITIZEN, "bar").resolve()
    game.to_night().order(CITIZEN, "bar").resolve()
    game.to_night()
    assert game.coins(CITIZEN) == 0
    with pytest.raises(Refusal):
        game.order(CITIZEN, "bar")


def test_a_character_shot_earlier_in_the_night_makes_no_later_move(game: Game) -> None:
    """4.1: the Босс мафии acts before the Шериф: shot first, the Шериф's shot does not happen."""
    game.to_night().order(RED_BOSS, "boss_kill", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1)
    from engine.rulesets.classic.model import items_of, spend_item

    for item in items_of(game.state, SHERIFF, "vest"):
        spend_item(game.state, SHERIFF, item.uid)
    game.resolve()
    assert not game.alive(SHERIFF)
    assert game.alive(RED_1)
    assert game.result(SHERIFF) == "interfered"


def test_the_dead_roles_are_revealed(game: Game) -> None:
    game.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert not game.alive(RED_1)
    assert {"pid": RED_1, "secret_role": "soldier"} in game.public("role_revealed")


def test_a_dying_character_saved_before_the_nights_end_lives(game: Game) -> None:
    """«Выстрел в клиента врача - "удачно" (сам выстрел - удачно, пулю вытащил уже врач несколько позже)»."""
    from engine.rulesets.classic.deaths import doom, save

    game.to_night()
    doom(game.state, CITIZEN, "shot", SHERIFF)
    assert save(game.state, CITIZEN)
    game.resolve()
    assert game.alive(CITIZEN)


def test_a_dying_character_not_saved_dies_at_the_nights_end(game: Game) -> None:
    from engine.rulesets.classic.deaths import doom

    game.to_night()
    doom(game.state, CITIZEN, "poison")
    game.resolve()
    assert not game.alive(CITIZEN)
    assert game.state.player(CITIZEN).died == 3


def test_a_role_change_keeps_the_clan_and_tells_him(game: Game) -> None:
    from engine.rulesets.classic.model import become

    become(game.state, RED_1, "chemist")
    assert (game.state.player(RED_1).secret_role, game.state.player(RED_1).faction) == ("chemist", "mafia_red")
    assert game.events("role_changed", RED_1)[-1].params == {"secret_role": "chemist", "side": "mafia_red"}


def test_one_move_a_cycle_a_day_move_takes_the_nights(game: Game) -> None:
    """1.7: «Если игроку доступны дневной и ночной ходы, то принимается также только один ход» — a move made by
    day (marked by the day's resolution) leaves no move for the night after it."""
    from engine.core.extensions import edit
    from engine.rulesets.classic.model import Citizen, cycle

    with edit(Citizen, game.state.player(SHERIFF)) as me:
        me.moved_cycle = cycle(game.state.phase)  # as a day move would have marked it
    game.to_night()
    with pytest.raises(Refusal) as err:
        game.order(SHERIFF, "sheriff_shot", target=RED_1)
    assert err.value.params["reason"] == "one_move_a_cycle"
    game.resolve()
    game.resolve()  # the next night is another cycle
    game.order(SHERIFF, "sheriff_shot", target=RED_1)


def test_a_zombie_earns_no_coins_for_his_moves(game: Game) -> None:
    from engine.rulesets.classic.economy import income

    game.state.player(CITIZEN).secret_role = "zombie"
    income(game.state, [CITIZEN, SHERIFF])
    assert (game.coins(CITIZEN), game.coins(SHERIFF)) == (4, 6)


def test_last_nights_visits_are_kept_through_the_next_night(game: Game) -> None:
    """The Маньяк's torture asks «К кому он ходил прошлой ночью»: the visits of a night outlive the day after."""
    from engine.core import visits

    game.to_night().order(CITIZEN, "stake", target=RED_1).resolve()
    night = game.state.phase - 1
    game.resolve()
    assert game.state.is_night
    assert visits.visited_by(game.state, CITIZEN, night) == [RED_1]
