"""The plugin interface every rule set implements, and the registry that finds them by name."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from functools import cache
from typing import Any

from engine.core.actions import Action, ActionDef, PaymentOptions
from engine.core.cards import CardCatalog, CardRegistry, CardSpec
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement
from engine.core.state import CardInstance, GameState, Order, PlayerState

RULESETS = ("micromafik", "mafik")


class Ruleset(ABC):
    """What a rule set provides: setup, deck rules, cards, orders, resolution, win."""

    name: str
    catalog: CardCatalog
    cards: CardRegistry
    queries: Queries
    pipeline: Pipeline
    replacements: list[tuple[int, str, Replacement]]
    # Order kinds of which a player has at most one; a new one replaces the old.
    single_orders: frozenset[str] = frozenset()
    # How many may sign up (the bot closes sign-up there).
    max_players: int = 15
    colours: tuple[str, ...] = ()  # the card colours, in the rule set's order
    # The actions besides plays (engine/core/actions.py), in the order a panel offers them.
    action_defs: tuple[ActionDef, ...] = ()
    play_zones: tuple[str, ...] = ("hand",)  # where a player plays cards from

    # ---- setup and deck building ----
    @abstractmethod
    def public_roles(self) -> list[dict[str, Any]]:
        """The public roles players choose from at sign-up, in priority order."""

    @abstractmethod
    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        """A new game in deck building, from (character name, public role) pairs."""

    @abstractmethod
    def deck_pick(self, state: GameState, pid: int, card: str) -> None:
        """Take one card of a draft offer."""

    @abstractmethod
    def deck_build(self, state: GameState, pid: int, cards: list[str]) -> None:
        """Submit a whole chosen deck."""

    @abstractmethod
    def deck_auto(self, state: GameState, pid: int) -> None:
        """Finish a player's deck building with a legal random choice (deadline default)."""

    @abstractmethod
    def start(self, state: GameState) -> None:
        """Deal hands and begin the first night, once every deck is built."""

    # ---- phases ----
    @abstractmethod
    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        """Raise Refusal if this set of orders is not allowed for the player now."""

    @abstractmethod
    def draw_one(self, state: GameState, player: PlayerState) -> CardInstance | None:
        """The top card of the player's deck, or what the rules give when it is empty."""

    @abstractmethod
    def play_cost(self, state: GameState, pid: int, uid: int, params: dict[str, Any]) -> int:
        """What playing card `uid` from the hand with these params costs this player now."""

    @abstractmethod
    def shown_hand_size(self, state: GameState, pid: int) -> int:
        """The hand size everyone is told (effects may bend it)."""

    @abstractmethod
    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        """What only this player knows beyond the generic view (points, perks, deck peeks…)."""

    def check_partial(self, state: GameState, pid: int, kind: str, card: int | None,  # noqa: B027 (optional hook)
                      params: dict[str, Any]) -> None:
        """Raise Refusal if what is chosen so far of an unfinished order is wrong already (the same checks
        as validate_orders, a parameter not chosen yet not refused). By default nothing is checked early."""

    def playable(self, state: GameState, pid: int, uid: int) -> None:  # noqa: B027 (optional hook)
        """Raise Refusal if card `uid` cannot be played now whatever the player chooses (the phase, a
        cost nothing could pay, a choice with nothing to choose). By default every card may be tried."""

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any]) -> None:
        """An instant action (not an order resolved at the deadline): none unless the rule set has some."""
        from engine.core.refusal import Refusal

        raise Refusal("not_allowed", what=action, reason="no_such_action")

    def on_submitted(self, state: GameState, pid: int, order: Order) -> None:  # noqa: B027 (optional hook)
        """Called after an order is accepted (e.g. an open vote is announced at once)."""

    def on_withdrawn(self, state: GameState, pid: int, order: Order) -> None:  # noqa: B027 (optional hook)
        """Called after an order is withdrawn (an open vote taken back is announced too)."""

    def aspect(self, state: GameState, pid: int, aspect: str) -> Any:
        """The truth about an aspect of a character that only this rule set knows (for checks)."""
        raise ValueError(f"unknown aspect {aspect!r}")

    def is_implemented(self, card_id: str) -> bool:
        return card_id in self.cards.behaviours

    # ---- what a player can do (api.actions, api.catalog) ----
    def abilities(self) -> dict[str, CardSpec]:
        """Abilities a card may grant, by card id, each as its card with the ability's own params."""
        return {}

    def player_colours(self, state: GameState, pid: int) -> tuple[str, ...]:
        """The colours that are the player's own now (none unless the rule set has such)."""
        return ()

    def payment_options(self, state: GameState, pid: int) -> PaymentOptions:
        """What may pay a card's cost: by default the other Hand cards and points one for one."""
        return PaymentOptions(cards=tuple(c.uid for c in state.player(pid).hand), points_per_cost=1)

    def granted_actions(self, state: GameState, pid: int) -> list[Action]:
        """Actions effects give this player now (Мафик's granted abilities); none by default."""
        return []


@cache
def get_ruleset(name: str) -> Ruleset:
    if name not in RULESETS:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(RULESETS)}")
    module = importlib.import_module(f"engine.rulesets.{name}")
    ruleset: Ruleset = module.RULESET
    return ruleset
