"""The plugin interface every rule set implements, and the discovery that finds them.

A rule set is a package under engine/rulesets/ whose `__init__` exposes `RULESET`, an instance of
a `Ruleset`. The base is small — set-up, orders, resolution, views, win — so a game of hit points or
coins fits it; card games build on the card layer (engine/cardgame/), which adds deck building,
draws, costs, hand sizes, damage as discards and death at 0 cards.
"""

from __future__ import annotations

import importlib
import pkgutil
from abc import ABC, abstractmethod
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from engine.core.abilities import AbilityCatalogue
from engine.core.actions import Action, ActionDef, PaymentOptions
from engine.core.cards import DATA_DIR, CardCatalog, CardSpec, ParamSpec
from engine.core.extensions import Extension
from engine.core.params import ParamContext
from engine.core.presence import Presence
from engine.core.profile import PanelFact, ViewProfile
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement
from engine.core.state import GameState, Order
from engine.core.wording import EventFormat


class Ruleset(ABC):
    """What every rule set provides: set-up, orders, resolution, views, win."""

    name: str
    queries: Queries
    pipeline: Pipeline
    replacements: list[tuple[int, str, Replacement]]
    # The collection of cards (empty for a game without cards); parameters of kind "card" name these.
    catalog: CardCatalog = CardCatalog([])
    # Order kinds of which a player has at most one; a new one replaces the old.
    single_orders: frozenset[str] = frozenset()
    # Public roles any number of players may take (Герой); every other is one player's, unless the rule set
    # has fewer public roles than seats.
    shared_public_roles: ClassVar[frozenset[str]] = frozenset()
    # How many may sign up (the bot closes sign-up there).
    max_players: int = 15
    # Where the rule set stands when rule sets are listed (help, card look-ups): lower first, ties by name.
    listing: int = 100
    # Does a game begin with deck building (phase 0), or go straight to the first night?
    deck_building: ClassVar[bool] = False
    # Is a player's set of orders valid or not whatever the others submit? Then orders found valid when
    # submitted, with nothing changed since but submissions, are not checked again at the deadline
    # (engine/core/checked.py). A rule set says so only when none of its checks reads another's orders.
    orders_independent: ClassVar[bool] = False
    # The typed extensions of the game and of each player (hit points, coins, items, worlds…): pydantic
    # models the rule set declares, kept in `GameState.ext` / `PlayerState.ext` as plain JSON.
    game_ext: ClassVar[type[BaseModel]] = Extension
    player_ext: ClassVar[type[BaseModel]] = Extension
    # Kinds of effects on a player that everyone sees (the player's public statuses in the public view).
    public_statuses: ClassVar[frozenset[str]] = frozenset()
    colours: tuple[str, ...] = ()  # the card colours, in the rule set's order
    # The actions besides plays (engine/core/actions.py), in the order a panel offers them.
    action_defs: tuple[ActionDef, ...] = ()
    # Its abilities as declared in data (engine/core/abilities.py), for api.catalog; None: it has none.
    ability_catalogue: ClassVar[AbilityCatalogue | None] = None
    play_zones: tuple[str, ...] = ("hand",)  # where a player plays cards from
    # What a panel shows and how it asks (engine/core/profile.py).
    view_profile: ClassVar[ViewProfile] = ViewProfile()
    # What an order besides a play costs, by kind (paid like a card's cost); 0 when not named.
    order_costs: ClassVar[dict[str, int]] = {}
    # How the bot words its events where their parameters' names do not say it (engine/core/wording.py).
    event_formats: ClassVar[tuple[EventFormat, ...]] = ()

    # The rule set's completed rules, by language: a Markdown file's path from the repository's root
    # (docs/rulesets/<id>.md). The bot's /rules sends it whole; a language without one gets the summary
    # (`rules.<id>`) and the first language's document.
    rules_documents: ClassVar[dict[str, str]] = {}

    def rules_document(self, lang: str) -> tuple[str, Path] | None:
        """(language, path) of the completed rules to show a reader of `lang`, or None."""
        if not self.rules_documents:
            return None
        chosen = lang if lang in self.rules_documents else next(iter(self.rules_documents))
        return chosen, DATA_DIR.parent / self.rules_documents[chosen]

    @property
    def data_dir(self) -> Path:
        """Where the rule set's data lives (roles.toml, cards*.toml, abilities.toml): data/<name>/."""
        return DATA_DIR / self.name
    # The settings of its own a master may give before the start (`/set KEY VALUE`), each with the values it
    # takes (words): read by `new_game` from its settings; the words `setting.<key>` and `setting_values.<key>`
    # are the rule set's locale's.
    start_settings: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The kinds of questions its rules ask the master or a player (engine/core/rulings.py), each with its
    # fixed option names (none: the options are values, such as card uids or player ids).
    question_kinds: ClassVar[dict[str, tuple[str, ...]]] = {}

    def told_rules(self, state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]] | None:
        """For a game of hidden rules: the paragraphs of the rules this player has been told so far, in the
        order told, as (locale key, params) — what `/rules` and `/card` show him instead of the whole
        document. None (the default): the rules are open; the master always sees them whole."""
        return None

    # ---- set-up ----
    @abstractmethod
    def public_roles(self) -> list[dict[str, Any]]:
        """The public roles players choose from at sign-up, in priority order."""

    @abstractmethod
    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        """A new game in set-up, from (character name, public role) pairs."""

    @abstractmethod
    def start(self, state: GameState) -> None:
        """Begin the first phase (once every deck is built, for a game with deck building)."""

    # ---- orders ----
    @abstractmethod
    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        """Raise Refusal if this set of orders is not allowed for the player now."""

    def check_partial(self, state: GameState, pid: int, kind: str, card: int | None,  # noqa: B027 (optional hook)
                      params: dict[str, Any]) -> None:
        """Raise Refusal if what is chosen so far of an unfinished play is wrong already (the same checks
        as validate_orders, a parameter not chosen yet not refused; every other kind api.check tries whole,
        engine/core/stepcheck.py). By default nothing is checked early."""

    def acts_when_dead(self, state: GameState, pid: int) -> bool:
        """A character dead in the real world who still acts (a soul saved into the spirit world): his
        actions are offered and checked as a living one's. Nobody by default."""
        return False

    def labels(self, state: GameState, pid: int, param: ParamSpec) -> list[str]:
        """The anonymous labels a `label` / `labels` parameter may name for this player now (by the param's
        `of`), in the order offered: none unless the rule set has such (a soul stone)."""
        return []

    def param_context(self, state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
        """What a parameter of `spec` is judged against for this player now (the rule set's colours, roles,
        who counts as the mafia…): the context its own validation builds. By default: the colours, the
        secret roles of its catalogue, nobody the mafia."""
        from engine.core.catalog import load_roles

        return ParamContext(state=state, ruleset=self, actor=pid, spec=spec, by_day=state.is_day, is_mafia=False,
                            colours=self.colours, partial=partial,
                            roles=tuple(r.id for r in load_roles(self.data_dir).values() if r.secret))

    def playable(self, state: GameState, pid: int, uid: int) -> int | None:
        """Raise Refusal if card `uid` cannot be played now whatever the player chooses (the phase, a
        cost nothing could pay, a choice with nothing to choose); else its cost with nothing chosen yet,
        where finding out computed it (None: unknown). By default every card may be tried."""
        return None

    def normalise_hand(self, state: GameState, pid: int) -> None:  # noqa: B027 (optional hook)
        """Put the player's Hand in an order its rules allow (after the player reorders it, and wherever
        the rule set moves cards): by default any order is allowed (Мафик: a Долг always lies at the bottom)."""

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any]) -> None:
        """An instant action (not an order resolved at the deadline): none unless the rule set has some."""
        from engine.core.refusal import Refusal

        raise Refusal("not_allowed", what=action, reason="no_such_action")

    def on_submitted(self, state: GameState, pid: int, order: Order) -> None:  # noqa: B027 (optional hook)
        """Called after an order is accepted (e.g. an open vote is announced at once)."""

    def check_withdraw(self, state: GameState, pid: int, order: Order) -> None:  # noqa: B027 (optional hook)
        """Raise Refusal if this order may not be taken back (a final public vote); any may be by default."""

    def on_withdrawn(self, state: GameState, pid: int, order: Order) -> None:  # noqa: B027 (optional hook)
        """Called after an order is withdrawn (an open vote taken back is announced too)."""

    # ---- resolution and win ----
    @abstractmethod
    def win_check(self, state: GameState) -> list[str] | None:
        """The winning sides if the game is over ([] for nobody), else None."""

    def aspect(self, state: GameState, pid: int, aspect: str) -> Any:
        """The truth about an aspect of a character that only this rule set knows (for checks)."""
        raise ValueError(f"unknown aspect {aspect!r}")

    # ---- views ----
    @abstractmethod
    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        """What only this player knows beyond the generic view (points, perks, deck peeks…)."""

    def public_facts(self, state: GameState, pid: int) -> dict[str, Any]:
        """What everyone knows of this player beyond name, role and life (a card game: the hand size)."""
        return {}

    def statuses(self, state: GameState, pid: int) -> list[dict[str, Any]]:
        """The player's public statuses: their effects of a kind in `public_statuses`, oldest first."""
        if not self.public_statuses:
            return []
        return [{"status": e.kind, "end": e.end} for e in state.effects
                if e.target == pid and e.kind in self.public_statuses and e.active(state.phase)]

    def living_statuses(self, state: GameState) -> dict[int, list[dict[str, Any]]]:
        """Every living character's public statuses (`statuses`), those with any, in the players' order.
        Unless a rule set words its statuses itself, the effects are read once for all the players."""
        if type(self).statuses is not Ruleset.statuses:
            return {p.pid: shown for p in state.living() if (shown := self.statuses(state, p.pid))}
        public, phase = self.public_statuses, state.phase
        if not public:
            return {}
        found: dict[int, list[dict[str, Any]]] = {}
        for e in state.effects:
            if e.kind in public and e.target is not None and e.active(phase):
                found.setdefault(e.target, []).append({"status": e.kind, "end": e.end})
        return {p.pid: found[p.pid] for p in state.players if p.pid in found and p.alive} if found else {}

    # The kinds of events to one player that introduce his character (his role, his team): what a newcomer who
    # takes the seat over is shown again.
    intro_kinds: ClassVar[frozenset[str]] = frozenset()
    # Does it count the characters' posts in the public group (the bot tells it each: api.public_post)?
    counts_posts: ClassVar[bool] = False

    def on_public_post(self, state: GameState, pid: int) -> None:  # noqa: B027 (optional hook)
        """A living character wrote in the game's public group (for a rule set that `counts_posts`: «сухари»)."""

    def on_replaced(self, state: GameState, pid: int) -> None:  # noqa: B027 (optional hook)
        """A newcomer took the character over (the master's replacement, api.replaced): what the rules annul
        for him («При замене игрока, штрафы аннулируются»). Nothing by default."""

    def muted(self, state: GameState, pid: int) -> bool:
        """The character may not write publicly now (a rule set's silence: «Безмолвие»). The bot cannot stop
        a post in the public group; it reports one by a muted character to the master. None by default."""
        return False

    def choice_facts(self, state: GameState, pid: int, action: str, param: str) -> dict[str, PanelFact]:
        """The words of a `choice` parameter's values as they stand now for this player (a price that changes
        with the game, the stock left), by value, for the parameter `param` of the order kind or card
        `action`; a value left out is worded by its plain label (`choice.<value>`). None by default."""
        return {}

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        """The lines a player's panel shows of their own state beyond its zones, in order (none by default)."""
        return []

    def counters(self, state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]]:
        """The player's counters (`PlayerState.flags`) as named facts for the master: (kind, params). A spent
        once-a-game perk `used_<role>` is ("used", {"role"}), `<name>:<pid>` and `<name>_<number>` are
        (name, {"pid" / "number", "n"}), anything else (name, {"n"}); a rule set may say more."""
        out: list[tuple[str, dict[str, Any]]] = []
        for key, value in sorted(state.player(pid).flags.items()):
            name, sep, rest = key.partition(":")
            if key.startswith("used_"):
                out.append(("used", {"role": key.removeprefix("used_")}))
            elif sep and rest.isdigit():
                out.append((name, {"pid": int(rest), "n": value}))
            elif (head := key.rsplit("_", 1))[-1].isdigit() and len(head) == 2:
                out.append((head[0], {"number": int(head[1]), "n": value}))
            else:
                out.append((key, {"n": value}))
        return out

    def is_implemented(self, card_id: str) -> bool:
        """Does this card have behaviour (a game without cards has none)?"""
        return False

    def presence(self, state: GameState) -> Presence | None:
        """The owners of declarations (cards) that can matter in this game now, for a resolution to skip
        the others' hooks (engine/core/presence.py); None, the default: every hook runs."""
        return None

    # ---- state extensions ----
    def check_extensions(self, state: GameState) -> None:
        """Raise ValueError if a state's extensions do not fit this rule set's models (an empty one is
        every field's default, as in a game saved before the rule set declared it)."""
        self.game_ext.model_validate(state.ext)
        for player in state.players:
            self.player_ext.model_validate(player.ext)

    # ---- what a player can do (api.actions, api.catalog) ----
    def abilities(self) -> dict[str, CardSpec]:
        """Abilities a card may grant, by card id, each as its card with the ability's own params."""
        return {}

    def player_colours(self, state: GameState, pid: int) -> tuple[str, ...]:
        """The colours that are the player's own now (none unless the rule set has such)."""
        return ()

    def payment_options(self, state: GameState, pid: int) -> PaymentOptions:
        """What may pay a cost: nothing, unless the rule set has costs (the card layer: Hand cards, points)."""
        return PaymentOptions()

    def granted_actions(self, state: GameState, pid: int) -> list[Action]:
        """Actions effects give this player now (Мафик's granted abilities); none by default."""
        return []


RULESETS_PACKAGE = "engine.rulesets"


@cache
def ruleset_names() -> tuple[str, ...]:
    """Every rule set: each package under engine/rulesets/ that exposes RULESET, in listing order."""
    package = importlib.import_module(RULESETS_PACKAGE)
    found: list[Ruleset] = []
    for module in pkgutil.iter_modules(package.__path__):
        if not module.ispkg:
            continue
        ruleset = getattr(importlib.import_module(f"{RULESETS_PACKAGE}.{module.name}"), "RULESET", None)
        if isinstance(ruleset, Ruleset):
            if ruleset.name != module.name:
                raise ValueError(f"rule set {ruleset.name!r} lives in package {module.name!r}")
            found.append(ruleset)
    return tuple(r.name for r in sorted(found, key=lambda r: (r.listing, r.name)))

@cache
def get_ruleset(name: str) -> Ruleset:
    if name not in ruleset_names():
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(ruleset_names())}")
    ruleset: Ruleset = importlib.import_module(f"{RULESETS_PACKAGE}.{name}").RULESET
    return ruleset
