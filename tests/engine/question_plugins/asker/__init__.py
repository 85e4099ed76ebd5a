"""«Сброс», a rule set for the tests of questions to players (engine/core/rulings.py): each player holds
four tokens; when a phase resolves, each living player who holds two or more is asked which two to
discard (count 2 among their Hand card uids; the default: the first two), and the pick — or the default —
is discarded when the next phase resolves. The game ends once nobody holds two. It lives in the tests and
is found like any rule set when this folder is on engine.rulesets' path (tests/engine/test_player_questions.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from engine.core import rulings
from engine.core.phase import finish
from engine.core.queries import Queries
from engine.core.resolution import Pipeline, Replacement, Resolution
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState

PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []
TOKENS = ("stone", "leaf", "shell", "feather")
DISCARD = "discard_two"


def key_of(pid: int, phase: int) -> str:
    """The question to player `pid` answered in `phase`."""
    return f"discard-{pid}-{phase}"


class Asker(Ruleset):
    name = "asker"
    queries = Queries()
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    max_players = 6
    question_kinds: ClassVar[dict[str, tuple[str, ...]]] = {DISCARD: ()}  # its options are card uids

    @property
    def data_dir(self) -> Path:
        return Path(__file__).resolve().parent / "data"

    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": f"holder{i}", "name": f"Хранитель {i}", "name_en": f"Holder {i}"} for i in range(1, 7)]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        state = GameState(ruleset=self.name, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role=role, faction=f"p{i}")
                         for i, (name, role) in enumerate(players)]
        for player in state.players:
            player.hand = [state.new_card(token) for token in TOKENS]
        return state

    def start(self, state: GameState) -> None:
        state.status = "running"
        state.phase = 1

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        from engine.core.refusal import Refusal

        if orders:
            raise Refusal("not_allowed", what=orders[0].kind, reason="no_such_action")

    def win_check(self, state: GameState) -> list[str] | None:
        return None if any(len(p.hand) >= 2 for p in state.living()) else []

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        return {}


@PIPELINE.step("discard", 100)
def discard(res: Resolution) -> None:
    """The questions of this phase take effect: each player's pick, or the default (and they are told)."""
    state = res.state
    for player in state.living():
        key = key_of(player.pid, state.phase)
        if key in state.questions:
            gone = set(rulings.picked(state, key))
            player.hand = [c for c in player.hand if c.uid not in gone]


@PIPELINE.step("ask", 200)
def ask(res: Resolution) -> None:
    """Who still holds two is asked, for the next phase, which two to discard."""
    state = res.state
    for player in state.living():
        if len(player.hand) >= 2:
            uids = [c.uid for c in player.hand]
            rulings.ask_at_resolution(state, key_of(player.pid, state.phase + 1), DISCARD, uids, uids[:2],
                                      to=player.pid, count=2, among="cards")


@PIPELINE.step("end", 900)
def end(res: Resolution) -> None:
    state = res.state
    state.orders = {}
    winners = RULESET.win_check(state)
    if winners is not None:
        finish(state, winners, {})
        return
    state.phase += 1


RULESET = Asker()
