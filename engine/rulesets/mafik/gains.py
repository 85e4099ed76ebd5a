"""Draw gates and lasting gains: whether a player may draw now, and what effects give as a phase begins
or ends (issue 14, the `draw` mechanisms; rulings: docs/rulings/mafik-draws.md).

- **`may_draw`** (query; context `pid`, `reason`): may this player draw from the deck now? `reason` is
  "refill" (the replacements owed for Hand cards played or discarded: asked once per player, before the
  damage settles, by the refill gate below), "phase_start" (a draw as a phase begins) or "effect" (every
  other draw: `Mafik.draw_one` asks it of every draw from the deck, a Пустышка from an empty deck
  included). Кровотечение answers no to "refill", Все под контролем to everything.
- **Phase-start gains** (`EffectKind.start`, run by `begin_phase` before anything is ordered):
  `draw_next` (the Маньяк's bought draw, one phase), `draw_each_phase` ({count, zone, nights_only}:
  Супергерой) and `card_each_phase` ({card_gained, zone, nights_only, days_only, unless_held, at="start"}:
  Независимый доход). A `card_each_phase` with `at="end"` acts at the end of the phase's resolution
  instead (Unlimited blade works: "по итогам каждого дня").
"""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Step
from engine.core.resolution import Resolution
from engine.core.state import Effect, GameState
from engine.rulesets.mafik.cards.common import to_sleeve
from engine.rulesets.mafik.costs import sleeve_blocked
from engine.rulesets.mafik.deck import draw
from engine.rulesets.mafik.order import STEP_CARDS_AT_PHASE_END, STEP_REFILL_GATE
from engine.rulesets.mafik.registry import REGISTRIES

REASONS = ("refill", "effect", "phase_start")


def may_draw(state: GameState, pid: int, reason: str) -> bool:
    """May the player draw from the deck now, for this reason? (query `may_draw`, context pid, reason)"""
    allowed: bool = REGISTRIES.queries.ask("may_draw", state, True, pid=pid, reason=reason)
    return bool(allowed)


def draw_from_deck(state: GameState, pid: int, zone: str, count: int = 1, *, reason: str = "effect") -> int:
    """`count` top cards of the deck (a Пустышка when it is empty) into the Hand or the Sleeve (none into
    a Sleeve in Изгнание); how many came. Every card asks `may_draw` with `reason`."""
    player = state.player(pid)
    done = 0
    for _ in range(count):
        if not player.alive or (zone == "sleeve" and sleeve_blocked(state, pid, "receive")):
            break
        if not may_draw(state, pid, reason):
            break
        card = draw(state, player, zone)  # the on_draw hooks first (Кредит turns only a draw into the Hand)
        (player.sleeve if zone == "sleeve" else player.hand).append(card)
        done += 1
    return done


def _acts_now(state: GameState, effect: Effect) -> bool:
    if effect.params.get("nights_only") and not state.is_night:
        return False
    return not (effect.params.get("days_only") and state.is_night)


def _draw_next(state: GameState, effects: list[Effect]) -> None:
    """The Маньяк's bought draw: one card into the Hand or the Sleeve as the next phase begins."""
    for effect in effects:
        if effect.target is not None:
            draw_from_deck(state, effect.target, str(effect.params.get("zone", "hand")), reason="phase_start")


def _draw_each_phase(state: GameState, effects: list[Effect]) -> None:
    for effect in effects:
        if effect.target is not None and _acts_now(state, effect):
            draw_from_deck(state, effect.target, str(effect.params.get("zone", "hand")),
                           int(effect.params.get("count", 1)), reason="phase_start")


def gain_card(state: GameState, effect: Effect) -> bool:
    """A `card_each_phase` effect gives its card now (a new copy), unless `unless_held` and its target
    already holds one in that zone; False when nothing came."""
    if effect.target is None or not state.player(effect.target).alive or not _acts_now(state, effect):
        return False
    player = state.player(effect.target)
    card_id = str(effect.params["card_gained"])
    zone = str(effect.params.get("zone", "sleeve"))
    held = player.sleeve if zone == "sleeve" else player.hand
    if effect.params.get("unless_held") and any(c.card == card_id for c in held):
        return False
    if zone == "sleeve":
        return to_sleeve(state, player.pid, state.new_card(card_id))
    player.hand.append(state.new_card(card_id))
    return True


def _cards_at_start(state: GameState, effects: list[Effect]) -> None:
    for effect in effects:
        if effect.params.get("at", "start") == "start":
            gain_card(state, effect)


def _cards_at_end(res: Resolution) -> None:
    for effect in res.state.effects_of("card_each_phase"):
        if effect.params.get("at") == "end":
            gain_card(res.state, effect)


def _refill_gate(res: Resolution) -> None:
    """The replacements owed to a player who may not draw them are dropped before the damage settles:
    damage then discards from the Hand, as it would for a player who played nothing."""
    for pid, owed in res.refills.items():
        if owed and res.state.player(pid).alive and not may_draw(res.state, pid, "refill"):
            owed.clear()


REGISTRIES.rule(
    steps=(Step("refill_gate", STEP_REFILL_GATE, _refill_gate),
           Step("cards_at_phase_end", STEP_CARDS_AT_PHASE_END, _cards_at_end)),
    effects=(EffectKind("draw_next", known=True, start=_draw_next),
             EffectKind("draw_each_phase", own=True, start=_draw_each_phase),
             EffectKind("card_each_phase", own=True, start=_cards_at_start)),
)


def phase_start(state: GameState) -> None:
    """What lasting effects give as a phase begins (each kind's `start`), before any order is made."""
    REGISTRIES.effects.start(state)
