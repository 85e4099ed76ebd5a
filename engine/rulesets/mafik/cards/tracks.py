"""Заметание следов: fake records of what the player "played" in past phases, and a watch on every card that
looks into what the player did phases ago (engine/rulesets/mafik/history.py: the query `looked_back`).
Rulings: docs/rulings/mafik-checks.md ("Заметание следов")."""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query
from engine.core.durations import UNTIL_END
from engine.core.resolution import Play
from engine.core.state import GameState, PlayRecord
from engine.rulesets.mafik.history import Look
from engine.rulesets.mafik.registry import REGISTRIES

TRACKS_WATCH = "tracks_watch"  # the effect: until the end of the game the player learns who looked back at them


def fake_play(state: GameState, pid: int, phase: int, card: str) -> PlayRecord:
    """A made-up record of `pid` playing `card` from the Hand in a past `phase` (no targets), placed among
    that phase's records as its last play, so that every reader finds it as it finds a real one."""
    seq = max((r.seq for r in state.history if r.phase == phase), default=0) + 1
    record = PlayRecord(phase=phase, actor=pid, card=card, zone="hand", seq=seq, fake=True)
    at = next((i for i, r in enumerate(state.history) if r.phase > phase), len(state.history))
    state.add_record(record, at=at)
    return record


def covering_tracks(play: Play) -> None:
    """Цена 1 (the data's cost). The chosen (past phase, card) pairs become records of plays, added to what
    the player really played; from now to the end of the game the player is told of every card that looks
    into what they did in earlier phases, and who played it (`_tell_of_look`)."""
    phases = [int(str(p)) for p in play.params.get("phases") or ()]
    cards = [str(c) for c in play.params.get("cards") or ()]
    for phase, card in zip(phases, cards, strict=True):
        fake_play(play.state, play.actor, phase, card)
    if not play.state.effects_of(TRACKS_WATCH, target=play.actor):  # a second copy adds no second watch
        play.effect(TRACKS_WATCH, target=play.actor, during=UNTIL_END)
    play.tell(play.actor, "tracks_covered", n=len(phases))


def _tell_of_look(state: GameState, look: Look, **_: object) -> Look:
    """A card's look that reaches an earlier phase and is aimed at the player's deeds, or finds one of them
    in an earlier phase: the player is told the card and who played it (once a phase for the same card and
    player). Their own looks, and looks at this phase only, are not «что вы делали фазы назад»."""
    now = state.phase
    if look.card is None or (look.phases is not None and all(p >= now for p in look.phases)):
        return look
    holders = sorted({e.target for e in state.effects_of(TRACKS_WATCH) if e.target is not None})
    for holder in holders:
        if holder == look.observer or not state.player(holder).alive:
            continue
        if look.actor != holder and not any(who == holder and phase < now for who, phase in look.found):
            continue
        if not _told(state, holder, look):
            state.emit("tracks_looked", "player", holder, card=look.card, pid=look.observer)
    return look


def _told(state: GameState, holder: int, look: Look) -> bool:
    for event in reversed(state.events):
        if event.phase != state.phase:
            return False
        if event.kind == "tracks_looked" and event.who == holder and event.params.get("card") == look.card \
                and event.params.get("pid") == look.observer:
            return True
    return False


REGISTRIES.declare("covering_tracks", covering_tracks, queries=(Query("looked_back", _tell_of_look),),
                   effects=(EffectKind(TRACKS_WATCH, own=True),))
