"""Validation of a card's parameters against its schema (ParamSpec list).

Parameter kinds — what the player chooses and what the value looks like:
  target       a living character other than the actor (or the actor, with the card's self_ok tag): int
  targets      between `min` and `count` distinct such characters: list[int]
  any_living   any living character, the actor included: int
  dead_target  a dead character: int
  card_names   `count` distinct card ids of the collection (`day_count` by day): list[str]
  card_name    one card id of the collection, not the card itself: str
  card_effect  {"card": id, "params": {...}} — another card played or imitated with its own params
  colour       one of the rule set's colours: str
  choice       one of `choices`: str
  flag         bool
  message      a non-empty text: str
  messages     one text per chosen target: list[str]
  hand_cards   between `min` and `count` distinct uids of cards in the actor's hand: list[int]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.cards import CardSpec, ParamSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState, JsonValue

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset

MAX_MESSAGE_LENGTH = 2000


@dataclass(frozen=True)
class ParamContext:
    state: GameState
    ruleset: Ruleset
    actor: int
    spec: CardSpec
    by_day: bool
    is_mafia: bool
    colours: tuple[str, ...]


def validate_params(ctx: ParamContext, params: dict[str, JsonValue], *, extra_keys: frozenset[str] = frozenset()) -> dict[str, JsonValue]:
    """Return the params, checked; raise Refusal("bad_param" / "invalid_target" / …) otherwise."""
    known = {p.name for p in ctx.spec.params} | extra_keys
    unknown = set(params) - known
    if unknown:
        raise Refusal("bad_param", card=ctx.spec.id, param=sorted(unknown)[0], reason="unknown")
    out: dict[str, JsonValue] = {k: params[k] for k in extra_keys if k in params}
    for spec in ctx.spec.params:
        value = params.get(spec.name)
        if value is None or value == [] or value == "":
            if spec.optional:
                continue
            raise Refusal("bad_param", card=ctx.spec.id, param=spec.name, reason="missing")
        if spec.mafia_only and not ctx.is_mafia:
            raise Refusal("mafia_only", card=ctx.spec.id, param=spec.name)
        out[spec.name] = _check(ctx, spec, value, out)
    return out


def _bad(ctx: ParamContext, spec: ParamSpec, reason: str) -> Refusal:
    return Refusal("bad_param", card=ctx.spec.id, param=spec.name, reason=reason)


def _as_int(ctx: ParamContext, spec: ParamSpec, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(ctx, spec, "not_a_player")
    if not 0 <= value < len(ctx.state.players):
        raise Refusal("invalid_target", card=ctx.spec.id, target=value, reason="no_such_player")
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
        return target
    if kind == "targets":
        if not isinstance(value, list):
            raise _bad(ctx, spec, "not_a_list")
        targets = [_as_int(ctx, spec, v) for v in value]
        low = spec.count if spec.min is None else spec.min
        if not low <= len(targets) <= spec.count or len(set(targets)) != len(targets):
            raise _bad(ctx, spec, "count")
        for target in targets:
            check_target(ctx, target, allow_self=ctx.spec.has("self_ok"))
        return targets
    if kind == "card_names":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        wanted = spec.day_count if (ctx.by_day and spec.day_count is not None) else spec.count
        if len(value) != wanted or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        for name in value:
            if name not in catalog:
                raise Refusal("unknown_card", card=name)
        return list(value)
    if kind == "card_name":
        if not isinstance(value, str) or value not in catalog:
            raise Refusal("unknown_card", card=str(value))
        if value == ctx.spec.id:
            raise _bad(ctx, spec, "same_card")
        return value
    if kind == "card_effect":
        return _check_card_effect(ctx, spec, value)
    if kind == "colour":
        if value not in ctx.colours:
            raise _bad(ctx, spec, "colour")
        return str(value)
    if kind == "choice":
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
    if kind == "hand_cards":
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise _bad(ctx, spec, "not_a_list")
        low = spec.count if spec.min is None else spec.min
        if not low <= len(value) <= spec.count or len(set(value)) != len(value):
            raise _bad(ctx, spec, "count")
        hand = {c.uid for c in ctx.state.player(ctx.actor).hand}
        for uid in value:
            if uid not in hand:
                raise Refusal("card_not_in_hand", uid=uid)
        return list(value)
    raise _bad(ctx, spec, "unknown_kind")


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
    sub_ctx = ParamContext(
        state=ctx.state, ruleset=ctx.ruleset, actor=ctx.actor, spec=sub_spec,
        by_day=ctx.by_day, is_mafia=ctx.is_mafia, colours=ctx.colours,
    )
    return {"card": card_id, "params": validate_params(sub_ctx, sub_params)}
