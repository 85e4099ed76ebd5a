"""The cards about drawing and gaining cards (issue 14, `draw`): draw gates (`may_draw`), gains at the start
or the end of phases, extra Hand plays, and losses. Mechanisms: engine/rulesets/mafik/gains.py. Rulings:
docs/rulings/mafik-draws.md."""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import Query, Step
from engine.core.durations import (
    FROM_NEXT_PHASE,
    NEXT_NIGHT,
    NEXT_PHASE,
    UNTIL_END,
    n_phases,
)
from engine.core.phase import discard_order
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, GameState, Order
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    draw_to_hand,
    grant_ability,
    grant_play_as,
    lasting,
    lower,
    to_sleeve,
    upper,
)
from engine.rulesets.mafik.costs import card_cost, stance
from engine.rulesets.mafik.order import STEP_ALCOHOL, STEP_BIG_BROTHER, STEP_CRIPPLE_ARMOR, STEP_VIVISECTION
from engine.rulesets.mafik.orders import counts_toward_limit, find_card, played_spec
from engine.rulesets.mafik.registry import BLANK, CATALOG, LOWER_COLOURS, REGISTRIES, UPPER_COLOURS

BLEEDING_PHASES = 2  # "Следующие 2 фазы (Обвинение: еще 2 фазы за каждую названную карту)"
MADNESS_EXTRA = 2  # "ещё две карты из Руки"
MADNESS_ARMOR = 4
HUMANITARIAN_MAX_HAND = 3  # "с 3 картами в руке или меньше"
HUMANITARIAN_CARDS = 2
HELL_LOSS = 2


# ---- Кровотечение ----

@only_while("no_refills")
def _no_refills(state: GameState, value: bool, *, pid: int, reason: str, **_: Any) -> bool:
    if reason == "refill" and any(e.params.get("card") == "bleeding" for e in state.effects_of("no_refills", target=pid)):
        return False
    return value


@REGISTRIES.card("bleeding", queries=(Query("may_draw", _no_refills),), effects=(EffectKind("no_refills"),))
def bleeding(play: Play) -> None:
    """The next 2 phases (+2 per card the Обвинение names) the target draws no replacements; it is told,
    unless the Обвинение hit."""
    hits = accusation_hits(play)
    phases = BLEEDING_PHASES * (1 + hits)
    play.effect("no_refills", target=play.target, during=n_phases(phases, starting=NEXT_PHASE), card=play.spec.id)
    if not hits:
        play.tell(play.target, "bleeding", n=phases)


# ---- Супергерой ----

@REGISTRIES.card("superhero")
def superhero(play: Play) -> None:
    """From the next phase to the end of the game: a card from the deck into the Hand as each night (upper:
    each phase) begins."""
    play.effect("draw_each_phase", target=play.actor, during=FROM_NEXT_PHASE, count=1, zone="hand",
                nights_only=not upper(play), card=play.spec.id)


# ---- Покалечить ----

def _cripple_armor(res: Resolution) -> None:
    """(Закон, Мафия): as much armor as the target has Sleeve cards once the night's effects are done."""
    for actor, target in res.scratch.get("cripple", []):
        if res.state.player(actor).alive:
            res.add_armor(actor, len(res.state.player(target).sleeve))


@REGISTRIES.card("cripple", steps=(Step("cripple_armor", STEP_CRIPPLE_ARMOR, _cripple_armor),))
def cripple(play: Play) -> None:
    play.damage(play.target, 1)
    faction = play.me.faction
    if faction in ("maniac", "traitor"):
        if accusation_hits(play):
            target = play.state.player(play.target)
            lost = [c.card for c in target.sleeve]
            target.discard.extend(target.sleeve)
            target.sleeve = []
            play.tell(play.target, "cripple_sleeve_lost", lost=lost)
    elif faction in ("law", "mafia"):
        play.res.scratch.setdefault("cripple", []).append((play.actor, play.target))


# ---- Вивисекция ----

def _note_discard(res: Resolution, pid: int, card: CardInstance) -> None:
    res.scratch.setdefault("vivisection_discards", {}).setdefault(pid, []).append(card)


def _dealt(res: Resolution, source: int, target: int) -> bool:
    return any(p.source == source and p.target == target and p.dealt > 0 for p in res.packets)


def _vivisection(res: Resolution) -> None:
    """Each Вивисекция whose player dealt damage to its target this phase: the colours of the cards the
    target discarded for damage this phase; lower: half of them (rounded down) into the player's Sleeve."""
    state = res.state
    discarded: dict[int, list[CardInstance]] = res.scratch.get("vivisection_discards", {})
    for effect in state.effects_of("vivisection"):
        source, target = effect.source, effect.target
        if source is None or target is None or not state.player(source).alive or not _dealt(res, source, target):
            continue
        cards = discarded.get(target, [])
        state.emit("vivisection_colours", "player", source, card="vivisection", target=target,
                   colours=[CATALOG[c.card].colour for c in cards])
        if effect.params.get("lower"):
            victim = state.player(target)
            taken: list[str] = []
            for card in cards[:len(cards) // 2]:
                if card in victim.discard and to_sleeve(state, source, card):
                    victim.discard.remove(card)
                    taken.append(card.card)
            if taken:
                state.emit("vivisection_taken", "player", source, card="vivisection", target=target, cards=taken)


@REGISTRIES.card("vivisection", on_damage_discard=_note_discard,
                 steps=(Step("vivisection", STEP_VIVISECTION, _vivisection),), effects=(EffectKind("vivisection"),))
def vivisection(play: Play) -> None:
    """Until the end of the game (this phase included), each phase the player deals damage to the target."""
    play.effect("vivisection", target=play.target, during=UNTIL_END, lower=lower(play), card=play.spec.id)


# ---- Большой брат ----

def _big_brother(res: Resolution) -> None:
    state = res.state
    paid: dict[int, list[CardInstance]] = res.scratch.get("paid_cards", {})
    cards = [c.card for pid in sorted(paid) for c in paid[pid]]
    if not cards:
        return
    for effect in state.effects_of("big_brother"):
        if effect.target is None or not state.player(effect.target).alive:
            continue
        got = [card for card in cards if to_sleeve(state, effect.target, state.new_card(card))]
        if got:
            state.emit("big_brother_copies", "player", effect.target, card="big_brother", cards=got)


@REGISTRIES.card("big_brother", steps=(Step("big_brother", STEP_BIG_BROTHER, _big_brother),),
                 effects=(EffectKind("big_brother", own=True),))
def big_brother(play: Play) -> None:
    play.effect("big_brother", target=play.actor, during=n_phases(2, starting=NEXT_PHASE), card=play.spec.id)


# ---- Безумие (and Психопат's Sleeve cards played as it) ----

def _plays_madness(state: GameState, pid: int, order: Order) -> bool:
    if order.kind != "play":
        return False
    try:
        return played_spec(state, pid, *find_card(state, pid, order.card), order.params).id == "madness"
    except Refusal:
        return False


def _madness_plays(state: GameState, value: int, *, pid: int, orders: list[Order], **_: Any) -> int:
    """"В эту же фазу можете сыграть ещё две карты из Руки": the orders that hold a Безумие allow two more."""
    return value + MADNESS_EXTRA * sum(1 for o in orders if _plays_madness(state, pid, o))


def _counted_hand_plays(play: Play) -> list[Play]:
    state = play.state
    out = []
    for other in play.res.plays_by(play.actor):
        if other.via != "hand" or other.instance is None:
            continue
        cost = card_cost(state, play.actor, other.spec, other.instance, other.params)
        if counts_toward_limit(state, play.actor, other.spec, cost, other.params, other.instance):
            out.append(other)
    return out


@REGISTRIES.card("madness", queries=(Query("extra_hand_plays", _madness_plays),))
def madness(play: Play) -> None:
    """The Hand cards played beyond the usual limit thanks to it (two at most, the last ones) are not
    replaced; lower: 4 armor."""
    counted = _counted_hand_plays(play)
    colours = {"upper": UPPER_COLOURS, "lower": LOWER_COLOURS}.get(stance(play.state, play.actor), ())
    limit = 1 + (1 if any(CATALOG[p.instance.card].colour in colours for p in counted if p.instance) else 0)
    others = [p for p in counted if p is not play]
    free_slots = max(0, limit - (1 if play in counted else 0))
    for extra in others[free_slots:][:MADNESS_EXTRA]:
        if extra.instance is not None:
            play.res.cancel_refill(play.actor, extra.instance.uid)
    if lower(play):
        play.armor(play.actor, MADNESS_ARMOR)


# ---- Психопат ----

@REGISTRIES.card("psychopath")
def psychopath(play: Play) -> None:
    """Until the end of the game any Sleeve card may be played as Безумие."""
    grant_play_as(play, "madness")


# ---- Кофе ----

@only_while("extra_hand_play")
def _coffee_plays(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    if not state.is_night:
        return value
    return value + len(state.effects_of("extra_hand_play", target=pid))


@REGISTRIES.card("coffee", queries=(Query("extra_hand_plays", _coffee_plays),),
                 effects=(EffectKind("extra_hand_play", known=True),))
def coffee(play: Play) -> None:
    """The next night (upper: the next 2 nights) the target may play one more Hand card; it is told."""
    nights = 2 if upper(play) else 1
    during = NEXT_NIGHT if nights == 1 else n_phases(3, starting=NEXT_NIGHT)
    play.effect("extra_hand_play", target=play.target, during=during, nights_only=True, card=play.spec.id)
    play.tell(play.target, "coffee_extra_play", n=nights)


# ---- Размер имеет значение ----

@REGISTRIES.card("size_matters")
def size_matters(play: Play) -> None:
    """1 (upper: 2) more card from the deck into the Hand, drawn with the replacements."""
    owed = play.res.scratch.setdefault("draws", {})
    owed[play.actor] = owed.get(play.actor, 0) + (2 if upper(play) else 1)


# ---- Unlimited blade works ----

@REGISTRIES.card("unlimited_blade_works")
def unlimited_blade_works(play: Play) -> None:
    """At the end of every day, a Заточка into the Sleeve unless one is there; several do not stack."""
    if lasting(play.state, play.actor, play.spec.id):
        return
    play.effect("card_each_phase", target=play.actor, during=UNTIL_END, card_gained="shiv", zone="sleeve",
                days_only=True, unless_held=True, at="end", card=play.spec.id)


# ---- Независимый доход ----

@REGISTRIES.card("independent_income")
def independent_income(play: Play) -> None:
    """A Пустышка into the target's Sleeve as each night begins; several do not stack (upper: they do)."""
    if lasting(play.state, play.target, play.spec.id) and not upper(play):
        return
    play.effect("card_each_phase", target=play.target, during=FROM_NEXT_PHASE, card_gained=BLANK, zone="sleeve",
                nights_only=True, card=play.spec.id)


# ---- Гуманитарная помощь ----

def _humanitarian_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], **_: Any) -> int:
    """(Цена 1: 2 любые карты на ваш выбор)."""
    return value + 1 if params.get("cards") else value


@REGISTRIES.card("humanitarian_aid", queries=(Query("cost", _humanitarian_cost, own=True),))
def humanitarian_aid(play: Play) -> None:
    """A target with 3 Hand cards or fewer as the phase began gets 2 Пустышки (Цена 1: 2 chosen cards)
    into its Sleeve."""
    target = play.state.player(play.target)
    if len(target.hand_at_phase_start) > HUMANITARIAN_MAX_HAND:
        play.tell(play.actor, "humanitarian_aid_refused", target=play.target, n=len(target.hand_at_phase_start))
        return
    chosen = [str(c) for c in play.params.get("cards") or []]
    cards = chosen if chosen else [BLANK] * HUMANITARIAN_CARDS
    for card in cards:
        to_sleeve(play.state, play.target, play.state.new_card(card))


# ---- Маэстро ----

@reads_orders("ability")
def _maestro_cards_free(state: GameState, pid: int, orders: list[Order]) -> None:
    """The Hand cards it discards are not also played or discarded otherwise this phase."""
    for order in orders:
        if order.kind != "ability" or order.params.get("ability") != "maestro":
            continue
        chosen = {int(u) for u in order.params.get("cards") or []}
        elsewhere: set[int] = set()
        for other in orders:
            if other is order:
                continue
            if other.kind == "play" and other.card is not None:
                elsewhere.add(other.card)
            elsewhere |= set(other.payment.cards)
            for value in other.params.values():
                if isinstance(value, list):
                    elsewhere |= {v for v in value if isinstance(v, int) and not isinstance(v, bool)}
        if chosen & elsewhere:
            raise Refusal("card_used_twice", uid=min(chosen & elsewhere))


@REGISTRIES.card("maestro", set_checks=(_maestro_cards_free,))
def maestro(play: Play) -> None:
    """Played: from the next phase on, each phase the ability to discard 2 Hand cards (lower stance then:
    3) with replacements, besides anything else played or discarded. Used: those cards go."""
    if play.via != "ability":
        grant_ability(play, during=FROM_NEXT_PHASE)
        return
    player = play.me
    for uid in play.params.get("cards") or []:
        card = next((c for c in player.hand if c.uid == uid), None)
        if card is not None:
            player.hand.remove(card)
            player.discard.append(card)
            play.res.owe_refill(play.actor, card)


# ---- Алкоголь ----

@only_while("alcohol")
def _alcohol(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("alcohol"):
        if effect.target is None or not state.is_night:
            continue
        player = state.player(effect.target)
        if not player.alive or not player.hand:
            continue
        card = discard_order(player)[0]
        player.hand.remove(card)
        player.discard.append(card)
        state.emit("alcohol_discard", "player", player.pid, card="alcohol", lost=[card.card])


@REGISTRIES.card("alcohol", steps=(Step("alcohol", STEP_ALCOHOL, _alcohol),), effects=(EffectKind("alcohol", own=True),))
def alcohol(play: Play) -> None:
    """A card from the deck into the Hand now; at the end of the next night the top Hand card is discarded."""
    draw_to_hand(play, play.actor, 1)
    play.effect("alcohol", target=play.actor, during=NEXT_NIGHT, card=play.spec.id)


# ---- Все под контролем (Босс) ----

@only_while("no_draws")
def _no_draws(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
    for effect in state.effects_of("no_draws"):
        if not (effect.params.get("mafia_draws") and state.player(pid).faction == "mafia"):
            return False
    return value


@REGISTRIES.card("boss_all_under_control", queries=(Query("may_draw", _no_draws),),
                 effects=(EffectKind("no_draws"),))
def all_under_control(play: Play) -> None:
    """This phase and the next nobody draws a card from a deck (optionally the mafia still does)."""
    mafia_draws = bool(play.params.get("mafia_draws"))
    play.effect("no_draws", during=n_phases(2), mafia_draws=mafia_draws, card=play.spec.id)
    play.announce("all_under_control")
    if mafia_draws:
        play.state.emit("all_under_control_mafia", "faction", "mafia", card=play.spec.id)


# ---- Ад на земле (Киллер) ----

@REGISTRIES.card("killer_hell_on_earth")
def hell_on_earth(play: Play) -> None:
    """Every living player loses the first 2 cards of the Hand in its order (optionally: the top 2 of the
    Sleeve) — a loss, not damage: no armor stops it and replacements owed still come."""
    sleeve = bool(play.params.get("sleeve"))
    for player in play.state.living():
        zone = player.sleeve if sleeve else player.hand
        lost = (player.sleeve[:HELL_LOSS] if sleeve else discard_order(player)[:HELL_LOSS])
        for card in lost:
            zone.remove(card)
            player.discard.append(card)
        play.tell(player.pid, "hell_on_earth_sleeve" if sleeve else "hell_on_earth_hand", lost=[c.card for c in lost])

