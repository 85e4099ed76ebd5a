"""«Мафия с личинами»'s own state and the facts every part of it reads: hit points and statuses, guises,
who holds which ability now, the Джокер's cards.

A character's extension (`Character`) keeps HP, the guises by role (and this night's extra ones), the
cards, the Сплетник's bank, what was looted or inherited; the game's (`Table`) what the rules look back on
(who died when, the Ва-банк's outcome). Statuses that last are effects (prison, the Повар's hospital,
silence, the spirit); the hospital of 1 HP is read off the HP.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from engine.core.catalog import RoleInfo, load_roles
from engine.core.extensions import Extension, edit, read
from engine.core.state import GameState

NAME = "guises"
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / NAME
ROLES: dict[str, RoleInfo] = load_roles(DATA_DIR)
SECRET = [r.id for r in ROLES.values() if r.secret]
PUBLIC = [r.id for r in ROLES.values() if not r.secret]  # in the order of the text: the vote's tie order
FACTION = {r.id: str(r.faction) for r in ROLES.values() if r.secret}
ANONYMOUS = "anonymous"  # the one guise that is no secret role (Аноним's); it cannot be named
START_HP = 2
HERO = "hero"
IDLER = "idler"

# Effects: lasting statuses. Public ones are on the public board.
PRISON = "prison"
COOKED = "cooked"  # Карательная кулинария: in the hospital for the next night, whatever the HP
SILENCE = "silence"
SPIRIT = "spirit"  # Мститель's «дух»
RIOT = "riot"  # Бунт: 1.5 votes against the target on the next day
AMNESTY = "amnesty"  # Амнистия: 2 votes off on the next day
WATCH = "watch"  # Расследование: the Журналист learns the target's guise after the next night
HOSPITAL = "hospital"  # the status shown (1 HP, or cooked); not an effect


class Character(Extension):
    hp: int = START_HP
    guises: dict[str, int] = Field(default_factory=dict)  # by role id (a secret role; "anonymous" never)
    tonight: dict[str, int] = Field(default_factory=dict)  # guises for this night only (Маскировка, Прикуп)
    cards: int = 0  # the Джокер's cards («Рука судьбы»)
    bank: int = 0  # the Сплетник's banked votes
    looted: list[str] = Field(default_factory=list)  # public roles whose abilities the Мародер gained
    granted: list[str] = Field(default_factory=list)  # abilities inherited (Наган, Сбор ополчения, Пистолет)
    militia: int | None = None  # Сбор ополчения: the heir chosen
    changed_role: bool = False  # a Лентяй who changed his public role
    # Public roles taken during the game (Биржа труда, Расхищение) → the days resolved before his first day
    # with it: the Посол's bonus counts the days from there. A role held from the start is not listed (0).
    since: dict[str, int] = Field(default_factory=dict)


class Table(Extension):
    died: dict[str, int] = Field(default_factory=dict)  # pid → the phase in which the character died
    busted: list[int] = Field(default_factory=list)  # who died of Баст (the Крупье learns their roles)
    all_in: int | None = None  # the Джокер whose Ва-банк was right this phase
    days: int = 0  # days resolved (the Посол's bonus falls by one after each)


def char(state: GameState, pid: int) -> Character:
    return read(Character, state.player(pid))


def hp(state: GameState, pid: int) -> int:
    return char(state, pid).hp


def has_public(state: GameState, pid: int, role: str) -> bool:
    """The character has this public role's abilities: it is his, or he looted it (Мародер)."""
    player = state.player(pid)
    return player.public_role == role or role in char(state, pid).looted


def in_prison(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(PRISON, target=pid))


def is_spirit(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(SPIRIT, target=pid))


def in_hospital(state: GameState, pid: int) -> bool:
    """1 HP, or the Повар's dish tonight; a spirit is never in the hospital."""
    if is_spirit(state, pid) or not state.player(pid).alive:
        return False
    return hp(state, pid) == 1 or bool(state.effects_of(COOKED, target=pid))


def misere(state: GameState, pid: int) -> bool:
    """Мизер this night: every ability of his works from the hospital and the prison."""
    return state.is_night and any(o.kind == "misere" for o in state.orders.get(pid, []))


def faction_of(state: GameState, pid: int) -> str:
    return state.player(pid).faction


def guise_counts(state: GameState, pid: int) -> dict[str, int]:
    """Every guise the character holds now (this night's extra ones too); Аноним holds only «Аноним»."""
    if has_public(state, pid, "anonymous"):
        return {ANONYMOUS: 1}
    me = char(state, pid)
    counts = dict(me.guises)
    for role, n in me.tonight.items():
        counts[role] = counts.get(role, 0) + n
    return {role: n for role, n in counts.items() if n > 0}


def add_guises(state: GameState, pid: int, role: str, n: int, *, tonight: bool = False, own_way: bool = False) -> None:
    """+n guises of `role`. The Маньяк gains guises no other way than his own (`own_way`)."""
    if state.player(pid).secret_role == "maniac" and not own_way:
        return
    with edit(Character, state.player(pid)) as me:
        where = me.tonight if tonight else me.guises
        where[role] = where.get(role, 0) + n
        if tonight:
            me.tonight = dict(where)
        else:
            me.guises = dict(where)


def draw_guise(state: GameState, pid: int) -> str:
    """One guise drawn at random from all the character holds, weighted by their counts (the state's RNG)."""
    counts = sorted(guise_counts(state, pid).items())
    total = sum(n for _role, n in counts)
    if total == 0:
        return state.player(pid).secret_role
    roll = state.random.below(total)
    for role, n in counts:
        if roll < n:
            return role
        roll -= n
    raise AssertionError("unreachable")


def change_hp(state: GameState, pid: int, delta: int) -> int:
    with edit(Character, state.player(pid)) as me:
        me.hp += delta
        return me.hp


def cards(state: GameState, pid: int) -> int:
    return char(state, pid).cards


def set_cards(state: GameState, pid: int, n: int) -> None:
    with edit(Character, state.player(pid)) as me:
        me.cards = max(0, n)
