"""Abilities in data: a rule set's catalogue (data/<rule set>/abilities.toml) and the one validator of
their tags.

An ability is what a player may do besides playing a card: a public role's perk, a secret role's or a
faction's power, or what a card grants ("до конца игры каждую ночь вы можете…"). Each is declared
once, in data:

    [[ability]]
    id = "guard"                       # also the order kind (or instant action) unless `kind` says
    public_role = "guard"              # who has it: public_role / secret_role / faction / card / effect
    params = [{ name = "target", kind = "any_living" }]   # the same ParamSpec kinds as cards
    tags = ["once_a_game", "night"]    # checked in this order, after who has it

The tags are the rule texts' own (TAGS below): day / night, once a game, at most N a game, first
night only, from day N, alternative «(А)» (at most one a phase), once a phase, not twice on one target,
not two phases running, … and `rule:<name>`, a requirement only code can say, named by the rule set.
`AbilityCatalogue.check` checks them all and raises the Refusal the rules give; the rule set's order
validators call it, and the offer (`api.actions`, through `action_defs`) calls the same function, so
what is offered and what is accepted cannot drift apart.

Once a game is the player's flag `used_<role>` (actions.used_flag); a count a game a flag counter; the
tags that look back at earlier phases read `GameState.uses`, which `record` writes for them alone.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import visits
from engine.core.actions import Action, ActionDef, used_flag
from engine.core.cards import DATA_DIR, ParamSpec
from engine.core.refusal import Refusal
from engine.core.state import AbilityUse, GameState, Order

# A requirement only code can say (`rule:<name>` in the data): raises the Refusal, naming `what`.
Rule = Callable[[GameState, int, str], None]
# Another way a player holds an ability than its one holder says (inherited, looted, granted by a rule).
AlsoHolds = Callable[[GameState, int, "AbilityDef"], bool]
# A check every ability of a rule set passes after who holds it (statuses that take abilities away, «Г/Т/М»).
Gate = Callable[[GameState, int, "AbilityDef"], None]
# The params as they stand now, when the phase narrows them (`params_now = "<name>"` in the data).
ParamsNow = Callable[[GameState, int, tuple[ParamSpec, ...]], tuple[ParamSpec, ...]]

HOLDERS = ("public_role", "secret_role", "faction", "card", "effect")
# The tags and how many arguments each takes. Markers with no check of their own: "blocks" (its
# target is blocked, engine/core/blocks.py), "unblockable" («Б»: a block does not stop it), "keeps:<status>"
# (kept in that status, «Г/Т/М»: a rule set's gate reads it). "not_with:<kind>": not in the same phase as an
# order of that kind ("если не использует …", "вместо голосования"); "not_on_target_of:<kind>": not on a
# target of that kind's order of the same phase ("если не использует в нее …"). "mark:<word>": a marker with no
# check, which the rule set reads (a «bad» action of a list the rules give).
TAGS: dict[str, int] = {
    "day": 0, "night": 0, "first_night": 0, "not_first_night": 0, "from_day": 1,
    "once_a_game": 0, "at_most": 2, "holds": 2, "someone_dead": 0, "effect": 1, "no_effect": 1, "rule": 1,
    "once_a_phase": 0, "alternative": 0, "not_twice_on_target": 0, "not_two_phases_running": 0,
    "blocks": 0, "unblockable": 0, "keeps": 1, "not_with": 1, "not_on_target_of": 1, "mark": 1,
}
LOOKS_BACK = frozenset({"not_twice_on_target", "not_two_phases_running"})  # need `GameState.uses`


@dataclass(frozen=True)
class Tag:
    name: str
    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Tag:
        """"name" or "name:arg:arg" (e.g. "from_day:3", "holds:hand:2", "rule:not_exiled")."""
        name, *args = text.split(":")
        if TAGS.get(name) != len(args):
            raise ValueError(f"unknown ability tag {text!r}")
        return cls(name, tuple(args))


@dataclass(frozen=True)
class AbilityDef:
    """One ability as declared. `what` names it in refusals; `role_what` in the refusals of who has it
    and of once a game (Микромафик names the role there); `once_key` is the role (or ability) whose
    `used_<key>` flag marks it spent."""

    id: str
    kind: str
    source: str  # "role" (a role's, a faction's or an effect's), "ability" (granted by a card)
    label_key: str
    holder: str  # one of HOLDERS, or "" for anyone
    holder_name: str
    what: str
    role_what: str
    once_key: str
    instant: bool = False
    screen: str = ""
    params: tuple[ParamSpec, ...] = ()
    preset: tuple[tuple[str, Any], ...] = ()
    tags: tuple[Tag, ...] = ()
    instead_of: str | None = None  # the play it takes the place of ("sleeve")
    params_now: str | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> AbilityDef:
        data = dict(raw)
        ident = str(data.pop("id"))
        holders = [h for h in HOLDERS if h in data]
        if len(holders) > 1:
            raise ValueError(f"ability {ident!r}: more than one holder {holders}")
        holder = holders[0] if holders else ""
        holder_name = str(data.pop(holder)) if holder else ""
        granted = holder == "card"
        kind = str(data.pop("kind", "ability" if granted else ident))
        what = str(data.pop("what", "ability" if granted else kind))
        spec = cls(
            id=ident, kind=kind, source=str(data.pop("source", "ability" if granted else "role")),
            label_key=str(data.pop("label_key", "" if granted else f"act.{ident}")), holder=holder,
            holder_name=holder_name, what=what, role_what=str(data.pop("role_what", what)),
            once_key=str(data.pop("once_key", holder_name or ident)), instant=bool(data.pop("instant", False)),
            screen=str(data.pop("screen", "")),
            params=tuple(ParamSpec.from_dict(p) for p in data.pop("params", ())),
            preset=tuple(dict(data.pop("preset", {})).items()),
            tags=tuple(Tag.parse(t) for t in data.pop("tags", ())),
            instead_of=data.pop("instead_of", None), params_now=data.pop("params_now", None),
        )
        if data:
            raise ValueError(f"ability {ident!r}: unknown fields {sorted(data)}")
        return spec

    def tag(self, name: str) -> Tag | None:
        return next((t for t in self.tags if t.name == name), None)

    def has(self, name: str) -> bool:
        return self.tag(name) is not None

    def marked(self, word: str) -> bool:
        """Does the data mark it `mark:<word>`?"""
        return any(t.name == "mark" and t.args[0] == word for t in self.tags)

    @property
    def per_game(self) -> int | None:
        """The most uses a game (`at_most:<counter>:<n>`), if so limited."""
        tag = self.tag("at_most")
        return int(tag.args[1]) if tag is not None else None

    @property
    def looks_back(self) -> bool:
        return any(t.name in LOOKS_BACK for t in self.tags)

    def refusal(self, code: str, *, what: str | None = None, **params: Any) -> Refusal:
        """A refusal naming this ability (a granted one also names its card, as the card layer does)."""
        extra = {"card": self.holder_name} if self.holder == "card" else {}
        return Refusal(code, what=self.what if what is None else what, **extra, **params)

    def targets_in(self, params: Mapping[str, Any]) -> list[int]:
        """The characters its params name ("target", "targets")."""
        found = params.get("targets", [params["target"]] if "target" in params else [])
        return [t for t in found if type(t) is int] if isinstance(found, list) else []


@dataclass
class AbilityCatalogue:
    """A rule set's abilities in the data's order, with the code-only requirements its data names."""

    ruleset: str
    abilities: tuple[AbilityDef, ...]
    rules: Mapping[str, Rule] = field(default_factory=dict)
    params_now: Mapping[str, ParamsNow] = field(default_factory=dict)
    single_orders: frozenset[str] = frozenset()  # a new order of such a kind replaces the old (api.submit)
    also_holds: AlsoHolds | None = None  # other ways to hold an ability than its holder (see AlsoHolds)
    gate: Gate | None = None  # a check every ability passes after who holds it (see Gate)

    def __post_init__(self) -> None:
        self._by_id = {a.id: a for a in self.abilities}
        if len(self._by_id) != len(self.abilities):
            raise ValueError(f"{self.ruleset}: an ability id is declared twice")
        for ability in self.abilities:
            for tag in ability.tags:
                if tag.name == "rule" and tag.args[0] not in self.rules:
                    raise ValueError(f"{self.ruleset}: ability {ability.id!r} names unknown rule {tag.args[0]!r}")
            if ability.params_now is not None and ability.params_now not in self.params_now:
                raise ValueError(f"{self.ruleset}: ability {ability.id!r} names unknown params_now")
        self._orders = {a.kind: a for a in self.abilities if not a.instant and a.holder != "card"}

    @classmethod
    def load(cls, ruleset: str, **kw: Any) -> AbilityCatalogue:
        """The catalogue of data/<ruleset>/abilities.toml."""
        return cls.from_toml(ruleset, (DATA_DIR / ruleset / "abilities.toml").read_text(encoding="utf-8"), **kw)

    @classmethod
    def from_toml(cls, ruleset: str, text: str, **kw: Any) -> AbilityCatalogue:
        raw = tomllib.loads(text)
        return cls(ruleset, tuple(AbilityDef.from_dict(a) for a in raw.get("ability", [])), **kw)

    def __getitem__(self, ability_id: str) -> AbilityDef:
        return self._by_id[ability_id]

    def __contains__(self, ability_id: object) -> bool:
        return ability_id in self._by_id

    def __iter__(self) -> Iterator[AbilityDef]:
        return iter(self.abilities)

    def granted(self) -> list[AbilityDef]:
        """The abilities cards grant, in the data's order."""
        return [a for a in self.abilities if a.holder == "card"]

    def of_order(self, order: Order) -> AbilityDef | None:
        """The ability an order uses (a granted one names it in params["ability"]), if any."""
        if order.kind == "ability":
            granted = self._by_id.get(str(order.params.get("ability")))
            return granted if granted is not None and granted.holder == "card" else None
        return self._orders.get(order.kind)

    # ---------------------------------------------------------------- the validator

    def check(self, state: GameState, pid: int, ability_id: str, params: Mapping[str, Any] | None = None) -> None:
        """Refuse unless the player has the ability and every tag allows it now (with `params`, also the
        tags about its targets). The orders' validators call this."""
        ability = self[ability_id]
        if self.also_holds is None or not self.also_holds(state, pid, ability):
            self._check_holder(state, pid, ability)
        if self.gate is not None:
            self.gate(state, pid, ability)
        for tag in ability.tags:
            self._check_tag(state, pid, ability, tag)
        if params is not None:
            self._check_targets(state, pid, ability, ability.targets_in(params))

    def check_offer(self, state: GameState, pid: int, ability_id: str) -> None:
        """What `api.actions` asks: `check`, and for an order, whether the phase's orders would still pass
        the rules about a set of orders with one more of it (as api.submit would send them)."""
        self.check(state, pid, ability_id)
        ability = self[ability_id]
        if ability.instant:
            return
        current = state.orders.get(pid, [])
        if ability.kind in self.single_orders:
            current = [o for o in current if o.kind != ability.kind]
        params = {"ability": ability.id} if ability.holder == "card" else {}
        self.check_orders(state, pid, [*current, Order(oid=0, kind=ability.kind, params=params)])

    def check_orders(self, state: GameState, pid: int, orders: Sequence[Order]) -> None:
        """The tags about a phase's set of orders: once a phase, at most one alternative «(А)», not with an
        order of another kind, not on a target of another kind's order."""
        seen: set[str] = set()
        alternative: AbilityDef | None = None
        for order in orders:
            ability = self.of_order(order)
            if ability is None:
                continue
            for tag in ability.tags:
                if tag.name == "not_with" and any(o.kind == tag.args[0] for o in orders):
                    raise ability.refusal("limit_reached", reason="not_with", other=tag.args[0])
                if tag.name == "not_on_target_of":
                    mine = set(ability.targets_in(order.params))
                    for other in orders:
                        if other.kind == tag.args[0] and mine & set(ability.targets_in(other.params)):
                            raise ability.refusal("limit_reached", reason="same_target", other=tag.args[0])
            if ability.id in seen and ability.has("once_a_phase"):
                raise ability.refusal("limit_reached", reason="once_per_phase")
            seen.add(ability.id)
            if ability.has("alternative"):
                if alternative is not None:
                    raise ability.refusal("limit_reached", reason="alternative", other=alternative.id)
                alternative = ability

    def _check_holder(self, state: GameState, pid: int, ability: AbilityDef) -> None:
        player, name = state.player(pid), ability.holder_name
        if ability.holder == "public_role" and player.public_role != name:
            raise ability.refusal("not_allowed", what=ability.role_what, reason="role")
        if ability.holder == "secret_role" and player.secret_role != name:
            raise ability.refusal("not_allowed", what=ability.role_what, reason="role")
        if ability.holder == "faction" and player.faction != name:
            raise ability.refusal("not_allowed", what=ability.role_what, reason="faction")
        if ability.holder == "effect" and not state.effects_of(name, target=pid):
            raise ability.refusal("not_allowed", reason=f"no_{name}")
        if ability.holder == "card" and not granted_by(state, pid, name):
            raise ability.refusal("not_allowed")

    def _check_tag(self, state: GameState, pid: int, ability: AbilityDef, tag: Tag) -> None:
        name, args = tag.name, tag.args
        player = state.player(pid)
        if name == "day" and not state.is_day:
            raise ability.refusal("wrong_phase", reason="day_only")
        if name == "night" and not state.is_night:
            raise ability.refusal("wrong_phase", reason="night_only")
        if name == "first_night" and state.phase != 1:
            raise ability.refusal("wrong_phase", reason="first_night_only")
        if name == "not_first_night" and state.phase == 1:
            raise ability.refusal("wrong_phase", reason="not_first_night")
        if name == "from_day" and state.day_number < int(args[0]):
            raise ability.refusal("wrong_phase", reason=f"from_day_{args[0]}")
        if name == "once_a_game" and player.flags.get(used_flag(ability.once_key)):
            raise ability.refusal("limit_reached", what=ability.role_what, reason="once_a_game")
        if name == "at_most" and player.flags.get(args[0], 0) >= int(args[1]):
            raise ability.refusal("limit_reached", max=int(args[1]))
        if name == "holds" and len(getattr(player, args[0])) < int(args[1]):
            raise ability.refusal("not_allowed", reason=f"no_{args[0]}_cards", least=int(args[1]))
        if name == "someone_dead" and all(p.alive for p in state.players):
            raise ability.refusal("not_allowed", reason="nobody_dead")
        if name == "effect" and not state.effects_of(args[0], target=pid):
            raise ability.refusal("not_allowed", reason=f"no_{args[0]}")
        if name == "no_effect" and state.effects_of(args[0], target=pid):
            raise ability.refusal("not_allowed", reason=f"already_{args[0]}")
        if name == "rule":
            self.rules[args[0]](state, pid, ability.what)
        if name == "not_two_phases_running" and any(
                u.phase == state.phase - 1 for u in uses_of(state, pid, ability.id)):
            raise ability.refusal("limit_reached", reason="two_phases_running")

    def _check_targets(self, state: GameState, pid: int, ability: AbilityDef, targets: list[int]) -> None:
        if ability.has("not_twice_on_target"):
            before = {t for u in uses_of(state, pid, ability.id) for t in u.targets}
            for target in targets:
                if target in before:
                    raise Refusal("invalid_target", target=target, reason="twice_on_target")

    # ---------------------------------------------------------------- resolution

    def record(self, state: GameState, pid: int, ability_id: str, targets: Sequence[int] = ()) -> None:
        """An ability was used (its order resolved, its instant action done): spends what the tags count —
        once a game, a count a game — and keeps the use when a tag looks back at it."""
        ability = self[ability_id]
        player = state.player(pid)
        if ability.has("once_a_game"):
            player.flags[used_flag(ability.once_key)] = 1
        counter = ability.tag("at_most")
        if counter is not None:
            player.flags[counter.args[0]] = player.flags.get(counter.args[0], 0) + 1
        if ability.looks_back:
            state.uses.append(AbilityUse(phase=state.phase, pid=pid, ability=ability.id, targets=list(targets)))

    def resolved(self, state: GameState, pid: int, order: Order, *, worked: bool = True) -> None:
        """An ability's order was resolved (`worked` False: tried, and it failed): what it spends is spent
        (`record`) and, when it names characters, the visit is kept (engine/core/visits.py) — for a rule
        set that keeps visits."""
        ability = self.of_order(order)
        if ability is None:
            raise ValueError(f"order {order.kind!r} is no ability of {self.ruleset}")
        targets = ability.targets_in(order.params)
        self.record(state, pid, ability.id, targets)
        visits.record(state, pid, targets, f"ability:{ability.id}", worked=worked)

    # ---------------------------------------------------------------- what is offered

    def action_defs(self) -> tuple[ActionDef, ...]:
        """The abilities of roles, factions and effects as the actions api.actions describes, in the
        data's order; each requires exactly what `check_offer` says."""
        return tuple(self._action_def(a) for a in self.abilities if a.holder != "card")

    def _action_def(self, ability: AbilityDef) -> ActionDef:
        narrow = self.params_now.get(ability.params_now) if ability.params_now else None
        return ActionDef(
            id=ability.id, kind=ability.kind, source=ability.source, label_key=ability.label_key,
            instant=ability.instant, params=ability.params, preset=ability.preset, screen=ability.screen,
            requires=(lambda state, pid: self.check_offer(state, pid, ability.id),),
            params_now=(lambda state, pid: narrow(state, pid, ability.params)) if narrow else None)

    def granted_actions(self, state: GameState, pid: int) -> list[Action]:
        """The abilities cards granted this player that may be used now, one each, in the order granted."""
        out: list[Action] = []
        cards = dict.fromkeys(str(e.params.get("card")) for e in state.effects_of("ability", target=pid))
        for ability in (a for card in cards for a in self.granted() if a.holder_name == card):
            try:
                self.check(state, pid, ability.id)
            except Refusal:
                continue
            out.append(Action(id=f"ability:{ability.id}", kind="ability", source="ability", card_id=ability.holder_name,
                              params=ability.params, preset=(("ability", ability.id),)))
        return out


def granted_by(state: GameState, pid: int, card_id: str) -> list[Any]:
    """The `ability` effects through which this card granted this player its ability (grant_ability)."""
    return [e for e in state.effects_of("ability", target=pid) if e.params.get("card") == card_id]


def uses_of(state: GameState, pid: int, ability_id: str) -> list[AbilityUse]:
    return [u for u in state.uses if u.pid == pid and u.ability == ability_id]
