"""Шантаж (2): «Игрок, на которого был применён шантаж, выплачивает шантажисту каждую ночь 1 монету. Шантаж
перестаёт действовать в случае убийства или посадки шантажиста. (Если монет нет, то игрок лишается днем права
голоса, а шантажист голосует двойным голосом).»"""

from __future__ import annotations

from engine.rulesets.classic.economy import pay
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_2, RED_1, RED_BOSS, SHERIFF, Game


def ballots(g: Game) -> dict[int, int]:
    """The last day's tally without the penalties for yesterday's silence."""
    day = g.state.phase - 1
    tally = {int(r["pid"]): int(r["n"]) for r in g.public("vote_tally")[-1]["tally"]}
    for e in g.state.events:
        if e.kind == "vote_penalty" and e.phase == day:
            tally[int(e.params["pid"])] -= int(e.params["n"])
    return {pid: n for pid, n in tally.items() if n}


def blackmailed() -> Game:
    g = Game()
    new_item(g.state, CITIZEN, "blackmail")
    g.to_night().order(CITIZEN, "use_blackmail", target=SHERIFF).resolve()
    return g


def test_blackmail_one_coin_a_night() -> None:
    g = blackmailed()
    assert g.coins(SHERIFF) == 3 and g.coins(CITIZEN) == 5
    assert g.events("blackmailed", SHERIFF)
    g.resolve().resolve()
    assert g.coins(SHERIFF) == 2 and g.coins(CITIZEN) == 6


def test_blackmail_without_coins_no_vote_and_a_double_vote() -> None:
    g = blackmailed()
    pay(g.state, SHERIFF, g.coins(SHERIFF), "purchase")
    g.resolve().resolve()  # day 2, night 3: he cannot pay
    g.order(SHERIFF, "vote", target=RED_BOSS).order(CITIZEN, "vote", target=GREEN_2).order(RED_1, "vote", target=RED_BOSS)
    g.resolve()
    assert ballots(g) == {RED_BOSS: 1, GREEN_2: 2}


def test_blackmail_ends_when_the_blackmailer_is_killed() -> None:
    g = blackmailed()
    g.resolve().order(GREEN_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert g.coins(SHERIFF) == 3
