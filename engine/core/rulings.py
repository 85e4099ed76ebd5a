"""Questions the rules ask the master or a player: asked when they arise, answered before a deadline.

Some rules need a human judgement the engine cannot make — "the message must not contain links, even
indirect ones" (card messages), later the forbidden word of Цензура — and some a player's choice that
only arises while a phase resolves ("choose which two cards to discard", "answer the RSVP"). The engine
does not guess: the code that meets such a case asks a question with a stable key, its options, how many
to pick (`count`) and a default; the question is kept in `GameState.questions` and announced to whoever
is asked (event `master_question` to the master, `player_question` to that player), and the bot offers
its options as buttons. The options are fixed names (`among="names"`, worded by the kind) or values: the
asked player's card uids (`among="cards"`) or player ids (`among="players"`).

Two moments of asking, one rule of answering — a question is answered while its phase runs:
- `ask`: the question arises during a phase (an order is submitted) and belongs to that phase; the
  master (`api.rule`) or the player (`api.answer`) may answer, again to change the answer, until its
  deadline; at that phase's resolution the code reads `ruling` / `picked`.
- `ask_at_resolution`: the question arises while a phase resolves. Resolution stays atomic — it does not
  wait: the question is asked then and belongs to the NEXT phase; it is answered during that phase, and
  its effect applies when that phase resolves (the code that asked reads `picked` then).
Unanswered, the default applies, and whoever was asked is told (`master_default` / `player_default`).
(docs/rulings.md, "Questions to players"; docs/architecture.md.)

Rule sets declare their kinds of questions (`Ruleset.question_kinds`: each kind with its fixed option
names, none for a kind whose options are values); the bot's locales word each kind and option
(`question.<kind>`, `about.<kind>`, `ruling.<kind>.<option>`). A key names the situation precisely enough
that a changed situation asks anew (a card message's key carries its order and a hash of its text). Keys
travel in button data: short, and without ":".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.core.refusal import Refusal
from engine.core.state import GameState, JsonValue, MasterQuestion, Pick

# Questions of phases older than this many phases before the current one are dropped when a new one is
# asked: they can no longer be answered, and the event log keeps them.
KEEP_PHASES = 1
Among = Literal["names", "cards", "players"]


def ask(state: GameState, key: str, kind: str, options: Sequence[Pick], default: Pick | Sequence[Pick], *,
        oid: int | None = None, to: Literal["master"] | int = "master", count: int = 1, among: Among = "names",
        **params: JsonValue) -> MasterQuestion:
    """Ask a question of this phase (once per key: asking again returns the question already asked).
    `default` is one option for `count` 1, else `count` options."""
    return _ask(state, state.phase, key, kind, options, default, oid=oid, to=to, count=count, among=among,
                params=params)


def ask_at_resolution(state: GameState, key: str, kind: str, options: Sequence[Pick],
                      default: Pick | Sequence[Pick], *, to: Literal["master"] | int, count: int = 1,
                      among: Among = "names", **params: JsonValue) -> MasterQuestion:
    """Ask, while the current phase resolves, a question answered during the next phase; the code that
    asks reads `picked` when that phase resolves."""
    return _ask(state, state.phase + 1, key, kind, options, default, oid=None, to=to, count=count, among=among,
                params=params)


def _ask(state: GameState, phase: int, key: str, kind: str, options: Sequence[Pick],
         default: Pick | Sequence[Pick], *, oid: int | None, to: Literal["master"] | int, count: int,
         among: Among, params: dict[str, JsonValue]) -> MasterQuestion:
    asked = state.questions.get(key)
    if asked is not None:
        return asked
    _check_question(state, key, kind, options, default, to=to, count=count, among=among)
    state.questions = {k: q for k, q in state.questions.items() if q.phase >= state.phase - KEEP_PHASES}
    question = MasterQuestion(key=key, kind=kind, phase=phase, options=list(options), params=dict(params),
                              default=default if count == 1 else list(default),  # type: ignore[arg-type]
                              oid=oid, to=to, count=count, among=among, cards=_card_ids(state, to, options, among))
    state.questions[key] = question
    if to == "master":
        state.emit("master_question", "master", None, key=key, question=kind, offered=list(options),
                   default=question.default, **params)
    else:
        state.emit("player_question", "player", to, key=key, question=kind, pid=to, count=count,
                   **shown(question, question.options), **params)
    return question


def _check_question(state: GameState, key: str, kind: str, options: Sequence[Pick], default: Pick | Sequence[Pick],
                    *, to: Literal["master"] | int, count: int, among: Among) -> None:
    """A question the code asks must make sense: a mistake here is the rule set's bug, not a refusal."""
    from engine.core.ruleset import get_ruleset

    if ":" in key or not key:
        raise ValueError(f"a question key must be non-empty and without ':' (got {key!r})")
    declared = get_ruleset(state.ruleset).question_kinds
    if kind not in declared:
        raise ValueError(f"question kind {kind!r} is not among the rule set's question_kinds")
    if among == "names" and not set(options) <= set(declared[kind]):
        raise ValueError(f"options {list(options)!r} are not all declared for {kind!r}")
    if to != "master" and not 0 <= to < len(state.players):
        raise ValueError(f"no player {to!r} to ask")
    if (count == 1) == isinstance(default, (list, tuple)):
        raise ValueError(f"default {default!r}: one option for count 1, else a list of `count`")
    defaults = [default] if count == 1 else list(default)  # type: ignore[arg-type]
    if not 1 <= count <= len(options) or len(set(options)) != len(options):
        raise ValueError(f"cannot pick {count} of the options {list(options)!r}")
    if len(set(defaults)) != count or not set(defaults) <= set(options):
        raise ValueError(f"default {default!r} is not {count} of the options {list(options)!r}")


def _card_ids(state: GameState, to: Literal["master"] | int, options: Sequence[Pick], among: Among) -> list[str]:
    """Among the asked player's cards: each option's card id (what its button and the log show)."""
    if among != "cards" or to == "master":
        return []
    player = state.player(to)
    held = {c.uid: c.card for c in [*player.hand, *player.sleeve]}
    if not set(options) <= set(held):
        raise ValueError(f"options {list(options)!r} are not all cards of player {to}")
    return [held[int(uid)] for uid in options]


def shown(question: MasterQuestion, picks: Sequence[Pick]) -> dict[str, JsonValue]:
    """Some of a question's options as an event shows them: names as `offered` (worded by the kind),
    cards as `cards` (their card ids), players as `targets`."""
    if question.among == "cards":
        by_uid = dict(zip(question.options, question.cards, strict=True))
        return {"cards": [by_uid[p] for p in picks]}
    return {"targets" if question.among == "players" else "offered": list(picks)}


def asked(state: GameState, key: str) -> bool:
    return key in state.questions


def open_question(state: GameState, key: str) -> bool:
    """Can it still be answered? Its phase runs and the order it is about (if any) still stands."""
    question = state.questions[key]
    if state.status != "running" or question.phase != state.phase:
        return False
    return question.oid is None or any(o.oid == question.oid for orders in state.orders.values() for o in orders)


def may_answer(state: GameState, who: Literal["master"] | int, key: str) -> MasterQuestion:
    """The question, if `who` may answer it now: refused when it is unknown, asked of someone else, or
    closed."""
    question = state.questions.get(key) if isinstance(key, str) else None
    if question is None:
        raise Refusal("unknown_question", key=key)
    if question.to != who:
        raise Refusal("not_your_question", key=key)
    if not open_question(state, key):
        reason = "phase_over" if state.status != "running" or question.phase != state.phase else "order_withdrawn"
        raise Refusal("question_closed", key=key, reason=reason)
    return question


def check_answer(state: GameState, who: Literal["master"] | int, key: str, picks: Sequence[Pick]) -> None:
    """Refuse an answer that cannot be recorded: one `may_answer` refuses, not `count` different options,
    an option not offered."""
    question = may_answer(state, who, key)
    if not isinstance(picks, (list, tuple)) or len(picks) != question.count or len(set(picks)) != len(picks):
        raise Refusal("wrong_count", key=key, count=question.count)
    for pick in picks:
        if pick not in question.options:
            raise Refusal("option_not_offered", key=key, option=pick)


def decide(state: GameState, key: str, option: str) -> None:
    """Record the master's answer (checked by `api.rule`; a later answer replaces it)."""
    question = state.questions[key]
    question.choice = option
    state.emit("master_ruled", "master", None, key=key, question=question.kind, option=option, **question.params)


def answer(state: GameState, key: str, picks: Sequence[Pick]) -> None:
    """Record a player's answer (checked by `api.answer`; a later answer replaces it)."""
    question = state.questions[key]
    question.choice = picks[0] if question.count == 1 else list(picks)
    state.emit("player_answered", "master", None, key=key, question=question.kind, pid=question.to,
               **shown(question, picks), **question.params)


def ruling(state: GameState, key: str) -> str:
    """What was decided of a question of one named option: the choice, else the default (and whoever was
    asked is told, once)."""
    [pick] = picked(state, key)
    return str(pick)


def picked(state: GameState, key: str) -> list[Pick]:
    """What was picked: the answer, else the default (and whoever was asked is told, once)."""
    question = state.questions[key]
    chosen = question.choice
    if chosen is None:
        chosen = question.default
        if not question.defaulted:
            question.defaulted = True
            _told_default(state, question)
    return list(chosen) if isinstance(chosen, list) else [chosen]


def _told_default(state: GameState, question: MasterQuestion) -> None:
    if question.to == "master":
        state.emit("master_default", "master", None, key=question.key, question=question.kind,
                   option=question.default, **question.params)
        return
    defaults = question.default if isinstance(question.default, list) else [question.default]
    state.emit("player_default", "player", question.to, key=question.key, question=question.kind, pid=question.to,
               **shown(question, defaults), **question.params)
