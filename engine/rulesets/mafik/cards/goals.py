"""Goals and counters (issue 15, area goals): Цель and Властный голос (condition trackers,
engine/rulesets/mafik/trackers.py), Психолог (Sleeve cards as Властный голос), Gangstalking (points counted
on players). Rulings: docs/rulings/mafik-goals.md."""

from __future__ import annotations

from engine.cardgame.registries import Query
from engine.core.durations import NEXT_PHASE, n_phases
from engine.core.profile import PanelFact
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    card_message,
    chosen_targets,
    grant_play_as,
    insert_into_deck,
    role_of,
)
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.trackers import track

# ---------------------------------------------------------------- Цель (Усиление)

# Each goal: (metric, threshold, phases of the window). The window begins with the phase after the
# Цель's: «за сутки» = the next 2 phases, «за 2 суток» = the next 4, «за 1 фазу» = the next one.
GOALS: dict[str, tuple[str, int, int]] = {
    "deal_6_damage": ("damage_dealt", 6, 4),
    "block_6": ("armor_given", 6, 4),
    "play_4_in_a_day": ("cards_played", 4, 2),
    "one_colour_for_2_days": ("one_colour", 1, 4),
    "play_4_in_a_phase": ("cards_played", 4, 1),
}
GOAL_REWARD = 4  # «получите 4 карты из колоды в рукав»
GOAL_PENALTY = 3  # «получаете 3 урона, которые нельзя заблокировать»


@REGISTRIES.card("goal")
def goal(play: Play) -> None:
    """The chosen goal is tracked from the next phase; met (early too): 4 deck cards to the Sleeve; the window
    over unmet: the whole Sleeve lost and 3 damage armor does not block."""
    chosen = str(play.params["goal"])
    metric, threshold, phases = GOALS[chosen]
    effect = track(play, metric, during=n_phases(phases, starting=NEXT_PHASE), threshold=threshold,
                   reward={"sleeve": GOAL_REWARD}, penalty={"lose_sleeve": True, "damage": GOAL_PENALTY},
                   met="goal_met", failed="goal_failed", goal=chosen)
    play.tell(play.actor, f"goal_set_{chosen}", until=effect.end)


# ---------------------------------------------------------------- Властный голос (Усиление)

@REGISTRIES.card("commanding_voice")
def commanding_voice(play: Play) -> None:
    """Дневная. The anonymous message to each of 3–5 living targets; if each of them plays a card of one
    same colour in the next phase, the actor and they each get a card into the Hand and one into the Sleeve."""
    text = str(play.params.get("message") or "")
    recipients = list(play.targets)
    for target in recipients:
        card_message(play, target, text)
    track(play, "common_colour", during=NEXT_PHASE, who=recipients, on_actor=False,
          reward={"to": [play.actor, *recipients], "hand": 1, "sleeve": 1},
          met="commanding_voice_met", failed="commanding_voice_failed")


# ---------------------------------------------------------------- Психолог (Усиление)

@REGISTRIES.card("psychologist")
def psychologist(play: Play) -> None:
    """To the end of the game any Sleeve card may be played as Властный голос."""
    grant_play_as(play, "commanding_voice")


# ---------------------------------------------------------------- Gangstalking (Поддержка)

POINTS = "gangstalking_points"  # the player counter (PlayerState.flags) of Gangstalking points
STEP_POINTS = 2  # «Цель получает 2 очка»
REVEAL_AT = 6  # «как минимум 6 очков»
SPREAD = 2  # «по две карты Gangstalking»
SEES_POINTS = ("spy", "traitor")  # «Шпион и Предатель всегда знают, сколько на ком очков»


def gangstalking(play: Play) -> None:
    """Three modes. `add_points` / `clear_points` are gathered and settled after every card of the phase
    (`_settle_points`), so the order of resolution changes nothing: a target cleared this phase ends with
    no points whatever was added; else each add gives 2 and, at 6 or more, everyone who played Gangstalking
    on the target this phase learns its Secret role. `spread`: two new Gangstalking into each of the three
    targets' decks, at random places."""
    mode = str(play.params["mode"])
    if mode == "spread":
        for target in play.targets:
            for _ in range(SPREAD):
                insert_into_deck(play.state, target, "gangstalking")
        play.tell(play.actor, "gangstalking_spread", pids=list(play.targets))
        return
    pending = play.res.scratch.setdefault(POINTS, {})
    entry = pending.setdefault(play.target, {"add": 0, "clear": False})
    if mode == "add_points":
        entry["add"] += STEP_POINTS
    else:
        entry["clear"] = True


def _settle_points(res: Resolution) -> None:
    state = res.state
    pending: dict[int, dict[str, int | bool]] = res.scratch.get(POINTS, {})
    for target, entry in sorted(pending.items()):
        player = state.player(target)
        if entry["clear"]:
            player.flags.pop(POINTS, None)
            continue
        if not player.alive or not entry["add"]:
            continue
        points = player.flags.get(POINTS, 0) + int(entry["add"])
        player.flags[POINTS] = points
        if points < REVEAL_AT:
            continue
        told: set[int] = set()
        for play in res.plays:
            if play.spec.id == "gangstalking" and play.actor not in told and target in chosen_targets(play) \
                    and play.actor != target and state.player(play.actor).alive:
                told.add(play.actor)
                play.tell(play.actor, "gangstalking_role", target=target, n=points,
                          secret_role=role_of(play, target))


def _gangstalking_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """«Можно играть на себя» is said of the clearing and the spreading modes only."""
    if params.get("mode") == "add_points" and params.get("target") == pid:
        raise Refusal("invalid_target", card="gangstalking", target=pid, reason="gangstalking_not_self")


def _points_on_panel(state: GameState, facts: list[PanelFact], *, pid: int, **_: object) -> list[PanelFact]:
    """The Шпион and the Предатель always see how many points are on whom (the living with any)."""
    if state.player(pid).secret_role not in SEES_POINTS or not state.player(pid).alive:
        return facts
    counts = [PanelFact("panel_goals.gangstalking", {"pid": p.pid, "n": p.flags[POINTS]})
              for p in state.living() if p.flags.get(POINTS)]
    return [*facts, *counts]


REGISTRIES.declare("gangstalking", gangstalking, check=_gangstalking_check, trigger=_settle_points,
                   queries=(Query("panel_facts", _points_on_panel),),
                   counters={POINTS: lambda params: {"n": params["n"]}})
