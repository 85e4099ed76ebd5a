"""Вампир (5.3.1) and Упырь (5.3.2): «ночью кусает игрока. Укушенный игрок истекает кровью и умирает следующей
ночью, если не будет вылечен или обращен в Упыря вторым укусом. Укушенный игрок получает сообщение: «укушен».
… Не может укусить священника. Может быть убит серебряной пулей или тремя кольями одновременно. … Управляет
голосами упырей на дневном голосовании. Вампир не может кусать сам себя. Вампир узнает если кусал бескровного
персонажа (Духа). … Если Вампира убивают, но вместе с ним умирают все Упыри. Если Вампира посадили, то Упыри
остаются в игре.» — «Выстрел в вампира или упыря — удачно (… нежить регенерируется)».
Упырь: «Первоначальную роль не теряет. … основной ход произойдет с вероятностью 50 на 50. Раз в две ночи,
Упырь обязан укусить кого-то живого, если этого не сделает, он умирает. Упырь не может обращать укушенного
игрока в Упыря… Упырь, может быть убит аналогично вампиру.»"""

from __future__ import annotations

import pytest

from engine.core.refusal import Refusal
from engine.rulesets.classic.roles.undead import GHOUL, turn_ghoul
from tests.engine.classic.conftest import CITIZEN, RED_1, RED_BOSS, SHERIFF, Game
from tests.engine.classic.undead_helpers import CIT_2, CIT_3, SPIRIT, VAMPIRE, give, undead_game


def ghoul_by_two_bites(g: Game, pid: int) -> None:
    g.to_night().order(VAMPIRE, "vampire_bite", target=pid).resolve()
    g.to_night().order(VAMPIRE, "vampire_bite", target=pid).resolve()


def test_vampire_bite_tells_the_bitten_and_kills_him_the_next_night() -> None:
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=CITIZEN).resolve()
    assert g.alive(CITIZEN), "he bleeds: not dead this night"
    assert g.events("undead_bitten", CITIZEN), "«Укушенный игрок получает сообщение: «укушен»»"
    assert g.result(VAMPIRE) == "ok"
    g.to_night().resolve()
    assert not g.alive(CITIZEN)


def test_vampire_bite_is_no_shot_a_vest_does_not_stop_it() -> None:
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=SHERIFF).resolve()
    g.to_night().resolve()
    assert not g.alive(SHERIFF)
    assert "vest" in g.items(SHERIFF)


def test_vampire_bitten_makes_no_move_the_next_night() -> None:
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=SHERIFF).resolve()
    g.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"


def test_vampire_second_bite_running_makes_a_ghoul_and_pays_two_coins() -> None:
    g = undead_game()
    ghoul_by_two_bites(g, CITIZEN)
    player = g.state.player(CITIZEN)
    assert player.alive
    assert player.secret_role == "ghoul" and player.faction == "unclean"
    assert g.coins(VAMPIRE) == 4 + 2 + 2 + 2, "two moves and «Обращение в вампира - 2 монеты»"
    assert g.events("role_changed", CITIZEN)
    g.to_night().resolve()
    assert g.alive(CITIZEN), "the ghoul no longer bleeds"


def test_vampire_cannot_bite_the_priest() -> None:
    g = undead_game()
    g.state.player(CIT_2).secret_role = "priest"  # (the Священник's module is the care area's)
    g.to_night().order(VAMPIRE, "vampire_bite", target=CIT_2).resolve()
    assert g.result(VAMPIRE) == "interfered"
    g.to_night().resolve()
    assert g.alive(CIT_2)


def test_vampire_cannot_bite_himself() -> None:
    g = undead_game().to_night()
    with pytest.raises(Refusal):
        g.order(VAMPIRE, "vampire_bite", target=VAMPIRE)


def test_vampire_learns_the_spirit_is_bloodless() -> None:
    g = undead_game()
    g.to_night().order(VAMPIRE, "vampire_bite", target=SPIRIT).resolve()
    assert g.events("undead_bloodless", VAMPIRE)
    g.to_night().resolve()
    assert g.alive(SPIRIT)


def test_vampire_shot_is_a_success_and_regenerates() -> None:
    g = undead_game()
    g.to_night().order(SHERIFF, "sheriff_shot", target=VAMPIRE).resolve()
    assert g.alive(VAMPIRE)
    assert g.result(SHERIFF) == "ok"


def test_vampire_three_stakes_kill_him() -> None:
    g = undead_game().to_night()
    for pid in (CITIZEN, CIT_2, CIT_3):
        g.order(pid, "stake", target=VAMPIRE)
    g.resolve()
    assert not g.alive(VAMPIRE)


def test_vampire_death_kills_every_ghoul() -> None:
    g = undead_game()
    ghoul_by_two_bites(g, RED_1)
    g.to_night()
    for pid in (CITIZEN, CIT_2, CIT_3):
        g.order(pid, "stake", target=VAMPIRE)
    g.resolve()
    assert not g.alive(VAMPIRE)
    assert not g.alive(RED_1)


def test_vampire_jailed_the_ghouls_stay() -> None:
    g = undead_game()
    turn_ghoul(g.state, CITIZEN, VAMPIRE)
    for player in g.state.living():
        if player.pid != VAMPIRE:
            g.order(player.pid, "vote", target=VAMPIRE)
    g.resolve()
    assert g.jailed(VAMPIRE)
    assert g.alive(CITIZEN)


def test_vampire_directs_the_ghouls_votes() -> None:
    g = undead_game()
    turn_ghoul(g.state, CITIZEN, VAMPIRE)
    g.order(VAMPIRE, "vote", target=RED_BOSS).order(CITIZEN, "vote", target=SHERIFF)
    g.resolve()
    tally = {row["pid"]: row["n"] for row in g.public("vote_tally")[-1]["tally"]}
    assert tally == {RED_BOSS: 2, SHERIFF: 0}
    assert g.jailed(RED_BOSS)


def test_ghoul_votes_his_own_when_the_vampire_does_not_vote() -> None:
    g = undead_game()
    turn_ghoul(g.state, CITIZEN, VAMPIRE)
    g.order(CITIZEN, "vote", target=SHERIFF).resolve()
    assert g.jailed(SHERIFF)


def test_ghoul_keeps_his_first_role() -> None:
    g = undead_game()
    turn_ghoul(g.state, SHERIFF, VAMPIRE)
    g.to_night().order(SHERIFF, "sheriff_shot", target=RED_1)  # the Шериф's move is still his
    assert g.state.orders[SHERIFF]


def test_ghoul_role_move_happens_fifty_fifty() -> None:
    outcomes = set()
    for seed in range(1, 16):
        g = undead_game(seed=seed)
        turn_ghoul(g.state, SHERIFF, VAMPIRE)
        g.to_night().order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
        outcomes.add(g.alive(RED_1))
        if not g.alive(RED_1):
            assert not g.events("undead_thirst", SHERIFF)
        else:
            assert g.events("undead_thirst", SHERIFF) and g.result(SHERIFF) == "interfered"
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}


def test_ghoul_bite_bleeds_and_never_turns() -> None:
    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    g.to_night().order(CIT_2, "ghoul_bite", target=CITIZEN).resolve()
    assert g.events("undead_bitten", CITIZEN)
    g.to_night().order(CIT_2, "ghoul_bite", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN), "a second bite of the ghoul does not make a ghoul"


def test_ghoul_cannot_bite_the_vampire() -> None:
    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    g.to_night().order(CIT_2, "ghoul_bite", target=VAMPIRE).resolve()
    assert g.result(CIT_2) == "interfered", "«Не могут причинять вред друг другу»"


def test_ghoul_dies_of_thirst_after_two_nights_without_a_bite() -> None:
    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)  # day 1
    g.to_night().resolve()
    assert g.alive(CIT_2), "one night without a bite"
    g.to_night().resolve()
    assert not g.alive(CIT_2)


def test_ghoul_a_bite_quenches_the_thirst() -> None:
    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    g.to_night().order(CIT_2, "ghoul_bite", target=CITIZEN).resolve()
    g.to_night().resolve()
    assert g.alive(CIT_2)


def test_ghoul_bear_blood_quenches_the_thirst_once() -> None:
    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    give(g, CIT_2, "bear_blood")
    g.to_night().resolve()
    g.to_night().resolve()
    assert g.alive(CIT_2)
    assert g.events("undead_thirst_quenched", CIT_2)
    assert "bear_blood" not in g.items(CIT_2)


def test_ghoul_three_stakes_kill_him() -> None:
    g = undead_game()
    turn_ghoul(g.state, RED_1, VAMPIRE)
    g.to_night()
    for pid in (CITIZEN, CIT_2, CIT_3):
        g.order(pid, "stake", target=RED_1)
    g.resolve()
    assert not g.alive(RED_1)


def test_ghoul_leaves_his_clan() -> None:
    g = undead_game()
    turn_ghoul(g.state, RED_1, VAMPIRE)
    assert g.state.player(RED_1).faction == "unclean"
    assert g.state.effects_of(GHOUL, target=RED_1)[0].params["was"] == "soldier"


def test_vampire_makes_no_day_moves_but_votes() -> None:
    g = undead_game()
    give(g, VAMPIRE, "diploma")
    g.order(VAMPIRE, "use_diploma").order(VAMPIRE, "vote", target=RED_BOSS).resolve()
    assert g.result(VAMPIRE) == "interfered"
    assert "diploma" in g.items(VAMPIRE)
    assert g.jailed(RED_BOSS), "his vote counts"


def test_ghoul_does_not_learn_the_vampire() -> None:
    g = undead_game()
    ghoul_by_two_bites(g, CITIZEN)
    told = [e for e in g.state.events if e.who == CITIZEN and e.to == "player"]
    assert all(VAMPIRE not in e.params.values() for e in told), "«Упырь не знает Вампира»"
