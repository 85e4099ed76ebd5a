"""Защита: 30 cards.

Readings of unclear texts (see the report):
- "cards in Hand" conditions read the hand as the phase's effects begin (cards played this phase have
  left it, nothing is drawn yet: `hand_size`); Больничная охрана restricts the choice of target, so it
  is checked on the order, against the target's hand then. A stance variant uses the stance the player
  was in as the effects began (`in_stance`).
- (Фракция: …) is the faction of the player (the seed's definition): Очная ставка gives 4 armor when a
  law or maniac player guesses right, 2 when a mafia player does, none for the Предатель.
- Отражение: this phase only (effects last the phase they are played in unless the card says otherwise),
  and once a game: the first play gives the effect, later plays do nothing.
- В молоко: "2 раза подряд" = two uses in a row by the same player on the same target.
- Железные нервы: fires when a phase begins with 1 card (lower stance when played: 1 or 2) in Hand, and
  again only after the Hand has been above that; the choice is an order of kind "ability".
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.orders import reads_orders
from engine.cardgame.registries import Layer, Query, Step
from engine.core.durations import FROM_NEXT_PHASE, NEXT_DAY, NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, TONIGHT, UNTIL_END, n_phases
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState, JsonValue, Order
from engine.rulesets.mafik.cards.common import (
    abilities,
    accusation_hits,
    armor_for_phases,
    card_message,
    draw_to_hand,
    draw_to_sleeve,
    grant_ability,
    grant_play_as,
    guessed_role,
    hand_size,
    lasting,
    lower,
    new_card_to_sleeve,
    reflect_back,
    set_stance,
)
from engine.rulesets.mafik.costs import copy_has, stance
from engine.rulesets.mafik.order import (
    LAYER_BODY_DOUBLE,
    LAYER_PARANOIA,
    STEP_ANCIENT_MEDALLION,
    STEP_LAW_ABIDING,
    STEP_NERVES_OF_STEEL,
    STEP_NERVES_OF_STEEL_READY,
    STEP_PARANOIA,
)
from engine.rulesets.mafik.orders import find_card, played_spec, tags_of
from engine.rulesets.mafik.registry import BLANK, CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import has_role

# ---- armor for oneself ----

@REGISTRIES.card("martial_arts")
def martial_arts(play: Play) -> None:
    hits = accusation_hits(play)
    play.damage(play.target, 1 + hits)
    play.armor(play.actor, 1 + hits)


@REGISTRIES.card("take_cover_and_roll")
def take_cover_and_roll(play: Play) -> None:
    armor_for_phases(play, play.actor, 2 if lower(play) else 1, during=n_phases(3))


@REGISTRIES.card("bunker")
def bunker(play: Play) -> None:
    play.armor(play.actor, 3)


@REGISTRIES.card("grit_your_teeth")
def grit_your_teeth(play: Play) -> None:
    play.armor(play.actor, 1)


@REGISTRIES.card("escape_plan")
def escape_plan(play: Play) -> None:
    """Nothing, except for the Мафия and the Маньяк (who pay 1): 4 armor (lower stance: 6) next day."""
    if has_role(play.me, ("mafia", "maniac")):
        armor_for_phases(play, play.actor, 6 if lower(play) else 4, during=NEXT_DAY)


@REGISTRIES.card("at_any_cost", priority=90)
def at_any_cost(play: Play) -> None:
    """Resolves after the other cards: everything then in Hand and Sleeve goes (the card's own refill is
    still drawn if damage does not cancel it)."""
    me = play.me
    play.armor(play.actor, 6)
    me.discard.extend([*me.hand, *me.sleeve])
    me.hand, me.sleeve = [], []


def i_am_legend(play: Play) -> None:
    if not lasting(play.state, play.actor, play.spec.id):
        armor_for_phases(play, play.actor, 1, during=UNTIL_END)


def _legend_cost(state: GameState, value: int, *, spec: Any, **_: Any) -> int:
    """Я легенда costs 1 less per dead character."""
    return value - sum(1 for p in state.players if not p.alive)


REGISTRIES.declare("i_am_legend", i_am_legend, queries=(Query("cost", _legend_cost, own=True),))


@REGISTRIES.card("tank")
def tank(play: Play) -> None:
    play.armor(play.actor, 5)
    if not lower(play):
        play.effect("votes_against", target=play.actor, during=NEXT_DAY, amount=2)


# ---- armor for others ----

CONFRONTATION_ARMOR = {"law": 4, "maniac": 4, "mafia": 2}


@REGISTRIES.card("confrontation")
def confrontation(play: Play) -> None:
    if guessed_role(play, play.target, play.params.get("role")):
        play.armor(play.target, CONFRONTATION_ARMOR.get(play.me.faction, 0))


@REGISTRIES.card("they_will_come_for_you")
def they_will_come_for_you(play: Play) -> None:
    if new_card_to_sleeve(play.state, play.target, "bunker"):
        play.state.emit("card_to_sleeve", "player", play.target, card="bunker")
    if play.params.get("message"):
        card_message(play, play.target, str(play.params["message"]))


def hospital_guard(play: Play) -> None:
    play.armor(play.target, 5)


def hospital_guard_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Only on a target with 2 or fewer cards in Hand (lower stance: 3 or fewer)."""
    limit = 3 if stance(state, pid) == "lower" else 2
    target = int(params["target"])
    if len(state.player(target).hand) > limit:
        raise Refusal("invalid_target", card="hospital_guard", target=target, reason="too_many_cards", max=limit)


REGISTRIES.declare("hospital_guard", hospital_guard, check=hospital_guard_check)


@REGISTRIES.card("under_protection")
def under_protection(play: Play) -> None:
    play.armor(play.target, 3)


@REGISTRIES.card("bodyguard")
def bodyguard(play: Play) -> None:
    grant_play_as(play, "under_protection")


@REGISTRIES.card("bulletproof_vest")
def bulletproof_vest(play: Play) -> None:
    if not lasting(play.state, play.target, play.spec.id):
        armor_for_phases(play, play.target, 1, during=UNTIL_END, nights_only=True)


@REGISTRIES.card("post_guards")
def post_guards(play: Play) -> None:
    room = next((e for e in play.state.effects_of("room") if e.eid == play.params["room"]), None)
    for member in room.params["members"] if room else []:
        if play.state.player(int(member)).alive:
            play.armor(int(member), 3 if lower(play) else 2)


@REGISTRIES.card("city_sleeps")
def city_sleeps(play: Play) -> None:
    """Several plays in one phase give the 2 armor once."""
    if play.res.scratch.get("city_sleeps"):
        return
    play.res.scratch["city_sleeps"] = True
    for player in play.state.living():
        play.armor(player.pid, 2)


@REGISTRIES.card("blessing")
def blessing(play: Play) -> None:
    for player in play.state.living():
        if hand_size(play, player.pid) <= 3:
            play.armor(player.pid, 2 if lower(play) else 1)


# ---- cards ----

@REGISTRIES.card("first_aid")
def first_aid(play: Play) -> None:
    if hand_size(play, play.target) <= (3 if lower(play) else 2):
        draw_to_hand(play, play.target, 1)


@REGISTRIES.card("doctor")
def doctor(play: Play) -> None:
    grant_play_as(play, "first_aid")


def ancient_medallion(play: Play) -> None:
    """Tonight and the next two nights (`_medallion`); a second one while it lasts does nothing."""
    if not lasting(play.state, play.actor, play.spec.id):
        play.effect("ancient_medallion", target=play.actor, during=n_phases(5), card=play.spec.id)


def _medallion(res: Resolution) -> None:
    """Each night of it: 1 random Hand card (not one that cannot be discarded: a Долг) is discarded (no
    refill), and 4 armor."""
    state = res.state
    if not state.is_night:
        return
    for effect in state.effects_of("ancient_medallion"):
        if effect.target is None:
            continue
        player = state.player(effect.target)
        choices = [c for c in player.hand if not copy_has(c, "no_discard")]
        if choices:
            card = state.random.choice(choices)
            player.hand.remove(card)
            player.discard.append(card)
            state.emit("forced_discard", "player", player.pid, cards=[card.card])
        res.add_armor(player.pid, 4)


REGISTRIES.declare("ancient_medallion", ancient_medallion,
                   steps=(Step("ancient_medallion", STEP_ANCIENT_MEDALLION, _medallion),),
                   effects=(EffectKind("ancient_medallion", own=True),))


# ---- Законопослушный ----

LAW_ABIDING = "law_abiding"
LAW_ABIDING_MAX = 2


def law_abiding_surplus(state: GameState, pid: int) -> None:
    """More than 2 Законопослушных in a deck: the extra ones (the lowest) become Пустышки."""
    copies = [c for c in state.player(pid).deck if c.card == LAW_ABIDING]
    for card in copies[LAW_ABIDING_MAX:]:
        card.card, card.cost_mod = BLANK, 0
        state.card_arrived(BLANK)


def law_abiding(play: Play) -> None:
    """Mode "nothing" (cost 0) does nothing; "shuffle_back" (cost 1) shuffles it back into the deck."""
    card = play.instance
    me = play.me
    if play.params.get("mode") != "shuffle_back" or card is None or card not in me.discard:
        return
    me.discard.remove(card)
    me.deck.append(card)
    play.state.random.shuffle(me.deck)
    law_abiding_surplus(play.state, play.actor)


def _law_abiding_in_deck(res: Resolution) -> None:
    """Each Законопослушный in a deck: its owner learns it and gets 2 armor this phase."""
    for player in res.state.living():
        count = [c.card for c in player.deck].count(LAW_ABIDING)
        if count > LAW_ABIDING_MAX:
            law_abiding_surplus(res.state, player.pid)
            count = LAW_ABIDING_MAX
        if count:
            res.add_armor(player.pid, 2 * count)
            res.state.emit("law_abiding_in_deck", "player", player.pid, count=count, armor=2 * count)


@reads_orders("play", "ability")
def _only_peaceful(state: GameState, pid: int, orders: list[Order]) -> None:
    """With a Законопослушный in Hand only peaceful cards (and abilities of peaceful cards) may be played."""
    if not any(c.card == LAW_ABIDING for c in state.player(pid).hand):
        return
    for order in orders:
        if order.kind == "play":
            spec = played_spec(state, pid, *find_card(state, pid, order.card), order.params)
        elif order.kind == "ability" and order.params.get("ability") in CATALOG:
            spec = CATALOG[str(order.params["ability"])]
        else:
            continue
        if "peaceful" not in tags_of(state, pid, spec):
            raise Refusal("not_allowed", what="play", card=spec.id, reason="law_abiding")


def _law_abiding_cost(state: GameState, value: int, *, spec: Any, params: dict[str, JsonValue], **_: Any) -> int:
    """Законопослушный's "shuffle_back" costs 1."""
    return value + 1 if params.get("mode") == "shuffle_back" else value


REGISTRIES.declare(LAW_ABIDING, law_abiding, steps=(Step("law_abiding", STEP_LAW_ABIDING, _law_abiding_in_deck),),
                   set_checks=(_only_peaceful,), queries=(Query("cost", _law_abiding_cost, own=True),))


# ---- votes ----

@REGISTRIES.card("legal_defence")
def legal_defence(play: Play) -> None:
    play.effect("votes_against", target=play.target, during=THIS_PHASE, amount=-(3 if lower(play) else 2))
    play.announce("card_used")


def unexpected_twist(play: Play) -> None:
    effect = play.effect("no_votes_against", target=play.target, during=NEXT_DAY)
    play.announce("unexpected_twist", target=play.target, phase=effect.start)


@REGISTRIES.queries.modifier("votes_against")
@only_while("votes_against")
def _extra_votes(state: GameState, value: int, *, target: int, **_: Any) -> int:
    """Танк (+2 at the next vote), Адвокатская защита (−2 / −3): never below 0."""
    extra = sum(int(e.params["amount"]) for e in state.effects_of("votes_against", target=target))
    return max(0, value + extra) if extra else value


@only_while("no_votes_against")
def _no_votes_against(state: GameState, value: int, *, target: int, **_: Any) -> int:
    """Неожиданный поворот: no votes count against the target that day (its own default vote neither)."""
    return 0 if state.effects_of("no_votes_against", target=target) else value


@only_while("no_votes_against")
def _no_vote_on(state: GameState, value: bool, *, target: int, by: str = "card", **_: Any) -> bool:
    """Неожиданный поворот: no vote against the target that day."""
    return False if by == "vote" and state.effects_of("no_votes_against", target=target) else value


REGISTRIES.declare("unexpected_twist", unexpected_twist, queries=(Query("votes_against", _no_votes_against, layer=90),
                                                                  Query("can_target", _no_vote_on)))


# ---- targeting ----

def wide_of_the_mark(play: Play) -> None:
    effect = play.effect("wide_of_the_mark", target=play.target, during=NEXT_NIGHT)
    play.tell(play.target, "wide_of_the_mark", actor=play.actor, phase=effect.start)
    if play.params.get("as") == "wide_of_the_mark":  # played from the Sleeve through Контора
        play.me.flags[f"the_firm:{play.target}"] = 1


def wide_of_the_mark_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Not on the target of the player's previous В молоко; through Контора, once per character."""
    target = int(params["target"])
    last = next((r for r in reversed(state.history) if r.actor == pid and r.card == "wide_of_the_mark" and not r.fake), None)
    if last is not None and last.targets == [target]:
        raise Refusal("invalid_target", card="wide_of_the_mark", target=target, reason="twice_in_a_row")
    if params.get("as") == "wide_of_the_mark" and state.player(pid).flags.get(f"the_firm:{target}"):
        raise Refusal("invalid_target", card="the_firm", target=target, reason="the_firm_used")


@only_while("wide_of_the_mark")
def _not_on_the_player(state: GameState, value: bool, *, actor: int, target: int, by: str = "card", **_: Any) -> bool:
    """В молоко: no card of `actor` on the one who played it, that night."""
    if by == "card" and any(e.source == target for e in state.effects_of("wide_of_the_mark", target=actor)):
        return False
    return value


REGISTRIES.declare("wide_of_the_mark", wide_of_the_mark, check=wide_of_the_mark_check,
                   queries=(Query("can_target", _not_on_the_player),))


@REGISTRIES.card("the_firm")
def the_firm(play: Play) -> None:
    grant_play_as(play, "wide_of_the_mark")


def reflection(play: Play) -> None:
    """Отражение takes effect at the targeting step (`_reflect`), before the cards it turns back."""


def _reflect(res: Resolution) -> None:
    """Отражение, this phase: every card (and ability order) another player aims at the holder goes back
    to that player. Once a game: the first play gives the effect, later ones do nothing."""
    state = res.state
    mirrors: set[int] = set()
    for play in res.plays:
        if play.spec.id == "reflection" and not play.options.get("cancelled"):
            used = play.me.flags.setdefault("reflection", state.phase)
            if used == state.phase:
                mirrors.add(play.actor)
    reflect_back(res, mirrors)


REGISTRIES.declare("reflection", reflection, targeting=_reflect, counters={"reflection": lambda params: {"phase": params["n"]}})


def lamp(play: Play) -> None:
    play.effect("lamp", target=play.actor, during=UNTIL_END)


def _lamp_cost(state: GameState, value: int, *, pid: int, spec: Any, **_: Any) -> int:
    """Лампа costs 0 in the lower stance."""
    return value - 1 if stance(state, pid) == "lower" else value


def _lamp(res: Resolution) -> None:
    """Лампа: cards that alter their target's own checks (declared `alters_checks`) do not act on its
    holder — from the phase it is played in."""
    shielded = {e.target for e in res.state.effects_of("lamp")}
    shielded |= {p.actor for p in res.plays if p.spec.id == "lamp" and not p.options.get("cancelled")}
    for play in res.plays:
        if play.spec.id not in REGISTRIES.alters_checks or play.options.get("cancelled"):
            continue
        if play.params.get("target") in shielded:
            play.options["cancelled"] = True
        elif isinstance(play.params.get("targets"), list):
            play.params["targets"] = [t for t in play.params["targets"] if t not in shielded]
            if not play.params["targets"]:
                play.options["cancelled"] = True


REGISTRIES.declare("lamp", lamp, queries=(Query("cost", _lamp_cost, own=True),), targeting=_lamp,
                   effects=(EffectKind("lamp", own=True),))


# ---- damage ----

def body_double(play: Play) -> None:
    play.effect("body_double", target=play.actor, during=TONIGHT, over=6 if lower(play) else 8)


def _body_double(res: Resolution, packet: DamagePacket) -> None:
    """Двойник: if all the damage coming to the holder this night adds up to more than 8 (6), none of it."""
    effects = res.state.effects_of("body_double", target=packet.target)
    if not effects or not res.state.is_night:
        return
    totals = res.scratch.setdefault("body_double", {})
    if packet.target not in totals:
        totals[packet.target] = sum(p.amount for p in res.packets if p.target == packet.target)
    if totals[packet.target] > min(int(e.params["over"]) for e in effects):
        packet.amount = 0


REGISTRIES.declare("body_double", body_double, replacements=(Layer("body_double", LAYER_BODY_DOUBLE, _body_double),),
                   effects=(EffectKind("body_double", own=True),))


def paranoia(play: Play) -> None:
    play.effect("paranoia", target=play.actor, during=THIS_PHASE)


def _paranoia(res: Resolution, packet: DamagePacket) -> None:
    """Паранойя: 1 less from each source (each damage packet), unless the damage cannot be changed."""
    if not packet.fixed:
        packet.amount = max(0, packet.amount - len(res.state.effects_of("paranoia", target=packet.target)))


@only_while("paranoia")
def _paranoia_penalty(res: Resolution) -> None:
    """Паранойя with no damage coming: 2 armor-ignoring damage (per Паранойя)."""
    state = res.state
    in_force = state.effects_of("paranoia")  # looked at once for all: most phases hold none
    if not in_force:
        return
    for player in state.living():
        count = sum(1 for e in in_force if e.target == player.pid)
        if count and not any(p.target == player.pid for p in res.packets):
            res.damage(DamagePacket(target=player.pid, amount=2 * count, source=player.pid, card="paranoia",
                                    colour="defence", cause="effect", ignore_armor=True, applied={"paranoia"}))


REGISTRIES.declare("paranoia", paranoia, replacements=(Layer("paranoia", LAYER_PARANOIA, _paranoia),),
                   steps=(Step("paranoia", STEP_PARANOIA, _paranoia_penalty),), effects=(EffectKind("paranoia", own=True),))


# ---- Железные нервы ----

NERVES = "nerves_of_steel"


def _nerves_ready(state: GameState, pid: int) -> list[Any]:
    hand = len(state.player(pid).hand_at_phase_start)
    return [e for e in abilities(state, pid, NERVES) if e.params.get("armed") and hand <= int(e.params["limit"])]


def nerves_of_steel(play: Play) -> None:
    """Played: from the next phase, the ability. Used (via="ability"): 2 Sleeve cards or 6 armor, and
    optionally the lower stance for the next 2 phases."""
    state = play.state
    if play.via != "ability":
        grant_ability(play, during=FROM_NEXT_PHASE, limit=2 if lower(play) else 1, armed=True)
        return
    ready = _nerves_ready(state, play.actor)
    if ready:
        ready[0].params["armed"] = False
    if play.params.get("mode") == "armor":
        play.armor(play.actor, 6)
    else:
        draw_to_sleeve(play.res, play.actor, 2)
    if play.params.get("lower_stance"):
        set_stance(play.state, play.actor, "lower", during=n_phases(2, starting=NEXT_PHASE), play=play)


@reads_orders("ability")
def _nerves_check(state: GameState, pid: int, orders: list[Order]) -> None:
    """The ability only fires while the phase began with 1 card (or 2) in Hand, once per such stretch."""
    if any(o.kind == "ability" and o.params.get("ability") == NERVES for o in orders) and not _nerves_ready(state, pid):
        raise Refusal("not_allowed", what="ability", card=NERVES, reason="not_triggered")


def _nerves_rearm(res: Resolution) -> None:
    """A phase that began with more cards than the limit arms the ability again."""
    state = res.state
    for effect in state.effects_of("ability"):
        pid = effect.target
        if effect.params.get("card") == NERVES and pid is not None \
                and len(state.player(pid).hand_at_phase_start) > int(effect.params["limit"]):
            effect.params["armed"] = True


def _nerves_notice(res: Resolution) -> None:
    """Tell the holder when the next phase will let the ability fire."""
    state = res.state
    for effect in state.effects_of("ability", phase=state.phase + 1):
        pid = effect.target
        if effect.params.get("card") == NERVES and pid is not None and state.player(pid).alive \
                and effect.params.get("armed") and len(state.player(pid).hand) <= int(effect.params["limit"]):
            state.emit("nerves_of_steel_ready", "player", pid, card=NERVES)


REGISTRIES.declare(NERVES, nerves_of_steel, set_checks=(_nerves_check,),
                   steps=(Step("nerves_of_steel", STEP_NERVES_OF_STEEL, _nerves_rearm),
                          Step("nerves_of_steel:ready", STEP_NERVES_OF_STEEL_READY, _nerves_notice)))
