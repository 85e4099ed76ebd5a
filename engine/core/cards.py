"""Card metadata (data, loaded from data/<ruleset>/cards.toml) and card behaviour (code by id)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.resolution import Play

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


@dataclass(frozen=True)
class ParamSpec:
    """One thing a player must choose to play a card; the bot walks these to ask for them."""

    name: str
    kind: str
    count: int = 1
    min: int | None = None  # for list kinds: the fewest allowed (default: count)
    day_count: int | None = None  # count when played by day, if different
    # Count in the actor's stance, if different (Мафик «(Верхняя стойка: выберите 2 цели)»): upper_count, lower_count.
    upper_count: int | None = None
    lower_count: int | None = None
    # Count for some secret roles or factions, if different (Криминалист «(Предатель: до 5 персонажей)»):
    # (who, count) pairs, the first that names the actor wins. TOML: count_by = { traitor = 5 }.
    count_by: tuple[tuple[str, int], ...] = ()
    # The count depends on the game: "dead" — `count` less the number of dead characters, never below
    # `min` (default 1) (Мародёрство «10-X разных карт, но не менее 1, где X – количество мёртвых»);
    # "corpses" — as many as there are dead characters now (Догадка's Предатель: «столько Тайных ролей,
    # сколько сейчас трупов»; a secret_roles list then follows no targets).
    count_from: str | None = None
    optional: bool = False
    mafia_only: bool = False
    choices: tuple[str, ...] = ()
    of: str | None = None  # a filter: which cards/characters may be chosen ("cond_day", "non_peaceful", …)
    who: tuple[str, ...] = ()  # only these roles/factions may give it (Мафик)
    max: int | None = None  # for number
    # Asked and accepted only when an earlier parameter was chosen so: (name, values) pairs, all of
    # which must hold; empty values mean "chosen at all". Met, the parameter is required unless
    # `optional`; unmet, it must be left out. TOML: when = { imitate = ["glasnost"] } or { targets = true }.
    when: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> ParamSpec:
        data = dict(raw)
        data["choices"] = tuple(data.get("choices", ()))
        data["who"] = tuple(data.get("who", ()))
        data["count_by"] = tuple((str(who), int(n)) for who, n in dict(data.get("count_by", {})).items())
        data["when"] = tuple((name, () if values is True else tuple(values))
                             for name, values in dict(data.get("when", {})).items())
        return cls(**data)

    def applies(self, params: dict[str, Any]) -> bool:
        """Is this parameter called for, given the parameters chosen before it (see `when`)?"""
        for name, values in self.when:
            value = params.get(name)
            if value is None or value == [] or value == "" or (values and value not in values):
                return False
        return True


@dataclass(frozen=True)
class ByRole:
    """A property of a card that applies only when one of `who` (roles or factions) plays it."""

    who: tuple[str, ...]
    cost: int | None = None
    tags: frozenset[str] = frozenset()
    max: int | None = None

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> ByRole:
        return cls(who=tuple(raw["who"]), cost=raw.get("cost"), tags=frozenset(raw.get("tags", ())),
                   max=raw.get("max"))


@dataclass(frozen=True)
class CardSpec:
    id: str
    name: str
    name_en: str
    colour: str
    text: str
    text_en: str
    cost: int = 0
    mafia_cost: int | None = None
    tags: frozenset[str] = frozenset()
    params: tuple[ParamSpec, ...] = ()
    role: str | None = None  # the secret role a role-unique card belongs to
    cost_by: tuple[ByRole, ...] = ()
    tags_by: tuple[ByRole, ...] = ()
    max_copies_by: tuple[ByRole, ...] = ()

    def has(self, tag: str) -> bool:
        return tag in self.tags

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)


CardBehaviour = Callable[["Play"], None]


class Behaviours(dict[str, CardBehaviour]):
    """The behaviours by card id, with a `version` that counts every change (a test swaps a card's behaviour
    in and out): what is worked out from the implemented cards may be kept under it (the Мафик automatic
    deck's pool: engine/rulesets/mafik/autopool.py)."""

    version = 0

    def __setitem__(self, key: str, value: CardBehaviour) -> None:
        self.version += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self.version += 1
        super().__delitem__(key)

    def pop(self, key: str, *default: Any) -> Any:
        self.version += 1
        return super().pop(key, *default)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self.version += 1
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.version += 1
        super().update(*args, **kwargs)

    def popitem(self) -> tuple[str, CardBehaviour]:
        self.version += 1
        return super().popitem()

    def clear(self) -> None:
        self.version += 1
        super().clear()


@dataclass
class CardRegistry:
    """Behaviour registered by card id; `priority` orders cards within the effects step."""

    behaviours: Behaviours = field(default_factory=Behaviours)
    priorities: dict[str, int] = field(default_factory=dict)

    def card(self, card_id: str, *, priority: int = 50) -> Callable[[CardBehaviour], CardBehaviour]:
        def register(fn: CardBehaviour) -> CardBehaviour:
            if card_id in self.behaviours:
                raise ValueError(f"behaviour for card {card_id!r} registered twice")
            self.behaviours[card_id] = fn
            self.priorities[card_id] = priority
            return fn

        return register


class CardCatalog:
    """The collection of one rule set: specs by id, in the data file's order."""

    def __init__(self, specs: list[CardSpec]) -> None:
        self.specs: dict[str, CardSpec] = {s.id: s for s in specs}
        if len(self.specs) != len(specs):
            raise ValueError("duplicate card id in the collection")
        self._tagged: dict[str, frozenset[str]] = {}

    @classmethod
    def load(cls, ruleset: str) -> CardCatalog:
        """Every `cards*.toml` of data/<ruleset>/, in file-name order."""
        specs = []
        for path in sorted((DATA_DIR / ruleset).glob("cards*.toml")):
            with open(path, "rb") as fh:
                raw = tomllib.load(fh)
            for entry in raw.get("card", []):
                entry = dict(entry)
                entry["tags"] = frozenset(entry.get("tags", ()))
                entry["params"] = tuple(ParamSpec.from_dict(p) for p in entry.get("params", ()))
                for key in ("cost_by", "tags_by", "max_copies_by"):
                    entry[key] = tuple(ByRole.from_dict(b) for b in entry.get(key, ()))
                specs.append(CardSpec(**entry))
        return cls(specs)

    def __getitem__(self, card_id: str) -> CardSpec:
        return self.specs[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.specs

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.specs.values())

    def __len__(self) -> int:
        return len(self.specs)

    def ids(self) -> list[str]:
        return list(self.specs)

    def tagged(self, tag: str) -> frozenset[str]:
        """The ids of the cards whose data carry `tag` (the collection is read only, so kept once asked:
        a copy's properties are asked of every card in every Hand at every step that touches one)."""
        ids = self._tagged.get(tag)
        if ids is None:
            ids = self._tagged[tag] = frozenset(s.id for s in self.specs.values() if tag in s.tags)
        return ids

    def check_behaviours(self, registry: CardRegistry, *, allow_missing: bool = False) -> None:
        """Load-time check: no behaviour without a card, and (unless allowed) no card without one."""
        unknown = set(registry.behaviours) - set(self.specs)
        if unknown:
            raise ValueError(f"behaviour for unknown card ids: {sorted(unknown)}")
        missing = set(self.specs) - set(registry.behaviours)
        if missing and not allow_missing:
            raise ValueError(f"cards without behaviour: {sorted(missing)}")
