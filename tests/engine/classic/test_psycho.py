"""Псих (5.2.8): «может взрывать персонажей. Бронежилет от взрыва не спасает», «изготовить взрывчатку», «Имеет
первоначальный запас взрывчатки - 1 шт. Не умирает вместе с взорванным. Если психа убивают из пистолета - убийца
взрывается вместе с ним. Если в момент убийства Психа у него отсутствует взрывчатка, то убийца остаётся в живых.»
«Если психа сажают в тюрьму - игрок, давший последний… активный голос против него умирает»."""

from __future__ import annotations

from engine.core import api
from engine.core.extensions import edit
from engine.rulesets.classic.model import Citizen
from engine.rulesets.classic.roles.neutral import explosives
from tests.engine.classic.conftest import CITIZEN, RED_1, RED_BOSS, SHERIFF, Game
from tests.engine.classic.neutral_helpers import X, Y, at, refused, vote


def test_psycho_blow_ignores_the_vest_and_he_survives() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF)
    assert g.alive(X)


def test_psycho_has_one_explosive_at_first() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night()
    assert refused(g, "psycho_blow", "no_explosive", target=RED_1)


def test_psycho_make_gives_another_explosive() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night().order(X, "psycho_make").resolve()
    g.to_night().order(X, "psycho_blow", target=RED_1).resolve()
    assert not g.alive(RED_1)


def test_psycho_shot_dead_takes_his_killer_with_him() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(RED_1, "soldier_kill", target=X).resolve()
    assert not g.alive(X)
    assert not g.alive(RED_1)


def test_psycho_without_explosive_his_killer_lives() -> None:
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).resolve()
    g.to_night().order(RED_1, "soldier_kill", target=X).resolve()
    assert not g.alive(X)
    assert g.alive(RED_1)


def test_psycho_jailed_kills_his_last_voter() -> None:
    g = at("psycho", arises=True, extra=3)
    vote(g, {RED_BOSS: X, Y: X, RED_1: X})
    assert g.jailed(X)
    assert not g.alive(RED_1), "the last ballot against him"
    assert g.alive(RED_BOSS) and g.alive(Y)


def _to_day_two(g: Game) -> Game:
    g.to_night().resolve()  # night 2: the master is asked
    assert g.state.is_day and g.state.day_number == 2
    return g


TOWN = ["citizen", "journalist", "priest", "nurse"]  # 12 characters: the question comes from PSYCHO_FROM


def test_psycho_arises_by_the_masters_question_on_day_two() -> None:
    """«Изначально не существует» and the text never says who: **Решение** — on the morning of day 2 the master is
    asked about one of the town drawn by lot; unanswered, he goes mad and is the Псих from the night."""
    g = _to_day_two(Game(TOWN, settings={"psycho": "on"}))
    question = g.state.questions["psycho"]
    assert question.to == "master" and question.default == "psycho_yes"
    pid = int(str(question.params["pid"]))
    assert g.state.player(pid).faction == "town" and pid != SHERIFF
    g.resolve()
    assert g.state.player(pid).secret_role == "psycho" and g.state.player(pid).faction == "maniac"
    assert g.events("role_changed", pid)
    g.order(pid, "psycho_blow", target=RED_1).resolve()
    assert not g.alive(RED_1)


def test_psycho_not_when_the_master_says_no() -> None:
    g = _to_day_two(Game(TOWN, settings={"psycho": "on"}))
    api.rule(g.state, "psycho", "psycho_no")
    g.resolve()
    assert not any(p.secret_role == "psycho" for p in g.state.players)


def test_psycho_never_with_the_setting_off() -> None:
    g = _to_day_two(Game(TOWN, settings={"psycho": "off"}))
    assert "psycho" not in g.state.questions


def test_psycho_not_in_a_game_of_fewer_than_twelve() -> None:
    g = _to_day_two(Game(TOWN[:3], settings={"psycho": "on"}))
    assert "psycho" not in g.state.questions


def test_psycho_only_one_of_the_town_without_a_not_a_role_goes_mad() -> None:
    """Not a husband or wife, not the Спортсмен (their «не роль» is theirs), not a cop, not the mafia."""
    g = Game(TOWN, settings={"psycho": "on"})
    for pid in (CITIZEN, 8, 9, 10, 11):
        with edit(Citizen, g.state.player(pid)) as me:
            me.traits = ["athlete"]
    _to_day_two(g)
    assert "psycho" not in g.state.questions


def _interrogation() -> Game:
    """RED_1 jailed on day 1; on night 2 the Шериф questions him; the Псих (seat 8) goes for the Шериф."""
    g = at("psycho", arises=True, extra=3)
    vote(g, {Y: RED_1, 10: RED_1, 11: RED_1})
    assert g.jailed(RED_1)
    return g


def test_psycho_blow_at_a_cop_at_the_interrogation_fails_in_the_station() -> None:
    """«При попытке взорвать Копа на допросе, получит ответ "неудачно, игрок в участке"» (4.3: «узнает копа»)."""
    g = _interrogation()
    g.order(SHERIFF, "cops_interrogate", target=RED_1).order(X, "psycho_blow", target=SHERIFF).resolve()
    assert g.alive(SHERIFF)
    assert g.result(X) == "in_station"
    assert g.events("psycho_station", X)


def test_psycho_with_two_explosives_blows_the_cop_in_the_station_with_the_jailed() -> None:
    """«Имея две взрывчатки в запасе может взорвать копа в участке, вместе с посаженным»."""
    g = _interrogation()
    g.state.player(X).flags["explosives_made"] = 1
    g.order(SHERIFF, "cops_interrogate", target=RED_1).order(X, "psycho_blow", target=SHERIFF).resolve()
    assert not g.alive(SHERIFF) and not g.alive(RED_1)
    assert g.result(X) == "ok"
    assert explosives(g.state, X) == 0
