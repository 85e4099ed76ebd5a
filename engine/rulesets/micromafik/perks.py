"""The perks of Микромафик's 15 public roles, each hooked into the shared steps and queries.

Пришелец's sixth card is dealt in ruleset.start, Экстрасенс's sight is in the private view, and
Бизнесмен, Параноик, Крупье and Фокусник act through their own orders (orders.py).
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.core.durations import NEXT_PHASE, n_phases
from engine.core.resolution import Resolution
from engine.core.state import CardInstance, GameState, PlayerState
from engine.rulesets.micromafik.order import (
    STEP_PERK_BANKER,
    STEP_PERK_LAZYBONES,
    STEP_PERK_MONK,
    STEP_PERK_STRONGMAN,
    STEP_PERK_STRONGMAN_LOST,
)
from engine.rulesets.micromafik.registry import REGISTRIES


def _with_role(state: GameState, role: str) -> list[PlayerState]:
    return [p for p in state.living() if p.public_role == role]


@REGISTRIES.pipeline.step("perks:banker", STEP_PERK_BANKER)
def banker(res: Resolution) -> None:
    """Банкир: the first time he plays a card with a cost, he also gets 2 armor."""
    for player in _with_role(res.state, "banker"):
        if player.flags.get("used_banker"):
            continue
        if any(p.paid > 0 for p in res.plays_by(player.pid)):
            player.flags["used_banker"] = 1
            res.add_armor(player.pid, 2)


@REGISTRIES.pipeline.step("perks:lazybones", STEP_PERK_LAZYBONES)
def lazybones(res: Resolution) -> None:
    """Лентяй: a night without playing a card gives 1 armor."""
    if not res.state.is_night:
        return
    for player in _with_role(res.state, "lazybones"):
        if not any(p.via == "hand" for p in res.plays_by(player.pid)):
            res.add_armor(player.pid, 1)


@REGISTRIES.pipeline.step("perks:strongman", STEP_PERK_STRONGMAN)
def strongman(res: Resolution) -> None:
    """Здоровяк: 1 armor every phase until the first damage he takes."""
    for player in _with_role(res.state, "strongman"):
        if not player.flags.get("strongman_lost"):
            res.add_armor(player.pid, 1)


def _damage_reached(res: Resolution, pid: int) -> bool:
    """Damage reached the character this phase, even if armor absorbed it (a packet that got past the
    caps and Персональная охрана), or Точный удар took a card or a refill (it "counts as damage")."""
    return (
        pid in res.scratch.get("damaged", ())
        or bool(res.direct_losses.get(pid))
        or bool(res.scratch.get("precise_losses", {}).get(pid))
    )


@REGISTRIES.pipeline.step("perks:strongman_lost", STEP_PERK_STRONGMAN_LOST)
def strongman_lost(res: Resolution) -> None:
    for player in _with_role(res.state, "strongman"):
        if _damage_reached(res, player.pid) and not player.flags.get("strongman_lost"):
            player.flags["strongman_lost"] = 1
            res.state.emit("perk_lost", "player", player.pid, perk="strongman")


@REGISTRIES.pipeline.step("perks:monk", STEP_PERK_MONK)
def monk(res: Resolution) -> None:
    """Монах: the first time he ends a phase with exactly 1 card, he draws 1."""
    for player in _with_role(res.state, "monk"):
        if len(player.hand) == 1 and not player.flags.get("used_monk"):
            player.flags["used_monk"] = 1
            res.draw(player.pid, 1)


def masochist(res: Resolution, pid: int, card: CardInstance) -> None:
    """Мазохист: the first card he discards for damage gives 1 point."""
    player = res.state.player(pid)
    if player.public_role == "masochist" and not player.flags.get("used_masochist"):
        player.flags["used_masochist"] = 1
        res.gain_points(pid, 1)


REGISTRIES.rule(on_damage_discard=masochist)


def _wounded(state: GameState, pid: int) -> bool:
    return bool(state.effects_of("mortally_wounded", target=pid))


def avenger_death(res: Resolution, player: PlayerState) -> bool | None:
    """Мститель: at 0 cards, mortally wounded for 2 phases instead; dies at the end of the second."""
    if player.public_role != "avenger":
        return None
    state = res.state
    wound = state.effects_of("mortally_wounded", target=player.pid)
    if wound:
        return wound[0].end == state.phase
    if not player.hand and not player.flags.get("wounded"):
        player.flags["wounded"] = 1
        state.add_effect("mortally_wounded", target=player.pid, during=n_phases(2, starting=NEXT_PHASE))
        state.emit("mortally_wounded", "public", None, pid=player.pid, until=state.phase + 2)
        return False
    return None


def alien_death(res: Resolution, player: PlayerState) -> bool | None:
    """Пришелец dies with 1 card or fewer."""
    if player.public_role != "alien":
        return None
    return len(player.hand) <= 1


REGISTRIES.rule(death_rules=(avenger_death, alien_death),
                effects=(EffectKind("mortally_wounded", during=n_phases(2, starting=NEXT_PHASE), known=True),))


@REGISTRIES.queries.modifier("vote_weight")
def vote_weight(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    player = state.player(pid)
    if _wounded(state, pid):
        return 1
    if player.public_role == "politician":
        return 3
    return value


@REGISTRIES.queries.modifier("can_target")
def immune(state: GameState, value: bool, *, actor: int, target: int, by: str, **_: Any) -> bool:
    """Социопат is untouchable the first night and day; a mortally wounded Мститель cannot be voted for."""
    player = state.player(target)
    if player.public_role == "sociopath" and state.day_number == 1:
        return False
    if by == "vote" and _wounded(state, target):
        return False
    return value
