"""Deaths and what follows them (1.12, 1.13, 3.1): the role revealed (not of one killed in prison), the kill's
bonuses to the killer, the modules' hooks (MOVES.on_death). Also the statuses a module sets directly: `doom` (dying
this night without passing the protection layers: a poison's or a wound's time is up…), `save` (healed: no longer
dying), `reveal` (a role shown to all: the interrogation's result in the morning header)."""

from __future__ import annotations

from engine.core.durations import THIS_PHASE
from engine.core.extensions import edit
from engine.core.phase import kill
from engine.core.state import GameState
from engine.rulesets.classic import economy
from engine.rulesets.classic.model import DYING, Town, in_prison
from engine.rulesets.classic.moves import MOVES

KILL_BONUS: dict[tuple[str, str], str] = {
    # (the killer's side, the victim's side or role) → a key of economy.BONUSES
    ("mafia", "cops"): "mafia_kill_cop", ("mafia", "vampire"): "mafia_kill_vampire",
    ("mafia", "warlock"): "mafia_kill_warlock", ("cops", "mafia"): "cops_kill_mafia",
    ("cops", "vampire"): "cops_kill_vampire", ("cops", "warlock"): "cops_kill_warlock",
    ("town", "vampire"): "town_kill_vampire",
}


def kill_bonus(state: GameState, killer: int, victim: int) -> None:
    """3.1: the kills' bonuses to the killer's purse («Убийство - 1 монета» for any mafia kill, more for a cop, a
    vampire, a warlock; «Любой персонаж: Убийство Духа - 5 монет»)."""
    mine = state.player(killer).faction
    side = "mafia" if mine.startswith("mafia_") else mine
    them = state.player(victim)
    theirs = "mafia" if them.faction.startswith("mafia_") else them.faction
    if them.secret_role == "spirit":
        economy.bonus(state, killer, "kill_spirit")
        return
    key = KILL_BONUS.get((side, them.secret_role)) or KILL_BONUS.get((side, theirs))
    if key is None and side == "mafia":
        key = "mafia_kill"
    if key is not None:
        economy.bonus(state, killer, key)


def die(state: GameState, pid: int, cause: str, killer: int | None = None) -> None:
    """Death (1.12): his role revealed to all — but not of one killed in prison (1.13)."""
    player = state.player(pid)
    if not player.alive:
        return
    jailed = in_prison(state, pid)
    kill(state, pid, cause)
    with edit(Town, state) as town:
        town.died = {**town.died, str(pid): state.phase}
    if not jailed:
        reveal(state, pid)
    if killer is not None and killer != pid and state.player(killer).alive:
        kill_bonus(state, killer, pid)
    for hook in MOVES.on_death:
        hook(state, pid, cause)



def reveal(state: GameState, pid: int) -> None:
    """His role, to everyone."""
    state.emit("role_revealed", "public", None, pid=pid, secret_role=state.player(pid).secret_role)


def doom(state: GameState, pid: int, cause: str, source: int | None = None) -> None:
    """Dying this night (dies at the night's deaths unless saved): for what is no hostile act at this moment."""
    if state.player(pid).alive and not state.effects_of(DYING, target=pid):
        state.add_effect(DYING, target=pid, source=source, during=THIS_PHASE, cause=cause)


def save(state: GameState, pid: int) -> bool:
    """No longer dying (a heal in time: «Выстрел в клиента врача — удачно (пулю вытащил уже врач несколько
    позже)»). True when he was dying."""
    before = len(state.effects)
    state.effects = [e for e in state.effects if not (e.kind == DYING and e.target == pid and e.active(state.phase))]
    return len(state.effects) != before
