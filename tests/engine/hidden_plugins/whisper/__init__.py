"""«Шёпот», a tiny rule set of hidden rules that lives in the tests: what the bot offers a game whose rules
are told as it goes (issue 18's hidden_rules) — told paragraphs for /rules, a panel that grows, a world on
the panel, a picture after each night — without naming any rule set.

2–6 listeners. At the start each is told who they are and «Слушать» (each night, listen to another living
listener). From the second night each is also told «Метка» (instead of listening, mark another): the
panel gains its button, and the player hears of it. A marked listener passes from the world of the living
to the world of spirits (a line of their panel) and hears it. After each night everyone sees the stone: every
listener under an anonymous letter (shuffled by the game's RNG), each link listened so far with its
direction (both ways: ↔; this night's: a kind of its own), the marks. The game ends after the third night,
and everybody wins."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engine.core.abilities import AbilityCatalogue
from engine.core.diagram import Diagram, Edge, Node
from engine.core.extensions import Extension, edit, read
from engine.core.phase import finish
from engine.core.profile import PanelFact, ViewProfile
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline, Replacement, Resolution
from engine.core.rng import Rng, seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState
from engine.core.wording import EventFormat, Line

HERE = Path(__file__).resolve().parent
LAST_NIGHT = 5  # the third night
LETTERS = "АБВГДЕ"


def _told_mark(state: GameState, pid: int, what: str) -> None:
    """An ability not yet told does not exist for the player."""
    if "mark" not in read(Listener, state.player(pid)).told:
        raise Refusal("not_allowed", what=what, reason="no_such_action")


ABILITIES = AbilityCatalogue.from_toml("whisper", (HERE / "data" / "abilities.toml").read_text(encoding="utf-8"),
                                       rules={"told": _told_mark}, single_orders=frozenset({"listen", "mark"}))
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []


class Listener(Extension):
    told: list[str] = Field(default_factory=list)  # the paragraphs of the rules told, in order
    world: str = "living"  # living, spirits
    label: str = ""  # the letter the stone shows


class Whisper(Extension):
    links: list[list[int]] = Field(default_factory=list)  # [listener, listened to, night's phase]
    marked: list[int] = Field(default_factory=list)


class WhisperRuleset(Ruleset):
    name = "whisper"
    queries = Queries()
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    single_orders = frozenset({"listen", "mark"})
    max_players = 6
    listing = 901
    game_ext: ClassVar[type[BaseModel]] = Whisper
    player_ext: ClassVar[type[BaseModel]] = Listener
    action_defs = ABILITIES.action_defs()
    ability_catalogue = ABILITIES
    view_profile = ViewProfile(zones=())
    # «Вам рассказано новое правило»: the paragraph told, in full
    event_formats = (EventFormat("whisper_told", params={"rule": Line("rules_whisper.{rule}", when={"rule": ("mark",)})}),)
    rules_documents: ClassVar[dict[str, str]] = {"ru": str((HERE / "rules.md").relative_to(HERE.parents[3]))}

    @property
    def data_dir(self) -> Path:
        return HERE / "data"

    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": "listener", "name": "Слушатель", "name_en": "Listener"}]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        if not 2 <= len(players) <= self.max_players:
            raise Refusal("not_allowed", reason="player_count", least=2, most=self.max_players)
        state = GameState(ruleset=self.name, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role=role, secret_role="whisperer", faction="whisperer")
                         for i, (name, role) in enumerate(players)]
        letters = list(LETTERS[:len(players)])
        Rng(state).shuffle(letters)
        for player, letter in zip(state.players, letters, strict=True):
            with edit(Listener, player) as listener:
                listener.label = letter
        return state

    def start(self, state: GameState) -> None:
        state.status = "running"
        for player in state.players:
            tell(state, player.pid, "start", announce=False)
            tell(state, player.pid, "listen", announce=False)
        begin_phase(state, 1)

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        for order in orders:
            if order.kind not in ABILITIES:
                raise Refusal("not_allowed", what=order.kind, reason="no_such_action")
            ABILITIES.check(state, pid, order.kind, order.params)
            target = order.params.get("target")
            if type(target) is not int or not 0 <= target < len(state.players) or not state.player(target).alive:
                raise Refusal("bad_param", param="target", reason="not_a_living_player")
            if target == pid:
                raise Refusal("invalid_target", target=target, reason="self")
        ABILITIES.check_orders(state, pid, orders)

    def win_check(self, state: GameState) -> list[str] | None:
        return ["whisperer"] if state.phase >= LAST_NIGHT else None

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        listener = read(Listener, state.player(pid))
        return {"world": listener.world, "told": list(listener.told)}

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        return [PanelFact(f"panel_whisper.world_{read(Listener, state.player(pid)).world}")]

    def told_rules(self, state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]] | None:
        return [(f"rules_whisper.{key}", {"pid": pid} if key == "start" else {})
                for key in read(Listener, state.player(pid)).told]


def tell(state: GameState, pid: int, key: str, *, announce: bool = True) -> None:
    """A paragraph of the rules is told to the player (and, for an ability told later, announced)."""
    with edit(Listener, state.player(pid)) as listener:
        listener.told = [*listener.told, key]
    if announce:
        state.emit("whisper_told", "player", pid, rule=key)


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)
    if phase == 3:  # the second night: «Метка» is told
        for player in state.living():
            tell(state, player.pid, "mark")


def stone(state: GameState) -> Diagram:
    """Every listener under their letter (in the letters' order), the marks, the links so far."""
    whisper = read(Whisper, state)
    labels = {p.pid: read(Listener, p).label for p in state.players}
    nodes = tuple(Node(f"s{labels[pid]}", labels[pid], ("whisper_mark",) if pid in whisper.marked else ())
                  for pid in sorted(labels, key=labels.__getitem__))
    latest: dict[tuple[int, int], int] = {}  # each listener → listened pair: the last night of it
    for a, b, phase in whisper.links:
        latest[(a, b)] = phase
    edges = []
    for a, b in sorted(latest):
        back = latest.get((b, a))
        if back is not None and b < a:
            continue  # drawn once, both ways
        kind = "tonight" if state.phase in (latest[(a, b)], back) else ""
        edges.append(Edge(f"s{labels[a]}", f"s{labels[b]}", "forward" if back is None else "both", kind))
    return Diagram(nodes, tuple(edges))


@PIPELINE.step("listen", 100)
def listen(res: Resolution) -> None:
    state = res.state
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            if order.kind == "listen":
                with edit(Whisper, state) as whisper:
                    whisper.links = [*whisper.links, [pid, int(order.params["target"]), state.phase]]
                ABILITIES.resolved(state, pid, order)


@PIPELINE.step("mark", 200)
def mark(res: Resolution) -> None:
    """«Метка»: the target passes to the world of spirits, and hears it."""
    state = res.state
    for pid, orders in sorted(state.orders.items()):
        for order in orders:
            if order.kind == "mark":
                target = int(order.params["target"])
                with edit(Whisper, state) as whisper:
                    whisper.marked = sorted({*whisper.marked, target})
                with edit(Listener, state.player(target)) as listener:
                    listener.world = "spirits"
                state.emit("whisper_marked", "player", target)
                ABILITIES.resolved(state, pid, order)


@PIPELINE.step("end", 900)
def end(res: Resolution) -> None:
    state = res.state
    state.orders = {}
    if state.is_night:
        state.emit("whisper_stone", "public", None, night=state.day_number, diagram=stone(state).to_json())
    winners = RULESET.win_check(state)
    if winners is not None:
        finish(state, winners, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    begin_phase(state, state.phase + 1)


RULESET = WhisperRuleset()
