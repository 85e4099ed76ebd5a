"""The catalogue of «Классическая форумная мафия»'s moves (data/classic/abilities.toml) with what only code
can say: the requirements the roles' modules registered (`rule:<name>`), and the gate every move passes — a
character in prison does nothing (until released), and one move a cycle (1.7: «Каждый игрок может совершить
только один ход… Если игроку доступны дневной и ночной ходы, то принимается также только один ход»)."""

from __future__ import annotations

from functools import cache

from engine.core.abilities import AbilityCatalogue, AbilityDef
from engine.core.cards import CardSpec
from engine.core.state import GameState
from engine.rulesets.classic import items, roles  # noqa: F401  (registration: moves, rules, layers)
from engine.rulesets.classic.model import DATA_DIR, cit, cycle, in_prison
from engine.rulesets.classic.moves import MOVES


def gate(state: GameState, pid: int, ability: AbilityDef) -> None:
    if in_prison(state, pid):
        raise ability.refusal("not_allowed", reason="in_prison")
    if MOVES.is_move(ability.kind) and cit(state, pid).moved_cycle == cycle(state.phase) and state.is_night:
        raise ability.refusal("limit_reached", reason="one_move_a_cycle")


def _declared() -> str:
    """data/classic/abilities.toml, then each role group's own file data/classic/abilities/<group>.toml (by name):
    a role module adds its file, so parallel work does not edit one file."""
    files = [DATA_DIR / "abilities.toml", *sorted((DATA_DIR / "abilities").glob("*.toml"))]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def also_holds(state: GameState, pid: int, ability: AbilityDef) -> bool:
    """Another way to hold a role's ability than being that role: the `holds` query of the modules (an Упырь
    keeps his first role's moves: «Первоначальную роль не теряет»)."""
    held: bool = MOVES.queries.ask("holds", state, False, pid=pid, ability=ability)
    return held


ABILITIES = AbilityCatalogue.from_toml("classic", _declared(), rules=MOVES.rules, gate=gate, also_holds=also_holds)
ABILITIES.single_orders = frozenset(a.kind for a in ABILITIES)
MOVES.check_declared(ABILITIES)


@cache
def spec_of(ability_id: str) -> CardSpec:
    """An ability as the card-shaped spec the generic parameter validation reads."""
    ability = ABILITIES[ability_id]
    return CardSpec(id=ability.id, name=ability.id, name_en=ability.id, colour="", text="", text_en="",
                    params=ability.params)
