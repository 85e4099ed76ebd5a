"""Primitives shared by several Микромафик cards: nested effects, card messages, public claims."""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.core import messages
from engine.core.durations import NEXT_PHASE
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState, JsonValue, Order
from engine.rulesets.micromafik.registry import REGISTRIES

# The right to one reply next phase (Обратная связь, Переписка, Блок), known to the one who has it.
REGISTRIES.rule(effects=(EffectKind("may_message", during=NEXT_PHASE, known=True, caster_known=True),))


def send_message(res: Resolution, sender: int, to: int, text: str, *, anonymous: bool, via: str,
                 order: Order | None = None) -> None:
    """A card message, delivered at the end of the phase unless the master withheld it as a link
    (engine/core/messages.py); then the declared `on_message_sent` hooks (Общительность)."""
    state = res.state
    if not state.player(to).alive:
        return
    if not messages.send(state, sender, to, text, anonymous=anonymous, via=via, order=order):
        return
    for hook in REGISTRIES.on_message_sent:
        hook(res, sender)


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
