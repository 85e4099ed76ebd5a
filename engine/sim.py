"""Random legal agents that play whole games through the public API only.

An agent sees only its player's view and acts with `api.submit` and friends; whatever the engine
refuses is simply not done. Used by `python -m engine simulate`, the property tests and benches.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core import api
from engine.core.cards import CardCatalog, ParamSpec
from engine.core.memo import unchanging
from engine.core.params import ParamContext, card_pool, corpses, count_of, dead_choices, least_of, past_phases
from engine.core.refusal import Refusal
from engine.core.rng import Rng
from engine.core.ruleset import Ruleset, get_ruleset
from engine.core.state import Effect, GameState
from engine.core.views import player_view

MAX_PHASES = 400


@dataclass
class Agent:
    pid: int
    rnd: random.Random

    def build_deck(self, state: GameState, ruleset: Ruleset) -> None:
        view = player_view(state, self.pid)
        building = view["me"]["building"]
        if building is None or building["done"]:
            return
        if building["mode"] == "draft":
            while not state.player(self.pid).building.done:  # type: ignore[union-attr]
                api.deck_pick(state, self.pid, self.rnd.choice(state.player(self.pid).building.offer))  # type: ignore[union-attr]
            return
        for _ in range(50):  # a random choice; fall back to the rule set's own legal pick
            cards = self.rnd.sample([c.id for c in ruleset.catalog] * 2, 12)
            try:
                api.deck_build(state, self.pid, cards)
                return
            except Refusal:
                continue
        api.deck_auto(state, self.pid)

    def act_instantly(self, state: GameState, ruleset: Ruleset) -> None:
        """What the player does at once, before any player's orders of the phase (an agent that has no
        instant actions of its own does them among its orders)."""

    def act(self, state: GameState, ruleset: Ruleset) -> None:
        view = player_view(state, self.pid, events=False)  # it reads no events
        me = view["me"]
        if not me["alive"]:
            return
        living = [p["pid"] for p in view["players"] if p["alive"]]
        hand = [c["uid"] for c in me["hand"]]
        if hand and self.rnd.random() < 0.3:
            order = hand[:]
            self.rnd.shuffle(order)
            api.reorder_hand(state, self.pid, order)
        if view["is_night"]:
            self._try(state, "kill_vote", params={"target": self.rnd.choice(living)})
            if self.rnd.random() < 0.2:
                self._try_paid(state, "kill_boost", {}, None)
        else:
            self._try(state, "vote", params={"target": self.rnd.choice(living)})
            self._try(state, "punishment", params={"choice": self.rnd.choice(["execution", "beating"])})
        roll = self.rnd.random()
        if roll < 0.75 and hand:
            for _ in range(1 + (me.get("play_limit", 1) > 1)):
                self._play_random(state, ruleset, view, living)
        elif roll < 0.9 and hand and view["is_night"]:
            self._try(state, "discard", card=self.rnd.choice(hand))
        for order_kind, chance in (("businessman_point", 0.1), ("croupier_swap", 0.1), ("paranoid_armor", 0.2)):
            if self.rnd.random() < chance:
                if order_kind == "croupier_swap" and hand:
                    self._try(state, order_kind, card=self.rnd.choice(hand))
                elif order_kind == "paranoid_armor" and me["points"]:
                    n = self.rnd.randint(1, me["points"])
                    self._try(state, order_kind, params={"amount": n}, payment={"points": n})
                else:
                    self._try(state, order_kind)
        for effect in me.get("effects", []):
            if effect["kind"] == "may_message" and effect["start"] <= state.phase:
                self._try(state, "message", params={"to": effect["source"], "text": "hi"})
            if effect["kind"] == "knockout" and effect["start"] == state.phase and me["hand"]:
                self._try_paid(state, "keep", {}, self.rnd.choice(hand))

    def _play_random(self, state: GameState, ruleset: Ruleset, view: dict[str, Any], living: list[int]) -> None:
        hand = state.player(self.pid).hand
        if not hand:
            return
        card = self.rnd.choice(hand)
        spec = ruleset.catalog[card.card]
        params = self.random_params(state, ruleset, spec.params, living, spec_id=spec.id)
        if state.player(self.pid).public_role == "magician" and self.rnd.random() < 0.3:
            params["magician_copy"] = True
        self._try_paid(state, "play", params, card.uid)

    def random_params(self, state: GameState, ruleset: Ruleset, specs: tuple[ParamSpec, ...],
                      living: list[int], *, spec_id: str) -> dict[str, Any]:
        params: dict[str, Any] = {}
        others = [p for p in living if p != self.pid] or living
        ids = _card_ids(ruleset.catalog)

        built: list[ParamContext | None] = []

        def context() -> ParamContext | None:  # built only for a parameter whose span or pool needs it, once
            if not built:
                built.append(ruleset.param_context(state, self.pid, ruleset.catalog[spec_id])
                             if spec_id in ruleset.catalog else None)
            return built[0]

        def span(spec: ParamSpec) -> tuple[int, int]:  # (fewest, most) for this player now
            ctx = context()
            if ctx is None:
                return (spec.min or 1, spec.count)
            return (max(1, least_of(ctx, spec)), count_of(ctx, spec))

        for spec in specs:
            if not spec.applies(params):  # called for only by some value of an earlier param
                continue
            if spec.optional and not spec.when and self.rnd.random() < 0.4:
                continue
            kind = spec.kind
            if kind == "target":
                params[spec.name] = self.rnd.choice(others)
            elif kind == "any_living":
                params[spec.name] = self.rnd.choice(living)
            elif kind == "dead_target":
                dead = dead_choices(state)
                if not dead:
                    return params
                params[spec.name] = self.rnd.choice(dead)
            elif kind == "targets":
                params[spec.name] = self.rnd.sample(others, min(len(others), self.rnd.randint(*span(spec))))
            elif kind == "dead_targets":
                if dead := dead_choices(state):
                    params[spec.name] = self.rnd.sample(dead, min(len(dead), self.rnd.randint(*span(spec))))
            elif kind == "card_names":
                params[spec.name] = self.rnd.sample(ids, span(spec)[1])
            elif kind == "card_name":
                params[spec.name] = self.rnd.choice([i for i in ids if i != spec_id])
            elif kind == "card_effect":
                pool = [c for c in ruleset.catalog if c.id != spec_id and (spec.of != "cond_day" or c.has("cond_day"))]
                sub = self.rnd.choice(pool)
                params[spec.name] = {"card": sub.id, "params": self.random_params(state, ruleset, sub.params, living, spec_id=sub.id)}
            elif kind == "colour":
                params[spec.name] = self.rnd.choice(self.colours(ruleset))
            elif kind == "choice":
                params[spec.name] = self.rnd.choice(list(spec.choices))
            elif kind == "flag":
                params[spec.name] = self.rnd.random() < 0.5
            elif kind == "message":
                params[spec.name] = "сообщение"
            elif kind == "messages":
                params[spec.name] = ["привет"] * len(params.get("targets", []))
            elif kind == "hand_cards":
                hand = [c.uid for c in state.player(self.pid).hand]
                params[spec.name] = self.rnd.sample(hand, min(len(hand), self.rnd.randint(*span(spec))))
            elif kind == "past_phases":  # distinct past phases, as many as the span allows
                phases = past_phases(state, spec.of)
                params[spec.name] = self.rnd.sample(phases, min(len(phases), self.rnd.randint(*span(spec))))
            elif kind in ("label", "labels"):  # anonymous labels the rule set offers now (a soul stone)
                offered = ruleset.labels(state, self.pid, spec)
                if not offered:
                    return params
                if kind == "label":
                    params[spec.name] = self.rnd.choice(offered)
                else:
                    least, most = (spec.min if spec.min is not None else spec.count), spec.count
                    if len(offered) < least:
                        return params
                    params[spec.name] = self.rnd.sample(offered, self.rnd.randint(least, min(most, len(offered))))
            elif kind == "phase_cards":  # a card of the parameter's pool for each chosen phase
                ctx = context()
                pool = card_pool(ctx, spec) if ctx is not None else ids
                params[spec.name] = [self.rnd.choice(pool) for _ in params.get("phases") or []]
            else:
                value = self.extra_param(state, ruleset, spec, living, params)
                if value is not None:
                    params[spec.name] = value
        return params

    def extra_param(self, state: GameState, ruleset: Ruleset, spec: ParamSpec, living: list[int],
                    params: dict[str, Any]) -> Any:
        """Parameter kinds of other rule sets (None: leave it out)."""
        return None

    def colours(self, ruleset: Ruleset) -> list[str]:
        return sorted({c.colour for c in ruleset.catalog})

    def _try_paid(self, state: GameState, kind: str, params: dict[str, Any], card: int | None) -> None:
        """Try payments of growing size, mixing points and hand cards at random, until one fits."""
        player = state.player(self.pid)
        for total in range(0, 7):
            spare = [c.uid for c in player.hand if c.uid != card and c.uid not in (params.get("give") or [])]
            points = self.rnd.randint(0, min(total, player.points))
            cards = self.rnd.sample(spare, min(len(spare), total - points))
            if points + len(cards) != total:
                continue
            try:
                api.submit(state, self.pid, kind, card=card, params=params, payment={"points": points, "cards": cards})
                return
            except Refusal as refusal:
                if refusal.code != "cost_unpayable":
                    return

    def _try(self, state: GameState, kind: str, **kwargs: Any) -> None:
        try:  # (no contextlib.suppress: three calls more for each of a game's ~650 submits)
            api.submit(state, self.pid, kind, **kwargs)
        except Refusal:
            return  # refused: not done


class MafikAgent(Agent):
    """A random Мафик player: Hand and Sleeve plays, night discards, the Вече, messages, rooms,
    and the Маньяк's and Предатель's own actions — all through the public API."""

    def build_deck(self, state: GameState, ruleset: Ruleset) -> None:
        self._new_deck(state, ruleset, lambda cards: api.deck_build(state, self.pid, cards))

    def _new_deck(self, state: GameState, ruleset: Ruleset, submit: Callable[[list[str]], None]) -> None:
        """The rule set's automatic deck, its paid cards drawn as `deck_auto` would draw them now (from a copy
        of the game's RNG: the game's is left as it was), and free cards besides (`_free_cards`), submitted once
        and judged once, by the submit. A legal deck's paid cards alone are legal (the free cards only add to
        the counts a deck is held to, and are no paid cards); when the deck is refused and its paid cards alone
        would be too, the agent's stream goes back to before the free cards were drawn, as when the automatic
        deck was tried on a copy first (tests/engine/test_sim.py holds it to that way: a deep copy's deck, the
        game unchanged). That trial refused an Инженер's deck without his guaranteed cards too; agents choose none."""
        from engine.rulesets.mafik.ruleset import Mafik

        if not isinstance(ruleset, Mafik):
            return
        with unchanging():  # the pools the paid and the free cards are drawn from are worked out once
            paid = ruleset.auto_deck(state, self.pid, Rng(_Drawn(state.rng)))
            before = self.rnd.getstate()
            cards = paid + self._free_cards(state, ruleset)
        try:
            submit(cards)
        except Refusal:
            if ruleset.deck_problem(state, self.pid, paid) is not None:
                self.rnd.setstate(before)

    def _free_cards(self, state: GameState, ruleset: Ruleset) -> list[str]:
        """Up to as many Свободные as a deck may hold besides its paid cards (the automatic deck takes none),
        so that the free cards (Псевдоним, Запрет, Размашистая Z…) come into play too. The number is the
        deck limit of free cards (`api.deck_rules` reports it, after counting the whole collection's copies)."""
        from engine.rulesets.mafik.deck import deck_limits
        from engine.rulesets.mafik.ruleset import Mafik

        if not isinstance(ruleset, Mafik):
            return []
        pool = ruleset.auto_pool(state, self.pid, free=True)
        most = deck_limits(state, self.pid)["free"]
        return self.rnd.sample(pool, min(self.rnd.randint(0, most), len(pool)))

    def act_instantly(self, state: GameState, ruleset: Ruleset) -> None:
        """The instant actions: the Hand's order, a new deck, messages, rooms, the Маньяк's swap. Reads only
        what the player's view shows (`player_view`): its own hand, sleeve, deck and secret role, who is
        alive, the rooms proposed today (each announced to all) — straight from the state, as building the
        whole view each time would cost more than the rest of the game."""
        me = state.player(self.pid)
        if not me.alive:
            return
        if me.hand and self.rnd.random() < 0.2:
            order = [c.uid for c in me.hand]
            self.rnd.shuffle(order)
            api.reorder_hand(state, self.pid, order)
        if not me.deck:
            self._new_deck(state, ruleset, lambda cards: api.act(state, self.pid, "rebuild_deck", {"cards": cards}))
        if state.is_day:
            others = [p.pid for p in state.players if p.alive and p.pid != self.pid]
            if others and self.rnd.random() < 0.3:
                self._act(state, "private_message", {"to": self.rnd.choice(others), "text": "привет"})
            if len(others) >= 2 and self.rnd.random() < 0.1:
                self._act(state, "room_propose", {"members": self.rnd.sample(others, 2)})
            for request in open_room_requests(state):
                if self.pid in request.params["members"] and self.rnd.random() < 0.7:
                    self._act(state, "room_confirm", {"room": request.eid})
        if me.secret_role == "maniac" and me.sleeve and me.hand and self.rnd.random() < 0.2:
            self._act(state, "swap", {"hand": self.rnd.choice(me.hand).uid, "sleeve": self.rnd.choice(me.sleeve).uid})

    def act(self, state: GameState, ruleset: Ruleset) -> None:
        """The orders: a night discard, the Вече's votes, plays from the Hand and the Sleeve, the neutral
        roles' own orders."""
        me = state.player(self.pid)
        if not me.alive:
            return
        living = [p.pid for p in state.players if p.alive]
        if state.is_night:
            if len(me.hand) >= 2 and self.rnd.random() < 0.15:
                self._try(state, "night_discard", params={"cards": self.rnd.sample([c.uid for c in me.hand], 2)})
        else:
            import engine.rulesets.mafik.orders as mafik_orders  # (this form: no `from` look-up each call)

            if self.rnd.random() < 0.9:
                self._try(state, "vote", params={"target": self.rnd.choice(living)})
            choice = self.rnd.choice(mafik_orders.PUNISHMENTS)
            if not mafik_orders.barred(state, choice):  # a punishment the Вече has barred is refused: not submitted
                self._try(state, "punishment", params={"choice": choice})
        for zone in ("hand", "sleeve"):
            if getattr(me, zone) and self.rnd.random() < 0.7:
                self._play_from(state, ruleset, living, zone)
        if me.secret_role == "maniac" and self.rnd.random() < 0.3:
            use = self.rnd.choice(["armor", "damage1", "damage2", "draw_sleeve", "draw_hand"])
            others = [p for p in living if p != self.pid]
            self._try(state, "blood", params={"use": use, "target": self.rnd.choice(others) if others else None})
        if me.secret_role == "traitor" and self.rnd.random() < 0.2:
            self._try(state, "traitor_colours", params={"colours": self.rnd.sample(list(MAFIK_COLOURS), 3)})

    def _play_from(self, state: GameState, ruleset: Ruleset, living: list[int], zone: str) -> None:
        cards = getattr(state.player(self.pid), zone)
        if not cards:
            return
        card = self.rnd.choice(cards)
        spec = ruleset.catalog[card.card]
        import engine.rulesets.mafik.orders as mafik_orders  # (this form: no `from` look-up each call)

        try:  # a card of the other phase is refused whatever is chosen: nothing is chosen for it
            mafik_orders.check_timing(state, self.pid, spec)
        except Refusal:
            return
        params = self.random_params(state, ruleset, spec.params, living, spec_id=spec.id)
        payment = self._payment(state, card.uid, spec.params, params)
        if payment is not None:
            self._try(state, "play", card=card.uid, params=params, payment=payment)

    def _payment(self, state: GameState, uid: int, specs: tuple[ParamSpec, ...],
                 params: dict[str, Any]) -> dict[str, Any] | None:
        """A payment of exactly what playing card `uid` with `params` costs (`api.play_cost`), from what may
        pay it now (`api.payment_options`): some of the cost in blood at random, the rest in cards at random
        (none the play itself uses); None when it cannot be paid. The play is then submitted once, not tried
        with payments of growing size until one fits."""
        try:
            cost = api.play_cost(state, self.pid, uid, params)
        except Refusal:
            return None
        if not cost:
            return {"points": 0, "cards": []}
        options = api.payment_options(state, self.pid)
        if cost > options.most:
            return None
        used = {uid, *(u for p in specs if p.kind in OWN_CARD_KINDS for u in params.get(p.name) or [])}
        spare = [u for u in options.cards if u not in used]
        per_cost = options.points_per_cost
        least, most = max(0, cost - len(spare)), min(cost, state.player(self.pid).points // per_cost) if per_cost else 0
        if least > most:
            return None
        in_points = self.rnd.randint(least, most)
        return {"points": in_points * per_cost, "cards": self.rnd.sample(spare, cost - in_points)}

    def colours(self, ruleset: Ruleset) -> list[str]:
        return list(MAFIK_COLOURS)

    def extra_param(self, state: GameState, ruleset: Ruleset, spec: ParamSpec, living: list[int],
                    params: dict[str, Any]) -> Any:
        from engine.rulesets.mafik.roles import SECRET_ROLES

        kind = spec.kind
        roles = sorted(SECRET_ROLES)
        others = [p for p in living if p != self.pid] or living
        if kind == "accusation":
            return self.rnd.sample(_accusable(ruleset.catalog), self.rnd.randint(1, 2))
        if kind == "accusations":
            pool = _accusable(ruleset.catalog)
            return [self.rnd.sample(pool, self.rnd.randint(1, 2)) for _ in params.get("targets", [])] or None
        if kind == "secret_role":  # `of` a side: only that side's roles
            return self.rnd.choice([r for r in roles if not spec.of or SECRET_ROLES[r].faction == spec.of])
        if kind == "secret_roles" and spec.count_from == "corpses":
            return [self.rnd.choice(roles) for _ in range(corpses(state))]
        if kind == "secret_roles":
            return [self.rnd.choice(roles) for _ in params.get("targets", [])]
        if kind == "role_map":
            return {str(p): self.rnd.choice(roles) for p in others}
        if kind == "colours":
            return self.rnd.sample(list(MAFIK_COLOURS), min(spec.count, len(MAFIK_COLOURS)))
        if kind == "stance":
            return self.rnd.choice(list(spec.choices))
        if kind == "number":
            return self.rnd.randint(spec.min or 0, spec.max if spec.max is not None else 3)
        if kind == "sleeve_cards":
            sleeve = [c.uid for c in state.player(self.pid).sleeve]
            return self.rnd.sample(sleeve, min(len(sleeve), self.rnd.randint(spec.min or 1, spec.count))) or None
        if kind == "own_cards":
            player = state.player(self.pid)
            held = [c.uid for c in [*player.hand, *player.sleeve]]
            low, high = max(1, spec.min or 1), min(spec.count, len(held))
            return self.rnd.sample(held, self.rnd.randint(low, high)) if held and low <= high else None
        if kind == "card_multiset":
            size = self.rnd.randint(max(1, spec.min or 1), min(spec.count, 6))
            return [self.rnd.choice(ruleset.catalog.ids()) for _ in range(size)]
        if kind == "past_phase":
            phases = past_phases(state, spec.of)
            return self.rnd.choice(phases) if phases else None
        if kind == "chat_room":
            rooms = [e.eid for e in state.effects if e.kind == "room" and self.pid in e.params.get("members", [])]
            return self.rnd.choice(rooms) if rooms else None
        return None

    def _act(self, state: GameState, action: str, params: dict[str, Any]) -> None:
        try:
            api.act(state, self.pid, action, params)
        except Refusal:
            return  # refused: not done


class ActionsAgent(Agent):
    """A random player of a rule set without cards: each action `api.actions` offers now is tried at
    random, its parameters drawn from what their kinds allow (a parameter only some choices call for is
    given when called for). Whatever the engine refuses is not done."""

    chance = 0.6

    def build_deck(self, state: GameState, ruleset: Ruleset) -> None:
        return None

    def act(self, state: GameState, ruleset: Ruleset) -> None:
        if state.status != "running":
            return
        living = [p.pid for p in state.living()]
        for action in api.actions(state, self.pid):  # none for the dead (but one the rule set lets act)
            if not action.available or self.rnd.random() > self.chance:
                continue
            params = dict(action.preset)
            for spec in action.params:
                if not spec.applies(params):
                    continue
                value = self.any_param(state, ruleset, spec, living, params)
                if value is None:
                    break
                params[spec.name] = value
            else:
                if action.instant:
                    with contextlib.suppress(Refusal):
                        api.act(state, self.pid, action.kind, params)
                else:
                    self._try(state, action.kind, params=params)

    def any_param(self, state: GameState, ruleset: Ruleset, spec: ParamSpec, living: list[int],
                  params: dict[str, Any]) -> Any:
        """A random value of a parameter of any kind (None: nothing to choose)."""
        others = [p for p in living if p != self.pid]
        dead = [p.pid for p in state.players if not p.alive]
        roles = api.catalog(state.ruleset).secret_roles()
        kind = spec.kind
        if kind == "target":
            return self.rnd.choice(others) if others else None
        if kind == "any_living":
            return self.rnd.choice(living) if living else None
        if kind == "dead_target":
            return self.rnd.choice(dead) if dead else None
        if kind == "targets":
            low = spec.count if spec.min is None else spec.min
            if len(others) < low:
                return None
            return self.rnd.sample(others, self.rnd.randint(low, min(spec.count, len(others))))
        if kind == "choice":
            return self.rnd.choice(list(spec.choices))
        if kind == "secret_role":
            return self.rnd.choice(roles)
        if kind == "role_map":
            return {str(p): self.rnd.choice(roles) for p in others} or None
        if kind == "number":
            return self.rnd.randint(spec.min or 0, spec.max if spec.max is not None else (spec.min or 0) + 2)
        if kind == "message":
            return "сообщение"
        if kind == "flag":
            return self.rnd.random() < 0.5
        if kind in ("label", "labels"):  # anonymous labels the rule set offers now (souls on a stone)
            offered = api.param_labels(state, self.pid, spec)
            if kind == "label":
                return self.rnd.choice(offered) if offered else None
            low = spec.count if spec.min is None else spec.min
            if len(offered) < low:
                return None
            return self.rnd.sample(offered, self.rnd.randint(low, min(spec.count, len(offered))))
        return None


@dataclass
class _Drawn:
    """A copy of the game's RNG state, to draw from as the game would without advancing the game's."""

    rng: int


def open_room_requests(state: GameState) -> list[Effect]:
    """The rooms proposed this phase, oldest first: each proposal is a `room_request` effect of this phase
    only, announced to everyone as it is made (`room_proposed`, engine/rulesets/mafik/comms.py), and none is
    taken back before the phase ends — the announcements of this phase the player sees, read without walking
    the phase's events (tests/engine/test_sim.py holds the two equal at every moment an agent reads them)."""
    return state.effects_of("room_request")


@functools.cache
def _card_ids(catalog: CardCatalog) -> list[str]:
    """The collection's card ids (a collection never changes: kept, not rebuilt for each card played)."""
    return catalog.ids()


@functools.cache
def _accusable(catalog: CardCatalog) -> list[str]:
    """The cards an accusation may name: every one but the peaceful ones."""
    return [c.id for c in catalog if not c.has("peaceful")]


OWN_CARD_KINDS = ("hand_cards", "sleeve_cards", "own_cards")  # parameters that name the player's own cards
MAFIK_COLOURS = ("damage", "defence", "intel", "disguise", "control", "chaos", "support", "boost")
AGENTS: dict[str, type[Agent]] = {"mafik": MafikAgent}


def agent_class_for(ruleset_name: str) -> type[Agent]:
    """The random player of a rule set: its own, else the card player, else the actions player."""
    return AGENTS.get(ruleset_name, Agent if len(get_ruleset(ruleset_name).catalog) else ActionsAgent)


@dataclass
class GameResult:
    winners: list[str]
    phases: int
    completed: bool
    state: GameState = field(repr=False)


# Called at a moment of the game ("phase": a phase has begun, before anyone acts; "resolve": every
# agent has acted, before the phase resolves). It may return a state to continue with instead
# (e.g. the same state after a JSON round trip), or None to keep the current one.
Hook = Callable[[GameState, str], GameState | None]


class GameRunner:
    """One game between random agents, played step by step (a phase per `step`).

    The agents' own random streams live here, outside the game state, so a caller may swap the
    state between steps (`runner.state = ...`) and the game goes on with the same agents.
    """

    def __init__(self, ruleset_name: str, players: int, seed: int) -> None:
        self.ruleset = get_ruleset(ruleset_name)
        rnd = random.Random(seed)
        roles = [r["id"] for r in self.ruleset.public_roles()]
        # one public role each; a rule set with fewer than the players (one "Житель" for all) repeats them
        chosen = rnd.sample(roles, players) if len(roles) >= players else [rnd.choice(roles) for _ in range(players)]
        self.state = api.new_game(ruleset_name, [(f"Игрок {i + 1}", r) for i, r in enumerate(chosen)], seed=seed)
        agent_class = agent_class_for(ruleset_name)
        self.agents = [agent_class(pid, random.Random(rnd.getrandbits(64))) for pid in range(players)]
        for agent in self.agents:
            agent.build_deck(self.state, self.ruleset)
        if self.state.status == "setup":
            api.deck_auto_all(self.state)

    @property
    def running(self) -> bool:
        return self.state.status == "running" and self.state.phase < MAX_PHASES

    def act(self) -> None:
        """Every agent acts for the current phase: first every agent's instant actions, then every agent's
        orders — so that nothing but orders changes the game between an order and the deadline, and the
        orders found valid when submitted need no second look (engine/core/checked.py)."""
        for agent in self.agents:
            agent.act_instantly(self.state, self.ruleset)
        for agent in self.agents:
            agent.act(self.state, self.ruleset)

    def resolve(self) -> None:
        api.resolve(self.state)

    def step(self, hook: Hook | None = None) -> None:
        """Play one phase: (hook) agents act, (hook) the phase resolves."""
        self._call(hook, "phase")
        self.act()
        self._call(hook, "resolve")
        self.resolve()

    def _call(self, hook: Hook | None, moment: str) -> None:
        if hook is not None:
            replacement = hook(self.state, moment)
            if replacement is not None:
                self.state = replacement

    def result(self) -> GameResult:
        state = self.state
        return GameResult(winners=state.winners, phases=state.phase, completed=state.status == "finished", state=state)


def play_game(ruleset_name: str, players: int, seed: int, *, hook: Hook | None = None) -> GameResult:
    """One complete game between random agents. `hook`, if given, is called twice a phase (see Hook)."""
    runner = GameRunner(ruleset_name, players, seed)
    while runner.running:
        runner.step(hook)
    return runner.result()


@contextlib.contextmanager
def long_run(ruleset_name: str) -> Iterator[None]:
    """Many games in one process: the rule set is loaded first, and all that exists then (the rule sets'
    modules, catalogues, registries) is kept out of the cyclic garbage collector's passes (`gc.freeze`),
    which the games' allocations would otherwise start again and again over it; and the collector is off
    while the games run, for a game leaves nothing for it to find (tests/engine/test_no_garbage.py holds
    whole games of every rule set to that). Both given back after. The games are the same, a few per cent
    faster."""
    get_ruleset(ruleset_name)
    gc.collect()
    gc.freeze()
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        gc.unfreeze()


def simulate(ruleset_name: str, players: int, games: int, seed: int) -> dict[str, Any]:
    winners: dict[str, int] = {"none": 0}
    completed = errors = 0
    phases = 0
    error_samples: list[str] = []
    with long_run(ruleset_name):
        for i in range(games):
            try:
                result = play_game(ruleset_name, players, seed * 1_000_003 + i)
            except Exception as exc:
                errors += 1
                if len(error_samples) < 5:
                    error_samples.append(f"game {i}: {type(exc).__name__}: {exc}")
                continue
            if result.completed:
                completed += 1
                phases += result.phases
                key = "+".join(result.winners) or "none"
                winners[key] = winners.get(key, 0) + 1
    return {
        "ruleset": ruleset_name,
        "players": players,
        "games": games,
        "completed": completed,
        "errors": errors,
        "winners": winners,
        "mean_phases": round(phases / completed, 2) if completed else 0,
        "error_samples": error_samples,
    }


@dataclass(frozen=True)
class Decision:
    """One thing an agent chose to do, as the public API call that does it (`call`: submit, act, deck_build,
    deck_pick, deck_auto or reorder_hand) with that call's arguments."""

    call: str
    kind: str = ""  # the order kind (submit) or the action (act)
    card: int | None = None  # the card an order uses (submit)
    params: dict[str, Any] = field(default_factory=dict)
    payment: dict[str, Any] | None = None
    cards: list[Any] = field(default_factory=list)  # deck_build: card ids; deck_pick: the one; reorder_hand: uids


_API = api  # the real API, while `decide` lends its recording the name `api`


class _Recording:
    """`engine.core.api` as an agent calls it, writing down each call on `trial` that the engine accepts
    (a call on another state, such as a deck trial of its own, is not the agent's decision)."""

    def __init__(self, trial: GameState) -> None:
        self.trial = trial
        self.decisions: list[Decision] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(_API, name)

    def _note(self, state: GameState, decision: Decision) -> None:
        if state is self.trial:
            self.decisions.append(decision)

    def submit(self, state: GameState, pid: int, kind: str, *, card: int | None = None,
               params: dict[str, Any] | None = None, payment: dict[str, Any] | None = None, **more: Any) -> None:
        _API.submit(state, pid, kind, card=card, params=params, payment=payment, **more)
        self._note(state, Decision("submit", kind, card, dict(params or {}), dict(payment) if payment else None))

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any] | None = None) -> None:
        _API.act(state, pid, action, params)
        self._note(state, Decision("act", action, params=dict(params or {})))

    def deck_build(self, state: GameState, pid: int, cards: list[str]) -> None:
        _API.deck_build(state, pid, cards)
        self._note(state, Decision("deck_build", cards=list(cards)))

    def deck_pick(self, state: GameState, pid: int, card: str) -> None:
        _API.deck_pick(state, pid, card)
        self._note(state, Decision("deck_pick", cards=[card]))

    def deck_auto(self, state: GameState, pid: int) -> None:
        _API.deck_auto(state, pid)
        self._note(state, Decision("deck_auto"))

    def reorder_hand(self, state: GameState, pid: int, uids: list[int]) -> None:
        _API.reorder_hand(state, pid, uids)
        self._note(state, Decision("reorder_hand", cards=list(uids)))


def decide(agent: Agent, state: GameState) -> list[Decision]:
    """What `agent` would do now — build its deck in set-up, its orders in a running phase — played out on a
    copy of `state`, which stays as it was: the calls the engine accepted, in the order made. For a player
    who acts through another channel (the bot's screens) with the simulator's judgement."""
    trial = state.model_copy(deep=True)
    recording = _Recording(trial)
    ruleset = get_ruleset(state.ruleset)
    module = globals()
    module["api"] = recording  # the agents call `api.…`: for this call, the recording stands in for it
    try:
        if trial.status == "setup":
            agent.build_deck(trial, ruleset)
        elif trial.status == "running":
            agent.act_instantly(trial, ruleset)
            agent.act(trial, ruleset)
    finally:
        module["api"] = _API
    return recording.decisions

