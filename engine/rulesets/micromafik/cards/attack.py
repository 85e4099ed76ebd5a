"""Атака: 11 cards."""

from __future__ import annotations

from engine.core.resolution import Play
from engine.rulesets.micromafik.cards.common import side_of
from engine.rulesets.micromafik.registry import CARDS


@CARDS.card("pistol")
def pistol(play: Play) -> None:
    play.damage(play.target, 2)


@CARDS.card("assault")
def assault(play: Play) -> None:
    play.damage(play.target, 1)
    if play.state.is_day:
        play.announce("assault_by_day", actor=play.actor)


@CARDS.card("compensation")
def compensation(play: Play) -> None:
    play.damage(play.target, 1)
    side = side_of(play, play.target)
    if side == "law":
        play.points(play.target, 1)
    elif side == "mafia":
        play.tell(play.target, "targeted_by")


@CARDS.card("dekulakization")
def dekulakization(play: Play) -> None:
    play.damage(play.target, play.state.player(play.target).points_at_phase_start)


@CARDS.card("tip_off_shot")
def tip_off_shot(play: Play) -> None:
    play.damage(play.target, 2 if side_of(play, play.target) == "mafia" else 1)


@CARDS.card("sniper_rifle")
def sniper_rifle(play: Play) -> None:
    play.damage(play.target, 3, ignore_armor=True, fixed=True)
    named = play.named
    if named and play.by_mafia:
        chosen = set(play.state.player(play.target).deck_choice)
        hit = all(card in chosen for card in named)
        play.tell(play.actor, "sniper_guess", target=play.target, cards=named, hit=hit)
        if hit:
            play.points(play.actor, 2)
            play.keep_card()


@CARDS.card("poison")
def poison(play: Play) -> None:
    play.effect("poison", target=play.target, start=play.state.phase + 1)
    play.tell(play.target, "poisoned")


@CARDS.card("precise_strike", priority=90)
def precise_strike(play: Play) -> None:
    """Runs late, so that it sees the target's hand after this phase's draws and transfers."""
    res, target, named = play.res, play.target, set(play.named)
    lost: list[str] = []
    for other in res.plays_by(target):
        card = other.instance
        if other.via == "hand" and card is not None and card.card in named and res.cancel_refill(target, card.uid):
            lost.append(card.card)
    for card in play.state.player(target).hand:
        if card.card in named:
            res.direct_losses.setdefault(target, []).append(card.uid)
            lost.append(card.card)
    for card in res.scratch.get("paid_cards", {}).get(target, []):
        if card.card in named:
            play.damage(target, 1, ignore_armor=True, fixed=True)
            lost.append(card.card)
    play.tell(target, "precise_strike", lost=sorted(lost))


@CARDS.card("warning_shot")
def warning_shot(play: Play) -> None:
    play.tell(play.target, "warning_shot", shooter=play.actor)
    if not play.options.get("tell_only"):
        play.effect("warning_shot", target=play.target, start=play.state.phase + 1)


@CARDS.card("counterattack")
def counterattack(play: Play) -> None:
    attackers = sorted({
        other.actor for other in play.res.plays_on(play.actor)
        if other.spec.colour == "attack" and other.actor != play.actor
    })
    for attacker in attackers:
        play.damage(attacker, 1)


@CARDS.card("mugging")
def mugging(play: Play) -> None:
    (card,) = play.named
    if card in play.state.player(play.target).hand_at_phase_start:
        play.damage(play.target, 1)
        play.points(play.actor, 1)
        play.tell(play.actor, "mugging", hit=True)
    else:
        play.tell(play.actor, "mugging", hit=False)
