"""Primitives shared by several Микромафик cards: nested effects, card messages, public claims."""

from __future__ import annotations

from engine.core import messages
from engine.core.checks import learn
from engine.core.durations import NEXT_PHASE
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState, JsonValue, Order
from engine.rulesets.micromafik.registry import CARDS, CATALOG

MESSAGE_CARDS = ("block", "letter", "feedback", "correspondence")


def apply_effect(play: Play, card_id: str, params: dict[str, JsonValue], *, via: str,
                 **options: JsonValue) -> None:
    """Apply another card's effect as part of this play (Щедрость, Трансформация, Блок…)."""
    sub = Play(play.res, play.actor, CATALOG[card_id], dict(params), order=play.order, via=via,
               options=dict(options))
    CARDS.behaviours[card_id](sub)


def side_of(play: Play, target: int) -> str:
    return str(learn(play.res.ruleset, play.state, play.actor, target, "side"))


def send_message(res: Resolution, sender: int, to: int, text: str, *, anonymous: bool, via: str,
                 order: Order | None = None) -> None:
    """A card message, delivered at the end of the phase unless the master withheld it as a link
    (engine/core/messages.py); Общительность pays every second one delivered."""
    state = res.state
    if not state.player(to).alive:
        return
    if not messages.delivered(state, sender, order, text):
        messages.withheld(state, sender, to, text, via)
        return
    state.emit("card_message", "player", to, text=text, sender=None if anonymous else sender, via=via)
    state.emit("card_message_sent", "master", None, sender=sender, to=to, text=text, via=via)
    sociable = len(state.effects_of("sociability", target=sender))
    if sociable:
        player = state.player(sender)
        player.flags["messages_sent"] = player.flags.get("messages_sent", 0) + 1
        if player.flags["messages_sent"] % 2 == 0:
            res.gain_points(sender, sociable)


def grant_reply(play: Play, target: int, via: str) -> None:
    """The target may send the actor one message next phase (Обратная связь, Переписка)."""
    play.state.add_effect("may_message", target=target, source=play.actor, during=NEXT_PHASE, via=via)


def claim(res: Resolution, kind: str, subject: JsonValue) -> None:
    """A public claim (Алиби, Гласность) — real or imitated, each announced once."""
    claims: list[tuple[str, JsonValue]] = res.scratch.setdefault("claims", [])
    if (kind, subject) not in claims:
        claims.append((kind, subject))


def review_messages(state: GameState, pid: int, order: Order) -> None:
    """A just-submitted order's card messages (a reply's text too) become questions to the master."""
    if order.kind == "message":
        found = [(str(order.params["text"]), [int(order.params["to"])])]
        card: str | None = "reply"
    else:
        found = messages.found_in(order.params)
        hand = state.player(pid).hand
        card = next((c.card for c in hand if c.uid == order.card), None) if order.card is not None else None
    if found:
        messages.review(state, pid, order, found, card)
