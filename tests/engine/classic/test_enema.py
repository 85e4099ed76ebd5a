"""Клизма (2): «Позволяет игроку вылечить себя. Принимается ночью. Если лечение не состоялось, то клизма все равно
считается принятой и больше действовать не может (лечит от ядов и ранения, от нечисти не лечит).»"""

from __future__ import annotations

from engine.rulesets.classic.items.poison import poisoned
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, RED_1, Game


def test_enema_heals_a_shot_of_the_night() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "enema")
    g.to_night().order(CITIZEN, "use_enema").order(RED_1, "soldier_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN)
    assert g.result(RED_1) == "ok"
    assert "enema" not in g.items(CITIZEN)


def test_enema_heals_poison() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "enema")
    new_item(g.state, GREEN_1, "poison_viper")
    g.to_night().order(GREEN_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert poisoned(g.state, CITIZEN)
    g.resolve().order(CITIZEN, "use_enema").resolve()
    assert g.alive(CITIZEN) and not poisoned(g.state, CITIZEN)


def test_enema_spent_with_nothing_to_heal() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "enema")
    g.to_night().order(CITIZEN, "use_enema").resolve()
    assert "enema" not in g.items(CITIZEN)
    assert not g.events("enema_healed", CITIZEN)


def test_enema_is_not_a_move() -> None:
    g = Game()
    new_item(g.state, CITIZEN, "enema")
    g.to_night().order(CITIZEN, "use_enema").order(CITIZEN, "stake", target=RED_1).resolve()
    assert g.result(CITIZEN) == "ok"


def test_enema_not_from_the_unclean() -> None:
    from engine.core.resolution import Resolution
    from engine.core.ruleset import get_ruleset
    from engine.rulesets.classic.model import become
    from engine.rulesets.classic.moves import harm

    g = Game()
    new_item(g.state, RED_1, "enema")
    become(g.state, GREEN_1, "vampire")
    g.to_night().order(RED_1, "use_enema")
    harm(Resolution(g.state, get_ruleset("classic")), GREEN_1, RED_1, cause="bite")
    g.resolve()
    assert not g.alive(RED_1)


def test_enema_heals_the_wounded_who_makes_no_move() -> None:
    """«лечит от ядов и ранения»: the wounded (bandaged last night) makes no move, but the enema is none — he
    takes it and lives."""
    g = Game(extra=["nurse"])
    g.disarm(CITIZEN)
    new_item(g.state, CITIZEN, "enema")
    g.to_night().order(RED_1, "soldier_kill", target=CITIZEN).order(8, "nurse_bandage", targets=[CITIZEN]).resolve()
    assert g.alive(CITIZEN)
    g.resolve().order(CITIZEN, "use_enema").resolve()
    assert g.alive(CITIZEN)
    assert g.events("enema_healed", CITIZEN)
