"""The perks of the first 20 public roles of Мафик (seeds/000_…, "==== Явные роли ====").

Handled elsewhere (and tested with the others in tests/engine/mafik/test_roles_a.py):
  Гик's 5 cards, Шулер's and Богач's Sleeve cards, Здоровяк's extra Пустышка, Инженер's two
  cards — ruleset.deal / ruleset.engineer_pick; Культист's Hand payment — costs.check_payment (one
  play; "up to two a phase" over all his plays is the set check below); Сплетник's second private
  message — comms.private_allowance.

Here, by the mechanism each perk hooks into:
  set check      Культист      at most two Hand cards a phase pay costs, over all his plays
  death rule     Мститель      once, at 0 cards: 1 card from his deck and 2 armor next phase
  query          Авторитет     vote_strength +1
  order → effect (STEP_PERK_VOTES, before the Вече) → query:
                 Прокурор      "prosecutor" (once, by day): vote_strength +4 that day
                 Политик       "politician" (by day, every day he wants): votes_against −2 that day
                 Бюрократ      "bureaucrat" (once, by day; voter, target): forced_votes at the last
                               layer, so it overrides every other such effect
  query          Секретарша    extra_plays +1 in the phase she activates it (once, from night 3)
  order + step   Ищейка        "bloodhound": the target is told; its next phase's non-peaceful
                               plays and their targets go to the Ищейка
  step           Адвокат       2 armor every day (STEP_PERK_LAWYER)
                 Патрульный    every night 1 random non-peaceful card others played (STEP_PERK_PATROLMAN)
                 Монах         1 or 2 cards at the end of a phase: draws 1 (STEP_PERK_MONK)
  replacement    Горец         at most 6 damage a night from other characters' cards (LAYER_HIGHLANDER)
  instant        Гик           "geek_card": any card of the collection into the Sleeve (once)
                 Мародер       "loot": copies of a dead character's Sleeve into his own (once)
                 Наставник     "mentor_stance": on night 1, his stance for phases 1 and 2
                 Секретарша    "secretary": activates (or, the same phase, cancels) the extra play
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.orders import reads_orders
from engine.cardgame.ruleset import card_rules
from engine.core.durations import NEXT_PHASE, THIS_PHASE, between
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState, JsonValue, Order, PlayerState
from engine.rulesets.mafik.actions import ABILITIES
from engine.rulesets.mafik.costs import CULTIST_HAND_CARDS, sleeve_blocked
from engine.rulesets.mafik.order import (
    LAYER_HIGHLANDER,
    STEP_PERK_BLOODHOUND,
    STEP_PERK_LAWYER,
    STEP_PERK_MONK,
    STEP_PERK_PATROLMAN,
    STEP_PERK_VOTES,
)
from engine.rulesets.mafik.orders import living_target, tags_of, validate_orders, validator
from engine.rulesets.mafik.perks_common import orders_of, with_role
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES, UNIQUE

AVENGER_ARMOR = 2
POLITICIAN_VOTES = 2
AUTHORITY_STRENGTH = 1
PROSECUTOR_STRENGTH = 4
LAWYER_ARMOR = 2
MONK_HANDS = (1, 2)
HIGHLANDER_CAP = 6
MENTOR_PHASES = 2


def _non_peaceful(state: GameState, pid: int, card: str) -> bool:
    return "peaceful" not in tags_of(state, pid, CATALOG[card])


# ---------------------------------------------------------------- Культист


@reads_orders("play")
def cultist_hand_payments(state: GameState, pid: int, orders: list[Order]) -> None:
    """Культист: "up to two cards a phase from the Hand" counts every play of the phase together."""
    hand = {c.uid for c in state.player(pid).hand}
    paid = sum(1 for order in orders if order.kind == "play" for uid in order.payment.cards if uid in hand)
    if paid > CULTIST_HAND_CARDS:
        raise Refusal("bad_payment_card", reason="cultist_limit", max=CULTIST_HAND_CARDS)


REGISTRIES.rule(set_checks=(cultist_hand_payments,))


# ---------------------------------------------------------------- Мститель


def avenger_death(res: Resolution, player: PlayerState) -> bool | None:
    """Мститель: the first time he ends a phase with no cards, he draws 1 from his deck (a Пустышка
    when it is empty) and lives, with 2 armor for the next phase."""
    if player.public_role != "avenger" or player.hand or player.flags.get("used_avenger"):
        return None
    state = res.state
    player.flags["used_avenger"] = 1
    card = card_rules(res.ruleset).draw_one(state, player)
    if card is None:
        return None
    player.hand.append(card)
    state.add_effect("armor_each_phase", target=player.pid, source=player.pid, during=NEXT_PHASE,
                     amount=AVENGER_ARMOR)
    state.emit("avenger_revenge", "player", player.pid, card=card.card, armor=AVENGER_ARMOR)
    return False


REGISTRIES.rule(death_rules=(avenger_death,))


# ---------------------------------------------------------------- the Вече: Авторитет, Прокурор, Политик, Бюрократ


@validator("politician")
def _politician(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "politician")
    order.params = {}
    return 0


@validator("prosecutor")
def _prosecutor(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "prosecutor")
    order.params = {}
    return 0


@validator("bureaucrat")
def _bureaucrat(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "bureaucrat")
    voter = living_target(state, pid, order.params.get("voter"), by="perk", allow_self=True)
    target = living_target(state, voter, order.params.get("target"), by="vote", allow_self=True)
    order.params = {"voter": voter, "target": target}
    return 0


@REGISTRIES.pipeline.step("perks:votes", STEP_PERK_VOTES)
def vote_perks(res: Resolution) -> None:
    """The day's Политик, Прокурор and Бюрократ orders become effects of this phase for the Вече (STEP_COUNCIL)."""
    state = res.state
    if not state.is_day:
        return
    for player, _order in orders_of(res, "politician"):
        state.add_effect("politician", target=player.pid, source=player.pid, during=THIS_PHASE)
    for player, _order in orders_of(res, "prosecutor"):
        player.flags["used_prosecutor"] = 1
        state.add_effect("prosecutor", target=player.pid, source=player.pid, during=THIS_PHASE)
    for player, order in orders_of(res, "bureaucrat"):
        player.flags["used_bureaucrat"] = 1
        state.add_effect("bureaucrat", target=int(order.params["voter"]), source=player.pid, during=THIS_PHASE,
                         vote_for=int(order.params["target"]))


@REGISTRIES.queries.modifier("vote_strength")
def authority(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    """Авторитет: +1 vote strength."""
    return value + AUTHORITY_STRENGTH if state.player(pid).public_role == "authority" else value


@REGISTRIES.queries.modifier("vote_strength")
@only_while("prosecutor")
def prosecutor(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    """Прокурор: +4 on the day he uses it (registered right after the Авторитет's, in the same layer: the two
    add, one after the other, as one modifier did before)."""
    return value + PROSECUTOR_STRENGTH if state.effects_of("prosecutor", target=pid) else value


@REGISTRIES.queries.modifier("votes_against")
@only_while("politician")
def politician(state: GameState, value: int, *, target: int, **_: Any) -> int:
    """Политик: 2 votes fewer against him on the day he activates it (never below 0)."""
    if state.effects_of("politician", target=target):
        return max(0, value - POLITICIAN_VOTES)
    return value


@REGISTRIES.queries.modifier("forced_votes", layer=1000)
@only_while("bureaucrat")
def bureaucrat(state: GameState, value: dict[int, int], **_: Any) -> dict[int, int]:
    """Бюрократ: the chosen voter votes for the chosen target, whatever other effects say (the last layer)."""
    chosen = dict(value)
    for effect in state.effects_of("bureaucrat"):
        voter, target = effect.target, int(effect.params["vote_for"])
        if voter is not None and voter in chosen and state.player(target).alive:
            chosen[voter] = target
    return chosen


# ---------------------------------------------------------------- Гик, Мародер


def geek_card(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Гик: once a game, at any moment, any card of the collection into his Sleeve."""
    ABILITIES.check(state, pid, "geek_card")
    player = state.player(pid)
    card = params.get("card")
    if not isinstance(card, str) or card not in CATALOG or CATALOG[card].colour == UNIQUE:
        raise Refusal("unknown_card", card=str(card))
    if card not in REGISTRIES.cards.behaviours:
        raise Refusal("not_implemented", card=card)
    blocked = sleeve_blocked(state, pid, "receive")
    if blocked:
        raise Refusal("not_allowed", what="geek_card", reason=blocked)
    ABILITIES.record(state, pid, "geek_card")
    player.sleeve.append(state.new_card(card))
    state.emit("geek_card", "player", pid, card=card)


def loot(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Мародер: once a game, at once, copies of every card in a dead character's Sleeve into his own."""
    ABILITIES.check(state, pid, "loot")
    player = state.player(pid)
    target = params.get("target")
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < len(state.players):
        raise Refusal("invalid_target", target=target, reason="no_such_player")
    if state.player(target).alive:
        raise Refusal("invalid_target", target=target, reason="alive")
    blocked = sleeve_blocked(state, pid, "receive")
    if blocked:
        raise Refusal("not_allowed", what="loot", reason=blocked)
    ABILITIES.record(state, pid, "loot")
    cards = [c.card for c in state.player(target).sleeve]
    player.sleeve += [state.new_card(c) for c in cards]
    state.emit("looted", "player", pid, target=target, cards=cards)


# ---------------------------------------------------------------- Наставник, Секретарша


def _keep_orders_valid(state: GameState, pid: int) -> None:
    """A change of the rules for this player must not break what he has already submitted."""
    current = state.orders.get(pid, [])
    if current:
        validate_orders(state, pid, current)


def mentor_stance(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Наставник: during the first night he chooses the stance he starts in, for phases 1 and 2."""
    ABILITIES.check(state, pid, "mentor_stance")
    choice = params.get("stance")
    if choice not in ABILITIES["mentor_stance"].params[0].choices:  # the stances, as the data lists them
        raise Refusal("bad_param", param="stance", reason="choice")
    before = list(state.effects)
    state.effects = [e for e in state.effects if not (e.kind == "stance" and e.target == pid and e.params.get("mentor"))]
    if choice != "normal":
        state.add_effect("stance", target=pid, source=pid, during=between(1, MENTOR_PHASES), stance=choice, mentor=True)
    try:
        _keep_orders_valid(state, pid)
    except Refusal:
        state.effects = before
        raise


def secretary(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Секретарша: once a game, from the third night, one extra card from the Hand or the Sleeve this
    phase. `active: false` takes it back during the same phase (unless an order already needs it)."""
    active = params.get("active", True)
    if not isinstance(active, bool):
        raise Refusal("bad_param", param="active", reason="not_a_flag")
    ABILITIES.check(state, pid, "secretary" if active else "secretary_off")
    player = state.player(pid)
    mine = state.effects_of("secretary", target=pid)
    if not active:
        before = list(state.effects)
        gone = {e.eid for e in mine}
        state.effects = [e for e in state.effects if e.eid not in gone]
        try:
            _keep_orders_valid(state, pid)
        except Refusal:
            state.effects = before
            raise
        player.flags.pop("used_secretary", None)
        return
    ABILITIES.record(state, pid, "secretary")
    state.add_effect("secretary", target=pid, source=pid, during=THIS_PHASE)


@REGISTRIES.queries.modifier("extra_plays")
@only_while("secretary")
def secretary_extra(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return value + (1 if state.effects_of("secretary", target=pid) else 0)


# ---------------------------------------------------------------- Ищейка


@validator("bloodhound")
def _bloodhound(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    ABILITIES.check(state, pid, "bloodhound")
    order.params = {"target": living_target(state, pid, order.params.get("target"), by="perk", allow_self=False)}
    return 0


@REGISTRIES.pipeline.step("perks:bloodhound", STEP_PERK_BLOODHOUND)
def bloodhound(res: Resolution) -> None:
    """Reports on the phase being watched (the plays as made, before any redirection), then this
    phase's choice: the target is told, and the next phase is watched."""
    state = res.state
    for effect in state.effects_of("bloodhound"):
        hound, target = effect.source, effect.target
        if hound is None or target is None or not state.player(hound).alive:
            continue
        seen: list[dict[str, JsonValue]] = [
            {"card": p.spec.id, "targets": list(p.targets)}
            for p in res.plays_by(target) if _non_peaceful(state, target, p.spec.id)
        ]
        if seen:
            state.emit("bloodhound_report", "player", hound, target=target, plays=seen)
    for player, order in orders_of(res, "bloodhound"):
        target = int(order.params["target"])
        player.flags["used_bloodhound"] = 1
        state.add_effect("bloodhound", target=target, source=player.pid, during=NEXT_PHASE)
        state.emit("bloodhound_marked", "player", target, by=player.pid)


# ---------------------------------------------------------------- Адвокат, Патрульный, Монах


@REGISTRIES.pipeline.step("perks:lawyer", STEP_PERK_LAWYER)
def lawyer(res: Resolution) -> None:
    """Адвокат: 2 armor every day."""
    if res.state.is_day:
        for player in with_role(res.state, "lawyer"):
            res.add_armor(player.pid, LAWYER_ARMOR)


@REGISTRIES.pipeline.step("perks:patrolman", STEP_PERK_PATROLMAN)
def patrolman(res: Resolution) -> None:
    """Патрульный: every night, one random non-peaceful card that other characters played this night
    (from the Hand or the Sleeve, as what it was played as); nothing when there is none."""
    state = res.state
    if not state.is_night:
        return
    for player in with_role(state, "patrolman"):
        cards = [p.spec.id for p in res.plays
                 if p.actor != player.pid and _non_peaceful(state, p.actor, p.spec.id)]
        if cards:
            state.emit("patrol_card", "player", player.pid, card=state.random.choice(cards))


@REGISTRIES.pipeline.step("perks:monk", STEP_PERK_MONK)
def monk(res: Resolution) -> None:
    """Монах: 1 or 2 cards in hand at the end of a phase (after damage and refills): draws 1."""
    for player in with_role(res.state, "monk"):
        if len(player.hand) in MONK_HANDS:
            res.draw(player.pid, 1)


# ---------------------------------------------------------------- Горец


@REGISTRIES.replacement("highlander", LAYER_HIGHLANDER)
def highlander(res: Resolution, packet: DamagePacket) -> None:
    """Горец: at night, at most 6 damage in all from other characters' cards (after every increase,
    before armor; packets count in resolution order)."""
    state = res.state
    if not state.is_night or state.player(packet.target).public_role != "highlander":
        return
    if packet.card is None or packet.source is None or packet.source == packet.target:
        return
    taken: dict[int, int] = res.scratch.setdefault("highlander", {})
    room = max(0, HIGHLANDER_CAP - taken.get(packet.target, 0))
    packet.amount = min(packet.amount, room)
    taken[packet.target] = taken.get(packet.target, 0) + packet.amount
