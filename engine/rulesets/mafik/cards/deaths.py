"""Deaths and survivals: the cards that act when a character dies (the registries' `on_death` hooks, run
by the `deaths` step for every death of the phase — 0 cards, the Вече, a perk), the would-die pre-pass
between the damage and the discards (`hand_after_damage` in cards/common.py: Героическое
Самопожертвование, Из последних сил), and the lasting dangers of the Хаос (Черная метка, Русская
рулетка, Игнорирование фактов, Герой боевика). Rulings: docs/rulings/mafik-deaths.md.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import Layer, Query, Step
from engine.core import messages
from engine.core.durations import FROM_NEXT_PHASE, NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, UNTIL_END, n_phases
from engine.core.phase import concerning
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.rulings import ask, ruling
from engine.core.state import Effect, GameState, JsonValue, Order, PlayerState
from engine.rulesets.mafik.cards.common import (
    abilities,
    accusation_hits,
    grant_ability,
    guessed_role,
    hand_after_damage,
    late_damage,
    lower,
    move,
    upper,
)
from engine.rulesets.mafik.order import (
    LAYER_IGNORING_FACTS,
    STEP_HEROIC_SACRIFICE,
    STEP_LAST_STRENGTH,
)
from engine.rulesets.mafik.registry import REGISTRIES

# ---------------------------------------------------------------- Из последних сил

LAST_STAND = "last_stand"  # this phase: a Hand about to be emptied keeps one card
MORTALLY_WOUNDED = "mortally_wounded"  # the public status: death at the end of the phase it lasts
LAST_STRENGTH_COOLDOWN = 3  # (Маньяк) phases after its last play in which it cannot be played again


def last_strength(play: Play) -> None:
    """Дневная (the data's tag): for this phase the actor's Hand keeps one card (`_keep_one`)."""
    if not play.state.effects_of(LAST_STAND, target=play.actor):
        play.effect(LAST_STAND, target=play.actor, during=THIS_PHASE)


def _last_strength_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """(Маньяк: нельзя применять в течение трёх фаз после последнего применения этой карты.)"""
    if state.player(pid).secret_role != "maniac":
        return
    if any(r.actor == pid and r.card == "last_strength" and 0 < state.phase - r.phase <= LAST_STRENGTH_COOLDOWN
           for r in state.history):
        raise Refusal("not_allowed", card="last_strength", reason="last_strength_cooldown", phases=LAST_STRENGTH_COOLDOWN)


def _keep_one(res: Resolution) -> None:
    """"Если вы должны потерять все карты в руке в эту фазу, вы сохраняете одну карту": one damage less, so
    one card stays (the last the damage would take); the public status "смертельно ранен" with death at
    the end of the next phase (Маньяк: neither)."""
    state = res.state
    for effect in state.effects_of(LAST_STAND):
        pid = effect.target
        if pid is None or not state.player(pid).alive or res.final_damage.get(pid, 0) <= 0:
            continue
        if hand_after_damage(res, pid) > 0:
            continue
        player = state.player(pid)
        held = len(player.hand) + len(res.refills.get(pid, [])) - len(
            [uid for uid in res.direct_losses.get(pid, []) if any(c.uid == uid for c in player.hand)])
        if held <= 0:
            continue  # nothing left to keep
        res.final_damage[pid] = held - 1
        if state.player(pid).secret_role == "maniac":
            state.emit("last_strength_kept", "player", pid, card="last_strength")
            continue
        state.add_effect(MORTALLY_WOUNDED, target=pid, source=pid, during=NEXT_PHASE)
        state.emit("mortally_wounded", "public", None, pid=pid, until=state.phase + 1)  # words shared with Микромафик


def _wounded(res: Resolution) -> set[int]:
    """Who is mortally wounded now: the only characters `_mortal_wound` has a say about."""
    return {e.target for e in res.state.effects_of(MORTALLY_WOUNDED) if e.target is not None}


@concerning(_wounded)
def _mortal_wound(res: Resolution, player: PlayerState) -> str | None:
    """"По итогам следующей фазы вы умираете", whatever the Hand holds."""
    return "mortal_wound" if res.state.effects_of(MORTALLY_WOUNDED, target=player.pid) else None


REGISTRIES.declare("last_strength", last_strength, check=_last_strength_check,
                   steps=(Step("last_strength", STEP_LAST_STRENGTH, _keep_one),),
                   death_rules=(_mortal_wound,),
                   effects=(EffectKind(LAST_STAND, own=True), EffectKind(MORTALLY_WOUNDED, known=True, public=True)))


# ---------------------------------------------------------------- Героическое Самопожертвование

SACRIFICE_DAMAGE = 6
SACRIFICES = "heroic_sacrifices"  # res.scratch: this phase's plays, in the order they resolved
DOOMED = "doomed"  # res.scratch: who dies at the end of the phase whatever the Hand holds


def heroic_self_sacrifice(play: Play) -> None:
    """The guess and the swap wait for the phase's damage (`_sacrifice`, before the discards)."""
    play.res.scratch.setdefault(SACRIFICES, []).append(play)


def _sacrifice(res: Resolution) -> None:
    """"Если она должна умереть в эту фазу и вы угадали, получите 6 урона и цель не получает урона, иначе
    умрите, несмотря на кол-во карт в руке": the target's Hand after the damage decides whether it is to
    die; the 6 damage pass the actor's armor left over."""
    state = res.state
    for play in res.scratch.get(SACRIFICES, []):
        actor, target = play.actor, play.target
        if not state.player(actor).alive:
            continue
        dying = state.player(target).alive and hand_after_damage(res, target) == 0
        if dying and guessed_role(play, target, play.params.get("role")):
            for packet in res.packets:
                if packet.target == target:
                    packet.amount = 0
            res.final_damage[target] = 0
            late_damage(res, DamagePacket(target=actor, amount=SACRIFICE_DAMAGE, source=actor, card=play.spec.id,
                                          colour=play.spec.colour, cause="card", play=play))
            play.tell(actor, "heroic_sacrifice_saved", target=target, amount=SACRIFICE_DAMAGE)
        else:
            res.scratch.setdefault(DOOMED, set()).add(actor)
            play.tell(actor, "heroic_sacrifice_failed", target=target)


def _doomed_now(res: Resolution) -> set[int]:
    """The failed sacrifices of this phase: the only characters `_doomed` has a say about."""
    doomed: set[int] = res.scratch.get(DOOMED, set())
    return doomed


@concerning(_doomed_now)
def _doomed(res: Resolution, player: PlayerState) -> str | None:
    """"Иначе умрите, несмотря на кол-во карт в руке"."""
    return "sacrifice" if player.pid in res.scratch.get(DOOMED, set()) else None


REGISTRIES.declare("heroic_self_sacrifice", heroic_self_sacrifice,
                   steps=(Step("heroic_self_sacrifice", STEP_HEROIC_SACRIFICE, _sacrifice),),
                   death_rules=(_doomed,))


# ---------------------------------------------------------------- Обещание

PROMISED = "promised_sleeve"  # on the one promised (the actor): `of` = the character whose Sleeve it gets


def promise(play: Play) -> None:
    """The promise lies on the actor (it ends if the actor dies first); the target learns who made it
    (upper: not)."""
    play.effect(PROMISED, target=play.actor, during=UNTIL_END, of=play.target)
    if not upper(play):
        play.tell(play.target, "promise_made", pid=play.actor)


def _inherit(res: Resolution, dead: int) -> None:
    """"В случае его смерти получите все его карты из рукава": the first living promisee takes them all."""
    state = res.state
    for effect in state.effects_of(PROMISED):
        heir = effect.target
        if effect.params.get("of") != dead or heir is None or not state.player(heir).alive:
            continue
        cards = list(state.player(dead).sleeve)
        got = [c.card for c in cards if move(state, c, src=(dead, "sleeve"), dst=(heir, "sleeve"))]
        state.effects = [e for e in state.effects if not (e.kind == PROMISED and e.params.get("of") == dead)]
        state.emit("promise_kept", "player", heir, card="promise", pid=dead, cards=got)
        return


REGISTRIES.declare("promise", promise, on_death=_inherit, effects=(EffectKind(PROMISED, own=True, status=False),))


# ---------------------------------------------------------------- Последняя записка

NOTE = "last_note_text"  # on nobody (it outlives its author): text, to, oid; its source is the author
NOTE_AUTHOR = "last_note_author"  # on the author: the note may be rewritten (the instant action)


def last_note(play: Play) -> None:
    """A new note replaces the author's old one (one «записка» a character)."""
    state = play.state
    state.effects = [e for e in state.effects if not (e.kind == NOTE and e.source == play.actor)]
    oid = play.order.oid if play.order is not None else 0
    play.effect(NOTE, during=UNTIL_END, text=str(play.params["message"]), to=list(play.targets), oid=oid)
    if not state.effects_of(NOTE_AUTHOR, target=play.actor):
        play.effect(NOTE_AUTHOR, target=play.actor, during=UNTIL_END)
    play.tell(play.actor, "last_note_written", n=len(play.targets))


def _note_of(state: GameState, pid: int) -> Effect | None:
    return next((e for e in state.effects if e.kind == NOTE and e.source == pid and e.active(state.phase)), None)


def last_note_edit(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """"Текст записки можно поменять в любой момент": an instant action; a new text is a new question
    to the master when the game reviews card messages."""
    note = _note_of(state, pid)
    text = params.get("message")
    if note is None or not state.effects_of(NOTE_AUTHOR, target=pid):
        raise Refusal("not_allowed", what="last_note_edit", reason="no_last_note_author")
    if not isinstance(text, str) or not text.strip():
        raise Refusal("bad_param", param="message", reason="empty")
    note.params["text"] = text
    if state.settings.get(messages.SETTING):
        to = [int(str(t)) for t in note.params.get("to") or []]
        ask(state, messages.key_of(pid, int(str(note.params.get("oid", 0))), text), messages.KIND,
            (messages.DELIVER, messages.WITHHOLD), messages.DELIVER, sender=pid, targets=to, text=text,
            via="last_note")
    state.emit("last_note_edited", "player", pid, card="last_note")


def _deliver(res: Resolution, dead: int) -> None:
    """"Они получат это сообщение после вашей смерти": signed, to each living addressee."""
    state = res.state
    note = _note_of(state, dead)
    if note is None:
        return
    state.effects = [e for e in state.effects if e is not note]
    order = Order(oid=int(str(note.params.get("oid", 0))), kind="play")
    for to in note.params.get("to") or []:
        if state.player(int(str(to))).alive:
            messages.send(state, dead, int(str(to)), str(note.params["text"]), anonymous=False, via="last_note",
                          order=order)


def _note_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any] | None = None, **_: Any) -> int:
    """(Цена 1: свободная.)"""
    return value + 1 if spec.id == "last_note" and (params or {}).get("free") else value


def _note_free(state: GameState, value: bool, *, spec: Any, params: dict[str, Any] | None = None, **_: Any) -> bool:
    return False if spec.id == "last_note" and (params or {}).get("free") else value


REGISTRIES.declare("last_note", last_note, on_death=_deliver, actions={"last_note_edit": last_note_edit},
                   queries=(Query("cost", _note_cost, own=True), Query("counts_toward_limit", _note_free, own=True)),
                   effects=(EffectKind(NOTE), EffectKind(NOTE_AUTHOR, own=True, status=False)))


# ---------------------------------------------------------------- Месть

VENGEFUL = "vengeful"  # on the actor, to the end: `amount` of each strike


def revenge(play: Play) -> None:
    """Played: to the end of the game (several do not stack: the larger amount stays). Used (via="ability"):
    the strike."""
    state = play.state
    if play.via == "ability":
        held = state.effects_of(VENGEFUL, target=play.actor)
        play.damage(play.target, max((int(str(e.params["amount"])) for e in held), default=2))
        return
    amount = 3 if upper(play) else 2
    held = state.effects_of(VENGEFUL, target=play.actor)
    if held:
        held[0].params["amount"] = max(amount, int(str(held[0].params["amount"])))
    else:
        play.effect(VENGEFUL, target=play.actor, during=UNTIL_END, amount=amount)


def _vengeance(res: Resolution, dead: int) -> None:
    """"Всякий раз, как персонаж умирает по итогам ночи, в следующую фазу вы можете нанести урон": a night
    with a death grants each holder the strike for the next phase (one a night, however many died)."""
    state = res.state
    if not state.is_night:
        return
    for effect in state.effects_of(VENGEFUL):
        holder = effect.target
        if holder is None or not state.player(holder).alive:
            continue
        if any(e.start == state.phase + 1 for e in abilities(state, holder, "revenge")):
            continue
        state.add_effect("ability", target=holder, source=holder, during=NEXT_PHASE, card="revenge",
                         nights_only=False, instead_of=None)
        state.emit("revenge_ready", "player", holder, card="revenge", amount=int(str(effect.params["amount"])))


REGISTRIES.declare("revenge", revenge, on_death=_vengeance, effects=(EffectKind(VENGEFUL, own=True, status=False),))


# ---------------------------------------------------------------- Герой боевика

ACTION_HERO_DAMAGE = ACTION_HERO_ARMOR = 3


def action_hero(play: Play) -> None:
    """Played: the nightly ability from the next phase (once, however many are played; it is offered only
    once 4 plays are ordered that night: data/mafik/abilities.toml `rule:four_plays`). Used: 3 damage to
    the target, 3 armor to the chosen (oneself allowed)."""
    if play.via == "ability":
        play.damage(play.target, ACTION_HERO_DAMAGE)
        play.armor(int(str(play.params["armor_target"])), ACTION_HERO_ARMOR)
        return
    if not abilities(play.state, play.actor, "action_hero"):
        grant_ability(play, during=FROM_NEXT_PHASE, nights_only=True)


@reads_orders("ability")
def _four_plays_kept(state: GameState, pid: int, orders: list[Order]) -> None:
    """The ability stands only with 4 plays among the orders kept (a play dropped at the deadline counts
    no more)."""
    used = any(o.kind == "ability" and o.params.get("ability") == "action_hero" for o in orders)
    if used and sum(1 for o in orders if o.kind == "play") < 4:
        raise Refusal("not_allowed", what="ability", card="action_hero", reason="four_plays", least=4)


REGISTRIES.declare("action_hero", action_hero, set_checks=(_four_plays_kept,))


# ---------------------------------------------------------------- Игнорирование фактов

FACTS_IGNORED = "facts_ignored"


def ignoring_facts(play: Play) -> None:
    """"Не получает урон сутки, начиная с этой фазы": this phase and the next."""
    play.effect(FACTS_IGNORED, target=play.target, during=n_phases(2))


def _no_damage(res: Resolution, packet: DamagePacket) -> None:
    """"Урон, игнорирующий броню, также игнорирует эту карту": every other damage is gone."""
    if not packet.ignore_armor and res.state.effects_of(FACTS_IGNORED, target=packet.target):
        packet.amount = 0


REGISTRIES.declare("ignoring_facts", ignoring_facts,
                   replacements=(Layer("ignoring_facts", LAYER_IGNORING_FACTS, _no_damage),),
                   effects=(EffectKind(FACTS_IGNORED),))


# ---------------------------------------------------------------- Русская рулетка

ROULETTE = "roulette"  # on the actor from the next phase: `best_of_two` (lower stance when played)
ROULETTE_ARMOR, ROULETTE_DAMAGE = 2, 1
# «в зависимости от броска кубика мастером»: with the game's setting on (a master's option, /set master_dice),
# the master is asked at the start of each phase; the bot's own roll is the default at the deadline.
MASTER_DICE = "master_dice"
ROLL_QUESTION = "roulette_roll"
ARMOR, DAMAGE = "armor", "damage"
QUESTION_KINDS: dict[str, tuple[str, ...]] = {ROLL_QUESTION: (ARMOR, DAMAGE)}


def russian_roulette(play: Play) -> None:
    play.effect(ROULETTE, target=play.actor, during=FROM_NEXT_PHASE, best_of_two=lower(play))


def _dice(state: GameState, effect: Effect) -> int:
    """The bot's roll: a d6 from the state's RNG; (Нижняя стойка) two, the better one counts."""
    return max(state.random.below(6) + 1 for _ in range(2 if effect.params.get("best_of_two") else 1))


def _roll_key(state: GameState, effect: Effect) -> str:
    return f"roul-{effect.eid}-{state.phase}"


def _ask_the_master(state: GameState, effects: list[Effect]) -> None:
    """At the start of the phase, when the master rolls: one question per character, the bot's roll as its
    default (4–6 armor, 1–3 damage)."""
    if not state.settings.get(MASTER_DICE):
        return
    for effect in effects:
        if effect.target is None:
            continue
        roll = _dice(state, effect)
        ask(state, _roll_key(state, effect), ROLL_QUESTION, (ARMOR, DAMAGE), ARMOR if roll >= 4 else DAMAGE,
            pid=effect.target, roll=roll, dice=2 if effect.params.get("best_of_two") else 1)


def _roll(res: Resolution, effects: list[Effect]) -> None:
    """"В начале каждой фазы или получите 2 брони, или 1 урона в зависимости от броска кубика": the master's
    answer when he rolls, else a die from the state's RNG, 4–6 armor, 1–3 damage; (Нижняя стойка) two dice,
    the better one counts."""
    state = res.state
    for effect in effects:
        pid = effect.target
        if pid is None:
            continue
        key = _roll_key(state, effect)
        if key in state.questions:
            lucky, roll = ruling(state, key) == ARMOR, state.questions[key].params.get("roll")
        else:
            roll = _dice(state, effect)
            lucky = roll >= 4
        if lucky:
            res.add_armor(pid, ROULETTE_ARMOR)
            state.emit("roulette_armor", "player", pid, card="russian_roulette", roll=roll, armor=ROULETTE_ARMOR)
        else:
            res.damage(DamagePacket(target=pid, amount=ROULETTE_DAMAGE, source=pid, card="russian_roulette",
                                    colour="chaos", cause="card"))
            state.emit("roulette_damage", "player", pid, card="russian_roulette", roll=roll, damage=ROULETTE_DAMAGE)


REGISTRIES.declare("russian_roulette", russian_roulette,
                   effects=(EffectKind(ROULETTE, tick=_roll, start=_ask_the_master, own=True),))


# ---------------------------------------------------------------- Черная метка

BLACK_SPOT_DAMAGE = 3


@REGISTRIES.card("black_spot")
def black_spot(play: Play) -> None:
    """Next night 3 damage (+1 per card the Обвинение names); the target learns (lower: not)."""
    amount = BLACK_SPOT_DAMAGE + accusation_hits(play)
    play.effect("damage_each_phase", target=play.target, during=NEXT_NIGHT, amount=amount, card=play.spec.id,
                colour=play.spec.colour)
    if not lower(play):
        play.tell(play.target, "black_spot_marked")

