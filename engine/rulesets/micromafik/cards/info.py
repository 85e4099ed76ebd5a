"""Информация: 11 cards."""

from __future__ import annotations

from collections import Counter

from engine.cardgame.effects import EffectKind
from engine.core.durations import FROM_NEXT_PHASE, NEXT_PHASE
from engine.core.resolution import Play, Resolution
from engine.rulesets.micromafik.cards.common import claim, grant_reply, send_message
from engine.rulesets.micromafik.order import STEP_MESSAGES, STEP_TRIGGERS_CLAIMS
from engine.rulesets.micromafik.registry import CATALOG, COLOURS, REGISTRIES


@REGISTRIES.card("alibi")
def alibi(play: Play) -> None:
    claim(play.res, "alibi", play.actor)


@REGISTRIES.card("letter")
def letter(play: Play) -> None:
    send_message(play.res, play.actor, play.target, str(play.params["message"]), anonymous=True, via="letter",
                 order=play.order)


@REGISTRIES.card("feedback")
def feedback(play: Play) -> None:
    grant_reply(play, play.target, "feedback")
    play.tell(play.target, "may_reply", to=play.actor)


@REGISTRIES.card("correspondence")
def correspondence(play: Play) -> None:
    messages = play.params["messages"]
    assert isinstance(messages, list)
    for target, text in zip(play.targets, messages, strict=True):
        send_message(play.res, play.actor, target, str(text), anonymous=False, via="correspondence",
                     order=play.order)
        grant_reply(play, target, "correspondence")


def sociability(play: Play) -> None:
    play.effect("sociability", target=play.actor, during=FROM_NEXT_PHASE)


def _pays_for_messages(res: Resolution, sender: int) -> None:
    """Общительность: 1 point for every second message sent (per Общительность in force)."""
    sociable = len(res.state.effects_of("sociability", target=sender))
    if sociable:
        player = res.state.player(sender)
        player.flags["messages_sent"] = player.flags.get("messages_sent", 0) + 1
        if player.flags["messages_sent"] % 2 == 0:
            res.gain_points(sender, sociable)


REGISTRIES.declare("sociability", sociability, on_message_sent=_pays_for_messages,
                   effects=(EffectKind("sociability", during=FROM_NEXT_PHASE, known=True, caster_known=True),))


def glasnost(play: Play) -> None:
    (card,) = play.named
    claim(play.res, "glasnost", card)
    play.effect("glasnost", during=NEXT_PHASE, card=card)


def _glasnost_watch(res: Resolution) -> None:
    """Гласность of the previous phase: every play of the named card from a hand is announced."""
    state = res.state
    for effect in state.effects_of("glasnost"):
        for play in res.plays:
            if play.via == "hand" and play.spec.id == effect.params["card"]:
                state.emit("glasnost_play", "public", None, actor=play.actor, card=play.spec.id)


REGISTRIES.declare("glasnost", glasnost, trigger=_glasnost_watch)


@REGISTRIES.card("disinformation")
def disinformation(play: Play) -> None:
    res = play.res
    res.scratch["disinformations"] = res.scratch.get("disinformations", 0) + 1
    imitate = play.params.get("imitate")
    if imitate == "glasnost" and play.named:
        claim(res, "glasnost", play.named[0])
    elif imitate == "alibi" and "subject" in play.params:
        claim(res, "alibi", int(play.params["subject"]))


def surveillance(play: Play) -> None:
    play.effect("surveillance", target=play.target, during=NEXT_PHASE)
    play.tell(play.target, "watched")


def _surveillance_report(res: Resolution) -> None:
    """Слежка of the previous phase: the watcher learns the cards the target played from the hand."""
    state = res.state
    for effect in state.effects_of("surveillance"):
        assert effect.source is not None
        if not state.player(effect.source).alive:
            continue  # the dead get no messages
        seen = [p.spec.id for p in res.plays if p.via == "hand" and p.actor == effect.target]
        state.emit("surveillance", "player", effect.source, target=effect.target, cards=seen)


REGISTRIES.declare("surveillance", surveillance, trigger=_surveillance_report,
                   effects=(EffectKind("surveillance", during=NEXT_PHASE, known=True),))


@REGISTRIES.card("oracle")
def oracle(play: Play) -> None:
    hand = play.state.player(play.target).hand_at_phase_start
    play.tell(play.actor, "oracle", target=play.target, cards=list(hand))


@REGISTRIES.card("income_declaration")
def income_declaration(play: Play) -> None:
    mine = play.me.points_at_phase_start
    theirs = play.state.player(play.target).points_at_phase_start
    play.tell(play.actor, "income_declaration", target=play.target, equal=mine == theirs)


@REGISTRIES.card("testimony")
def testimony(play: Play) -> None:
    counts = Counter(CATALOG[c].colour for c in play.state.player(play.target).hand_at_phase_start)
    top = max(counts.values(), default=0)
    colour = next((c for c in COLOURS if top and counts[c] == top), None)
    play.tell(play.actor, "testimony", target=play.target, colour=colour)


@REGISTRIES.pipeline.step("messages", STEP_MESSAGES)
def replies(res: Resolution) -> None:
    """Replies allowed by Обратная связь, Переписка or Блок: delivered with the sender's name."""
    for pid, orders in res.scratch["orders"].items():
        for order in orders:
            if order.kind == "message":
                send_message(res, pid, int(order.params["to"]), str(order.params["text"]),
                             anonymous=False, via="reply", order=order)


@REGISTRIES.pipeline.step("triggers:claims", STEP_TRIGGERS_CLAIMS)
def claims(res: Resolution) -> None:
    """Алиби and Гласность, real or imitated by Дезинформация: each announced once; and the count."""
    for kind, subject in res.scratch.get("claims", []):
        res.state.emit(f"claim_{kind}", "public", None, subject=subject)
    if res.scratch.get("disinformations"):
        res.state.emit("disinformation_count", "public", None, count=res.scratch["disinformations"])
