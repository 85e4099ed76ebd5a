"""The cards that move cards between zones and players (issue 14, ZONE): given, copied, swapped, taken,
a Sleeve closed (Тюрьма), a whole Hand guessed and replaced. Every move goes through `move`
(cards/common.py), which honours a Sleeve that takes no cards (`sleeve_blocked`: Изгнание, Тюрьма).
A Hand card given away is not refilled: only cards played or discarded at night are (the general rules).
Rulings: docs/rulings/mafik-zones.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.durations import NEXT_DAY, NEXT_PHASE, UNTIL_END, n_phases
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, Effect, GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    card_colour,
    card_message,
    grant_play_as,
    guessed_role,
    hand_at_start,
    lower,
    move,
    own_card,
    set_stance,
    to_sleeve,
    transform,
    upper,
)
from engine.rulesets.mafik.costs import sleeve_blocked, stance
from engine.rulesets.mafik.order import STEP_MAGIC_TRICK
from engine.rulesets.mafik.orders import busy_cards
from engine.rulesets.mafik.registry import BLANK, REGISTRIES

STANCE_PHASES = 2  # «Можете перейти в нижнюю стойку на 2 фазы»
TAXES = 1  # Налоги: the top Sleeve card (upper stance: 2)
TAXES_UPPER = 2
PRISON_PHASES = 2
IMPOSING_HAND = 4  # Внушительный вид: 4 cards into the Hand (option: 2 into the Sleeve)
RESERVES_ARMOR = 4


def _chosen(play: Play, name: str = "cards") -> list[int]:
    return [int(str(u)) for u in play.params.get(name) or ()]


def _stance_option(play: Play) -> None:
    if play.params.get("lower_stance"):
        set_stance(play.state, play.actor, "lower", STANCE_PHASES)


# ---- Ловкость рук ----

def sleight_of_hand(play: Play) -> None:
    """In the next phase the player may, once and at once, swap any N Hand cards with N Sleeve cards."""
    play.effect("sleight_of_hand", target=play.actor, during=NEXT_PHASE)


def granted_move(state: GameState, pid: int, effect: str, action: str, use: str) -> list[Effect]:
    """The effects that grant this instant move (refused without one), when the player's Sleeve may serve
    `use` (refused in Изгнание or Тюрьма, with the reason)."""
    allowed = state.effects_of(effect, target=pid)
    if not allowed:
        raise Refusal("not_allowed", what=action, reason="no_effect")
    blocked = sleeve_blocked(state, pid, use)
    if blocked:
        raise Refusal("not_allowed", what=action, reason=blocked)
    return allowed


def sleight_swap(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """The instant swap Ловкость рук grants (action "sleight_swap"): the chosen Hand cards take the chosen
    Sleeve cards' places and the other way round; cards this phase's orders use stay where they are."""
    allowed = granted_move(state, pid, "sleight_of_hand", "sleight_swap", "use")
    player = state.player(pid)
    hand, sleeve = _uids(params.get("hand")), _uids(params.get("sleeve"))
    if not hand or len(hand) != len(sleeve):
        raise Refusal("bad_param", param="sleeve", reason="same_count")
    busy = busy_cards(state, pid)
    for uids, zone in ((hand, player.hand), (sleeve, player.sleeve)):
        held = {c.uid for c in zone}
        for uid in uids:
            if uid not in held:
                raise Refusal("card_not_in_hand", uid=uid)
            if uid in busy:
                raise Refusal("card_used_twice", uid=uid)
    state.effects.remove(allowed[0])
    for h, s in zip(hand, sleeve, strict=True):
        i = next(n for n, c in enumerate(player.hand) if c.uid == h)
        j = next(n for n, c in enumerate(player.sleeve) if c.uid == s)
        player.hand[i], player.sleeve[j] = player.sleeve[j], player.hand[i]
    state.emit("sleight_swapped", "player", pid, n=len(hand))


def _uids(value: Any) -> list[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value) or len(set(value)) != len(value):
        raise Refusal("bad_param", param="cards", reason="not_a_list")
    return list(value)


REGISTRIES.declare("sleight_of_hand", sleight_of_hand, actions={"sleight_swap": sleight_swap},
                   effects=(EffectKind("sleight_of_hand", own=True),))


# ---- Жучок, Агент ----

def bug(play: Play) -> None:
    """The chosen card (lower stance: a new Пустышка) goes into the target's Sleeve, at a random place; the
    player learns the colours of the cards now right above and below it there."""
    state, target = play.state, play.target
    if lower(play):
        card: CardInstance | None = state.new_card(BLANK)
        src = None
    else:
        card, zone = own_card(play.me, _chosen(play))
        src = (play.actor, zone) if card is not None else None
    if card is None:
        return
    sleeve = state.player(target).sleeve
    place = state.random.below(len(sleeve) + 1)
    if not move(state, card, src=src, dst=(target, "sleeve"), position=place):
        play.tell(play.actor, "sleeve_closed", target=target)
        return
    i = sleeve.index(card)
    neighbours = [sleeve[k].card for k in (i - 1, i + 1) if 0 <= k < len(sleeve)]
    play.tell(play.actor, "bug_neighbours", target=target, colours=[card_colour(c) for c in neighbours])
    if play.params.get("message"):
        card_message(play, target, str(play.params["message"]))


def _bug_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """A card must be chosen, except in the lower stance (a Пустышка is passed then)."""
    if not params.get("cards") and stance(state, pid) != "lower":
        raise Refusal("bad_param", card="bug", param="cards", kind="own_cards", reason="missing")


REGISTRIES.declare("bug", bug, check=_bug_check)


@REGISTRIES.card("agent")
def agent(play: Play) -> None:
    """До конца игры: any Sleeve card may be played as Жучок."""
    grant_play_as(play, "bug")


# ---- Великое ограбление ----

@REGISTRIES.card("great_heist")
def great_heist(play: Play) -> None:
    """Nothing, except for the Мафия naming a target and its Law role: on a right guess the target loses
    its whole Sleeve and the player gets copies of those cards into his."""
    if not play.by_mafia or "target" not in play.params or not play.params.get("role"):
        return
    target = play.target
    if not guessed_role(play, target, play.params["role"]):
        play.tell(play.actor, "great_heist_missed", target=target)
        return
    victim = play.state.player(target)
    taken = [c.card for c in victim.sleeve]
    victim.discard.extend(victim.sleeve)
    victim.sleeve.clear()
    got = [c for c in taken if to_sleeve(play.state, play.actor, play.state.new_card(c))]
    play.tell(play.actor, "great_heist", target=target, cards=got)
    play.tell(target, "sleeve_lost", cards=taken)


# ---- Налоги ----

@REGISTRIES.card("taxes")
def taxes(play: Play) -> None:
    """Everyone living, the player too, discards the top card of the Sleeve (upper stance: 2)."""
    count = TAXES_UPPER if upper(play) else TAXES
    for player in play.state.living():
        lost = player.sleeve[:count]
        del player.sleeve[:count]
        player.discard.extend(lost)
        if lost:
            play.tell(player.pid, "taxes_paid", cards=[c.card for c in lost])


# ---- Тюрьма ----

def prison(play: Play) -> None:
    """The next 2 phases the target may not play Sleeve cards, pay with them or play them as other cards
    (upper stance: nor get cards into the Sleeve)."""
    play.effect("jail", target=play.target, during=n_phases(PRISON_PHASES, starting=NEXT_PHASE),
                receive=upper(play))


def _prison_blocks(state: GameState, value: str | None, *, pid: int, what: str, **_: Any) -> str | None:
    if value:
        return value
    for effect in state.effects_of("jail", target=pid):
        if what in ("play", "as", "pay") or (what == "receive" and effect.params.get("receive")):
            return "imprisoned"
    return None


REGISTRIES.declare("prison", prison, queries=(Query("sleeve_blocked", _prison_blocks),),
                   effects=(EffectKind("jail", known=True),))


# ---- Madman ----

@REGISTRIES.card("madman")
def madman(play: Play) -> None:
    """The Hand and the Sleeve change places (not when the Sleeve takes no cards); option: the lower
    stance for 2 phases. The refills this phase's Hand plays are owed still come, into the new Hand."""
    player = play.me
    if sleeve_blocked(play.state, play.actor, "receive") or sleeve_blocked(play.state, play.actor, "use"):
        play.tell(play.actor, "sleeve_closed", target=play.actor)
    else:
        player.hand, player.sleeve = player.sleeve, player.hand
        play.tell(play.actor, "madman_swapped", hand=len(player.hand), sleeve=len(player.sleeve))
    _stance_option(play)


# ---- Халатность ----

def negligence(play: Play) -> None:
    """Until the end of the game, once, the player may take the top card of the target's Sleeve."""
    play.effect("negligence", target=play.actor, during=UNTIL_END, victim=play.target)


def negligence_take(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Халатность's instant take (action "negligence_take"): the top card of the victim's Sleeve into the
    player's; with none there, the victim learns someone tried (and the player learns nothing)."""
    allowed = granted_move(state, pid, "negligence", "negligence_take", "receive")
    effect = allowed[0]
    victim = int(effect.params["victim"])
    state.effects.remove(effect)
    if not state.player(victim).alive:
        state.emit("negligence_gone", "player", pid, target=victim)
        return
    busy = busy_cards(state, victim)
    top = next((c for c in state.player(victim).sleeve if c.uid not in busy), None)
    if top is None:
        state.emit("negligence_tried", "player", victim, actor=pid)
        state.emit("negligence_taken", "player", pid, target=victim, cards=[])
        return
    move(state, top, src=(victim, "sleeve"), dst=(pid, "sleeve"))
    state.emit("negligence_taken", "player", pid, target=victim, cards=[top.card])


REGISTRIES.declare("negligence", negligence, actions={"negligence_take": negligence_take},
                   effects=(EffectKind("negligence", own=True),))


# ---- Совет, Подарок ----

@REGISTRIES.card("advice")
def advice(play: Play) -> None:
    """A copy of the chosen Hand or Sleeve card into the target's Sleeve; an optional message."""
    card, _zone = own_card(play.me, _chosen(play))
    if card is not None:
        if to_sleeve(play.state, play.target, play.state.new_card(card.card)):
            play.state.emit("card_to_sleeve", "player", play.target, card=card.card)
        else:
            play.tell(play.actor, "sleeve_closed", target=play.target)
    if play.params.get("message"):
        card_message(play, play.target, str(play.params["message"]))


@REGISTRIES.card("gift")
def gift(play: Play) -> None:
    """The chosen Hand and Sleeve cards (at least 1) go into the target's Sleeve (a Hand card given away
    is not refilled). A Sleeve that takes no cards takes none: they stay with the player."""
    given: list[str] = []
    for uid in _chosen(play):
        card, zone = own_card(play.me, [uid])
        if card is not None and move(play.state, card, src=(play.actor, zone), dst=(play.target, "sleeve")):
            given.append(card.card)
    if given:
        play.tell(play.target, "gift_received", cards=given)
    else:
        play.tell(play.actor, "sleeve_closed", target=play.target)


# ---- Угон ----

def hijack(play: Play) -> None:
    """Nothing, except for the Мафия, the Маньяк and the Предатель naming the target's whole Hand (as the
    phase's effects began): on a right guess, copies of all the named cards into the player's Sleeve."""
    named = [str(c) for c in play.params.get("cards") or ()]
    if "target" not in play.params or not named:
        return
    hand = [c.card for c in hand_at_start(play, play.target)]
    if Counter(named) != Counter(hand):
        play.tell(play.actor, "hijack_missed", target=play.target)
        return
    got = [c for c in named if to_sleeve(play.state, play.actor, play.state.new_card(c))]
    play.tell(play.actor, "hijack", target=play.target, cards=got)


def _no_mafia_target(card_id: str) -> Any:
    def check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
        """(Мафия: … кроме Мафии / нельзя использовать на другую мафию.)"""
        target = params.get("target")
        if state.player(pid).faction == "mafia" and isinstance(target, int) and \
                state.player(target).faction == "mafia":
            raise Refusal("invalid_target", card=card_id, target=target, reason="mafia_on_mafia")

    return check


REGISTRIES.declare("hijack", hijack, check=_no_mafia_target("hijack"))


# ---- Укол стимулятора ----

def stimulant_shot(play: Play) -> None:
    """The next day the target may move one Sleeve card of its choice into its Hand; it learns it was
    the target of this card."""
    play.effect("stimulant_shot", target=play.target, during=NEXT_DAY)
    play.tell(play.target, "stimulant_shot_targeted")


def stimulant_move(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Укол стимулятора's instant move (action "stimulant_move"): one Sleeve card into the Hand."""
    allowed = granted_move(state, pid, "stimulant_shot", "stimulant_move", "use")
    uid = params.get("card")
    card = next((c for c in state.player(pid).sleeve if c.uid == uid), None)
    if card is None:
        raise Refusal("card_not_in_hand", uid=uid)
    if card.uid in busy_cards(state, pid):
        raise Refusal("card_used_twice", uid=card.uid)
    state.effects.remove(allowed[0])
    move(state, card, src=(pid, "sleeve"), dst=(pid, "hand"))
    state.emit("stimulant_moved", "player", pid, card=card.card)


REGISTRIES.declare("stimulant_shot", stimulant_shot, actions={"stimulant_move": stimulant_move},
                   effects=(EffectKind("stimulant_shot", known=True),))


# ---- Фокус ----

def magic_trick(play: Play) -> None:
    """The chosen Hand and Sleeve cards are discarded and a Пустышка takes each one's place; during the next
    phase the player may name what each of those Пустышки becomes (action "magic_trick_name"), and they
    turn into it at the end of that phase."""
    player, marked = play.me, []
    for uid in _chosen(play):
        card, zone = own_card(player, [uid])
        if card is None:
            continue
        held = getattr(player, zone)
        blank = play.state.new_card(BLANK)
        held[held.index(card)] = blank
        player.discard.append(card)
        marked.append(blank.uid)
    if marked:
        play.effect("magic_trick", target=play.actor, during=NEXT_PHASE, marked=marked, names=[])
        play.tell(play.actor, "magic_trick_blanks", n=len(marked))


def magic_trick_name(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Name the cards the marked Пустышки become, in order (fewer names: the rest stay Пустышки); named
    again, the latest naming counts."""
    effects = state.effects_of("magic_trick", target=pid)
    if not effects:
        raise Refusal("not_allowed", what="magic_trick_name", reason="no_effect")
    names = params.get("cards")
    from engine.rulesets.mafik.registry import CATALOG

    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n in CATALOG for n in names):
        raise Refusal("bad_param", param="cards", reason="not_a_list")
    effect = effects[0]
    if len(names) > len(effect.params["marked"]):
        raise Refusal("bad_param", param="cards", reason="count")
    effect.params["names"] = list(names)
    state.emit("magic_trick_named", "player", pid, cards=list(names))


@only_while("magic_trick")
def _magic_trick_turn(res: Resolution) -> None:
    """At the end of the phase the named Пустышки (still held) become the named cards."""
    state = res.state
    for effect in state.effects_of("magic_trick"):
        player = state.player(int(effect.target or 0))
        held = {c.uid: c for c in [*player.hand, *player.sleeve]}
        turned = []
        for uid, name in zip(effect.params["marked"], effect.params.get("names") or [], strict=False):
            card = held.get(int(uid))
            if card is not None and card.card == BLANK and transform(res.state, card, str(name)):
                turned.append(str(name))
        if turned:
            state.emit("magic_trick_turned", "player", player.pid, cards=turned)


REGISTRIES.declare("magic_trick", magic_trick, actions={"magic_trick_name": magic_trick_name},
                   steps=(Step("cards:magic_trick", STEP_MAGIC_TRICK, _magic_trick_turn),),
                   effects=(EffectKind("magic_trick", own=True),))


# ---- Тренировка ----

@REGISTRIES.card("training")
def training(play: Play) -> None:
    """The chosen Hand or Sleeve card becomes Свободная for its owner until the end of the game (lower
    stance: every copy of it in the deck too)."""
    card, _zone = own_card(play.me, _chosen(play))
    if card is None:
        return
    card.free = True
    copies = [c for c in play.me.deck if c.card == card.card] if lower(play) else []
    for copy in copies:
        copy.free = True
    play.tell(play.actor, "training", named=card.card, n=len(copies))


# ---- Рискованное дело ----

def risky_business(play: Play) -> None:
    """Name every card of the target's Hand (as the phase's effects began): on a right guess the player
    may replace them all with cards of his choice (as many), the old ones going into his Sleeve."""
    named = [str(c) for c in play.params.get("cards") or ()]
    old = hand_at_start(play, play.target)
    if Counter(named) != Counter(c.card for c in old):
        play.tell(play.actor, "risky_business_missed", target=play.target)
        return
    replacements = [str(c) for c in play.params.get("replacements") or ()]
    if not replacements:
        play.tell(play.actor, "risky_business_right", target=play.target)
        return
    hand = play.state.player(play.target).hand
    moved: list[CardInstance] = []
    for card in old:
        if card in hand:
            place = hand.index(card)
            hand[place] = play.state.new_card(replacements[len(moved) % len(replacements)])
            moved.append(card)
    for card in moved:
        if not to_sleeve(play.state, play.actor, card):
            play.state.player(play.target).discard.append(card)
    play.tell(play.actor, "risky_business", target=play.target, cards=[c.card for c in moved])
    play.tell(play.target, "hand_replaced", cards=replacements[:len(moved)])


def _risky_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    _no_mafia_target("risky_business")(state, pid, params)
    cards, replacements = params.get("cards"), params.get("replacements")
    if isinstance(replacements, list) and replacements and (not isinstance(cards, list) or len(replacements) != len(cards)):
        raise Refusal("bad_param", card="risky_business", param="replacements", kind="card_multiset",
                      reason="as_many_as_named")


REGISTRIES.declare("risky_business", risky_business, check=_risky_check)


# ---- the role-unique cards: Внушительный вид (Советник), Резервы (Маньяк) ----

@REGISTRIES.card("advisor_imposing_look")
def advisor_imposing_look(play: Play) -> None:
    """4 cards of the player's choice into the target's Hand (option, in addition: 2 into its Sleeve)."""
    state, target = play.state, play.target
    cards = [str(c) for c in play.params.get("cards") or ()]
    state.player(target).hand.extend(state.new_card(c) for c in cards)
    play.tell(target, "cards_to_hand", cards=cards)
    if play.params.get("sleeve"):
        picks = [str(c) for c in play.params.get("sleeve_picks") or ()]
        got = [c for c in picks if to_sleeve(state, target, state.new_card(c))]
        if got:
            play.tell(target, "cards_to_sleeve", cards=got)


@REGISTRIES.card("maniac_reserves")
def maniac_reserves(play: Play) -> None:
    """The whole Hand into the Sleeve (when it takes cards), as many cards drawn into the Hand (option, in
    addition: 4 armor this phase)."""
    player = play.me
    moved = list(player.hand)
    if moved and not sleeve_blocked(play.state, play.actor, "receive"):
        for card in moved:
            move(play.state, card, src=(play.actor, "hand"), dst=(play.actor, "sleeve"))
        drawn = play.res.draw(play.actor, len(moved))
        play.tell(play.actor, "reserves", n=len(moved), drawn=len(drawn))
    if play.params.get("armour"):
        play.armor(play.actor, RESERVES_ARMOR)

