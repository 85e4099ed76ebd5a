"""Room rules and statuses (issue 15, rooms): who may gather a chat room, a room that never ends, a day
of "temporary death", the statuses a player sheds, cards nobody (or one player) may play, a mark of pain.

- Rooms: `comms.py` asks the query **`room_rules`** (context `pid` — the proposer —, `members` — the
  proposed room, the proposer included) when a room is proposed and again when the day's rooms form; a
  modifier answers its card's id (the refusal and the public `room_not_formed` name it) or passes the
  value on (None: allowed). Третий на
  лишний (at least 3 members), Радиомолчание (no rooms), Организатор (the chosen only with each other and
  the organiser) answer it. Иллюминаты's room is a `room` effect until the end of the game, made by the
  card itself: no proposal, no confirmation, no `room_rules`, and it does not count as the day's room.
- Statuses: `statuses_of(state, pid)` — every effect lying on the player (its `target`) except the kinds
  `NOT_STATUSES` (the stance, granted plays and abilities, rooms, the Вече's punishments, the public roles'
  own records). Очищение removes them. Rulings: docs/rulings/mafik-rooms.md.
- Временная смерть: one effect read everywhere — every order refused (a whole-set check; every card
  `card_barred`), `can_target` False for every `by`, out of the Вече's count (`forced_votes`, `vote_strength`,
  `votes_against`, `can_be_punished`), no private messages, no rooms, no damage or armor.
- Cards one may not play: the query **`card_barred`** (orders.py, asked by every play's validation and by
  `playable`, so the panel marks the card): Ограничение (the card as played), Запрет (the physical card).
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import Layer, Query, Step
from engine.core.durations import NEXT_DAY, NEXT_PHASE, UNTIL_END, n_phases
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import Effect, GameState, JsonValue, Order
from engine.rulesets.mafik.cards.common import accusation_hits, upper
from engine.rulesets.mafik.order import LAYER_PAIN_MARK, LAYER_TEMPORARY_DEATH, STEP_TEMPORARY_DEATH_ARMOR
from engine.rulesets.mafik.registry import REGISTRIES

MIN_ROOM = 3  # Третий на лишний: «чаты можно собирать от 3-х и более человек»
SILENCE_PHASES = 3  # Радиомолчание: «на 2 дня, включая этот» — this day, the night, the next day
SUTKI = 2  # «следующие сутки»: the next phase and the one after it (a day and a night)

# Effects on a player that are not "statuses" (Очищение): the stance (its own rule: stances are taken
# and left by stance cards), granted plays and abilities (rights a card gives, not states of the
# character), rooms, the Вече's punishments and the public roles' own records. A card's own right or
# undertaking (Месть, Обещание, Цель, Псевдоним, Сенсей, Курсы…) says so where it declares its effect kind
# (`EffectKind(status=False)`).
NOT_STATUSES = frozenset({
    "stance", "play_as", "ability", "room", "room_request",
    "exile", "tortured", "barred",
    "secretary", "prosecutor", "politician", "bloodhound", "bureaucrat", "colours",
})


def is_status(kind: str) -> bool:
    """Is an effect of this kind on a player one of his «статусы»?"""
    declared = REGISTRIES.effects.get(kind)
    return kind not in NOT_STATUSES and (declared is None or declared.status)


# ---- Третий на лишний ----

def threes_not_a_crowd(play: Play) -> None:
    """Until the end of the game chat rooms need at least 3 members. Several do not stack."""
    if not play.state.effects_of("min_room"):
        play.effect("min_room", during=UNTIL_END, size=MIN_ROOM)
    play.announce("rooms_min_size", n=MIN_ROOM)


@only_while("min_room")
def _min_room(state: GameState, value: str | None, *, members: list[int], **_: Any) -> str | None:
    if value is None and state.effects_of("min_room") and len(members) < MIN_ROOM:
        return "threes_not_a_crowd"
    return value


REGISTRIES.declare("threes_not_a_crowd", threes_not_a_crowd, queries=(Query("room_rules", _min_room),),
                   effects=(EffectKind("min_room"),))


# ---- Радиомолчание ----

def radio_silence(play: Play) -> None:
    """No chat rooms for 2 days, this one included (the Иллюминаты' room lives on). Public."""
    play.effect("radio_silence", during=n_phases(SILENCE_PHASES))
    play.announce("radio_silence", actor=play.actor)


@only_while("radio_silence")
def _silenced(state: GameState, value: str | None, **_: Any) -> str | None:
    return "radio_silence" if value is None and state.effects_of("radio_silence") else value


REGISTRIES.declare("radio_silence", radio_silence, queries=(Query("room_rules", _silenced),),
                   effects=(EffectKind("radio_silence"),))


# ---- Иллюминаты ----

def illuminati(play: Play) -> None:
    """A chat room of the actor and the chosen, at once, without confirmations, never destroyed,
    alongside the ordinary rooms; its creation is public."""
    members = sorted({play.actor, *(int(m) for m in play.params["members"])})
    members = [m for m in members if play.state.player(m).alive]
    room = play.effect("room", during=UNTIL_END, members=list(members), permanent=True)
    play.announce("illuminati_room", room=room.eid, members=list(members), by=play.actor)


REGISTRIES.declare("illuminati", illuminati)


# ---- Организатор ----

def organizer(play: Play) -> None:
    """The next day the chosen may be in a chat room only with the actor and each other. They learn it."""
    chosen = play.targets
    play.effect("organized", during=NEXT_DAY, members=sorted({play.actor, *chosen}), chosen=list(chosen))
    for target in chosen:
        play.tell(target, "organized", members=sorted({play.actor, *chosen}))


@only_while("organized")
def _organized(state: GameState, value: str | None, *, members: list[int], **_: Any) -> str | None:
    if value is not None:
        return value
    for effect in state.effects_of("organized"):
        allowed = {int(m) for m in effect.params["members"]}
        chosen = {int(m) for m in effect.params["chosen"]}
        if chosen & set(members) and not set(members) <= allowed:
            return "organizer"
    return None


REGISTRIES.declare("organizer", organizer, queries=(Query("room_rules", _organized),),
                   effects=(EffectKind("organized"),))


# ---- Временная смерть ----

def temporary_death(play: Play) -> None:
    """The next day: no words, votes or plays; no card, effect or vote reaches the actor. Lifted at night.
    Everyone learns it."""
    play.effect("temporary_death", target=play.actor, during=NEXT_DAY)
    play.announce("temporary_death", pid=play.actor)


def _dead_for_a_day(state: GameState, pid: int) -> bool:
    return bool(state.effects_of("temporary_death", target=pid))


@only_while('temporary_death')
def _no_orders(state: GameState, pid: int, orders: list[Order]) -> None:
    if orders and _dead_for_a_day(state, pid):
        raise Refusal("not_allowed", what="orders", reason="temporary_death")


@only_while('temporary_death')
def _no_cards(state: GameState, value: dict[str, JsonValue] | None, *, pid: int, **_: Any) -> dict[str, JsonValue] | None:
    """Every card is unplayable that day (the panel marks them)."""
    return {"reason": "temporary_death"} if value is None and _dead_for_a_day(state, pid) else value


@only_while('temporary_death')
def _untargetable(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    return False if _dead_for_a_day(state, target) else value


@only_while('temporary_death')
def _no_vote(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return 0 if _dead_for_a_day(state, pid) else value


@only_while('temporary_death')
def _out_of_the_count(state: GameState, value: dict[int, int], **_: Any) -> dict[int, int]:
    """Neither their (default) vote nor any vote for them is cast: they are out of the Вече's count."""
    return {voter: target for voter, target in value.items()
            if not _dead_for_a_day(state, voter) and not _dead_for_a_day(state, target)}


@only_while('temporary_death')
def _no_votes_against(state: GameState, value: int, *, target: int, **_: Any) -> int:
    return 0 if _dead_for_a_day(state, target) else value


@only_while('temporary_death')
def _not_punished(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    return False if _dead_for_a_day(state, target) else value


@only_while('temporary_death')
def _no_messages(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return 0 if _dead_for_a_day(state, pid) else value


@only_while('temporary_death')
def _no_rooms(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
    return False if _dead_for_a_day(state, pid) else value


def _no_damage(res: Resolution, packet: DamagePacket) -> None:
    if _dead_for_a_day(res.state, packet.target):
        packet.amount = 0


def _no_armor(res: Resolution) -> None:
    for pid in list(res.armor):
        if _dead_for_a_day(res.state, pid):
            del res.armor[pid]


REGISTRIES.declare("temporary_death", temporary_death, set_checks=(_no_orders,),
                   queries=(Query("card_barred", _no_cards), Query("can_target", _untargetable),
                            Query("vote_strength", _no_vote),
                            Query("forced_votes", _out_of_the_count, layer=1001),
                            Query("votes_against", _no_votes_against, layer=95),
                            Query("can_be_punished", _not_punished), Query("private_messages", _no_messages),
                            Query("may_join_room", _no_rooms)),
                   replacements=(Layer("temporary_death", LAYER_TEMPORARY_DEATH, _no_damage),),
                   steps=(Step("temporary_death_armor", STEP_TEMPORARY_DEATH_ARMOR, _no_armor),),
                   effects=(EffectKind("temporary_death", known=True, public=True),))


# ---- Очищение ----

def statuses_of(state: GameState, pid: int) -> list[Effect]:
    """Every status on the player now or to come: the effects lying on them (`target`), but the kinds
    that are not statuses (`is_status`)."""
    return [e for e in state.effects if e.target == pid and is_status(e.kind)
            and (e.end is None or e.end >= state.phase)]


def cleansing(play: Play) -> None:
    """Every status on the actor, positive or negative, is removed."""
    state = play.state
    gone = {e.eid for e in statuses_of(state, play.actor)}
    state.effects = [e for e in state.effects if e.eid not in gone]
    play.tell(play.actor, "cleansed", n=len(gone))


REGISTRIES.declare("cleansing", cleansing)


# ---- Ограничение ----

def restriction(play: Play) -> None:
    """The next сутки nobody may play the named card (upper stance: but the actor)."""
    play.effect("restricted_card", during=n_phases(SUTKI, starting=NEXT_PHASE), named=play.params["card"],
                exempt=play.actor if upper(play) else None)


def _restricted_for(state: GameState, pid: int, card_id: str) -> bool:
    return any(e.params["named"] == card_id and e.params.get("exempt") != pid
               for e in state.effects_of("restricted_card"))


@only_while('restricted_card')
def _restricted(state: GameState, value: dict[str, JsonValue] | None, *, pid: int, played: str,
                **_: Any) -> dict[str, JsonValue] | None:
    """A play of the card, a Sleeve card played as it."""
    if value is None and _restricted_for(state, pid, played):
        return {"reason": "restricted_card", "card": played}
    return value


@reads_orders("ability")
@only_while("restricted_card")
def _restricted_ability(state: GameState, pid: int, orders: list[Order]) -> None:
    """An ability of the card is "applying" it too."""
    for order in orders:
        ability = order.params.get("ability")
        if order.kind == "ability" and isinstance(ability, str) and _restricted_for(state, pid, ability):
            raise Refusal("not_allowed", what="card", reason="restricted_card", card=ability)


REGISTRIES.declare("restriction", restriction, set_checks=(_restricted_ability,),
                   queries=(Query("card_barred", _restricted),), effects=(EffectKind("restricted_card"),))


# ---- Запрет ----

def ban(play: Play) -> None:
    """The next сутки (Обвинение: one more per named card) the target may not play the named card(s)
    (upper stance: two). It learns it. Another card played as the named one is not stopped."""
    named = [str(c) for c in play.params["cards"]]
    days = 1 + accusation_hits(play)
    play.effect("banned_cards", target=play.target, during=n_phases(SUTKI * days, starting=NEXT_PHASE),
                cards=list(named))
    play.tell(play.target, "banned_cards", cards=list(named), n=days)


def _ban_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    cards = params.get("cards")
    if isinstance(cards, list) and len(set(map(str, cards))) != len(cards):
        raise Refusal("bad_param", card="ban", param="cards", reason="same_card_twice")


@only_while('banned_cards')
def _banned(state: GameState, value: dict[str, JsonValue] | None, *, pid: int, printed: str | None,
            **_: Any) -> dict[str, JsonValue] | None:
    """The physical card named, as itself or as another card."""
    if value is None and printed is not None and any(
            printed in e.params["cards"] for e in state.effects_of("banned_cards", target=pid)):
        return {"reason": "banned_card", "card": printed}
    return value


REGISTRIES.declare("ban", ban, check=_ban_check, queries=(Query("card_barred", _banned),),
                   effects=(EffectKind("banned_cards", known=True),))


# ---- Метка боли ----

def pain_mark(play: Play) -> None:
    """The target takes 1 more damage from the actor's cards. It learns it (not from whom)."""
    if not any(e.source == play.actor for e in play.state.effects_of("pain_mark", target=play.target)):
        play.effect("pain_mark", target=play.target, during=UNTIL_END)
    play.tell(play.target, "pain_marked")


def _more_pain(res: Resolution, packet: DamagePacket) -> None:
    play = packet.play
    if packet.fixed or play is None or packet.amount <= 0:
        return
    if any(e.source == play.actor for e in res.state.effects_of("pain_mark", target=packet.target)):
        packet.amount += 1


REGISTRIES.declare("pain_mark", pain_mark, replacements=(Layer("pain_mark", LAYER_PAIN_MARK, _more_pain),),
                   effects=(EffectKind("pain_mark", known=True),))
