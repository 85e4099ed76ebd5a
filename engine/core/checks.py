"""The one service that answers "what does X learn about Y?" — every check, as a recorded event.

Every effect that learns something about a character (its side, secret role, colours, cards…)
asks here (`inspect`; `learn` is its short form). A check:
1. asks the query `check_target` whose truth is read: a redirect may answer another character
   (Мафик's Подмена: the chosen one; Зеркало: the observer);
2. reads that character's truth (`true_aspect`, or the caller's own reading `truth`, a value or a
   function of the character read — "2 random Hand cards" are drawn from whoever is read);
3. folds it through the query `appearance` (disguises, randomisers) with the context `observer`,
   `target` (the character read), `aimed_at`, `aspect`, `card`, `undeceivable`;
4. appends a `CheckRecord` to `state.checks`, so that reactions to being checked can run (this
   phase's and the previous phase's records are kept; older ones are dropped as new ones come).

An undeceivable check (Мафик's Оракул: «нельзя обмануть ничем, кроме…») runs only the modifiers of
both queries registered with the flag `DECEIVES_UNDECEIVABLE` — a disguise says so when it is
declared (`Query("appearance", fn, layer=…, flags=(DECEIVES_UNDECEIVABLE,))`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.ruleset import Ruleset
from engine.core.state import CheckRecord, GameState, JsonValue

DECEIVES_UNDECEIVABLE = "deceives_undeceivable"  # a modifier that acts even on an undeceivable check

KEPT_PHASES = 2  # the records of this phase and the previous one (reactions look no further back)

Truth = JsonValue | Callable[[int], JsonValue]


def true_aspect(ruleset: Ruleset, state: GameState, target: int, aspect: str) -> JsonValue:
    """The truth a check starts from: side, secret role, hand, sleeve — or what the rule set knows
    (Мафик: colours, stance)."""
    player = state.player(target)
    if aspect == "side":
        return player.faction
    if aspect == "secret_role":
        return player.secret_role
    if aspect == "hand":
        return [c.card for c in player.hand]
    if aspect == "sleeve":
        return [c.card for c in player.sleeve]
    return ruleset.aspect(state, target, aspect)


def _ask(ruleset: Ruleset, name: str, state: GameState, value: JsonValue, **context: JsonValue) -> JsonValue:
    if context["undeceivable"]:
        return ruleset.queries.ask_flagged(name, DECEIVES_UNDECEIVABLE, state, value, **context)
    return ruleset.queries.ask(name, state, value, **context)


def inspect(ruleset: Ruleset, state: GameState, observer: int, target: int, aspect: str, *,
            card: str | None = None, undeceivable: bool = False, truth: Truth | None = None,
            record: bool = True) -> JsonValue:
    """What `observer` learns of `target`'s `aspect` by a check (of `card`, if a card's), recorded."""
    context: dict[str, JsonValue] = {"observer": observer, "aimed_at": target, "aspect": aspect, "card": card,
                                     "undeceivable": undeceivable}
    read = int(_ask(ruleset, "check_target", state, target, target=target, **context))
    if truth is None:
        value = true_aspect(ruleset, state, read, aspect)
    elif callable(truth):
        value = truth(read)
    else:
        value = truth
    value = _ask(ruleset, "appearance", state, value, target=read, **context)
    if record:
        state.checks = [c for c in state.checks if c.phase >= state.phase - KEPT_PHASES + 1]
        state.checks.append(CheckRecord(phase=state.phase, observer=observer, aimed_at=target, read=read,
                                        aspect=aspect, card=card))
    return value


def learn(ruleset: Ruleset, state: GameState, observer: int, target: int, aspect: str,
          truth: JsonValue | None = None, *, card: str | None = None, undeceivable: bool = False) -> JsonValue:
    """What `observer` learns of `target`'s `aspect` (the truth unless a disguise says otherwise): a
    recorded, redirectable check (`inspect`)."""
    return inspect(ruleset, state, observer, target, aspect, card=card, undeceivable=undeceivable, truth=truth)


def checks_of(state: GameState, *, phase: int | None = None, observer: int | None = None,
              aimed_at: int | None = None) -> list[CheckRecord]:
    """The recorded checks of a phase (default: this one), by an observer and/or aimed at a character."""
    at = state.phase if phase is None else phase
    return [c for c in state.checks if c.phase == at and (observer is None or c.observer == observer)
            and (aimed_at is None or c.aimed_at == aimed_at)]
