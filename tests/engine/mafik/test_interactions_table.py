"""Where the table-rule cards of different areas meet (issue 15: it1…): a status removed by Очищение, a
right that is not a status, the Вече's forced death and the death hooks, Временная смерть against the
Вече's hooks, Посредственность against Побоище. Rulings: docs/rulings/mafik-rooms.md (statuses),
mafik-veche.md, mafik-deaths.md, mafik-stances.md."""

from __future__ import annotations

from engine.rulesets.mafik.costs import stance
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.mafik.test_cards_deaths import resolve
from tests.engine.mafik.test_cards_defence import council
from tests.engine.mafik.test_cards_rooms import end_day


def test_it1_cleansing_removes_the_mortal_wound_and_its_holder_lives_on():
    """«смертельно ранен» is a public status (Из последних сил): Очищение in the next phase removes it, so
    the death at the end of that phase does not come."""
    g = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_strength", "dummy"], sleeve=["cleansing"]).player("B")
    g.play("A", "last_strength")
    council(g, "A").resolve()  # the казнь's 6 damage: one card kept, the wound for night 2
    assert g.alive("A") and g.state.effects_of("mortally_wounded", target=g.pid("A"), phase=g.state.phase)
    resolve(g.play("A", "cleansing", from_sleeve=True))  # night 2
    assert g.alive("A") and g.hand_size("A") == 1
    assert not [e for e in g.state.effects if e.kind == "mortally_wounded" and e.target == g.pid("A")]
    assert g.events("cleansed", to="A")


def test_it2_cleansing_keeps_the_rights_and_undertakings_of_the_players_own_cards():
    """A Цель under way, Псевдоним's name, Месть's strike, Обещание's inheritance are what the player may
    do, not what he is: they stay; a poison goes."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["cleansing", "dummy"])
    g.build()
    a = g.pid("A")
    g.state.add_effect("tracker", target=a, end=8, metric="plays", threshold=4)
    g.state.add_effect("alias", target=a, alias="Тень")
    g.state.add_effect("vengeful", target=a, amount=2)
    g.state.add_effect("promised_sleeve", target=a, of=g.pid("M"))
    g.state.add_effect("damage_each_phase", target=a, amount=1, card="poison")
    g.play("A", "cleansing").resolve()
    assert sorted(e.kind for e in g.state.effects if e.target == a) == ["alias", "promised_sleeve", "tracker",
                                                                        "vengeful"]


def test_it3_death_penalty_runs_the_death_hooks_the_promisee_takes_the_sleeve():
    """Смертная казнь's death by the Вече is a death like any other for Обещание."""
    g = MafikScenario.night(3).player("M", secret="killer", hand=30) \
        .player("A", hand=["promise", "dummy"]).player("B", hand=20, sleeve=["pistol"]) \
        .player("C", hand=["death_penalty", "dummy"])
    g.play("A", "promise", target="B").play("C", "death_penalty")
    resolve(g)  # night 3
    council(g, "B").resolve()  # day 3: 20 cards do not save B
    assert not g.alive("B")
    assert g.sleeve("A") == ["pistol"]


def test_it4_temporary_death_no_vote_may_be_cast_for_an_intimidated_target():
    """Временная смерть: nobody may vote for the player that day, so Устрашение on him hurts nobody."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["intimidation", "dummy"]).player("B", hand=["temporary_death", "dummy"], sleeve=["dummy"]) \
        .player("C", hand=6)
    g.play("A", "intimidation", target="B").play("B", "temporary_death", pay_sleeve=["dummy"])
    resolve(g)  # night 2
    assert g.refusal("C", "vote", target=g.pid("B")).code == "invalid_target"
    hands = {name: g.hand_size(name) for name in ("A", "C")}
    end_day(g)  # day 2: everyone who may votes for M
    assert {name: g.hand_size(name) for name in ("A", "C")} == hands  # the law voters take no damage


def test_it5_brawl_leaves_a_mediocre_player_in_his_stance():
    """Побоище gives every living player a random stance; Посредственность: no card changes his."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["brawl", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=["mediocrity", "dummy"], sleeve=["dummy"]).player("C")
    g.play("B", "mediocrity", pay_sleeve=["dummy"]).resolve()
    council(g, "M").resolve()  # day 2
    g.play("A", "brawl", pay_sleeve=["dummy", "dummy"]).resolve()  # night 3
    g.state.phase += 1  # the brawl's stances hold for the next two phases
    assert stance(g.state, g.pid("B")) == "normal"
    assert stance(g.state, g.pid("C")) in ("upper", "lower")
