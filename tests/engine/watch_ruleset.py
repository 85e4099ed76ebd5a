"""«Дозор», a rule set without cards for the ability tests (tests/engine/test_abilities*.py): 2–6
players with 2 hit points, abilities only, from an ability catalogue in this file; a block step and
visits. Not under engine/rulesets/: the tests hand it to the api themselves (`use_watch`)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from engine.core import visits
from engine.core.abilities import AbilityCatalogue
from engine.core.blocks import block_step
from engine.core.extensions import Extension, edit, read
from engine.core.params import living_target
from engine.core.phase import finish, kill
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline, Replacement, Resolution
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState

NAME = "watch"
ROLES = ("sheriff", "doctor", "killer", "citizen")
ABILITIES_TOML = """
[[ability]]
id = "arrest"                 # Допрос (Б): ночью может заблокировать цель; не дважды на одного
public_role = "sheriff"
params = [{ name = "target", kind = "target" }]
tags = ["night", "blocks", "unblockable", "not_twice_on_target"]

[[ability]]
id = "shot"                   # (А) ночью 1 урона цели, не в первую ночь
public_role = "killer"
params = [{ name = "target", kind = "target" }]
tags = ["night", "not_first_night", "alternative", "once_a_phase"]

[[ability]]
id = "ambush"                 # (А) раз за игру ночью: все, кто посетил его, получают 1 урона
public_role = "killer"
tags = ["night", "alternative", "once_a_game"]

[[ability]]
id = "heal"                   # (А) ночью цель не получает урона; не две фазы подряд
public_role = "doctor"
params = [{ name = "target", kind = "any_living" }]
tags = ["night", "alternative", "not_two_phases_running"]

[[ability]]
id = "vest"                   # (А) раз за игру ночью: сам не получает урона
public_role = "doctor"
tags = ["night", "alternative", "once_a_game"]

[[ability]]
id = "inspect"                # Закон, днём, не больше двух раз за игру: узнаёт сторону цели
faction = "law"
params = [{ name = "target", kind = "target" }]
tags = ["day", "at_most:inspections:2"]

[[ability]]
id = "speech"                 # со вторых суток, когда кто-то уже мёртв, не две фазы подряд
public_role = "citizen"
tags = ["from_day:2", "someone_dead", "not_two_phases_running"]
"""
ABILITIES = AbilityCatalogue.from_toml(NAME, ABILITIES_TOML)
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []
HP = 2


class Watcher(Extension):
    hp: int = HP


class WatchRuleset(Ruleset):
    name = NAME
    queries = Queries()
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    max_players = 6
    player_ext: ClassVar[type[BaseModel]] = Watcher
    action_defs = ABILITIES.action_defs()
    ability_catalogue = ABILITIES

    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": r, "name": r, "name_en": r} for r in ROLES]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role=role,
                                     faction="mafia" if role == "killer" else "law")
                         for i, (name, role) in enumerate(players)]
        return state

    def start(self, state: GameState) -> None:
        state.status, state.phase = "running", 1

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        if state.status != "running":
            raise Refusal("game_not_running", status=state.status)
        for order in orders:
            ability = ABILITIES.of_order(order)
            if ability is None:
                raise Refusal("bad_param", param="kind", reason="unknown_order_kind")
            ABILITIES.check(state, pid, ability.id, order.params)
            for param in ability.params:
                order.params[param.name] = living_target(state, self.queries, pid, order.params.get(param.name),
                                                         by="ability", allow_self=param.kind == "any_living")
        ABILITIES.check_orders(state, pid, orders)

    def win_check(self, state: GameState) -> list[str] | None:
        sides = {p.faction for p in state.living()}
        return sorted(sides) if len(sides) <= 1 else None

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        return {"hp": read(Watcher, state.player(pid)).hp}


def _orders(res: Resolution, kind: str) -> list[tuple[int, Order]]:
    return [(pid, o) for pid, mine in sorted(res.scratch["orders"].items()) for o in mine if o.kind == kind]


@PIPELINE.step("orders", 10)
def collect(res: Resolution) -> None:
    res.scratch["orders"] = {pid: list(mine) for pid, mine in res.state.orders.items() if res.state.player(pid).alive}


PIPELINE.step("blocks", 20)(block_step(ABILITIES))


@PIPELINE.step("abilities", 30)
def abilities(res: Resolution) -> None:
    """Every order left after the blocks is a visit; protections first, then the damage."""
    state = res.state
    for pid, mine in sorted(res.scratch["orders"].items()):
        for order in mine:
            if order.kind != "ambush":
                ABILITIES.resolved(state, pid, order)
    safe = {int(o.params["target"]) for _pid, o in _orders(res, "heal")} | {pid for pid, _o in _orders(res, "vest")}
    hits = [int(o.params["target"]) for _pid, o in _orders(res, "shot")]
    for pid, order in _orders(res, "ambush"):
        ABILITIES.resolved(state, pid, order)
        hits += [v for v in visits.visitors_of(state, pid) if v != pid]
    for target in hits:
        if target in safe:
            continue
        with edit(Watcher, state.player(target)) as watcher:
            watcher.hp -= 1
    for pid, order in _orders(res, "inspect"):
        target = int(order.params["target"])
        state.emit("inspected", "player", pid, target=target, faction=state.player(target).faction)


@PIPELINE.step("end", 90)
def end(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        if read(Watcher, player).hp <= 0:
            kill(state, player.pid, "hp")
    state.orders = {}
    visits.forget_before(state, state.phase)  # the ambush looks at this phase's visits only
    winners = RULESET.win_check(state)
    if winners is not None:
        finish(state, winners, {})
        return
    state.phase += 1


RULESET = WatchRuleset()
