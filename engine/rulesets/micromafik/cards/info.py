"""Информация: 11 cards."""

from __future__ import annotations

from collections import Counter

from engine.core.durations import FROM_NEXT_PHASE, NEXT_PHASE
from engine.core.resolution import Play, Resolution
from engine.rulesets.micromafik.cards.common import claim, grant_reply, send_message
from engine.rulesets.micromafik.order import STEP_MESSAGES, STEP_TRIGGERS_CLAIMS, STEP_TRIGGERS_WATCHERS
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


@REGISTRIES.card("sociability")
def sociability(play: Play) -> None:
    play.effect("sociability", target=play.actor, during=FROM_NEXT_PHASE)


@REGISTRIES.card("glasnost")
def glasnost(play: Play) -> None:
    (card,) = play.named
    claim(play.res, "glasnost", card)
    play.effect("glasnost", during=NEXT_PHASE, card=card)


@REGISTRIES.card("disinformation")
def disinformation(play: Play) -> None:
    res = play.res
    res.scratch["disinformation"] = res.scratch.get("disinformation", 0) + 1
    imitate = play.params.get("imitate")
    if imitate == "glasnost" and play.named:
        claim(res, "glasnost", play.named[0])
    elif imitate == "alibi" and "subject" in play.params:
        claim(res, "alibi", int(play.params["subject"]))


@REGISTRIES.card("surveillance")
def surveillance(play: Play) -> None:
    play.effect("surveillance", target=play.target, during=NEXT_PHASE)
    play.tell(play.target, "watched")


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


@REGISTRIES.pipeline.step("triggers:watchers", STEP_TRIGGERS_WATCHERS)
def watchers(res: Resolution) -> None:
    """Гласность and Слежка of the previous phase, and the избиение's colour reveal, see this phase's plays."""
    state = res.state
    hand_plays = [p for p in res.plays if p.via == "hand"]
    for effect in state.effects_of("glasnost"):
        for play in hand_plays:
            if play.spec.id == effect.params["card"]:
                state.emit("glasnost_play", "public", None, actor=play.actor, card=play.spec.id)
    for effect in state.effects_of("surveillance"):
        assert effect.source is not None
        if not state.player(effect.source).alive:
            continue  # the dead get no messages
        seen = [p.spec.id for p in hand_plays if p.actor == effect.target]
        state.emit("surveillance", "player", effect.source, target=effect.target, cards=seen)
    for effect in state.effects_of("beaten"):
        played = [p.spec.colour for p in hand_plays if p.actor == effect.target]
        dropped = [CATALOG[c].colour for c in res.scratch.get("night_discards", {}).get(effect.target, [])]
        state.emit("beaten_colours", "public", None, target=effect.target, played=played, discarded=dropped)


@REGISTRIES.pipeline.step("triggers:claims", STEP_TRIGGERS_CLAIMS)
def claims(res: Resolution) -> None:
    """Алиби and Гласность, real or imitated by Дезинформация: each announced once; and the count."""
    for kind, subject in res.scratch.get("claims", []):
        res.state.emit(f"claim_{kind}", "public", None, subject=subject)
    if res.scratch.get("disinformation"):
        res.state.emit("disinformation_count", "public", None, count=res.scratch["disinformation"])
