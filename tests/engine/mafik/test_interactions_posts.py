"""Interactions of the posts cards (issue 15) with each other and with the cards already done, numbered ip1…
(the numbered suite: tests/engine/mafik/test_interactions.py). Rulings: docs/rulings/mafik-posts.md."""

from __future__ import annotations

from engine.core import api, messages
from tests.engine.mafik.test_cards_posts import MafikScenario, ability, orchestra, posts, with_alias, with_booster, words


def anonymity_ability(g: MafikScenario, name: str) -> None:
    g.build()
    g.state.add_effect("ability", target=g.pid(name), source=g.pid(name), card="anonymity", nights_only=True,
                       instead_of=None)


def test_ip1_pseudonym_signs_anonymity_post_to_the_city():
    g = MafikScenario.night(2).player("A").player("B")
    anonymity_ability(g, "A")
    with_alias(g, "A", "Тень")
    ability(g, "A", "anonymity", to="to_city", message="я всё вижу")
    g.resolve()
    assert posts(g) == [{"via": "anonymity", "sender": None, "alias": "Тень", "text": "я всё вижу"}]
    assert words(g, g.public("public_post")[0]) == "📣 Сообщение городу («Анонимность») — подпись «Тень»: я всё вижу"


def test_ip2_signal_booster_signs_orchestra_post():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B")
    with_booster(g, "A")
    with_alias(g, "A", "Тень")
    g.build()
    api.submit(g.state, g.pid("A"), "play", card=g.uid("A", "orchestra"),
               params={"message": "играю я", "card": "pistol", "flip_anonymity": True})
    g.resolve()
    assert posts(g) == [{"via": "orchestra", "sender": g.pid("A"), "text": "играю я"}]  # signed: no alias
    assert not g.events("public_post_author")


def test_ip3_signal_booster_makes_the_vigilantes_last_word_anonymous_and_the_alias_signs_it():
    g = MafikScenario.day(1).player("V", secret="vigilante", hand=["vigilante_blind_justice", "dummy"])
    g.player("M", secret="killer", hand=10)
    with_booster(g, "V")
    with_alias(g, "V", "Совесть")
    g.play("V", "vigilante_blind_justice", targets=["M"], last_word=True, message="ищите среди тихих",
           flip_anonymity=True).resolve()
    assert posts(g) == [{"via": "vigilante_blind_justice", "sender": None, "alias": "Совесть",
                         "text": "ищите среди тихих"}]
    assert not g.alive("V")


def test_ip4_sweeping_z_lists_a_sleeve_card_played_as_another_and_the_target_as_chosen_before_reflection():
    g = MafikScenario.night(2).player("A", hand=["sweeping_z", "dummy"], sleeve=["dummy"])
    g.player("B", hand=["reflection", "dummy", "dummy"], sleeve=["dummy", "dummy"])
    g.build()
    g.state.add_effect("play_as", target=g.pid("A"), source=g.pid("A"), card="pistol")
    g.order("A", "play", card="dummy", from_sleeve=True, target="B", **{"as": "pistol"})
    g.play("B", "reflection", pay_sleeve=["dummy", "dummy"]).play("A", "sweeping_z").resolve()
    assert posts(g)[0]["plays"] == [{"card": "pistol", "targets": [g.pid("B")]}]


def test_ip5_orchestra_counts_a_card_played_as_the_named_one():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B", sleeve=["dummy"])
    orchestra(g, "A", "pistol", "раз-два")
    g.resolve().resolve()  # night 2 → day 2 → night 3
    g.state.add_effect("play_as", target=g.pid("B"), source=g.pid("B"), card="pistol")
    g.order("B", "play", card="dummy", from_sleeve=True, target="A", **{"as": "pistol"})
    g.resolve()
    assert g.events("orchestra_count", to="A")[0].params == {"named": "pistol", "n": 1, "drawn": 1}


def test_ip6_orchestra_withheld_post_still_counts_the_next_night():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B", hand=["pistol"] * 3)
    g.build()
    g.state.settings["review_messages"] = True
    orchestra(g, "A", "pistol", "см. пост 5")
    [question] = g.state.questions.values()
    api.rule(g.state, question.key, messages.WITHHOLD)
    g.resolve()
    assert posts(g) == [] and g.events("public_post_withheld", to="A")
    g.resolve()
    g.play("B", "pistol", target="A").resolve()
    assert g.events("orchestra_count", to="A")[0].params["n"] == 1


def test_ip7_orchestra_into_a_sleeve_that_takes_no_cards():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B", hand=["pistol"] * 3)
    orchestra(g, "A", "pistol", "тише")
    g.resolve().resolve()
    g.state.add_effect("exile", target=g.pid("A"), source=g.pid("B"))
    g.play("B", "pistol", target="A").resolve()
    assert g.events("orchestra_count", to="A")[0].params == {"named": "pistol", "n": 1, "drawn": 0}
    assert g.sleeve("A") == []


def test_ip8_anonymity_message_reflected_back_by_reflection():
    """Отражение turns every ability order aimed at its holder back (cards/common.py reflect_back): the
    anonymous message reaches its own writer."""
    g = MafikScenario.night(2).player("A").player("B", hand=["reflection", "dummy"], sleeve=["dummy", "dummy"])
    anonymity_ability(g, "A")
    ability(g, "A", "anonymity", to="to_player", target="B", message="тсс")
    g.play("B", "reflection", pay_sleeve=["dummy", "dummy"]).resolve()
    assert not g.events("card_message", to="B")
    assert g.events("card_message", to="A")[0].params["text"] == "тсс"
