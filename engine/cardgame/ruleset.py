"""`CardRuleset`: the interface of a card game, on top of the core's `Ruleset`."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cardgame.deckrules import DeckRules, check_selection
from engine.cardgame.options import PlayOption
from engine.cardgame.presence import card_presence
from engine.core.actions import PaymentOptions
from engine.core.cards import CardRegistry, CardSpec
from engine.core.phase import DeathRule
from engine.core.presence import Presence
from engine.core.refusal import Refusal
from engine.core.ruleset import Ruleset
from engine.core.state import CardInstance, GameState, Payment, PlayerState

if TYPE_CHECKING:
    from engine.cardgame.registries import CardGameRegistries


class CardRuleset(Ruleset):
    """A card game: deck building, draws, costs, hand sizes, damage as discards, death at 0 cards.

    A subclass names its registries (`class Mafik(CardRuleset, registries=REGISTRIES)`), which give it
    its name, cards, queries, pipeline, replacements and death rules."""

    deck_building: ClassVar[bool] = True
    registries: ClassVar[CardGameRegistries]
    cards: CardRegistry
    death_rules: list[DeathRule]

    def __init_subclass__(cls, registries: CardGameRegistries | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if registries is not None:
            cls.registries = registries
            cls.name = registries.name
            cls.catalog = registries.catalog
            cls.cards = registries.cards
            cls.queries = registries.queries
            cls.pipeline = registries.pipeline
            cls.replacements = registries.replacements
            cls.death_rules = registries.death_rules

    # ---- deck building ----
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
    def deck_rules(self, state: GameState, pid: int) -> DeckRules:
        """What this player may build now, and the pool and limits a deck of theirs is held to (given
        whether or not a building is open, so a deck may be judged at any time)."""

    def deck_rules_of(self, state: GameState, pid: int, cards: list[str]) -> DeckRules:
        """`deck_rules`, as far as a judgement of these cards reads them: a rule set whose pool is costly
        to compute may give only these cards' entries of it (a deck is judged at every build). The whole
        rules by default."""
        return self.deck_rules(state, pid)

    def may_rebuild(self, state: GameState, pid: int) -> bool:
        """May this player build a new deck now, in a running game (`deck_rules(...).rebuild`)? A rule set
        whose pool is costly to compute answers without it: a panel asks on every click."""
        return self.deck_rules(state, pid).rebuild

    def in_collection(self, spec: CardSpec) -> bool:
        """May this card go into a deck at all (implemented or not)? Every card, by default."""
        return True

    def deck_problem(self, state: GameState, pid: int, cards: list[str]) -> Refusal | None:
        """Why these cards are not a legal deck for this player (None when they are)."""
        return self._judge(state, pid, cards, finished=True)

    def deck_check(self, state: GameState, pid: int, cards: list[str]) -> Refusal | None:
        """Why a selection still being put together already breaks the rules (a deck too small is not
        refused; one card too many is)."""
        return self._judge(state, pid, cards, finished=False)

    def _judge(self, state: GameState, pid: int, cards: list[str], *, finished: bool) -> Refusal | None:
        return check_selection(self.deck_rules_of(state, pid, list(cards)), self.catalog.specs, list(cards),
                               lambda card: self.in_collection(self.catalog[card]),
                               finished=finished)

    # ---- phases ----
    @abstractmethod
    def begin_phase(self, state: GameState, phase: int) -> None:
        """Make `phase` the current one (its draws, the start-of-phase snapshots) and announce it."""

    @abstractmethod
    def draw_one(self, state: GameState, player: PlayerState) -> CardInstance | None:
        """The top card of the player's deck, or what the rules give when it is empty."""

    def payment_options(self, state: GameState, pid: int) -> PaymentOptions:
        """What may pay a card's cost: by default the other Hand cards and points one for one."""
        player = state.player(pid)
        return PaymentOptions(cards=tuple(c.uid for c in player.hand), points_per_cost=1,
                              currency=self.view_profile.currency, most=player.points + len(player.hand))

    def play_options(self, state: GameState, pid: int, uid: int, params: dict[str, Any],
                     payment: Payment) -> list[PlayOption]:
        """The options a play of card `uid` with these params and this payment may carry, each with
        whether it may be set now (engine/cardgame/options.py); none by default."""
        return []

    @abstractmethod
    def play_cost(self, state: GameState, pid: int, uid: int, params: dict[str, Any]) -> int:
        """What playing card `uid` from the hand with these params costs this player now."""

    @abstractmethod
    def shown_hand_size(self, state: GameState, pid: int) -> int:
        """The hand size everyone is told (effects may bend it)."""

    def shown_hand_sizes(self, state: GameState, pids: list[int]) -> list[int]:
        """`shown_hand_size` of each of `pids`, in their order (as every phase ends): a rule set whose size is a
        query may ask it once for all."""
        return [self.shown_hand_size(state, pid) for pid in pids]

    # ---- views ----
    def public_facts(self, state: GameState, pid: int) -> dict[str, Any]:
        return {"hand_size": self.shown_hand_size(state, pid)}

    def is_implemented(self, card_id: str) -> bool:
        return card_id in self.cards.behaviours

    def presence(self, state: GameState) -> Presence:
        """The cards that can matter now: a resolution skips the hooks of the others (engine/cardgame/presence.py)."""
        return card_presence(state, self.registries.kind_owners)


def card_rules(ruleset: Ruleset) -> CardRuleset:
    """The rule set as a card game (a TypeError for one without cards: a card step or card was given
    to a game that has none)."""
    if not isinstance(ruleset, CardRuleset):
        raise TypeError(f"rule set {ruleset.name!r} is not a card game")
    return ruleset
