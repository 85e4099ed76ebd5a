"""Card messages under the master's eye, for every rule set that has them.

The rules (Мафик and Микромафик, "==== Коммуникация ===="): a card's message reaches its target at the
end of the phase through the master and "must not contain links, even indirect ones (…) — that counts
as secret communication". Whether a text is an indirect link is the master's judgement, so when the
game's setting `review_messages` is on, every card message is a question to the master (rulings.py)
asked as the order is submitted: deliver it or withhold it. The default is to deliver: the card was
played legally, and the master withholds only what they judge a link.

A card message is any text under a parameter named `message` or `messages` (the kinds "message" and
"messages" of the card data; other free texts — Псевдоним's alias, Цензура's words — are named
otherwise and are not messages), also nested in a card played through another (Флэшмоб, Трансформация).
The question's key carries the order and a hash of the text, so a changed order asks anew.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine.core.rulings import ask, ruling
from engine.core.state import GameState, JsonValue, Order

SETTING = "review_messages"
DELIVER, WITHHOLD = "deliver", "withhold"
KIND = "card_message"
# The question this module asks, for the `question_kinds` of every rule set that has card messages.
QUESTION_KINDS: dict[str, tuple[str, ...]] = {KIND: (DELIVER, WITHHOLD)}
MESSAGE_PARAMS = ("message", "messages")


def key_of(pid: int, oid: int, text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return f"msg-{pid}-{oid}-{digest}"


def found_in(params: Any) -> list[tuple[str, list[int]]]:
    """The card messages in an order's params, each with the targets its params name (in order). Only a
    dict with a message key holds a message of its own (its targets are read only then); lists and dicts
    inside are searched, nothing else is (a vote's or a punishment's params cost a look at two keys)."""
    out: list[tuple[str, list[int]]] = []
    if isinstance(params, list):
        for item in params:
            if isinstance(item, dict | list):
                out += found_in(item)
        return out
    if not isinstance(params, dict):
        return out
    if "message" in params or "messages" in params:
        out += _own_messages(params)
    for name, value in params.items():
        if name not in MESSAGE_PARAMS and isinstance(value, dict | list):
            out += found_in(value)
    return out


def _own_messages(params: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The messages under this dict's own `message` and `messages`, with the targets its params name."""
    out: list[tuple[str, list[int]]] = []
    targets = params.get("targets")
    listed = [t for t in targets if isinstance(t, int)] if isinstance(targets, list) else []
    one = params.get("target")
    single = [one] if isinstance(one, int) and not isinstance(one, bool) else listed
    text = params.get("message")
    if isinstance(text, str) and text.strip():
        out.append((text, single))
    texts = params.get("messages")
    if isinstance(texts, list):
        for i, item in enumerate(texts):
            if isinstance(item, str) and item.strip():
                out.append((item, listed[i:i + 1]))
    return out


def review(state: GameState, pid: int, order: Order, messages: list[tuple[str, list[int]]],
           via: str | None) -> None:
    """Ask the master about each message of a just-submitted order (nothing when the setting is off).
    One question per distinct text; its targets are every target that text goes to; `via` is the card
    played (or "reply"), as in the `card_message` event."""
    if not state.settings.get(SETTING):
        return
    by_text: dict[str, list[int]] = {}
    for text, targets in messages:
        known = by_text.setdefault(text, [])
        known += [t for t in targets if t not in known]
    for text, targets in by_text.items():
        params: dict[str, JsonValue] = {"sender": pid, "targets": targets, "text": text}
        if via is not None:
            params["via"] = via
        ask(state, key_of(pid, order.oid, text), KIND, (DELIVER, WITHHOLD), DELIVER, oid=order.oid, **params)


def delivered(state: GameState, sender: int, order: Order | None, text: str) -> bool:
    """At resolution: does this card message go out? Yes unless the master withheld it (a message no
    question was asked about — the setting off, an order from before it — goes out as always)."""
    if order is None:
        return True
    key = key_of(sender, order.oid, text)
    return key not in state.questions or ruling(state, key) == DELIVER


def withheld(state: GameState, sender: int, to: int, text: str, via: str) -> None:
    """The target gets nothing; the sender learns (privately) that the master withheld the message."""
    state.emit("card_message_withheld", "player", sender, to=to, text=text, via=via)


def send(state: GameState, sender: int, to: int, text: str, *, anonymous: bool, via: str,
         order: Order | None, alias: str | None = None) -> bool:
    """A card message goes out at resolution: the target gets it (without the sender's name when
    `anonymous`, signed with the sender's `alias` if he has one: Мафик's Псевдоним), the master sees who
    sent it — unless the master withheld it, which the sender learns. `via` is the card (or "reply").
    True when it was delivered."""
    if not delivered(state, sender, order, text):
        withheld(state, sender, to, text, via)
        return False
    signed: dict[str, JsonValue] = {"alias": alias} if anonymous and alias else {}
    state.emit("card_message", "player", to, text=text, sender=None if anonymous else sender, via=via, **signed)
    state.emit("card_message_sent", "master", None, sender=sender, to=to, text=text, via=via)
    return True
