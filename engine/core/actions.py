"""What a player can do now (`api.actions`): plain descriptors a bot renders without knowing the rules.

A rule set declares its actions besides plays as `ActionDef`s — what is submitted (an order kind for
`api.submit`, or an instant action for `api.act`), the locale key of its label, the parameters to ask
for (the same `ParamSpec` kinds as cards) and its requirements. A requirement is a function that raises
the Refusal the rules give when it is not met; the same functions guard the orders and actions
themselves, so an offer and its check cannot drift apart. Abilities (role perks, granted powers) are
declared in data and checked by one validator (engine/core/abilities.py), which builds their ActionDefs. Described
for a player, each becomes an `Action` with `available` and, when not, `why` (the first unmet
requirement's Refusal). The engine still validates everything that is submitted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.cards import ParamSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState, PlayerState

Requirement = Callable[[GameState, int], None]  # raises Refusal when it is not met


@dataclass(frozen=True)
class PaymentOptions:
    """What may pay a cost: these cards (uids), and points at `points_per_cost` a cost (0: none), in
    `currency` (what the points are: "points", "blood"); `most`, the largest cost all of it could pay
    now (the rules may cap some cards); `notes`, locale keys of what a payment screen should say besides
    (a role's own way to pay)."""

    cards: tuple[int, ...] = ()
    points_per_cost: int = 0
    currency: str = "points"
    most: int = 0
    notes: tuple[str, ...] = ()


@dataclass(slots=True)
class Action:
    """One thing a player can do now. `kind` is what is submitted: `api.act(kind)` when `instant`,
    else `api.submit(kind)`. `source`: "hand" / "sleeve" (a card's play), "role" (a role's order or
    action), "ability" (a granted ability), "phase" (what the phase gives everyone: votes, discards).
    A description made afresh for every panel (a dozen or more a click): read it, never change it — it is
    not frozen because a frozen dataclass takes four times as long to make."""

    id: str
    kind: str
    source: str
    label_key: str = ""  # a locale key; "" for a card or an ability (named by `card_id`)
    instant: bool = False
    params: tuple[ParamSpec, ...] = ()
    preset: tuple[tuple[str, Any], ...] = ()  # params fixed by the choice of this action
    card: int | None = None  # the played card's uid
    card_id: str | None = None  # the card (or the card whose ability it is)
    cost: int | None = None
    payment: PaymentOptions | None = None
    available: bool = True
    why: Refusal | None = None
    screen: str = ""  # a dedicated screen the bot offers it on (see ActionDef.screen); "" the generic flow


@dataclass(frozen=True)
class ActionDef:
    """A rule set's declaration of an action besides plays."""

    id: str
    kind: str
    source: str
    label_key: str
    instant: bool = False
    params: tuple[ParamSpec, ...] = ()
    preset: tuple[tuple[str, Any], ...] = ()
    requires: tuple[Requirement, ...] = ()
    # The params as they stand now, when the phase narrows them (the Маньяк's blood uses by day).
    params_now: Callable[[GameState, int], tuple[ParamSpec, ...]] | None = None
    # How a bot best asks for it, when not by the generic parameter flow: "vote", "punishment",
    # "kill_vote", "kill_boost" (the phase's votes, each on its screen), "reply" (a message to answer),
    # "discard" (from a card's screen), "instant" (one press, no parameters), "amount" (a number paid in
    # the cost currency), "hand_card" (one Hand card), "card_order" (an order on one held card, offered on
    # the screen of each card `api.check(kind, card=…)` accepts, then paid and confirmed like a play). A
    # presentation hint: the engine checks the same.
    screen: str = ""

    @property
    def action(self) -> Action:
        """The declaration as a descriptor, without a player (for a catalog)."""
        return Action(id=self.id, kind=self.kind, source=self.source, label_key=self.label_key,
                      instant=self.instant, params=self.params, preset=self.preset, screen=self.screen)

    def why_not(self, state: GameState, pid: int) -> Refusal | None:
        for requirement in self.requires:
            try:
                requirement(state, pid)
            except Refusal as refusal:
                return refusal.kept()
        return None

    def describe(self, state: GameState, pid: int) -> Action:
        why = self.why_not(state, pid)
        params = self.params_now(state, pid) if self.params_now is not None else self.params
        return Action(id=self.id, kind=self.kind, source=self.source, label_key=self.label_key, instant=self.instant,
                      params=params, preset=self.preset, available=why is None, why=why, screen=self.screen)


# ---------------------------------------------------------------- the checks the rules share

def used_flag(role: str) -> str:
    """The player flag that marks a once-a-game perk of this role spent."""
    return f"used_{role}"


def need_public_role(state: GameState, pid: int, role: str, what: str) -> PlayerState:
    player = state.player(pid)
    if player.public_role != role:
        raise Refusal("not_allowed", what=what, reason="role")
    return player


def need_unused(player: PlayerState, role: str, what: str) -> None:
    if player.flags.get(used_flag(role)):
        raise Refusal("limit_reached", what=what, reason="once_a_game")


def need_day(state: GameState, what: str) -> None:
    if not state.is_day:
        raise Refusal("wrong_phase", what=what, reason="day_only")


def need_night(state: GameState, what: str) -> None:
    if not state.is_night:
        raise Refusal("wrong_phase", what=what, reason="night_only")


# ---------------------------------------------------------------- requirements built from them


def faction(name: str, what: str) -> Requirement:
    def check(state: GameState, pid: int) -> None:
        if state.player(pid).faction != name:
            raise Refusal("not_allowed", what=what, reason="faction")
    return check


def by_day(what: str) -> Requirement:
    return lambda state, _pid: need_day(state, what)


def by_night(what: str) -> Requirement:
    return lambda state, _pid: need_night(state, what)


def holds(zone: str, what: str, least: int = 1) -> Requirement:
    """At least `least` cards in the player's "hand" or "sleeve"."""
    def check(state: GameState, pid: int) -> None:
        if len(getattr(state.player(pid), zone)) < least:
            raise Refusal("not_allowed", what=what, reason=f"no_{zone}_cards", least=least)
    return check


def has_effect(kind: str, what: str) -> Requirement:
    """An effect of this kind on the player (a granted right, an activated perk)."""
    def check(state: GameState, pid: int) -> None:
        if not state.effects_of(kind, target=pid):
            raise Refusal("not_allowed", what=what, reason=f"no_{kind}")
    return check
