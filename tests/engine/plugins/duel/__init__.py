"""«Дуэль», a tiny rule set without cards that lives in the tests: 2–6 fighters with 3 hit points. Each
night a fighter uses one of two abilities — «Удар» (1 damage to another living fighter) or «Щит» (no
damage to themselves this night and the next day, and everyone sees it) — and each day the fighter with
the most votes loses 1 hit point (a tie: nobody). At 0 hit points a fighter dies; the last one standing
wins (nobody, if the last ones fall together).

It is found like any rule set when this folder is on engine.rulesets' path (tests/engine/test_plugins.py)
and plays through the real bot (tests/e2e/test_duel_through_the_bot.py); its data and locales are its
own (data/, locales/)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engine.core.abilities import AbilityCatalogue
from engine.core.actions import ActionDef, by_day
from engine.core.cards import ParamSpec
from engine.core.extensions import Extension, edit, read
from engine.core.phase import finish, kill
from engine.core.profile import PanelFact, ViewProfile
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline, Replacement, Resolution
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState

HERE = Path(__file__).resolve().parent
START_HP = 3
ABILITIES = AbilityCatalogue.from_toml("duel", (HERE / "data" / "abilities.toml").read_text(encoding="utf-8"),
                                       single_orders=frozenset({"hit", "shield"}))
VOTE = ActionDef(id="vote", kind="vote", source="phase", label_key="btn.vote",
                 params=(ParamSpec(name="target", kind="any_living"),), requires=(by_day("vote"),))
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []  # damage is hit points, not discards


class Fighter(Extension):
    hp: int = START_HP
    hits_taken: list[int] = Field(default_factory=list)  # the phases in which this fighter lost a hit point


class Duel(Extension):
    rounds: int = 0  # phases resolved


class DuelRuleset(Ruleset):
    name = "duel"
    queries = Queries()
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    single_orders = frozenset({"hit", "shield", "vote"})
    max_players = 6
    listing = 900
    game_ext: ClassVar[type[BaseModel]] = Duel
    player_ext: ClassVar[type[BaseModel]] = Fighter
    public_statuses = frozenset({"shield"})
    action_defs = (*ABILITIES.action_defs(), VOTE)
    ability_catalogue = ABILITIES
    view_profile = ViewProfile(zones=())

    @property
    def data_dir(self) -> Path:
        return HERE / "data"

    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": "fighter", "name": "Боец", "name_en": "Fighter"}]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        if not 2 <= len(players) <= self.max_players:
            raise Refusal("not_allowed", reason="player_count", least=2, most=self.max_players)
        state = GameState(ruleset=self.name, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role=role, secret_role="duelist", faction="duelist")
                         for i, (name, role) in enumerate(players)]
        return state

    def start(self, state: GameState) -> None:
        state.status = "running"
        begin_phase(state, 1)

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        for order in orders:
            if order.kind == "vote":
                if not state.is_day:
                    raise Refusal("wrong_phase", what="vote", reason="day_only")
                _living(state, order.params.get("target"))
            elif order.kind in ABILITIES:
                ABILITIES.check(state, pid, order.kind, order.params)
                if order.kind == "hit":
                    target = _living(state, order.params.get("target"))
                    if target == pid:
                        raise Refusal("invalid_target", target=target, reason="self")
                elif order.params:
                    raise Refusal("bad_param", param=next(iter(order.params)), reason="unexpected")
            else:
                raise Refusal("not_allowed", what=order.kind, reason="no_such_action")
        ABILITIES.check_orders(state, pid, orders)

    def win_check(self, state: GameState) -> list[str] | None:
        alive = state.living()
        if len(alive) > 1:
            return None
        return [alive[0].faction] if alive else []

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        fighter = read(Fighter, state.player(pid))
        return {"hp": fighter.hp, "hits_taken": fighter.hits_taken}

    def public_facts(self, state: GameState, pid: int) -> dict[str, Any]:
        return {"hp": read(Fighter, state.player(pid)).hp}

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        return [PanelFact("panel_duel.hp", {"hp": read(Fighter, state.player(pid)).hp})]


def _living(state: GameState, target: Any) -> int:
    if type(target) is not int or not 0 <= target < len(state.players) or not state.player(target).alive:
        raise Refusal("bad_param", param="target", reason="not_a_living_player")
    return target


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)


def lose_hp(state: GameState, pid: int, cause: str) -> None:
    """One hit point off, unless a shield holds (then everyone hears it held)."""
    if state.effects_of("shield", target=pid):
        state.emit("duel_shield_held", "public", None, pid=pid)
        return
    with edit(Fighter, state.player(pid)) as fighter:
        fighter.hp = max(0, fighter.hp - 1)  # two strikes at 1 leave 0, not -1
        fighter.hits_taken = [*fighter.hits_taken, state.phase]
        hp = fighter.hp
    state.emit("duel_hp_lost", "public", None, pid=pid, hp=hp, cause=cause)


@PIPELINE.step("shields", 100)
def shields(res: Resolution) -> None:
    """«Щит» holds from this night to the end of the next day."""
    state = res.state
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            if order.kind == "shield":
                state.add_effect("shield", target=pid, start=state.phase, end=state.phase + 1)
                ABILITIES.resolved(state, pid, order)


@PIPELINE.step("hits", 200)
def hits(res: Resolution) -> None:
    """«Удар»: the target learns who struck, and loses a hit point unless shielded."""
    state = res.state
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            if order.kind == "hit":
                target = int(order.params["target"])
                state.emit("duel_struck", "player", target, by=pid)
                lose_hp(state, target, "hit")
                ABILITIES.resolved(state, pid, order)


@PIPELINE.step("vote", 300)
def vote(res: Resolution) -> None:
    """The day's vote: the most votes lose a hit point; a tie, or no vote at all, nobody."""
    state = res.state
    if not state.is_day:
        return
    votes = {pid: int(o.params["target"]) for pid, orders in state.orders.items() for o in orders if o.kind == "vote"}
    counts = Counter(votes.values()).most_common()
    loser = counts[0][0] if counts and (len(counts) == 1 or counts[0][1] > counts[1][1]) else None
    state.emit("duel_vote_result", "public", None, counts={str(t): n for t, n in counts}, punished=loser)
    if loser is not None:
        lose_hp(state, loser, "vote")


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
        survivor = next(iter(state.living()), None)
        state.emit("duel_winner", "public", None, pid=survivor.pid if survivor else None)
        finish(state, winners, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    begin_phase(state, state.phase + 1)


RULESET = DuelRuleset()
