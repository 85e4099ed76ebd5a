"""Questions the rules leave to the master: asked when they arise, answered before the deadline.

Some rules need a human judgement the engine cannot make — "the message must not contain links, even
indirect ones" (card messages), later the forbidden word of Цензура. The engine does not guess: the
code that meets such a case `ask`s the master a question with a stable key, a few options and a default;
the question is kept in `GameState.questions` and announced to the master (event `master_question`), and
the bot offers its options as buttons. The master may answer (`api.rule`, again to change the answer)
while the question's phase runs; at resolution the code reads `ruling`, which is the master's choice or,
if there is none, the default (then the master is told the default was applied: `master_default`).

A key names the situation precisely enough that a changed situation asks anew (a card message's key
carries its order and a hash of its text). Keys travel in button data: short, and without ":".
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.state import GameState, JsonValue, MasterQuestion

# Every kind of question and its options, registered by the modules that ask them (the bot's locales word
# each kind and option: `question.<kind>`, `ruling.<kind>.<option>`).
KINDS: dict[str, tuple[str, ...]] = {}
# Questions of phases older than this many phases before the current one are dropped when a new one is
# asked: they can no longer be answered, and the event log keeps them.
KEEP_PHASES = 1


def question_kind(kind: str, options: Sequence[str]) -> str:
    """Declare a kind of question with the options it offers (at import time)."""
    KINDS[kind] = tuple(options)
    return kind


def ask(state: GameState, key: str, kind: str, options: Sequence[str], default: str, *, oid: int | None = None,
        **params: JsonValue) -> MasterQuestion:
    """Ask the master (once per key: asking again returns the question already asked)."""
    asked = state.questions.get(key)
    if asked is not None:
        return asked
    if ":" in key or not key:
        raise ValueError(f"a question key must be non-empty and without ':' (got {key!r})")
    if default not in options:
        raise ValueError(f"default {default!r} is not among the options {list(options)!r}")
    state.questions = {k: q for k, q in state.questions.items() if q.phase >= state.phase - KEEP_PHASES}
    question = MasterQuestion(key=key, kind=kind, phase=state.phase, options=list(options), default=default,
                              params=dict(params), oid=oid)
    state.questions[key] = question
    state.emit("master_question", "master", None, key=key, question=kind, offered=list(options), default=default,
               **params)
    return question


def asked(state: GameState, key: str) -> bool:
    return key in state.questions


def open_question(state: GameState, key: str) -> bool:
    """Can the master still answer it? Its phase runs and the order it is about (if any) still stands."""
    question = state.questions[key]
    if state.status != "running" or question.phase != state.phase:
        return False
    return question.oid is None or any(o.oid == question.oid for orders in state.orders.values() for o in orders)


def decide(state: GameState, key: str, option: str) -> None:
    """Record the master's answer (checked by `api.rule`; a later answer replaces it)."""
    question = state.questions[key]
    question.choice = option
    state.emit("master_ruled", "master", None, key=key, question=question.kind, option=option, **question.params)


def ruling(state: GameState, key: str) -> str:
    """What was decided: the master's choice, else the default (and the master is told, once)."""
    question = state.questions[key]
    if question.choice is not None:
        return question.choice
    if not question.defaulted:
        question.defaulted = True
        state.emit("master_default", "master", None, key=key, question=question.kind, option=question.default,
                   **question.params)
    return question.default
