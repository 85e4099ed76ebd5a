"""Микромафик's core pipeline steps: commit, tick, targeting, effects, damage, discards, deaths, end.

The whole order of resolution — these steps, the ones cards, role perks (perks.py) and votes (votes.py)
add, and the damage replacement layers — is the table in order.py (checked in by
tests/engine/pipeline_micromafik.txt). A new step takes a new name and number there.
"""

from __future__ import annotations

from engine.core.phase import revalidate, settle_damage, take
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, Order, PlayerState, PlayRecord
from engine.rulesets.micromafik.order import (
    STEP_COMMIT,
    STEP_DAMAGE,
    STEP_DISCARDS,
    STEP_EFFECTS,
    STEP_TARGETING,
    STEP_TICK,
    STEP_TRIGGERS_WATCHERS,
)
from engine.rulesets.micromafik.orders import validate_orders
from engine.rulesets.micromafik.registry import CATALOG, REGISTRIES

# ---------------------------------------------------------------- 100 commit


def _take(player: PlayerState, uid: int) -> CardInstance:
    return take(player.hand, uid)


def _pay(res: Resolution, pid: int, order: Order) -> tuple[int, list[CardInstance]]:
    player = res.state.player(pid)
    cards = [_take(player, uid) for uid in order.payment.cards]
    player.discard.extend(cards)
    player.points -= order.payment.points
    res.scratch.setdefault("paid_cards", {}).setdefault(pid, []).extend(cards)
    for option, declared in REGISTRIES.payment_options.items():
        if order.payment.options.get(option):
            declared.paid(res, pid, cards)
    return order.payment.points + len(cards), cards


@REGISTRIES.pipeline.step("commit", STEP_COMMIT)
def commit(res: Resolution) -> None:
    state = res.state
    valid = {p.pid: revalidate(state, p.pid, validate_orders) for p in state.living()}
    res.scratch["orders"] = valid
    for pid, orders in valid.items():
        for order in orders:
            if order.kind == "play":
                card = next(c for c in state.player(pid).hand if c.uid == order.card)
                res.plays.append(Play(res, pid, CATALOG[card.card], order.params, order=order, instance=card))
    originals = {(p.actor, p.spec.id) for p in res.plays}
    for play in list(res.plays):
        assert play.order is not None and play.instance is not None
        player = state.player(play.actor)
        another = REGISTRIES.plays_another.get(play.spec.id)
        if another is not None:
            chosen = play.params[another.param]
            assert isinstance(chosen, dict)
            ok = another.succeeds(play, chosen, originals)
            play.options["another_played"] = ok
            if ok:
                res.plays.append(Play(res, play.actor, CATALOG[str(chosen["card"])], dict(chosen["params"]),
                                      order=play.order, via=play.spec.id))
        if another is None or play.options["another_played"]:
            play.paid, play.payment_cards = _pay(res, play.actor, play.order)
            play.payment_points = play.order.payment.points
        card = _take(player, play.instance.uid)
        player.discard.append(card)
        res.owe_refill(play.actor, card)
        if play.params.get("magician_copy"):
            player.flags["used_magician"] = 1
            res.refills[play.actor][-1].copy = True
        state.history.append(PlayRecord(phase=state.phase, actor=play.actor, card=card.card, targets=play.targets))
    for pid, orders in valid.items():
        player = state.player(pid)
        for order in orders:
            if order.kind in ("discard", "croupier_swap"):
                card = _take(player, int(order.card or 0))
                player.discard.append(card)
                res.owe_refill(pid, card)
                if order.kind == "croupier_swap":
                    player.flags["used_croupier"] = 1
                else:
                    res.scratch.setdefault("night_discards", {}).setdefault(pid, []).append(card.card)
            elif order.kind in ("keep", "kill_boost"):
                _pay(res, pid, order)
            elif order.kind == "paranoid_armor":
                player.points -= order.payment.points
                res.add_armor(pid, order.payment.points)
            elif order.kind == "businessman_point":
                player.flags["used_businessman"] = 1
                res.gain_points(pid, 1)


# ---------------------------------------------------------------- 200 tick


@REGISTRIES.pipeline.step("tick", STEP_TICK)
def tick(res: Resolution) -> None:
    """Persistent effects that act every phase they are active: each kind's declared tick."""
    REGISTRIES.effects.tick(res)


# ---------------------------------------------------------------- 300 targeting


@REGISTRIES.pipeline.step("targeting", STEP_TARGETING)
def targeting(res: Resolution) -> None:
    """Reactions to being targeted (the cards' declared targeting hooks: Шипы)."""
    for hook in REGISTRIES.targeting:
        hook(res)


# ---------------------------------------------------------------- 400 effects


@REGISTRIES.pipeline.step("effects", STEP_EFFECTS)
def effects(res: Resolution) -> None:
    for play in sorted(res.plays, key=lambda p: (REGISTRIES.cards.priorities[p.spec.id], p.actor)):
        REGISTRIES.cards.behaviours[play.spec.id](play)


# ---------------------------------------------------------------- 450 triggers


@REGISTRIES.pipeline.step("triggers:watchers", STEP_TRIGGERS_WATCHERS)
def watchers(res: Resolution) -> None:
    """Effects of the previous phase that watch this phase's plays (the declared trigger hooks:
    Гласность, Слежка, the избиение's colour reveal)."""
    for hook in REGISTRIES.triggers:
        hook(res)


# ---------------------------------------------------------------- 600 damage


@REGISTRIES.pipeline.step("damage", STEP_DAMAGE)
def damage(res: Resolution) -> None:
    res.apply_replacements(REGISTRIES.replacements)


# ---------------------------------------------------------------- 700 discards

@REGISTRIES.pipeline.step("discards", STEP_DISCARDS)
def discards(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        pid = player.pid
        redraw = _knockout_discards(res, player)
        settle_damage(res, player, REGISTRIES.on_damage_discard)  # Фокусник's copy is cancelled after plain draws
        for refill in res.refills.get(pid, []):
            if refill.copy:
                copy = state.new_card(refill.card)
                original = CATALOG[refill.card]
                copy.cost_mod = 1
                player.hand.append(copy)
                state.emit("magician_copy", "player", pid, card=original.id)
            else:
                res.draw(pid, 1)
        res.draw(pid, redraw)


def _knockout_discards(res: Resolution, player: PlayerState) -> int:
    """Вышибание: cards of the colour not kept or played are discarded; as many are drawn after."""
    from engine.rulesets.micromafik.costs import knocked_colours

    doomed = knocked_colours(res.state, player.pid)
    if not doomed:
        return 0
    kept = {o.card for o in res.scratch["orders"].get(player.pid, []) if o.kind == "keep"}
    gone = [c for c in player.hand if CATALOG[c.card].colour in doomed and c.uid not in kept]
    player.hand = [c for c in player.hand if c not in gone]
    player.discard.extend(gone)
    if gone:
        res.state.emit("knocked_out", "player", player.pid, cards=[c.card for c in gone])
    return len(gone)
