"""The moves («ходы») of «Классическая форумная мафия»: how a role's move is declared and resolved.

A move is an ability of data/classic/abilities.toml (who has it, its params, its tags: night/day, once a game…)
plus ONE behaviour registered here for a step of order.py:

    @MOVES.move("sheriff_shot", step=o.STEP_SHERIFF)
    def sheriff_shot(move: Move) -> None:
        if move.reach(move.target):        # blocked visitors, the bar… → «неудачно, кто-то или что-то помешало»
            move.shoot(move.target)        # the shot through the protection layers (a vest absorbs it)
            move.done()                    # «удачно»

At its step, each standing order of the ability runs its behaviour, in seat order, with a `Move`: who acts,
the order, its target. Before the behaviour a character who is down (dead or dying this night; for an act that
is no move, `free`: dead) or blocked
(`BLOCKED`: the Дух, a siren, the priest…) fails at once («неудачно, кто-то или что-то помешало»), unless the
ability is tagged "unblockable". Every move submitted earns +2 coins in the morning, failed or not
(economy.income), unless registered `paid=False` («сижу дома», the bar) — the one rule every move goes through.
`free=True`: an act that is not a move (using the Диплом, an antidote): it does not take the cycle's one move.

A load-time check (`check_declared`) fails on an ability without a behaviour or a behaviour without an ability.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from engine.core import visits
from engine.core.abilities import AbilityCatalogue, AbilityDef
from engine.core.durations import THIS_PHASE
from engine.core.profile import PanelFact
from engine.core.queries import Queries
from engine.core.resolution import DamagePacket, Replacement, Resolution, add_replacement
from engine.core.state import GameState, JsonValue, Order
from engine.core.wording import EventFormat
from engine.rulesets.classic.model import BLOCKED, DYING, IN_BAR, blocked, down, in_prison, items_of, use_up

Behaviour = Callable[["Move"], None]
# An instant act (state, pid, params): raises the rules' Refusal or does it at once.
Instant = Callable[[GameState, int, dict[str, JsonValue]], None]
Hook = Callable[[GameState, int, str], None]
Panel = Callable[[GameState, int], list[PanelFact]]
# Why a move fails: the text's «неудачно, кто-то или что-то помешало» and the refusals met at its step.
REASONS = ("interfered", "no_coins", "own_clan", "shop_closed", "out_of_stock", "not_for_you", "not_sold")
# A move's own check of its params (state, pid, params): raises the Refusal.
Check = Callable[[GameState, int, dict[str, JsonValue]], None]
# A requirement only code can say (`rule:<name>` in abilities.toml): raises the Refusal, naming `what`.
Rule = Callable[[GameState, int, str], None]

FAILED = "interfered"  # «неудачно, кто-то или что-то помешало» (4.3: «Любой блок ночного хода…»)


@dataclass(frozen=True)
class MoveDef:
    ability: str
    step: int
    behaviour: Behaviour
    paid: bool = True  # +2 coins for making it (3.1)
    free: bool = False  # not a move: does not take the cycle's one move (1.7, 1.8)
    check: Check | None = None  # what its params must meet beyond their kinds (when submitted and collected)
    hostile: bool = False  # «Враждебное действие» (4.3): harms its target (covers, reflectors, spouses read it)


@dataclass
class MoveRegistry:
    """Every move's behaviour by ability id, and the protection layers a hostile act passes."""

    moves: dict[str, MoveDef] = field(default_factory=dict)
    queries: Queries = field(default_factory=Queries)
    layers: list[tuple[int, str, Replacement]] = field(default_factory=list)
    rules: dict[str, Rule] = field(default_factory=dict)
    roles: set[str] = field(default_factory=set)  # the roles whose moves work: the table deals only these
    instants: dict[str, Instant] = field(default_factory=dict)  # instant acts (not orders), by ability id
    reasons: list[str] = field(default_factory=lambda: list(REASONS))  # why a move may fail (locale keys)
    formats: list[EventFormat] = field(default_factory=list)  # how the modules' events are worded
    on_death: list[Hook] = field(default_factory=list)  # (state, pid, cause): after a death (spouse → Маньяк…)
    on_jail: list[Hook] = field(default_factory=list)  # (state, pid, "vote"): after a jailing
    panel: list[Panel] = field(default_factory=list)  # a module's lines of a player's panel
    question_kinds: dict[str, tuple[str, ...]] = field(default_factory=dict)  # engine/core/rulings.py
    jail_targets: set[str] = field(default_factory=set)  # abilities that may name a jailed character
    steps: list[tuple[int, str, Callable[[Resolution], None]]] = field(default_factory=list)  # modules' own steps

    def step(self, name: str, number: int) -> Callable[[Callable[[Resolution], None]], Callable[[Resolution], None]]:
        """A module's own step of the resolution (not of 4.1: a free number of order.py and its line in
        tests/engine/pipeline_classic.txt), registered into the pipeline by steps.py."""

        def register(fn: Callable[[Resolution], None]) -> Callable[[Resolution], None]:
            self.steps.append((number, name, fn))
            return fn

        return register
    # What a module does at the end of a step of 4.1 without an order (a recruit's answer read by day, the
    # «Коронация»…): (res) → None, by step, run after the step's moves (run_step).
    after: dict[int, list[Callable[[Resolution], None]]] = field(default_factory=dict)

    def role(self, *ids: str) -> None:
        """These roles' moves are implemented: the table may deal them (setup.default_table, check_table)."""
        self.roles.update(ids)

    def instant(self, ability: str) -> Callable[[Instant], Instant]:
        """An ability declared `instant = true` in abilities.toml: done at once (api.act), not resolved at a
        step — «Использование противоядия … не является ходом», the Диплом at the vote."""

        def register(fn: Instant) -> Instant:
            if ability in self.instants:
                raise ValueError(f"instant {ability!r} registered twice")
            self.instants[ability] = fn
            return fn

        return register

    def failure(self, *why: str) -> None:
        """Reasons a module's moves fail with (`Move.fail(why)`), each worded as `classic_why.<why>`."""
        self.reasons.extend(w for w in why if w not in self.reasons)

    def words(self, *formats: EventFormat) -> None:
        """How the module's events are worded beyond their parameters' names (engine/core/wording.py)."""
        self.formats.extend(formats)

    def rule(self, name: str) -> Callable[[Rule], Rule]:
        """A requirement named in abilities.toml as `rule:<name>` (checked when offered and when submitted)."""

        def register(fn: Rule) -> Rule:
            if name in self.rules:
                raise ValueError(f"rule {name!r} registered twice")
            self.rules[name] = fn
            return fn

        return register

    def layer(self, name: str, layer: int) -> Callable[[Replacement], Replacement]:
        """A protection layer (order.py LAYER_*) every hostile act passes, in layer order."""

        def register(fn: Replacement) -> Replacement:
            add_replacement(self.layers, name, layer, fn)
            return fn

        return register

    def move(self, ability: str, *, step: int, paid: bool = True, free: bool = False, hostile: bool = False,
             check: Check | None = None) -> Callable[[Behaviour], Behaviour]:
        def register(fn: Behaviour) -> Behaviour:
            if ability in self.moves:
                raise ValueError(f"move {ability!r} registered twice")
            self.moves[ability] = MoveDef(ability, step, fn, paid=paid, free=free, check=check, hostile=hostile)
            return fn

        return register

    def after_step(self, step: int) -> Callable[[Callable[[Resolution], None]], Callable[[Resolution], None]]:
        """Run `fn(res)` at the end of this step (after its moves), whether or not anyone ordered anything."""

        def register(fn: Callable[[Resolution], None]) -> Callable[[Resolution], None]:
            self.after.setdefault(step, []).append(fn)
            return fn

        return register

    def at(self, step: int) -> list[MoveDef]:
        """The moves of a step, in registration order (the roles' modules' import order is fixed)."""
        return [m for m in self.moves.values() if m.step == step]

    def is_move(self, kind: str) -> bool:
        """An order of this kind takes the cycle's one move."""
        found = self.moves.get(kind)
        return found is not None and not found.free

    def check_declared(self, catalogue: AbilityCatalogue) -> None:
        """Every ability has its behaviour (a move, or an instant act) and every behaviour its ability."""
        declared = {a.kind for a in catalogue if not a.instant}
        instant = {a.id for a in catalogue if a.instant}
        missing = sorted((declared - set(self.moves)) | (instant - set(self.instants)))
        extra = sorted((set(self.moves) - declared) | (set(self.instants) - instant))
        if missing or extra:
            raise ValueError(f"classic: abilities without a behaviour {missing}, behaviours without an ability {extra}")


MOVES = MoveRegistry()


@dataclass
class Move:
    """One standing order being resolved at its step: the handle a behaviour receives."""

    res: Resolution
    actor: int
    order: Order
    ability: AbilityDef
    reported: bool = False

    @property
    def state(self) -> GameState:
        return self.res.state

    @property
    def hostile(self) -> bool:
        """«Враждебное действие»: the move harms its target (registered `hostile=True`)."""
        return MOVES.moves[self.ability.id].hostile

    @property
    def params(self) -> dict[str, JsonValue]:
        return self.order.params

    @property
    def target(self) -> int:
        value = self.order.params["target"]
        assert isinstance(value, int)
        return value

    # ---- reading the table ----
    def reachable(self, target: int) -> bool:
        """May this move act on `target` now (the `reach` query: the bar, a tour, covers… say no)?"""
        state = self.state
        if down(state, target) or (in_prison(state, target) and self.ability.id not in MOVES.jail_targets):
            return False  # «На посаженного игрока нельзя воздействовать другими ходами кроме как допрос и убийство»
        allowed: bool = MOVES.queries.ask("reach", state, True, actor=self.actor, target=target, move=self)
        return allowed

    # ---- doing ----
    def reach(self, target: int) -> bool:
        """The visit: kept (engine/core/visits.py) and, when something stops it, the move fails («неудачно,
        кто-то или что-то помешало»). True when the actor got there."""
        ok = self.reachable(target)
        visits.record(self.state, self.actor, [target], f"ability:{self.ability.id}", worked=ok)
        if not ok:
            self.fail()
        return ok

    def shoot(self, target: int, *, cause: str = "shot") -> DamagePacket:
        """A hostile act on `target` (a shot by default): folded at once through the protection layers
        (a vest absorbs it); what gets through leaves him dying. The shot itself is «удачно» either way."""
        return harm(self.res, self.actor, target, cause=cause)

    def tell(self, kind: str, /, **params: JsonValue) -> None:
        self.state.emit(kind, "player", self.actor, **params)

    def done(self) -> None:
        """«удачно»."""
        self._report(True)

    def use_item(self, kind: str) -> bool:
        """Spend one of the actor's items of `kind` for this move: True when it works; else the move ends —
        failed when he holds none, done (no effect) when the one spent was a fake."""
        held = items_of(self.state, self.actor, kind)
        if not held:
            self.fail()
            return False
        if not use_up(self.state, self.actor, held[0].uid):
            self.done()
            return False
        return True

    def fail(self, why: str = FAILED) -> None:
        """«неудачно, кто-то или что-то помешало» (or another wording of 4.3 named by `why`)."""
        self._report(False, why)

    def _report(self, ok: bool, why: str = "") -> None:
        if self.reported:
            return
        self.reported = True
        if ok:
            self.state.emit("move_ok", "player", self.actor, what=self.ability.id)
        else:
            self.state.emit("move_failed", "player", self.actor, what=self.ability.id, why=why)


def fold(res: Resolution, source: int | None, target: int, cause: str) -> DamagePacket:
    """A hostile act through the protection layers (order.py LAYER_*), in order, each once; what is left of
    it (`amount`, the `target` a layer may have changed) is the caller's to apply."""
    packet = DamagePacket(target=target, amount=1, source=source, cause=cause)
    for _layer, name, fn in MOVES.layers:
        if packet.amount <= 0:
            break
        if name not in packet.applied:
            packet.applied.add(name)
            fn(res, packet)
    return packet


def harm(res: Resolution, source: int | None, target: int, *, cause: str) -> DamagePacket:
    """A hostile act folded through the protection layers at once; what is left leaves the target dying this
    night (he dies at the night's deaths unless saved before)."""
    packet = fold(res, source, target, cause)
    state = res.state
    if packet.amount > 0 and state.player(packet.target).alive and not down(state, packet.target):
        state.add_effect(DYING, target=packet.target, source=source, during=THIS_PHASE, cause=cause)
    return packet


def block(state: GameState, pid: int, source: int | None = None) -> None:
    """His move of this phase fails («неудачно, кто-то или что-то помешало»): the Дух, a siren, the priest…"""
    if not blocked(state, pid):
        state.add_effect(BLOCKED, target=pid, source=source, during=THIS_PHASE)


@MOVES.queries.modifier("reach", layer=10)
def _bar(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """1.9: in the bar «персонаж не может быть подвергнут никаким внешним воздействиям»."""
    return allowed and (actor == target or not state.effects_of(IN_BAR, target=target))


def standing(res: Resolution, kind: str) -> Iterator[tuple[int, Order]]:
    """The phase's standing orders of a kind, by seat."""
    for pid, orders in sorted(res.scratch["orders"].items()):
        for order in orders:
            if order.kind == kind:
                yield pid, order


def run_step(res: Resolution, step: int, catalogue: AbilityCatalogue) -> None:
    """Every move registered for this step, each standing order of it in seat order."""
    state = res.state
    res.scratch["moment"] = step  # «в один момент времени»: what one step does at once (a vest, a siren)
    for move_def in MOVES.at(step):
        for pid, order in list(standing(res, move_def.ability)):
            ability = catalogue[move_def.ability]
            move = Move(res, pid, order, ability)
            # `may_move` (a reason, or None): what else may keep him from moving now (a clan member not sent);
            # a remedy is no move (the Клизма: «лечит от ядов и ранения»): the wounded, who make no move
            # («Раненый игрок не может совершить ночной ход»), still take it, and nobody needs sending for it
            why: str | None = None if move_def.free else MOVES.queries.ask("may_move", state, None, pid=pid,
                                                                            ability=ability.id)
            if why is not None and pid in res.scratch.get("movers", []):
                res.scratch["movers"].remove(pid)  # no move of his role was made: no +2 (3.1)
            stopped = not state.player(pid).alive if move_def.free else down(state, pid)
            if stopped or (blocked(state, pid) and not ability.has("unblockable")) or why is not None:
                move.fail(why or FAILED)
                catalogue.record(state, pid, ability.id, ability.targets_in(order.params))
                continue
            move_def.behaviour(move)
            catalogue.record(state, pid, ability.id, ability.targets_in(order.params))
    for hook in MOVES.after.get(step, []):
        hook(res)
