"""How a rule set words its events: data the bot applies, so the bot holds no code for any rule set.

The bot words an event's parameters by their names (a `pid` is a character, `cards` card names, numbers
stay numbers). A rule set declares an `EventFormat` for an event that needs more: its own locale key, a
parameter typed apart from its name, or a part of the sentence composed from other locale keys. A
parameter's wording is one of:

- `Value`: a parameter (or the event's own player) worded as what it is — a player, cards counted, a
  public role…;
- `Line`: a locale string with parameters of its own, when the event's parameters allow it (else empty);
- `First`: the first of some lines that applies (empty when none does);
- `Each`: a line for each item of a list parameter, the item's fields its parameters.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Literal

# As a Value's source: the player an event to one player is addressed to (its `who`).
WHO = "@who"

ValueKind = Literal[
    "player", "players",  # characters by pid
    "card", "cards", "counted_cards",  # card ids; counted: sorted by name, «Name ×2»
    "colour", "colours", "faction", "role",  # a colour's, a side's, a secret role's word
    "punishment", "punishments",  # a punishment's word (`punishment.<id>`)
    "public_role", "perk",  # of a character (pid): the public role's name, its role text
    "number", "text",  # a number as a number (a string may pick its plural), user text
]


@dataclass(frozen=True)
class Value:
    """A parameter worded as what it is (`kind`; None: as the bot words a parameter of that name).
    `source`: the parameter read, by default the one being worded (WHO: the event's player); `at`: the
    source is a mapping, and its entry named by this parameter's value is read (the first, for a list;
    0 when there is none); `joined_by`: a locale key whose text separates a list's items (else ", ");
    `empty`: a locale key for an empty value, where the kind has no word for it."""

    kind: ValueKind | None = None
    source: str | None = None
    at: str | None = None
    joined_by: str | None = None
    empty: str | None = None

    def locale_keys(self) -> Iterator[str]:
        yield from (k for k in (self.joined_by, self.empty) if k)


@dataclass(frozen=True)
class Line:
    """The locale string `key` with its own parameters, when every parameter in `needs` is given (not
    None) and each in `when` has one of its values; else nothing. A `{name}` in the key is that
    parameter's value (`"vote_why.micro_{decided_by}"`), which `when` must restrict, so every key a line
    may name is known. `lead` goes before the line (" " for a clause added to a sentence)."""

    key: str
    params: Mapping[str, Wording] = field(default_factory=dict)
    when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    lead: str = ""

    def __post_init__(self) -> None:
        loose = set(self.placeholders()) - set(self.when)
        if loose:
            raise ValueError(f"line {self.key!r}: {sorted(loose)} in the key must be restricted by `when`")

    def placeholders(self) -> list[str]:
        return [name for _text, name, _spec, _conv in string.Formatter().parse(self.key) if name]

    def applies(self, params: Mapping[str, Any]) -> bool:
        return all(params.get(name) is not None for name in self.needs) and \
            all(params.get(name) in values for name, values in self.when.items())

    def key_for(self, params: Mapping[str, Any]) -> str:
        return self.key.format_map({name: params[name] for name in self.placeholders()})

    def locale_keys(self) -> Iterator[str]:
        names = self.placeholders()
        for values in product(*(self.when[name] for name in names)):
            yield self.key.format_map(dict(zip(names, values, strict=True)))
        for wording in self.params.values():
            yield from wording.locale_keys()


@dataclass(frozen=True)
class First:
    """The first of the lines that applies; nothing when none does."""

    lines: tuple[Line, ...]

    def locale_keys(self) -> Iterator[str]:
        for line in self.lines:
            yield from line.locale_keys()


@dataclass(frozen=True)
class Each:
    """`line` for each item of the list parameter `source` (an item's fields are the line's parameters),
    joined by `sep`."""

    source: str
    line: Line
    sep: str = "\n"

    def locale_keys(self) -> Iterator[str]:
        yield from self.line.locale_keys()


Wording = Value | Line | First | Each


@dataclass(frozen=True)
class EventFormat:
    """How the bot words one kind of event: the locale key (None: the bot's own `event.<kind>`) and the
    parameters worded apart from their names (a new parameter too, composed from the event's)."""

    kind: str
    key: str | None = None
    params: Mapping[str, Wording] = field(default_factory=dict)

    def locale_keys(self) -> set[str]:
        """Every locale key this format may name (each must exist in every language)."""
        found = {self.key} if self.key else set()
        for wording in self.params.values():
            found.update(wording.locale_keys())
        return found
