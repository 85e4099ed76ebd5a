"""The Хозяин магазина's подделка (5.1.15): «Один раз за игру может отдать заказчику подделку(испорченный
оригинал), такая вещь не выполнит свою функцию когда придет время.» Every item's module checks it: the fake is
spent when its time comes, does nothing, and its holder learns it was a fake."""

from __future__ import annotations

from engine.core.extensions import edit
from engine.rulesets.classic.items.poison import poisoned
from engine.rulesets.classic.model import Citizen, Town, new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, SHERIFF, Game


def fake(g: Game, pid: int, kind: str) -> None:
    """A fake of the kind into his inventory (or his clan's common one: a poison)."""
    item = new_item(g.state, pid, kind)
    with edit(Citizen, g.state.player(pid)) as me:
        for held in me.items:
            held.fake = held.fake or held.uid == item.uid
    with edit(Town, g.state) as town:
        for pool in town.shared.values():
            for held in pool:
                held.fake = held.fake or held.uid == item.uid


def armed(kind: str) -> Game:
    g = Game(extra=["citizen"])
    g.disarm(CITIZEN)
    fake(g, CITIZEN, kind)
    return g


def test_fake_vest_does_not_stop_the_shot() -> None:
    g = armed("vest")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert g.events("item_was_fake", CITIZEN)[0].params["item"] == "vest"


def test_fake_siren_does_not_scare_the_visitor() -> None:
    g = armed("siren")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)
    assert "siren" not in g.items(CITIZEN), "spent all the same"


def test_fake_diploma_does_not_double_the_vote() -> None:
    g = armed("diploma")
    g.order(CITIZEN, "use_diploma").order(CITIZEN, "vote", target=RED_1).order(8, "vote", target=SHERIFF).resolve()
    assert not g.jailed(RED_1) and not g.jailed(SHERIFF), "one vote each: a tie, nobody jailed"


def test_fake_enema_does_not_heal() -> None:
    g = armed("enema")
    g.to_night().order(CITIZEN, "use_enema").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)


def test_fake_antidote_does_not_cure() -> None:
    g = armed("antidote_viper")
    new_item(g.state, GREEN_1, "poison_viper")
    g.to_night().order(GREEN_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert poisoned(g.state, CITIZEN)
    assert "antidote_viper" not in g.items(CITIZEN)


def test_fake_poison_poisons_nobody() -> None:
    g = Game()
    fake(g, GREEN_1, "poison_viper")
    g.to_night().order(GREEN_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert not poisoned(g.state, CITIZEN)


def test_fake_alibi_does_not_free() -> None:
    g = armed("alibi")
    g.order(8, "vote", target=CITIZEN).resolve()
    assert g.jailed(CITIZEN)
    g.resolve()
    assert g.jailed(CITIZEN)


def test_fake_iodine_does_not_bandage() -> None:
    g = armed("iodine")
    g.to_night().order(CITIZEN, "use_iodine").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert not g.alive(CITIZEN)


def test_fake_police_call_calls_nobody() -> None:
    g = armed("police_call")
    g.order(CITIZEN, "use_police_call").resolve()
    assert not g.events("police_called")
    assert "police_call" not in g.items(CITIZEN)


def test_fake_bear_blood_does_not_quench_a_ghouls_thirst() -> None:
    from engine.rulesets.classic.roles.undead import turn_ghoul
    from tests.engine.classic.undead_helpers import CIT_2, VAMPIRE, undead_game

    g = undead_game()
    turn_ghoul(g.state, CIT_2, VAMPIRE)
    g.disarm(CIT_2)
    fake(g, CIT_2, "bear_blood")
    g.to_night().resolve()
    g.to_night().resolve()
    assert not g.alive(CIT_2)
    assert g.events("item_was_fake", CIT_2)


def test_fake_knife_does_not_make_a_gopnik() -> None:
    g = Game(["shopkeeper"]).to_night()
    with edit(Citizen, g.state.player(CITIZEN)) as me:
        me.coins = 10
    g.order(CITIZEN, "buy", item="buy_knife").order(8, "shop_fake").resolve()
    assert "knife" in g.items(CITIZEN)
    assert g.state.player(CITIZEN).secret_role == "citizen"
