"""Cards as objects, one copy at a time (issue 14, inst): what a physical card is (its properties: the
Долг's, Даркнет's RSVP, Улучшение's Мирная copy — engine/rulesets/mafik/costs.py `copy_has`), copies of
cards into a zone, costs that change for the rest of the game, and a count that depends on the game
(Мародёрство's 10−X). Rulings: docs/rulings/mafik-copies.md.

Защита покупателя, Саботаж, Даркнет, Долг, Зарплата, Озарение, Апофеоз, Мародёрство, Скрытое ношение,
Эксгумация, Подготовка, MacGyver, Полимат, Дубликат, Анализ слабостей, Улучшение.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.cards import CardSpec
from engine.core.durations import FROM_NEXT_PHASE, UNTIL_END
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, GameState, JsonValue, PlayerState
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    draw_to_sleeve,
    grant_play_as,
    guessed_role,
    lasting,
    lower,
    new_card_to_sleeve,
    not_twice_on,
    set_stance,
    to_sleeve,
    transform,
    upper,
)
from engine.rulesets.mafik.costs import check_discardable, copy_has, normalise_hand, stance
from engine.rulesets.mafik.order import STEP_HAND_BOTTOM, STEP_HAND_BOTTOM_END
from engine.rulesets.mafik.orders import counts_toward_limit, over_limit
from engine.rulesets.mafik.registry import BLANK, CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import MAFIA_ROLES, has_role


def _in_hand(player: PlayerState, uid: Any) -> CardInstance | None:
    return next((c for c in player.hand if c.uid == uid), None)


def _chosen_card(play: Play) -> CardInstance | None:
    """The Hand card a `card` (hand_cards, one) parameter chose, if it is still in the Hand."""
    chosen = play.params.get("card") or []
    return _in_hand(play.me, chosen[0]) if isinstance(chosen, list) and chosen else None


# ---------------------------------------------------------------- Защита покупателя

def buyer_protection(play: Play) -> None:
    """From the next phase to the end of the game (the costs of this phase were paid before it resolved)."""
    play.effect("buyer_protection", target=play.actor, during=FROM_NEXT_PHASE, card=play.spec.id)


def _buyer_protection_armor(res: Resolution) -> None:
    """«всякий раз, как вы сбрасываете карту на оплату Цены, получите 3 брони»: 3 armor per card the
    player discarded this phase to pay a cost (blood is no card), for each Защита покупателя in force."""
    paid: dict[int, list[CardInstance]] = res.scratch.get("paid_cards", {})
    for effect in res.state.effects_of("buyer_protection"):
        if effect.target is not None and paid.get(effect.target):
            res.add_armor(effect.target, 3 * len(paid[effect.target]))


REGISTRIES.declare("buyer_protection", buyer_protection, trigger=_buyer_protection_armor,
                   effects=(EffectKind("buyer_protection", own=True),))


# ---------------------------------------------------------------- Саботаж

SABOTAGED = 3


@REGISTRIES.card("sabotage")
def sabotage(play: Play) -> None:
    """3 random Hand cards of the target (Обвинение: all) become Пустышки; the cards that cannot change
    (a Долг) are not among those picked. By choice the player goes into the upper stance for 2 phases."""
    target = play.state.player(play.target)
    changeable = [c for c in target.hand if not copy_has(c, "no_transform")]
    hit = changeable if accusation_hits(play) else \
        play.state.random.sample(changeable, min(SABOTAGED, len(changeable)))
    changed = sum(1 for card in hit if transform(play.state, card, BLANK))
    if target.alive:
        play.tell(play.target, "sabotaged", n=changed)
    if play.params.get("upper_stance"):
        set_stance(play.state, play.actor, "upper", 2)


# ---------------------------------------------------------------- Даркнет

def darknet(play: Play) -> None:
    """Every living character gets an RSVP in the Sleeve (not in Изгнание) that can neither pay a Цена nor be
    played as another card."""
    for player in play.state.living():
        card = play.state.new_card("rsvp")  # «Все персонажи получают карту RSVP в Рукав»
        card.tags = ("no_pay", "no_as")
        to_sleeve(play.state, player.pid, card)
    play.announce("darknet")


REGISTRIES.declare("darknet", darknet)


# ---------------------------------------------------------------- Долг

DEBT_PENALTY, DEBT_NOTHING = "cost_0_penalty", "cost_1_nothing"


def debt(play: Play) -> None:
    """Цена 0: every card with a Цена costs the player 1 more, to the end of the game (each such Долг
    adds 1). Цена 1: nothing."""
    if play.params.get("mode") == DEBT_PENALTY:
        play.effect("debt_penalty", target=play.actor, during=UNTIL_END, card=play.spec.id)


def _priced(state: GameState, pid: int, spec: CardSpec) -> bool:
    """«карты с Ценой»: a printed Цена above 0 for this player (its role's, if the card gives one), or Цена X."""
    cost = spec.cost
    for by in spec.cost_by:
        if by.cost is not None and has_role(state.player(pid), by.who):
            cost = by.cost
    return cost > 0 or spec.has("cost_x")


def _debt_cost(state: GameState, value: int, *, spec: CardSpec, params: dict[str, JsonValue],
               cheapest: bool = False, **_: Any) -> int:
    """The Долг played for «ничего» costs 1 (Цена 1)."""
    if spec.id == "debt" and params.get("mode") == DEBT_NOTHING and not cheapest:
        value += 1
    return value


@only_while("debt_penalty")
def _debt_penalty_cost(state: GameState, value: int, *, pid: int, spec: CardSpec, **_: Any) -> int:
    """Each Долг played at Цена 0 makes every card with a Цена cost the player 1 more, to the end of the game."""
    if _priced(state, pid, spec):
        value += len(state.effects_of("debt_penalty", target=pid))
    return value


def _hand_bottom(res: Resolution) -> None:
    """«Всегда лежит внизу руки»: before damage discards the Hand in its order, and again as the phase ends
    (for what was drawn), the cards that always lie at the bottom go last."""
    pinned = CATALOG.tagged("hand_bottom")
    for player in res.state.living():
        for card in player.hand:  # a plain loop: a generator a player cost more than the look itself
            if card.tags or card.card in pinned:
                normalise_hand(res.state, player.pid)
                break


REGISTRIES.declare("debt", debt, queries=(Query("cost", _debt_cost, own=True), Query("cost", _debt_penalty_cost)),
                   steps=(Step("hand_bottom", STEP_HAND_BOTTOM, _hand_bottom),
                          Step("hand_bottom:end", STEP_HAND_BOTTOM_END, _hand_bottom)),
                   effects=(EffectKind("debt_penalty", own=True),))


# ---------------------------------------------------------------- Зарплата

def salary(play: Play) -> None:
    """2 (upper stance 3) Пустышки to the Sleeve. Мафия: a right guess of a target's non-mafia secret role
    gives every other living member of the mafia 1 Пустышка in the Sleeve."""
    for _ in range(3 if upper(play) else 2):
        new_card_to_sleeve(play.state, play.actor, BLANK)
    role = play.params.get("role")
    if not play.by_mafia or role is None or play.params.get("target") is None:
        return
    if guessed_role(play, play.target, role):
        for member in play.state.living():
            if member.faction == "mafia" and member.pid != play.actor:
                new_card_to_sleeve(play.state, member.pid, BLANK)
        play.state.emit("salary_bonus", "faction", "mafia", actor=play.actor, target=play.target, secret_role=role)


def _guess_check(card_id: str) -> Any:
    """«можете также выбрать цель и назвать Тайную роль, кроме Мафии»: both or neither; not a mafia role."""

    def check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
        if (params.get("target") is None) != (params.get("role") is None):
            raise Refusal("bad_param", card=card_id, param="role" if params.get("role") is None else "target",
                          reason="missing")
        if params.get("role") in MAFIA_ROLES:
            raise Refusal("bad_param", card=card_id, param="role", kind="secret_role", reason="role")

    return check


REGISTRIES.declare("salary", salary, check=_guess_check("salary"))


# ---------------------------------------------------------------- Озарение, MacGyver, Полимат

@REGISTRIES.card("epiphany")
def epiphany(play: Play) -> None:
    """4 cards of the player's choice (distinct, of the collection) to the Sleeve."""
    for card_id in play.params.get("cards") or []:
        new_card_to_sleeve(play.state, play.actor, str(card_id))


@REGISTRIES.card("macgyver")
def macgyver(play: Play) -> None:
    """The chosen card (of the collection) to the Sleeve."""
    new_card_to_sleeve(play.state, play.actor, str(play.params["card"]))


@REGISTRIES.card("polymath")
def polymath(play: Play) -> None:
    """To the end of the game any Sleeve card may be played as MacGyver."""
    grant_play_as(play, "macgyver")


# ---------------------------------------------------------------- Апофеоз

def apotheosis(play: Play) -> None:
    """To the end of the game every card costs the player 1 less; a second one does nothing."""
    if not lasting(play.state, play.actor, play.spec.id):
        play.effect("apotheosis", target=play.actor, during=UNTIL_END, card=play.spec.id)


@only_while("apotheosis")
def _apotheosis_cost(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return value - 1 if state.effects_of("apotheosis", target=pid) else value


REGISTRIES.declare("apotheosis", apotheosis, queries=(Query("cost", _apotheosis_cost),),
                   effects=(EffectKind("apotheosis", own=True),))


# ---------------------------------------------------------------- Мародёрство

@REGISTRIES.card("looting")
def looting(play: Play) -> None:
    """A random one of the 10−X named cards (X: the dead; the param's `count_from`) to the Sleeve; 2 armor."""
    named = [str(c) for c in play.params.get("cards") or []]
    if named:
        card_id = play.state.random.choice(named)
        if new_card_to_sleeve(play.state, play.actor, card_id):
            play.tell(play.actor, "looting_card", chosen=card_id)
    play.armor(play.actor, 2)


# ---------------------------------------------------------------- Скрытое ношение, Дубликат

@REGISTRIES.card("concealed_carry")
def concealed_carry(play: Play) -> None:
    """A new copy of the chosen Hand card (the card, not what was done to that copy) to the Sleeve."""
    card = _chosen_card(play)
    if card is not None:
        new_card_to_sleeve(play.state, play.actor, card.card)


@REGISTRIES.card("duplicate")
def duplicate(play: Play) -> None:
    """A new copy of the chosen Hand card into the Hand; everyone learns which card, not whose."""
    card = _chosen_card(play)
    if card is None:
        return
    play.me.hand.append(play.state.new_card(card.card))
    normalise_hand(play.state, play.actor)
    play.state.emit("duplicated", "public", None, chosen=card.card)


# ---------------------------------------------------------------- Эксгумация

def exhumation(play: Play) -> None:
    """Copies of every card the dead character had in its Sleeve when it died (its zones stay as they were)."""
    cards = [c.card for c in play.state.player(play.target).sleeve]
    got = [card_id for card_id in cards if new_card_to_sleeve(play.state, play.actor, card_id)]
    play.tell(play.actor, "exhumed", target=play.target, cards=got)


REGISTRIES.declare("exhumation", exhumation, check=not_twice_on("exhumation"))


# ---------------------------------------------------------------- Подготовка

def preparation(play: Play) -> None:
    """A card from the deck to the Sleeve (lower stance: and 2 armor). With a guess named (Мафия, Маньяк,
    Предатель) the card was submitted as Свободная; a wrong guess makes it count after all, and if the
    player's plays of this phase then exceed the limit, it does nothing."""
    guessed = play.params.get("role") is None or play.params.get("target") is None \
        or guessed_role(play, play.target, play.params["role"])
    if not guessed and _over_limit_counting(play):
        play.tell(play.actor, "preparation_void")
        return
    draw_to_sleeve(play.res, play.actor, 1)
    if lower(play):
        play.armor(play.actor, 2)


def _over_limit_counting(play: Play) -> bool:
    """Would the player's plays of this phase exceed the limit with this one counted?"""
    state, pid = play.state, play.actor
    hand_colours: list[str] = []
    sleeve = 0
    for other in play.res.plays:
        if other.actor != pid or other.via not in ("hand", "sleeve"):
            continue
        instance = other.instance
        if other is not play and not counts_toward_limit(state, pid, other.spec, other.paid, other.params, instance):
            continue
        if other.via == "hand":
            hand_colours.append(CATALOG[instance.card if instance is not None else other.spec.id].colour)
        else:
            sleeve += 1
    sleeve += sum(1 for o in play.res.scratch.get("orders", {}).get(pid, [])
                  if o.kind != "play" and o.params.get("instead_of") == "sleeve")
    return over_limit(state, pid, hand_colours, sleeve)


def _preparation_free(state: GameState, value: bool, *, spec: CardSpec, params: dict[str, JsonValue],
                      **_: Any) -> bool:
    """«Если угадали, эта карта становится Свободной»: submitted with a guess, it does not count toward
    the limit (whether the guess is right is learnt only as it resolves: `preparation`)."""
    if params.get("role") is not None and params.get("target") is not None:
        return False
    return value


REGISTRIES.declare("preparation", preparation, check=_guess_check("preparation"),
                   queries=(Query("counts_toward_limit", _preparation_free, own=True),))


# ---------------------------------------------------------------- Анализ слабостей

def weakness_analysis(play: Play) -> None:
    """The chosen Hand cards (up to 3) are discarded, each owing a replacement like a card played."""
    me = play.me
    for uid in play.params.get("cards") or []:
        card = _in_hand(me, uid)
        if card is not None:
            me.hand.remove(card)
            me.discard.append(card)
            play.res.owe_refill(play.actor, card)


def _weakness_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """«Нижняя стойка: … Можно сбрасывать долги»: else not a card that cannot be discarded from the Hand."""
    if stance(state, pid) != "lower":
        check_discardable([c for c in state.player(pid).hand if c.uid in (params.get("cards") or [])])


def _weakness_cost(state: GameState, value: int, *, pid: int, spec: CardSpec, **_: Any) -> int:
    """«Нижняя стойка: цена 0»."""
    return 0 if stance(state, pid) == "lower" else value


REGISTRIES.declare("weakness_analysis", weakness_analysis, check=_weakness_check,
                   queries=(Query("cost", _weakness_cost, layer=90, own=True),))


# ---------------------------------------------------------------- Улучшение

@REGISTRIES.card("upgrade")
def upgrade(play: Play) -> None:
    """The chosen Hand card becomes Мирная (this copy: an Обвинение does not count its plays); everyone
    learns that the player holds it (lower stance: nobody does)."""
    card = _chosen_card(play)
    if card is None:
        return
    if "peaceful" not in card.tags:
        card.tags = (*card.tags, "peaceful")
    if not lower(play):
        play.announce("upgraded", pid=play.actor, chosen=card.card)
