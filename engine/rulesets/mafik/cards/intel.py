"""Разведка (and Поддержка's Розыгрыш): what players learn. Each card is one declaration; the rulings
on their texts are in docs/rulings/mafik-intel.md.

What a card learns of a character's side, secret role, colours or stance goes through
`engine.core.checks.learn` (via `role_of` for the role), so disguises answer through the `appearance`
query. Lasting reports (Камера наблюдения, Патрулирование улиц, Розыгрыш) watch the phase's plays in the
triggers step, after every card of the phase has resolved.
"""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.core.checks import learn
from engine.core.durations import NEXT_NIGHT, NEXT_PHASE, UNTIL_END
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState
from engine.rulesets.mafik.cards.common import (
    accusation_hits_for,
    card_message,
    draw_to_sleeve,
    grant_play_as,
    new_card_to_sleeve,
    role_of,
    share_with_mafia,
    tell_or_share,
    upper,
)
from engine.rulesets.mafik.orders import tags_of
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES

# Аутопсия learns a side among мафия / закон / нейтрал: the two neutral secret roles are one side.
SIDE_WORD = {"maniac": "neutral", "traitor": "neutral"}
WITNESS_SUSPECTS = 3  # Свидетель (Верхняя стойка): the player who played the card and two others
PATROL_SIZE = 5  # Патрулирование улиц: 5 characters, 1 of them from the non-law


def _side(play: Play, target: int) -> str:
    side = str(learn(play.res.ruleset, play.state, play.actor, target, "side"))
    return SIDE_WORD.get(side, side)


# ---------------------------------------------------------------- Аутопсия

@REGISTRIES.card("autopsy")
def autopsy(play: Play) -> None:
    """The side of a dead character (Верхняя стойка: the exact secret role)."""
    if upper(play):
        play.tell(play.actor, "autopsy_role", pid=play.target, secret_role=role_of(play, play.target))
    else:
        play.tell(play.actor, "autopsy_side", pid=play.target, side=_side(play, play.target))


# ---------------------------------------------------------------- Уполномочить

@REGISTRIES.card("deputize")
def deputize(play: Play) -> None:
    """The target gets a Взятие показаний in the Sleeve; the actor may add a message (anonymous, as every
    card message unless the card says otherwise)."""
    if new_card_to_sleeve(play.state, play.target, "testimony"):
        play.state.emit("card_to_sleeve", "player", play.target, card="testimony")
    text = play.params.get("message")
    if isinstance(text, str) and text:
        card_message(play, play.target, text)


# ---------------------------------------------------------------- Криминалист

@REGISTRIES.card("criminalist")
def criminalist(play: Play) -> None:
    """The exact secret roles of up to 3 dead characters (the Предатель: up to 5 — the param's count_by)."""
    for dead in play.targets:
        play.tell(play.actor, "criminalist_role", pid=dead, secret_role=role_of(play, dead))


# ---------------------------------------------------------------- Разгром кулаков.

@REGISTRIES.card("crushing_the_kulaks")
def crushing_the_kulaks(play: Play) -> None:
    """Did each target pay a cost for a card this phase? With an Обвинение that holds for a target (one
    accusation per target), also the colours of every card it played this phase."""
    accusations = play.params.get("accuse") or []
    for i, target in enumerate(play.targets):
        plays = [p for p in play.res.plays if p.actor == target]
        play.tell(play.actor, "kulaks_paid" if any(p.paid > 0 for p in plays) else "kulaks_unpaid", target=target)
        named = accusations[i] if isinstance(accusations, list) and i < len(accusations) else None
        if isinstance(named, list) and named and accusation_hits_for(play, target, [str(c) for c in named]):
            colours = sorted({p.spec.colour for p in plays})
            play.tell(play.actor, "kulaks_colours", target=target, colours=colours)


# ---------------------------------------------------------------- Свидетель, Сеть агентов

def _non_peaceful(state: GameState, pid: int, card_id: str) -> bool:
    return "peaceful" not in tags_of(state, pid, CATALOG[card_id])


@REGISTRIES.card("witness")
def witness(play: Play) -> None:
    """A copy of a random non-peaceful card another character played this night, into the Sleeve
    (Верхняя стойка: also 3 living characters, one of whom played it)."""
    state = play.state
    seen = [p for p in play.res.plays if p.actor != play.actor and _non_peaceful(state, p.actor, p.spec.id)]
    if not seen:
        play.tell(play.actor, "witness_nothing")
        return
    chosen = state.random.choice(seen)
    if new_card_to_sleeve(state, play.actor, chosen.spec.id):
        state.emit("card_to_sleeve", "player", play.actor, card=chosen.spec.id)
    if upper(play):
        others = [p.pid for p in state.living() if p.pid not in (chosen.actor, play.actor)]
        suspects = sorted([chosen.actor, *state.random.sample(others, min(WITNESS_SUSPECTS - 1, len(others)))])
        state.emit("witness_suspects", "player", play.actor, card=chosen.spec.id, pids=suspects)


@REGISTRIES.card("agent_network")
def agent_network(play: Play) -> None:
    """Until the end of the game any Sleeve card may be played as Свидетель."""
    grant_play_as(play, "witness")


# ---------------------------------------------------------------- Патрулирование улиц

def street_patrol_reports(res: Resolution) -> None:
    """Each night: every patrol's list of 5 distinct characters other than its holder, dead included —
    one from the non-law, four from everyone; then each mafioso on the watch learns that they were on a
    list (not whose)."""
    state = res.state
    if not state.is_night:
        return
    listed: set[int] = set()
    for patrol in state.effects_of("street_patrol"):
        holder = patrol.target
        if holder is None or not state.player(holder).alive:
            continue
        pool = [p.pid for p in state.players if p.pid != holder]
        outsiders = [pid for pid in pool if state.player(pid).faction != "law"]
        chosen = [state.random.choice(outsiders)] if outsiders else []
        rest = [pid for pid in pool if pid not in chosen]
        chosen += state.random.sample(rest, min(PATROL_SIZE - len(chosen), len(rest)))
        listed.update(chosen)
        state.emit("street_patrol_list", "player", holder, pids=sorted(chosen))
    for alert in state.effects_of("patrol_alert"):
        if alert.target in listed:
            state.emit("street_patrol_spotted", "player", alert.target)


def street_patrol(play: Play) -> None:
    """(Закон, Маньяк, Предатель) a list each night from this one on; (Мафия) told each night they are on a list."""
    if play.by_mafia:
        play.effect("patrol_alert", target=play.actor, during=UNTIL_END)
        play.tell(play.actor, "street_patrol_alert_set")
    else:
        play.effect("street_patrol", target=play.actor, during=UNTIL_END)


REGISTRIES.declare("street_patrol", street_patrol, trigger=street_patrol_reports,
                   effects=(EffectKind("street_patrol", own=True), EffectKind("patrol_alert", own=True)))


# ---------------------------------------------------------------- Камера наблюдения

def camera_reports(res: Resolution) -> None:
    """Every night, each camera's holder learns the cards played on its target that night (the Шпион's
    whole mafia too). A camera set this night reports this night already."""
    state = res.state
    if not state.is_night:
        return
    for camera in state.effects_of("surveillance_camera"):
        holder, target = camera.source, camera.target
        if holder is None or target is None or not state.player(holder).alive:
            continue
        cards = [p.spec.id for p in res.plays if target in p.targets]
        tell_or_share(state, holder, "camera_report", target=target, cards=cards)


def surveillance_camera(play: Play) -> None:
    """From this phase to the end of the game: the cards played on the target (2 targets in the upper
    stance — the param's upper_count) each night."""
    for target in play.targets:
        play.effect("surveillance_camera", target=target, during=UNTIL_END)
        play.tell(play.actor, "camera_set", target=target)


REGISTRIES.declare("surveillance_camera", surveillance_camera, trigger=camera_reports,
                   effects=(EffectKind("surveillance_camera"),))


# ---------------------------------------------------------------- Великий детектив

def great_detective_learns(state: GameState, pid: int) -> None:
    """Each time the holder rebuilds the deck: the exact secret role of the card's target (the Шпион's
    mafia learns it too)."""
    from engine.core.ruleset import get_ruleset

    for effect in state.effects_of("great_detective", target=pid):
        target = effect.params.get("subject")
        if isinstance(target, int):
            role = learn(get_ruleset(state.ruleset), state, pid, target, "secret_role")
            tell_or_share(state, pid, "great_detective_role", pid=target, secret_role=str(role))


def great_detective(play: Play) -> None:
    """The target is chosen when the card is played; the role comes at every rebuild (on_rebuild). In the
    upper stance the player may rebuild at once (any moment of the next phase, as Второй шанс)."""
    play.effect("great_detective", target=play.actor, during=UNTIL_END, subject=play.target)
    share_with_mafia(play, "great_detective_set", target=play.target)
    if upper(play) and play.params.get("rebuild_now"):
        effect = play.effect("may_rebuild", target=play.actor, during=NEXT_PHASE)
        play.tell(play.actor, "rebuild_now_allowed", until=effect.end)


REGISTRIES.declare("great_detective", great_detective, on_rebuild=great_detective_learns,
                   effects=(EffectKind("great_detective", own=True),))


# ---------------------------------------------------------------- Опытный взгляд

@REGISTRIES.card("trained_eye")
def trained_eye(play: Play) -> None:
    """The target's stance this phase (as checks see it)."""
    seen = str(learn(play.res.ruleset, play.state, play.actor, play.target, "stance"))
    play.tell(play.actor, f"trained_eye_{seen}", target=play.target)


# ---------------------------------------------------------------- Розыгрыш (Поддержка)

def raffle_prizes(res: Resolution) -> None:
    """During a Розыгрыш's night, each play of a named card gets its player a card from their deck into
    the Sleeve (one per play and per Розыгрыш)."""
    state = res.state
    for raffle in state.effects_of("raffle"):
        named = {str(c) for c in raffle.params.get("cards") or []}
        for p in res.plays:
            if p.spec.id in named and draw_to_sleeve(res, p.actor, 1):
                state.emit("raffle_prize", "player", p.actor, card=p.spec.id)


def raffle(play: Play) -> None:
    """1 card (2 in the upper stance — the param's upper_count) named for the next night."""
    effect = play.effect("raffle", during=NEXT_NIGHT, cards=list(play.named))
    play.tell(play.actor, "raffle_set", cards=list(play.named), until=effect.end)


REGISTRIES.declare("raffle", raffle, trigger=raffle_prizes, effects=(EffectKind("raffle"),))
