"""Engine events to text, in a language. The engine emits kinds and parameters; this is the prose.

Parameters are formatted by name: player ids become character names (`Named`, so a string agrees its
verbs with the character: `{pid:m=погиб|f=погибла}`), card ids card names, colours and factions their
words; numbers stay numbers (`{n:one=…|few=…|many=…}` picks the plural); user text is HTML-escaped
(messages go out with parse_mode HTML). What a parameter's name does not say, the rule set declares as
data (an `EventFormat`: its own locale key, a parameter's kind, sentences composed from other keys —
engine/core/wording.py), and tgbot/render_declared.py applies it; no rule set has code here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from engine.core import api
from engine.core.state import Event, GameState
from tgbot import gamedata
from tgbot.i18n import Named, has, t
from tgbot.render_declared import declared_params
from tgbot.ui import names

PLAYER_KEYS = {"pid", "target", "actor", "sender", "shooter", "to", "source", "by", "punished"}
PLAYER_LIST_KEYS = {"pids", "members", "targets", "leaders"}
CARD_KEYS = {"card", "chosen", "named"}
CARD_LIST_KEYS = {"cards", "options", "lost", "deck", "hand", "discarded"}
COLOUR_LIST_KEYS = {"colours"}
YES_NO_KEYS = ("hit", "ok", "equal")


class Renderer:
    def __init__(self, state: GameState, lang: str) -> None:
        self.state = state
        self.lang = lang
        self.ruleset = state.ruleset

    def player(self, pid: Any) -> str:
        if pid is None:
            return Named(t(self.lang, "ui.nobody"))
        player = self.state.player(int(pid))
        return Named(escape(player.name), player.gender)

    def card(self, card_id: Any) -> str:
        return escape(gamedata.card_name(self.ruleset, str(card_id), self.lang))

    def cards(self, ids: Sequence[Any]) -> str:
        return ", ".join(self.card(c) for c in ids) or t(self.lang, "ui.nobody")

    def colour(self, colour: Any) -> str:
        return t(self.lang, f"colour.{colour}") if colour else t(self.lang, "ui.nobody")

    def colours(self, colours: Sequence[Any]) -> str:
        return ", ".join(self.colour(c) for c in colours) or t(self.lang, "ui.nobody")

    def role(self, role_id: Any) -> str:
        return escape(gamedata.role_name(self.ruleset, str(role_id), self.lang))

    def punishment(self, choice: Any) -> str:
        return t(self.lang, f"punishment.{choice}") if choice else t(self.lang, "ui.nobody")

    def faction(self, faction: Any) -> str:
        return t(self.lang, f"faction.{faction}")

    def phase_name(self, phase: int) -> str:
        day = (phase + 1) // 2
        return t(self.lang, "ui.night" if phase % 2 == 1 else "ui.day", day=day)

    def value(self, key: str, value: Any, event: Event) -> Any:
        special = _SPECIAL.get(key)
        if special is not None:
            return special(self, value, event)
        if key in COLOUR_LIST_KEYS:
            return self.colours(value)
        if key in PLAYER_KEYS:
            return self.player(value)
        if key in PLAYER_LIST_KEYS and isinstance(value, list) and all(isinstance(v, int) for v in value):
            return ", ".join(self.player(v) for v in value) or t(self.lang, "ui.nobody")
        if key in CARD_KEYS:
            return self.card(value)
        if key in CARD_LIST_KEYS and isinstance(value, list):  # (deck_rebuilt's `deck` is a number)
            return self.cards(value)
        if key == "colour":
            return self.colour(value)
        if key in ("faction", "side"):
            return self.faction(value)
        if key == "secret_role":
            return self.role(value)
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # a number: its string may choose a plural by it
        return escape(str(value))

    def event(self, event: Event) -> str:
        key = f"event.{event.kind}"
        for flag in YES_NO_KEYS:
            if flag in event.params:
                key += ".yes" if event.params[flag] else ".no"
                break
        declared = api.event_format(self.ruleset, event.kind)
        own = declared_params(self, declared.params, event.params, event) if declared is not None else {}
        params = {k: self.value(k, v, event) for k, v in event.params.items() if k not in own}
        params.setdefault("phase_name", self.phase_name(int(event.params.get("phase", event.phase))))
        params.update(own)
        if declared is not None and declared.key is not None:
            key = declared.key
        return t(self.lang, self.without_empty(key, event), **params)

    def without_empty(self, key: str, event: Event) -> str:
        """The wording for what the event lacks, when the locales have one: `<key>_no_<param>` (or
        `<key>_no_<a>_<b>` for two) is the sentence without an empty list, a nobody or a zero, so no
        «сыграл —.» is left."""
        empty = sorted(name for name, value in event.params.items()
                       if _is_empty(value) and not (name in PLAYER_KEYS and value is not None))
        for group in ([empty] if len(empty) > 1 else []) + [[name] for name in empty]:
            candidate = f"{key}_no_{'_'.join(group)}"
            if has(self.lang, candidate):
                return candidate
        return key


def _is_empty(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, (list, dict, str)):
        return not value
    return type(value) is int and value == 0


def _votes(r: Renderer, value: Any, event: Event) -> Any:
    if not isinstance(value, dict):  # a number of votes (Мафик's Революционер): its string picks the plural
        return value if isinstance(value, int) else escape(str(value))
    items = [f"{r.player(pid)} — {count:g}" for pid, count in dict(value).items()]
    return "; ".join(items) or t(r.lang, "ui.nobody")


def _counts(r: Renderer, value: Any, event: Event) -> str:
    return ", ".join(f"{r.player(pid)}: {n}" for pid, n in dict(value).items())


def _winners(r: Renderer, value: Any, event: Event) -> str:
    return ", ".join(r.faction(f) for f in value) or r.faction("none")


def _roles(r: Renderer, value: Any, event: Event) -> str:
    """Every character's role and side (the reveal), or named roles only (Мафик's Пролом: {pid: role})."""
    lines = []
    for pid, info in dict(value).items():
        if isinstance(info, dict):
            lines.append(f"{r.player(pid)} — {r.role(info['secret_role'])} ({r.faction(info['faction'])})")
        else:
            lines.append(f"{r.player(pid)} — {r.role(info)}")
    return ("\n" if event.kind == "game_over" else ", ").join(lines)


def _members(r: Renderer, value: Any, event: Event) -> str:
    """The mafia's members with their roles, or a room's members."""
    return ", ".join(f"{r.player(m['pid'])} — {r.role(m['secret_role'])}" if isinstance(m, dict) else r.player(m)
                     for m in value)


def _outcome(r: Renderer, value: Any, event: Event) -> str:
    return r.punishment(value)


def _subject(r: Renderer, value: Any, event: Event) -> str:
    return Named(r.card(value)) if isinstance(value, str) else r.player(value)


def _sender(r: Renderer, value: Any, event: Event) -> str:
    if event.kind == "card_message":
        return "" if value is None else t(r.lang, "ui.from_sender", sender=r.player(value))
    return r.player(value)


def refusal_params(params: dict[str, Any], lang: str, ruleset: str | None = None) -> dict[str, Any]:
    """A refusal's (or a bot error's) parameters for its sentence, by name: a colour as its word, a card
    id as the card's name (when the rule set is known), a game status as its word. Plain text (the
    caller escapes it for HTML); the codes (`reason`, `what`) stay as they are, to choose the sentence."""
    out = dict(params)
    colour = out.get("colour")
    if isinstance(colour, str) and colour:
        with contextlib.suppress(KeyError):
            out["colour"] = t(lang, f"colour.{colour}")
    card = out.get("card")
    home = ruleset if ruleset is not None else gamedata.home_of(card)  # a handler without the game: any rule set's card
    if home is not None and isinstance(card, str) and card in gamedata.card_ids(home):
        out["card"] = gamedata.card_name(home, card, lang)
    status = out.get("status")
    if isinstance(status, str):
        with contextlib.suppress(KeyError):
            out["status"] = names.game_status(lang, status)
    return out


def _reason(r: Renderer, value: Any, event: Event) -> str:
    """A refusal's code as its sentence, with its reason when it has one (an order dropped at resolution)."""
    if not value:
        return ""
    inner = event.params.get("params")
    raw = dict(inner) if isinstance(inner, dict) else {}
    details = {k: escape(v) if isinstance(v, str) else v for k, v in refusal_params(raw, r.lang, r.ruleset).items()}
    text = t(r.lang, f"refusal.{value}", **details)
    reason = raw.get("reason")
    if isinstance(reason, str):
        with contextlib.suppress(KeyError):
            text += " " + t(r.lang, f"reason.{reason}", **details)
    return text


def _until(r: Renderer, value: Any, event: Event) -> str:
    """The last phase of an effect, by name (night 2, day 3)."""
    return r.phase_name(int(value)) if isinstance(value, int) else escape(str(value))


def _via(r: Renderer, value: Any, event: Event) -> str:
    """The card a message was sent with (or a reply)."""
    if value == "reply":
        return t(r.lang, "ui.via_reply")
    return r.card(value)


def _plays(r: Renderer, value: Any, event: Event) -> str:
    """Cards played with their targets (Мафик's Ищейка): «Card» → names; …"""
    out = []
    for play in value or []:
        targets = ", ".join(r.player(p) for p in play.get("targets") or [])
        out.append(f"«{r.card(play.get('card'))}»" + (f" → {targets}" if targets else ""))
    return "; ".join(out) or t(r.lang, "ui.nobody")


def _points(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, "ui.points", n=value)


def _text(r: Renderer, value: Any, event: Event) -> str:
    return escape(str(value))


# The fields every master question's events carry (engine/core/rulings.py); the rest are its own params.
QUESTION_FIELDS = frozenset({"key", "question", "offered", "default", "option"})


def _question(r: Renderer, value: Any, event: Event) -> str:
    """A question to the master in words, with the question's own parameters: as asked (`question.<kind>`),
    or, in the record of its answer, what it was about (`about.<kind>`) — with an empty parameter, its
    `_no_<param>` wording where the locales have one."""
    own = {k: r.value(k, v, event) for k, v in event.params.items() if k not in QUESTION_FIELDS}
    key = f"{'question' if event.kind == 'master_question' else 'about'}.{value}"
    return t(r.lang, r.without_empty(key, event), **own)  # e.g. a card message to nobody: a post to the city


def _option(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, f"ruling.{event.params.get('question')}.{value}")


def _offered(r: Renderer, value: Any, event: Event) -> str:
    return ", ".join(_option(r, v, event) for v in value or [])


def _on_off(r: Renderer, value: Any, event: Event) -> str:
    return t(r.lang, "ui.on" if value else "ui.off") if isinstance(value, bool) else escape(str(value))


_SPECIAL: dict[str, Callable[[Renderer, Any, Event], str]] = {
    "question": _question, "default": _option, "option": _option, "offered": _offered, "value": _on_off,
    "votes": _votes, "counts": _counts, "winners": _winners, "roles": _roles, "members": _members,
    "outcome": _outcome, "punishment": _outcome, "choice": _outcome, "subject": _subject, "sender": _sender,
    "code": _reason, "points": _points,
    "text": _text, "until": _until, "via": _via, "plays": _plays,
}


def render(state: GameState, event: Event, lang: str) -> str:
    """One event as a line of text in `lang`."""
    return Renderer(state, lang).event(event)
