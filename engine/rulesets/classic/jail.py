"""Prison (1.12, 1.13, 4.1 «Выход из тюрьмы»): the most voted goes to prison — out of the game until released,
his role unrevealed (a cop's revealed when a cop is still in the game); `release` lets him out (Алиби, the
Адвокат, a визитка, the Священник's first time: their modules), and the morning header says who came out.

THE INTERROGATION'S HOOK (the cops' module): an ability "interrogate" (night, a target) added to
`MOVES.jail_targets` (so it may name a jailed character), its behaviour at `order.STEP_INTERROGATION` (early
morning, after the night's deaths): only «в ночь, следующую за днём его посадки» — `cit(state, t).jailed_day ==
state.day_number - 1` at that night —, the role to the cops, `deaths.reveal` in the morning («Результат допроса
объявляется остальным игрокам утром следующего дня, в шапке»), `economy.bonus(…, "cops_interrogation")` and the
jailing's bonuses to `cit(state, t).jailed_by` («Монеты за посадку начисляются при вскрытии роли»)."""

from __future__ import annotations

from engine.core.durations import UNTIL_END
from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.classic.model import PRISON, Citizen, in_play, in_prison
from engine.rulesets.classic.moves import MOVES


def jail(state: GameState, pid: int, voters: list[int] | None = None) -> None:
    """To prison (1.12): out of the game until released; his role is not revealed — but a cop's is, when at
    least one cop is still in the game. Who voted for him is kept («Монеты за посадку начисляются при вскрытии
    роли посаженного игрока»: the interrogation's module pays them)."""
    state.add_effect(PRISON, target=pid, during=UNTIL_END)
    with edit(Citizen, state.player(pid)) as me:
        me.jailed_day = state.day_number
        me.jailed_by = sorted(voters or [])
    state.emit("classic_jailed", "public", None, pid=pid)
    player = state.player(pid)
    if player.faction == "cops" and any(p.faction == "cops" and in_play(state, p.pid) for p in state.players):
        state.emit("role_revealed", "public", None, pid=pid, secret_role=player.secret_role)
    for hook in MOVES.on_jail:
        hook(state, pid, "vote")


def release(state: GameState, pid: int, why: str) -> bool:
    """Out of prison (back in the game); False when he was not in prison. The header names him («кто вышел»)."""
    if not in_prison(state, pid) or not state.player(pid).alive:
        return False
    state.effects = [e for e in state.effects if not (e.kind == PRISON and e.target == pid)]
    state.emit("released", "public", None, pid=pid, why=why)
    return True
