"""Checks and counter-checks (issue 13, CHK): the Разведка cards that check, the Маскировка cards that
redirect, blur or answer checks, and Досмотр.

Every check goes through `check` (cards/common.py → engine/core/checks.py): the query `check_target`
(Подмена, Зеркало) picks whose truth is read, the query `appearance` folds it (the randomisers of
Темнота and Укрытие at layer `RANDOMISER_LAYER`, below every disguise, so a disguise wins over them as
Темнота says), and a `CheckRecord` in `state.checks` lets the reactions below run at the end of the
phase. Rulings: docs/rulings/mafik-checks.md.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.checks import checks_of, inspect
from engine.core.durations import NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, UNTIL_END, between, n_phases, onwards
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import Effect, GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    armor_for_phases,
    card_colour,
    check,
    grant_play_as,
    lower,
    new_card_to_sleeve,
    not_twice_on,
    random_hand_colours,
    random_result,
    set_stance,
    share_with_mafia,
    tell_or_share,
    transform,
)
from engine.rulesets.mafik.costs import copy_has, stance
from engine.rulesets.mafik.order import (
    STEP_DARKNESS_REPORT,
    STEP_ESCAPE_ROUTES,
    STEP_MIMICRY,
    STEP_MIRROR_REPORT,
    STEP_SUBSTITUTION_REPORT,
)
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.roles import MAFIA_ROLES

EARLY = 10  # cards that change this phase's checks act before any card of the phase checks
RANDOMISER_LAYER = 10  # Темнота / Укрытие: below every disguise (a disguise's result wins)
TESTIMONY_CARDS = 2
INVESTIGATION_DELAY = 4  # «Спустя 4 фазы»
ESCAPE_DAMAGE, ESCAPE_DAMAGE_LOWER = 2, 3
INSPECTION_COPIES = 3


def _check_outside(res: Resolution, observer: int, target: int, aspect: str, card: str, truth: Any) -> Any:
    """A check made by a lasting effect of `card` (its tick), not during the card's play."""
    return inspect(res.ruleset, res.state, observer, target, aspect, card=card, truth=truth)


def _deck_colour(state: GameState, pid: int) -> list[str]:
    """The colour of one random card of a deck (none when it is empty)."""
    deck = state.player(pid).deck
    return [card_colour(state.random.choice(deck).card)] if deck else []


# ---- Разведка ----

@REGISTRIES.card("testimony")
def testimony(play: Play) -> None:
    """Взятие показаний: the colours of 2 random Hand cards of the target (Шпион: the mafia too)."""
    colours = check(play, play.target, "hand_colours",
                    truth=lambda pid: random_hand_colours(play.state, pid, TESTIMONY_CARDS))
    share_with_mafia(play, "testimony_colours", target=play.target, colours=colours)


@REGISTRIES.card("oracle")
def oracle(play: Play) -> None:
    """Оракул: the exact secret role, by a check nothing deceives but the Предатель, Безликий and Толпа
    (the appearance modifiers declared with DECEIVES_UNDECEIVABLE)."""
    role = check(play, play.target, "secret_role", undeceivable=True)
    share_with_mafia(play, "oracle_role", target=play.target, secret_role=role)


def social_engineering(play: Play) -> None:
    """Социальная инженерия: from the next night, every night, the colour of a random card of the
    target's deck."""
    play.effect("social_engineering", target=play.target, during=onwards(NEXT_NIGHT),
                card=play.spec.id)


def _social_engineering_tick(res: Resolution, effects: list[Effect]) -> None:
    state = res.state
    if not state.is_night:
        return
    for effect in effects:
        if effect.source is None or effect.target is None or not state.player(effect.source).alive:
            continue
        seen = _check_outside(res, effect.source, effect.target, "deck_colours", str(effect.params["card"]),
                              lambda pid: _deck_colour(state, pid))
        tell_or_share(state, effect.source, "social_engineering_colour", target=effect.target,
                      colour=seen[0] if seen else None)


REGISTRIES.declare("social_engineering", social_engineering,
                   effects=(EffectKind("social_engineering", tick=_social_engineering_tick),))


def psychoanalysis(play: Play) -> None:
    """Психоанализ: a random one of the colours of the target's secret role (as checks see them); may go
    into the upper stance for 2 phases."""
    colours = check(play, play.target, "colours")
    colour = play.state.random.choice(colours) if colours else None
    play.tell(play.actor, "psychoanalysis_colour", target=play.target, colour=colour)
    if play.params.get("upper"):
        set_stance(play.state, play.actor, "upper", 2)


def _psychoanalysis_cost(state: GameState, value: int, *, pid: int, spec: Any, **_: Any) -> int:
    """(Верхняя стойка: не требует цены.)"""
    return value - spec.cost if stance(state, pid) == "upper" else value


REGISTRIES.declare("psychoanalysis", psychoanalysis, queries=(Query("cost", _psychoanalysis_cost, own=True),))


def open_investigation(play: Play) -> None:
    """Начать расследование: the role as checks see it now, told 4 phases later; a mafia, Маньяк or
    Предатель target learns at once who opened it."""
    role = check(play, play.target, "secret_role")
    now = play.state.phase
    play.effect("investigation", target=play.actor,
                during=between(now + INVESTIGATION_DELAY, now + INVESTIGATION_DELAY),
                subject=play.target, secret_role=role, opened=now)
    if play.state.player(play.target).faction in ("mafia", "maniac", "traitor"):
        play.tell(play.target, "investigation_opened", actor=play.actor)


def _investigation_tick(res: Resolution, effects: list[Effect]) -> None:
    for effect in effects:
        if effect.target is not None:
            res.state.emit("investigation_result", "player", effect.target, target=effect.params["subject"],
                           secret_role=effect.params["secret_role"], phase=effect.params["opened"])


REGISTRIES.declare("open_investigation", open_investigation,
                   effects=(EffectKind("investigation", tick=_investigation_tick, own=True),))


def deductive_method(play: Play) -> None:
    """Дедуктивный метод: the colours of 1 + (earlier plays of it) random Hand cards; a Взятие показаний
    to the Sleeve; then one own Hand card (the chosen one, else a random one; not a Пустышка nor a Долг)
    becomes a Пустышка — if none can, 1 damage."""
    state = play.state
    earlier = sum(1 for r in state.history if r.actor == play.actor and r.card == play.spec.id and r.phase < state.phase
                  and not r.fake)
    colours = check(play, play.target, "hand_colours",
                    truth=lambda pid: random_hand_colours(state, pid, 1 + earlier))
    share_with_mafia(play, "deductive_colours", target=play.target, colours=colours)
    new_card_to_sleeve(state, play.actor, "testimony")
    eligible = [c for c in play.me.hand if c.card != "dummy" and not copy_has(c, "no_transform")]  # «кроме пустышки и долга»
    chosen = {int(str(uid)) for uid in play.params.get("to_dummy") or ()}
    picked = [c for c in eligible if c.uid in chosen] or ([state.random.choice(eligible)] if eligible else [])
    before = picked[0].card if picked else None
    if picked and transform(state, picked[0], "dummy"):
        play.tell(play.actor, "deductive_dummy", named=before)
    else:
        play.damage(play.actor, 1)
        play.tell(play.actor, "deductive_dummy", named=None)


REGISTRIES.declare("deductive_method", deductive_method)


def informants(play: Play) -> None:
    """Доносчики: every phase from this one, the colour of a random Hand card of a random living
    character (other than the player)."""
    play.effect("informants", target=play.actor, during=UNTIL_END, card=play.spec.id,
                since=play.state.phase)
    _inform(play.res, play.actor, play.spec.id)


def _inform(res: Resolution, pid: int, card: str) -> None:
    state = res.state
    others = [p.pid for p in state.living() if p.pid != pid]
    if not others:
        return
    target = state.random.choice(others)
    colours = _check_outside(res, pid, target, "hand_colours", card, lambda read: random_hand_colours(state, read, 1))
    tell_or_share(state, pid, "informants_colour", target=target, colour=colours[0] if colours else None)


def _informants_tick(res: Resolution, effects: list[Effect]) -> None:
    for effect in effects:
        # the phase it is played in is told by the card itself (this phase's tick ran before it)
        if effect.target is not None and int(str(effect.params.get("since", -1))) < res.state.phase:
            _inform(res, effect.target, str(effect.params["card"]))


REGISTRIES.declare("informants", informants, effects=(EffectKind("informants", tick=_informants_tick, own=True),))


# ---- Маскировка ----

def substitution(play: Play) -> None:
    """Подмена: this phase every check aimed at the player reads the chosen character instead."""
    play.effect("substitution", target=play.actor, during=THIS_PHASE, chosen=play.target, lower=lower(play))


@only_while("substitution")
def _substitute(state: GameState, value: int, **_: Any) -> int:
    for effect in state.effects_of("substitution", target=value):
        return int(str(effect.params["chosen"]))
    return value


def _attempts_report(kind: str) -> Any:
    """(Нижняя стойка): the holder learns who tried to check them this phase."""

    @only_while(kind)
    def report(res: Resolution) -> None:
        state = res.state
        for effect in state.effects_of(kind):
            if effect.target is None or not effect.params.get("lower") or not state.player(effect.target).alive:
                continue
            who = sorted({c.observer for c in checks_of(state, aimed_at=effect.target) if c.observer != effect.target})
            state.emit("check_attempts", "player", effect.target, card=kind, pids=who)

    return report


REGISTRIES.declare("substitution", substitution, priority=EARLY,
                   queries=(Query("check_target", _substitute, layer=40),),
                   steps=(Step("substitution_report", STEP_SUBSTITUTION_REPORT, _attempts_report("substitution")),),
                   effects=(EffectKind("substitution", own=True),))


def mirror(play: Play) -> None:
    """Зеркало: this phase every check aimed at the player reads the checker instead."""
    play.effect("mirror", target=play.actor, during=THIS_PHASE, lower=lower(play))


@only_while("mirror")
def _mirror(state: GameState, value: int, *, observer: int, **_: Any) -> int:
    return observer if state.effects_of("mirror", target=value) else value


REGISTRIES.declare("mirror", mirror, priority=EARLY,
                   queries=(Query("check_target", _mirror, layer=60),),
                   steps=(Step("mirror_report", STEP_MIRROR_REPORT, _attempts_report("mirror")),),
                   effects=(EffectKind("mirror", own=True),))


@REGISTRIES.card("shadow")
def shadow(play: Play) -> None:
    """Тень: to the end of the game any Sleeve card may be played as Зеркало."""
    grant_play_as(play, "mirror")


def darkness(play: Play) -> None:
    """Темнота: this phase every check the target makes gives a random result (a disguise on the checked
    character still shows); lower stance: the player learns whether the target checked."""
    play.effect("darkness", target=play.target, during=THIS_PHASE, lower=lower(play))


@only_while("darkness")
def _darkness(state: GameState, value: Any, *, observer: int, aspect: str, **_: Any) -> Any:
    if state.effects_of("darkness", target=observer):  # (the Лампа cancels a Темнота played on its holder)
        return random_result(state, aspect, value)
    return value


@only_while("darkness")
def _darkness_report(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("darkness"):
        if effect.params.get("lower") and effect.source is not None and effect.target is not None \
                and state.player(effect.source).alive:
            checked = bool(checks_of(state, observer=effect.target))
            state.emit("darkness_checked" if checked else "darkness_unchecked", "player", effect.source,
                       target=effect.target)


REGISTRIES.declare("darkness", darkness, priority=EARLY, check=not_twice_on("darkness"), alters_checks=True,
                   queries=(Query("appearance", _darkness, layer=RANDOMISER_LAYER),),
                   steps=(Step("darkness_report", STEP_DARKNESS_REPORT, _darkness_report),),
                   effects=(EffectKind("darkness"),))


def shelter(play: Play) -> None:
    """Укрытие: this phase and the next, 1 armor, and every check aimed at the player gives a random
    result (as Темнота)."""
    armor_for_phases(play, play.actor, 1, during=n_phases(2))
    play.effect("shelter", target=play.actor, during=n_phases(2))


@only_while("shelter")
def _shelter(state: GameState, value: Any, *, target: int, aspect: str, **_: Any) -> Any:
    return random_result(state, aspect, value) if state.effects_of("shelter", target=target) else value


REGISTRIES.declare("shelter", shelter, priority=EARLY,
                   queries=(Query("appearance", _shelter, layer=RANDOMISER_LAYER),),
                   effects=(EffectKind("shelter", own=True),))


def escape_routes(play: Play) -> None:
    """Пути отступления: if the target checks the player this phase, it takes 2 (lower: 3) damage in
    the next phase."""
    play.effect("escape_routes", target=play.target, during=THIS_PHASE, card=play.spec.id,
                amount=ESCAPE_DAMAGE_LOWER if lower(play) else ESCAPE_DAMAGE)


@only_while("escape_routes")
def _escape_routes(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("escape_routes"):
        if effect.target is None or effect.source is None or not state.player(effect.target).alive:
            continue
        if checks_of(state, observer=effect.target, aimed_at=effect.source):
            state.add_effect("damage_each_phase", target=effect.target, source=effect.source, during=NEXT_PHASE,
                             amount=effect.params["amount"], card=effect.params["card"])


REGISTRIES.declare("escape_routes", escape_routes,
                   steps=(Step("escape_routes", STEP_ESCAPE_ROUTES, _escape_routes),),
                   effects=(EffectKind("escape_routes"),))


def mimicry(play: Play) -> None:
    """Мимикрия: to the end of the game, after each check aimed at the player, the colour of a random
    Hand card of the checker (a reaction, not a check)."""
    play.effect("mimicry", target=play.actor, during=UNTIL_END)


@only_while("mimicry")
def _mimicry(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of("mimicry"):
        holder = effect.target
        if holder is None or not state.player(holder).alive:
            continue
        for record in checks_of(state, aimed_at=holder):
            if record.observer == holder:
                continue
            colours = random_hand_colours(state, record.observer, 1)
            state.emit("mimicry_colour", "player", holder, colour=colours[0] if colours else None)


REGISTRIES.declare("mimicry", mimicry, steps=(Step("mimicry", STEP_MIMICRY, _mimicry),),
                   effects=(EffectKind("mimicry", own=True),))


# ---- Контроль ----

def inspection(play: Play) -> None:
    """Досмотр: is the named card in the target's Sleeve? (Мафия и Маньяк, Обвинение: if it is, 3 copies
    to the player's Sleeve.)"""
    named = str(play.params["card"])
    found = bool(check(play, play.target, "sleeve_has",
                       truth=lambda pid: any(c.card == named for c in play.state.player(pid).sleeve)))
    play.tell(play.actor, "inspection_found" if found else "inspection_missing", target=play.target, named=named)
    if found and play.me.faction in ("mafia", "maniac") and accusation_hits(play):
        for _ in range(INSPECTION_COPIES):
            new_card_to_sleeve(play.state, play.actor, named)
        play.tell(play.actor, "inspection_copies", named=named, count=INSPECTION_COPIES)


def _not_on_mafia(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """(Мафия: Нельзя применять на других членов Мафии.)"""
    target = params.get("target")
    if state.player(pid).secret_role in MAFIA_ROLES and isinstance(target, int) \
            and state.player(target).secret_role in MAFIA_ROLES:
        raise Refusal("invalid_target", card="inspection", target=target, reason="not_on_mafia")


REGISTRIES.declare("inspection", inspection, check=_not_on_mafia)
