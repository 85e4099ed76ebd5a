"""The perks of public roles 21–40 of the seed's list (Пришелец … Социопат) and "(Другой)".

Already in the core (tests only): Гений's and Крупье's deck limits (deck.py), Экстрасенс's top 3
cards (Mafik.private_view), Банкир's Sleeve card from a new deck (ruleset.rebuild_deck).
"(Другой)" has no perk; its ties go alphabetically after the listed roles (roles.priority).

Orders, resolved at the deadline (`used_<role>` flags mark a once-a-game perk spent):
  alien_credits      Пришелец, instead of a Sleeve play, once: 2 Кредит into the Hand
  paranoiac_armor    Параноик, at night, once: 3 armor
  revolution         Революционер, by day: +1 public vote against a target per 2 Hand cards discarded (≤ 3)
  guard              Охранник, at night instead of Sleeve plays, once: from the next night on, learns
                     every night which cards were played on the target
  scientist_discard  Учёный, at night, once: discards two Hand cards and draws replacements, even
                     while playing cards
  ripper             Потрошитель, any phase, once: kills a character who has 1 card in the Hand
  fortune            Гадалка, instead of a Sleeve play, once: 3 cards, one of which the target played
                     the phase before
Instant actions (ruleset.py's table): addict_move (Наркоман), lucky_redraw (Везунчик), undertaker
(Гробовщик).
Hooks (REGISTRIES.rule): Воин (discard_instead), Медиум (on_damage_discard, a step, counters), Фокусник (on_rebuild),
Мот (counts_toward_limit), Социопат (can_target, forced_votes, votes_against), Лентяй (a step).
A perk "instead of playing a card from the Sleeve" marks its order `instead_of: sleeve` (orders.py
counts it as a Sleeve play) and excludes any counted Sleeve play in the same phase (a set check).
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import Step
from engine.core.checks import learn
from engine.core.durations import NEXT_NIGHT, THIS_PHASE, onwards
from engine.core.phase import kill, take
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Resolution
from engine.core.ruleset import get_ruleset
from engine.core.state import CardInstance, GameState, Order
from engine.rulesets.mafik.actions import ABILITIES
from engine.rulesets.mafik.costs import card_cost, check_discardable, copy_has, exiled, sleeve_blocked
from engine.rulesets.mafik.deck import draw
from engine.rulesets.mafik.order import (
    STEP_PERK_ALIEN,
    STEP_PERK_FORTUNE_TELLER,
    STEP_PERK_GUARD,
    STEP_PERK_LAZYBONES,
    STEP_PERK_MEDIUM,
    STEP_PERK_PARANOIAC,
    STEP_PERK_REVOLUTIONARY,
    STEP_PERK_RIPPER,
    STEP_PERK_SCIENTIST,
)
from engine.rulesets.mafik.orders import (
    busy_cards,
    counts_toward_limit,
    find_card,
    living_target,
    played_spec,
    validator,
)
from engine.rulesets.mafik.perks_common import orders_of, with_role
from engine.rulesets.mafik.registry import CATALOG, COLOURS, NEUTRAL, REGISTRIES, UNIQUE

CREDIT = "credit"  # Кредит (cards_3_support_boost.toml)
ALIEN_CREDITS = 2
PARANOIAC_ARMOR = 3
LAZYBONES_ARMOR = 3
REVOLUTION_MAX_VOTES, REVOLUTION_CARDS_PER_VOTE = 3, 2
WARRIOR_CARDS = 2
LUCKY_REDRAWS = ABILITIES["lucky_redraw"].per_game or 0
UNDERTAKER_CORPSES = 3
FORTUNE_CARDS = 3
MAGICIAN_FREE = 2
# The colours a card may have, for the Медиум's record (flag value = index + 1; 0 = none).
CARD_COLOURS = (*COLOURS, NEUTRAL, UNIQUE)

# Order kinds of this module (each at most once a phase: their tag in data/mafik/abilities.toml).
KINDS = ("alien_credits", "paranoiac_armor", "revolution", "guard", "scientist_discard", "ripper", "fortune")


# ---------------------------------------------------------------- helpers of this module


def _hand_cards(state: GameState, pid: int, value: Any, used: set[int], counts: tuple[int, ...]) -> list[int]:
    """Distinct uids of cards in the player's Hand, as many as one of `counts`, none used elsewhere."""
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise Refusal("bad_param", param="cards", reason="not_a_list")
    if len(value) not in counts or len(set(value)) != len(value):
        raise Refusal("bad_param", param="cards", reason="count")
    hand = {c.uid for c in state.player(pid).hand}
    for uid in value:
        if uid not in hand:
            raise Refusal("card_not_in_hand", uid=uid)
        if uid in used:
            raise Refusal("card_used_twice", uid=uid)
        used.add(uid)
    return list(value)


@reads_orders(*KINDS)
def _one_a_phase(state: GameState, pid: int, orders: list[Order]) -> None:
    """A perk "instead of a Sleeve play" excludes a counted Sleeve play."""
    if not any(o.params.get("instead_of") == "sleeve" for o in orders if o.kind in KINDS):
        return
    for order in orders:
        if order.kind != "play":
            continue
        card, zone = find_card(state, pid, order.card)
        spec = played_spec(state, pid, card, zone, order.params)
        if zone == "sleeve" and counts_toward_limit(state, pid, spec, card_cost(state, pid, spec, card, order.params),
                                                    order.params, card):
            raise Refusal("limit_reached", what="plays", reason="instead_of_sleeve")


REGISTRIES.rule(set_checks=(_one_a_phase,))


# ---------------------------------------------------------------- Пришелец


@validator("alien_credits")
def _alien_credits(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, instead of playing a card from the Sleeve: 2 Кредит into the Hand."""
    ABILITIES.check(state, pid, "alien_credits")
    order.params = {"instead_of": "sleeve"}
    return 0


@REGISTRIES.pipeline.step("perks:alien", STEP_PERK_ALIEN)
def alien(res: Resolution) -> None:
    for player, _order in orders_of(res, "alien_credits"):
        player.flags["used_alien"] = 1
        player.hand += [res.state.new_card(CREDIT) for _ in range(ALIEN_CREDITS)]
        res.state.emit("alien_credits", "player", player.pid, card=CREDIT, count=ALIEN_CREDITS)


# ---------------------------------------------------------------- Медиум


def record_damage_discard(res: Resolution, pid: int, card: CardInstance) -> None:
    """The colour of the last card each character discarded because of damage («кроме Долгов»: a card that
    cannot be discarded from the Hand by choice is not counted)."""
    if not copy_has(card, "no_discard"):
        res.state.player(pid).flags["last_damage_colour"] = CARD_COLOURS.index(CATALOG[card.card].colour) + 1


def medium(res: Resolution) -> None:
    """The Медиум learns, for every dead character, the colour of the last card it discarded for damage."""
    state = res.state
    for seer in with_role(state, "medium"):
        for dead in state.players:
            if dead.alive or seer.flags.get(f"medium_knows_{dead.pid}"):
                continue
            seer.flags[f"medium_knows_{dead.pid}"] = 1
            index = dead.flags.get("last_damage_colour", 0)
            if index:
                state.emit("medium_colour", "player", seer.pid, pid=dead.pid, colour=CARD_COLOURS[index - 1])
            else:
                state.emit("medium_no_discard", "player", seer.pid, pid=dead.pid)


REGISTRIES.rule(on_damage_discard=record_damage_discard, steps=(Step("perks:medium", STEP_PERK_MEDIUM, medium),),
                counters={"last_damage_colour": lambda params: {"colour": CARD_COLOURS[int(params["n"]) - 1]},
                          "medium_knows": lambda params: {"pid": params["number"]}})


# ---------------------------------------------------------------- Параноик


@validator("paranoiac_armor")
def _paranoiac_armor(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, at night: 3 armor."""
    ABILITIES.check(state, pid, "paranoiac_armor")
    order.params = {}
    return 0


@REGISTRIES.pipeline.step("perks:paranoiac", STEP_PERK_PARANOIAC)
def paranoiac(res: Resolution) -> None:
    for player, _order in orders_of(res, "paranoiac_armor"):
        player.flags["used_paranoiac"] = 1
        res.add_armor(player.pid, PARANOIAC_ARMOR)


# ---------------------------------------------------------------- Наркоман



def addict_move(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Наркоман, once a game, at any moment: any number of Sleeve cards into the Hand."""
    ABILITIES.check(state, pid, "addict_move")
    player = state.player(pid)
    if exiled(state, pid):
        raise Refusal("not_allowed", what="addict_move", reason="exiled")
    cards = params.get("cards")
    if not isinstance(cards, list) or not cards or not all(type(c) is int for c in cards) or len(set(cards)) != len(cards):
        raise Refusal("bad_param", param="cards", reason="count")
    sleeve = {c.uid for c in player.sleeve}
    busy = busy_cards(state, pid)
    for uid in cards:
        if uid not in sleeve:
            raise Refusal("card_not_in_hand", uid=uid, zone="sleeve")
        if uid in busy:
            raise Refusal("card_used_twice", uid=uid)
    moved = [take(player.sleeve, uid) for uid in cards]
    player.hand += moved
    ABILITIES.record(state, pid, "addict_move")
    state.emit("addict_moved", "player", pid, cards=[c.card for c in moved])


# ---------------------------------------------------------------- Воин


def warrior(res: Resolution, pid: int, card: CardInstance) -> bool:
    """The first two cards of the game he loses from the Hand to damage go to the Sleeve instead.

    Under Изгнание a Sleeve takes no card: such a card is discarded and still counts as one of the two."""
    player = res.state.player(pid)
    spent = player.flags.get("warrior_cards", 0)
    if player.public_role != "warrior" or spent >= WARRIOR_CARDS:
        return False
    player.flags["warrior_cards"] = spent + 1
    if sleeve_blocked(res.state, pid, "receive"):
        return False
    player.sleeve.append(card)
    res.state.emit("warrior_saved", "player", pid, card=card.card)
    return True


REGISTRIES.rule(discard_instead=warrior)


# ---------------------------------------------------------------- Революционер


@validator("revolution")
def _revolution(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """By day: up to 3 public votes against a target, 2 Hand cards (not Долги) discarded for each."""
    ABILITIES.check(state, pid, "revolution")
    target = living_target(state, pid, order.params.get("target"), by="vote", allow_self=False)
    counts = tuple(REVOLUTION_CARDS_PER_VOTE * n for n in range(1, REVOLUTION_MAX_VOTES + 1))
    cards = _hand_cards(state, pid, order.params.get("cards"), used, counts)
    check_discardable([c for c in state.player(pid).hand if c.uid in cards])
    order.params = {"target": target, "cards": cards}
    return 0


@REGISTRIES.pipeline.step("perks:revolutionary", STEP_PERK_REVOLUTIONARY)
def revolutionary(res: Resolution) -> None:
    """The cards go (not replaced); the votes are announced and counted by the Вече (votes_against)."""
    state = res.state
    for player, order in orders_of(res, "revolution"):
        for uid in order.params["cards"]:
            player.discard.append(take(player.hand, int(uid)))
        votes = len(order.params["cards"]) // REVOLUTION_CARDS_PER_VOTE
        target = int(order.params["target"])
        state.add_effect("revolution_votes", target=target, source=player.pid, during=THIS_PHASE, votes=votes)
        state.emit("revolution_votes", "public", None, pid=player.pid, target=target, votes=votes)


@REGISTRIES.queries.modifier("votes_against")
@only_while("revolution_votes")
def revolution_votes(state: GameState, value: int, *, target: int, **_: Any) -> int:
    return value + sum(int(e.params["votes"]) for e in state.effects_of("revolution_votes", target=target))


# ---------------------------------------------------------------- Охранник


@validator("guard")
def _guard(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, at night, instead of Sleeve plays: a target (himself allowed) to watch."""
    ABILITIES.check(state, pid, "guard")
    target = living_target(state, pid, order.params.get("target"), by="perk", allow_self=True)
    order.params = {"target": target, "instead_of": "sleeve"}
    return 0


@REGISTRIES.pipeline.step("perks:guard", STEP_PERK_GUARD)
def guard(res: Resolution) -> None:
    state = res.state
    if state.is_night:  # the watches already in force report this night's plays on their targets
        for watch in state.effects_of("guarded"):
            if watch.source is None or watch.target is None or not state.player(watch.source).alive:
                continue
            cards = [r.card for r in state.history if r.phase == state.phase and watch.target in r.targets]
            state.emit("guard_report", "player", watch.source, target=watch.target, cards=cards)
    for player, order in orders_of(res, "guard"):
        player.flags["used_guard"] = 1
        target = int(order.params["target"])
        state.add_effect("guarded", target=target, source=player.pid, during=onwards(NEXT_NIGHT))
        state.emit("guard_set", "player", player.pid, target=target)


# ---------------------------------------------------------------- Учёный


@validator("scientist_discard")
def _scientist_discard(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, at night: discard two Hand cards and draw replacements, even while playing cards."""
    ABILITIES.check(state, pid, "scientist_discard")
    order.params = {"cards": _hand_cards(state, pid, order.params.get("cards"), used, (2,))}
    return 0


@REGISTRIES.pipeline.step("perks:scientist", STEP_PERK_SCIENTIST)
def scientist(res: Resolution) -> None:
    for player, order in orders_of(res, "scientist_discard"):
        player.flags["used_scientist"] = 1
        for uid in order.params["cards"]:
            card = take(player.hand, int(uid))
            player.discard.append(card)
            res.owe_refill(player.pid, card)


# ---------------------------------------------------------------- Мот


@REGISTRIES.queries.modifier("counts_toward_limit")
def spendthrift(state: GameState, value: bool, *, pid: int, cost: int, **_: Any) -> bool:
    """His cards costing 2 or more do not count toward the play limit, like Free ones."""
    if cost >= 2 and state.player(pid).public_role == "spendthrift":
        return False
    return value


# ---------------------------------------------------------------- Везунчик


def lucky_redraw(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """On the first night, up to twice: the Hand back into the deck, shuffled, 6 cards drawn again."""
    ABILITIES.check(state, pid, "lucky_redraw")
    player = state.player(pid)
    done = player.flags.get("lucky_redraws", 0)
    if state.orders.get(pid):
        raise Refusal("not_allowed", what="lucky_redraw", reason="orders_submitted")
    player.deck += player.hand
    player.hand = []
    state.random.shuffle(player.deck)
    size = int(state.settings["hand_size"])
    player.hand = [draw(state, player, "hand") for _ in range(min(size, len(player.deck)))]  # deck.draw's hooks
    player.hand_at_phase_start = [c.card for c in player.hand]
    ABILITIES.record(state, pid, "lucky_redraw")
    state.emit("lucky_redraw", "player", pid, hand=[c.card for c in player.hand], left=LUCKY_REDRAWS - done - 1)
    if player.faction == "mafia":  # the mafia know each other's hands from the start of the first night
        state.emit("mafia_intel", "faction", "mafia", pid=pid, deck=sorted(c.card for c in player.deck),
                   hand=[c.card for c in player.hand], sleeve=[c.card for c in player.sleeve])


# ---------------------------------------------------------------- Потрошитель


@validator("ripper")
def _ripper(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, in any phase: kill a character who has 1 card in the Hand (at the deadline)."""
    ABILITIES.check(state, pid, "ripper")
    target = living_target(state, pid, order.params.get("target"), by="perk", allow_self=False)
    if len(state.player(target).hand) != 1:
        raise Refusal("invalid_target", target=target, reason="hand_size")
    order.params = {"target": target}
    return 0


@REGISTRIES.pipeline.step("perks:ripper", STEP_PERK_RIPPER)
def ripper(res: Resolution) -> None:
    for player, order in orders_of(res, "ripper"):
        player.flags["used_ripper"] = 1
        target = int(order.params["target"])
        if res.state.player(target).alive:
            kill(res.state, target, "ripper")


# ---------------------------------------------------------------- Гадалка


@validator("fortune")
def _fortune(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    """Once a game, instead of playing a card from the Sleeve: another player's card of the last phase, hidden among 3."""
    ABILITIES.check(state, pid, "fortune")
    target = living_target(state, pid, order.params.get("target"), by="perk", allow_self=False)
    order.params = {"target": target, "instead_of": "sleeve"}
    return 0


@REGISTRIES.pipeline.step("perks:fortune_teller", STEP_PERK_FORTUNE_TELLER)
def fortune_teller(res: Resolution) -> None:
    state = res.state
    for player, order in orders_of(res, "fortune"):
        player.flags["used_fortune_teller"] = 1
        target = int(order.params["target"])
        played = [r.card for r in state.history if r.phase == state.phase - 1 and r.actor == target]
        if not played:
            state.emit("fortune_nothing", "player", player.pid, target=target)
            continue
        real = state.random.choice(played)
        others = [c.id for c in CATALOG if c.colour != UNIQUE and c.id not in played]
        cards = sorted([real, *state.random.sample(others, FORTUNE_CARDS - 1)])
        state.emit("fortune", "player", player.pid, target=target, cards=cards)


# ---------------------------------------------------------------- Фокусник


def magician(state: GameState, pid: int) -> None:
    """After the first rebuild of the deck (the second deck) its top two cards become Free."""
    player = state.player(pid)
    if player.public_role != "magician" or player.flags.get("decks_built") != 2:
        return
    for card in player.deck[:MAGICIAN_FREE]:
        card.free = True
    state.emit("magician_free", "player", pid, count=min(MAGICIAN_FREE, len(player.deck)))


REGISTRIES.rule(on_rebuild=magician)


# ---------------------------------------------------------------- Лентяй


@REGISTRIES.pipeline.step("perks:lazybones", STEP_PERK_LAZYBONES)
def lazybones(res: Resolution) -> None:
    """A night without playing any card (from the Hand or the Sleeve) gives 3 armor; discarding is not playing."""
    if not res.state.is_night:
        return
    for player in with_role(res.state, "lazybones"):
        if not res.plays_by(player.pid):
            res.add_armor(player.pid, LAZYBONES_ARMOR)


# ---------------------------------------------------------------- Гробовщик


def undertaker(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Once a game, at any moment: the side of up to 3 chosen dead characters (through checks)."""
    ABILITIES.check(state, pid, "undertaker")
    corpses = params.get("targets")
    if (not isinstance(corpses, list) or not 1 <= len(corpses) <= UNDERTAKER_CORPSES
            or not all(type(c) is int for c in corpses) or len(set(corpses)) != len(corpses)):
        raise Refusal("bad_param", param="targets", reason="count")
    for corpse in corpses:
        if not 0 <= corpse < len(state.players):
            raise Refusal("invalid_target", target=corpse, reason="no_such_player")
        if state.player(corpse).alive:
            raise Refusal("invalid_target", target=corpse, reason="alive")
    ABILITIES.record(state, pid, "undertaker")
    ruleset = get_ruleset(state.ruleset)
    for corpse in corpses:
        state.emit("undertaker_side", "player", pid, pid=corpse, side=learn(ruleset, state, pid, corpse, "side"))


# ---------------------------------------------------------------- Социопат


SHIELDED_PHASES = (1, 2)  # night 1 and day 1 (day_number 1): each modifier looks at the phase first, and after
# day 1 — nearly every question of a game — answers with no call


def _is_sociopath(state: GameState, pid: int) -> bool:
    return state.player(pid).public_role == "sociopath"


@REGISTRIES.queries.modifier("can_target")
def sociopath(state: GameState, value: bool, *, target: int, by: str, **_: Any) -> bool:
    """No card and no vote may target him on night 1 and day 1 — not even his own."""
    if state.phase in SHIELDED_PHASES and by in ("card", "vote") and _is_sociopath(state, target):
        return False
    return value


@REGISTRIES.queries.modifier("forced_votes", layer=10)
def sociopath_default_vote(state: GameState, value: dict[int, int], **_: Any) -> dict[int, int]:
    """On day 1 no vote goes to him — not even his own default vote for himself (he then casts none)."""
    if state.phase not in SHIELDED_PHASES:
        return value
    return {voter: target for voter, target in value.items() if not _is_sociopath(state, target)}


@REGISTRIES.queries.modifier("votes_against", layer=90)
def sociopath_votes(state: GameState, value: int, *, target: int, **_: Any) -> int:
    """Nor does any vote from an effect count against him on day 1."""
    return 0 if state.phase in SHIELDED_PHASES and _is_sociopath(state, target) else value
