"""Messages to the city and anonymity (issue 15, posts): Анонимность, Псевдоним, Усилитель сигнала, Размашистая Z,
Оркестр, Слепое правосудие — a test per card and per variant, with the exact texts, senders and numbers.
Rulings: docs/rulings/mafik-posts.md.
"""

from __future__ import annotations

from typing import Any

from engine.core import api, messages
from engine.core.state import Event
from tests.engine.mafik.conftest import MafikScenario as BaseScenario
from tgbot.render import render


class MafikScenario(BaseScenario):
    """Adds "Z" (mafia, a big hand) whom everyone without a vote votes for by day, so days pass quietly."""

    def build(self) -> MafikScenario:
        if not self._built and "Z" not in self.names:
            self.player("Z", secret="boss", hand=40)
        super().build()
        return self

    def resolve(self) -> MafikScenario:
        self.build()
        if self.state.is_day:
            for p in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(p.pid, [])):
                    self.order(p.name, "vote", target="Z")
        super().resolve()
        return self


def ability(g: MafikScenario, name: str, card: str, **params: Any) -> None:
    g.order(name, "ability", ability=card, **params)


def posts(g: MafikScenario) -> list[dict[str, Any]]:
    return [e.params for e in g.public("public_post")]


def words(g: MafikScenario, event: Event, lang: str = "ru") -> str:
    return render(g.state, event, lang)


def with_booster(g: MafikScenario, name: str) -> None:
    g.build()
    g.state.add_effect("signal_booster", target=g.pid(name), source=g.pid(name))


def with_alias(g: MafikScenario, name: str, alias: str) -> None:
    g.build()
    g.state.add_effect("alias", target=g.pid(name), source=g.pid(name), alias=alias)


# ---------------------------------------------------------------- Анонимность

def test_anonymity_costs_1_and_grants_a_nightly_anonymous_message_from_the_next_phase():
    g = MafikScenario.night(2).player("A", hand=["anonymity", "dummy"], sleeve=["dummy"]).player("B").player("C")
    assert g.refusal("A", "play", card="anonymity").code == "cost_unpayable"
    g.play("A", "anonymity", pay_sleeve=["dummy"]).resolve()
    assert g.events("anonymity_granted", to="A")
    [grant] = g.state.effects_of("ability", target=g.pid("A"), phase=g.state.phase + 1)
    assert grant.params["card"] == "anonymity" and grant.params["nights_only"] is True
    assert g.refusal("A", "ability", ability="anonymity", to="to_player", target="B",
                     message="привет").code == "wrong_phase"  # by day: no
    g.resolve()  # day 2 → night 3
    ability(g, "A", "anonymity", to="to_player", target="B", message="я знаю, кто ты")
    g.resolve()
    [message] = g.events("card_message", to="B")
    assert message.params == {"text": "я знаю, кто ты", "sender": None, "via": "anonymity"}
    [seen] = g.events("card_message_sent")
    assert seen.to == "master" and seen.params["sender"] == g.pid("A")


def test_anonymity_message_to_the_city_is_an_anonymous_public_post():
    g = MafikScenario.night(2).player("A").player("B")
    g.build()
    g.state.add_effect("ability", target=0, source=0, card="anonymity", nights_only=True, instead_of=None)
    ability(g, "A", "anonymity", to="to_city", message="мафия — B")
    g.resolve()
    assert posts(g) == [{"via": "anonymity", "sender": None, "text": "мафия — B"}]
    [author] = g.events("public_post_author")
    assert author.to == "master" and author.params == {"sender": g.pid("A"), "via": "anonymity"}
    assert words(g, g.public("public_post")[0]) == "📣 Сообщение городу («Анонимность») — без подписи: мафия — B"
    assert not g.events("card_message")


def test_anonymity_one_message_a_night_and_a_target_only_for_a_player():
    g = MafikScenario.night(2).player("A").player("B")
    g.build()
    g.state.add_effect("ability", target=0, source=0, card="anonymity", nights_only=True, instead_of=None)
    assert g.refusal("A", "ability", ability="anonymity", to="to_city", target="B", message="x").code == "bad_param"
    ability(g, "A", "anonymity", to="to_player", target="B", message="раз")
    assert g.refusal("A", "ability", ability="anonymity", to="to_city", message="два").code == "limit_reached"


def test_anonymity_played_again_grants_no_second_ability():
    g = MafikScenario.night(2).player("A", hand=["anonymity", "dummy"], sleeve=["dummy"]).player("B")
    g.build()
    g.state.add_effect("ability", target=0, source=0, card="anonymity", nights_only=True, instead_of=None)
    g.play("A", "anonymity", pay_sleeve=["dummy"]).resolve()
    assert len(g.state.effects_of("ability", target=g.pid("A"), phase=g.state.phase + 1)) == 1


def test_anonymity_post_to_the_city_withheld_by_the_master():
    g = MafikScenario.night(2).player("A").player("B")
    g.build()
    g.state.settings["review_messages"] = True
    g.state.add_effect("ability", target=0, source=0, card="anonymity", nights_only=True, instead_of=None)
    ability(g, "A", "anonymity", to="to_city", message="см. пост 5")
    [question] = g.state.questions.values()
    assert question.params["via"] == "anonymity" and question.params["targets"] == []
    [asked] = g.events("master_question")
    assert words(g, asked).startswith("❓ Вопрос мастеру: опубликовать сообщение карты для всего города?\n"
                                      "Карта: Анонимность\nОт: A\nТекст: «см. пост 5»")
    api.rule(g.state, question.key, messages.WITHHOLD)
    g.resolve()
    assert posts(g) == []
    [withheld] = g.events("public_post_withheld", to="A")
    assert withheld.params == {"text": "см. пост 5", "via": "anonymity"}


# ---------------------------------------------------------------- Псевдоним

def test_pseudonym_signs_the_anonymous_messages_of_its_phase_and_after():
    g = MafikScenario.night(2).player("A", hand=["contract", "pseudonym", "dummy"]).player("B").player("C")
    g.play("A", "contract", target="B", message="стреляй в C").play("A", "pseudonym", alias="Тень").resolve()
    [message] = g.events("card_message", to="B")
    assert message.params == {"text": "стреляй в C", "sender": None, "via": "contract", "alias": "Тень"}
    assert words(g, message) == "Сообщение — подпись «Тень»: стреляй в C"
    assert words(g, message, "en").endswith("signed “Тень”: стреляй в C")
    [told] = g.events("pseudonym_set", to="A")
    assert told.params["alias"] == "Тень"
    assert [e.params["alias"] for e in g.state.effects_of("alias", target=g.pid("A"), phase=g.state.phase + 1)] \
        == ["Тень"]


def test_pseudonym_a_new_alias_replaces_the_old_one():
    g = MafikScenario.night(2).player("A", hand=["pseudonym", "dummy"]).player("B")
    with_alias(g, "A", "Тень")
    g.play("A", "pseudonym", alias="  Серый   кардинал ").resolve()
    assert [e.params["alias"] for e in g.state.effects_of("alias", target=g.pid("A"))] == ["Серый кардинал"]


def test_pseudonym_refuses_an_empty_or_long_alias():
    g = MafikScenario.night(2).player("A", hand=["pseudonym", "dummy"]).player("B")
    assert g.refusal("A", "play", card="pseudonym", alias="x" * 41).params["reason"] == "alias_length"
    assert g.refusal("A", "play", card="pseudonym", alias="   ").code == "bad_param"


def test_pseudonym_does_not_sign_a_signed_post():
    g = MafikScenario.night(2).player("A", hand=["sweeping_z", "dummy"]).player("B")
    with_alias(g, "A", "Тень")
    g.play("A", "sweeping_z").resolve()
    assert posts(g) == [{"via": "sweeping_z", "sender": g.pid("A"), "plays": []}]


def test_pseudonym_is_free():
    g = MafikScenario.night(2).player("A", hand=["pseudonym", "pistol", "dummy"]).player("B")
    g.play("A", "pistol", target="B").play("A", "pseudonym", alias="Тень")  # a Hand card and a free one
    assert len(g.state.orders[g.pid("A")]) == 2


# ---------------------------------------------------------------- Усилитель сигнала

def test_signal_booster_offers_the_flip_from_the_next_phase():
    g = MafikScenario.night(2).player("A", hand=["signal_booster", "contract", "dummy"]).player("B")
    g.play("A", "signal_booster")
    assert g.refusal("A", "play", card="contract", target="B", message="x", flip_anonymity=True).code \
        == "not_allowed"
    g.resolve()
    assert g.events("signal_booster_on", to="A")
    assert g.state.effects_of("signal_booster", target=g.pid("A"), phase=g.state.phase + 1)


def test_signal_booster_plays_an_anonymous_card_signed():
    g = MafikScenario.night(2).player("A", hand=["contract", "dummy"]).player("B")
    with_booster(g, "A")
    g.play("A", "contract", target="B", message="это я, A", flip_anonymity=True).resolve()
    [message] = g.events("card_message", to="B")
    assert message.params == {"text": "это я, A", "sender": g.pid("A"), "via": "contract"}
    assert words(g, message) == "Сообщение — A: это я, A"


def test_signal_booster_plays_a_signed_card_anonymously():
    g = MafikScenario.night(2).player("A", hand=["sweeping_z", "pistol", "dummy"]).player("B")
    with_booster(g, "A")
    with_alias(g, "A", "Тень")
    g.play("A", "pistol", target="B").play("A", "sweeping_z", flip_anonymity=True).resolve()
    assert posts(g) == [{"via": "sweeping_z", "sender": None, "alias": "Тень",
                         "plays": [{"card": "pistol", "targets": [g.pid("B")]}]}]
    assert g.events("public_post_author")[0].params["sender"] == g.pid("A")


def test_signal_booster_without_the_flip_the_card_is_as_printed():
    g = MafikScenario.night(2).player("A", hand=["contract", "dummy"]).player("B")
    with_booster(g, "A")
    g.play("A", "contract", target="B", message="кто я?").resolve()
    assert g.events("card_message", to="B")[0].params["sender"] is None


def test_signal_booster_no_flip_for_a_card_without_a_message():
    g = MafikScenario.night(2).player("A", hand=["contract", "pistol", "dummy"]).player("B")
    with_booster(g, "A")
    assert g.refusal("A", "play", card="pistol", target="B", flip_anonymity=True).params["reason"] == "no_message"
    assert g.refusal("A", "play", card="contract", target="B", flip_anonymity=True).params["reason"] == "no_message"
    options = {o.name: o.available for o in api.play_options(g.state, g.pid("A"), g.uid("A", "contract"),
                                                                {"target": g.pid("B"), "message": "x"})}
    assert options["flip_anonymity"] is True
    options = {o.name: o.available for o in api.play_options(g.state, g.pid("A"), g.uid("A", "pistol"),
                                                                {"target": g.pid("B")})}
    assert options["flip_anonymity"] is False


def test_signal_booster_is_free():
    g = MafikScenario.night(2).player("A", hand=["signal_booster", "pistol", "dummy"]).player("B")
    g.play("A", "pistol", target="B").play("A", "signal_booster")
    assert len(g.state.orders[g.pid("A")]) == 2


# ---------------------------------------------------------------- Размашистая Z

def test_sweeping_z_posts_the_cards_played_this_phase_and_their_targets_signed():
    g = MafikScenario.night(2).player("A", hand=["pistol", "sweeping_z", "dummy"], sleeve=["pistol"])
    g.player("B").player("C")
    g.play("A", "pistol", target="B").play("A", "pistol", target="C", from_sleeve=True)
    g.play("A", "sweeping_z").resolve()
    assert posts(g) == [{"via": "sweeping_z", "sender": g.pid("A"),
                         "plays": [{"card": "pistol", "targets": [g.pid("B")]},
                                   {"card": "pistol", "targets": [g.pid("C")]}]}]
    assert words(g, g.public("public_post")[0]) == \
        "📣 Сообщение городу («Размашистая Z») — A: сыгранные в эту фазу карты и их цели: " \
        "«Пистолет» → B; «Пистолет» → C."
    assert not g.events("public_post_author")


def test_sweeping_z_alone_says_no_other_card_was_played():
    g = MafikScenario.night(2).player("A", hand=["sweeping_z", "dummy"]).player("B")
    g.play("A", "sweeping_z").resolve()
    [post] = g.public("public_post")
    assert post.params["plays"] == []
    assert words(g, post) == "📣 Сообщение городу («Размашистая Z») — A: других карт в эту фазу не сыграно."


def test_sweeping_z_lists_only_the_players_own_plays():
    g = MafikScenario.night(2).player("A", hand=["sweeping_z", "dummy"]).player("B", hand=["pistol", "dummy"])
    g.play("B", "pistol", target="A").play("A", "sweeping_z").resolve()
    assert posts(g)[0]["plays"] == []


# ---------------------------------------------------------------- Оркестр

def orchestra(g: MafikScenario, name: str, named: str, message: str) -> None:
    """Play Оркестр (its own parameter is called `card`)."""
    g.build()
    api.submit(g.state, g.pid(name), "play", card=g.uid(name, "orchestra"),
               params={"message": message, "card": named})


def test_orchestra_posts_anonymously_and_counts_the_named_card_the_next_night():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B", hand=["pistol", "pistol"])
    g.player("C", hand=["pistol"] * 3).player("D", hand=5)
    orchestra(g, "A", "pistol", "слушайте музыку")
    g.play("B", "pistol", target="C").resolve()
    assert posts(g) == [{"via": "orchestra", "sender": None, "text": "слушайте музыку"}]
    assert g.events("public_post_author")[0].params["sender"] == g.pid("A")
    assert not g.events("orchestra_count")  # this night's Пистолет does not count
    g.resolve()  # day 2
    g.play("B", "pistol", target="D").play("C", "pistol", target="D").resolve()  # night 3
    [count] = g.events("orchestra_count", to="A")
    assert count.params == {"named": "pistol", "n": 2, "drawn": 2}
    assert len(g.sleeve("A")) == 2
    assert words(g, count) == "Оркестр: этой ночью «Пистолет» сыграли 2 раза — в рукав пришли 2 карты."
    g.resolve().resolve()  # one night only
    assert len(g.events("orchestra_count")) == 1


def test_orchestra_nobody_plays_the_card():
    g = MafikScenario.night(2).player("A", hand=["orchestra", "dummy"]).player("B")
    orchestra(g, "A", "pistol", "тишина")
    g.resolve().resolve().resolve()
    [count] = g.events("orchestra_count", to="A")
    assert count.params == {"named": "pistol", "n": 0, "drawn": 0} and g.sleeve("A") == []
    assert words(g, count) == "Оркестр: этой ночью «Пистолет» никто не сыграл — в рукав ничего не пришло."


# ---------------------------------------------------------------- Слепое правосудие (Вигиланте)

def test_vigilante_blind_justice_4_damage_to_non_law_30_to_law():
    g = MafikScenario.day(1).player("V", secret="vigilante", hand=["vigilante_blind_justice", "dummy"])
    g.player("L", hand=10).player("M", secret="killer", hand=10).player("T", secret="traitor", hand=10)
    g.player("N", secret="maniac", hand=10)
    g.play("V", "vigilante_blind_justice", targets=["L", "M", "T", "N"]).resolve()
    assert not g.alive("L")
    assert (g.hand_size("M"), g.hand_size("T"), g.hand_size("N")) == (6, 6, 6)
    assert g.alive("V") and not g.public("public_post")


def test_vigilante_blind_justice_at_most_4_targets():
    g = MafikScenario.day(1).player("V", secret="vigilante", hand=["vigilante_blind_justice", "dummy"])
    for name in "BCDEF":
        g.player(name)
    assert g.refusal("V", "play", card="vigilante_blind_justice", targets=list("BCDEF")).code == "bad_param"


def test_vigilante_blind_justice_last_word_dies_and_posts_signed_to_the_city():
    g = MafikScenario.day(1).player("V", secret="vigilante", hand=["vigilante_blind_justice", "dummy", "dummy"])
    g.player("M", secret="killer", hand=10)
    g.play("V", "vigilante_blind_justice", targets=["M"], last_word=True, message="M — мафия").resolve()
    assert not g.alive("V")
    [death] = g.public("death")
    assert death.params == {"pid": g.pid("V"), "cause": "last_word"}
    assert g.hand_size("M") == 6
    assert posts(g) == [{"via": "vigilante_blind_justice", "sender": g.pid("V"), "text": "M — мафия"}]
    assert words(g, g.public("public_post")[0]) == "📣 Сообщение городу («Слепое правосудие») — V: M — мафия"


def test_vigilante_blind_justice_last_word_needs_its_message():
    g = MafikScenario.day(1).player("V", secret="vigilante", hand=["vigilante_blind_justice", "dummy"])
    g.player("M", secret="killer")
    assert g.refusal("V", "play", card="vigilante_blind_justice", targets=["M"], last_word=True).code == "bad_param"
    assert g.refusal("V", "play", card="vigilante_blind_justice", targets=["M"], message="x").code == "bad_param"
