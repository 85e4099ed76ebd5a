"""Hidden rules: what each character is told, and when (data/hidden_rules/schedule.toml). At the start of
every phase each acting character is told every announcement of his role whose moment has come, once; an
ability is his only once told (abilities.gate), and /rules shows him only his told paragraphs."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.hidden_rules.model import DATA_DIR, LIVING, Soul, acting, mafia_alone, soul


@dataclass(frozen=True)
class Tell:
    key: str
    role: str
    group: str
    when: str
    abilities: tuple[str, ...]
    unless: str = ""  # "spirits": not if he begins the phase in the spirit world


def _load() -> tuple[Tell, ...]:
    raw = tomllib.loads((DATA_DIR / "schedule.toml").read_text(encoding="utf-8"))
    return tuple(Tell(key=t["key"], role=t["role"], group=t.get("group", ""), when=t["when"],
                      abilities=tuple(t["abilities"]), unless=t.get("unless", ""))
                 for t in raw["tell"])


SCHEDULE = _load()
BY_KEY = {t.key: t for t in SCHEDULE}


def told_abilities(state: GameState, pid: int) -> set[str]:
    return {a for key in soul(state, pid).told for a in BY_KEY[key].abilities}


def _due(state: GameState, pid: int, tell: Tell) -> bool:
    me = soul(state, pid)
    kind, _, arg = tell.when.partition(":")
    if kind == "phase":
        return state.phase == int(arg) and not (tell.unless == "spirits" and me.world != LIVING)
    if kind == "spirit_phase":
        return me.spirit_phases >= int(arg)
    if kind == "first_return":
        return me.returned and me.world == LIVING
    if kind == "mafia_alone":
        return mafia_alone(state, pid)
    raise ValueError(f"unknown moment {tell.when!r}")


def tell_due(state: GameState) -> None:
    """Tell every acting character what is due now (each announcement an event to him alone)."""
    for player in state.players:
        if not acting(state, player.pid):
            continue
        me = soul(state, player.pid)
        for tell in SCHEDULE:
            if tell.role != player.secret_role or tell.group not in ("", me.group) or tell.key in me.told:
                continue
            if _due(state, player.pid, tell):
                with edit(Soul, player) as changed:
                    changed.told = [*changed.told, tell.key]
                state.emit("hr_told", "player", player.pid, key=tell.key)


def told_paragraphs(state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]]:
    """The paragraphs of the rules he has been told, in order: the common part, his role, each announcement."""
    player = state.player(pid)
    out: list[tuple[str, dict[str, Any]]] = [("hr_told.common", {}),
                                             (f"hr_told.role_{player.secret_role}", {})]
    out += [(f"hr_told.{key}", {}) for key in soul(state, pid).told]
    return out
