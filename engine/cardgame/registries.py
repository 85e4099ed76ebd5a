"""One card game's registries, filled as its modules are imported: one object instead of module globals.

Everything a card contributes is registered by its own declaration, in one place in its module:

    @REGISTRIES.card("berserk", replacements=(Layer("berserk", LAYER_BERSERK, _double),))
    def berserk(play): ...

or, when the behaviour's helpers come first, as one statement after them:

    REGISTRIES.declare("paranoia", paranoia, steps=(Step("paranoia", STEP_PARANOIA, _alone),), ...)

A public-role perk (or any other rule) that hooks into the same places declares itself with `rule(...)`.
Every step and layer number comes from the rule set's order.py; ties are refused (engine/core/resolution.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cardgame.effects import EffectKind, EffectKinds
from engine.cardgame.orders import SetRule, SetRules, Validator
from engine.core.cards import CardBehaviour, CardCatalog, CardRegistry, CardSpec
from engine.core.phase import DeathRule, Instead, OnDiscard, marked_like
from engine.core.presence import gated
from engine.core.queries import WHILE, Modifier, Queries
from engine.core.resolution import Pipeline, Play, Replacement, Resolution, add_replacement
from engine.core.state import CardInstance, GameState, JsonValue

CardCheck = Callable[[GameState, int, dict[str, JsonValue]], None]  # a card's own submission rule
OptionCheck = Callable[[GameState, int, CardSpec, dict[str, JsonValue]], None]  # a play option's rule
Hook = Callable[[Resolution], None]  # run inside a shared step (targeting, triggers)
RebuildHook = Callable[[GameState, int], None]  # after a player's new deck is built
# before one card is drawn from a player's deck into a zone ("hand" / "sleeve"): (state, pid, zone); it may
# change the deck's top (Иллюзия обмана puts a card there, Кредит turns into a Долг on its way to the Hand)
DrawHook = Callable[[GameState, int, str], None]
MessageHook = Callable[[Resolution, int], None]  # after a card message of this sender is delivered
# after a character died (res, the dead): run by the `deaths` step for every death of the phase, whatever
# killed it (0 cards, the Вече, a perk); the effects on the dead are already gone (phase.kill)
DeathHook = Callable[[Resolution, int], None]
InstantAction = Callable[[GameState, int, dict[str, Any]], None]  # done at once, not at resolution
CounterReading = Callable[[dict[str, Any]], dict[str, Any]]  # a counter's generic params -> what they mean


@dataclass(frozen=True)
class Step:
    """A pipeline step: its name and its number from order.py."""

    name: str
    number: int
    fn: Hook


@dataclass(frozen=True)
class Layer:
    """A damage replacement: its name and its layer from order.py."""

    name: str
    number: int
    fn: Replacement


@dataclass(frozen=True)
class PaymentOption:
    """A flag a payment may carry (Микромафик's Страховка bluff): `check` refuses it for these payment
    cards, `paid` does what it does once they are paid."""

    check: Callable[[GameState, int, list[CardInstance]], None]
    paid: Callable[[Resolution, int, list[CardInstance]], None]


@dataclass(frozen=True)
class PlaysAnother:
    """A card played as another card of the collection (Микромафик's Флэшмоб): the param holding that
    play ({"card", "params"}), and whether it comes off this phase (`succeeds(play, chosen, originals)`,
    `originals` the (actor, card) of the phase's plays from hands); if not, the cost is not paid."""

    param: str
    succeeds: Callable[[Play, dict[str, Any], set[tuple[int, str]]], bool]


@dataclass(frozen=True)
class Query:
    """A query modifier (engine/core/queries.py)."""

    name: str
    fn: Modifier
    layer: int = 50
    flags: tuple[str, ...] = ()  # e.g. checks.DECEIVES_UNDECEIVABLE on an "appearance" modifier
    # asked only about the card that declares it (its own cost rule…): see engine/core/queries.py
    own: bool = False


@dataclass
class CardGameRegistries:
    name: str
    catalog: CardCatalog
    cards: CardRegistry = field(default_factory=CardRegistry)
    queries: Queries = field(default_factory=Queries)
    pipeline: Pipeline = field(default_factory=Pipeline)
    replacements: list[tuple[int, str, Replacement]] = field(default_factory=list)
    # (res, player) -> True dies, False lives, None no say; else 0 cards in hand is death
    death_rules: list[DeathRule] = field(default_factory=list)
    on_death: list[DeathHook] = field(default_factory=list)  # after each death of a phase (DeathHook)
    # called for each card discarded for damage
    on_damage_discard: list[OnDiscard] = field(default_factory=list)
    # a card lost to damage goes elsewhere instead (Мафик's Воин)
    discard_instead: list[Instead] = field(default_factory=list)
    on_rebuild: list[RebuildHook] = field(default_factory=list)
    on_draw: list[DrawHook] = field(default_factory=list)  # consulted before every draw from a deck
    validators: dict[str, Validator] = field(default_factory=dict)  # by order kind
    card_checks: dict[str, CardCheck] = field(default_factory=dict)  # by card id
    option_checks: dict[str, OptionCheck] = field(default_factory=dict)  # by play option
    set_checks: SetRules = field(default_factory=SetRules)  # rules about a player's whole set of orders
    targeting: list[Hook] = field(default_factory=list)  # reactions to being targeted
    triggers: list[Hook] = field(default_factory=list)  # effects that watch the phase's plays
    alters_checks: set[str] = field(default_factory=set)  # cards that change what checks of their target learn
    effects: EffectKinds = field(default_factory=EffectKinds)
    on_message_sent: list[MessageHook] = field(default_factory=list)
    payment_options: dict[str, PaymentOption] = field(default_factory=dict)  # by the flag's name
    plays_another: dict[str, PlaysAnother] = field(default_factory=dict)  # by card id
    instant_actions: dict[str, InstantAction] = field(default_factory=dict)  # by action name
    # what a player counter kept by a card or perk means (engine/core/ruleset.py Ruleset.counters), by kind
    counters: dict[str, CounterReading] = field(default_factory=dict)
    kind_owners: dict[str, set[str]] = field(default_factory=dict)  # effect kind -> the cards that declared it

    @classmethod
    def load(cls, name: str) -> CardGameRegistries:
        """The registries of card game `name` (its cards from data/<name>/), with the steps and the
        replacement every card game shares already in them."""
        from engine.cardgame import damage, steps

        registries = cls(name=name, catalog=CardCatalog.load(name))
        damage.install(registries)
        steps.install(registries.pipeline)
        return registries

    def replacement(self, name: str, layer: int) -> Callable[[Replacement], Replacement]:
        """Register a damage replacement at its layer (named in the rule set's order.py); layers run in
        increasing order, and a layer already taken is refused."""

        def register(fn: Replacement) -> Replacement:
            add_replacement(self.replacements, name, layer, fn)
            return fn

        return register

    def card(self, card_id: str, *, priority: int = 50, **contributions: Any) -> Callable[[CardBehaviour], CardBehaviour]:
        """Declare a card by decorating its behaviour; `contributions` as for `rule`."""

        def register(fn: CardBehaviour) -> CardBehaviour:
            self.declare(card_id, fn, priority=priority, **contributions)
            return fn

        return register

    def declare(self, card_id: str, behaviour: CardBehaviour, *, priority: int = 50, check: CardCheck | None = None,
                alters_checks: bool = False, plays_another: PlaysAnother | None = None, **contributions: Any) -> None:
        """Declare a card: its behaviour (`priority` orders cards within the effects step), its own
        submission check, whether it alters its target's checks, whether it is played as another card,
        and what else it hooks (see `rule`)."""
        self.cards.card(card_id, priority=priority)(behaviour)
        if check is not None:
            self.card_checks[card_id] = check
        if alters_checks:
            self.alters_checks.add(card_id)
        if plays_another is not None:
            self.plays_another[card_id] = plays_another
        queries = contributions.pop("queries", ())
        for query in queries:
            self.queries.modifier(query.name, layer=query.layer, flags=query.flags,
                                  card=card_id if query.own else None, owner=card_id)(query.fn)
            self._owns_kinds(card_id, getattr(query.fn, WHILE, ()))
        self.rule(owner=card_id, **contributions)

    def _owns_kinds(self, owner: str, kinds: Iterable[str]) -> None:
        """An effect of these kinds in the state makes `owner` present (engine/core/presence.py): the kinds
        it declares, and those its query modifiers wait for (`only_while`)."""
        for kind in kinds:
            self.kind_owners.setdefault(kind, set()).add(owner)

    def rule(self, *, steps: Sequence[Step] = (), replacements: Sequence[Layer] = (), queries: Sequence[Query] = (),
             options: dict[str, OptionCheck] | None = None, payment_options: dict[str, PaymentOption] | None = None,
             set_checks: Sequence[SetRule] = (),
             targeting: Hook | None = None, trigger: Hook | None = None, death_rules: Sequence[DeathRule] = (),
             on_damage_discard: OnDiscard | None = None, discard_instead: Instead | None = None,
             on_rebuild: RebuildHook | None = None, on_message_sent: MessageHook | None = None,
             on_draw: DrawHook | None = None,
             effects: Sequence[EffectKind] = (), on_death: DeathHook | None = None,
             actions: dict[str, InstantAction] | None = None, counters: dict[str, CounterReading] | None = None,
             owner: str | None = None) -> None:
        """Register what one card, perk or rule contributes, each into its registry, in the order given.
        What a card (`owner`) contributes is skipped in a resolution where the card cannot matter
        (engine/core/presence.py); a perk's or a rule's always runs."""

        def own(fn: Any, *, on_state: bool = False, skipped: Any = None) -> Any:
            return fn if owner is None else gated(owner, fn, on_state=on_state, skipped=skipped)

        for step in steps:
            self.pipeline.step(step.name, step.number, owner=owner)(step.fn)
        for layer in replacements:
            self.replacement(layer.name, layer.number)(own(layer.fn))
        for query in queries:
            if query.own:
                raise ValueError(f"query {query.name!r}: only a card's declaration has its own questions")
            self.queries.modifier(query.name, layer=query.layer, flags=query.flags, owner=owner)(query.fn)
            if owner is not None:
                self._owns_kinds(owner, getattr(query.fn, WHILE, ()))
        for option, option_check in (options or {}).items():
            self.option_checks[option] = option_check
        self.payment_options.update(payment_options or {})
        for check in set_checks:
            self.set_checks.add(check, own(check, on_state=True))
            if owner is not None:
                self._owns_kinds(owner, getattr(check, WHILE, ()))
        if targeting is not None:
            self.targeting.append(own(targeting))
        if trigger is not None:
            self.triggers.append(own(trigger))
        self.death_rules.extend(marked_like(rule, own(rule)) for rule in death_rules)  # skipped: no say
        if on_death is not None:
            self.on_death.append(own(on_death))
        if on_damage_discard is not None:
            self.on_damage_discard.append(own(on_damage_discard))
        if discard_instead is not None:
            self.discard_instead.append(own(discard_instead, skipped=False))
        if on_rebuild is not None:
            self.on_rebuild.append(own(on_rebuild, on_state=True))
        if on_draw is not None:
            self.on_draw.append(own(on_draw, on_state=True))
        if on_message_sent is not None:
            self.on_message_sent.append(own(on_message_sent))
        for effect in effects:
            self.effects.add(effect)
            if owner is not None:
                self._owns_kinds(owner, (effect.kind,))
        for name, action in (actions or {}).items():
            if name in self.instant_actions:
                raise ValueError(f"instant action {name!r} registered twice")
            self.instant_actions[name] = action
        self.counters.update(counters or {})

    def validator(self, kind: str) -> Callable[[Validator], Validator]:
        """Register the validator of one order kind."""

        def register(fn: Validator) -> Validator:
            self.validators[kind] = fn
            return fn

        return register
