"""Phase mechanics shared by the card rule sets: re-validation, card moves, damage discards, deaths.

Микромафик and Мафик differ in their zones and rules, but a card leaving the hand, damage first
cancelling the replacements owed and then discarding in hand order, and 0 cards meaning death are
the same mechanism; it lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from engine.core.checked import still_valid
from engine.core.refusal import Refusal
from engine.core.resolution import Refill, Resolution
from engine.core.state import CardInstance, Effect, GameState, Order, PlayerState

OnDiscard = Callable[[Resolution, int, CardInstance], None]
# A rule that takes a card leaving the hand for damage somewhere else instead of the discard (Воин):
# True when it did; the card is then not discarded and the OnDiscard hooks do not fire.
Instead = Callable[[Resolution, int, CardInstance], bool]
# (res, player) -> True dies, False lives, None no say; a string: dies, and says of what (the death's cause)
DeathRule = Callable[[Resolution, PlayerState], "bool | str | None"]
# Who a death rule may have a say about, asked once before the phase's deaths are decided (`concerning`)
Concerned = Callable[[Resolution], Collection[int]]
CONCERNS = "__concerns__"
_Rule = TypeVar("_Rule", bound=Callable[..., object])


def concerning(who: Concerned) -> Callable[[_Rule], _Rule]:
    """Mark a death rule that has a say (a verdict other than None) only about the characters `who` names
    at the start of the phase's deaths (a role, an effect on them, a mark of this resolution): the other
    characters are not asked. A character killed before another is asked only loses the effects on itself
    (`kill`), so `who` must not depend on anything but the state of the characters it names."""

    def mark(rule: _Rule) -> _Rule:
        setattr(rule, CONCERNS, who)
        return rule

    return mark


def marked_like(original: _Rule, wrapper: _Rule) -> _Rule:
    """`wrapper` (a gate around `original`) carries the `concerning` mark of `original`."""
    who = getattr(original, CONCERNS, None)
    if who is not None:
        setattr(wrapper, CONCERNS, who)
    return wrapper


def revalidate(state: GameState, pid: int, validate: Callable[[GameState, int, list[Order]], None]) -> list[Order]:
    """Keep, in submission order, each order still valid together with the ones kept; tell about the rest.
    A set still valid as a whole is kept at once (each of its orders was checked when it was submitted):
    the order-by-order pass, quadratic in the orders, runs only when something is dropped. Orders found
    valid when submitted, with nothing changed since but submissions, are kept unasked (engine/core/checked.py)."""
    orders = state.orders.get(pid, [])
    if not orders:
        return []
    if still_valid(state, pid, orders):
        return list(orders)
    try:
        validate(state, pid, list(orders))
    except Refusal:
        pass
    else:
        return list(orders)
    kept: list[Order] = []
    for order in orders:
        try:
            validate(state, pid, [*kept, order])
        except Refusal as refusal:
            state.emit("order_dropped", "player", pid, oid=order.oid, kind=order.kind, **refusal.as_dict())
            continue
        kept.append(order)
    return kept


def take(zone: list[CardInstance], uid: int) -> CardInstance:
    """Remove card `uid` from a zone and return it (by its place: `list.remove` would compare the models
    before it field by field)."""
    at = next(i for i, c in enumerate(zone) if c.uid == uid)
    return zone.pop(at)


def discard_order(player: PlayerState) -> list[CardInstance]:
    """Hand order, except that cards protected this phase go last."""
    last = set(player.discard_last)
    return [c for c in player.hand if c.uid not in last] + [c for c in player.hand if c.uid in last]


def damage_discard(res: Resolution, pid: int, card: CardInstance, hooks: list[OnDiscard],
                   instead: Sequence[Instead] = ()) -> None:
    """A card leaves the hand because of damage (Страховка, Мазохист… may react; Воин may keep it)."""
    player = res.state.player(pid)
    player.hand = [c for c in player.hand if c.uid != card.uid]
    if any(rule(res, pid, card) for rule in instead):
        return
    player.discard.append(card)
    res.scratch.setdefault("damage_discards", {}).setdefault(pid, []).append(card.card)
    for hook in hooks:
        hook(res, pid, card)


def _copy_last(refill: Refill) -> bool:
    return refill.copy


def settle_damage(res: Resolution, player: PlayerState, hooks: list[OnDiscard],
                  instead: Sequence[Instead] = ()) -> int:
    """Damage first cancels the replacements owed (plain draws before copies), then discards in hand
    order. Returns how many replacements it cancelled; emits what the player lost."""
    pid = player.pid
    if pid not in res.final_damage and pid not in res.direct_losses and pid not in res.refills:
        return 0  # no damage, nothing lost as damage, nothing owed: nothing to settle (most players, most phases)
    for uid in res.direct_losses.get(pid, ()):
        card = next((c for c in player.hand if c.uid == uid), None)
        if card is not None:
            damage_discard(res, pid, card, hooks, instead)
    owed = res.refills.get(pid)
    if owed is None:
        owed = []
    elif len(owed) > 1:
        owed.sort(key=_copy_last)
    amount = res.final_damage.get(pid, 0)
    cancelled = min(amount, len(owed))
    del owed[:cancelled]
    amount -= cancelled
    if amount > 0:
        for card in discard_order(player)[:amount]:
            damage_discard(res, pid, card, hooks, instead)
    if cancelled or amount:
        res.state.emit("damage_taken", "player", pid, amount=res.final_damage.get(pid, 0),
                       refills_cancelled=cancelled,
                       discarded=res.scratch.get("damage_discards", {}).get(pid, []))
    return cancelled


def kill(state: GameState, pid: int, cause: str) -> None:
    """A character dies: it acts no more, and the effects on it end."""
    player = state.player(pid)
    player.alive = False
    player.died = state.phase
    state.emit("death", "public", None, pid=pid, cause=cause)
    _keep_effects(state, [e for e in state.effects if e.target != pid])


def _keep_effects(state: GameState, kept: list[Effect]) -> None:
    """`kept`, a selection of the state's effects, becomes its list — only if one was left out: the list
    stays the same object when nothing ended, and the effects' index with it (GameState._effect_index)."""
    if len(kept) != len(state.effects):
        state.effects = kept


def decide_deaths(res: Resolution, rules: list[DeathRule]) -> None:
    """0 cards in hand at the end of a phase is death, unless a rule says otherwise (a rule that kills
    whatever the hand holds names the cause). A rule marked `concerning` is asked only about the
    characters it names."""
    asked = [(rule, _concerned(res, rule)) for rule in rules]
    for player in res.state.living():
        verdict: bool | str | None = None
        for rule, concerned in asked:
            if concerned is not None and player.pid not in concerned:
                continue
            verdict = rule(res, player)
            if verdict is not None:
                break
        if verdict is None:
            verdict = not player.hand
        if verdict:
            kill(res.state, player.pid, verdict if isinstance(verdict, str) else "cards")


def _concerned(res: Resolution, rule: DeathRule) -> Collection[int] | None:
    """The characters a `concerning` rule may have a say about; None: anyone."""
    who: Concerned | None = getattr(rule, CONCERNS, None)
    return None if who is None else who(res)


def close_phase(state: GameState, shown_hand_sizes: Callable[[GameState, list[int]], list[int]]) -> None:
    """Hand sizes to everyone (`shown_hand_sizes` of the living, in their order); effects that ended expire;
    orders and "discard last" are cleared."""
    living = [p.pid for p in state.living()]
    state.emit("hand_counts", "public", None,
               counts=dict(zip(map(str, living), shown_hand_sizes(state, living), strict=True)))
    _keep_effects(state, [e for e in state.effects if e.end is None or e.end > state.phase])
    state.orders = {}
    for player in state.players:
        if player.discard_last:
            player.discard_last = []


def finish(state: GameState, winners: list[str], reveal: dict[str, dict[str, str]]) -> None:
    state.status = "finished"
    state.winners = winners
    state.emit("game_over", "public", None, winners=winners, roles=reveal)
