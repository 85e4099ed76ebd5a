"""Validation of a card's parameters against its schema (ParamSpec list).

Parameter kinds — what the player chooses and what the value looks like:
  target       a living character other than the actor (or the actor, with the card's self_ok tag): int
  targets      between `min` and `count` distinct such characters: list[int]
  dead_targets between `min` and `count` distinct dead characters: list[int]
  any_living   any living character, the actor included: int
  dead_target  a dead character: int (`of = "last_night"`: one who died at the end of the latest night)
  past_phase   a phase before the current one, by its number (1 = night 1, 2 = day 1…; `of = "day"` or
               "night": only those): int — the bot names it «ночь 2», «день 1»
  past_phases  between `min` and `count` distinct such phases: list[int]
  phase_cards  one card id per chosen phase (same order as the card's `phases`, a past_phases param;
               filtered by `of` as card names are — the pool `card_pool` gives): list[str]
  card_names   `count` distinct card ids of the collection (`day_count` by day; `count_from`): list[str]
  card_name    one card id of the collection, not the card itself: str
  card_effect  {"card": id, "params": {...}} — another card played or imitated with its own params
  colour       one of the rule set's colours: str
  choice       one of `choices`: str
  stance       one of `choices` (the stances the card allows), worded as stances: str
  flag         bool
  message      a non-empty text: str
  messages     one text per chosen target: list[str]
  hand_cards   between `min` and `count` distinct uids of cards in the actor's hand: list[int]
  sleeve_cards the same for the actor's Sleeve (Мафик): list[int]
  own_cards    the same over one pool, the actor's Hand and Sleeve together (Мафик: «карту из Руки или
               Рукава»): list[int]
  card_multiset between `min` and `count` card ids of the collection, a card named as many times as
               wanted (a whole Hand named: Угон, Рискованное дело): list[str]
  role_map     {character: secret role id} for one or more living characters (keys as strings): dict
  accusation   one or more distinct card ids, none of them Мирная (peaceful): list[str]
  accusations  one accusation (as above) per chosen target (same order as `targets`): list[list[str]]
  secret_role  a secret role id of the rule set (`of` = a side: only that side's): str
  secret_roles one secret role id per chosen target (same order as `targets`): list[str]
  number       an integer from `min` (default 0) to `max` (default unbounded): int
  colours      between `min` and `count` distinct colours: list[str]
  chat_room    the id of one of the actor's chat rooms of this phase: int
  label        one of the anonymous labels the rule set offers this player now (`Ruleset.labels`, by the
               param's `of`: souls on a stone, links between them…), shown as they are: str
  labels       between `min` and `count` distinct such labels: list[str]
`count` is the count of the moment (`count_of`): `count_by` for the actor's role or faction, else
`upper_count` / `lower_count` in that stance, else `day_count` by day, else `count` (less the number of dead
characters with `count_from = "dead"`, never below `min`); `min` (the fewest, for the kinds that have one)
defaults to it.
A per-item kind (`accusations`, `secret_roles`, `messages` follow `targets`; `phase_cards` follows
`phases`) is not needed when the list it follows is empty.
`of = "non_peaceful"` on card_name(s) refuses peaceful cards; `of = "repeats"` on targets allows a
character more than once (one entry per hit). A parameter with `when` (engine/core/cards.py) is called
for only by some values of an earlier one: required then (unless optional), refused as "unused" otherwise.

A partial check (ParamContext.partial) is the same validation of the params chosen so far: a missing
parameter is not refused yet, everything given is (the bot checks each step as it is chosen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from engine.core.cards import CardSpec, ParamSpec
from engine.core.memo import remembered
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.state import GameState, JsonValue

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset

MAX_MESSAGE_LENGTH = 2000
FOLLOWS = {"phase_cards": "phases"}  # a per-item kind → the list parameter it gives one value per item of


@dataclass(frozen=True)
class ParamContext:
    state: GameState
    ruleset: Ruleset
    actor: int
    spec: CardSpec
    by_day: bool
    is_mafia: bool
    colours: tuple[str, ...]
    roles: tuple[str, ...] = ()  # the rule set's secret role ids (for secret_role / secret_roles)
    partial: bool = False  # the params chosen so far: a missing one is not refused (yet)
    own_colours: tuple[str, ...] = ()  # Мафик: the actor's colours now (for of = "own_colours")
    # Colours that are not "the collection" a card may name with of = "collection" (Мафик: the roles'
    # unique cards, which only their roles are dealt).
    outside_collection: tuple[str, ...] = ()
    # (secret role id, its side) pairs: a secret_role parameter with `of` = a side takes only that side's roles.
    role_sides: tuple[tuple[str, str], ...] = ()
    stance: str | None = None  # the actor's stance now, for upper_count / lower_count (Мафик)
    identities: tuple[str, ...] = ()  # the actor's secret role and faction, for count_by


def count_of(ctx: ParamContext, spec: ParamSpec) -> int:
    """How many the parameter asks for, for this actor now: `count_by` naming the actor's role or
    faction, else the stance's count (`upper_count` / `lower_count`), else `day_count` by day, else `count`."""
    for who, count in spec.count_by:
        if who in ctx.identities:
            return count
    by_stance = {"upper": spec.upper_count, "lower": spec.lower_count}.get(ctx.stance or "")
    if by_stance is not None:
        return by_stance
    if ctx.by_day and spec.day_count is not None:
        return spec.day_count
    if spec.count_from == "dead":
        dead = sum(1 for p in ctx.state.players if not p.alive)
        return max(spec.min if spec.min is not None else 1, spec.count - dead)
    if spec.count_from == "corpses":
        return corpses(ctx.state)
    return spec.count


def corpses(state: GameState) -> int:
    """«Сколько сейчас трупов на кладбище»: the dead characters now."""
    return sum(1 for p in state.players if not p.alive)


def least_of(ctx: ParamContext, spec: ParamSpec) -> int:
    """The fewest a list parameter accepts: `min`, else its count (`count_of`)."""
    return count_of(ctx, spec) if spec.min is None else spec.min


def validate_params(ctx: ParamContext, params: dict[str, JsonValue], *, extra_keys: frozenset[str] = frozenset()) -> dict[str, JsonValue]:
    """Return the params, checked; raise Refusal("bad_param" / "invalid_target" / …) otherwise."""
    known = {p.name for p in ctx.spec.params} | extra_keys
    unknown = set(params) - known
    if unknown:
        raise Refusal("bad_param", card=ctx.spec.id, param=sorted(unknown)[0], reason="unknown")
    out: dict[str, JsonValue] = {k: params[k] for k in extra_keys if k in params}
    for spec in ctx.spec.params:
        value = params.get(spec.name)
        absent = value is None or value == [] or value == ""
        if not spec.applies(out):
            if not absent:
                raise _bad(ctx, spec, "unused")
            continue
        if absent and spec.kind in FOLLOWS and not out.get(FOLLOWS[spec.kind]):
            continue  # one per item of an empty (or skipped) list: nothing to give
        if absent:
            # optional, not chosen yet, or one the actor may not give (its `who`: the card does nothing then)
            if spec.optional or ctx.partial or (spec.who and not may_give(ctx, spec)):
                continue
            raise _bad(ctx, spec, "missing")
        if spec.mafia_only and not ctx.is_mafia:
            raise Refusal("mafia_only", card=ctx.spec.id, param=spec.name, kind=spec.kind)
        out[spec.name] = _check(ctx, spec, value, out)
    return out


def _bad(ctx: ParamContext, spec: ParamSpec, reason: str) -> Refusal:
    """A refusal naming the parameter (and its kind, which the bot names to the player) and why."""
    return Refusal("bad_param", card=ctx.spec.id, param=spec.name, kind=spec.kind, reason=reason)


def _as_int(ctx: ParamContext, spec: ParamSpec, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(ctx, spec, "not_a_player")
    if not 0 <= value < len(ctx.state.players):
        raise Refusal("invalid_target", card=ctx.spec.id, target=value, reason="no_such_player")
    return value


def living_target(state: GameState, queries: Queries, pid: int, value: object, *, by: str, allow_self: bool) -> int:
    """A living character that `pid` may choose for an order (a vote, a kill vote…), or a Refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state.players):
        raise Refusal("invalid_target", target=value, reason="no_such_player")
    if not state.player(value).alive:
        raise Refusal("invalid_target", target=value, reason="dead")
    if value == pid and not allow_self:
        raise Refusal("invalid_target", target=value, reason="self")
    if not queries.ask("can_target", state, True, actor=pid, target=value, by=by):
        raise Refusal("invalid_target", target=value, reason="immune")
    return value


def check_target(ctx: ParamContext, target: int, *, allow_self: bool) -> None:
    state = ctx.state
    if not state.player(target).alive:
        raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="dead")
    if target == ctx.actor and not allow_self:
        raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="self")
    if not ctx.ruleset.queries.ask("can_target", state, True, actor=ctx.actor, target=target, by="card"):
        raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="immune")


def _check(ctx: ParamContext, spec: ParamSpec, value: Any, so_far: dict[str, JsonValue]) -> JsonValue:
    kind = spec.kind
    catalog = ctx.ruleset.catalog
    if kind in ("target", "any_living"):
        target = _as_int(ctx, spec, value)
        check_target(ctx, target, allow_self=kind == "any_living" or ctx.spec.has("self_ok"))
        return target
    if kind == "dead_target":
        target = _as_int(ctx, spec, value)
        if ctx.state.player(target).alive:
            raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="alive")
        if target not in dead_choices(ctx.state, spec.of):
            raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="not_last_night")
        return target
    if kind == "past_phase":
        if isinstance(value, bool) or not isinstance(value, int) or value not in past_phases(ctx.state, spec.of):
            raise _bad(ctx, spec, "not_a_past_phase")
        return value
    if kind == "past_phases":
        allowed = past_phases(ctx.state, spec.of)
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        if not least_of(ctx, spec) <= len(value) <= count_of(ctx, spec) or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        if not all(v in allowed for v in value):
            raise _bad(ctx, spec, "not_a_past_phase")
        return list(value)
    if kind == "phase_cards":
        chosen = so_far.get(FOLLOWS[kind])
        if not isinstance(value, list) or not isinstance(chosen, list) or len(value) != len(chosen):
            raise _bad(ctx, spec, "one_per_phase")
        pool = set(card_pool(ctx, spec))
        for name in value:
            if not isinstance(name, str) or name not in catalog:
                raise Refusal("unknown_card", card=str(name))
            if name not in pool:
                raise _bad(ctx, spec, "card_not_offered")
        return list(value)
    if kind in ("targets", "dead_targets"):
        if not isinstance(value, list):
            raise _bad(ctx, spec, "not_a_list")
        targets = [_as_int(ctx, spec, v) for v in value]
        repeats = spec.of == "repeats"
        if not least_of(ctx, spec) <= len(targets) <= count_of(ctx, spec) \
                or (not repeats and len(set(targets)) != len(targets)):
            raise _bad(ctx, spec, "count")
        for target in targets:
            if kind == "dead_targets":
                if ctx.state.player(target).alive:
                    raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="alive")
            else:
                check_target(ctx, target, allow_self=ctx.spec.has("self_ok"))
        return targets
    if kind == "card_names":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        wanted = count_of(ctx, spec)
        if len(value) != wanted or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        return _known_cards(ctx, spec, value, catalog)
    if kind == "card_multiset":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        if not least_of(ctx, spec) <= len(value) <= count_of(ctx, spec):
            raise _bad(ctx, spec, "count")
        return _known_cards(ctx, spec, value, catalog)
    if kind == "card_name":
        if not isinstance(value, str) or value not in catalog:
            raise Refusal("unknown_card", card=str(value))
        if value == ctx.spec.id:
            raise _bad(ctx, spec, "same_card")
        _check_peaceful(ctx, spec, value)
        return value
    if kind == "accusation":
        return _check_accusation(ctx, spec, value)
    if kind == "accusations":
        chosen = so_far.get("targets")
        if not isinstance(value, list) or not isinstance(chosen, list) or len(value) != len(chosen):
            raise _bad(ctx, spec, "one_per_target")
        return [_check_accusation(ctx, spec, v) for v in value]
    if kind == "secret_role":
        if value not in ctx.roles:
            raise _bad(ctx, spec, "role")
        if spec.of and ctx.role_sides and dict(ctx.role_sides).get(value) != spec.of:
            raise _bad(ctx, spec, "role")
        return str(value)
    if kind == "secret_roles" and spec.count_from == "corpses":  # as many roles as there are dead now
        if not isinstance(value, list) or len(value) != corpses(ctx.state):
            raise _bad(ctx, spec, "count")
        if not all(v in ctx.roles for v in value):
            raise _bad(ctx, spec, "role")
        return [str(v) for v in value]
    if kind == "secret_roles":
        chosen = so_far.get("targets")
        if not isinstance(value, list) or not isinstance(chosen, list) or len(value) != len(chosen):
            raise _bad(ctx, spec, "one_per_target")
        if not all(v in ctx.roles for v in value):
            raise _bad(ctx, spec, "role")
        return [str(v) for v in value]
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(ctx, spec, "not_a_number")
        if value < (spec.min or 0) or (spec.max is not None and value > spec.max):
            raise _bad(ctx, spec, "out_of_range")
        return value
    if kind == "colours":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        if not least_of(ctx, spec) <= len(value) <= count_of(ctx, spec) or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        if not all(v in ctx.colours for v in value):
            raise _bad(ctx, spec, "colour")
        return list(value)
    if kind == "card_effect":
        return _check_card_effect(ctx, spec, value)
    if kind == "colour":
        if value not in ctx.colours:
            raise _bad(ctx, spec, "colour")
        if value not in colour_choices(ctx, spec):  # of = "own" / "not_own"
            raise _bad(ctx, spec, "not_role_colour" if spec.of == "own" else "own_colour")
        return str(value)
    if kind in ("choice", "stance"):
        if value not in spec.choices:
            raise _bad(ctx, spec, "choice")
        return str(value)
    if kind == "flag":
        if not isinstance(value, bool):
            raise _bad(ctx, spec, "not_a_flag")
        return value
    if kind == "message":
        return _check_text(ctx, spec, value)
    if kind == "messages":
        chosen = so_far.get("targets")
        if not isinstance(value, list) or not isinstance(chosen, list) or len(value) != len(chosen):
            raise _bad(ctx, spec, "one_per_target")
        return [_check_text(ctx, spec, v) for v in value]
    if kind in ("hand_cards", "sleeve_cards", "own_cards"):
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        if not least_of(ctx, spec) <= len(value) <= count_of(ctx, spec) or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        held = {c.uid for c in held_cards(ctx.state, ctx.actor, kind)}
        for uid in value:
            if uid not in held:
                raise Refusal("card_not_in_hand", uid=uid)
        return list(value)
    if kind == "role_map":
        return _check_role_map(ctx, spec, value)
    if kind in ("label", "labels"):
        return _check_labels(ctx, spec, value)
    if kind == "chat_room":  # Мафик: the id of a chat room (a "room" effect) of this phase the actor is in
        room = next((e for e in ctx.state.effects_of("room") if e.eid == value and not isinstance(value, bool)), None)
        if room is None or ctx.actor not in room.params.get("members", []):
            raise _bad(ctx, spec, "not_a_member")
        return room.eid
    raise _bad(ctx, spec, "unknown_kind")


def _check_labels(ctx: ParamContext, spec: ParamSpec, value: Any) -> JsonValue:
    offered = ctx.ruleset.labels(ctx.state, ctx.actor, spec)
    if spec.kind == "label":
        if value not in offered:
            raise _bad(ctx, spec, "label")
        return str(value)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(ctx, spec, "not_a_list")
    if not least_of(ctx, spec) <= len(value) <= count_of(ctx, spec) or len(set(value)) != len(value):
        raise _bad(ctx, spec, "count")
    if not all(v in offered for v in value):
        raise _bad(ctx, spec, "label")
    return list(value)


def _check_role_map(ctx: ParamContext, spec: ParamSpec, value: Any) -> dict[str, JsonValue]:
    """{character: secret role} for one or more living characters; keys become strings (JSON)."""
    if not isinstance(value, dict) or not value:
        raise _bad(ctx, spec, "not_a_map")
    out: dict[str, JsonValue] = {}
    for key, role in value.items():
        pid = int(key) if isinstance(key, str) and key.isdigit() else key
        target = _as_int(ctx, spec, pid)
        if not ctx.state.player(target).alive:
            raise Refusal("invalid_target", card=ctx.spec.id, target=target, reason="dead")
        if role not in ctx.roles:
            raise _bad(ctx, spec, "role")
        if str(target) in out:
            raise _bad(ctx, spec, "count")
        out[str(target)] = str(role)
    return out


def _check_accusation(ctx: ParamContext, spec: ParamSpec, value: Any) -> list[str]:
    """One or more distinct card ids of the collection, none of them peaceful."""
    catalog = ctx.ruleset.catalog
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise _bad(ctx, spec, "not_a_list")
    if len(set(value)) != len(value):
        raise _bad(ctx, spec, "count")
    for name in value:
        if name not in catalog:
            raise Refusal("unknown_card", card=name)
        if catalog[name].has("peaceful"):
            raise _bad(ctx, spec, "peaceful")
    return list(value)


def _known_cards(ctx: ParamContext, spec: ParamSpec, value: list[Any], catalog: Any) -> list[str]:
    """Card names of the collection, none of them peaceful where the parameter refuses those."""
    for name in value:
        if name not in catalog:
            raise Refusal("unknown_card", card=name)
        _check_peaceful(ctx, spec, name)
    return list(value)


def _check_peaceful(ctx: ParamContext, spec: ParamSpec, card_id: str) -> None:
    if spec.of == "non_peaceful" and ctx.ruleset.catalog[card_id].has("peaceful"):
        raise _bad(ctx, spec, "peaceful")
    if spec.of == "collection" and ctx.ruleset.catalog[card_id].colour in ctx.outside_collection:
        raise _bad(ctx, spec, "outside_collection")


def _check_text(ctx: ParamContext, spec: ParamSpec, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _bad(ctx, spec, "empty_message")
    if len(value) > MAX_MESSAGE_LENGTH:
        raise _bad(ctx, spec, "message_too_long")
    return value


def _check_card_effect(ctx: ParamContext, spec: ParamSpec, value: Any) -> JsonValue:
    if not isinstance(value, dict) or not isinstance(value.get("card"), str):
        raise _bad(ctx, spec, "not_a_card_effect")
    card_id = value["card"]
    catalog = ctx.ruleset.catalog
    if card_id not in catalog:
        raise Refusal("unknown_card", card=card_id)
    if card_id == ctx.spec.id:
        raise _bad(ctx, spec, "same_card")
    if not ctx.ruleset.is_implemented(card_id):
        raise Refusal("not_implemented", card=card_id)
    sub_spec = catalog[card_id]
    if spec.of == "cond_day" and not sub_spec.has("cond_day"):
        raise _bad(ctx, spec, "not_cond_day")
    sub_params = value.get("params") or {}
    if not isinstance(sub_params, dict):
        raise _bad(ctx, spec, "not_a_card_effect")
    return {"card": card_id, "params": validate_params(replace(ctx, spec=sub_spec), sub_params)}


def held_cards(state: GameState, pid: int, kind: str) -> list[Any]:
    """The cards a held-card kind chooses among: the Hand, the Sleeve, or both (own_cards: Hand first)."""
    player = state.player(pid)
    if kind == "hand_cards":
        return list(player.hand)
    if kind == "sleeve_cards":
        return list(player.sleeve)
    return [*player.hand, *player.sleeve]


CARD_POOL_KINDS = ("card_names", "card_name", "accusation", "accusations", "phase_cards", "card_multiset")


def unchoosable(ctx: ParamContext, played: int | None = None, *, pools_only: bool = False) -> ParamSpec | None:
    """The first parameter the player must give that nothing could satisfy now (a dead target with
    nobody dead, ten distinct cards of colours that have fewer…), or None. `played`: the uid of the
    card being played (it cannot serve as one of its own hand cards). `pools_only`: only the card
    names, which do not depend on the moment (for deck building). Conditional and optional
    parameters, and those the player may not give, are not looked at."""
    for spec in ctx.spec.params:
        if not _required(spec, pools_only=pools_only) or (spec.mafia_only and not ctx.is_mafia):
            continue
        if _choices_now(ctx, spec, played) < _fewest(ctx, spec):
            return spec
    return None


def may_be_unchoosable(card: CardSpec, *, pools_only: bool = False) -> bool:
    """Could `unchoosable` find anything in this card at all (a required parameter, a card-naming one with
    `pools_only`)? When not, no context need be built to ask it."""
    return any(_required(p, pools_only=pools_only) for p in card.params)


# What a context says of its actor (all but the game, the card, the actor's id and partial): `unchoosable`
# with pools_only reads of the context no more than these.
_ACTOR_FIELDS = tuple(f.name for f in fields(ParamContext) if f.name not in ("state", "spec", "actor", "partial"))


def pools_read_moment(card: CardSpec) -> bool:
    """Does `unchoosable(..., pools_only=True)` of this card read more of the game than the context: the number
    of the dead (a count from them: `count_of`) or the cards played before this phase (of = "played":
    `_filtered_pool`)?"""
    return any(p.count_from in ("dead", "corpses") or p.of == "played"
               for p in card.params if _required(p, pools_only=True))


def pools_situation(ctx: ParamContext) -> tuple[Any, ...]:
    """Everything `unchoosable(ctx, pools_only=True)` reads for a card of this actor now that reads no more of the
    game (`pools_read_moment`), as one hashable value: what the context says of the actor. Two moments with the
    same situation (and the same implemented cards) get the same answers for such a card."""
    return tuple(getattr(ctx, name) for name in _ACTOR_FIELDS)


def _required(spec: ParamSpec, *, pools_only: bool) -> bool:
    """A parameter `unchoosable` looks at: neither optional nor conditional (nor, with `pools_only`, any
    but a card-naming one)."""
    return not (spec.optional or spec.when) and (not pools_only or spec.kind in CARD_POOL_KINDS)


def _fewest(ctx: ParamContext, spec: ParamSpec) -> int:
    if spec.kind == "card_names":
        return count_of(ctx, spec)
    if spec.kind in ("targets", "dead_targets", "hand_cards", "sleeve_cards", "own_cards", "colours", "past_phases"):
        return least_of(ctx, spec)
    if spec.kind == "card_multiset":
        return min(1, least_of(ctx, spec))
    return 1


def _choices_now(ctx: ParamContext, spec: ParamSpec, played: int | None) -> int:
    """How many distinct values this parameter could take now (a large number for the unbounded)."""
    state, kind = ctx.state, spec.kind
    living = [p.pid for p in state.players if p.alive]
    if kind in ("target", "targets"):
        return len([p for p in living if p != ctx.actor or ctx.spec.has("self_ok")])
    if kind == "dead_target":
        return len(dead_choices(state, spec.of))
    if kind in ("past_phase", "past_phases"):
        return len(past_phases(state, spec.of))
    if kind == "dead_targets":
        return len(state.players) - len(living)
    if kind in ("hand_cards", "sleeve_cards", "own_cards"):
        return len([c for c in held_cards(state, ctx.actor, kind) if c.uid != played])
    if kind in CARD_POOL_KINDS:
        return card_pool_size(ctx, spec)
    return len(state.players) + len(ctx.ruleset.catalog)  # colours, choices, texts, numbers…: always some


def last_night(state: GameState) -> int:
    """The latest night before the current phase ("прошлой ночью"); 0 when there was none."""
    return state.phase - 1 if state.is_day else max(0, state.phase - 2)


def dead_choices(state: GameState, of: str | None = None) -> list[int]:
    """The dead characters a dead_target may name: all of them, or (`of = "last_night"`) those who died
    at the end of the latest night."""
    night = last_night(state)
    return [p.pid for p in state.players
            if not p.alive and (of != "last_night" or (night > 0 and p.died == night))]


def past_phases(state: GameState, of: str | None = None) -> list[int]:
    """The phases before the current one a past_phase may name, latest first (`of`: only days or nights)."""
    return [p for p in range(state.phase - 1, 0, -1)
            if of is None or (of == "day" and p % 2 == 0) or (of == "night" and p % 2 == 1)]


def card_pool(ctx: ParamContext, spec: ParamSpec) -> list[str]:
    """The card ids this card-naming parameter may name: implemented cards of the collection, not the
    card itself, filtered by `of` (peaceful cards left out, only the actor's own colours, only cards
    that may be played by day, none of the colours outside the collection)."""
    pool, itself = _pool_but(ctx, spec)
    return [c for c in pool if c != itself]


def card_pool_size(ctx: ParamContext, spec: ParamSpec) -> int:
    """len(card_pool(ctx, spec)), without building the list (deck building asks it of many cards)."""
    pool, itself = _pool_but(ctx, spec)
    return len(pool) - (pool.count(itself) if itself is not None else 0)


def _pool_but(ctx: ParamContext, spec: ParamSpec) -> tuple[list[str], str | None]:
    """The card pool with the card itself still in it, and the card itself when the parameter leaves it out."""
    itself = ctx.spec.id if spec.kind in ("card_name", "card_effect") else None
    no_peaceful = spec.kind in ("accusation", "accusations") or spec.of == "non_peaceful"
    return _filtered_pool(ctx.ruleset, ctx.state, no_peaceful, spec.of, ctx.own_colours, ctx.outside_collection), itself


@remembered
def _filtered_pool(ruleset: Ruleset, state: GameState, no_peaceful: bool, of: str | None,
                   own_colours: tuple[str, ...], outside_collection: tuple[str, ...]) -> list[str]:
    """`card_pool` but for the card itself (asked once in a pass for all the cards whose parameters share it)."""
    pool = implemented_cards(ruleset)
    if no_peaceful:
        peaceful = ruleset.catalog.tagged("peaceful")
        pool = [c for c in pool if c.id not in peaceful]
    if of == "own_colours":
        pool = [c for c in pool if c.colour in own_colours]
    if of == "cond_day":
        pool = [c for c in pool if c.has("cond_day")]
    if of == "played":  # «карту, которую играли ранее» (Дежавю): played by anyone in an earlier phase
        played = {r.card for r in state.history if r.phase < state.phase}
        pool = [c for c in pool if c.id in played]
    if of == "collection":
        pool = [c for c in pool if c.colour not in outside_collection]
    return [c.id for c in pool]


def implemented_cards(ruleset: Ruleset) -> Sequence[CardSpec]:
    """The cards of the collection that have behaviour (every card-naming parameter of a deck's cards, or of a
    set of orders, starts from them), kept from pass to pass under what `is_implemented` reads: the rule set's
    method itself (a test may replace it), its collection, and the version of a card game's behaviours
    (`Behaviours.version` counts every change). tests/engine/test_implemented_cards.py."""
    key = (ruleset.is_implemented, ruleset.catalog, _behaviours_version(ruleset))
    kept = _implemented_kept.get(ruleset)
    if kept is None or kept[0] != key:
        kept = _implemented_kept[ruleset] = (key, tuple(c for c in ruleset.catalog if ruleset.is_implemented(c.id)))
    return kept[1]


_implemented_kept: dict[Ruleset, tuple[tuple[Any, ...], tuple[CardSpec, ...]]] = {}  # by rule set: its key, its cards


def _behaviours_version(ruleset: Ruleset) -> int:
    """The version of the behaviours a card game registers (engine/cardgame/ruleset.py `cards`); 0 without cards."""
    registry = getattr(ruleset, "cards", None)
    return int(registry.behaviours.version) if registry is not None else 0


def colour_choices(ctx: ParamContext, spec: ParamSpec) -> list[str]:
    """The colours a `colour` parameter may name: all the rule set's, or (`of`) only the actor's own
    ("own", Маска: «один из своих цветов») or only the others ("not_own", Смена IP: «кроме тех, что у вас есть»)."""
    if spec.of == "own":
        return [c for c in ctx.colours if c in ctx.own_colours]
    if spec.of == "not_own":
        return [c for c in ctx.colours if c not in ctx.own_colours]
    return list(ctx.colours)


def may_give(ctx: ParamContext, spec: ParamSpec) -> bool:
    """May this actor give this parameter at all? (mafia_only; a `who` list of secret roles and factions)"""
    player = ctx.state.player(ctx.actor)
    if spec.mafia_only and not ctx.is_mafia:
        return False
    return not spec.who or player.secret_role in spec.who or player.faction in spec.who
