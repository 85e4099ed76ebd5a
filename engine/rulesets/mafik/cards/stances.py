"""The stance cards (issue 15, stances): Сенсей, Посредственность, Обесценивание заслуг, Побоище,
Наставничество, Похвальба, Передняя передача, Задняя передача, Курсы, and Военкомат.

The mechanism (docs/rulings/mafik-stances.md):
- every stance a card gives goes through `set_stance` (cards/common.py), which asks the query
  `may_change_stance` (Посредственность refuses) and records the change for this phase's conflicts
  (`stance_changes`: Наставничество);
- what the stance IS is `costs.stance`, folded through the query `stance` (Обесценивание заслуг holds it
  in the normal one); what checks SEE of it is the `appearance` query on the aspect `stance`
  (Посредственность: the normal one);
- what a stance allows is asked of the queries `stance_extra_plays` (orders.hand_limit) and
  `stance_surcharge` (costs.card_cost): Курсы makes them 2.
A stance «на 2 фазы» a card gives is the two phases after this one (the card acts as the phase ends).
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.checks import learn
from engine.core.durations import NEXT_PHASE, UNTIL_END, n_phases
from engine.core.profile import PanelFact
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import Effect, GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    end_effects,
    grant_play_as,
    lasting,
    may_change_stance,
    set_stance,
    stance_changes,
)
from engine.rulesets.mafik.costs import stance
from engine.rulesets.mafik.order import STEP_MENTORSHIP
from engine.rulesets.mafik.registry import REGISTRIES

STANCE_PHASES = 2  # «на 2 фазы», «на следующие 2 фазы»
FOR_TWO_PHASES = n_phases(STANCE_PHASES, starting=NEXT_PHASE)
NON_NORMAL = ("upper", "lower")
EARLY = 10  # Посредственность acts before the other cards of its phase (as the disguises do)
LOCK_PHASES = 2  # Обесценивание заслуг: «Ближайшие 2 фазы (Обвинение: +2 фазы за каждую угаданную карту)»
LOCK_PER_HIT = 2
COURSES_EXTRA = 2  # Курсы: «дополнительно до 2-х карт … Штраф также увеличивается до 2-х»
BRAWL_CHOSEN_SURCHARGE = 1  # Побоище: Цена 2, (Цена 3: выбранную)


def _stance_option(play: Play, param: str = "stance") -> None:
    """«Можете перейти в любую стойку на 2 фазы»: the chosen one, if any."""
    chosen = play.params.get(param)
    if isinstance(chosen, str):
        set_stance(play.state, play.actor, chosen, during=FOR_TWO_PHASES, play=play)


# ---------------------------------------------------------------- Сенсей

def sensei(play: Play) -> None:
    """Until the end of the game the player sees every player's stance: a check of each living player's
    stance as each phase begins (`_sensei_sees`). By choice, any stance for the next 2 phases."""
    if not lasting(play.state, play.actor, play.spec.id):
        play.effect("sensei", target=play.actor, during=UNTIL_END, card=play.spec.id)
    _stance_option(play)


def _sensei_sees(state: GameState, effects: list[Effect]) -> None:
    """As each phase begins, each Сенсей checks the stance of every other living player (recorded checks:
    a disguise answers) and is told who stands in which one; the effect keeps it for the panel."""
    from engine.core.ruleset import get_ruleset

    ruleset = get_ruleset("mafik")
    done: set[int] = set()
    for effect in effects:
        holder = effect.target
        if holder is None or holder in done:
            continue
        done.add(holder)
        seen: dict[str, list[JsonValue]] = {"upper": [], "lower": [], "normal": []}
        for player in state.living():
            if player.pid != holder:
                seen.setdefault(str(learn(ruleset, state, holder, player.pid, "stance", card="sensei")), []) \
                    .append(player.pid)
        for which, pids in seen.items():
            if pids:
                state.emit(f"sensei_{which}", "player", holder, pids=pids)
        effect.params["seen"] = {k: v for k, v in seen.items() if v}


def _sensei_panel(state: GameState, value: list[PanelFact], *, pid: int, **_: Any) -> list[PanelFact]:
    """The panel lists the stances the Сенсей saw as this phase began."""
    effects = [e for e in state.effects_of("sensei", target=pid) if isinstance(e.params.get("seen"), dict)]
    if not effects:
        return value
    seen = effects[0].params["seen"]
    assert isinstance(seen, dict)
    return [*value, *(PanelFact(f"panel_mafik.sensei_{which}", {"pids": list(pids)})
                      for which, pids in seen.items() if isinstance(pids, list))]


REGISTRIES.declare("sensei", sensei, queries=(Query("panel_facts", _sensei_panel),),
                   effects=(EffectKind("sensei", own=True, start=_sensei_sees, status=False),))


# ---------------------------------------------------------------- Посредственность

def mediocrity(play: Play) -> None:
    """Until the end of the game every check sees the player in the normal stance, and no card changes
    the player's stance (his own included)."""
    if not lasting(play.state, play.actor, play.spec.id):
        play.effect("mediocrity", target=play.actor, during=UNTIL_END, card=play.spec.id)


def _mediocre_appearance(state: GameState, value: Any, *, target: int, aspect: str, **_: Any) -> Any:
    return "normal" if aspect == "stance" and state.effects_of("mediocrity", target=target) else value


def _mediocre_unchanged(state: GameState, value: bool, *, pid: int, **_: Any) -> bool:
    return value and not state.effects_of("mediocrity", target=pid)


# below Видимость величия (51): a stance the player chose to show for two phases is what checks see
REGISTRIES.declare("mediocrity", mediocrity, priority=EARLY,
                   queries=(Query("appearance", _mediocre_appearance, layer=49),
                            Query("may_change_stance", _mediocre_unchanged)),
                   effects=(EffectKind("mediocrity", own=True),))


# ---------------------------------------------------------------- Обесценивание заслуг

def discrediting(play: Play) -> None:
    """The target goes into the normal stance at once (its stance effects end) and cannot leave it for the
    next 2 phases (+2 per card of a right Обвинение). A card that changes no stance of the target
    (Посредственность) does nothing."""
    state = play.state
    if not may_change_stance(state, play.target, "normal", play.spec.id):
        return
    end_effects(state, "stance", play.target)
    phases = LOCK_PHASES + LOCK_PER_HIT * accusation_hits(play)
    play.effect("stance_lock", target=play.target, during=n_phases(phases, starting=NEXT_PHASE), card=play.spec.id)


@only_while('stance_lock')
def _locked(state: GameState, value: str, *, pid: int, **_: Any) -> str:
    """While locked, the player stands in the normal stance whatever the stance cards say."""
    return "normal" if state.effects_of("stance_lock", target=pid) else value


REGISTRIES.declare("discrediting", discrediting, queries=(Query("stance", _locked),),
                   effects=(EffectKind("stance_lock"),))


# ---------------------------------------------------------------- Побоище

def brawl(play: Play) -> None:
    """Every living player (the actor too) goes into a random non-normal stance for the next 2 phases,
    each his own draw; with Цена 3, the chosen one."""
    state = play.state
    chosen = play.params.get("stance")
    for player in state.living():
        which = str(chosen) if isinstance(chosen, str) else state.random.choice(NON_NORMAL)
        set_stance(state, player.pid, which, during=FOR_TWO_PHASES, play=play)


def _brawl_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], cheapest: bool = False,
                **_: Any) -> int:
    """(Цена 3: выбранную): choosing the stance costs 1 more."""
    if spec.id == "brawl" and params.get("stance") and not cheapest:
        return value + BRAWL_CHOSEN_SURCHARGE
    return value


REGISTRIES.declare("brawl", brawl, queries=(Query("cost", _brawl_cost, own=True),))


# ---------------------------------------------------------------- Наставничество

def mentorship(play: Play) -> None:
    """The target takes the chosen stance for the next 2 phases — decided once every card of the phase
    has acted (`_mentor`), since another stance card on the same target makes it random."""
    play.res.scratch.setdefault("mentorships", []).append(play)


def _mentor(res: Resolution) -> None:
    """«Если цель уже стоит в любой стойке, кроме обычной, или на неё сыграны карты подобного типа, то
    выбирается случайная стойка, кроме обычной»: the stance as the phase's effects began; another card
    that changed its stance this phase, or another Наставничество on it."""
    pending: list[Play] = res.scratch.get("mentorships", [])
    before = res.scratch.get("stances", {})
    for play in pending:
        target = play.target
        if play.options.get("cancelled") or not res.state.player(target).alive:
            continue
        others = stance_changes(play, target) + sum(1 for p in pending if p is not play and p.target == target)
        now = str(before.get(target) or stance(res.state, target))
        which = str(play.params["stance"])
        if now != "normal" or others:
            which = res.state.random.choice(NON_NORMAL)
        set_stance(res.state, target, which, during=FOR_TWO_PHASES, play=play)


REGISTRIES.declare("mentorship", mentorship, steps=(Step("mentorship", STEP_MENTORSHIP, _mentor),))


# ---------------------------------------------------------------- Похвальба

def bragging(play: Play) -> None:
    """One target into the upper stance, the other into the lower one, for the next 2 phases."""
    for param, which in (("to_upper", "upper"), ("to_lower", "lower")):
        target = play.params.get(param)
        if isinstance(target, int) and play.state.player(target).alive:
            set_stance(play.state, target, which, during=FOR_TWO_PHASES, play=play)


def _two_targets(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """«Выберите 2 цели»: two different characters."""
    if params.get("to_upper") is not None and params.get("to_upper") == params.get("to_lower"):
        raise Refusal("invalid_target", card="bragging", target=params.get("to_lower"), reason="same_target")


REGISTRIES.declare("bragging", bragging, check=_two_targets)


# ---------------------------------------------------------------- Передняя / Задняя передача

@REGISTRIES.card("forward_gear")
def forward_gear(play: Play) -> None:
    set_stance(play.state, play.actor, "upper", during=FOR_TWO_PHASES, play=play)


@REGISTRIES.card("reverse_gear")
def reverse_gear(play: Play) -> None:
    set_stance(play.state, play.actor, "lower", during=FOR_TWO_PHASES, play=play)


# ---------------------------------------------------------------- Курсы

def courses(play: Play) -> None:
    """From now on, in the chosen stance the player may play up to 2 more Hand cards of its colours, and
    the other stance's colours cost 2 more."""
    which = str(play.params["stance"])
    if not any(e.params.get("stance") == which for e in play.state.effects_of("courses", target=play.actor)):
        play.effect("courses", target=play.actor, during=UNTIL_END, stance=which, card=play.spec.id)


def _trained(state: GameState, pid: int, now: str) -> bool:
    return any(e.params.get("stance") == now for e in state.effects_of("courses", target=pid))


def _courses_plays(state: GameState, value: int, *, pid: int, stance: str, **_: Any) -> int:
    return max(value, COURSES_EXTRA) if _trained(state, pid, stance) else value


def _courses_surcharge(state: GameState, value: int, *, pid: int, stance: str, **_: Any) -> int:
    return max(value, COURSES_EXTRA) if _trained(state, pid, stance) else value


REGISTRIES.declare("courses", courses,
                   queries=(Query("stance_extra_plays", _courses_plays), Query("stance_surcharge", _courses_surcharge)),
                   effects=(EffectKind("courses", own=True, status=False),))


# ---------------------------------------------------------------- Военкомат

@REGISTRIES.card("draft_office")
def draft_office(play: Play) -> None:
    """Until the end of the game any Sleeve card may be played as a Повестка."""
    grant_play_as(play, "summons")
