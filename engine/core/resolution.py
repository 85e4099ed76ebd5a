"""Resolution: a pipeline of named steps that turns a phase's submissions into their results.

Everything played in a phase resolves together at its end. The pipeline runs its steps in a fixed
order; within the effects step cards resolve by priority then seat. Damage is collected as
packets and applied only after every effect has run, folded through replacements (weakness,
doubling, caps, armor, delays…) in layer order, each applied at most once per packet — so the
order in which players' cards happen to be listed never changes the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from engine.core.cards import CardSpec
from engine.core.durations import Duration
from engine.core.presence import current, presence_pass
from engine.core.queries import WHILE
from engine.core.state import CardInstance, Effect, GameState, JsonValue, Order, PlayerState

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset


@dataclass
class DamagePacket:
    target: int
    amount: int
    source: int | None = None  # the player whose card or action caused it
    card: str | None = None  # the card id that dealt it, if any
    colour: str | None = None
    cause: str = "card"  # card, mafia, council, poison, spikes, deferred, …
    ignore_armor: bool = False
    fixed: bool = False  # "cannot be changed or redirected"
    applied: set[str] = field(default_factory=set)  # replacements already applied
    play: Play | None = None  # the play whose effect dealt it, if any (its params and options)
    dealt: int = 0  # what reached the armor layer (0: it never did)
    absorbed: int = 0  # how much of that armor cancelled


Replacement = Callable[["Resolution", DamagePacket], None]


@dataclass
class Refill:
    """A replacement owed at the end of the phase for a card that left the hand by play or discard."""

    uid: int  # the card that left the hand
    card: str
    copy: bool = False  # Фокусник: a copy of that card (cost +1) instead of a draw


@dataclass
class Play:
    """One card being resolved: who plays it, which card, with what parameters."""

    res: Resolution
    actor: int
    spec: CardSpec
    params: dict[str, JsonValue]
    order: Order | None = None
    instance: CardInstance | None = None  # the physical card, if it came from a hand
    via: str = "hand"  # hand, flashmob, transformation, …
    paid: int = 0  # cost actually paid
    payment_cards: list[CardInstance] = field(default_factory=list)
    payment_points: int = 0
    options: dict[str, JsonValue] = field(default_factory=dict)

    # ---- reading ----
    @property
    def state(self) -> GameState:
        return self.res.state

    @property
    def me(self) -> PlayerState:
        return self.state.player(self.actor)

    @property
    def target(self) -> int:
        value = self.params["target"]
        assert isinstance(value, int)
        return value

    @property
    def targets(self) -> list[int]:
        if "targets" in self.params:
            return [int(t) for t in self.params["targets"]]
        if "target" in self.params:
            return [self.target]
        return []

    @property
    def named(self) -> list[str]:
        return [str(c) for c in self.params.get("cards") or ()]

    @property
    def by_mafia(self) -> bool:
        return self.me.faction == "mafia"

    # ---- doing: every card is written with these shared primitives ----
    def damage(self, target: int, amount: int, **flags: Any) -> None:
        self.res.damage(
            DamagePacket(
                target=target, amount=amount, source=self.actor, card=self.spec.id,
                colour=self.spec.colour, cause="card", play=self, **flags,
            )
        )

    def armor(self, target: int, amount: int) -> None:
        self.res.add_armor(target, amount, source=self.actor)

    def points(self, target: int, amount: int) -> None:
        self.res.gain_points(target, amount)

    def draw(self, target: int, count: int, *, protect: bool = False) -> list[CardInstance]:
        return self.res.draw(target, count, protect=protect)

    def tell(self, who: int, kind: str, /, **params: JsonValue) -> None:
        self.state.emit(kind, "player", who, card=self.spec.id, **params)

    def announce(self, kind: str, /, **params: JsonValue) -> None:
        self.state.emit(kind, "public", None, card=self.spec.id, **params)

    def keep_card(self, *, becomes: str | None = None, protect: bool = False) -> None:
        """The played card returns to the hand (as card `becomes`, if given) and is not replaced."""
        card = self.instance
        if card is None:
            return
        player = self.me
        player.discard = [c for c in player.discard if c.uid != card.uid]
        self.res.cancel_refill(self.actor, card.uid)
        if becomes is not None:
            card.card = becomes
            self.state.card_arrived(becomes)
            card.cost_mod = 0
        player.hand.append(card)
        if protect:
            player.discard_last.append(card.uid)

    def effect(self, kind: str, *, during: Duration, target: int | None = None, **params: JsonValue) -> Effect:
        """A lasting effect of this play, in force `during` (engine/core/durations.py)."""
        return self.state.add_effect(kind, target=target, source=self.actor, during=during, **params)


Step = Callable[["Resolution"], None]


class Deals(Protocol):
    """A rule set that deals cards (engine/cardgame/): what the card primitives below need of it."""

    def draw_one(self, state: GameState, player: PlayerState) -> CardInstance | None: ...


class Resolution:
    """The scratch space of one phase's resolution. Transient: built, run and dropped in one call."""

    def __init__(self, state: GameState, ruleset: Ruleset) -> None:
        self.state = state
        self.ruleset = ruleset
        self.phase = state.phase
        self.plays: list[Play] = []
        self.packets: list[DamagePacket] = []
        self.armor: dict[int, int] = {}
        self.armor_given: dict[int, int] = {}  # per giver: the armor their cards and effects gave this phase
        self.refills: dict[int, list[Refill]] = {}  # owed for cards played/discarded from hand
        self.final_damage: dict[int, int] = {}
        self.direct_losses: dict[int, list[int]] = {}  # uids lost "as damage" regardless of armor
        self.scratch: dict[str, Any] = {}  # per-resolution bookkeeping for rulesets

    def release(self) -> None:
        """Let go of what the resolution kept, once it is over. Each play points back at the resolution,
        so left alone the two wait for the garbage collector, and the game state with them: a collection
        of the cycles a simulated game left took 10 % of its time, and would pause a busy bot."""
        self.plays.clear()
        self.packets.clear()
        self.refills.clear()
        self.scratch.clear()

    # ---- primitives ----
    def damage(self, packet: DamagePacket) -> None:
        if packet.amount > 0 and self.state.player(packet.target).alive:
            self.packets.append(packet)

    def add_armor(self, target: int, amount: int, *, source: int | None = None) -> None:
        """`amount` armor on `target` this phase; `source`: the player whose card or effect gives it."""
        if amount > 0:
            self.armor[target] = self.armor.get(target, 0) + amount
            if source is not None:
                self.armor_given[source] = self.armor_given.get(source, 0) + amount

    def gain_points(self, target: int, amount: int) -> None:
        player = self.state.player(target)
        if player.alive and amount:
            player.points = max(0, player.points + amount)

    def draw(self, target: int, count: int, *, protect: bool = False) -> list[CardInstance]:
        """Top cards of the deck to the hand; an empty deck gives nothing (the ruleset may say otherwise)."""
        player = self.state.player(target)
        drawn: list[CardInstance] = []
        dealer = cast(Deals, self.ruleset)
        for _ in range(count):
            card = dealer.draw_one(self.state, player)
            if card is None:
                break
            player.hand.append(card)
            drawn.append(card)
            if protect:
                player.discard_last.append(card.uid)
        return drawn

    def owe_refill(self, pid: int, card: CardInstance) -> None:
        self.refills.setdefault(pid, []).append(Refill(uid=card.uid, card=card.card))

    def cancel_refill(self, pid: int, uid: int) -> bool:
        """Drop the replacement owed for card `uid`; True if there was one."""
        owed = self.refills.get(pid, [])
        for i, refill in enumerate(owed):
            if refill.uid == uid:
                del owed[i]
                return True
        return False

    def plays_by(self, actor: int) -> list[Play]:
        return [p for p in self.plays if p.actor == actor]

    def plays_on(self, target: int) -> list[Play]:
        return [p for p in self.plays if target in p.targets]

    # ---- damage folding ----
    def apply_replacements(self, replacements: list[tuple[int, str, Replacement]]) -> None:
        for _layer, name, fn in replacements:
            for packet in self.packets:
                if name in packet.applied or packet.amount <= 0:
                    continue
                packet.applied.add(name)
                fn(self, packet)
        self.final_damage = {}
        for packet in self.packets:
            if packet.amount > 0:
                self.final_damage[packet.target] = self.final_damage.get(packet.target, 0) + packet.amount


def _refuse_tie(what: str, taken: list[tuple[int, str, Any]], number: int, name: str) -> None:
    """Two entries never share a number (their order would be the import order) nor a name."""
    for other_number, other_name, _fn in taken:
        if other_number == number or other_name == name:
            raise ValueError(f"{what} {name!r} at {number} ties with {other_name!r} at {other_number}: "
                             "give each its own name and number in the rule set's order.py")


def add_replacement(layers: list[tuple[int, str, Replacement]], name: str, layer: int, fn: Replacement) -> None:
    """Register a damage replacement in layer order; a layer or a name already taken is refused."""
    _refuse_tie("replacement", layers, layer, name)
    layers.append((layer, name, fn))
    layers.sort(key=lambda r: r[0])


class Pipeline:
    """Named steps, each with its own number (a tie is refused at registration); run in that order. A step
    a card declares (its `owner`) is skipped in a resolution of a game where the card cannot matter
    (engine/core/presence.py); so is a step marked `only_while(kinds…)` (engine/core/queries.py: it only walks
    the effects of those kinds) while none of them has been in the state since the resolution began."""

    def __init__(self) -> None:
        self._steps: list[tuple[int, str, Step]] = []
        self._owners: dict[str, str] = {}  # step name -> the card that declared it
        # each step's owner, the effect kinds it waits for (None: none) and function, in order
        self._running: list[tuple[str | None, frozenset[str] | None, Step]] = []

    def step(self, name: str, order: int, *, owner: str | None = None) -> Callable[[Step], Step]:
        def register(fn: Step) -> Step:
            _refuse_tie("step", self._steps, order, name)
            self._steps.append((order, name, fn))
            self._steps.sort(key=lambda s: s[0])
            if owner is not None:
                self._owners[name] = owner
            self._running = [(self._owners.get(n), getattr(f, WHILE, None), f) for _o, n, f in self._steps]
            return fn

        return register

    @property
    def names(self) -> list[str]:
        return [name for _order, name, _fn in self._steps]

    @property
    def numbered(self) -> list[tuple[int, str]]:
        """The steps as (number, name), in the order they run."""
        return [(order, name) for order, name, _fn in self._steps]

    def run(self, res: Resolution) -> None:
        state = res.state
        with presence_pass(state, res.ruleset.presence):
            found = current(state)
            if found is None:
                for _owner, _waits, fn in self._running:
                    fn(res)
                return
            present = found.owners  # the pass's own sets: what arrives while it runs is in them at once
            held = found.kinds
            for owner, waits, fn in self._running:
                if (owner is None or owner in present) and (waits is None or not waits.isdisjoint(held)):
                    fn(res)
