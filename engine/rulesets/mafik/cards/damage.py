"""Урон: 30 cards.

Readings of unclear texts (see the report / docs/rulings.md):
- "cards in hand" conditions (Уравнитель, Mana Burn's Sleeve, Coup de Grâce, Убийство) are read when the
  card resolves: the cards played this phase have left the hand, the replacements are not drawn yet;
  Гоп-стоп says "at the start of the night" and reads that snapshot.
- A (Верхняя стойка: …) variant uses the stance the player was in as the phase's effects began
  (`upper`, cards/common.py), like every stance variant.
- Abilities granted "every night" (Демоническая форма, Нож-кредитка) are used with an order of kind
  "ability" (cards/common.py) and resolve as plays of the card with via="ability".
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Layer, Query
from engine.core.cards import CardSpec
from engine.core.durations import FROM_NEXT_PHASE, NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, n_phases
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    abilities,
    accusation_hits,
    card_message,
    deny_armor,
    draw_to_sleeve,
    grant_ability,
    grant_play_as,
    guessed_role,
    has_damaged,
    new_card_to_sleeve,
    once_a_phase,
    set_stance,
    to_sleeve,
    upper,
)
from engine.rulesets.mafik.costs import check_discardable, stance
from engine.rulesets.mafik.history import looked_back
from engine.rulesets.mafik.order import LAYER_BERSERK, LAYER_PEACEKEEPING
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES


def played_card(res: Resolution, pid: int, card_id: str) -> bool:
    """Did `pid` play card `card_id` this phase (as itself, or a card played as it)?"""
    return any(p.actor == pid and p.via != "ability"
               and (p.spec.id == card_id or (p.instance is not None and p.instance.card == card_id))
               for p in res.plays)


def _targets(params: dict[str, JsonValue]) -> list[int]:
    if isinstance(params.get("targets"), list):
        return [int(t) for t in params["targets"]]
    return [int(params["target"])] if isinstance(params.get("target"), int) else []


@REGISTRIES.card("pistol")
def pistol(play: Play) -> None:
    play.damage(play.target, (2 if play.by_mafia else 1) + 2 * accusation_hits(play))


@REGISTRIES.card("contract")
def contract(play: Play) -> None:
    new_card_to_sleeve(play.state, play.target, "pistol")
    if play.params.get("message"):
        card_message(play, play.target, str(play.params["message"]))


@REGISTRIES.card("back_alley_meeting")
def back_alley_meeting(play: Play) -> None:
    """Обвинение: a random card of the target's Sleeve goes to the player's Sleeve (to the discard if
    the player cannot take Sleeve cards now)."""
    play.damage(play.target, 2)
    sleeve = play.state.player(play.target).sleeve
    if accusation_hits(play) and sleeve:
        card = play.state.random.choice(sleeve)
        sleeve.remove(card)
        if not to_sleeve(play.state, play.actor, card):
            play.state.player(play.target).discard.append(card)
        play.tell(play.actor, "sleeve_card_taken", target=play.target, cards=[card.card])
        play.tell(play.target, "sleeve_card_lost", cards=[card.card])


@REGISTRIES.card("broad_daylight")
def broad_daylight(play: Play) -> None:
    play.damage(play.target, 1 + accusation_hits(play))


@REGISTRIES.card("shiv")
def shiv(play: Play) -> None:
    play.damage(play.target, 1)


def sniper_rifle(play: Play) -> None:
    """Does nothing, unless a Mafia member or the Maniac names the target's secret role right: 30 damage."""
    role = play.params.get("role")
    if "target" in play.params and guessed_role(play, play.target, role):
        play.damage(play.target, 30)


def _sniper_rifle_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if "role" in params and "target" not in params:
        raise Refusal("bad_param", card="sniper_rifle", param="target", reason="missing")


REGISTRIES.declare("sniper_rifle", sniper_rifle, check=_sniper_rifle_check)


@REGISTRIES.card("blood_bath")
def blood_bath(play: Play) -> None:
    roles = play.params.get("roles") or []
    targets = play.targets
    if targets and all(guessed_role(play, t, r) for t, r in zip(targets, roles, strict=True)):
        for target in targets:
            play.damage(target, 6)


@REGISTRIES.card("soldier")
def soldier(play: Play) -> None:
    grant_play_as(play, "pistol")


@REGISTRIES.card("sniper")
def sniper(play: Play) -> None:
    grant_play_as(play, "sniper_rifle")


def equalizer(play: Play) -> None:
    behind = len(play.me.hand) < 3 and len(play.state.player(play.target).hand) > 3
    play.damage(play.target, 1 + (4 if behind else 0))


def council_target_last_phase(state: GameState, pid: int) -> bool:
    """Was `pid` the character the Вече punished in the previous phase? The events lie in phase order (`emit`
    appends each with the phase it is in), so they are read back from the last and no further than that phase."""
    last = state.phase - 1
    for e in reversed(state.events):
        if e.phase < last:
            return False
        if e.phase == last and e.to == "public" and "punished" in e.params and e.params["punished"] == pid:
            return True
    return False


def _equalizer_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if council_target_last_phase(state, pid) and stance(state, pid) != "upper":
        raise Refusal("not_allowed", what="equalizer", reason="council_target")


REGISTRIES.declare("equalizer", equalizer, check=_equalizer_check)


def chainsaw_massacre(play: Play) -> None:
    for target in play.targets:  # one entry per hit, repeats allowed
        play.damage(target, 2)


def _chainsaw_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    targets = params.get("targets")
    if not isinstance(targets, list) or len(targets) != params.get("x"):
        raise Refusal("bad_param", card="chainsaw_massacre", param="targets", reason="count")


REGISTRIES.declare("chainsaw_massacre", chainsaw_massacre, check=_chainsaw_check)


@REGISTRIES.card("kick")
def kick(play: Play) -> None:
    play.damage(play.target, 2 if upper(play) else 1)
    if accusation_hits(play):
        deny_armor(play, play.target, THIS_PHASE)


@REGISTRIES.card("machine_gun")
def machine_gun(play: Play) -> None:
    play.damage(play.target, accusation_hits(play), ignore_armor=True)


def backstab(play: Play) -> None:
    """"deadly": 20 damage; "free_light" (Советник, Предатель; Free): 3 damage."""
    if played_card(play.res, play.target, str(play.params["card"])):
        play.damage(play.target, 3 if play.params.get("mode") == "free_light" else 20)


def _backstab_light_is_free(state: GameState, value: bool, *, spec: CardSpec,
                            params: dict[str, JsonValue] | None = None, **_: Any) -> bool:
    """Нож в спину's light mode is Free by choice."""
    return False if (params or {}).get("mode") == "free_light" else value


REGISTRIES.declare("backstab", backstab, queries=(Query("counts_toward_limit", _backstab_light_is_free, own=True),))


def mana_burn(play: Play) -> None:
    target = play.state.player(play.target)
    amount = 3 if len(target.sleeve) >= 3 and target.secret_role != "maniac" else 1
    play.damage(play.target, amount - (1 if play.params.get("free") else 0))


def _mana_burn_free(state: GameState, value: bool, *, spec: CardSpec, params: dict[str, JsonValue] | None = None,
                    **_: Any) -> bool:
    """The Killer's Mana Burn is Free by choice."""
    return False if (params or {}).get("free") else value


REGISTRIES.declare("mana_burn", mana_burn, queries=(Query("counts_toward_limit", _mana_burn_free, own=True),))


@REGISTRIES.card("sawn_off_under_the_table")
def sawn_off_under_the_table(play: Play) -> None:
    """Watches the plays as they resolve (after Отражение); a card turned back on its player is not a
    card "played on him" by himself, so an Обрез never fires on itself."""
    if any(p is not play and p.actor == play.target and play.actor in p.targets for p in play.res.plays):
        play.damage(play.target, 6 if upper(play) else 4)


@REGISTRIES.card("poison")
def poison(play: Play) -> None:
    """This night, and every night after it until the end of the game."""
    amount = (2 if upper(play) else 1) + (1 if accusation_hits(play) else 0)
    play.damage(play.target, amount)
    play.effect("damage_each_phase", target=play.target, during=FROM_NEXT_PHASE, amount=amount,
                nights_only=True, card="poison", colour="damage")


@REGISTRIES.card("coup_de_grace")
def coup_de_grace(play: Play) -> None:
    if len(play.state.player(play.target).hand) <= 2:
        play.damage(play.target, 3 + 3 * accusation_hits(play))


def street_fight(play: Play) -> None:
    amount = int(play.params["amount"])
    play.damage(play.actor, amount)
    play.damage(play.target, amount)


REGISTRIES.declare("street_fight", street_fight, set_checks=(once_a_phase("street_fight"),))


@REGISTRIES.card("arsenal")
def arsenal(play: Play) -> None:
    for _ in range(2):
        new_card_to_sleeve(play.state, play.target, "pistol")


@REGISTRIES.card("tracer_rounds")
def tracer_rounds(play: Play) -> None:
    role = play.params["role"]
    if guessed_role(play, play.target, role):
        play.damage(play.target, 2)
    if play.by_mafia:
        play.state.emit("tracer_rounds", "faction", "mafia", actor=play.actor, target=play.target, secret_role=role)


def card_throw(play: Play) -> None:
    """The chosen Hand cards are discarded as if played: each owes a replacement (damage cancels those first)."""
    play.damage(play.target, 2)
    me = play.me
    for uid in play.params.get("cards") or []:
        card = next((c for c in me.hand if c.uid == uid), None)
        if card is not None:
            me.hand.remove(card)
            me.discard.append(card)
            play.res.owe_refill(play.actor, card)


def _card_throw_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    chosen = params.get("cards") or []
    if len(chosen) > (3 if stance(state, pid) == "upper" else 2):
        raise Refusal("bad_param", card="card_throw", param="cards", reason="count")
    check_discardable([c for c in state.player(pid).hand if c.uid in chosen])


REGISTRIES.declare("card_throw", card_throw, check=_card_throw_check)


@REGISTRIES.card("demonic_form")
def demonic_form(play: Play) -> None:
    """Played: the nightly ability from the next phase (once, however many are played) and, if chosen, the
    upper stance for the next 2 phases. Used (via="ability"): 2 damage (Обвинение: +1 a named card)."""
    state = play.state
    if play.via == "ability":
        play.damage(play.target, 2 + accusation_hits(play))
        return
    if not abilities(state, play.actor, "demonic_form"):
        grant_ability(play, during=FROM_NEXT_PHASE, nights_only=True)
    if play.params.get("upper"):
        set_stance(play.state, play.actor, "upper", during=n_phases(2, starting=NEXT_PHASE), play=play)


def peacekeeping_operation(play: Play) -> None:
    """From the next phase: a play at night may carry the option armor_instead=True."""
    if not play.state.effects_of("peacekeeping", target=play.actor, phase=play.state.phase + 1):
        play.effect("peacekeeping", target=play.actor, during=FROM_NEXT_PHASE)


def _armor_instead_check(state: GameState, pid: int, spec: CardSpec, params: dict[str, JsonValue]) -> None:
    value = params["armor_instead"]
    if not isinstance(value, bool):
        raise Refusal("bad_param", param="armor_instead", reason="not_a_flag")
    if not value:
        return
    if not state.effects_of("peacekeeping", target=pid):
        raise Refusal("not_allowed", what="armor_instead", card=spec.id)
    if not state.is_night:
        raise Refusal("wrong_phase", what="armor_instead", reason="night_only")
    if not any(p.kind in ("target", "targets", "any_living") for p in spec.params):
        raise Refusal("bad_param", card=spec.id, param="armor_instead", reason="no_target")
    if params.get("accuse") and stance(state, pid) != "upper":
        raise Refusal("not_allowed", what="accusation", card=spec.id, reason="armor_instead")


def armor_instead(res: Resolution, packet: DamagePacket) -> None:
    """Миротворческая операция: what the play would deal to its targets this night becomes their armor."""
    play = packet.play
    if play is None or not play.params.get("armor_instead"):
        return
    if packet.target != play.actor and packet.target in play.targets:
        res.add_armor(packet.target, packet.amount)
        packet.amount = 0


REGISTRIES.declare("peacekeeping_operation", peacekeeping_operation, options={"armor_instead": _armor_instead_check},
                   effects=(EffectKind("peacekeeping", own=True),),
                   replacements=(Layer("peacekeeping", LAYER_PEACEKEEPING, armor_instead),))


def berserk(play: Play) -> None:
    play.effect("berserk", target=play.actor, during=n_phases(4))
    deny_armor(play, play.actor, n_phases(4))


def berserk_doubling(res: Resolution, packet: DamagePacket) -> None:
    """Damage by cards (directly or by their lasting effects): ×2 from a berserker, ×2 to a berserker."""
    if packet.fixed or packet.card is None:
        return
    state = res.state
    if packet.source is not None and state.effects_of("berserk", target=packet.source):
        packet.amount *= 2
    if state.effects_of("berserk", target=packet.target):
        packet.amount *= 2


REGISTRIES.declare("berserk", berserk, replacements=(Layer("berserk", LAYER_BERSERK, berserk_doubling),),
                   effects=(EffectKind("berserk", own=True),))


def vendetta(play: Play) -> None:
    hurt = has_damaged(play.state, play.target, play.actor)
    looked_back(play.state, play.actor, card=play.spec.id, actor=play.target)  # what the target did, the whole game
    play.tell(play.actor, "vendetta_confirmed" if hurt else "vendetta_denied", target=play.target)
    if hurt:
        play.effect("vendetta", target=play.target, during=NEXT_NIGHT)
    if upper(play):
        deny_armor(play, play.target, NEXT_NIGHT)


def _free_against_vendetta(state: GameState, value: bool, *, pid: int, spec: CardSpec,
                           params: dict[str, JsonValue] | None = None, **_: Any) -> bool:
    """A Урон card played on the target of one's Вендетта is Free."""
    if spec.colour == "damage":
        targets = _targets(params or {})
        if any(e.source == pid and e.target in targets for e in state.effects_of("vendetta")):
            return False
    return value


REGISTRIES.declare("vendetta", vendetta, queries=(Query("counts_toward_limit", _free_against_vendetta),))


@REGISTRIES.card("poisoned_blade")
def poisoned_blade(play: Play) -> None:
    play.damage(play.target, 2)
    if accusation_hits(play):
        play.effect("damage_each_phase", target=play.target, during=n_phases(2, starting=NEXT_PHASE), amount=1,
                    card="poisoned_blade", colour="damage")


@REGISTRIES.card("credit_card_knife")
def credit_card_knife(play: Play) -> None:
    """Played: the nightly ability (instead of the Sleeve card); played in the upper stance, it deals 2 for
    good. Used (via="ability"): 1 damage, 2 if it was played in the upper stance or the player is in it."""
    if play.via == "ability":
        granted_upper = any(e.params.get("upper") for e in abilities(play.state, play.actor, "credit_card_knife"))
        play.damage(play.target, 2 if granted_upper or upper(play) else 1)
        return
    grant_ability(play, during=FROM_NEXT_PHASE, nights_only=True, instead_of="sleeve", upper=upper(play))


@REGISTRIES.card("murder")
def murder(play: Play) -> None:
    card = str(play.params["card"])
    in_hand = any(c.card == card for c in play.state.player(play.target).hand)
    if in_hand and not played_card(play.res, play.target, card):
        play.damage(play.target, 3)


def mugging(play: Play) -> None:
    """Upper stance: two colours, enough that one of them is missing."""
    had = {CATALOG[c].colour for c in play.state.player(play.target).hand_at_phase_start}
    if any(colour not in had for colour in play.params["colours"]):
        play.damage(play.target, 1)
        draw_to_sleeve(play.res, play.actor, 1)


def _mugging_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if len(params.get("colours") or []) > (2 if stance(state, pid) == "upper" else 1):
        raise Refusal("bad_param", card="mugging", param="colours", reason="count")


REGISTRIES.declare("mugging", mugging, check=_mugging_check)
