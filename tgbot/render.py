"""Engine events to text, in a language. The engine emits kinds and parameters; this is the prose.

Parameters are formatted by name: player ids become character names, card ids card names,
colours and factions their words; user text is HTML-escaped (messages go out with parse_mode HTML).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from engine.core.state import Event, GameState
from tgbot import gamedata
from tgbot.i18n import t

PLAYER_KEYS = {"pid", "target", "actor", "sender", "shooter", "to", "source", "by", "punished"}
PLAYER_LIST_KEYS = {"pids", "members", "targets", "leaders"}
CARD_KEYS = {"card", "chosen"}
CARD_LIST_KEYS = {"cards", "options", "lost", "deck", "hand", "discarded"}
COLOUR_LIST_KEYS = {"colours"}
# Parameters whose meaning depends on the event kind.
KIND_COLOUR_LISTS = {("beaten_colours", "played"), ("beaten_colours", "discarded")}
YES_NO_KEYS = ("hit", "ok", "equal")


class Renderer:
    def __init__(self, state: GameState, lang: str) -> None:
        self.state = state
        self.lang = lang
        self.ruleset = state.ruleset

    def player(self, pid: Any) -> str:
        if pid is None:
            return t(self.lang, "ui.nobody")
        return escape(self.state.player(int(pid)).name)

    def card(self, card_id: Any) -> str:
        return escape(gamedata.card_name(self.ruleset, str(card_id), self.lang))

    def cards(self, ids: Sequence[Any]) -> str:
        return ", ".join(self.card(c) for c in ids) or t(self.lang, "ui.nobody")

    def colour(self, colour: Any) -> str:
        return t(self.lang, f"colour.{colour}") if colour else t(self.lang, "ui.nobody")

    def role(self, role_id: Any) -> str:
        return escape(gamedata.role_name(self.ruleset, str(role_id), self.lang))

    def faction(self, faction: Any) -> str:
        return t(self.lang, f"faction.{faction}")

    def phase_name(self, phase: int) -> str:
        day = (phase + 1) // 2
        return t(self.lang, "ui.night" if phase % 2 == 1 else "ui.day", day=day)

    def value(self, key: str, value: Any, event: Event) -> str:
        special = _SPECIAL.get(key)
        if special is not None:
            return special(self, value, event)
        if key in COLOUR_LIST_KEYS or (event.kind, key) in KIND_COLOUR_LISTS:
            return ", ".join(self.colour(c) for c in value) or t(self.lang, "ui.nobody")
        if key in PLAYER_KEYS:
            return self.player(value)
        if key in PLAYER_LIST_KEYS and isinstance(value, list) and all(isinstance(v, int) for v in value):
            return ", ".join(self.player(v) for v in value) or t(self.lang, "ui.nobody")
        if key in CARD_KEYS:
            return self.card(value)
        if key in CARD_LIST_KEYS:
            return self.cards(value)
        if key == "colour":
            return self.colour(value)
        if key in ("faction", "side"):
            return self.faction(value)
        if key == "secret_role":
            return self.role(value)
        if isinstance(value, float):
            return f"{value:g}"
        return escape(str(value))

    def event(self, event: Event) -> str:
        key = f"event.{event.kind}"
        for flag in YES_NO_KEYS:
            if flag in event.params:
                key += ".yes" if event.params[flag] else ".no"
                break
        params = {k: self.value(k, v, event) for k, v in event.params.items()}
        params.setdefault("phase_name", self.phase_name(int(event.params.get("phase", event.phase))))
        return t(self.lang, key, **params)


def _votes(r: Renderer, value: Any, event: Event) -> str:
    items = [f"{r.player(pid)} — {count:g}" for pid, count in dict(value).items()]
    return "; ".join(items) or t(r.lang, "ui.nobody")


def _counts(r: Renderer, value: Any, event: Event) -> str:
    return ", ".join(f"{r.player(pid)}: {n}" for pid, n in dict(value).items())


def _winners(r: Renderer, value: Any, event: Event) -> str:
    return ", ".join(r.faction(f) for f in value) or r.faction("none")


def _roles(r: Renderer, value: Any, event: Event) -> str:
    return "\n".join(
        f"{r.player(pid)} — {r.role(info['secret_role'])} ({r.faction(info['faction'])})"
        for pid, info in dict(value).items()
    )


def _members(r: Renderer, value: Any, event: Event) -> str:
    """The mafia's members with their roles, or a room's members."""
    return ", ".join(f"{r.player(m['pid'])} — {r.role(m['secret_role'])}" if isinstance(m, dict) else r.player(m)
                     for m in value)


def _outcome(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, f"punishment.{value}") if value else t(r.lang, "ui.nobody")


def _subject(r: Renderer, value: Any, event: Event) -> str:
    return r.card(value) if isinstance(value, str) else r.player(value)


def _sender(r: Renderer, value: Any, event: Event) -> str:
    if event.kind == "card_message":
        return "" if value is None else t(r.lang, "ui.from_sender", sender=r.player(value))
    return r.player(value)


def _reason(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, f"refusal.{value}") if value else ""


def _points(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, "ui.points", n=value)


def _text(r: Renderer, value: Any, event: Event) -> str:
    return escape(str(value))


_SPECIAL: dict[str, Callable[[Renderer, Any, Event], str]] = {
    "votes": _votes, "counts": _counts, "winners": _winners, "roles": _roles, "members": _members,
    "outcome": _outcome, "punishment": _outcome, "choice": _outcome, "subject": _subject, "sender": _sender,
    "code": _reason, "points": _points,
    "text": _text,
}


def render(state: GameState, event: Event, lang: str) -> str:
    """One event as a line of text in `lang`."""
    return Renderer(state, lang).event(event)
