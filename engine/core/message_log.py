"""The log of private messages, read back from the events that carried them (no state of its own).

Every message a player sends another already leaves an event: a private message (`private_message` to
the recipient, with its sender) and a card message (`card_message` to the recipient, signed or not, and
`card_message_sent` to the master, always with the true sender). Cards that read messages afterwards —
Взлом Почты. ("все сообщения, которые первая цель отправляла второй днём"), Кража личности ("какие
сообщения получает или получала цель") — read them here, typed, instead of walking the events.

Two views: what a sender SENT (the true sender, `sent_by`), and what a recipient RECEIVED, as the
recipient saw it (an anonymous card message stays anonymous: `received_by`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.state import Event, GameState

# The events through which a player receives a message, as the recipient sees it.
RECEIVED_KINDS = ("private_message", "card_message")
# The instant action (api.act) by which a player's message in the game's public thread reaches the rules — the
# master reports it (the bot's /report) — for a rule set to judge (Мафик's Цензура); params {"text": …}.
PUBLIC_MESSAGE = "public_message"


@dataclass(frozen=True)
class MessageRecord:
    """One message: when (`phase`, `seq` the event's number), from whom (`sender`; None when the recipient
    was not told), to whom, the text, and how: `via` None for a private message, else the card (or "reply")."""

    phase: int
    seq: int
    sender: int | None
    to: int
    text: str
    via: str | None

    @property
    def by_day(self) -> bool:
        return self.phase % 2 == 0


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _received(event: Event) -> MessageRecord | None:
    to = _int(event.who)
    if event.to != "player" or event.kind not in RECEIVED_KINDS or to is None:
        return None
    via = event.params.get("via")
    return MessageRecord(phase=event.phase, seq=event.seq, sender=_int(event.params.get("sender")), to=to,
                         text=str(event.params.get("text", "")), via=str(via) if via is not None else None)


def _sent(event: Event) -> MessageRecord | None:
    if event.kind == "private_message":
        return _received(event)
    if event.kind != "card_message_sent":
        return None
    to, sender = _int(event.params.get("to")), _int(event.params.get("sender"))
    if to is None or sender is None:
        return None
    via = event.params.get("via")
    return MessageRecord(phase=event.phase, seq=event.seq, sender=sender, to=to,
                         text=str(event.params.get("text", "")), via=str(via) if via is not None else None)


def sent_by(state: GameState, sender: int, to: int | None = None, *, after: int = 0) -> list[MessageRecord]:
    """Every message `sender` has sent (to `to` only, if given), after event number `after`, oldest first,
    with the true sender whether it was signed or not."""
    out = []
    for event in state.events[after:]:
        record = _sent(event)
        if record is not None and record.sender == sender and (to is None or record.to == to):
            out.append(record)
    return out


def received_by(state: GameState, pid: int, *, after: int = 0) -> list[MessageRecord]:
    """Every message `pid` has received after event number `after`, oldest first, as `pid` saw it."""
    out = []
    for event in state.events[after:]:
        record = _received(event)
        if record is not None and record.to == pid:
            out.append(record)
    return out


def sent_in_phase(state: GameState, phase: int) -> list[MessageRecord]:
    """Every message sent during `phase` (private and card messages), with the true sender."""
    out = []
    for event in state.events:
        if event.phase != phase:
            continue
        record = _sent(event)
        if record is not None:
            out.append(record)
    return out
