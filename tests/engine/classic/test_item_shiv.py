"""Заточка (2): «Помогает ранить Следователя при допросе. В следующую ночь после удара заточкой игрок может
излечиться, купив клизму или будучи вылеченным врачом, или перевязан медсестрой, если вылечен не был - умирает на
утро 2 дня. цена - 5 монет.»"""

from __future__ import annotations

from engine.rulesets.classic.economy import base_price
from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import Game

# seats 0–2 red, 3–5 green, 6 the Шериф, 7 the Следователь, 8 the Медсестра, 9–10 citizens
TABLE = ["boss", "recruiter", "soldier", "boss", "recruiter", "soldier", "sheriff", "investigator", "nurse",
         "citizen", "citizen"]
R_SOL, INV, NURSE, C1, C2 = 2, 7, 8, 9, 10


def struck() -> Game:
    """R_SOL, holding a shiv, is jailed by day 1 and interrogated by the Следователь in night 2."""
    g = Game(table=TABLE)
    new_item(g.state, R_SOL, "shiv")
    g.order(C1, "vote", target=R_SOL).order(C2, "vote", target=R_SOL).resolve()
    assert g.jailed(R_SOL)
    g.order(INV, "cops_interrogate", target=R_SOL).resolve()
    return g


def test_shiv_costs_5_coins() -> None:
    assert base_price("shiv") == 5


def test_shiv_wounds_the_investigator_at_the_interrogation() -> None:
    g = struck()
    assert g.alive(INV), "wounded, not killed"
    assert g.events("shiv_wounded", INV)
    assert g.events("shiv_struck", R_SOL)[0].params["pid"] == INV
    assert "shiv" not in g.items(R_SOL), "spent"


def test_shiv_the_wounded_dies_on_the_second_morning_unless_healed() -> None:
    g = struck()
    g.resolve()  # day 2
    assert g.alive(INV)
    g.resolve()  # night 3: nobody heals him
    assert not g.alive(INV)


def test_shiv_the_wounded_makes_no_move_the_next_night() -> None:
    g = struck()
    g.resolve().order(INV, "investigator_shot", target=3).resolve()
    assert g.alive(3)
    assert g.result(INV) == "interfered"


def test_shiv_healed_by_the_nurse() -> None:
    g = struck()
    g.resolve().order(NURSE, "nurse_heal", target=INV).resolve()
    assert g.alive(INV)


def test_shiv_bandaged_by_the_nurse() -> None:
    g = struck()
    g.resolve().order(NURSE, "nurse_bandage", targets=[INV]).resolve()
    assert g.alive(INV)
    g.resolve().resolve()  # the day and the night after: the bandage healed the shiv's wound
    assert g.alive(INV)
    assert g.events("shiv_wound_healed", INV)


def test_shiv_healed_by_an_enema() -> None:
    g = struck()
    new_item(g.state, INV, "enema")
    g.resolve().order(INV, "use_enema").resolve()
    assert g.alive(INV)


def test_shiv_does_nothing_without_an_interrogation() -> None:
    g = Game(table=TABLE)
    new_item(g.state, R_SOL, "shiv")
    g.order(C1, "vote", target=R_SOL).resolve().resolve()
    assert not g.events("shiv_wounded")
    assert "shiv" in g.items(R_SOL)
