"""The game state: plain, JSON-serialisable data and nothing else.

Everything that decides what happens next lives here — including the RNG state and the id
counters — so that `GameState.model_validate_json(state.to_json())` continues the game
exactly as before. Behaviour lives in the rulesets; this module only describes the data.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import KeysView
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from engine.core.durations import Duration
from engine.core.presence import arrived, kind_added
from engine.core.rng import Rng

# Phase numbering: 0 is deck building; then 1 = night 1, 2 = day 1, 3 = night 2, …
SETUP_PHASE = 0

JsonValue = Any  # a JSON primitive, list or dict; params and event payloads only hold these


class CardInstance(BaseModel):
    """One physical card: a collection card id plus what has happened to this copy."""

    uid: int
    card: str
    cost_mod: int = 0
    free: bool = False  # made Свободная whatever the card says (Фокусник); shown on the card
    # What this copy is beyond its card (Мафик: `peaceful` — Улучшение; `no_pay`, `no_as` — Даркнет's RSVP):
    # read with the card's own data tags by the rule set (engine/rulesets/mafik/costs.py: copy_has). A tuple,
    # replaced whole when it changes: the one empty tuple is shared by every plain card (an empty list
    # each was 14 KB of a 16-player game's 235).
    tags: tuple[str, ...] = ()


# a list of cards validated at once: ~a fifth cheaper a card than `CardInstance(...)` each (`GameState.new_cards`)
_CARD_LIST = TypeAdapter(list[CardInstance])


class DeckBuilding(BaseModel):
    """A player's progress through deck building (draft offers or a free choice)."""

    mode: str  # "draft" or "choose"
    picks: list[str] = Field(default_factory=list)
    offer: list[str] = Field(default_factory=list)
    guaranteed: list[str] = Field(default_factory=list)  # Инженер: cards sure to be among the first dealt
    done: bool = False


class PlayerState(BaseModel):
    pid: int
    name: str
    public_role: str
    role_title: str = ""  # the name of a "(Другой)" public role, chosen by the player
    gender: str = ""  # the character's grammatical gender (m, f) for the texts; no rule reads it
    secret_role: str = ""
    faction: str = ""
    alive: bool = True
    died: int | None = None  # the phase at whose end it died
    deck: list[CardInstance] = Field(default_factory=list)  # index 0 is the top
    hand: list[CardInstance] = Field(default_factory=list)  # index 0 is discarded first
    discard: list[CardInstance] = Field(default_factory=list)
    sleeve: list[CardInstance] = Field(default_factory=list)  # Мафик's second zone (Рукав)
    points: int = 0
    # Once-a-game perks used, counters, and other per-player bookkeeping.
    flags: dict[str, int] = Field(default_factory=dict)
    # The cards chosen when the deck was built (for effects that ask about them).
    deck_choice: list[str] = Field(default_factory=list)
    building: DeckBuilding | None = None
    # Snapshots taken when the current phase began ("at the start of the night").
    hand_at_phase_start: list[str] = Field(default_factory=list)
    points_at_phase_start: int = 0
    # Card uids discarded for damage last during the current phase.
    discard_last: list[int] = Field(default_factory=list)
    # The rule set's own data about this player (its `player_ext` model, as JSON; engine/core/extensions.py).
    ext: dict[str, JsonValue] = Field(default_factory=dict)


class Effect(BaseModel):
    """A persistent or scheduled effect, active from phase `start` to `end` (inclusive)."""

    eid: int
    kind: str
    target: int | None = None
    source: int | None = None
    start: int
    end: int | None = None  # None: until the end of the game
    params: dict[str, JsonValue] = Field(default_factory=dict)

    def active(self, phase: int) -> bool:
        return self.start <= phase and (self.end is None or phase <= self.end)


class Payment(BaseModel):
    points: int = 0
    cards: list[int] = Field(default_factory=list)  # uids from the payer's hand
    options: dict[str, JsonValue] = Field(default_factory=dict)


class Order(BaseModel):
    """A submission (заявка): one thing a player has chosen to do this phase."""

    oid: int
    kind: str
    card: int | None = None  # uid of a card in hand, for orders that use one
    params: dict[str, JsonValue] = Field(default_factory=dict)
    payment: Payment = Field(default_factory=Payment)


class PlayRecord(BaseModel):
    """Who played which card on whom in which phase — for effects that look back. Written in one place per
    rule set (Мафик: engine/rulesets/mafik/history.py); read through one reader (`past_plays` there)."""

    phase: int
    actor: int
    card: str  # the card as played (the one it was played "as", if so)
    targets: list[int] = Field(default_factory=list)
    zone: str = "hand"  # where it was played from: hand, sleeve, or ability (a granted ability's use)
    printed: str | None = None  # the physical card, when it was played as another card
    paid: list[str] = Field(default_factory=list)  # the cards discarded to pay its cost
    seq: int = 0  # its place in the phase's order of resolution (1 first; 0: not resolved by the effects step)
    fake: bool = False  # a record made up by a card (Заметание следов); readers treat it as real
    peaceful: bool = False  # the copy played was Мирная (Улучшение): an Обвинение does not count this play


class DamageRecord(BaseModel):
    """Damage that reached the armor in a phase, per source, target and card (summed): `dealt` before
    armor, `absorbed` by it. Source and card are None for damage of no one's card (the Вече, effects)."""

    phase: int
    source: int | None = None
    target: int
    card: str | None = None
    dealt: int = 0
    absorbed: int = 0


class ArmorRecord(BaseModel):
    """The armor a character had in a phase (only what a rule set counts as such; 0 is not recorded)."""

    phase: int
    pid: int
    amount: int


class VoteRecord(BaseModel):
    """One vote at a council (the phase of its day): who voted for whom, with what strength."""

    phase: int
    voter: int
    target: int
    strength: int = 1


class CheckRecord(BaseModel):
    """One check (engine/core/checks.py): who looked at whom, whose truth was read (a redirect may read
    another character's), which aspect, with which card (None: a perk or a rule) — kept so that
    reactions to being checked run this phase and later (Мимикрия, Пути отступления…)."""

    phase: int
    observer: int
    aimed_at: int
    read: int
    aspect: str
    card: str | None = None


class AbilityUse(BaseModel):
    """One use of an ability of the catalogue (engine/core/abilities.py), for the tags that look back
    ("not twice on one target", "not two phases running"); only such abilities are recorded."""

    phase: int
    pid: int
    ability: str
    targets: list[int] = Field(default_factory=list)


class Visit(BaseModel):
    """Who acted on whom in a phase, with what, and whether it worked (engine/core/visits.py); kept
    only by a rule set whose rules look at visits, for as many phases as they look back."""

    phase: int
    actor: int
    targets: list[int]
    via: str  # "card:<id>" or "ability:<id>"
    worked: bool = True


class Event(BaseModel):
    """Something that happened, with its audience. Parameters only — the bot renders prose.

    `to` is one of: "public", "player" (who = pid), "faction" (who = faction name), "master".
    The master sees every event.
    """

    seq: int
    phase: int
    kind: str
    to: str
    who: int | str | None = None
    params: dict[str, JsonValue] = Field(default_factory=dict)


# `Event(...)` without `BaseModel.__init__`'s Python frame: the same validation of the same fields, and so the
# same event (its fields set too), ~a fifth cheaper; `GameState.emit` makes ~900 a game
_EVENT = Event.__pydantic_validator__

Pick = str | int  # one option of a question: a fixed option name, or a value (a card uid, a player id)


class MasterQuestion(BaseModel):
    """A question the rules ask the master or a player (engine/core/rulings.py): asked when it arises,
    answered before the deadline of its phase, else its default applies. A question of `count` 1 keeps
    one option as its default and answer; a question of `count` n keeps lists of n options."""

    key: str  # stable: the same situation asks the same key, a changed one a new key
    kind: str  # what is asked ("card_message"); the bot words it and its options
    phase: int  # the phase it belongs to: answered only while that phase runs
    options: list[Pick]
    default: Pick | list[Pick]  # what happens if nobody answers
    params: dict[str, JsonValue] = Field(default_factory=dict)
    oid: int | None = None  # the order it is about, if any: gone with the order, it is stale
    choice: Pick | list[Pick] | None = None  # the answer
    defaulted: bool = False  # the default was applied (and said so)
    to: Literal["master"] | int = "master"  # who is asked: the master or a player id
    count: int = 1  # how many options to pick
    # What the options are: "names" (fixed option names, worded by the kind), "cards" (card uids of the
    # asked player's), "players" (player ids).
    among: Literal["names", "cards", "players"] = "names"
    cards: list[str] = Field(default_factory=list)  # among "cards": each option's card id, for its label


class GameState(BaseModel):
    # Not fields: never saved, compared or copied (a copy starts without them). The effects by kind, kept
    # beside the list they index (`_effect_index`; a copy builds its own on its first question); each
    # player's orders found valid when submitted, while only orders changed (engine/core/checked.py); the cards
    # that stay named for good (`lasting_cards`), kept beside the two lists they come from.
    __slots__ = ("_by_kind", "_checked", "_lasting")
    if TYPE_CHECKING:
        _by_kind: tuple[list[Effect], int, Effect | None, dict[str, list[Effect]]]
        _checked: dict[int, tuple[Order, ...]]
        _lasting: tuple[list[str], int, list[PlayRecord], int, set[str]] | None

    ruleset: str
    seed: int
    rng: int
    settings: dict[str, JsonValue] = Field(default_factory=dict)
    status: str = "setup"  # "setup" → "running" → "finished"
    phase: int = SETUP_PHASE
    players: list[PlayerState] = Field(default_factory=list)
    orders: dict[int, list[Order]] = Field(default_factory=dict)
    effects: list[Effect] = Field(default_factory=list)
    history: list[PlayRecord] = Field(default_factory=list)
    damage_log: list[DamageRecord] = Field(default_factory=list)  # what reached the armor, phase by phase
    armor_log: list[ArmorRecord] = Field(default_factory=list)  # armor per character and phase
    vote_log: list[VoteRecord] = Field(default_factory=list)  # the councils' secret votes
    events: list[Event] = Field(default_factory=list)
    counters: dict[str, int] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)
    questions: dict[str, MasterQuestion] = Field(default_factory=dict)  # by key (rulings.py)
    # The rule set's own data about the game (its `game_ext` model, as JSON; engine/core/extensions.py).
    ext: dict[str, JsonValue] = Field(default_factory=dict)
    uses: list[AbilityUse] = Field(default_factory=list)  # engine/core/abilities.py
    visits: list[Visit] = Field(default_factory=list)  # engine/core/visits.py
    checks: list[CheckRecord] = Field(default_factory=list)  # engine/core/checks.py
    # Every card id that has been in a player's zones since the game was made, sorted: a card game starts
    # it empty (api.new_game) and `new_card` / `card_arrived` add to it, so that a resolution learns which
    # cards can matter without reading every deck (engine/cardgame/presence.py). None: a game saved before
    # the record, or built by hand — its zones are read instead.
    cards_seen: list[str] | None = None

    def model_post_init(self, context: Any, /) -> None:
        # the kept cards are not built yet; the slot is set, since reading an unset one costs a pydantic fallback
        # of ~2 µs, and every card new to the game asks it (`card_arrived`): a copy (unset) only reads it slowly
        object.__setattr__(self, "_lasting", None)

    # ---- derived helpers (no state of their own) ----
    @property
    def random(self) -> Rng:
        return Rng(self)

    @property
    def is_night(self) -> bool:
        return self.phase % 2 == 1

    @property
    def is_day(self) -> bool:
        return self.phase > 0 and self.phase % 2 == 0

    @property
    def day_number(self) -> int:
        """1 for night 1 and day 1, 2 for night 2 and day 2, …"""
        return (self.phase + 1) // 2

    def next_id(self, counter: str) -> int:
        value = self.counters.get(counter, 0) + 1
        self.counters[counter] = value
        return value

    def player(self, pid: int) -> PlayerState:
        return self.players[pid]

    def to_json(self, *, events: bool = True) -> str:
        """The state as JSON, every field at its default left out: the text is a fifth smaller, and a
        model loaded from it tracks only the fields it was given — pydantic keeps a set of them in each
        model, which for a player with 19 or more grows from 728 to 2 264 bytes (24 KB a 16-player game),
        and so a new field with a default costs saved games nothing. The defaults are part of the saved
        format: tests/engine/test_state_defaults.py pins them."""
        return self.model_dump_json(exclude_defaults=True, exclude=None if events else {"events"})

    def living(self) -> list[PlayerState]:
        return [p for p in self.players if p.alive]

    def effects_of(self, kind: str, *, target: int | None = None, phase: int | None = None) -> list[Effect]:
        """The effects of `kind` in force at `phase` (default: now), on `target` if given, in the list's order."""
        of_kind = self._effect_index().get(kind)
        if of_kind is None:
            return []
        at = self.phase if phase is None else phase
        return [e for e in of_kind if e.start <= at and (e.end is None or at <= e.end) and (target is None or e.target == target)]

    def effect_kinds(self) -> set[str]:
        """The kinds of the effects the state holds (in force or not)."""
        return set(self._effect_index())

    def held_kinds(self) -> KeysView[str]:
        """`effect_kinds` without a copy, for a question asked at once: a view to read, not to keep."""
        return self._effect_index().keys()

    def _effect_index(self) -> dict[str, list[Effect]]:
        """`effects` by kind, in the list's order. Kept with the list object it was built from, that list's
        length and its last effect, and rebuilt when any of the three differs. The rules change the list only
        by assigning a new one, removing from it (`remove`, `pop`, `clear`: the length falls) and appending
        through `add_effect` (which keeps the index up to date itself, and whose effect is always a new
        object): after any mix of those that ends at the same length with the same last effect, no effect was
        removed and none added (an effect appended after the old last one would still be there, or the old last
        one would no longer be last). tests/engine/test_effect_index.py holds the index to the plain scan
        after each of these changes, and the engine's source to these ways of changing the list."""
        effects = self.effects
        try:
            held, length, last, by_kind = self._by_kind
        except AttributeError:  # a state just made, loaded or copied
            pass
        else:
            if held is effects and len(effects) == length and (not length or effects[-1] is last):
                return by_kind
        by_kind = {}
        for effect in effects:
            if effect.kind in by_kind:
                by_kind[effect.kind].append(effect)
            else:
                by_kind[effect.kind] = [effect]
        object.__setattr__(self, "_by_kind", (effects, len(effects), effects[-1] if effects else None, by_kind))
        return by_kind

    def add_effect(
        self,
        kind: str,
        *,
        target: int | None = None,
        source: int | None = None,
        during: Duration | None = None,
        start: int | None = None,
        end: int | None = None,
        **params: JsonValue,
    ) -> Effect:
        """A new effect, in force `during` (engine/core/durations.py) from this phase; the raw `start`
        (default: this phase) and `end` (default: to the end of the game) are for setting a state up
        directly (tests, tools); rule sets say `during`."""
        if during is not None:
            if start is not None or end is not None:
                raise ValueError("an effect's duration is said once: `during` or `start`/`end`")
            start, end = during.span(self.phase)
        begin = self.phase if start is None else start
        effect = Effect(
            eid=self.next_id("effect"), kind=kind, target=target, source=source,
            start=begin, end=end, params=params,
        )
        self._append_effect(effect)
        kind_added(self, kind)
        return effect

    def _append_effect(self, effect: Effect) -> None:
        """Append `effect` to the list and to its index (brought up to date first, if the list changed since)."""
        by_kind = self._effect_index()
        self.effects.append(effect)
        by_kind.setdefault(effect.kind, []).append(effect)
        object.__setattr__(self, "_by_kind", (self.effects, len(self.effects), effect, by_kind))

    def emit(self, kind: str, to: str, who: int | str | None = None, /, **params: JsonValue) -> Event:
        event = _EVENT.validate_python(
            {"seq": len(self.events) + 1, "phase": self.phase, "kind": kind, "to": to, "who": who, "params": params})
        self.events.append(event)
        return event

    def cards_in_zones(self) -> set[str]:
        """The card ids in every player's deck, Hand, Sleeve and discard pile now."""
        return {c.card for p in self.players for zone in (p.deck, p.hand, p.sleeve, p.discard) for c in zone}

    def new_card(self, card: str) -> CardInstance:
        self.card_arrived(card)
        return CardInstance(uid=self.next_id("card"), card=card)

    def new_cards(self, cards: list[str]) -> list[CardInstance]:
        """`[self.new_card(c) for c in cards]`, made at once (a deck dealt or rebuilt): the same uids in the same
        order, and each card id arrives once — `card_arrived` of an id already in the game changes nothing."""
        for card in dict.fromkeys(cards):
            self.card_arrived(card)
        if not cards:
            return []  # `next_id` was not asked: no "card" counter is started
        first = self.counters.get("card", 0)
        self.counters["card"] = first + len(cards)
        return _CARD_LIST.validate_python([{"uid": uid, "card": card} for uid, card in enumerate(cards, first + 1)])

    def card_arrived(self, card: str) -> None:
        """A card `card` is in the game from now on: made, or a physical card changed into it."""
        seen = self.cards_seen
        if seen is not None:
            at = bisect_left(seen, card)
            if at == len(seen) or seen[at] != card:
                lasting = self._kept_lasting()
                seen.insert(at, card)
                if lasting is not None:
                    lasting.add(card)
                    self._keep_lasting(lasting)
        arrived(self, card)

    def add_record(self, record: PlayRecord, *, at: int | None = None) -> None:
        """Put a play's record in the history: last, or at index `at` (a made-up record among a past phase's)."""
        lasting = self._kept_lasting()
        if at is None:
            self.history.append(record)
        else:
            self.history.insert(at, record)
        if lasting is not None:
            lasting.add(record.card)
            if record.printed is not None:
                lasting.add(record.printed)
            self._keep_lasting(lasting)

    def lasting_cards(self) -> set[str] | None:
        """The cards named for good: every card of `cards_seen` and every card the history names (as played, and
        the physical card played as another) — what a resolution's presence pass would otherwise walk both lists
        for (engine/cardgame/presence.py); a set to read, not to change. None: a state without `cards_seen`.

        Both lists only grow: `card_arrived` inserts into `cards_seen`, `add_record` puts a record in the history,
        and each adds its card to the set kept. The set is kept with the two list objects and their lengths, and
        built anew when any of them differs: a new list assigned, a record put in the history another way, a state
        loaded or copied (which starts without the set). Nothing removes a record or a card of `cards_seen`, nor
        changes a record's cards (tests/engine/test_lasting_cards.py holds the engine's source to that)."""
        if self.cards_seen is None:
            return None
        kept = self._kept_lasting()
        if kept is not None:
            return kept
        built = set(self.cards_seen)
        for record in self.history:
            built.add(record.card)
            if record.printed is not None:
                built.add(record.printed)
        self._keep_lasting(built)
        return built

    def _kept_lasting(self) -> set[str] | None:
        """The set `lasting_cards` keeps, if it still holds for the two lists as they are now."""
        try:
            lasting = self._lasting
        except AttributeError:  # a state copied
            return None
        if lasting is None:  # a state just made or loaded
            return None
        seen, seen_length, history, history_length, kept = lasting
        if seen is self.cards_seen and history is self.history and len(seen) == seen_length \
                and len(history) == history_length:
            return kept
        return None

    def _keep_lasting(self, lasting: set[str]) -> None:
        seen = self.cards_seen
        assert seen is not None
        object.__setattr__(self, "_lasting", (seen, len(seen), self.history, len(self.history), lasting))
