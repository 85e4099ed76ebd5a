"""Личные сообщения (issue 15, mail): a test per card and per variant, with the exact messages and numbers.

Readings: docs/rulings/mafik-mail.md. Card messages reach their target at the end of the phase (the
master may withhold them: engine/core/messages.py; unanswered, they are delivered).
"""

from __future__ import annotations

from engine.core import api
from engine.core.message_log import PUBLIC_MESSAGE, received_by, sent_by
from engine.core.resolution import Resolution
from engine.rulesets.mafik.cards.mail import UNLIMITED, may_contain
from engine.rulesets.mafik.comms import private_allowance
from engine.rulesets.mafik.council import tally
from engine.rulesets.mafik.deck import deck_colours, may_rebuild
from engine.rulesets.mafik.roles import SECRET_ROLES
from tests.engine.mafik.conftest import MafikScenario


class Mail(MafikScenario):
    """A position with a Киллер "Z" besides the players named, so that the game goes on."""

    def build(self) -> MafikScenario:
        if not self._built and "Z" not in self.names:
            self.player("Z", secret="killer", hand=20)
        super().build()
        return self

    def resolve(self) -> MafikScenario:
        """By day everyone who has not voted votes for Z (20 cards), so the Вече kills none of the players."""
        self.build()
        if self.state.is_day:
            for player in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(player.pid, [])):
                    self.vote(player.name, "Z")
        super().resolve()
        return self


def private(g: MafikScenario, sender: str, to: str, text: str) -> None:
    g.build()
    api.act(g.state, g.pid(sender), "private_message", {"to": g.pid(to), "text": text})


def ability(g: MafikScenario, name: str, card: str, **params: object) -> None:
    g.order(name, "ability", ability=card, **params)


def card_messages(g: MafikScenario, to: str) -> list[tuple[int | None, str, str]]:
    return [(e.params["sender"], str(e.params["text"]), str(e.params["via"]))  # type: ignore[misc]
            for e in g.events("card_message", to=to)]


# ---- RSVP ----

def test_rsvp_sends_an_anonymous_message_and_the_target_may_answer_the_next_day():
    g = Mail.night(2).player("A", hand=["rsvp", "dummy"]).player("B", hand=5).player("C", hand=5)
    g.play("A", "rsvp", targets=["B"], messages=["кто ты?"]).resolve()
    assert card_messages(g, "B") == [(None, "кто ты?", "rsvp")]
    assert g.events("rsvp_may_answer", to="B")
    # the next day (day 2): B answers without naming anyone; A gets it signed
    assert g.state.is_day
    ability(g, "B", "rsvp", message="я — B")
    g.resolve()
    assert card_messages(g, "A") == [(g.pid("B"), "я — B", "rsvp")]
    assert card_messages(g, "C") == []


def test_rsvp_answer_only_the_next_day():
    g = Mail.night(2).player("A", hand=["rsvp", "dummy"]).player("B", hand=5).player("C", hand=5)
    g.play("A", "rsvp", targets=["B"], messages=["привет"])
    assert g.refusal("B", "ability", ability="rsvp", message="сразу")  # not the same night
    g.resolve()
    assert g.refusal("C", "ability", ability="rsvp", message="я не получал")
    ability(g, "B", "rsvp", message="ответ")
    g.resolve()
    assert card_messages(g, "A") == [(g.pid("B"), "ответ", "rsvp")]
    assert g.refusal("B", "ability", ability="rsvp", message="ещё")  # night 3: the right is gone


def test_rsvp_one_target_unless_in_the_lower_stance():
    g = Mail.night(2).player("A", hand=["rsvp", "dummy"]).player("B", hand=5).player("C", hand=5)
    refusal = g.refusal("A", "play", card="rsvp", targets=["B", "C"], messages=["1", "2"])
    assert refusal.code == "bad_param"


def test_rsvp_lower_stance_two_targets():
    g = Mail.night(2).player("A", hand=["rsvp", "dummy"]).player("B", hand=5).player("C", hand=5)
    g.build()
    g.state.add_effect("stance", target=g.pid("A"), stance="lower")
    g.play("A", "rsvp", targets=["B", "C"], messages=["для B", "для C"]).resolve()
    assert card_messages(g, "B") == [(None, "для B", "rsvp")]
    assert card_messages(g, "C") == [(None, "для C", "rsvp")]
    ability(g, "C", "rsvp", message="от C")
    g.resolve()
    assert card_messages(g, "A") == [(g.pid("C"), "от C", "rsvp")]


# ---- Безлимитный тариф ----

def test_unlimited_plan_a_signed_message_every_phase_nights_included():
    g = Mail.night(2).player("A", hand=["unlimited_plan", "dummy"]).player("B", hand=5).player("C", hand=5)
    g.play("A", "unlimited_plan").resolve()
    assert g.events("unlimited_plan", to="A")
    ability(g, "A", "unlimited_plan", target="B", message="днём")
    assert g.refusal("A", "ability", ability="unlimited_plan", target="C", message="второе")  # one a phase
    g.resolve()
    assert card_messages(g, "B") == [(g.pid("A"), "днём", "unlimited_plan")]
    assert g.state.is_night
    ability(g, "A", "unlimited_plan", target="C", message="ночью")
    g.resolve()
    assert card_messages(g, "C") == [(g.pid("A"), "ночью", "unlimited_plan")]


def test_unlimited_plan_not_in_the_phase_it_is_played():
    g = Mail.night(2).player("A", hand=["unlimited_plan", "dummy"]).player("B", hand=5)
    g.play("A", "unlimited_plan")
    assert g.refusal("A", "ability", ability="unlimited_plan", target="B", message="сейчас")


# ---- Взлом Почты. ----

def test_mail_hack_gets_every_day_message_from_the_first_to_the_second_today_included():
    g = Mail.day(1).player("A", hand=["mail_hack", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=5)
    private(g, "B", "C", "вчерашний")
    private(g, "C", "B", "обратно")  # the other way: not read
    g.resolve()
    g.resolve()  # night 2: nothing is sent by day
    private(g, "B", "C", "сегодняшний")
    private(g, "D", "C", "чужой")
    g.play("A", "mail_hack", sender=g.pid("B"), recipient=g.pid("C")).resolve()
    got = g.events("mail_hack_message", to="A")
    assert [e.params["text"] for e in got] == ["вчерашний", "сегодняшний"]
    assert [e.params["phase"] for e in got] == [2, 4]
    assert all(e.params["sender"] == g.pid("B") and e.params["to"] == g.pid("C") for e in got)


def test_mail_hack_includes_card_messages_sent_by_day_not_by_night():
    g = Mail.night(2).player("A", hand=["mail_hack", "dummy"]) \
        .player("B", hand=["unlimited_plan", "dummy"], sleeve=["rsvp"]).player("C", hand=5)
    g.play("B", "unlimited_plan")
    g.play("B", "rsvp", from_sleeve=True, targets=["C"], messages=["ночное"]).resolve()
    ability(g, "B", "unlimited_plan", target="C", message="дневное")
    g.play("A", "mail_hack", sender=g.pid("B"), recipient=g.pid("C")).resolve()
    assert [e.params["text"] for e in g.events("mail_hack_message", to="A")] == ["дневное"]


def test_mail_hack_nothing_sent():
    g = Mail.day(1).player("A", hand=["mail_hack", "dummy"]).player("B", hand=5).player("C", hand=5)
    g.play("A", "mail_hack", sender=g.pid("B"), recipient=g.pid("C")).resolve()
    assert g.events("mail_hack_none", to="A") and not g.events("mail_hack_message")


def test_mail_hack_spy_mafia_gets_them_too():
    g = Mail.day(1).player("A", secret="spy", hand=["mail_hack", "dummy"]).player("B", hand=5) \
        .player("C", hand=5).player("Z", secret="killer", hand=20)
    private(g, "B", "C", "секрет")
    g.play("A", "mail_hack", sender=g.pid("B"), recipient=g.pid("C")).resolve()
    [event] = g.events("mail_hack_message")
    assert (event.to, event.who, event.params["text"]) == ("faction", "mafia", "секрет")


# ---- Свобода слова ----

def test_freedom_of_speech_lifts_the_limit_the_next_day_and_everyone_learns():
    g = Mail.night(2).player("A", hand=["freedom_of_speech", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=5).player("C", hand=5)
    g.play("A", "freedom_of_speech", pay_sleeve=["dummy", "dummy"]).resolve()
    [event] = g.public("freedom_of_speech")
    assert event.params["actor"] == g.pid("A")
    assert private_allowance(g.state, g.pid("A")) == UNLIMITED
    assert private_allowance(g.state, g.pid("B")) == 1
    for i in range(3):
        private(g, "A", "B", f"приват {i}")
    assert len(g.events("private_message", to="B")) == 3
    g.resolve()
    g.resolve()  # day 3: the limit is back
    assert private_allowance(g.state, g.pid("A")) == 1


def test_freedom_of_speech_costs_2():
    g = Mail.night(2).player("A", hand=["freedom_of_speech", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=5)
    assert g.refusal("A", "play", card="freedom_of_speech", pay_sleeve=["dummy"]).code == "cost_unpayable"


# ---- Отбор ----

def test_selection_one_random_target_gets_a_dummy_the_others_the_signed_message():
    g = Mail.night(2).player("A", hand=["selection", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=5).player("E", hand=5)
    g.play("A", "selection", targets=["B", "C", "D"], message="вы избраны").resolve()
    unlucky = [n for n in "BCD" if g.sleeve(n) == ["dummy"]]
    assert len(unlucky) == 1
    assert g.events("selection_blank", to=unlucky[0])
    for name in "BCD":
        expected = [] if name in unlucky else [(g.pid("A"), "вы избраны", "selection")]
        assert card_messages(g, name) == expected
    assert card_messages(g, "E") == [] and g.sleeve("E") == []


def test_selection_needs_three_living_others():
    g = Mail.night(2).player("A", hand=["selection", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=5)
    assert g.refusal("A", "play", card="selection", targets=["B", "C"], message="мало").code == "bad_param"
    assert g.refusal("A", "play", card="selection", targets=["A", "B", "C"], message="я").code == "invalid_target"


# ---- Цензура ----

def censored_day(word: str = "разведка") -> MafikScenario:
    """Цензура played on night 2: day 2 is censored."""
    g = Mail.night(2).player("A", hand=["censorship", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=5)
    g.play("A", "censorship", words=word).resolve()
    return g


def test_censorship_everyone_learns_the_word_for_the_next_phase():
    g = censored_day("Разведка")
    [event] = g.public("censorship")
    assert event.params["words"] == "разведка" and event.params["until"] == 4


def test_censorship_words_one_or_two():
    g = Mail.night(2).player("A", hand=["censorship", "dummy"]).player("B", hand=5)
    assert g.refusal("A", "play", card="censorship", words="три слова подряд").code == "bad_param"
    assert g.refusal("A", "play", card="censorship", words="  ").code == "bad_param"


def test_censorship_word_forms_are_caught_for_the_master():
    assert may_contain("Нет у меня Разведки, честно", "разведка")
    assert may_contain("о разведке ни слова", "разведка")
    assert may_contain("белый Флаг поднят", "белый флаг")
    assert not may_contain("белый и чёрный флаг", "белый флаг")
    assert not may_contain("мирная карта", "разведка")


def test_censorship_violation_in_a_private_message_is_one_more_vote_at_the_next_council():
    g = censored_day()
    private(g, "B", "C", "у меня разведки нет")
    private(g, "C", "B", "и у меня")
    g.resolve()  # day 2 ends: the master is asked about B's message only
    questions = [q for q in g.state.questions.values() if q.kind == "censorship_violation"]
    assert [q.params["sender"] for q in questions] == [g.pid("B")]
    g.resolve()  # night 3: unanswered → a violation
    [event] = g.public("censorship_violation")
    assert event.params["pid"] == g.pid("B")
    votes = all_vote(g, "D")
    assert votes[g.pid("B")] == 1 and votes[g.pid("D")] == 5  # A, B, C, D, Z


def test_censorship_master_clears_a_message():
    g = censored_day()
    private(g, "B", "C", "разведка")
    g.resolve()
    [question] = [q for q in g.state.questions.values() if q.kind == "censorship_violation"]
    api.rule(g.state, question.key, "no_violation")
    g.resolve()
    assert not g.public("censorship_violation")
    assert g.pid("B") not in all_vote(g, "D")


def test_censorship_a_public_message_outside_the_censored_phase_asks_nothing():
    g = censored_day()
    g.resolve()
    api.act(g.state, g.pid("D"), PUBLIC_MESSAGE, {"text": "разведка"})
    assert not [q for q in g.state.questions.values() if q.kind == "censorship_violation"]


def test_censorship_messages_of_other_phases_are_free():
    g = censored_day()
    g.resolve()
    g.resolve()  # day 3: no longer censored
    private(g, "B", "C", "разведка")
    g.resolve()
    assert not [q for q in g.state.questions.values() if q.kind == "censorship_violation"]


def test_censorship_public_thread_reported_by_the_master():
    g = censored_day()
    api.act(g.state, g.pid("D"), PUBLIC_MESSAGE, {"text": "в общей ветке: разведка"})
    g.resolve()
    g.resolve()
    assert [e.params["pid"] for e in g.public("censorship_violation")] == [g.pid("D")]


def test_censorship_card_messages_of_the_censored_day_count_too():
    g = Mail.night(2).player("A", hand=["censorship", "dummy"]).player("B", hand=["unlimited_plan", "dummy"]) \
        .player("C", hand=5)
    g.play("A", "censorship", words="флаг")
    g.play("B", "unlimited_plan").resolve()  # day 2 censored
    ability(g, "B", "unlimited_plan", target="C", message="белый флаг")
    g.resolve()
    g.resolve()  # night 3 reads the answer: the vote is at day 3's Вече
    assert [e.params["pid"] for e in g.public("censorship_violation")] == [g.pid("B")]
    assert all_vote(g, "C")[g.pid("B")] == 1


def all_vote(g: MafikScenario, target: str) -> dict[int, int]:
    """Everyone living votes for `target`: the Вече's votes per target."""
    for player in g.state.living():
        g.vote(player.name, target)
    res = Resolution(g.state, g.ruleset)
    res.scratch["orders"] = {pid: list(orders) for pid, orders in g.state.orders.items()}
    return tally(res)[0]


# ---- Кража личности ----

def theft(actor_role: str = "boss", guess: str = "sheriff") -> MafikScenario:
    g = Mail.day(2).player("A", secret=actor_role, hand=["identity_theft", "dummy"]) \
        .player("B", secret="sheriff", hand=5).player("C", hand=5).player("Z", secret="killer", hand=20)
    private(g, "C", "B", "старое")
    g.play("A", "identity_theft", target="B", role=guess).resolve()
    return g


def test_identity_theft_mafia_right_guess_rebuild_next_phase_with_the_roles_colours():
    g = theft()
    own = set(deck_colours(g.state, g.pid("A")))
    assert set(SECRET_ROLES["sheriff"].colours) <= own
    assert may_rebuild(g.state, g.pid("A"))  # the deck is not empty
    assert g.events("identity_theft", to="A")[0].params["colours"] == ["boost", "chaos", "support"]
    g.resolve()
    assert not may_rebuild(g.state, g.pid("A"))


def test_identity_theft_mafia_learns_past_and_future_messages_of_the_target():
    g = theft()
    [old] = g.events("identity_theft_message")
    assert (old.to, old.who, old.params["text"], old.params["sender"]) == ("faction", "mafia", "старое", g.pid("C"))
    g.resolve()  # day 3
    private(g, "C", "B", "новое")
    g.resolve()
    texts = [e.params["text"] for e in g.events("identity_theft_message")]
    assert texts == ["старое", "новое"]


def test_identity_theft_forwards_anonymous_card_messages_as_received():
    g = Mail.night(2).player("A", secret="boss", hand=["identity_theft", "dummy"]) \
        .player("B", secret="sheriff", hand=5).player("C", hand=["rsvp", "dummy"]).player("Z", secret="killer", hand=20)
    g.play("A", "identity_theft", target="B", role="sheriff")
    g.play("C", "rsvp", targets=["B"], messages=["тайна"]).resolve()
    [event] = g.events("identity_theft_message")
    assert event.params["text"] == "тайна" and event.params["sender"] is None


def test_identity_theft_wrong_guess_nothing():
    g = theft(guess="officer")
    assert g.events("identity_theft_missed", to="A")
    assert not g.events("identity_theft_message")
    assert not may_rebuild(g.state, g.pid("A"))


def test_identity_theft_does_nothing_for_the_law():
    g = Mail.day(2).player("A", hand=["identity_theft", "dummy"]).player("B", secret="sheriff", hand=5)
    g.play("A", "identity_theft").resolve()
    assert not g.events("identity_theft") and not g.events("identity_theft_missed")


# ---- Гнев клана ----

def wrath(as_card: str, role: str, role2: str | None = None) -> MafikScenario:
    g = Mail.night(2) \
        .player("A", secret="boss", hand=["clan_wrath", "dummy"], sleeve=["dummy"]) \
        .player("B", secret="sheriff", hand=5, sleeve=["pistol", "bunker"]).player("Z", secret="killer", hand=20)
    params: dict[str, object] = {"as_card": as_card, "target": "B", "role": role}
    if role2:
        params["role2"] = role2
    return g.play("A", "clan_wrath", pay_sleeve=["dummy"], **params).resolve()


def test_clan_wrath_as_sniper_rifle_either_role_right():
    g = wrath("sniper_rifle", "officer", "sheriff")
    assert not g.alive("B")


def test_clan_wrath_as_sniper_rifle_both_wrong():
    g = wrath("sniper_rifle", "officer", "detective")
    assert g.alive("B") and g.hand_size("B") == 5


def test_clan_wrath_as_great_heist_first_role_right():
    g = wrath("great_heist", "sheriff", "officer")
    assert g.sleeve("A") == ["pistol", "bunker"] and g.sleeve("B") == []


def test_clan_wrath_as_identity_theft_second_role_right():
    g = wrath("identity_theft", "officer", "sheriff")
    assert may_rebuild(g.state, g.pid("A"))
    assert g.events("identity_theft", to="A")[0].params["colours"] == ["boost", "chaos", "support"]


def test_clan_wrath_does_nothing_for_the_law():
    g = Mail.night(2).player("A", hand=["clan_wrath", "dummy"], sleeve=["dummy"]) \
        .player("B", secret="sheriff", hand=5)
    g.play("A", "clan_wrath", pay_sleeve=["dummy"]).resolve()
    assert g.alive("B") and g.hand_size("B") == 5


def test_clan_wrath_costs_1():
    g = Mail.night(2).player("A", secret="boss", hand=["clan_wrath", "dummy"]) \
        .player("B", secret="sheriff", hand=5)
    refusal = g.refusal("A", "play", card="clan_wrath", as_card="sniper_rifle", target="B", role="sheriff")
    assert refusal.code == "cost_unpayable"


# ---- the message log ----

def test_message_log_sent_and_received():
    g = Mail.day(1).player("A", hand=["rsvp", "dummy"]).player("B", hand=5)
    private(g, "A", "B", "приват")
    g.resolve()
    g.play("A", "rsvp", targets=["B"], messages=["аноним"]).resolve()
    assert [(m.sender, m.text, m.via) for m in sent_by(g.state, g.pid("A"))] == [
        (g.pid("A"), "приват", None), (g.pid("A"), "аноним", "rsvp")]
    assert [(m.sender, m.text) for m in received_by(g.state, g.pid("B"))] == [(g.pid("A"), "приват"), (None, "аноним")]



def test_identity_theft_mafia_may_name_nobody():
    """«по желанию назовите цель»: played without a guess, the card does nothing."""
    g = Mail.day(2).player("A", secret="boss", hand=["identity_theft", "dummy"]).player("B", secret="sheriff", hand=5)
    g.play("A", "identity_theft").resolve()
    assert not may_rebuild(g.state, g.pid("A")) and not g.events("identity_theft_missed")
    assert not g.state.effects_of("identity_stolen")
