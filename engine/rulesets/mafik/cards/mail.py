"""Private messages (issue 15, mail): RSVP, Безлимитный тариф, Взлом Почты., Свобода слова, Отбор, Цензура,
Кража личности, Гнев клана.

What was sent and received is read from the message log (engine/core/message_log.py) — the events that
carried every private and card message. Readings: docs/rulings/mafik-mail.md.
"""

from __future__ import annotations

import re
from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.play import apply_effect
from engine.cardgame.registries import Query, Step
from engine.core import message_log, messages
from engine.core.durations import FROM_NEXT_PHASE, NEXT_DAY, NEXT_PHASE, THIS_PHASE, UNTIL_END
from engine.core.message_log import PUBLIC_MESSAGE
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.rulings import ask_at_resolution, ruling
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    card_message,
    grant_ability,
    guessed_role,
    new_card_to_sleeve,
    tell_or_share,
)
from engine.rulesets.mafik.cards.decks import NEXT_DECK
from engine.rulesets.mafik.order import (
    STEP_CENSORSHIP_ASK,
    STEP_CENSORSHIP_VOTES,
    STEP_IDENTITY_THEFT_FORWARD,
    STEP_MAIL_HACK,
)
from engine.rulesets.mafik.registry import BLANK, REGISTRIES
from engine.rulesets.mafik.roles import SECRET_ROLES

# ---- RSVP ----

def rsvp(play: Play) -> None:
    """An anonymous message to the target (lower stance: to each of 2 targets); the next day each target
    may answer once, through the RSVP's ability, without learning who wrote. The answer itself (the
    ability, via="ability") goes to every sender whose RSVP gave the right, signed."""
    if play.via == "ability":
        _rsvp_answer(play)
        return
    texts = [str(t) for t in play.params.get("messages") or []]
    for target, text in zip(play.targets, texts, strict=False):
        if not play.state.player(target).alive:
            continue
        card_message(play, target, text, anonymous=True)
        if not messages.delivered(play.state, play.actor, play.order, text):
            continue  # the master withheld it: nothing came, nothing to answer
        # the ability of the card, granted to the target for the next day; its source is the sender
        play.effect("ability", target=target, during=NEXT_DAY, card=play.spec.id, nights_only=False,
                    instead_of=None)
        play.tell(target, "rsvp_may_answer")


def _rsvp_answer(play: Play) -> None:
    text = str(play.params.get("message") or "")
    senders = dict.fromkeys(e.source for e in play.state.effects_of("ability", target=play.actor)
                            if e.params.get("card") == play.spec.id and e.source is not None)
    for sender in senders:
        if play.state.player(sender).alive:
            card_message(play, sender, text, anonymous=False)


REGISTRIES.declare("rsvp", rsvp)


# ---- Безлимитный тариф ----

def unlimited_plan(play: Play) -> None:
    """Until the end of the game, once every phase (nights too), a signed message to any living target:
    the card's ability from the next phase (this phase's orders are already given)."""
    if play.via == "ability":
        card_message(play, play.target, str(play.params.get("message") or ""), anonymous=False)
        return
    grant_ability(play, during=FROM_NEXT_PHASE)
    play.tell(play.actor, "unlimited_plan")


REGISTRIES.declare("unlimited_plan", unlimited_plan)


# ---- Взлом Почты. ----

def mail_hack(play: Play) -> None:
    """Read at the end of the phase (after this phase's card messages went out): see `_mail_hack`."""
    sender, to = play.params.get("sender"), play.params.get("recipient")
    if isinstance(sender, int) and isinstance(to, int):
        play.res.scratch.setdefault("mail_hack", []).append((play.actor, sender, to))


def _mail_hack(res: Resolution) -> None:
    """Every message the first target sent the second by day (private and card messages, today's too),
    oldest first; the Шпион's whole mafia gets them as well."""
    state = res.state
    for actor, sender, to in res.scratch.get("mail_hack", []):
        found = [m for m in message_log.sent_by(state, sender, to) if m.by_day]
        for message in found:
            tell_or_share(state, actor, "mail_hack_message", card="mail_hack", sender=sender, to=to,
                          text=message.text, phase=message.phase)
        if not found:
            tell_or_share(state, actor, "mail_hack_none", card="mail_hack", sender=sender, to=to)


REGISTRIES.declare("mail_hack", mail_hack, steps=(Step("mail_hack", STEP_MAIL_HACK, _mail_hack),))


# ---- Свобода слова ----

UNLIMITED = 999  # "ограничение на один приват в день снимается": more than a day can use


def freedom_of_speech(play: Play) -> None:
    """The next day the player's private messages are not limited; everyone learns it."""
    effect = play.effect("freedom_of_speech", target=play.actor, during=NEXT_DAY)
    play.announce("freedom_of_speech", actor=play.actor, until=effect.end)


@only_while("freedom_of_speech")
def _unlimited(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return UNLIMITED if state.effects_of("freedom_of_speech", target=pid) else value


REGISTRIES.declare("freedom_of_speech", freedom_of_speech, queries=(Query("private_messages", _unlimited),),
                   effects=(EffectKind("freedom_of_speech", own=True),))


# ---- Отбор ----

def selection(play: Play) -> None:
    """At least 3 living others: one at random gets a Пустышка into the Sleeve, the others the signed message."""
    living = [t for t in play.targets if play.state.player(t).alive]
    if not living:
        return
    unlucky = play.state.random.choice(living)
    if new_card_to_sleeve(play.state, unlucky, BLANK):
        play.tell(unlucky, "selection_blank")
    text = str(play.params.get("message") or "")
    for target in living:
        if target != unlucky:
            card_message(play, target, text, anonymous=False)


REGISTRIES.declare("selection", selection)


# ---- Цензура ----

CENSORED = "censored_word"  # the forbidden word in force (a public effect)
VIOLATION, NO_VIOLATION = "violation", "no_violation"
QUESTION = "censorship_violation"
# The question Цензура asks the master, for the rule set's `question_kinds`.
QUESTION_KINDS: dict[str, tuple[str, ...]] = {QUESTION: (VIOLATION, NO_VIOLATION)}
CENSORED_VOTE = "censored_vote"
MAX_WORDS = 2
MAX_TEXT = 4000
_WORD = re.compile(r"[^\W\d_]+")


def words_of(text: str) -> list[str]:
    """The words of a text, lower case, «ё» read as «е»."""
    return _WORD.findall(text.casefold().replace("ё", "е"))


def _stem(word: str) -> str:
    """A word without its case ending, roughly: the last 2 letters off a long word, 1 off a shorter one
    (never below 3 letters): «разведка» → «развед», matching «разведки», «разведкой»…"""
    cut = 2 if len(word) > 5 else 1 if len(word) > 3 else 0
    return word[:len(word) - cut]


def may_contain(text: str, forbidden: str) -> bool:
    """Might `text` contain the forbidden word or two-word phrase in some form? A wide net, for the master
    to judge (the master decides what is a form of the word)."""
    stems = [_stem(w) for w in words_of(forbidden)]
    if not stems:
        return False
    words = words_of(text)
    for i in range(len(words) - len(stems) + 1):
        if all(words[i + j].startswith(s) and len(words[i + j]) <= len(s) + 4 for j, s in enumerate(stems)):
            return True
    return False


def censorship(play: Play) -> None:
    """A forbidden word (or 2-word phrase) for the next phase; everyone learns it."""
    words = " ".join(words_of(str(play.params.get("words") or "")))
    effect = play.effect(CENSORED, during=NEXT_PHASE, words=words)
    play.announce("censorship", words=words, until=effect.end)


def _censorship_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if not 1 <= len(words_of(str(params.get("words") or ""))) <= MAX_WORDS:
        raise Refusal("bad_param", card="censorship", param="words", reason="one_or_two_words")


@only_while(CENSORED)
def _censorship_ask(res: Resolution) -> None:
    """At the end of the censored phase: every message sent in it that may contain a forbidden word is a
    question to the master (answered in the next phase; unanswered, it counts as a violation)."""
    state = res.state
    for effect in state.effects_of(CENSORED):
        words = str(effect.params["words"])
        for message in message_log.sent_in_phase(state, state.phase):
            if message.sender is None or not may_contain(message.text, words):
                continue
            ask_at_resolution(state, f"cens-{effect.eid}-{message.seq}", QUESTION, (VIOLATION, NO_VIOLATION),
                              VIOLATION, to="master", sender=message.sender, text=message.text,
                              words=words)


def _public_message(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """A player's message in the public thread, reported by the master (the engine does not read the group):
    while a forbidden word is in force, the same question as for the other messages (the master reports what
    he suspects, so it is asked whatever the wide net says)."""
    text = params.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise Refusal("bad_param", param="text", reason="empty_message" if not text else "message_too_long")
    for effect in state.effects_of(CENSORED):
        ask_at_resolution(state, f"cens-{effect.eid}-{len(state.events) + 1}", QUESTION, (VIOLATION, NO_VIOLATION),
                          VIOLATION, to="master", sender=pid, text=text, words=str(effect.params["words"]))


def _censorship_votes(res: Resolution) -> None:
    """The answers of last phase's questions, before the Вече: each violation is one more vote against the
    violator at the next Вече (this day's, or the next day's after a night), and everyone learns it."""
    state = res.state
    asked = [q for q in state.questions.values() if q.kind == QUESTION and q.phase == state.phase]
    for question in asked:
        if ruling(state, question.key) != VIOLATION:
            continue
        violator = question.params.get("sender")
        if not isinstance(violator, int) or not state.player(violator).alive:
            continue
        state.add_effect(CENSORED_VOTE, target=violator, during=THIS_PHASE if state.is_day else NEXT_DAY)
        state.emit("censorship_violation", "public", None, pid=violator, words=question.params.get("words"))


@only_while(CENSORED_VOTE)
def _censored_votes(state: GameState, value: int, *, target: int, **_: Any) -> int:
    return value + len(state.effects_of(CENSORED_VOTE, target=target))


REGISTRIES.declare("censorship", censorship, check=_censorship_check, actions={PUBLIC_MESSAGE: _public_message},
                   effects=(EffectKind(CENSORED), EffectKind(CENSORED_VOTE, known=True)),
                   queries=(Query("votes_against", _censored_votes),),
                   steps=(Step("censorship:ask", STEP_CENSORSHIP_ASK, _censorship_ask),
                          Step("censorship:votes", STEP_CENSORSHIP_VOTES, _censorship_votes)))


# ---- Кража личности ----

STOLEN = "identity_stolen"  # on the target: the mafia learns every message it receives; `seen` the last event read


def identity_theft(play: Play) -> None:
    """Nothing, except for the Мафия naming a target and its Law role: on a right guess the player may build
    a new deck in the next phase (however full the old one) with the named role's colours besides his own,
    and until the end of the game the mafia learns every message the target has received and receives."""
    role = play.params.get("role")
    if not play.by_mafia or "target" not in play.params or not role:
        return
    if not guessed_role(play, play.target, role):
        play.tell(play.actor, "identity_theft_missed", target=play.target)
        return
    effect = play.effect("may_rebuild", target=play.actor, during=NEXT_PHASE)
    for colour in SECRET_ROLES[str(role)].colours:
        play.effect(NEXT_DECK, target=play.actor, during=NEXT_PHASE, op="add", new=colour, next_build=True,
                    card=play.spec.id)
    play.tell(play.actor, "identity_theft", target=play.target, colours=list(SECRET_ROLES[str(role)].colours),
              until=effect.end)
    state = play.state
    if not state.effects_of(STOLEN, target=play.target):  # already read: nothing new to forward
        _forward(state, state.add_effect(STOLEN, target=play.target, source=play.actor, during=UNTIL_END, seen=0))


def _forward(state: GameState, effect: Any) -> None:
    """The messages the target received since the effect last looked, to the whole mafia, as received."""
    seen = int(effect.params.get("seen") or 0)
    for message in message_log.received_by(state, int(effect.target), after=seen):
        state.emit("identity_theft_message", "faction", "mafia", target=effect.target, sender=message.sender,
                   text=message.text, phase=message.phase)
    effect.params["seen"] = len(state.events)


@only_while(STOLEN)
def _forward_all(res: Resolution) -> None:
    for effect in res.state.effects_of(STOLEN):
        _forward(res.state, effect)


REGISTRIES.declare("identity_theft", identity_theft, effects=(EffectKind(STOLEN),),
                   steps=(Step("identity_theft:forward", STEP_IDENTITY_THEFT_FORWARD, _forward_all),))


# ---- Гнев клана ----

def clan_wrath(play: Play) -> None:
    """Nothing, except for the Мафия: played as Снайперская винтовка, Кража личности or Великое ограбление,
    naming up to two secret roles — it works if either is the target's (the first right one is named)."""
    as_card = play.params.get("as_card")  # one of the three, by the card's data
    if not play.by_mafia or not isinstance(as_card, str):
        return
    params: dict[str, JsonValue] = {k: v for k, v in play.params.items() if k not in ("as_card", "role2")}
    roles = [r for r in (play.params.get("role"), play.params.get("role2")) if r]
    if roles and "target" in play.params:
        right = next((r for r in roles if guessed_role(play, play.target, r)), None)
        params["role"] = right if right is not None else roles[0]
    apply_effect(play, str(as_card), params, via=play.spec.id)


def _clan_wrath_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """A role named needs a target."""
    if (params.get("role") or params.get("role2")) and "target" not in params:
        raise Refusal("bad_param", card="clan_wrath", param="target", reason="missing")


REGISTRIES.declare("clan_wrath", clan_wrath, check=_clan_wrath_check)
