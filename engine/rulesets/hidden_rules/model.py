"""«Мафия по скрытым правилам»'s own state and the facts every part of it reads: the world a character is
in, what he has been told, what he knows of the soul stone; the stone itself (souls under anonymous labels,
seals, Озарение's marks, the links of past phases), the Суд's ballot and the Опасный знак to destroy."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from engine.core.catalog import RoleInfo, load_roles
from engine.core.extensions import Extension, edit, read
from engine.core.state import GameState

NAME = "hidden_rules"
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / NAME
ROLES: dict[str, RoleInfo] = load_roles(DATA_DIR)
FACTION = {r.id: str(r.faction) for r in ROLES.values() if r.secret}
MAFIA, TOWN = "mafia", "town"
LIVING, SPIRITS = "living", "spirits"
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # the souls' anonymous labels: a game of N uses the first N

# Effects (lasting statuses, none public)
DEATH_SIGN = "death_sign"  # знак смерти: for the next phase
SHADOW = "karmic_shadow"  # кармическая тень: votes against him in the next phase with a vote


class Soul(Extension):
    """A character beyond the core: his world, his shaman group, what he was told, what he saw."""

    group: str = ""  # a shaman's secret group: "a" (of three) or "b" (of two)
    world: str = LIVING
    told: list[str] = Field(default_factory=list)  # the schedule's keys told, in order
    spirit_phases: int = 0  # phases begun in the spirit world
    returned: bool = False  # came back to the living world at least once
    ghost: bool = False  # Спасение души: dead in the real world, goes on in the spirit world
    stolen: bool = False  # Похищение души: the spirit world is deadly to him
    theft_from: int = 0  # Похищение души: the first phase it may be used again
    glanced: list[int] = Field(default_factory=list)  # Взгляд в душу: whose souls he found on the stone
    edges: list[list[str]] = Field(default_factory=list)  # links he has drawn: sorted label pairs
    arrows: list[list[str]] = Field(default_factory=list)  # directions he has drawn: [from, to]


class Link(Extension):
    """One use of an ability by one character on another (a «связь» of the stone)."""

    phase: int
    actor: int
    target: int
    ability: str  # the ability's id
    bad: bool = False  # on the text's list of «плохие действия»


class Trial(Extension):
    """Суд: the two named, and the phase of the ballot."""

    phase: int
    first: int
    second: int


class Stone(Extension):
    """The soul stone and what the rules look back on."""

    souls: dict[str, str] = Field(default_factory=dict)  # pid → label (shuffled with the state's RNG)
    seals: list[str] = Field(default_factory=list)  # sealed labels
    marks: list[str] = Field(default_factory=list)  # labels Озарение marked
    links: list[Link] = Field(default_factory=list)
    marked_at_start: list[int] = Field(default_factory=list)  # who was «помечен» when the phase began
    trials: list[Trial] = Field(default_factory=list)
    danger: dict[str, int] = Field(default_factory=dict)  # Колдун's pid → his Опасный знак's target, last phase


def soul(state: GameState, pid: int) -> Soul:
    return read(Soul, state.player(pid))


def stone(state: GameState) -> Stone:
    return read(Stone, state)


def label_of(state: GameState, pid: int) -> str:
    return stone(state).souls[str(pid)]


def pid_of(state: GameState, label: str) -> int:
    return next(int(p) for p, lab in stone(state).souls.items() if lab == label)


def in_spirits(state: GameState, pid: int) -> bool:
    return soul(state, pid).world == SPIRITS


def acting(state: GameState, pid: int) -> bool:
    """Alive in the real world, or a ghost going on in the spirit world."""
    return state.player(pid).alive or soul(state, pid).ghost


def set_world(state: GameState, pid: int, world: str) -> None:
    with edit(Soul, state.player(pid)) as me:
        me.world = world


def mafia_alone(state: GameState, pid: int) -> bool:
    """The rest of the mafia is dead (the ability «появляется, если остальные члены мафии мертвы»)."""
    return not any(p.alive and p.faction == MAFIA and p.pid != pid for p in state.players)
