"""The catalogue of «Мафия по скрытым правилам»'s abilities (data/hidden_rules/abilities.toml) with what
only code can say: an ability not told yet is not the player's (hidden rules), the world it is used from,
Защита not in the first phase, what appears when the rest of the mafia is dead, Уничтожение only after an
Опасный знак, Похищение души's cooldown."""

from __future__ import annotations

from functools import cache

from engine.core.abilities import AbilityCatalogue, AbilityDef
from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.hidden_rules.model import DATA_DIR, in_spirits, mafia_alone, soul, stone
from engine.rulesets.hidden_rules.schedule import told_abilities


def gate(state: GameState, pid: int, ability: AbilityDef) -> None:
    """Hidden rules: an ability is his only once he was told it."""
    if ability.id not in told_abilities(state, pid):
        raise ability.refusal("not_allowed", reason="not_told")


def _living(state: GameState, pid: int, what: str) -> None:
    if in_spirits(state, pid):
        raise Refusal("not_allowed", what=what, reason="in_spirits")


def _spirit(state: GameState, pid: int, what: str) -> None:
    if not in_spirits(state, pid):
        raise Refusal("not_allowed", what=what, reason="in_living")
    if what == "return" and soul(state, pid).ghost:  # Спасение души: «теряет способность вернуться»
        raise Refusal("not_allowed", what=what, reason="ghost")


def _from_phase_2(state: GameState, pid: int, what: str) -> None:
    if state.phase < 2:  # Защита: «недоступна 1 фазу, чтобы не тратить вхолостую»
        raise Refusal("wrong_phase", what=what, reason="not_first_phase")


def _mafia_alone(state: GameState, pid: int, what: str) -> None:
    if not mafia_alone(state, pid):
        raise Refusal("not_allowed", what=what, reason="mafia_alive")


def _danger_last_phase(state: GameState, pid: int, what: str) -> None:
    if str(pid) not in stone(state).danger:
        raise Refusal("not_allowed", what=what, reason="no_dangerous_sign")


def _theft_ready(state: GameState, pid: int, what: str) -> None:
    if state.phase < soul(state, pid).theft_from:
        raise Refusal("limit_reached", what=what, reason="cooldown", phase=soul(state, pid).theft_from)


ABILITIES = AbilityCatalogue.from_toml(
    "hidden_rules", (DATA_DIR / "abilities.toml").read_text(encoding="utf-8"),
    rules={"living": _living, "spirit": _spirit, "from_phase_2": _from_phase_2, "mafia_alone": _mafia_alone,
           "danger_last_phase": _danger_last_phase, "theft_ready": _theft_ready},
    gate=gate)
ABILITIES.single_orders = frozenset(a.kind for a in ABILITIES)
BAD = frozenset(a.what for a in ABILITIES if a.marked("bad"))  # Взгляд в прошлое's list, by what


@cache
def spec_of(ability_id: str) -> CardSpec:
    """An ability as the card-shaped spec the generic parameter validation reads."""
    ability = ABILITIES[ability_id]
    return CardSpec(id=ability.id, name=ability.id, name_en=ability.id, colour="", text="", text_en="",
                    params=ability.params)
