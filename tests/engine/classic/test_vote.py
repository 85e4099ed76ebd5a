"""The day vote (1.4, 1.11, 1.12): one public vote, final, not against oneself; the most voted is jailed, not
killed; who did not vote gets +1 vote against him the next day; the jailed are out of the game."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_BOSS, RED_1, RED_2, RED_BOSS, SHERIFF, Game


def everyone_votes(g: Game, target: int, *, but: tuple[int, ...] = ()) -> None:
    for player in g.state.living():
        if player.pid != target and player.pid not in but:
            g.order(player.pid, "vote", target=target)


def test_a_vote_is_public_as_it_is_cast(game: Game) -> None:
    game.order(CITIZEN, "vote", target=RED_BOSS)
    assert game.public("vote_cast") == [{"pid": CITIZEN, "target": RED_BOSS}]


def test_a_vote_cannot_be_changed(game: Game) -> None:
    game.order(CITIZEN, "vote", target=RED_BOSS)
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "vote", target=RED_1)
    assert err.value.params["reason"] == "vote_final"


def test_a_vote_cannot_be_taken_back(game: Game) -> None:
    order = api.submit(game.state, CITIZEN, "vote", params={"target": RED_BOSS})
    with pytest.raises(Refusal):
        api.withdraw(game.state, CITIZEN, order.oid)
    assert game.state.orders[CITIZEN]


def test_nobody_votes_against_himself(game: Game) -> None:
    with pytest.raises(Refusal) as err:
        game.order(CITIZEN, "vote", target=CITIZEN)
    assert err.value.params["reason"] == "self"


def test_no_vote_at_night(game: Game) -> None:
    game.to_night()
    with pytest.raises(Refusal):
        game.order(CITIZEN, "vote", target=RED_BOSS)


def test_the_most_voted_is_jailed_not_killed_and_his_role_is_not_revealed(game: Game) -> None:
    everyone_votes(game, RED_BOSS)
    game.resolve()
    assert game.jailed(RED_BOSS) and game.alive(RED_BOSS)
    assert game.public("classic_jailed") == [{"pid": RED_BOSS}]
    assert not game.public("role_revealed")


def test_the_jailed_can_neither_move_nor_vote_nor_be_targeted(game: Game) -> None:
    everyone_votes(game, RED_1)
    game.resolve()
    with pytest.raises(Refusal):
        game.order(RED_1, "soldier_kill", target=CITIZEN)
    with pytest.raises(Refusal) as err:
        game.order(SHERIFF, "sheriff_shot", target=RED_1)
    assert err.value.params["reason"] == "in_prison"
    game.resolve()
    with pytest.raises(Refusal):
        game.order(RED_1, "vote", target=CITIZEN)


def test_who_did_not_vote_gets_one_vote_against_him_the_next_day(game: Game) -> None:
    for pid in (RED_1, RED_2, GREEN_1):
        game.order(pid, "vote", target=CITIZEN)
    game.order(CITIZEN, "vote", target=RED_1)
    game.resolve()  # day 1: CITIZEN is jailed (3 votes)
    assert game.jailed(CITIZEN)
    game.resolve()  # night
    game.order(RED_1, "vote", target=SHERIFF)
    game.order(RED_2, "vote", target=SHERIFF)
    game.resolve()  # day 2: SHERIFF has 2; RED_BOSS, GREEN_BOSS … each +1 for not voting on day 1
    penalised = {p["pid"] for p in game.public("vote_penalty")}
    assert RED_BOSS in penalised and RED_1 not in penalised and CITIZEN not in penalised
    assert game.jailed(SHERIFF)


def test_a_penalty_lasts_one_day(game: Game) -> None:
    game.resolve()
    game.resolve()
    for player in game.state.living():
        game.order(player.pid, "vote", target=RED_BOSS if player.pid != RED_BOSS else SHERIFF)
    game.resolve()  # day 2: everyone's penalty from day 1; everybody voted
    first = len(game.public("vote_penalty"))
    game.resolve()
    game.resolve()  # day 3: nobody is penalised for day 2
    assert len(game.public("vote_penalty")) == first


def test_a_tie_is_decided_by_lot_by_default() -> None:
    game = Game(settings={"vote_tie": "coin"})
    game.order(CITIZEN, "vote", target=RED_BOSS)
    game.order(SHERIFF, "vote", target=GREEN_BOSS)
    game.resolve()
    assert game.jailed(RED_BOSS) != game.jailed(GREEN_BOSS)


def test_a_tie_jails_nobody_with_the_setting_nobody() -> None:
    g = Game(settings={"vote_tie": "nobody"})
    g.order(CITIZEN, "vote", target=RED_BOSS)
    g.order(SHERIFF, "vote", target=GREEN_BOSS)
    g.resolve()
    assert not g.jailed(RED_BOSS) and not g.jailed(GREEN_BOSS)
    assert g.public("vote_tie") == [{"pids": [RED_BOSS, GREEN_BOSS]}]


def test_a_jailed_cop_stays_hidden_when_no_cop_is_left_in_the_game() -> None:
    """1.12: «Роль копа вскрывается без допроса, если в игре есть хотя бы один коп» — here there is none."""
    g = Game(["citizen"])
    everyone_votes(g, SHERIFF)
    g.resolve()
    assert g.jailed(SHERIFF)
    assert not g.public("role_revealed"), "no other cop in the game: his role stays hidden"


def test_a_released_character_is_back_in_the_game_and_the_header_says_so(game: Game) -> None:
    from engine.rulesets.classic.jail import release

    everyone_votes(game, RED_1)
    game.resolve()
    assert release(game.state, RED_1, "alibi")
    assert not game.jailed(RED_1)
    game.resolve()
    assert game.public("morning")[-1]["released"] == [RED_1]
    assert not release(game.state, RED_1, "alibi"), "not in prison"


def test_a_jailed_cop_is_revealed_when_another_cop_is_in_the_game(game: Game) -> None:
    """1.12: «Роль копа вскрывается без допроса, если в игре есть хотя бы один коп»."""
    from engine.rulesets.classic.model import become

    become(game.state, CITIZEN, "investigator")
    everyone_votes(game, SHERIFF)
    game.resolve()
    assert game.jailed(SHERIFF)
    assert game.public("role_revealed") == [{"pid": SHERIFF, "secret_role": "sheriff"}]


def test_the_silent_get_one_more_vote_the_next_day_with_the_setting() -> None:
    """1.11: «+1 голос в лог получают "сухари" (пассивные игроки), которые не оставляют ни одного поста в теме
    игры на протяжении всего игрового дня» — with /set silent_penalty on (the bot reads the group)."""
    g = Game(settings={"silent_penalty": "on"})
    for player in g.state.living():
        g.order(player.pid, "vote", target=RED_BOSS if player.pid != RED_BOSS else SHERIFF)
    api.public_post(g.state, CITIZEN)
    g.resolve()
    g.resolve()
    g.resolve()  # day 2: everybody voted on day 1; all but the citizen were silent
    silent = {p["pid"] for p in g.public("vote_penalty") if p["why"] == "silent"}
    assert CITIZEN not in silent and SHERIFF in silent


def test_no_silence_penalty_without_the_setting(game: Game) -> None:
    for player in game.state.living():
        game.order(player.pid, "vote", target=RED_BOSS if player.pid != RED_BOSS else SHERIFF)
    game.resolve()
    game.resolve()
    game.resolve()
    assert not game.public("vote_penalty")


def test_a_post_at_night_is_not_a_days_post() -> None:
    g = Game(settings={"silent_penalty": "on"})
    g.to_night()
    api.public_post(g.state, CITIZEN)
    from engine.rulesets.classic.model import cit

    assert cit(g.state, CITIZEN).posted_phase is None


def test_one_who_cannot_be_jailed_is_not_jailed_by_the_vote(game: Game) -> None:
    """The `jailable` query (the Дух: «Не может быть посажен»): the most voted stays, and everyone learns it."""
    from engine.rulesets.classic.moves import MOVES

    def spirit(state, allowed, *, pid):  # type: ignore[no-untyped-def]
        return allowed and pid != RED_BOSS

    MOVES.queries.modifier("jailable")(spirit)
    try:
        everyone_votes(game, RED_BOSS)
        game.resolve()
        assert not game.jailed(RED_BOSS)
        assert game.public("jail_immune") == [{"pid": RED_BOSS}]
    finally:
        MOVES.queries._modifiers["jailable"] = [m for m in MOVES.queries._modifiers["jailable"] if m[2] is not spirit]


def test_a_replaced_players_penalties_are_annulled(game: Game) -> None:
    """1.18: «При замене игрока, штрафы аннулируются»: the +1 he carries for not voting is gone, said publicly."""
    game.resolve()  # day 1: nobody votes — everyone owes +1 tomorrow
    api.replaced(game.state, SHERIFF)  # the replacement happens at night
    assert game.public("penalty_annulled") == [{"pid": SHERIFF, "n": 1}]
    game.resolve()
    game.resolve()  # day 2
    penalised = {p["pid"] for p in game.public("vote_penalty")}
    assert SHERIFF not in penalised and RED_BOSS in penalised


def test_a_replaced_player_without_penalties_changes_nothing(game: Game) -> None:
    api.replaced(game.state, SHERIFF)
    assert not game.public("penalty_annulled")
