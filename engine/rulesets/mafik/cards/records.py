"""The cards that look back: they read the records of plays, damage, armor and votes (engine/rulesets/mafik/
history.py) — every look at past plays through `past_plays`. Rulings: docs/rulings/mafik-records.md."""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.checks import learn
from engine.core.durations import FROM_NEXT_PHASE, NEXT_NIGHT, NEXT_PHASE, UNTIL_END, n_phases, onwards
from engine.core.params import last_night
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import Effect, GameState, JsonValue, PlayRecord
from engine.rulesets.mafik.cards.common import (
    guessed_role,
    lasting,
    lower,
    new_card_to_sleeve,
    not_twice_on,
    set_stance,
    share_with_mafia,
    upper,
)
from engine.rulesets.mafik.history import (
    armor_had,
    council_phases,
    damage_in,
    describe,
    looked_back,
    past_plays,
    votes_at,
)
from engine.rulesets.mafik.order import STEP_EAGLE_EYE, STEP_GUARD_SCHEDULE, STEP_WHAT_DOESNT_KILL_ME
from engine.rulesets.mafik.registry import BLANK, CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import MAFIA_ROLES

ARCHIVE_DEPTH = 5  # Поднять архивы: "5 фаз назад"
FLASHBACK_COPIES = 2  # Флешбек (Мафия): "по 2 копии этой карты"
FINGERPRINTS_DAMAGE = 3
CRIME_SCENE_DAMAGE = 2
SPY_MACHINE_SURCHARGE = {"earlier_vote": 1, "votes_for_them": 3}  # "Цена 1: …", "Цена 3: …"


def _own_record(play: Play) -> PlayRecord | None:
    """This play's own record (a card that lists what was played leaves itself out)."""
    found: PlayRecord | None = play.res.scratch.get("records", {}).get(id(play))
    return found


def _others(play: Play, records: list[PlayRecord]) -> list[PlayRecord]:
    own = _own_record(play)
    return [r for r in records if r is not own]


def _colour(card_id: str) -> str:
    return CATALOG[card_id].colour


# ---- Флешбек ----

def flashback(play: Play) -> None:
    """A past phase, a target and a non-peaceful card: did the target play it then? (Мафия: on a hit, every
    member of the mafia gets 2 copies of that card into the Sleeve.)"""
    state, target = play.state, play.target
    phase, named = int(play.params["phase"]), str(play.params["card"])
    hit = any(r.card == named for r in past_plays(state, play.actor, actor=target, phases=[phase], card=play.spec.id))
    play.tell(play.actor, "flashback_played" if hit else "flashback_not_played", target=target, phase=phase,
              named=named)
    if hit and play.by_mafia:
        for member in state.living():
            if member.faction == "mafia":
                for _ in range(FLASHBACK_COPIES):
                    new_card_to_sleeve(state, member.pid, named)
        state.emit("flashback_copies", "faction", "mafia", card=play.spec.id, actor=play.actor, named=named,
                   n=FLASHBACK_COPIES)


def _flashback_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """(Мафия: нельзя играть на других членов Мафии; нельзя играть на одну и ту же цель дважды.)"""
    if state.player(pid).faction != "mafia":
        return
    target = params.get("target")
    if isinstance(target, int) and state.player(target).faction == "mafia":
        raise Refusal("invalid_target", card="flashback", target=target, reason="mafia_member")
    not_twice_on("flashback")(state, pid, params)


REGISTRIES.declare("flashback", flashback, check=_flashback_check)


# ---- Дактилоскопия ----

def dactyloscopy(play: Play) -> None:
    """Strictly by day: did the target damage the chosen character who died last night, that night?
    (Мафия: a right guess of the target's role gives copies of the cards it damaged that character with.)"""
    state, target, dead = play.state, play.target, int(play.params["dead"])
    records = damage_in(state, last_night(state), source=target, target=dead, observer=play.actor, card=play.spec.id)
    play.tell(play.actor, "dactyloscopy_damaged" if records else "dactyloscopy_not_damaged", target=target, pid=dead)
    role = play.params.get("role")
    if role and guessed_role(play, target, role):
        cards = sorted({r.card for r in records if r.card})
        for card in cards:
            new_card_to_sleeve(state, play.actor, card)
        if cards:
            play.tell(play.actor, "dactyloscopy_copies", target=target, cards=cards)


def _dactyloscopy_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """"Назвать Тайную роль цели, кроме роли Мафии"."""
    if params.get("role") in MAFIA_ROLES:
        raise Refusal("bad_param", card="dactyloscopy", param="role", kind="secret_role", reason="mafia_role")


REGISTRIES.declare("dactyloscopy", dactyloscopy, check=_dactyloscopy_check)


# ---- Пропускной контроль ----

@REGISTRIES.card("checkpoint")
def checkpoint(play: Play) -> None:
    """Strictly by day: who else played at least one card this day (Шпион: the whole mafia learns it)."""
    records = past_plays(play.state, play.actor, phases=[play.state.phase], card=play.spec.id)
    share_with_mafia(play, "checkpoint_report", pids=sorted({r.actor for r in records if r.actor != play.actor}))


# ---- Поднять архивы ----

def _archives_report(state: GameState, observer: int, watched: int, card: str, *, first: bool = False) -> None:
    phase = state.phase - ARCHIVE_DEPTH
    if phase < 1:  # the game had not begun: said once, at the play
        if first:
            state.emit("archives_nothing_yet", "player", observer, card=card, target=watched)
        return
    cards = [r.card for r in past_plays(state, observer, actor=watched, phases=[phase], card=card)]
    state.emit("archives_report", "player", observer, card=card, target=watched, phase=phase, cards=cards)


def pull_the_archives(play: Play) -> None:
    """What the player played 5 phases ago — now, and every following phase, 5 phases back from it."""
    _archives_report(play.state, play.actor, play.target, play.spec.id, first=True)
    play.effect("archives_watch", target=play.actor, during=FROM_NEXT_PHASE, watched=play.target, card=play.spec.id)


def _archives_tick(res: Resolution, effects: list[Effect]) -> None:
    for effect in effects:
        if effect.target is not None:
            _archives_report(res.state, effect.target, int(effect.params["watched"]), str(effect.params["card"]))


REGISTRIES.declare("pull_the_archives", pull_the_archives,
                   effects=(EffectKind("archives_watch", tick=_archives_tick, own=True),))


# ---- Шпионский автомат ----

def spy_machine(play: Play) -> None:
    """Whom the target voted for at the previous vote (Цена 1: an earlier vote); Цена 3: who voted for the
    target at the previous vote."""
    state, target = play.state, play.target
    mode = str(play.params["mode"])
    held = council_phases(state)
    phase = int(play.params["vote"]) if mode == "earlier_vote" else (held[0] if held else None)
    votes = votes_at(state, phase) if phase is not None else []
    asked = [v for v in votes if (v.target == target if mode == "votes_for_them" else v.voter == target)]
    looked_back(state, play.actor, card=play.spec.id, actor=None if mode == "votes_for_them" else target,
                phases=[phase] if phase is not None else [], found=[(v.voter, v.phase) for v in asked])
    if not votes:
        play.tell(play.actor, "spy_machine_no_vote", target=target)
        return
    if mode == "votes_for_them":
        voters = sorted(v.voter for v in votes if v.target == target)
        play.tell(play.actor, "spy_machine_voters", target=target, phase=phase, pids=voters)
        return
    vote = next((v for v in votes if v.voter == target), None)
    if vote is None:  # the target did not vote then (not alive)
        play.tell(play.actor, "spy_machine_no_vote", target=target)
    else:
        play.tell(play.actor, "spy_machine_vote", target=target, phase=phase, to=vote.target)


def _spy_machine_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], **_: Any) -> int:
    """The mode decides the cost: 0, «Цена 1» for an earlier vote, «Цена 3» for who voted for the target."""
    return value + SPY_MACHINE_SURCHARGE.get(str(params.get("mode")), 0)


REGISTRIES.declare("spy_machine", spy_machine, queries=(Query("cost", _spy_machine_cost, own=True),))


# ---- Журнал Посещений ----

@REGISTRIES.card("visit_log")
def visit_log(play: Play) -> None:
    """A dead target: everyone else who ever played a card on it."""
    records = past_plays(play.state, play.actor, target=play.target, card=play.spec.id)
    play.tell(play.actor, "visit_log_report", target=play.target,
              pids=sorted({r.actor for r in records if r.actor != play.actor}))


# ---- Расписание охраны ----

def guard_schedule(play: Play) -> None:
    """Told once this phase's armor is known (the step below)."""
    play.res.scratch.setdefault("guard_schedule", []).append(play)


def _guard_schedule_report(res: Resolution) -> None:
    """The armor the target had this phase (upper: and the last one), the Маньяк's blood armor not
    counted; (Мафия и Предатель:) how many cards it played this phase and the last."""
    state = res.state
    now = state.phase
    for play in res.scratch.get("guard_schedule", []):
        phases = [now, now - 1] if upper(play) and now > 1 else [now]
        for phase in phases:
            play.tell(play.actor, "guard_schedule_armor", target=play.target, phase=phase,
                      n=armor_had(state, play.target, phase))
        if play.by_mafia or play.me.secret_role == "traitor":
            played = past_plays(state, play.actor, actor=play.target, phases=[now, now - 1], card=play.spec.id)
            play.tell(play.actor, "guard_schedule_plays", target=play.target, n=len(played))


REGISTRIES.declare("guard_schedule", guard_schedule,
                   steps=(Step("guard_schedule", STEP_GUARD_SCHEDULE, _guard_schedule_report),))


# ---- Орлиный взор ----

def eagle_eye(play: Play) -> None:
    """Told once this night's damage is settled (the step below)."""
    play.res.scratch.setdefault("eagle_eye", []).append(play)


def _eagle_eye_copies(res: Resolution) -> None:
    """Copies of the cards that damaged the player this night (one per source and card) into the Sleeve;
    upper: who dealt it with them."""
    state = res.state
    for play in res.scratch.get("eagle_eye", []):
        records = [r for r in damage_in(state, state.phase, target=play.actor) if r.card]
        for record in records:
            assert record.card is not None
            new_card_to_sleeve(state, play.actor, record.card)
        play.tell(play.actor, "eagle_eye_copies", cards=[r.card for r in records])
        if upper(play) and records:
            play.tell(play.actor, "eagle_eye_sources",
                      plays=[{"card": r.card, "targets": [r.source] if r.source is not None else []} for r in records])


REGISTRIES.declare("eagle_eye", eagle_eye, steps=(Step("eagle_eye", STEP_EAGLE_EYE, _eagle_eye_copies),))


# ---- Что меня не убивает... ----

def what_doesnt_kill_me(play: Play) -> None:
    """Until the end, from the next night (lower: from this one): a night's damage all absorbed by armor
    gives copies of the cards that dealt it."""
    if lasting(play.state, play.actor, play.spec.id):
        return
    during = UNTIL_END if (lower(play) and play.state.is_night) else onwards(NEXT_NIGHT)
    play.effect("unbroken", target=play.actor, during=during, card=play.spec.id)


def _unbroken(res: Resolution) -> None:
    state = res.state
    if not state.is_night:
        return
    for effect in state.effects_of("unbroken"):
        pid = effect.target
        if pid is None or not state.player(pid).alive:
            continue
        records = damage_in(state, state.phase, target=pid)
        if not records or any(r.absorbed < r.dealt for r in records):
            continue
        cards = [r.card for r in records if r.card]
        for card in cards:
            new_card_to_sleeve(state, pid, card)
        if cards:
            state.emit("unbroken_copies", "player", pid, card=str(effect.params["card"]), cards=cards)


REGISTRIES.declare("what_doesnt_kill_me", what_doesnt_kill_me,
                   steps=(Step("what_doesnt_kill_me", STEP_WHAT_DOESNT_KILL_ME, _unbroken),),
                   effects=(EffectKind("unbroken", own=True),))


# ---- Эмпатия ----

@REGISTRIES.card("empathy")
def empathy(play: Play) -> None:
    """How many players (the actor included) played cards of the colour this phase; none: a Пустышка into
    the Sleeve. Optionally the lower stance for 2 phases."""
    colour = str(play.params["colour"])
    records = past_plays(play.state, play.actor, phases=[play.state.phase], card=play.spec.id)
    count = len({r.actor for r in records if _colour(r.card) == colour})
    play.tell(play.actor, "empathy_count", colour=colour, n=count)
    if count == 0:
        new_card_to_sleeve(play.state, play.actor, BLANK)
    if play.params.get("lower_stance"):
        set_stance(play.state, play.actor, "lower", during=n_phases(2, starting=NEXT_PHASE), play=play)


# ---- Отпечатки пальцев (Комиссар) ----

@REGISTRIES.card("commissar_fingerprints")
def commissar_fingerprints(play: Play) -> None:
    """Every card played this phase and the last (by anyone; this one left out). Optionally: a named card
    that was played — 3 damage to each other player who played it."""
    now = play.state.phase
    records = _others(play, past_plays(play.state, play.actor, phases=[now - 1, now], card=play.spec.id))
    play.tell(play.actor, "fingerprints_report", cards=sorted(r.card for r in records))
    named = play.params.get("card")
    if play.params.get("punish") and named:
        who = sorted({r.actor for r in records if r.card == named and r.actor != play.actor})
        for pid in who:
            play.damage(pid, FINGERPRINTS_DAMAGE)
        play.tell(play.actor, "fingerprints_punished", named=str(named), pids=who)


# ---- Место преступления (Полицейский) ----

@REGISTRIES.card("policeman_crime_scene")
def policeman_crime_scene(play: Play) -> None:
    """Every card played on each of 2 targets during the whole game, in the order they resolved.
    Optionally: 2 damage to each."""
    for target in play.targets:
        records = _others(play, past_plays(play.state, play.actor, target=target, card=play.spec.id))
        play.tell(play.actor, "crime_scene_report", target=target, plays=describe(records))
    if play.params.get("damage"):
        for target in play.targets:
            play.damage(target, CRIME_SCENE_DAMAGE)


# ---- Улики найдены (Следователь) ----

@REGISTRIES.card("investigator_evidence_found")
def investigator_evidence_found(play: Play) -> None:
    """Every other player who played cards of the 4 colours this phase and the last. Optionally: for each,
    which of those colours are native to them (as a check of their colours sees them)."""
    colours = [str(c) for c in play.params["colours"]]
    now = play.state.phase
    played: dict[int, set[str]] = {}
    for record in past_plays(play.state, play.actor, phases=[now - 1, now], card=play.spec.id):
        colour = _colour(record.card)
        if colour in colours and record.actor != play.actor:
            played.setdefault(record.actor, set()).add(colour)
    play.tell(play.actor, "evidence_report", colours=colours, pids=sorted(played))
    if play.params.get("native"):
        for pid in sorted(played):
            own = learn(play.res.ruleset, play.state, play.actor, pid, "colours")
            native = [c for c in colours if c in played[pid] and isinstance(own, list) and c in own]
            play.tell(play.actor, "evidence_native", pid=pid, colours=native)
