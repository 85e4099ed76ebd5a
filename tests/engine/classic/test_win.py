"""The ten win conditions of section 6 (win.py), several sides winning together; the jailed are out of the game."""

from __future__ import annotations

from engine.core.durations import UNTIL_END
from engine.core.extensions import edit
from engine.rulesets.classic.model import PRISON, Citizen
from engine.rulesets.classic.win import holds, winners
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, SHERIFF, Game


def out(g: Game, *pids: int) -> None:
    for pid in pids:
        g.state.player(pid).alive = False


def test_nobody_wins_while_both_clans_and_the_town_are_in_play(game: Game) -> None:
    assert winners(game.state) is None


def test_the_town_and_the_cops_win_when_no_mafia_is_left(game: Game) -> None:
    out(game, *range(6))
    assert winners(game.state) == ["town", "cops"]


def test_a_clan_wins_with_no_other_clan_and_no_cops_even_with_the_town_alive(game: Game) -> None:
    """«Мафия - остался в живых хоть один представитель клана, нет представителей другого клана, нет Копов…»"""
    out(game, GREEN_BOSS, GREEN_BOSS + 1, GREEN_BOSS + 2, SHERIFF)
    assert winners(game.state) == ["mafia_red"]


def test_a_jailed_character_is_out_of_the_game(game: Game) -> None:
    out(game, GREEN_BOSS, GREEN_BOSS + 1, GREEN_BOSS + 2)
    game.state.add_effect(PRISON, target=SHERIFF, during=UNTIL_END)
    assert winners(game.state) == ["mafia_red"]


def test_the_cops_do_not_win_without_a_cop_in_play(game: Game) -> None:
    out(game, *range(6), SHERIFF)
    assert winners(game.state) == ["town"]


def test_nobody_in_play_ends_the_game_with_nobody_winning(game: Game) -> None:
    out(game, *range(len(game.state.players)))
    assert winners(game.state) == []


def test_the_family_wins_with_the_winners_when_both_spouses_are_in_play() -> None:
    g = Game(["citizen"])
    for pid in (CITIZEN, 8):
        with edit(Citizen, g.state.player(pid)) as me:
            me.traits = ["spouse"]
    out(g, *range(6))
    assert winners(g.state) == ["town", "cops", "family"]


def test_the_family_does_not_win_when_a_spouse_is_gone() -> None:
    g = Game(["citizen"])
    for pid in (CITIZEN, 8):
        with edit(Citizen, g.state.player(pid)) as me:
            me.traits = ["spouse"]
    out(g, *range(6), 8)
    assert "family" not in (winners(g.state) or [])


def test_the_spirit_wins_when_alive_at_a_sides_win() -> None:
    g = Game()
    g.state.player(CITIZEN).faction = "spirit"
    g.state.player(CITIZEN).secret_role = "spirit"
    out(g, *range(6))
    assert winners(g.state) == ["cops", "spirit"], "the town is gone (the Дух is no citizen): the cops win"


def test_neutrals_win_with_no_cops_priest_unclean_or_undead() -> None:
    g = Game()
    g.state.player(CITIZEN).faction = "neutral"
    out(g, SHERIFF, GREEN_BOSS, GREEN_BOSS + 1, GREEN_BOSS + 2)
    assert winners(g.state) == ["mafia_red", "neutral"]


def test_the_maniac_blocks_the_town_and_the_mafia() -> None:
    g = Game(["citizen"])
    g.state.player(CITIZEN).faction = "maniac"
    out(g, *range(6))
    assert not holds(g.state, "town") and winners(g.state) is None
    out(g, SHERIFF, 8)
    assert winners(g.state) == ["maniac"]


def test_the_unclean_lose_to_van_helsing_alive() -> None:
    g = Game(["citizen"])
    g.state.player(CITIZEN).faction = "unclean"
    g.state.player(8).secret_role = "van_helsing"
    out(g, *range(6), SHERIFF)
    assert not holds(g.state, "unclean")
    assert not holds(g.state, "town"), "«нет нечисти»"
