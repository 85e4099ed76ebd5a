"""A resolution skips the hooks of the cards that cannot matter in the game (engine/core/presence.py,
engine/cardgame/presence.py) — and that never changes a game."""

from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cardgame.effects import EffectKind
from engine.cardgame.presence import _strings, card_presence
from engine.cardgame.registries import CardGameRegistries, Query, Step
from engine.cardgame.ruleset import CardRuleset
from engine.core import api
from engine.core.cards import CardCatalog
from engine.core.presence import Presence, may_hold, presence_pass
from engine.core.queries import only_while
from engine.core.resolution import Resolution
from engine.core.state import CardInstance, GameState, Order, PlayerState
from engine.sim import GameRunner, play_game


class _Rules:
    """Just what a resolution asks of a rule set here: which cards are present."""

    def __init__(self, registries: CardGameRegistries) -> None:
        self.registries = registries

    def presence(self, state: GameState) -> Presence:
        return card_presence(state, self.registries.kind_owners)


def _state(*hand: str) -> GameState:
    player = PlayerState(pid=0, name="A", public_role="x", hand=[CardInstance(uid=i + 1, card=c) for i, c in enumerate(hand)])
    return GameState(ruleset="t", seed=1, rng=1, status="running", phase=1, players=[player])


def _registries(ran: list[str]) -> CardGameRegistries:
    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))
    registries.declare("held", lambda play: None, steps=(Step("held_step", 10, lambda res: ran.append("held")),))
    registries.declare("absent", lambda play: None, steps=(Step("absent_step", 20, lambda res: ran.append("absent")),),
                       trigger=lambda res: ran.append("absent trigger"), effects=(EffectKind("absent_mark"),))
    return registries


def _resolve(registries: CardGameRegistries, state: GameState) -> None:
    registries.pipeline.run(Resolution(state, _Rules(registries)))  # type: ignore[arg-type]


def test_a_resolution_skips_the_steps_and_hooks_of_a_card_no_one_has() -> None:
    ran: list[str] = []
    registries = _registries(ran)
    registries.pipeline.step("triggers", 15)(lambda res: [hook(res) for hook in registries.triggers])
    _resolve(registries, _state("held"))
    assert ran == ["held"]


def test_outside_a_resolution_every_hook_runs() -> None:
    ran: list[str] = []
    registries = _registries(ran)
    for hook in registries.triggers:
        hook(Resolution(_state("held"), _Rules(registries)))  # type: ignore[arg-type]
    assert ran == ["absent trigger"]


def test_a_card_created_during_the_resolution_has_its_hooks_run() -> None:
    ran: list[str] = []
    registries = _registries(ran)
    registries.pipeline.step("create", 5)(lambda res: res.state.players[0].hand.append(res.state.new_card("absent")))
    _resolve(registries, _state("held"))
    assert ran == ["held", "absent"]


def test_a_card_changed_into_another_during_the_resolution_has_its_hooks_run() -> None:
    ran: list[str] = []
    registries = _registries(ran)

    def becomes(res: Resolution) -> None:
        play = api_play(res, res.state.players[0].hand[0])
        play.keep_card(becomes="absent")

    registries.pipeline.step("change", 5)(becomes)
    _resolve(registries, _state("held"))
    assert ran == ["held", "absent"]


def api_play(res: Resolution, card: CardInstance) -> Any:
    from engine.core.cards import CardSpec
    from engine.core.resolution import Play

    return Play(res, 0, CardSpec(id=card.card, name=card.card, name_en=card.card, colour="", text="", text_en=""), {}, instance=card)


def test_an_effect_added_during_the_resolution_brings_in_the_card_that_declared_its_kind() -> None:
    ran: list[str] = []
    registries = _registries(ran)
    registries.pipeline.step("mark", 5)(lambda res: res.state.add_effect("absent_mark", start=1))
    _resolve(registries, _state("held"))
    assert ran == ["held", "absent"]


def _ticking(ticked: list[str]) -> CardGameRegistries:
    """Registries whose rule declares two kinds that tick and start (recording the kind and its effects' count),
    and a pipeline: a step (5) that adds an effect of the second kind, then the tick step (10), then the phase's
    start walk (20)."""
    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))
    for kind in ("held_kind", "added_kind"):
        registries.rule(effects=(EffectKind(kind, tick=lambda res, effects, k=kind: ticked.append(f"tick {k} {len(effects)}"),
                                            start=lambda state, effects, k=kind: ticked.append(f"start {k} {len(effects)}")),))
    registries.pipeline.step("add", 5)(lambda res: res.state.add_effect("added_kind", start=1))
    registries.pipeline.step("tick", 10)(registries.effects.tick)
    registries.pipeline.step("start", 20)(lambda res: registries.effects.start(res.state))
    return registries


def test_may_hold_answers_for_the_kinds_held_or_added_since_the_pass_began_and_only_inside_a_pass() -> None:
    state = _state("held")
    state.add_effect("held_kind", start=1)
    rules = _Rules(CardGameRegistries(name="t", catalog=CardCatalog([])))
    assert may_hold(state, "never_held")  # outside a pass nothing is known
    with presence_pass(state, rules.presence):
        assert may_hold(state, "held_kind") and not may_hold(state, "never_held")
        state.add_effect("never_held", start=1)
        assert may_hold(state, "never_held")
        state.effects = []  # taken out: still held since the pass began (a look finds none)
        assert may_hold(state, "held_kind")


def test_the_tick_and_the_start_walk_skip_no_kind_held_or_added_during_the_resolution() -> None:
    """The tick step and the phase's start ask only the kinds the pass may hold (`may_hold`): a kind held as the
    resolution began and one added by an earlier step both tick and start; a kind never held does neither."""
    ticked: list[str] = []
    state = _state("held")
    state.add_effect("held_kind", start=1)
    _resolve(_ticking(ticked), state)
    assert ticked == ["tick held_kind 1", "tick added_kind 1", "start held_kind 1", "start added_kind 1"]


def test_an_absent_cards_query_modifier_is_skipped_only_inside_a_pass() -> None:
    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))
    registries.declare("absent", lambda play: None, queries=(Query("limit", lambda state, value, **_: value + 1),))
    state = _state("held")
    assert registries.queries.ask("limit", state, 1) == 2
    with presence_pass(state, _Rules(registries).presence):
        assert registries.queries.ask("limit", state, 1) == 1
        assert registries.queries.ask_each("limit", state, [(1, {})]) == [1]


def test_a_query_modifier_two_cards_declare_runs_while_either_is_present() -> None:
    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))

    def plus_one(state: GameState, value: int, **_: Any) -> int:
        return value + 1

    registries.declare("held", lambda play: None, queries=(Query("limit", plus_one),))
    registries.declare("absent", lambda play: None, queries=(Query("limit", plus_one),))
    state = _state("held")
    with presence_pass(state, _Rules(registries).presence):
        assert registries.queries.ask("limit", state, 0) == 2


def test_card_presence_reads_every_place_a_card_is_or_was_named() -> None:
    state = _state("in_hand")
    player = state.players[0]
    player.deck = [CardInstance(uid=10, card="in_deck")]
    player.sleeve = [CardInstance(uid=11, card="in_sleeve")]
    player.discard = [CardInstance(uid=12, card="in_discard")]
    player.deck_choice = ["chosen"]
    player.hand_at_phase_start = ["held_at_start"]
    player.flags = {"counted:flagged": 1}
    player.ext = {"kept": ["in_player_ext"]}
    state.history = []
    state.orders = {0: [Order(oid=1, kind="play", card=1, params={"as": {"card": "played_as"}, "targets": [1, 2]})]}
    state.add_effect("granted", start=1, card="in_effect")
    state.ext = {"aside": "in_game_ext"}
    owners = card_presence(state, {"granted": {"declares_granted"}}).owners
    assert {"in_hand", "in_deck", "in_sleeve", "in_discard", "chosen", "held_at_start", "flagged", "in_player_ext",
            "played_as", "in_effect", "declares_granted", "in_game_ext"} <= owners


def test_a_game_that_keeps_its_record_of_cards_is_read_from_the_record_not_from_the_zones() -> None:
    state = _state("in_hand")
    state.cards_seen = ["recorded"]
    owners = card_presence(state, {}).owners
    assert "recorded" in owners and "in_hand" not in owners


def test_a_card_made_or_changed_into_joins_the_record_once_and_in_order() -> None:
    state = _state()
    state.cards_seen = []
    for card in ("zeta", "alpha", "zeta"):
        state.new_card(card)
    state.card_arrived("beta")
    assert state.cards_seen == ["alpha", "beta", "zeta"]


def test_a_game_built_by_hand_keeps_no_record_of_cards() -> None:
    state = _state("in_hand")
    state.new_card("made")
    assert state.cards_seen is None


@settings(max_examples=4, deadline=None)
@given(ruleset=st.sampled_from(["mafik", "micromafik"]), seed=st.integers(0, 10**6))
def test_the_record_of_cards_holds_every_card_that_has_been_in_a_zone(ruleset: str, seed: int) -> None:
    runner = GameRunner(ruleset, 12, seed)
    been: set[str] = set()
    while runner.running and runner.state.phase < 14:
        runner.step()
        state = runner.state
        been |= {c.card for p in state.players for zone in (p.deck, p.hand, p.sleeve, p.discard) for c in zone}
        assert state.cards_seen is not None and been <= set(state.cards_seen)
        assert state.cards_seen == sorted(set(state.cards_seen))


@settings(max_examples=4, deadline=None)
@given(ruleset=st.sampled_from(["mafik", "micromafik"]), seed=st.integers(0, 10**6))
def test_a_game_under_way_holds_the_cards_of_its_decks_choices_in_its_record_of_cards(ruleset: str, seed: int) -> None:
    """The presence pass of a game under way reads no deck building (engine/cardgame/presence.py): the cards
    every building chose, offered or guaranteed are in `cards_seen` at every phase, so the pass finds them."""
    runner = GameRunner(ruleset, 12, seed)
    while runner.running and runner.state.phase < 14:
        runner.act()
        _builds_are_recorded(runner.state)
        runner.resolve()
        _builds_are_recorded(runner.state)


def _builds_are_recorded(state: GameState) -> None:
    assert state.status != "setup" and state.cards_seen is not None
    for player in state.players:
        assert player.building is not None
        chosen = {*player.building.picks, *player.building.offer, *player.building.guaranteed, *player.deck_choice}
        assert chosen <= set(state.cards_seen), player.pid


# ---- the proof: whole games are the same with the skipping and without it ----

def _played(ruleset: str, players: int, seed: int, *, skipping: bool) -> str:
    original = CardRuleset.presence
    if not skipping:
        CardRuleset.presence = lambda self, state: None  # type: ignore[assignment,method-assign,return-value]
    try:
        return api.dump(play_game(ruleset, players, seed).state)
    finally:
        CardRuleset.presence = original  # type: ignore[method-assign]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(12, 20))
def test_skipping_the_hooks_of_absent_cards_changes_no_mafik_game(seed: int, players: int) -> None:
    assert _played("mafik", players, seed, skipping=True) == _played("mafik", players, seed, skipping=False)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 10))
def test_skipping_the_hooks_of_absent_cards_changes_no_micromafik_game(seed: int, players: int) -> None:
    assert _played("micromafik", players, seed, skipping=True) == _played("micromafik", players, seed, skipping=False)


def test_an_effect_of_a_kind_a_cards_modifier_waits_for_brings_that_card_in() -> None:
    from engine.core.queries import only_while

    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))
    registries.declare("absent", lambda play: None,
                       queries=(Query("limit", only_while("boost")(lambda state, value, **_: value + 1)),))
    state = _state("held")
    state.add_effect("boost", start=1)
    with presence_pass(state, _Rules(registries).presence):
        assert registries.queries.ask("limit", state, 1) == 2


# ---- the record of cards can be trusted: cards come and change only through the state's two doors ----

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]


def _calls(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Call) and (getattr(n.func, "id", None) == name or getattr(n.func, "attr", None) == name)
               for n in ast.walk(node))


def test_a_card_is_made_only_by_new_card() -> None:
    """`GameState.new_card` adds the card to the record of cards (`cards_seen`); a card made any other way
    would be missing from it, and its hooks skipped."""
    makers = [f"{path.relative_to(ENGINE)}:{func.name}" for path in ENGINE.rglob("*.py")
              for func in _functions(ast.parse(path.read_text(encoding="utf-8"))) if _calls(func, "CardInstance")]
    assert makers == ["core/state.py:new_card"]


def test_a_card_changed_into_another_is_announced_by_card_arrived() -> None:
    """Every function that gives a physical card another id (`x.card = …`) also calls `card_arrived`."""
    unannounced = []
    for path in ENGINE.rglob("*.py"):
        for func in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            changes = [n for n in ast.walk(func) if isinstance(n, ast.Assign)
                       and any(isinstance(t, ast.Attribute) and t.attr == "card" for target in n.targets
                               for t in ast.walk(target))]
            if changes and not _calls(func, "card_arrived"):
                unannounced.append(f"{path.relative_to(ENGINE)}:{func.name}")
    assert unannounced == []


# ---- the pass reads every string of the JSON values it looks into ----

_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                     max_leaves=20)


def _every_string(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(_every_string(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_every_string(item) for item in value))
    return set()


@given(value=_JSON)
def test_the_pass_finds_every_string_of_a_json_value_and_its_keys(value: object) -> None:
    found: set[str] = set()
    _strings(value, found)
    assert found == _every_string(value)


def _waiting(ran: list[str]) -> CardGameRegistries:
    """A step (10) that waits for effects of `mark`, after a step (5) that may add one."""
    registries = CardGameRegistries(name="t", catalog=CardCatalog([]))

    @only_while("mark")
    def waits(res: Resolution) -> None:
        ran.append("waits")

    registries.pipeline.step("waits", 10)(waits)
    return registries


def test_a_step_marked_only_while_runs_only_while_its_kind_has_been_held_in_the_pass() -> None:
    for held, added, runs in ((False, False, False), (True, False, True), (False, True, True)):
        ran: list[str] = []
        registries = _waiting(ran)
        if added:
            registries.pipeline.step("add", 5)(lambda res: res.state.add_effect("mark", start=1))
        state = _state("held")
        if held:
            state.add_effect("mark", start=1)
        _resolve(registries, state)
        assert ran == (["waits"] if runs else []), (held, added)


def test_a_step_marked_only_while_runs_outside_a_pass() -> None:
    ran: list[str] = []
    registries = _waiting(ran)
    registries.pipeline.run(Resolution(_state("held"), _NoPass()))  # type: ignore[arg-type]
    assert ran == ["waits"]


class _NoPass:
    """A rule set that names no cards (`presence` None): its resolution opens no pass."""

    def presence(self, state: GameState) -> None:
        return None


def test_every_mafik_step_marked_only_while_only_walks_the_effects_of_its_kinds() -> None:
    """The mark is a proof read off the step's code: its body (a docstring and names bound to the resolution's
    parts aside) is one loop over `state.effects_of(kind)` of a kind it waits for, or begins by binding those
    effects to a name and returning when there are none — so with no such effect it does nothing."""
    from engine.core.queries import WHILE
    from engine.core.ruleset import get_ruleset

    marked = 0
    for _number, name, fn in get_ruleset("mafik").pipeline._steps:
        waits = getattr(fn, WHILE, None)
        if waits is None:
            continue
        marked += 1
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        body = tree.body[0].body  # type: ignore[attr-defined]
        loops = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
                 and not (isinstance(s, ast.Assign) and "effects_of" not in ast.unparse(s.value)
                          and ast.unparse(s.value).startswith("res."))]
        if isinstance(loops[0], ast.Assign):  # `found = state.effects_of(kind)`, then `if not found: return`
            first, then = loops[0], loops[1]
            bound = first.targets[0]
            assert isinstance(bound, ast.Name) and isinstance(then, ast.If), name
            assert ast.unparse(then.test) == f"not {bound.id}" and isinstance(then.body[0], ast.Return), name
            call = first.value
        else:
            assert len(loops) == 1 and isinstance(loops[0], ast.For), name
            call = loops[0].iter
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "effects_of", name
        assert len(call.args) == 1 and not call.keywords, name
        arg = call.args[0]
        names = {**fn.__globals__, **dict(zip(fn.__code__.co_freevars,
                                              (c.cell_contents for c in fn.__closure__ or ()), strict=True))}
        kind = arg.value if isinstance(arg, ast.Constant) else names[arg.id]  # type: ignore[attr-defined]
        assert kind in waits, name
    assert marked == 13
