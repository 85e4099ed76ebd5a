"""A rule set's declared wording of an event's parameters (engine/core/wording.py), applied: each kind of
value worded as the renderer words it, lines composed from their locale keys. Generic: the formats are
the rule set's data, read through engine.core.api."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from engine.core.state import Event
from engine.core.wording import WHO, Each, First, Line, Value, Wording
from tgbot import gamedata
from tgbot.i18n import t

if TYPE_CHECKING:
    from tgbot.render import Renderer

ABSENT = object()  # a Value whose source the event lacks: the parameter is left as it is


def declared_params(r: Renderer, formats: Mapping[str, Wording], params: Mapping[str, Any],
                    event: Event) -> dict[str, Any]:
    """The event's parameters that its rule set words itself, worded."""
    worded = {name: word(r, wording, name, params, event) for name, wording in formats.items()}
    return {name: value for name, value in worded.items() if value is not ABSENT}


def word(r: Renderer, wording: Wording, name: str, params: Mapping[str, Any], event: Event) -> Any:
    """One declared wording of parameter `name`, from `params` (the event's, or a list item's fields)."""
    if isinstance(wording, Value):
        return _value(r, wording, name, params, event)
    if isinstance(wording, Line):
        return _line(r, wording, params, event)
    if isinstance(wording, First):
        return next((_line(r, line, params, event) for line in wording.lines if line.applies(params)), "")
    if isinstance(wording, Each):
        return wording.sep.join(_line(r, wording.line, dict(item), event) for item in params.get(wording.source) or [])
    raise TypeError(f"not a wording: {wording!r}")


def _line(r: Renderer, line: Line, params: Mapping[str, Any], event: Event) -> str:
    if not line.applies(params):
        return ""
    own = declared_params(r, line.params, params, event)
    return line.lead + t(r.lang, line.key_for(params), **own)


def _value(r: Renderer, value: Value, name: str, params: Mapping[str, Any], event: Event) -> Any:
    source = value.source or name
    if source == WHO:
        raw: Any = event.who if event.to == "player" and event.who is not None else ABSENT
    else:
        raw = params.get(source, ABSENT)
    if raw is ABSENT:
        return ABSENT
    if value.at is not None:
        where = params.get(value.at)
        if isinstance(where, list):
            where = where[0] if where else None
        raw = dict(raw or {}).get(where, 0)
    if value.kind is None:
        return r.value(source, raw, event)
    if value.kind in _LISTS:
        sep = t(r.lang, value.joined_by) if value.joined_by else ", "
        return sep.join(_LISTS[value.kind](r, raw or [])) or t(r.lang, value.empty or "ui.nobody")
    text = _ONE[value.kind](r, raw)
    return t(r.lang, value.empty) if value.empty and text == "" else text


def _counted(r: Renderer, ids: Sequence[Any]) -> list[str]:
    """Cards by name, each once with its count: «Name ×2»."""
    counts: dict[str, int] = {}
    for card in sorted((str(c) for c in ids), key=lambda c: gamedata.card_name(r.ruleset, c, r.lang)):
        counts[card] = counts.get(card, 0) + 1
    return [r.card(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()]


def _public_role(r: Renderer, pid: Any) -> str:
    player = r.state.player(int(pid))
    return escape(gamedata.public_role_label(r.ruleset, player.public_role, r.lang, player.role_title))


def _perk(r: Renderer, pid: Any) -> str:
    """The public role's text ("(Другой)" has none)."""
    role = r.state.player(int(pid)).public_role
    return "" if role == gamedata.OTHER_ROLE else escape(gamedata.role_text(r.ruleset, role, r.lang))


def _number(r: Renderer, value: Any) -> Any:
    if isinstance(value, float):
        return f"{value:g}"
    return value if isinstance(value, int) and not isinstance(value, bool) else escape(str(value))


# Each kind of value (engine.core.wording.ValueKind): one value, or the items of a list.
_ONE: dict[str, Callable[[Renderer, Any], Any]] = {
    "player": lambda r, v: r.player(v), "card": lambda r, v: r.card(v), "colour": lambda r, v: r.colour(v),
    "faction": lambda r, v: r.faction(v), "role": lambda r, v: r.role(v),
    "punishment": lambda r, v: r.punishment(v), "public_role": _public_role, "perk": _perk,
    "number": _number, "text": lambda r, v: escape(str(v)),
}
_LISTS: dict[str, Callable[[Renderer, Sequence[Any]], list[str]]] = {
    "players": lambda r, vs: [r.player(v) for v in vs], "cards": lambda r, vs: [r.card(v) for v in vs],
    "counted_cards": _counted, "colours": lambda r, vs: [r.colour(v) for v in vs],
    "punishments": lambda r, vs: [r.punishment(v) for v in vs],
}
