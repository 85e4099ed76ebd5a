"""Where the mail cards meet each other and the cards already done (im1…): docs/rulings/mafik-mail.md."""

from __future__ import annotations

from engine.core import api
from engine.core.durations import UNTIL_END
from engine.core.messages import KIND as CARD_MESSAGE_QUESTION
from engine.core.messages import WITHHOLD
from engine.rulesets.mafik.cards.mail import UNLIMITED
from engine.rulesets.mafik.comms import private_allowance
from engine.rulesets.mafik.deck import may_rebuild
from tests.engine.mafik.test_cards_mail import Mail, ability, all_vote, card_messages, private


def test_im1_identity_theft_forwards_an_rsvp_anonymously_but_not_the_targets_answer():
    """Кража личности × RSVP: the mafia reads what the target receives (the anonymous RSVP, anonymous), not
    what it sends (its answer)."""
    g = Mail.night(2).player("A", secret="boss", hand=["identity_theft", "dummy"]) \
        .player("B", secret="sheriff", hand=5).player("C", hand=["rsvp", "dummy"])
    g.play("A", "identity_theft", target="B", role="sheriff")
    g.play("C", "rsvp", targets=["B"], messages=["кто я?"]).resolve()
    ability(g, "B", "rsvp", message="не знаю")
    g.resolve()
    assert card_messages(g, "C") == [(g.pid("B"), "не знаю", "rsvp")]
    assert [(e.params["sender"], e.params["text"]) for e in g.events("identity_theft_message")] == [(None, "кто я?")]


def test_im2_mail_hack_does_not_read_a_message_the_master_withheld():
    """Взлом Почты. × the master's review of card messages: a withheld message was never sent."""
    g = Mail.night(2).player("A", hand=["mail_hack", "dummy"]).player("B", hand=["unlimited_plan", "dummy"]) \
        .player("C", hand=5)
    g.play("B", "unlimited_plan").resolve()
    order = g.order("B", "ability", ability="unlimited_plan", target="C", message="t.me/ссылка")
    [key] = [k for k, q in g.state.questions.items() if q.kind == CARD_MESSAGE_QUESTION and q.oid == order.oid]
    api.rule(g.state, key, WITHHOLD)
    g.play("A", "mail_hack", sender=g.pid("B"), recipient=g.pid("C")).resolve()
    assert card_messages(g, "C") == []
    assert g.events("mail_hack_none", to="A") and not g.events("mail_hack_message")


def test_im3_censorship_catches_an_rsvp_answer():
    """Цензура × RSVP: the answer, given on the censored day, is a message like any other."""
    g = Mail.night(2).player("A", hand=["censorship", "dummy"]).player("B", hand=5) \
        .player("C", hand=["rsvp", "dummy"])
    g.play("A", "censorship", words="шериф")
    g.play("C", "rsvp", targets=["B"], messages=["ты кто?"]).resolve()
    ability(g, "B", "rsvp", message="я шерифа знаю")
    g.resolve()
    g.resolve()
    assert [e.params["pid"] for e in g.public("censorship_violation")] == [g.pid("B")]
    assert all_vote(g, "C")[g.pid("B")] == 1


def test_im4_identity_theft_fails_against_disguise():
    """Кража личности × Маскировка: «карты, которые требуют угадать вашу Тайную роль, работают, как если бы не
    угадали»."""
    g = Mail.night(2).player("A", secret="boss", hand=["identity_theft", "dummy"]) \
        .player("B", secret="sheriff", hand=["disguise", "dummy"], sleeve=["dummy"])
    g.play("B", "disguise", role="officer", pay_sleeve=["dummy"])
    g.play("A", "identity_theft", target="B", role="sheriff").resolve()
    assert g.events("identity_theft_missed", to="A")
    assert not may_rebuild(g.state, g.pid("A"))


def test_im5_clan_wrath_second_role_right_fails_against_disguise_too():
    """Гнев клана × Маскировка: each named role goes through the same guess; a disguise makes both fail."""
    g = Mail.night(2).player("A", secret="boss", hand=["clan_wrath", "dummy"], sleeve=["dummy"]) \
        .player("B", secret="sheriff", hand=["disguise", "dummy"], sleeve=["dummy"])
    g.play("B", "disguise", role="officer", pay_sleeve=["dummy"])
    g.play("A", "clan_wrath", pay_sleeve=["dummy"], as_card="sniper_rifle", target="B", role="officer",
           role2="sheriff").resolve()
    assert g.alive("B")


def test_im6_selection_the_unlucky_one_in_exile_gets_no_dummy():
    """Отбор × Изгнание: a Sleeve that takes no cards keeps the Пустышка out; the others get the message."""
    g = Mail.night(2).player("A", hand=["selection", "dummy"]).player("B", hand=5).player("C", hand=5) \
        .player("D", hand=5)
    g.build()
    for name in "BCD":
        g.state.add_effect("exile", target=g.pid(name), during=UNTIL_END)
    g.play("A", "selection", targets=["B", "C", "D"], message="привет").resolve()
    assert all(g.sleeve(n) == [] for n in "BCD")
    assert sum(1 for n in "BCD" if card_messages(g, n)) == 2
    assert not g.events("selection_blank")


def test_im7_freedom_of_speech_for_the_gossip_too():
    """Свобода слова × Сплетник (two private messages a day): no limit either."""
    g = Mail.night(2).player("A", role="gossip", hand=["freedom_of_speech", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=5)
    g.build()
    assert private_allowance(g.state, g.pid("A")) == 2
    g.play("A", "freedom_of_speech", pay_sleeve=["dummy", "dummy"]).resolve()
    assert private_allowance(g.state, g.pid("A")) == UNLIMITED
    for i in range(4):
        private(g, "A", "B", str(i))
    assert len(g.events("private_message", to="B")) == 4


def test_im8_rsvp_withheld_by_the_master_gives_no_right_to_answer():
    """RSVP × the master's review: a message withheld never came, so there is nothing to answer."""
    g = Mail.night(2).player("A", hand=["rsvp", "dummy"]).player("B", hand=5)
    order = g.order("A", "play", card="rsvp", targets=["B"], messages=["t.me/ссылка"])
    [key] = [k for k, q in g.state.questions.items() if q.kind == CARD_MESSAGE_QUESTION and q.oid == order.oid]
    api.rule(g.state, key, WITHHOLD)
    g.resolve()
    assert card_messages(g, "B") == [] and not g.events("rsvp_may_answer")
    assert g.refusal("B", "ability", ability="rsvp", message="ответ")
