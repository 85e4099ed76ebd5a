"""The Вече cards (Контроль, Хаос): Дипломатический перевес, Все средства хороши, Устрашение, Смертная казнь,
Обнуление сроков, Индульгенция, Подделка, Шантаж, Право вето.

They act through the Вече's queries (engine/rulesets/mafik/council.py): `votes_against`, `can_target`
(by="vote"), `vote_strength`, `forced_votes`, `leader`, `forced_punishment`, and a step after the Вече that
reads the votes it counted (`state.vote_log`). Readings: docs/rulings/mafik-veche.md.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.abilities import granted_by
from engine.core.durations import NEXT_DAY, NEXT_PHASE, THIS_PHASE, UNTIL_USED, n_phases
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import grant_ability, lower, upper
from engine.rulesets.mafik.council import DEATH, ranked
from engine.rulesets.mafik.order import STEP_INTIMIDATION
from engine.rulesets.mafik.registry import REGISTRIES

NEUTRALS = ("maniac", "traitor")
LEVERAGE_VOTES = 2
VOTE_BAN_DAYS = 2
INTIMIDATION_DAMAGE = 2
DEATH_PENALTY_FROM = 5  # «Нельзя применить в первые 2 ночи»: night 3 is phase 5
FORGERY_DELTA = 1
VETO_VOTES = 2
VETO_LOWER_VOTES = 4


# ---- Дипломатический перевес ----

@REGISTRIES.card("diplomatic_leverage")
def diplomatic_leverage(play: Play) -> None:
    """Strictly by day: 2 more votes against the target at this day's Вече (counted by the `votes_against`
    effects' modifier, cards/defence.py)."""
    play.effect("votes_against", target=play.target, during=THIS_PHASE, amount=LEVERAGE_VOTES)


# ---- Все средства хороши ----

def any_means(play: Play) -> None:
    """The target may not vote against the player the next 2 days (the card is played at night: day,
    night, day); he learns it, and from whom."""
    effect = play.effect("vote_ban", target=play.target, during=n_phases(2 * VOTE_BAN_DAYS - 1, starting=NEXT_PHASE),
                         against=play.actor)
    play.tell(play.target, "vote_ban", pid=play.actor, n=VOTE_BAN_DAYS, phase=effect.start)


@only_while('vote_ban')
def _vote_ban(state: GameState, value: bool, *, actor: int | None = None, target: int, by: str = "card",
              **_: Any) -> bool:
    """No vote of the banned character for the player (his own, nor a forced one: Шантаж, Бюрократ)."""
    if by == "vote" and actor is not None and any(
            e.params.get("against") == target for e in state.effects_of("vote_ban", target=actor)):
        return False
    return value


REGISTRIES.declare("any_means", any_means, queries=(Query("can_target", _vote_ban),),
                   effects=(EffectKind("vote_ban", known=True, caster_known=True),))


# ---- Устрашение ----

def intimidation(play: Play) -> None:
    """Public: at the next day's Вече each voter for the target takes 2 damage from the player (the mafia,
    the Предатель and the Маньяк do not, unless the player was in the upper stance). The effect is kept on
    no character: the target's death at that Вече (Смертная казнь) does not undo it."""
    play.effect("intimidated", during=NEXT_DAY, intimidated=play.target, everyone=upper(play))
    play.announce("intimidation", target=play.target)


def _intimidated_voters(res: Resolution) -> None:
    """After the Вече: its counted votes (forced ones included; a vote of strength 0 is none)."""
    state = res.state
    if not state.is_day:
        return
    intimidated = state.effects_of("intimidated")
    if not intimidated:
        return
    votes = [r for r in state.vote_log if r.phase == state.phase and r.strength > 0]
    for effect in intimidated:
        target = int(str(effect.params["intimidated"]))
        for record in votes:
            voter = state.player(record.voter)
            if record.target != target or not voter.alive:
                continue
            if not effect.params.get("everyone") and (voter.faction == "mafia" or voter.faction in NEUTRALS):
                continue
            res.damage(DamagePacket(target=voter.pid, amount=INTIMIDATION_DAMAGE, source=effect.source,
                                    card="intimidation", colour="control"))
            state.emit("intimidation_damage", "player", voter.pid, target=target, amount=INTIMIDATION_DAMAGE)


REGISTRIES.declare("intimidation", intimidation,
                   steps=(Step("intimidation", STEP_INTIMIDATION, _intimidated_voters),))


# ---- Смертная казнь ----

def _not_in_first_two_nights(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if state.phase < DEATH_PENALTY_FROM:
        raise Refusal("wrong_phase", card="death_penalty", reason="first_two_nights")


def death_penalty(play: Play) -> None:
    """Public: the next day the one the Вече punishes dies, whatever the open vote, the bars and every
    protection; no bar follows."""
    effect = play.effect("death_sentence", during=NEXT_DAY)
    play.announce("death_sentence", phase=effect.start)


@only_while("death_sentence")
def _death_sentence(state: GameState, value: str | None, *, target: int, **_: Any) -> str | None:
    return DEATH if state.effects_of("death_sentence") else value


REGISTRIES.declare("death_penalty", death_penalty, check=_not_in_first_two_nights,
                   queries=(Query("forced_punishment", _death_sentence),))


# ---- Обнуление сроков ----

@REGISTRIES.card("term_reset")
def term_reset(play: Play) -> None:
    """Public: every punishment bar ends («счётчик вече»: docs/rulings/mafik-veche.md)."""
    state = play.state
    state.effects = [e for e in state.effects if e.kind != "barred"]
    play.announce("bars_reset")


# ---- Индульгенция ----

def _not_mafia_on_mafia(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    target = params.get("target")
    if state.player(pid).faction == "mafia" and isinstance(target, int) and state.player(target).faction == "mafia":
        raise Refusal("invalid_target", card="indulgence", target=target, reason="mafia_on_mafia")


def indulgence(play: Play) -> None:
    play.effect("indulgence", target=play.target, during=NEXT_DAY)


@only_while("indulgence")
def _votes_passed_on(state: GameState, value: int | None, *, votes: dict[int, int], **_: Any) -> int | None:
    """The leader under an Индульгенция: his votes go to the runner-up, who then leads (once a Вече)."""
    if value is None or not state.effects_of("indulgence", target=value):
        return value
    rest = [t for t in ranked(state, votes) if t != value]
    return rest[0] if rest else None


REGISTRIES.declare("indulgence", indulgence, check=_not_mafia_on_mafia,
                   queries=(Query("leader", _votes_passed_on),))


# ---- Подделка ----

def forgery(play: Play) -> None:
    """Next day the votes of the mafia and the neutrals: +1 played by them, −1 played by the law."""
    delta = -FORGERY_DELTA if play.me.faction == "law" else FORGERY_DELTA
    play.effect("forged_votes", during=NEXT_DAY, delta=delta)


@only_while("forged_votes")
def _forged_strength(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    """After the other changes of a vote's strength (layer 60): never below 0."""
    faction = state.player(pid).faction
    if faction != "mafia" and faction not in NEUTRALS:
        return value
    delta = sum(int(str(e.params["delta"])) for e in state.effects_of("forged_votes"))
    return max(0, value + delta) if delta else value


REGISTRIES.declare("forgery", forgery, queries=(Query("vote_strength", _forged_strength, layer=60),))


# ---- Шантаж ----

def blackmail(play: Play) -> None:
    """Today the target votes for the chosen character. Several on one target: one of them at random,
    each equally likely (the k-th replaces the kept one with chance 1/k)."""
    state = play.state
    kept = state.effects_of("blackmailed", target=play.target)
    count = int(str(kept[0].params["count"])) if kept else 0
    if kept and state.random.below(count + 1) != 0:
        kept[0].params["count"] = count + 1
        return
    state.effects = [e for e in state.effects if e not in kept]
    play.effect("blackmailed", target=play.target, during=THIS_PHASE, vote_for=play.params["vote_for"], count=count + 1)


@only_while("blackmailed")
def _blackmailed_votes(state: GameState, value: dict[int, int], **_: Any) -> dict[int, int]:
    """Above the Социопат's layer, below the Бюрократ's; a vote the voter may not give leaves his own."""
    chosen = dict(value)
    for effect in state.effects_of("blackmailed"):
        voter, target = effect.target, int(str(effect.params["vote_for"]))
        if voter is None or voter not in chosen or not state.player(target).alive:
            continue
        if REGISTRIES.queries.ask("can_target", state, True, actor=voter, target=target, by="vote"):
            chosen[voter] = target
    return chosen


REGISTRIES.declare("blackmail", blackmail, queries=(Query("forced_votes", _blackmailed_votes, layer=500),))


# ---- Право вето ----

def veto(play: Play) -> None:
    """Played: a one-use right to add 2 votes against the target on a day of the player's choice (an
    ability by day); in the lower stance 4 votes at the nearest vote, by themselves. Nothing while one of
    the player's vetoes is pending. Used: the votes, and the right is gone."""
    state = play.state
    rights = granted_by(state, play.actor, "veto")
    if play.via == "ability":
        if rights:
            against = int(str(rights[0].params["against"]))
            state.effects = [e for e in state.effects if e is not rights[0]]
            if state.player(against).alive:
                play.effect("votes_against", target=against, during=THIS_PHASE, amount=VETO_VOTES)
        return
    if rights or any(e.source == play.actor for e in state.effects_of("vetoed", phase=state.phase + 1)):
        play.tell(play.actor, "veto_pending")
        return
    if lower(play):
        play.effect("vetoed", target=play.target, during=NEXT_DAY)
        play.effect("votes_against", target=play.target, during=NEXT_DAY, amount=VETO_LOWER_VOTES)
        return
    grant_ability(play, during=UNTIL_USED, against=play.target)


REGISTRIES.declare("veto", veto)
