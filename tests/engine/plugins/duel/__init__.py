"""«Дуэль», a rule set without cards for the engine's tests: 2–6 players with 3 hit points, one hit a
phase on another player, a shield that everyone sees; the last one standing wins. It lives in the tests
and is found like any rule set when this folder is on engine.rulesets' path (tests/engine/test_plugins.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engine.core.extensions import Extension, edit, read
from engine.core.phase import finish, kill
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline, Replacement, Resolution
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState

PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []  # no damage in a duel


class Fighter(Extension):
    hp: int = 3
    hits_taken: list[int] = Field(default_factory=list)  # the phases in which this player was hit


class Duel(Extension):
    rounds: int = 0


class DuelRuleset(Ruleset):
    name = "duel"
    queries = Queries()
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    single_orders = frozenset({"hit"})
    max_players = 6
    game_ext: ClassVar[type[BaseModel]] = Duel
    player_ext: ClassVar[type[BaseModel]] = Fighter
    public_statuses = frozenset({"shield"})

    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": "fighter", "name": "Боец", "name_en": "Fighter"}]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        state = GameState(ruleset=self.name, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role=role, faction=f"p{i}")
                         for i, (name, role) in enumerate(players)]
        return state

    def start(self, state: GameState) -> None:
        state.status = "running"
        state.phase = 1

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        for order in orders:
            target = order.params.get("target")
            if order.kind != "hit" or not isinstance(target, int) or target == pid \
                    or not 0 <= target < len(state.players) or not state.player(target).alive:
                raise Refusal("bad_param", param="target", reason="not_a_living_other")

    def win_check(self, state: GameState) -> list[str] | None:
        alive = state.living()
        return [p.faction for p in alive] if len(alive) <= 1 else None

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        return {"hits_taken": read(Fighter, state.player(pid)).hits_taken}

    def public_facts(self, state: GameState, pid: int) -> dict[str, Any]:
        return {"hp": read(Fighter, state.player(pid)).hp}


@PIPELINE.step("hits", 100)
def hits(res: Resolution) -> None:
    state = res.state
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            target = state.player(int(order.params["target"]))
            if state.effects_of("shield", target=target.pid):
                continue
            with edit(Fighter, target) as fighter:
                fighter.hp -= 1
                fighter.hits_taken = [*fighter.hits_taken, state.phase]
        state.add_effect("shield", target=pid, start=state.phase + 1, end=state.phase + 1)


@PIPELINE.step("end", 900)
def end(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        if read(Fighter, player).hp <= 0:
            kill(state, player.pid, "hp")
    state.orders = {}
    with edit(Duel, state) as duel:
        duel.rounds += 1
    winners = RULESET.win_check(state)
    if winners is not None:
        finish(state, winners, {})
        return
    state.phase += 1


RULESET = DuelRuleset()
