"""The catalogue of «Мафия с личинами»'s declared abilities (data/guises/abilities.toml) with what only code
can say: who else holds an ability (looted, inherited, everyone's Ход), the status letters Г/Т/М (the gate
every ability passes) and the checks of a parameter against the table (a target not laid up…)."""

from __future__ import annotations

from functools import cache

from engine.core.abilities import AbilityCatalogue, AbilityDef
from engine.core.cards import CardSpec
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.guises.model import (
    DATA_DIR,
    char,
    has_public,
    in_hospital,
    in_prison,
    is_spirit,
    misere,
)


def also_holds(state: GameState, pid: int, ability: AbilityDef) -> bool:
    """Everyone has Ход; the Мародер holds what he looted; an heir what he inherited."""
    if ability.holder == "":
        return True
    me = char(state, pid)
    if ability.id in me.granted:
        return True
    return ability.holder == "public_role" and ability.holder_name in me.looted


def keeps(ability: AbilityDef) -> set[str]:
    return {t.args[0] for t in ability.tags if t.name == "keeps"}


def secret_ability(ability: AbilityDef) -> bool:
    """An ability of the secret role (what the hospital takes away): all but the public roles'."""
    return ability.holder != "public_role"


def gate(state: GameState, pid: int, ability: AbilityDef) -> None:
    """The statuses: a spirit declares nothing (but Ва-банк); the prison takes every ability not marked Т,
    the hospital every secret role's ability not marked Г (the Воин's all work there); Мизер lifts both."""
    if is_spirit(state, pid) and ability.id != "all_in":
        raise ability.refusal("not_allowed", reason="spirit")
    kept = keeps(ability)
    lifted = misere(state, pid)
    if in_prison(state, pid) and "prison" not in kept and not lifted:
        raise ability.refusal("not_allowed", reason="in_prison")
    if in_hospital(state, pid) and secret_ability(ability) and "hospital" not in kept and not lifted \
            and not has_public(state, pid, "warrior"):
        raise ability.refusal("not_allowed", reason="in_hospital")


def _has_card(state: GameState, pid: int, what: str) -> None:
    if char(state, pid).cards < 1:
        raise Refusal("not_allowed", what=what, reason="no_joker_cards")


def _banked(state: GameState, pid: int, what: str) -> None:
    if char(state, pid).bank < 1:
        raise Refusal("not_allowed", what=what, reason="nothing_banked")


ABILITIES = AbilityCatalogue.from_toml(
    "guises", (DATA_DIR / "abilities.toml").read_text(encoding="utf-8"),
    rules={"has_card": _has_card, "banked": _banked}, also_holds=also_holds, gate=gate)
ABILITIES.single_orders = frozenset(a.kind for a in ABILITIES)
GRANTED_BY_DEATH = {"killer": ("pistol",), "officer": ("revolver", "militia")}


@cache
def spec_of(ability_id: str) -> CardSpec:
    """An ability as the card-shaped spec the generic parameter validation reads."""
    ability = ABILITIES[ability_id]
    return CardSpec(id=ability.id, name=ability.id, name_en=ability.id, colour="", text="", text_en="",
                    params=ability.params)
