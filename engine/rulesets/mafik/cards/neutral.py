"""Нейтральные: 10 cards.

Readings (see the report / docs/rulings.md):
- Звонок's message arrives at the end of the phase, anonymously (the seed's rule for card messages).
- Маллиган: the draw is part of the same effect as the discard, so it works even if the discard
  empties the hand.
- Поиск works through the replacement of the played card: played from the Sleeve (no replacement)
  it does nothing; damage cancels the other replacements first, so the sought card comes as long
  as one plain replacement of the phase survives.
- Концентрация: 1 to 3 cards in all; the copies go on top in the order given (Hand cards, then
  Sleeve cards), the first one on top.
- План В: each of the 10 cards may be of any of the role's colours (the Предатель's current ones).
- Медитация tells the deck's order at the end of the phase (after the replacements are drawn);
  during the next phase the player may shuffle the deck once (action "shuffle_deck").
- Второй шанс: during the next phase the player may rebuild the deck (action "rebuild_deck") even if
  it is not empty; once a game (the once_per_game tag, orders.py).
- Истинный баланс counts the copies in every character's first deck.
- Пролом compares the named roles with the truth (disguises ignored) and needs the named characters
  to be exactly the living characters of the kind; a faction's second success does nothing.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.durations import NEXT_PHASE, UNTIL_END
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import card_message
from engine.rulesets.mafik.costs import check_discardable
from engine.rulesets.mafik.order import STEP_MEDITATION, STEP_SEEK
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import LAW_ROLES, MAFIA_ROLES, SECRET_ROLES, colours_of

CONCENTRATION_MAX = 3
PLAN_B_CARDS = 10
# Пролом: per faction, the param it names, whose roles it names (None: every living character),
# and what a success gives.
BREACH_PARAM = {"mafia": "law_roles", "law": "mafia_roles", "maniac": "all_roles", "traitor": "all_roles"}
BREACH_OF = {"mafia": "law", "law": "mafia", "maniac": None, "traitor": None}
BREACH_MAFIA_VOTES, BREACH_LAW_VOTES, BREACH_SHIELD = 3, -1, 4


@REGISTRIES.card("dummy")
def dummy(play: Play) -> None:
    """Пустышка does nothing."""


@REGISTRIES.card("phone_call")
def phone_call(play: Play) -> None:
    """Звонок: an anonymous message to the target (law and the Маньяк: by day only — tags_by)."""
    card_message(play, play.target, str(play.params["message"]), anonymous=True)


def mulligan(play: Play) -> None:
    """Маллиган: the chosen Hand cards are discarded and as many drawn from the deck."""
    me = play.me
    chosen = {int(uid) for uid in play.params["cards"]}
    gone = [c for c in me.hand if c.uid in chosen]
    if not gone:
        return
    me.hand = [c for c in me.hand if c.uid not in chosen]
    me.discard.extend(gone)
    play.draw(play.actor, len(gone))


def _mulligan_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Not a card that cannot be discarded from the Hand (a Долг)."""
    check_discardable([c for c in state.player(pid).hand if c.uid in (params.get("cards") or [])])


REGISTRIES.declare("mulligan", mulligan, check=_mulligan_check)


def seek(play: Play) -> None:
    """Поиск: the replacement of this card will be the named card, if it is in the deck then."""
    if play.via == "hand" and play.instance is not None:
        play.res.scratch.setdefault("seek", []).append((play.actor, play.instance.uid, str(play.params["card"])))


def seek_replacement(res: Resolution) -> None:
    """Before the replacements are drawn: the sought card goes to the top of the deck if this card's
    replacement is still owed and damage leaves at least one plain replacement."""
    for pid, uid, card_id in res.scratch.get("seek", []):
        player = res.state.player(pid)
        owed = res.refills.get(pid, [])
        plain = [r for r in owed if not r.copy]
        if not player.alive or not any(r.uid == uid for r in owed):
            continue
        if len(plain) - min(res.final_damage.get(pid, 0), len(plain)) <= 0:
            continue
        card = next((c for c in player.deck if c.card == card_id), None)
        if card is not None:
            player.deck.remove(card)
            player.deck.insert(0, card)


REGISTRIES.declare("seek", seek, steps=(Step("cards:seek", STEP_SEEK, seek_replacement),))


def _concentration_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    chosen = [*(params.get("hand") or []), *(params.get("sleeve") or [])]
    if not 1 <= len(chosen) <= CONCENTRATION_MAX:
        raise Refusal("bad_param", card="concentration", param="hand", reason="count")


def concentration(play: Play) -> None:
    """Концентрация: copies of up to 3 own Hand/Sleeve cards on top of the deck, the first on top."""
    me = play.me
    held = {c.uid: c for c in [*me.hand, *me.sleeve]}
    chosen = [int(u) for u in [*(play.params.get("hand") or []), *(play.params.get("sleeve") or [])]]
    copies = [play.state.new_card(held[uid].card) for uid in chosen if uid in held]
    me.deck[:0] = copies


REGISTRIES.declare("concentration", concentration, check=_concentration_check)


def _plan_b_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    own = colours_of(state, pid)
    for card_id in params.get("cards") or []:
        if CATALOG[str(card_id)].colour not in own:
            raise Refusal("bad_param", card="plan_b", param="cards", reason="not_own_colour", named=card_id)
        if str(card_id) not in REGISTRIES.cards.behaviours:
            raise Refusal("not_implemented", card=card_id)


def plan_b(play: Play) -> None:
    """План В: 10 named cards of the role's colours are shuffled into the deck."""
    me = play.me
    me.deck.extend(play.state.new_card(c) for c in play.named)
    play.state.random.shuffle(me.deck)


REGISTRIES.declare("plan_b", plan_b, check=_plan_b_check)


def meditation(play: Play) -> None:
    """Медитация: the deck's order at the end of the phase; one instant shuffle during the next phase."""
    play.res.scratch.setdefault("meditation", []).append(play.actor)
    play.effect("may_shuffle_deck", target=play.actor, during=NEXT_PHASE)


def meditation_order(res: Resolution) -> None:
    for pid in res.scratch.get("meditation", []):
        deck = [c.card for c in res.state.player(pid).deck]
        res.state.emit("deck_order", "player", pid, card="meditation", cards=deck)


def shuffle_deck(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Медитация's instant shuffle (action "shuffle_deck")."""
    allowed = state.effects_of("may_shuffle_deck", target=pid)
    if not allowed:
        raise Refusal("not_allowed", what="shuffle_deck", reason="no_effect")
    state.effects.remove(allowed[0])
    player = state.player(pid)
    state.random.shuffle(player.deck)
    state.emit("deck_shuffled", "player", pid, size=len(player.deck))


REGISTRIES.declare("meditation",
                   meditation,
                   steps=(Step("cards:meditation", STEP_MEDITATION, meditation_order),),
                   actions={"shuffle_deck": shuffle_deck})


@REGISTRIES.card("second_chance", effects=(EffectKind("may_rebuild", own=True, status=False),))
def second_chance(play: Play) -> None:
    """Второй шанс: the player may rebuild the deck at any moment of the next phase."""
    effect = play.effect("may_rebuild", target=play.actor, during=NEXT_PHASE)
    play.tell(play.actor, "rebuild_allowed", until=effect.end)


@REGISTRIES.card("true_balance")
def true_balance(play: Play) -> None:
    """Истинный баланс: how many copies of the named card all the first decks held."""
    named = str(play.params["card"])
    count = sum(p.deck_choice.count(named) for p in play.state.players)
    play.tell(play.actor, "true_balance", named=named, count=count)


def _breach_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    faction = state.player(pid).faction
    name = BREACH_PARAM[faction]
    guess = params.get(name)
    if not isinstance(guess, dict) or not guess:
        raise Refusal("bad_param", card="breach", param=name, reason="missing")
    roles = {"law": LAW_ROLES, "mafia": MAFIA_ROLES}.get(str(BREACH_OF[faction]), tuple(SECRET_ROLES))
    if not all(role in roles for role in guess.values()):
        raise Refusal("bad_param", card="breach", param=name, reason="role")


def breach_done(state: GameState, faction: str) -> bool:
    return any(e.params.get("faction") == faction for e in state.effects_of("breach_done"))


def breach(play: Play) -> None:
    """Пролом: the named public/secret roles of all living characters of a kind, against the truth."""
    state, me = play.state, play.me
    faction = me.faction
    guess = {int(k): str(v) for k, v in dict(play.params[BREACH_PARAM[faction]]).items()}
    of = BREACH_OF[faction]
    if of is None:  # Маньяк, Предатель: every living character (naming oneself is optional)
        if guess.pop(play.actor, me.secret_role) != me.secret_role:
            return
        wanted = {p.pid: p.secret_role for p in state.living() if p.pid != play.actor}
    else:
        wanted = {p.pid: p.secret_role for p in state.living() if p.faction == of}
    if guess != wanted or breach_done(state, faction):
        return
    state.add_effect("breach_done", source=play.actor, during=UNTIL_END, faction=faction)
    roles: dict[str, JsonValue] = {str(k): v for k, v in wanted.items()}
    mafia = [p.pid for p in state.living() if p.faction == "mafia"]
    if faction == "mafia":
        state.emit("breach_success", "faction", "mafia", card="breach", by=play.actor, roles=roles)
        for pid in mafia:
            play.effect("breach_votes", target=pid, during=UNTIL_END, amount=BREACH_MAFIA_VOTES)
        return
    play.tell(play.actor, "breach_success", by=play.actor, roles=roles)
    if faction == "law":
        for pid in mafia:
            play.effect("breach_votes", target=pid, during=UNTIL_END, amount=BREACH_LAW_VOTES)
    else:
        play.effect("breach_shield", target=play.actor, during=UNTIL_END, amount=BREACH_SHIELD)


@only_while("breach_votes")
def breach_vote_strength(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    """Пролом: +3 for every member of the mafia (its success), −1 (the law's success)."""
    return value + sum(int(e.params["amount"]) for e in state.effects_of("breach_votes", target=pid))


@only_while("breach_shield")
def breach_shield(state: GameState, value: int, *, target: int, **_: Any) -> int:
    """Пролом of the Маньяк or the Предатель: 4 votes against him are removed every day."""
    return value - sum(int(e.params["amount"]) for e in state.effects_of("breach_shield", target=target))


REGISTRIES.declare("breach",
                   breach,
                   check=_breach_check,
                   queries=(Query("vote_strength", breach_vote_strength), Query("votes_against", breach_shield)))
